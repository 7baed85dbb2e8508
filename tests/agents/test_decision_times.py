"""bench/decision_times.py: it times the first agent's decisions in the arena's own games,
slowest first, and turns a bad game or agent list into one line."""

import json

import pytest

import scripts
from tcglab.engine import get_game
from tcglab.sim.arena import play_match, schedule

SEARCH = "ismcts:iters=6,rollout=heuristic,root=paired,luck=turn,depth=1,steps=900"


@pytest.fixture(scope="module")
def decision_times():
    return scripts.load("bench/decision_times.py")


def test_it_times_each_search_decision_of_the_arenas_games(decision_times, capsys):
    argv = f"higurashi --agents {SEARCH},heuristic --players 3 --games 1 --seed 5 --json"
    assert decision_times.main(argv.split()) == 0
    figures = json.loads(capsys.readouterr().out)
    rows = figures["rows"]
    assert figures["agent"] == SEARCH and figures["players"] == 3 and rows
    assert [row["seconds"] for row in rows] == sorted(
        (row["seconds"] for row in rows), reverse=True
    )
    assert all(row["legal"] > 1 and row["playouts"] >= 2 * row["legal"] for row in rows)
    # The arena's own game: its record counts as many decisions with a choice.
    (match,) = schedule([SEARCH, "heuristic"], 1, 5, 3, [])
    record = play_match("higurashi", get_game("higurashi").resolve_options(), match)
    seats = zip(match.seats, record["thinking"], strict=True)
    assert len(rows) == sum(tally[1] for spec, tally in seats if spec == SEARCH)


def test_the_summary_names_the_slowest_decisions(decision_times, capsys):
    assert (
        decision_times.main(
            ["higurashi", "--agents", f"{SEARCH},heuristic", "--games", "1", "--top", "2"]
        )
        == 0
    )
    lines = capsys.readouterr().out.splitlines()
    assert (
        "at 3 seats of higurashi" in lines[0]
    )  # its default table and "s at most (processor time)" in lines[0]
    assert len(lines) == 3 and all("playouts" in line for line in lines[1:])


@pytest.mark.parametrize(
    "argv, message",
    [
        (["nosuch", "--agents", "random,heuristic"], "unknown game 'nosuch'"),
        (["ps", "--agents", "random"], "an arena needs at least 2 agents, not 1"),
        (["ps", "--agents", "random,heuristic", "--games", "0"], "--games must be >= 1"),
    ],
)
def test_bad_input_is_one_line(decision_times, capsys, argv, message):
    assert decision_times.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
