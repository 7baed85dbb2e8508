"""The registry: installed games through entry points, games under development through
TCGLAB_GAMES, and a helpful message for an unknown id."""

import dataclasses
import os
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest
from toy_game import GAME

from tcglab.engine import (
    BadOption,
    RuleOption,
    TcglabError,
    UnknownGame,
    games,
    get_game,
    register,
    registry,
)
from tcglab.engine.capabilities import Capability, Standing

HERE = Path(__file__).parent


@pytest.fixture
def fresh_registry(monkeypatch):
    """An empty registry that loads again on first use; the real one comes back after."""
    monkeypatch.setattr(registry, "_games", {})
    monkeypatch.setattr(registry, "_loaded", False)
    monkeypatch.delenv("TCGLAB_GAMES", raising=False)


def installed() -> set[str]:
    return {point.name for point in entry_points(group="tcglab.games")}


def test_installed_games_are_found(fresh_registry):
    found = games()
    assert set(found) == installed()
    assert list(found) == sorted(found)
    for game_id, game in found.items():
        assert game.id == game_id and get_game(game_id) is game


def test_games_returns_a_copy(fresh_registry):
    listed = games()
    listed["intruder"] = GAME
    assert "intruder" not in games()


@pytest.mark.parametrize(
    "spec", ["toy_game:GAME", "toy_game", " toy_game:GAME ", ",toy_game:GAME,,"]
)
def test_tcglab_games_adds_a_game_in_development(fresh_registry, monkeypatch, spec):
    monkeypatch.setenv("TCGLAB_GAMES", spec)
    found = games()
    assert found["dicerace"] is GAME
    assert set(found) == installed() | {"dicerace"}


def test_tcglab_games_takes_several(fresh_registry, monkeypatch):
    monkeypatch.setenv("TCGLAB_GAMES", "toy_game:GAME,leaky_games:PEEKING")
    assert {"dicerace", "dicerace-peeking"} <= set(games())


def test_tcglab_games_works_from_the_environment_of_a_new_process():
    env = {**os.environ, "TCGLAB_GAMES": "toy_game:GAME", "PYTHONPATH": str(HERE)}
    code = "from tcglab.engine import get_game; print(get_game('dicerace').name)"
    shown = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert shown.stdout.strip() == GAME.name


@pytest.mark.parametrize("spec", ["no_such_module:GAME", "toy_game:NO_SUCH_GAME", "json:dumps"])
def test_a_bad_tcglab_games_entry_is_a_clear_error(fresh_registry, monkeypatch, spec):
    monkeypatch.setenv("TCGLAB_GAMES", spec)
    with pytest.raises(TcglabError) as caught:
        games()
    assert spec in str(caught.value) and "\n" not in str(caught.value)


def test_an_unknown_game_lists_the_games(fresh_registry, monkeypatch):
    monkeypatch.setenv("TCGLAB_GAMES", "toy_game:GAME")
    with pytest.raises(UnknownGame) as caught:
        get_game("chess")
    known = ", ".join(sorted(installed() | {"dicerace"}))
    assert str(caught.value) == f"unknown game 'chess'; games: {known}"


def test_an_unknown_game_with_none_installed(monkeypatch):
    monkeypatch.setattr(registry, "_games", {})
    monkeypatch.setattr(registry, "_loaded", True)
    with pytest.raises(UnknownGame) as caught:
        get_game("chess")
    assert str(caught.value) == "unknown game 'chess'; games: none installed"


def test_register_adds_a_game(fresh_registry):
    register(GAME)
    assert get_game("dicerace") is GAME
    assert "dicerace" in games()


# -- capabilities: formats and tools a game declares --------------------------------


class _TableState:
    """Stands for a whole format played as one state."""

    def __init__(self, seed, players, options, decks):
        self.seed, self.players, self.options, self.decks = seed, players, options, decks


def _relay(game, seed, agents, *, decks=None, options=None, laps=1):
    """A format played by agents: each lap, seat 0 wins."""
    lap = {"seats": [0, 1], "winners": [0], "scores": [1, 0], "reason": "lap"}
    return Standing((0,), (laps, 0), "laps", (lap,) * laps)


