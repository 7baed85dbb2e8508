"""The optional compiled build (tools/compile.py, `python3 tasks.py compile`): which
modules it compiles, and that tcglab says truly whether it runs compiled. The suite
runs over both builds in CI, so these hold for either."""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import scripts
import tcglab
from tcglab.cli.main import main


def _compile_tool():
    return scripts.load("tools/compile.py")


def test_only_engine_and_game_modules_are_compiled():
    names = [path.as_posix() for path in _compile_tool().modules()]
    assert "tcglab/engine/state.py" in names
    assert "tcglab/games/pm/values.py" in names
    assert "tcglab/games/higurashi/parts/chosen.py" in names
    assert all(name.startswith(("tcglab/engine/", "tcglab/games/")) for name in names)
    assert not [name for name in names if name.endswith("/__init__.py")]


def test_compiled_says_whether_the_engine_is_an_extension():
    from tcglab.engine import state

    built = Path(state.__file__).name.endswith(tuple(EXTENSION_SUFFIXES))
    assert tcglab.compiled() is built


def test_version_names_the_build(capsys):
    assert main(["--version"]) == 0
    build = "compiled" if tcglab.compiled() else "pure Python"
    assert capsys.readouterr().out.strip() == f"tcglab {tcglab.__version__} ({build})"
