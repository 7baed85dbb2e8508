"""`tcglab scenario`: check, run, play, export and list, on the toy game's scenario
format and on every game's own scenario files; bad input is one line and exit 2."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tcglab.engine import registry
from tcglab.engine.replay import record
from tcglab.engine.scenario_file import load_scenario, scenario_format

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))  # the toy game
from toy_scenario import GAME

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"

PUZZLE = """\
game = "dicerace"
title = "Boost home"
players = ["Ann", "Ben"]
seed = 3
solution = ["play"]

[position]
turn = 4
active = "p1"
at = "choose"
deck = ["ember"]

[position.p1]
score = 7
hand = ["comet"]

[position.p2]
score = 9

[goal]
seat = "p1"
kind = "win"
text = "Win before Ben does."

[[expect]]
after = 0
legal = ["roll", "play", "rest"]

[[expect]]
winner = "p1"
"""


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    registry.games()
    monkeypatch.setattr(registry, "_games", {**registry._games, GAME.id: GAME})


@pytest.fixture
def puzzle(tmp_path) -> Path:
    path = tmp_path / "boost.toml"
    path.write_text(PUZZLE, encoding="utf-8")
    return path


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_check_says_ok_for_each_good_file(cli, puzzle):
    code, out, err = cli("scenario", "check", puzzle, puzzle)
    assert code == 0, err
    assert out.splitlines() == [f"{puzzle}: ok (dicerace: Boost home)"] * 2


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("game = ", "not TOML: "),
        ('game = "pm"\nx = ' + "[" * 20000 + "]" * 20000 + "\n", "nested too deeply"),
        ('game = "chess"\n', "game: unknown game 'chess'"),
        (PUZZLE.replace('"play"]', '"fly"]'), "solution.1: 'fly' is not legal for p1 now"),
    ],
)
def test_check_gives_one_line_for_a_bad_file_and_exit_2(cli, tmp_path, puzzle, text, says):
    bad = write(tmp_path, "bad.toml", text)
    code, out, err = cli("scenario", "check", bad, puzzle)
    assert code == 2
    first, second = out.splitlines()
    assert first.startswith(str(bad)) and says in first
    assert second.endswith("ok (dicerace: Boost home)")
    assert "Traceback" not in out + err


def test_a_missing_file_is_one_line_and_exit_2(cli, tmp_path):
    code, out, _ = cli("scenario", "check", tmp_path / "none.toml")
    assert code == 2
    assert (
        out.strip() == f"cannot read scenario {tmp_path / 'none.toml'}: No such file or directory"
    )


def test_run_passes_a_scenario_that_holds(cli, puzzle):
    code, out, _ = cli("scenario", "run", puzzle)
    assert code == 0
    assert out == f"{puzzle}: passed (3 checks)\n"


def test_run_shows_what_each_failed_check_found_and_exits_1(cli, tmp_path):
    path = write(tmp_path, "wrong.toml", PUZZLE.replace('winner = "p1"', 'winner = "p2"'))
    code, out, _ = cli("scenario", "run", path)
    assert code == 1
    assert out.splitlines() == [
        f"{path}: FAILED, 1 failure in 3 checks",
        f"  {path}:{PUZZLE.count(chr(10))}: expect.2.winner: expected p2 to win, found p1",
    ]


def test_run_json_gives_each_file_and_failure(cli, tmp_path, puzzle):
    wrong = write(tmp_path, "wrong.toml", PUZZLE.replace('winner = "p1"', 'winner = "p2"'))
    bad = write(tmp_path, "bad.toml", "game = 1\n")
    code, out, _ = cli("scenario", "run", puzzle, wrong, bad, "--json")
    assert code == 2
    results = json.loads(out)
    assert [r["ok"] for r in results] == [True, False, False]
    assert results[1]["failures"][0]["field"] == "expect.2.winner"
    assert results[2]["error"] == f"{bad}:1: game: expected a string"


def test_play_tells_the_goal_and_whether_it_was_met(cli, puzzle, monkeypatch):
    answers = iter(["2"])  # the second choice: play the boost
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    code, out, _ = cli("scenario", "play", puzzle, "--ai", "easy")
    assert code == 0
    assert "Goal: Win before Ben does." in out
    assert "You are P1" in out
    assert out.rstrip().endswith("Goal met.")


def test_play_refuses_a_seat_the_scenario_has_not(cli, puzzle):
    code, _, err = cli("scenario", "play", puzzle, "--seat", "p3")
    assert code == 2
    assert err.strip() == "tcglab: error: --seat takes p1, p2 for this scenario, not 'p3'"


@pytest.fixture
def replay_file(tmp_path) -> tuple[Path, list[str]]:
    state = GAME.new_state(11, 2)
    while not state.over:
        state.apply("roll")
    path = tmp_path / "race.json"
    record(state).save(path)
    return path, list(state.history)


def test_export_writes_the_position_after_n_actions(cli, tmp_path, replay_file):
    path, actions = replay_file
    out_file = tmp_path / "after3.toml"
    code, out, err = cli("scenario", "export", path, "--step", "3", "-o", out_file)
    assert code == 0, err
    assert out.strip() == f"{out_file}: the position after 3 actions"
    state = GAME.new_state(11, 2)
    for action in actions[:3]:
        state.apply(action)
    fmt = scenario_format(GAME)
    built = load_scenario(out_file).build()
    assert fmt.export(built) == fmt.export(state)
    assert built.rng.state == state.rng.state


def test_export_refuses_an_existing_file_unless_forced(cli, tmp_path, replay_file):
    path, _ = replay_file
    out_file = tmp_path / "mine.toml"
    out_file.write_text("# my notes\n")
    code, out, err = cli("scenario", "export", path, "-o", out_file)
    assert code == 2 and out == ""
    assert err == (
        f"tcglab: error: {out_file} already exists; give --output a new file name, or add "
        "--force to overwrite it\n"
    )
    assert out_file.read_text() == "# my notes\n"
    code, out, err = cli("scenario", "export", path, "-o", out_file, "--force")
    assert code == 0 and err == ""
    assert load_scenario(out_file).build().game.id == GAME.id


def test_export_prints_the_end_position_by_default(cli, replay_file):
    path, _ = replay_file
    code, out, _ = cli("scenario", "export", path)
    assert code == 0
    assert out.startswith('game = "dicerace"\ntitle = "race.json after ')
    assert 'at = "over"' in out


def test_export_refuses_a_step_past_the_end(cli, replay_file):
    path, actions = replay_file
    code, _, err = cli("scenario", "export", path, "--step", str(len(actions) + 1))
    assert code == 2
    assert f"--step takes 0 to {len(actions)} for this replay" in err


def test_list_says_when_a_game_ships_no_puzzles(cli):
    code, out, _ = cli("scenario", "list", "dicerace")
    assert code == 0
    assert out == "no puzzles shipped with dicerace\n"


def test_list_refuses_an_unknown_game(cli):
    code, _, err = cli("scenario", "list", "chess")
    assert code == 2
    assert err.startswith("tcglab: error: unknown game 'chess'")


def test_the_games_own_scenario_files_check(cli):
    files = sorted(SCENARIOS.glob("*/*.toml"))
    if not files:
        pytest.skip("no game has scenario files yet")
    code, out, _ = cli("scenario", "check", *files)
    assert code == 0, out
    assert len(out.splitlines()) == len(files)


def test_a_shipped_puzzle_is_run_by_the_name_list_gives_it(cli, tmp_path, monkeypatch):
    code, out, _ = cli("scenario", "list", "pm")
    assert code == 0
    name = out.splitlines()[0].split(":")[0]  # e.g. "pm/combi-exact-change.toml"
    monkeypatch.chdir(tmp_path)  # no file of that name here
    code, out, err = cli("scenario", "run", name)
    assert (code, err) == (0, "")
    assert out.startswith(f"{name}: passed")


def test_export_refuses_a_table_of_several_games(cli, tmp_path):
    state = registry.get_game("higurashi").new_state(3, 2, {"games": 1}, format="championship")
    state.apply(state.legal_actions()[0])
    path = tmp_path / "cup.json"
    record(state).save(path)
    code, out, err = cli("scenario", "export", path)
    assert (code, out) == (2, "")
    assert (
        err
        == f"tcglab: error: {path}: a scenario holds one game, and this replay is a championship\n"
    )


def test_run_help_says_json_is_a_list(cli):
    code, out, _ = cli("scenario", "run", "--help")
    assert code == 0
    assert "print the results as one JSON list, an object per file" in " ".join(out.split())
