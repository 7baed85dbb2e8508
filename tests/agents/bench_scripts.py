"""The measuring scripts of bench/ that tests exercise, loaded by path (bench/ is no
package)."""

import importlib.util
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load(name: str):
    """bench/`name`.py as a module of its own."""
    spec = importlib.util.spec_from_file_location(f"tcglab_bench_{name}", BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
