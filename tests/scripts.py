"""The project's scripts that tests exercise and that sit in no package (bench/, tools/,
examples/), loaded from their files."""

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def load(relative: str):
    """The script at `relative` (a path from the project's root, such as
    "bench/ceiling.py") as a module of its own."""
    path = ROOT / relative
    name = "tcglab_script_" + "_".join(path.relative_to(ROOT).with_suffix("").parts)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # as an import does: a dataclass looks its module up there
    spec.loader.exec_module(module)
    return module