class _Formats(type(GAME)):
    """Dice Race with a format of 2 and a table of 3."""

    capabilities = (
        Capability("relay", "relay", "Laps until one leads.", _relay, players=(2,)),
        Capability(
            "trio",
            "trio table",
            "Three at one table.",
            lambda game, seed, players, options, decks: _TableState(seed, players, options, decks),
            players=(3,),
            table=True,
        ),
        Capability("chart", "chart", "A table of numbers.", object()),
    )


def test_a_game_finds_its_capabilities_by_name():
    game = _Formats()
    assert game.capability("relay").run(game, 1, [None, None], laps=2).totals == (2, 0)
    assert game.capability("chart").is_tool and not game.capability("relay").is_tool
    assert game.capability("trio").counts() == "3"


def test_a_missing_capability_says_what_the_game_has():
    with pytest.raises(BadOption) as caught:
        _Formats().capability("draft")
    assert str(caught.value) == "dicerace has no draft; it has: relay, trio (tools: chart)"
    with pytest.raises(BadOption) as caught:
        GAME.capability("match")
    assert str(caught.value) == "dicerace has no match; it has: single games only"


def test_a_table_format_is_what_new_state_builds_at_its_player_counts():
    game = _Formats()
    trio = game.new_state(5, 3, {"target": 12})
    assert isinstance(trio, _TableState) and (trio.seed, trio.players) == (5, 3)
    assert trio.options == game.resolve_options({"target": 12})  # checked and defaulted
    assert type(game.new_state(5, 2)).__name__ == "RaceState"
    assert game.table_format(3) is game.capability("trio") and game.table_format(2) is None


class _Chosen(type(GAME)):
    """Dice Race with a cup for 3, played only when asked for by name, whose laps
    are its own setting."""

    relay, trio, _ = _Formats.capabilities
    laps = RuleOption("laps", 0, "laps; 0 is one per player", "TOY-1", minimum=0)
    cup = dataclasses.replace(trio, name="cup", chosen=True, options=(laps,), agents=_relay)
    capabilities = (cup, relay)


def test_a_chosen_table_format_is_built_only_when_asked_for_by_name():
    game = _Chosen()
    assert type(game.new_state(5, 3)).__name__ == "RaceState" and game.table_format(3) is None
    cup = game.new_state(5, 3, {"target": 12, "laps": 4}, format="cup")
    assert isinstance(cup, _TableState) and (cup.seed, cup.players) == (5, 3)
    assert cup.options == {**game.resolve_options({"target": 12}), "laps": 4}
    assert game.resolve_options({}, format="cup")["laps"] == 0


@pytest.mark.parametrize(
    ("format", "players", "options", "message"),
    [
        ("draft", 2, {}, "dicerace has no table format 'draft'; its table formats: cup"),
        ("relay", 2, {}, "dicerace has no table format 'relay'; its table formats: cup"),
        ("cup", 2, {}, "a dicerace cup is for 3 players, not 2"),
        ("cup", 3, {"laps": -1}, "option laps takes a whole number >= 0, not -1"),
        (None, 2, {"laps": 2}, "dicerace has no rule option 'laps'"),
    ],
)
def test_new_state_refuses_a_format_it_cannot_build(format, players, options, message):
    with pytest.raises(BadOption, match=message):
        _Chosen().new_state(5, players, options, format=format)


def test_the_agents_path_of_each_kind_of_format():
    game = _Chosen()
    assert game.capability("cup").by_agents is _relay
    assert game.capability("relay").by_agents is _relay
    assert _Formats().capability("trio").by_agents is None
    assert _Formats().capability("chart").by_agents is None


@pytest.mark.parametrize(
    ("players", "text"),
    [((2,), "2"), ((3, 4), "3 or 4"), ((2, 3, 4, 5), "2 to 5"), ((2, 4, 6), "2, 4 or 6")],
)
def test_player_counts_read_as_a_person_says_them(players, text):
    assert Capability("x", "x", "x", None, players=players).counts() == text
