"""The arena: seats rotated, decks swapped, results stored and read back across runs,
ratings refitted, a failing agent reported without spoiling the run."""

import json
import sqlite3
from collections import Counter

import pytest

from tcglab.engine import BadOption, TcglabError
from tcglab.lab.backends import Local
from tcglab.sim import arena
from tcglab.sim.arena import (
    ArenaFileError,
    default_db_path,
    format_report,
    lineups,
    run_arena,
    schedule,
)
from tcglab.sim.batch import split_specs


def test_two_player_lineups_meet_every_pair_in_both_seats():
    order = lineups(3, 2)
    assert sorted(order) == [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]


@pytest.mark.parametrize(("agents", "players"), [(2, 3), (3, 3), (4, 3), (2, 5), (3, 4)])
def test_every_agent_plays_every_seat_equally_often(agents, players):
    seats = Counter()
    for lineup in lineups(agents, players):
        seats.update(enumerate(lineup))
    counts = {seats[(seat, agent)] for seat in range(players) for agent in range(agents)}
    assert len(counts) == 1 and counts != {0}


def test_decks_are_swapped_and_deals_shared_within_a_cycle():
    matches = schedule(["a", "b"], 8, seed=5, players=2, decks=["d1", "d2", "d3"])
    assert [m.seats for m in matches[:4]] == [("a", "b"), ("b", "a")] * 2
    assert [m.decks for m in matches[:4]] == [("d1", "d2")] * 2 + [("d2", "d1")] * 2
    assert matches[4].decks == ("d1", "d3")  # the next cycle takes the next pair
    assert matches[0].seed == matches[1].seed != matches[2].seed
    assert len({m.agent_seeds for m in matches}) == 8
    # Each agent has played each deck from each seat once in the first cycle.
    assert Counter((m.seats[0], m.decks[0]) for m in matches[:4]) == Counter(
        {("a", "d1"): 1, ("b", "d1"): 1, ("a", "d2"): 1, ("b", "d2"): 1}
    )


def test_the_schedule_depends_on_the_seed_only():
    assert schedule(["a", "b"], 6, 3, 2, []) == schedule(["a", "b"], 6, 3, 2, [])
    assert schedule(["a", "b"], 6, 3, 2, []) != schedule(["a", "b"], 6, 4, 2, [])


def test_results_are_stored_and_runs_accumulate(tmp_path):
    db = tmp_path / "arena.db"
    seen = []
    first = run_arena("ps", ["random", "heuristic"], 8, seed=1, db_path=db,
                      progress=lambda done, total: seen.append((done, total)))  # fmt: skip
    assert seen == [(n, 8) for n in range(1, 9)]
    assert first["finished"] == 8 and first["errors"] == []
    rows = {r["agent"]: r for r in first["agents"]}
    assert rows["random"]["seats_played"] == rows["heuristic"]["seats_played"] == 8
    assert rows["heuristic"]["win_rate"] > rows["random"]["win_rate"]
    assert rows["heuristic"]["elo"] > rows["random"]["elo"]
    second = run_arena("ps", ["random", "heuristic"], 4, seed=2, db_path=db)
    assert second["run"] == first["run"] + 1
    assert second["stored_games"] == 12
    with sqlite3.connect(db) as con:
        stored = con.execute("SELECT run, seats, decks, winners FROM games ORDER BY id").fetchall()
        runs = con.execute("SELECT game, agents, finished FROM runs").fetchall()
    assert len(stored) == 12 and len(runs) == 2
    assert all(finished for _, _, finished in runs)
    assert json.loads(runs[0][1]) == ["random", "heuristic"]
    lineups = {tuple(json.loads(s)) for _, s, _, _ in stored}
    assert lineups == {("random", "heuristic"), ("heuristic", "random")}
    assert all(json.loads(d)[0] != json.loads(d)[1] for _, _, d, _ in stored)
    # The second run's ratings were fitted to all twelve stored games, not its own four.
    assert second["ratings"] != first["ratings"]


def test_three_player_arena_rotates_seats(tmp_path):
    report = run_arena("higurashi", ["random", "heuristic", "ismcts:iters=5,limit=5"], 3,
                       seed=4, db_path=tmp_path / "a.db")  # fmt: skip
    assert report["players"] == 3 and report["finished"] == 3
    assert {r["seats_played"] for r in report["agents"]} == {3}
    text = format_report(report)
    assert "ismcts:iters=5,limit=5" in text and "95% interval" in text


def test_worker_processes_give_the_same_results(tmp_path):
    one = run_arena("pm", ["random", "heuristic"], 4, seed=8, db_path=tmp_path / "1.db")
    two = run_arena("pm", ["random", "heuristic"], 4, seed=8, jobs=2, db_path=tmp_path / "2.db")
    fields = ("agent", "seats_played", "wins", "interval", "elo")
    assert [[row[f] for f in fields] for row in one["agents"]] == [
        [row[f] for f in fields] for row in two["agents"]
    ]


