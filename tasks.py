#!/usr/bin/env python3
"""Set tcglab up in a local virtual environment and run it: the only thing a fresh
machine needs is Python 3.11 or newer.

    python3 tasks.py serve [ARGS]  start the game server and open the lobby in a browser
    python3 tasks.py play [ARGS]   play in the terminal (default: higurashi, 3 players)
    python3 tasks.py test          run the whole test suite and the lint checks
    python3 tasks.py bench [ARGS]  run the throughput benchmark
    python3 tasks.py compile       build the engine and games as compiled extensions
                                   (Cython, needs a C compiler); --clean removes them
    python3 tasks.py tcglab ARGS   run any tcglab command

The environment lives in .venv beside this file and is reinstalled only when
pyproject.toml changes.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".tcglab-installed"


def ensure_environment() -> None:
    if sys.version_info < (3, 11):  # noqa: UP036  (tasks.py may be run by an older python3)
        sys.exit(f"tcglab needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == wanted:
        return
    if not (BIN / "python").exists():
        print("tasks: creating the virtual environment in .venv", flush=True)
        venv.create(VENV, with_pip=True)
    print("tasks: installing tcglab and its test tools into .venv", flush=True)
    pip = [str(BIN / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    subprocess.run([*pip, "-e", f"{ROOT}[test]"], check=True)
    STAMP.write_text(wanted)


def run(*command: str) -> int:
    return subprocess.run(command, cwd=ROOT).returncode


def compile_extensions(args: list[str]) -> int:
    """Build (or with --clean remove) the compiled extensions, bringing Cython into .venv
    from the `compile` extra the first time."""
    python = str(BIN / "python")
    has_cython = subprocess.run([python, "-c", "import Cython"], capture_output=True)
    if "--clean" not in args and has_cython.returncode != 0:
        print("tasks: installing Cython into .venv", flush=True)
        pip = [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        subprocess.run([*pip, "-e", f"{ROOT}[test,compile]"], check=True)
    return run(python, "tools/compile.py", *args)


def main(argv: list[str]) -> int:
    task, args = (argv[0], argv[1:]) if argv else ("help", [])
    if task not in ("serve", "play", "test", "bench", "tcglab", "compile"):
        print(__doc__.strip())
        return 0 if task in ("help", "-h", "--help") else 2
    ensure_environment()
    tcglab = str(BIN / "tcglab")
    if task == "serve":
        return run(tcglab, "serve", *(args or ["--open"]))
    if task == "play":
        return run(tcglab, "play", *(args or ["higurashi", "--players", "3"]))
    if task == "tcglab":
        return run(tcglab, *args)
    if task == "compile":
        return compile_extensions(args)
    if task == "bench":
        return run(str(BIN / "python"), "bench/throughput.py", *args)
    status = run(str(BIN / "pytest"), *args)
    for check in (["check", "."], ["format", "--check", "."]):
        status = status or run(str(BIN / "ruff"), *check)
    return status


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except subprocess.CalledProcessError as exc:
        sys.exit(f"tasks: setting up failed ({' '.join(map(str, exc.cmd[:4]))} ...)")
    except KeyboardInterrupt:
        sys.exit(130)
