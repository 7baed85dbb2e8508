"""What the scenario tests run over: every scenario file of the games' tests and every
shipped puzzle (`scenario_path`), and random games of every registered game
(`roundtrip`, a game and one of its seeds), found anew on every run, so a game that
lands its scenario format or a file is tested by itself."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tcglab.engine import Rng, games

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
PUZZLES = ROOT / "src" / "tcglab" / "games"
ROUNDTRIP_SEEDS = 6  # random games per game


def stable_rng(*parts: object) -> Rng:
    """A generator seeded from names: the same on every run and every machine."""
    text = ":".join(map(str, parts)).encode()
    return Rng(int.from_bytes(hashlib.sha256(text).digest()[:8], "big"))


def scenario_paths() -> list[Path]:
    """Every game's test scenarios and every shipped puzzle."""
    return sorted(HERE.glob("*/*.toml")) + sorted(PUZZLES.glob("*/puzzles/*.toml"))


def is_puzzle(path: Path) -> bool:
    return path.parent.name == "puzzles"


def label(path: Path) -> str:
    """A file's test id: `pgt/guard-first.toml`, or `pgt/puzzles/...` for a puzzle."""
    base = PUZZLES if is_puzzle(path) else HERE
    return str(path.relative_to(base))


def pytest_generate_tests(metafunc) -> None:
    if "scenario_path" in metafunc.fixturenames:
        paths = scenario_paths()
        if paths:
            metafunc.parametrize("scenario_path", paths, ids=label)
        else:
            metafunc.parametrize("scenario_path", [pytest.param(None, id="none-yet")])
    if "roundtrip" in metafunc.fixturenames:
        cases = [(game, n) for game in games().values() for n in range(ROUNDTRIP_SEEDS)]
        metafunc.parametrize("roundtrip", cases, ids=lambda c: f"{c[0].id}-{c[1]}")
