#!/usr/bin/env python3
"""Compile tcglab's engine and game modules ahead of time with Cython, in place.

The .py files stay the source of truth: Cython translates each chosen module to C and
builds an extension (.so / .pyd) next to it, and Python imports the extension in
preference to the .py file. Removing the extensions (--clean) returns to pure Python.

    python tools/compile.py [--jobs N]   build the extensions in src/ (needs Cython 3)
    python tools/compile.py --clean      remove them and the generated C
    python tools/compile.py --status     say which modules are built and which are stale
    python tools/compile.py --list       print the modules that would be compiled

Python loads an extension whatever the age of its .py file, so after editing a module
build again: only the changed modules are rebuilt.

Compiled: every module of tcglab.engine and tcglab.games.* except the package
__init__ files (little in them runs during play, so compiling them gains nothing). The
web server, rl, cli, lab, agents and sim packages stay pure Python.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PACKAGES = ("tcglab/engine", "tcglab/games")
EXTENSION_SUFFIXES = (".so", ".pyd")
# binding: compiled functions behave as Python functions (methods, introspection, pickle).
# annotation_typing off: Cython would otherwise enforce `list`, `dict` and the like
# in annotations at run time, refusing what pure Python accepts.
DIRECTIVES = {"language_level": 3, "binding": True, "annotation_typing": False}


def modules() -> list[Path]:
    """The .py files to compile, relative to src/, in a stable order."""
    found = []
    for package in PACKAGES:
        for path in sorted((SRC / package).rglob("*.py")):
            if path.name != "__init__.py":
                found.append(path.relative_to(SRC))
    return found


def built_files() -> list[Path]:
    """The extensions and generated C files a build leaves in src/."""
    out = []
    for package in PACKAGES:
        for path in (SRC / package).rglob("*"):
            if path.suffix in EXTENSION_SUFFIXES or (
                path.suffix == ".c" and path.with_suffix(".py").exists()
            ):
                out.append(path)
    return sorted(out)


def extension_of(module: Path) -> Path | None:
    """The built extension of a module (relative to src/), if there is one."""
    folder = SRC / module.parent
    stem = module.stem
    for path in folder.glob(f"{stem}.*"):
        if path.suffix in EXTENSION_SUFFIXES and path.name.split(".")[0] == stem:
            return path
    return None


def status() -> int:
    wanted = modules()
    built = {module: extension_of(module) for module in wanted}
    stale = [
        module
        for module, extension in built.items()
        if extension and (SRC / module).stat().st_mtime > extension.stat().st_mtime
    ]
    count = sum(1 for extension in built.values() if extension)
    print(f"compile: {count} of {len(wanted)} modules built, {len(stale)} older than their source")
    for module in stale:
        print(f"  stale: {module.as_posix()} (build again: python3 tasks.py compile)")
    return 1 if stale else 0


def settings_changed() -> bool:
    """Whether the Cython version or directives differ from the last build's, which
    Cython's own up-to-date check (by file times) would miss; records the new ones."""
    import Cython

    record = ROOT / "build" / "tcglab-compile-settings.txt"
    settings = f"cython {Cython.__version__}; {sorted(DIRECTIVES.items())}"
    if record.exists() and record.read_text() == settings:
        return False
    record.parent.mkdir(parents=True, exist_ok=True)
    record.write_text(settings)
    return True


def clean() -> int:
    removed = built_files()
    for path in removed:
        path.unlink()
    print(f"compile: removed {len(removed)} built files; tcglab runs as pure Python")
    return 0


def build(jobs: int) -> int:
    try:
        from Cython.Build import cythonize
        from setuptools import Extension, setup
    except ImportError:
        sys.exit("compile: needs Cython 3 and setuptools (pip install 'tcglab[compile]')")
    extensions = [
        Extension(
            ".".join(path.with_suffix("").parts),
            [str(SRC / path)],
            extra_compile_args=["-O2"] if os.name != "nt" else [],
        )
        for path in modules()
    ]
    compiled = cythonize(
        extensions,
        compiler_directives=DIRECTIVES,
        nthreads=jobs,
        quiet=True,
        force=settings_changed(),
    )
    os.chdir(SRC)  # build_ext --inplace puts each extension beside its .py file
    setup(
        name="tcglab-compiled",
        ext_modules=compiled,
        script_args=[
            "build_ext",
            "--inplace",
            f"--parallel={jobs}",
            "--build-temp",
            "../build",
            "--build-lib",
            "../build/lib",
        ],
    )
    print(f"compile: built {len(compiled)} extensions; check with `tcglab --version`")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clean", action="store_true", help="remove the built extensions")
    parser.add_argument("--list", action="store_true", help="print the modules to compile")
    parser.add_argument("--status", action="store_true", help="say what is built and stale")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallel builds")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error(f"--jobs takes a whole number of 1 or more, not {args.jobs}")
    if args.clean:
        return clean()
    if args.status:
        return status()
    if args.list:
        print("\n".join(path.as_posix() for path in modules()))
        return 0
    return build(args.jobs)


if __name__ == "__main__":
    sys.exit(main())
