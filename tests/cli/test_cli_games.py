"""`tcglab games`, the help texts, `python -m tcglab` and argparse's own errors."""

import json
import subprocess
import sys

import pytest

from tcglab.engine import games


def test_games_lists_every_game_with_players_and_options(cli):
    code, out, err = cli("games")
    assert code == 0 and err == ""
    for game in games().values():
        assert f"{game.id} · {game.name}" in out
        if game.min_players == game.max_players:
            assert f"players: {game.min_players} · heuristic AI" in out
        else:
            counts = f"{game.min_players} to {game.max_players} (default {game.default_players})"
            assert f"players: {counts} · heuristic AI" in out
        for option in game.options:
            assert f"{option.name}=" in out
            assert f"[{option.rule}]" in out
            assert option.help.split(";")[0][:40] in out.replace("\n        ", " ")


def test_games_json_is_one_object_with_every_option(cli):
    code, out, _ = cli("games", "--json")
    assert code == 0
    listing = {g["id"]: g for g in json.loads(out)["games"]}
    assert set(listing) == set(games())
    higurashi = listing["higurashi"]
    assert (higurashi["min_players"], higurashi["max_players"]) == (2, 5)
    hand_limit = next(o for o in higurashi["options"] if o["name"] == "hand_limit")
    assert hand_limit == {
        "name": "hand_limit",
        "default": 5,
        "rule": "G4-6.2, G4-GAP-5",
        "help": hand_limit["help"],
        "accepts": hand_limit["accepts"],
    }
    assert hand_limit["accepts"].startswith("a whole number from 1 to")
    assert hand_limit["help"]


def test_games_lists_a_game_added_to_the_registry(cli, countdown):
    code, out, _ = cli("games")
    assert code == 0
    assert "countdown · Countdown (test game)" in out
    assert "heuristic AI: none" in out.split("countdown ·")[1]
    assert "pile=7  [TEST-1]" in out


@pytest.mark.parametrize("command", ["games", "play", "sim", "replay"])
def test_every_command_help_teaches_with_examples(cli, command):
    code, out, _ = cli(command, "--help")
    assert code == 0
    assert f"usage: tcglab {command}" in out
    assert "examples:" in out
    assert f"tcglab {command}" in out.split("examples:")[1]


def test_main_help_lists_commands(cli):
    code, out, _ = cli("--help")
    assert code == 0
    for command in ("games", "play", "sim", "replay"):
        assert command in out
    assert "exit status" in out


def test_no_command_prints_help(cli):
    code, out, _ = cli()
    assert code == 0
    assert "usage: tcglab" in out


def test_argparse_usage_errors_exit_2(cli):
    code, _, err = cli("sim", "higurashi", "--games", "0")
    assert code == 2
    assert err == (
        "tcglab sim: error: argument --games: expected a whole number from 1 to 1,000,000, "
        "not '0' (see tcglab sim --help)\n"
    )
    code, _, err = cli("frobnicate")
    assert code == 2 and "invalid choice" in err


def test_python_dash_m_runs_the_command():
    done = subprocess.run(
        [sys.executable, "-m", "tcglab", "games", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "higurashi" in {g["id"] for g in json.loads(done.stdout)["games"]}


def test_games_list_each_games_formats_and_tools(cli):
    code, out, _ = cli("games")
    assert code == 0
    pgt = out.split("pgt ·")[1].split("\n\n")[0]
    assert "format match (2 players): best-of-three match [PGT-5.3]" in pgt
    assert "format draft (3 or 4 players): draft and tournament [PGT-15]" in pgt
    assert "tool odds: dice odds [PGT-GAP-23]" in pgt
    higurashi = out.split("higurashi ·")[1].split("\n\n")[0]
    assert "format championship (2 to 5 players)" in higurashi and "[G4-2.6]" in higurashi
    listing = {g["id"]: g for g in json.loads(cli("games", "--json")[1])["games"]}
    draft = next(c for c in listing["pgt"]["capabilities"] if c["name"] == "draft")
    assert draft["players"] == [3, 4] and draft["table"] and not draft["tool"]
    tools = ["encoding", "scenario"]  # tcglab.rl, scenario files
    assert [c["name"] for c in listing["pm"]["capabilities"]] == tools


def test_a_tool_the_game_does_not_have_says_what_it_has(cli):
    code, out, err = cli("odds", "higurashi", "3D", "--target", "8")
    assert code == 2 and out == ""
    has = "championship (tools: encoding, scenario)"
    assert err == f"tcglab: error: higurashi has no odds; it has: {has}\n"
