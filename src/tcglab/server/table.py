"""One table as the server holds it in memory (`Table`), and what is made from a
table's record: its summary, its status, and its game rebuilt from seed and actions.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from tcglab.engine import Game, State
from tcglab.engine.messages import named
from tcglab.engine.scenario_file import Scenario
from tcglab.server import notes, scenarios
from tcglab.server.errors import Conflict
from tcglab.server.seats import open_seat, public_seat
from tcglab.server.store import SeatRow, TableRow


@dataclass
class Table:
    """One game and its seats, as the server holds it in memory."""

    row: TableRow
    game: Game
    state: State | None = None  # None when let go of: rebuilt from the record on demand
    listeners: set = field(default_factory=set)  # callables told of every change
    ai_task: asyncio.Task | None = None
    ai_error: str = ""
    stored_actions: Callable[[str], list[str]] | None = None  # a finished game's actions
    opened: float = 0.0  # when the server took the table up: a seat not seen since is away
    present: Counter = field(default_factory=Counter)  # seat -> websockets playing it
    seen: dict = field(default_factory=dict)  # seat -> when its player was last heard from
    _views: dict = field(default_factory=dict)  # seat -> (version, observation)
    _scenario: Scenario | None = None  # the stored scenario, read once
    _goal: tuple = (None, None)  # ((version, ended), goal status) of a puzzle's table
    last_actor: int | None = None  # the seat whose action was stored last, while held
    creator: str = ""  # the address that made it, while held (a bound on tables per address)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def seats(self) -> list[SeatRow]:
        return self.row.seats

    @property
    def finished(self) -> bool:
        return self.row.finished

    @property
    def version(self) -> int:
        """How many actions have been applied: what `expected_version` must name."""
        return self.row.final_version if self.finished else len(self.row.actions)

    def ensure_state(self) -> State:
        """The game state, rebuilt from the record if it is not in memory."""
        if not self.row.dealt:
            raise Conflict(
                f"the game at table {self.id} is not dealt yet: it starts when its last "
                "open seat is taken"
            )
        if self.state is None:
            actions = self.row.actions
            if self.finished and self.stored_actions is not None:
                actions = self.stored_actions(self.id)
            self.state = rebuild(self.game, self.row, actions)
        return self.state

    def let_go(self) -> None:
        """Drop the game state and the views made from it (rebuilt when needed)."""
        self.state = None
        self._views.clear()
        self._goal = (None, None)

    def scenario(self) -> Scenario | None:
        """The scenario the table started from (None: dealt from its seed)."""
        if self._scenario is None and self.row.scenario is not None:
            self._scenario = scenarios.loaded(self.row.scenario)
        return self._scenario

    def goal(self, lang: str) -> dict | None:
        """A puzzle's goal in `lang` and whether it is met, worked out once per version."""
        scenario = self.scenario()
        if scenario is None or scenario.goal is None:
            return None
        at = (self.version, self.row.result is not None)  # a concession ends it in place
        if self._goal[0] != at:
            status = scenarios.goal_status(scenario, self.ensure_state(), self.row.result)
            self._goal = (at, status)
        return scenarios.goal_view(self._goal[1], lang, self.names())

    def status(self) -> str:
        return row_status(self.row)

    def ai_to_move(self) -> SeatRow | None:
        state = self.state
        if self.finished or state is None or state.over or state.to_move is None:
            return None
        seat = self.seats[state.to_move]
        return seat if seat.kind == "ai" else None

    def forced_pass(self) -> tuple[int, object] | None:
        """(seat, action) when a human seat that lets the table pass for it is to move
        and its only legal action is a pass (the game's `is_pass`), or only finishes
        the choice that seat has just made (the game's `completes`: the sole target)."""
        state = self.state
        if self.finished or state is None or state.over or state.to_move is None:
            return None
        seat = self.seats[state.to_move]
        if seat.kind != "human" or not seat.auto_pass:
            return None
        legal = state.legal
        if not self.game.plays_for_person(legal, self.last_actor == seat.seat):
            return None
        return seat.seat, legal[0]

    def names(self) -> list[str]:
        """What the log calls each seat: its player's name (P1, P2 ... where none)."""
        return [s.name for s in self.seats]

    def observation(self, seat: int | None) -> dict:
        """observe(seat), worked out once per version however many watch."""
        cached = self._views.get(seat)
        if cached is not None and cached[0] == self.version:
            return cached[1]
        observation = self.ensure_state().observe(seat)
        self._views[seat] = (self.version, observation)
        return observation

    def view(self, seat: int | None, since: int = 0, lang: str = "en") -> dict:
        """Everything `seat` (None = spectator) is sent: its observation, the events
        from `since` on as it sees them, and its legal actions when it is to move (with
        the options it cannot take now and why, `unavailable`), with labels and messages
        in `lang`. Before the deal, only the seats: no game."""
        view = {
            "type": "view",
            "table": self.id,
            "game": self.game.id,
            "version": self.version,
            "seat": seat,
            "status": self.status(),
            "dealt": self.row.dealt,
            "result": self.row.result,
            "seats": [public_seat(s) for s in self.seats],
            "ai_error": self.ai_error,
            "grace": self.row.grace,
            "rematch": self.row.rematch,
            "format": self.row.format,
        }
        view |= self._play(seat, since, lang) if self.row.dealt else undealt()
        if seat is not None:
            view["auto_pass"] = self.seats[seat].auto_pass
        return view

    def _play(self, seat: int | None, since: int, lang: str) -> dict:
        """The game part of a view: the seat's observation, its log and its actions."""
        state = self.ensure_state()
        playing = not self.finished and not state.over
        length = notes.log_length(state, self.row.notes, seat)
        since = max(0, min(since, length))
        legal, unavailable = [], []
        if seat is not None and playing and state.to_move == seat:
            with named(self.names()):  # a label naming a place names its seat as the log does
                legal = [{"id": a.id, "label": a.text(lang)} for a in state.legal_actions()]
                unavailable = state.unavailable(lang)  # what it cannot take now, and why
        return {
            "to_move": state.to_move if playing else None,
            "observation": self.observation(seat),
            "since": since,
            "events": notes.events(state, self.row.notes, seat, since, lang, self.names()),
            "next": length,
            "legal": legal,
            "unavailable": unavailable,
            "outcome": self.outcome(lang),
            "goal": self.goal(lang),
        }

    def outcome(self, lang: str) -> dict | None:
        """The end in words (None while the game is played), each seat's standing read
        from the final public observation."""
        if self.row.result is None:
            return None
        final = self.observation(None)
        return notes.outcome(self.game.id, self.row.result, self.names(), lang, final)

    def summary(self) -> dict:
        return row_summary(self.row, self.version, self.ai_error)

    def notify(self) -> None:
        for listener in list(self.listeners):
            listener()