class IllegalAgent:
    def choose(self, decision):
        return "no such action"


def test_an_agent_that_breaks_the_rules_stops_only_its_game(tmp_path, monkeypatch):
    real = arena.make_agent

    def make(spec, game, seed):
        return IllegalAgent() if spec == "heuristic" else real(spec, game, seed)

    monkeypatch.setattr(arena, "make_agent", make)
    db = tmp_path / "arena.db"
    run_arena("ps", ["random", "ismcts:iters=2,limit=2"], 2, seed=3, db_path=db)
    report = run_arena("ps", ["random", "heuristic"], 2, seed=3, db_path=db)
    assert report["finished"] == 0 and len(report["errors"]) == 2
    assert "agent heuristic (seat" in report["errors"][0]
    assert "illegal action 'no such action'" in report["errors"][0]
    assert "ps game 0 (seed " in report["errors"][0]
    assert report["stored_games"] == 2  # the first run's games are intact
    assert "2 game(s) stopped by an agent error" in format_report(report)


@pytest.mark.parametrize(
    ("specs", "message"),
    [
        (["random", "smart"], "unknown agent 'smart'"),
        (["random", "ismcts:iters=x"], "ismcts parameter iters takes a whole number"),
        (["random", "ismcts:worlds=3"], "ismcts has no parameter 'worlds'; its parameters"),
        (["random"], "at least 2 agents"),
        (["random", "random"], "named once"),
    ],
)
def test_bad_agent_specs_are_one_line_errors(tmp_path, specs, message):
    with pytest.raises(BadOption, match=message) as caught:
        run_arena("pm", specs, 2, db_path=tmp_path / "a.db")
    assert "\n" not in str(caught.value)
    assert not (tmp_path / "a.db").exists()


def test_default_db_path_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_db_path() == tmp_path / "tcglab" / "arena.db"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_db_path().parts[-4:] == (".local", "share", "tcglab", "arena.db")


def test_one_option_holds_several_specs_with_parameters():
    text = "ismcts:400,heuristic,ismcts:iters=50,limit=20,rollout=heuristic,random"
    assert split_specs(text) == [
        "ismcts:400",
        "heuristic",
        "ismcts:iters=50,limit=20,rollout=heuristic",
        "random",
    ]


def test_a_results_file_that_is_not_a_database_is_a_one_line_error(tmp_path):
    bad = tmp_path / "notes.db"
    bad.write_text("these are my notes, not an arena\n" * 100)
    with pytest.raises(ArenaFileError, match=r"cannot use .*notes\.db for arena results"):
        run_arena("ps", ["random", "heuristic"], 2, db_path=bad)
    assert bad.read_text().startswith("these are my notes")


def test_another_programs_database_is_refused_untouched(tmp_path, capsys):
    from tcglab.cli import main

    other = tmp_path / "other.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE games (title TEXT, year INTEGER)")
        db.execute("INSERT INTO games VALUES ('Go', -500)")
    before = other.read_bytes()
    status = main(["arena", "pm", "--agents", "random,heuristic", "--games", "2", "--db",
                   str(other), "--backend", "local"])  # fmt: skip
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err == (
        f"tcglab: error: cannot use {other} for arena results: it is an SQLite database of "
        "something else (tables games); give --db a new file or an arena results file\n"
    )
    assert other.read_bytes() == before


def test_a_results_file_the_arena_wrote_is_used_again(tmp_path):
    db = tmp_path / "arena.db"
    run_arena("ps", ["random", "heuristic"], 2, db_path=db)
    report = run_arena("ps", ["random", "heuristic"], 2, db_path=db, seed=1)
    assert report["finished"] == 2


def test_an_arena_stopped_by_an_error_leaves_no_run_folder(tmp_path):
    pytest.importorskip("pyarrow")

    class Failing(Local):
        def map(self, work, jobs):
            raise RuntimeError("a worker fell over")

    with pytest.raises(RuntimeError, match="a worker fell over"):
        run_arena("ps", ["random", "heuristic"], 2, db_path=tmp_path / "a.db",
                  backend=Failing(), records=tmp_path / "runs" / "arena")  # fmt: skip
    assert [p.name for p in tmp_path.iterdir()] == ["a.db"]


def test_a_bad_records_folder_or_results_file_leaves_nothing_behind(tmp_path):
    pytest.importorskip("pyarrow")
    taken = tmp_path / "taken.txt"
    taken.write_text("mine")
    with pytest.raises(TcglabError, match="it is a file, not a folder"):
        run_arena("ps", ["random", "heuristic"], 2, db_path=tmp_path / "a.db", records=taken)
    notes = tmp_path / "notes.db"
    notes.write_text("not a database")
    with pytest.raises(ArenaFileError, match="it is not an SQLite database"):
        run_arena("ps", ["random", "heuristic"], 2, db_path=notes, records=tmp_path / "run")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.db", "taken.txt"]
