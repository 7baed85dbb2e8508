"""Dice Race with one deliberate flaw each, for showing that the conformance suite
catches what it is meant to catch. Each variant is a game of its own id."""

from __future__ import annotations

from toy_game import DiceRace, RaceState

from tcglab.engine import Rng


class PeekingState(RaceState):
    """Shows every seat's boost card to everyone."""

    def observe(self, seat: int | None) -> dict:
        view = super().observe(seat)
        view["hands"] = {
            str(s): b.id if (b := self.boost(s)) else None for s in range(self.players)
        }
        return view


class GlancingState(RaceState):
    """Glances at the boost card of the next seat, which the observation hides."""

    def glance(self, seat: int | None) -> dict:
        view = super().glance(seat)
        if seat is not None:
            other = (seat + 1) % self.players
            boost = self.boost(other)
            view["hands"] = {str(other): boost.id if boost else None}
        return view


class ShoutingState(RaceState):
    """Announces every drawn card to the whole table."""

    def emit(self, kind: str, secret: dict[int, dict] | None = None, **data) -> None:
        if kind == "draw" and secret:
            for extra in secret.values():
                data.update(extra)
            secret = None
        super().emit(kind, secret, **data)


class SeedShowingState(RaceState):
    """Prints the table's seed in every observation."""

    def observe(self, seat: int | None) -> dict:
        return {**super().observe(seat), "table": f"table #{self.seed}"}


class SharingState(RaceState):
    """Clones share the score list with their original."""

    def clone(self) -> RaceState:
        twin = super().clone()
        twin.scores = self.scores
        return twin


class FrozenState(RaceState):
    """Determinizes without resampling anything."""

    def determinize(self, seat: int, rng: Rng) -> RaceState:
        twin = self.clone()
        twin.rng = rng.derive()
        twin.log = self.public_log(seat)
        return twin


class LeakyRace(DiceRace):
    def __init__(self, flaw: str, state_class: type[RaceState]) -> None:
        self.id = f"dicerace-{flaw}"
        self.state_class = state_class


PEEKING = LeakyRace("peeking", PeekingState)
GLANCING = LeakyRace("glancing", GlancingState)
SHOUTING = LeakyRace("shouting", ShoutingState)
SEED_SHOWING = LeakyRace("seedshowing", SeedShowingState)
SHARING = LeakyRace("sharing", SharingState)
FROZEN = LeakyRace("frozen", FrozenState)