def undealt() -> dict:
    """The game part of a view before the deal: none (no hand, no deck, no seed)."""
    return {
        "to_move": None,
        "observation": None,
        "since": 0,
        "events": [],
        "next": 0,
        "legal": [],
        "unavailable": [],
        "outcome": None,
        "goal": None,
    }


def row_status(row: TableRow) -> str:
    if row.finished:
        return "finished"
    return "open" if any(open_seat(s) for s in row.seats) else "running"


def row_summary(row: TableRow, version: int, ai_error: str = "") -> dict:
    return {
        "id": row.id,
        "game": row.game,
        "title": row.title,
        "players": row.players,
        "options": row.options,
        "status": row_status(row),
        "version": version,
        "created": row.created,
        "seats": [public_seat(s) for s in row.seats],
        "result": row.result,
        "ai_error": ai_error,
        "grace": row.grace,
        "rematch": row.rematch,
        "format": row.format,
        "scenario": row.scenario is not None,  # that it started from one, never its text
        "dealt": row.dealt,  # False: each person joining brings a deck; the last deals
    }


def rebuild(game: Game, row: TableRow, actions: list[str] | None = None) -> State:
    """The game of a record: set up from seed, options and decks (or started from its
    scenario), then every action."""
    if row.scenario is not None:
        state = scenarios.loaded(row.scenario).start()
    else:
        state = game.new_state(row.seed, row.players, row.options, row.decks, format=row.format)
    for action_id in row.actions if actions is None else actions:
        state.apply(action_id)
    return state


def played_on(state: State, actions: list[str]) -> State:
    """`state` with `actions` applied to it (the caller's own: it is changed)."""
    for action_id in actions:
        state.apply(action_id)
    return state
