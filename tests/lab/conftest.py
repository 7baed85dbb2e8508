"""Recorded runs the lab tests share: each is played once per session, in this process."""

from __future__ import annotations

import json

import pytest

from tcglab.cli import main


@pytest.fixture
def tcglab(capsys):
    """`tcglab ARGS...` in this process: (exit status, stdout, stderr)."""

    def command(*args) -> tuple[int, str, str]:
        status = main([str(a) for a in args])
        return (status, *capsys.readouterr())

    return command


def record(folder, *args) -> dict:
    """Play a small run with records into `folder`; its `sim --json` summary."""
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["sim", *map(str, args), "--records", str(folder), "--json"])
    assert status == 0
    return json.loads(out.getvalue())


@pytest.fixture(scope="session")
def ps_run(tmp_path_factory):
    """24 Princess Scramble games of the two default decks, seed 5, in this process."""
    folder = tmp_path_factory.mktemp("runs") / "ps"
    summary = record(folder, "ps", "--games", 24, "--seed", 5, "--backend", "local")
    return folder, summary


@pytest.fixture(scope="session")
def draft_run(tmp_path_factory):
    """Two four-player Pretty Good Tactics draft tables, seed 2."""
    folder = tmp_path_factory.mktemp("runs") / "draft"
    summary = record(folder, "pgt", "--players", 4, "--games", 2, "--seed", 2, "--backend", "local")
    return folder, summary


@pytest.fixture
def recorded():
    """`record(folder, *args)`, for a test that plays its own small run."""
    return record
