"""`tcglab arena --db`: a run that stops before its end (Ctrl-C, a worker lost) leaves the
results file holding exactly the runs before it, and the person one line."""

import json
import sqlite3
from concurrent.futures.process import BrokenProcessPool

import pytest

from tcglab.cli.main import LOST_WORKER
from tcglab.lab.backends import Local
from tcglab.sim import arena

RUN = ("arena", "ps", "--agents", "random,heuristic", "--games", "4", "--backend", "local")


def contents(db) -> list[str]:
    with sqlite3.connect(db) as con:
        return list(con.iterdump())


class Interrupting:
    """An agent that is stopped by Ctrl-C as it thinks."""

    def choose(self, decision):
        raise KeyboardInterrupt


class Dying(Local):
    """Plays two games, then loses its worker."""

    def map(self, work, jobs):
        for done, job in enumerate(jobs):
            if done == 2:
                raise BrokenProcessPool("a process in the pool was terminated abruptly")
            yield work(job)


def interrupt_the_third_game(monkeypatch):
    real, made = arena.make_agent, []

    def make(spec, game, seed):
        made.append(spec)
        # one agent per spec when the specs are checked, then one per seat and game
        return Interrupting() if len(made) > 2 + 2 * 2 else real(spec, game, seed)

    monkeypatch.setattr(arena, "make_agent", make)


def lose_a_worker(monkeypatch):
    monkeypatch.setattr("tcglab.cli.arena.backend", lambda *args: Dying())


@pytest.mark.parametrize(
    ("stop", "status", "says"),
    [
        (interrupt_the_third_game, 130, "\ntcglab: interrupted\n"),
        (lose_a_worker, 1, f"tcglab: {LOST_WORKER}\n"),
    ],
)
def test_a_run_stopped_partway_leaves_only_the_earlier_runs(
    cli, tmp_path, monkeypatch, stop, status, says
):
    db = tmp_path / "arena.db"
    assert cli(*RUN, "--db", db)[0] == 0
    assert cli(*RUN, "--db", db, "--seed", "1")[0] == 0
    before = contents(db)
    stop(monkeypatch)
    code, out, err = cli(*RUN, "--db", db, "--seed", "2")
    assert code == status and out == ""
    assert err.startswith(says) and err.strip().count("\n") == 0
    assert contents(db) == before
    monkeypatch.undo()
    code, out, _ = cli(*RUN, "--db", db, "--seed", "2")
    assert code == 0 and "run 3: 4 of 4 games finished" in out


def test_a_run_killed_outright_is_not_counted(cli, tmp_path):
    """A process killed outright cannot take its run back out: the run stays unfinished
    in the file, and later runs leave its games out of their ratings."""
    db = tmp_path / "arena.db"
    assert cli(*RUN, "--db", db)[0] == 0
    with sqlite3.connect(db) as con:
        con.execute("UPDATE runs SET finished = NULL")
    code, out, _ = cli(*RUN, "--db", db, "--seed", "1", "--json")
    assert code == 0 and json.loads(out)["stored_games"] == 4
