"""What an agent is given and what it answers: the Decision it sees (one seat's view,
never the true state) and the Agent protocol. Part of the kernel, so that games can
write their heuristic agents against it without importing the agents package."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from tcglab.engine.actions import Action

if TYPE_CHECKING:
    from tcglab.engine.rng import Rng
    from tcglab.engine.state import State


class Decision:
    """What an agent is given: its seat, the number of seats, the legal actions, the
    seat's observation (built on first use), a glance (the part of the observation a
    heuristic reads, cheaper to build: `State.glance`) and `sample`, which draws a full
    state consistent with what the seat knows. Nothing else of the game reaches an agent."""

    __slots__ = ("_glance", "_observation", "_state", "game_id", "legal", "players", "seat")

    def __init__(self, state: State) -> None:
        self._state = state
        self.seat: int = state.to_move
        self.legal: list[Action] = state.legal_actions()
        self.game_id: str = state.game.id
        self.players: int = state.players  # seats at the table, which every seat knows
        self._observation: dict | None = None
        self._glance: dict | None = None

    @property
    def observation(self) -> dict:
        if self._observation is None:
            self._observation = self._state.observe(self.seat)
        return self._observation

    @property
    def glance(self) -> dict:
        """Part of the observation (the whole of it, once that is built)."""
        if self._observation is not None:
            return self._observation
        if self._glance is None:
            self._glance = self._state.glance(self.seat)
        return self._glance

    def events(self, start: int = 0, lang: str = "en") -> list[dict]:
        """What happened from event `start` on, as this seat may see it, told in `lang`."""
        return self._state.events_for(self.seat, start, lang)

    def unavailable(self, lang: str = "en") -> list[dict]:
        """The options this seat cannot take now, with the reasons (`State.unavailable`:
        only what the seat may know)."""
        return self._state.unavailable(lang)

    def sample(self, rng: Rng) -> State:
        """A determinized state: hidden information resampled from this seat's view."""
        return self._state.determinize(self.seat, rng)


class Agent(Protocol):
    name: str

    def choose(self, decision: Decision) -> Action: ...
