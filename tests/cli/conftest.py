"""Fixtures for the command-line tests: a runner for `tcglab.cli.main` and a tiny
test-only game, "countdown", for paths the shipped games do not reach (a game
without a heuristic agent, a game that never ends, secrets in the event log)."""

from __future__ import annotations

from typing import ClassVar

import pytest

from tcglab.engine import Action, Game, Result, Rng, RuleOption, State, registry
from tcglab.engine.state import canonical_json


class CountdownState(State):
    """Players take 1 or 2 counters from a pile in turn; who takes the last wins.
    Each turn the mover privately peeks at a number only they may see."""

    def __init__(self, game: Game, seed: int, players: int, options: dict) -> None:
        self.game, self.seed, self.players, self.options = game, seed, players, options
        self.rng = Rng(seed)
        self.pile = options["pile"]
        self.result = None
        self.history, self.log = [], []
        self.to_move = self.rng.below(players)
        self.emit("start", seat=self.to_move, pile=self.pile)
        self._open_turn()

    def _open_turn(self) -> None:
        seat = self.to_move
        self.emit("peek", {seat: {"number": self.rng.roll(100)}}, seat=seat)
        if self.options["endless"]:
            self._legal = [Action("pass", "Pass")]
        else:
            self._legal = [Action(f"take {n}", f"Take {n}") for n in (1, 2) if n <= self.pile]

    def _apply(self, action: Action) -> None:
        seat = self.to_move
        if action.id == "pass":
            self.emit("pass", seat=seat)
        else:
            self.pile -= int(action.id.split()[1])
            self.emit("take", seat=seat, count=int(action.id.split()[1]), left=self.pile)
            if self.pile == 0:
                scores = tuple(1 if s == seat else 0 for s in range(self.players))
                self.result = Result((seat,), scores, "last_counter")
                self.to_move, self._legal = None, []
                self.emit("game_over", winner=seat)
                return
        self.to_move = (seat + 1) % self.players
        self._open_turn()

    def describe(self, kind: str, data: dict, lang: str = "en") -> str:
        who = f"P{data.get('seat', data.get('winner', 0)) + 1}"
        if kind == "peek":
            number = data.get("number")
            return f"{who} peeks at {number}" if number else f"{who} peeks at a secret number"
        if kind == "take":
            return f"{who} takes {data['count']}, {data['left']} left"
        if kind == "game_over":
            return f"{who} takes the last counter and wins"
        return f"{kind} {canonical_json(data)}"

    def observe(self, seat: int | None) -> dict:
        return {"seat": seat, "pile": self.pile, "to_move": self.to_move}

    def determinize(self, seat: int, rng: Rng) -> CountdownState:
        twin = self.clone()
        twin.rng = rng.derive()
        twin.log = self.public_log(seat)
        return twin

    def clone(self) -> CountdownState:
        twin = CountdownState.__new__(CountdownState)
        twin.__dict__.update(self.__dict__)
        twin.history, twin.log, twin._legal = self.history[:], self.log[:], self._legal[:]
        twin.rng = self.rng.clone()
        return twin

    def snapshot(self) -> dict:
        return {
            "pile": self.pile,
            "to_move": self.to_move,
            "rng": self.rng.snapshot(),
            "result": self.result,
            "history": self.history,
        }


class CountdownGame(Game):
    id = "countdown"
    name = "Countdown (test game)"
    min_players = 2
    max_players = 4
    default_players = 2
    options = (
        RuleOption("pile", 7, "counters in the pile at the start", "TEST-1", minimum=1),
        RuleOption("endless", False, "nobody may take, so the game never ends", "TEST-2"),
    )

    def _new_state(self, seed, players, options, decks):
        return CountdownState(self, seed, players, options)

    def card_digest(self) -> str:
        return "countdown-has-no-cards"


COUNTDOWN = CountdownGame()


class GreedyAgent:
    """Always takes as many as it may; records what it was handed."""

    name = "heuristic"
    handed: ClassVar[list] = []

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, decision):
        GreedyAgent.handed.append(decision)
        return decision.legal[-1]


@pytest.fixture
def countdown(monkeypatch):
    """The countdown game, registered for one test only."""
    registry.games()  # load the installed games first, so they stay listed too
    monkeypatch.setitem(registry._games, COUNTDOWN.id, COUNTDOWN)
    GreedyAgent.handed = []
    return COUNTDOWN


@pytest.fixture
def greedy():
    """An agent class to give the countdown game as its heuristic agent."""
    return GreedyAgent


@pytest.fixture
def cli(capsys):
    """Run `tcglab ARGS...`; returns (exit status, stdout, stderr)."""
    from tcglab.cli import main

    def run(*args: str):
        code = main([str(a) for a in args])
        out, err = capsys.readouterr()
        return code, out, err

    return run
