"""The State protocol every game implements (DESIGN.md section 2).

A state is a state machine that stops wherever a seat must decide. Where the rules
stand inside a turn is plain data held by the state, so `clone`, `snapshot` and
replays need nothing but copies of lists and numbers.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Iterable
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from tcglab.engine.actions import Action
from tcglab.engine.errors import IllegalAction
from tcglab.engine.events import Event
from tcglab.engine.layout import Layout
from tcglab.engine.messages import named
from tcglab.engine.rng import Rng

if TYPE_CHECKING:
    from tcglab.engine.game import Game


class Result(NamedTuple):
    """How a game ended: the winning seats, a score per seat, and why."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str

    def to_dict(self) -> dict:
        """As plain JSON data, for observations."""
        return {"winners": list(self.winners), "scores": list(self.scores), "reason": self.reason}


def canonical_json(data) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest_of(data) -> str:
    return hashlib.sha256(canonical_json(data).encode()).hexdigest()


_new = tuple.__new__

_DEAL_FORCED: ContextVar[tuple | None] = ContextVar("tcglab_deal_forced", default=None)


@contextmanager
def dealt_with(forced: Iterable[tuple[str, Iterable[int]]]):
    """Within it, the next game begun (`State.begin`) has these results forced by
    purpose from its very first draw, such as who goes first: `with dealt_with([
    ("first_player", [1])]): game.new_state(seed)`. A scenario without a position deals
    this way."""
    token = _DEAL_FORCED.set(tuple((p, tuple(v)) for p, v in forced))
    try:
        yield
    finally:
        _DEAL_FORCED.reset(token)


class State(ABC):
    """One game in progress.

    Subclasses keep `to_move` (the seat that decides now, or None once the game is
    over), `_legal` (its legal actions, worked out once when the game stops there),
    `result`, `history` (the ids of the actions applied) and `log` (events), and
    implement the abstract methods below.
    """

    # No `__dict__` of its own: a game's state class may keep its fields in `__slots__`
    # (see Layout's `slots`); one that declares none has a `__dict__` as usual.
    __slots__ = ()
    # The fields `begin` sets: what a slotted state class lists before its own.
    BEGUN = ("game", "seed", "players", "options", "rng", "to_move", "result")
    BEGUN += ("history", "log", "_shared", "_legal")

    game: Game
    seed: int
    players: int
    options: dict
    rng: Rng
    to_move: int | None
    result: Result | None
    history: list[str]
    log: list[Event]
    _legal: list[Action]
    #: The fields that change and how to copy them; `clone` and `snapshot` follow it.
    LAYOUT: ClassVar[Layout | None] = None
    # True while a clone may share this state's `log` and `history` (see own_log).
    _shared = False
    # The game's refused options and their reasons (tcglab.engine.unavailable.Refusals),
    # for `unavailable` and for the message of a typed id that is refused; None: none.
    refusals: ClassVar = None

    def begin(self, game: Game, seed: int, players: int, options: dict) -> None:
        """What every game starts with: who plays what, under which options, with the
        generator seeded from `seed`; no action taken, no event, no decision yet. A
        game's `__init__` calls it first, then sets up its own fields."""
        self.game, self.seed, self.players, self.options = game, seed, players, options
        self.rng = Rng(seed)
        forced = _DEAL_FORCED.get()
        if forced:  # `dealt_with`: the first state begun takes them (a format's own, not
            _DEAL_FORCED.set(None)  # the games it begins later)
            for purpose, values in forced:
                self.rng.force_for(purpose, *values)
        self.to_move = None
        self.result = None
        self.history = []
        self.log = []
        self._shared = False
        self._legal = []

    @property
    def over(self) -> bool:
        return self.result is not None

    # -- deciding -------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal choice of the seat to move (empty once the game is over)."""
        return list(self._legal)

    @property
    def legal(self) -> list[Action]:
        """The legal actions themselves, not a copy, for callers that only read them
        (a playout, a server) and would otherwise copy the list at every step."""
        return self._legal

    def take(self, action: Action) -> None:
        """`apply` for an action from this state's own legal list, legal by
        construction: the same steps without looking it up again by id."""
        if self._shared:
            self.own_log()
        self.history.append(action[0])  # an Action is a tuple led by its id
        self._apply(action)

    def apply(self, action: Action | str) -> None:
        """Take a legal action (or its id) and advance to the next decision.

        An action that is not legal raises IllegalAction and changes nothing.
        """
        if isinstance(action, str):
            action_id = action
        else:  # an Action is a tuple led by its id
            action_id = action[0] if isinstance(action, Action) else getattr(action, "id", None)
            if not isinstance(action_id, str):
                raise IllegalAction(
                    f"{action!r} is not an action: give an action id (a str) or an Action "
                    "from legal_actions()"
                )
        for legal in self._legal:
            if legal[0] == action_id:
                break
        else:
            raise IllegalAction(self._illegal_message(action_id))
        if self._shared:
            self.own_log()
        self.history.append(action_id)
        self._apply(legal)

    def unavailable(self, lang: str = "en") -> list[dict]:
        """What the seat to move could ordinarily choose at this kind of decision but
        cannot now, each as `{"id", "label", "why"}` in `lang` ("en" or "ja"): the id
        the action would have, what it would be, and the rules' reason in words (a card
        in hand whose cost cannot be paid, an ability already used this round). It
        speaks only of what that seat may know, never lists a legal id, and changes
        nothing (state and generator alike). None by default, and once the game is over;
        games give theirs with `tcglab.engine.unavailable` (`refusals`)."""
        return [] if self.refusals is None else self.refusals.unavailable(self, lang)

    def refusal(self, action_id: str) -> str | None:
        """Why the seat to move may not take `action_id` now, for the person who typed
        it: the rule with its ID, or a slip of the input ("no card there"); None when
        the game has nothing to say beyond its legal actions. A table of several games
        answers with its game in progress (`unavailable.reworded`)."""
        if self.to_move is None or self.refusals is None:
            return None
        return self.refusals.why_not(self, action_id)

    def _illegal_message(self, action_id: str) -> str:
        if self.over:
            return f"'{action_id}' is not legal: the game is over"
        ids = [a.id for a in self.legal_actions()]
        shown = ", ".join(ids[:12]) + (f" ... ({len(ids)} in all)" if len(ids) > 12 else "")
        reason = self.refusal(action_id)
        if reason is not None:
            return f"{reason}; legal: {shown}"
        return f"'{action_id}' is not a legal action for seat {self.to_move} now; legal: {shown}"

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out an action already known to be legal."""

    # -- information ----------------------------------------------------------

    @abstractmethod
    def observe(self, seat: int | None) -> dict:
        """What `seat` may know, as JSON-able data; None is the spectator's view.

        Never contains the seed, the generator state or a hidden card's identity.
        """

    def glance(self, seat: int | None) -> dict:
        """Part of `observe(seat)`, for agents that read only some of it at every step
        of a search playout: the same keys with the same values, where any dict may
        leave keys out (the conformance suite checks both, and that a glance, like the
        observation, survives `determinize`). It may share the game's own card data:
        read it, never change it. By default the whole observation."""
        return self.observe(seat)

    def determinize(self, seat: int, rng: Rng) -> State:
        """A full state consistent with all `seat` knows, every hidden thing resampled.

        The kernel does what every game shares: copy, let the game resample what the
        seat cannot see (`resample_hidden`), give the copy fresh future dice and the log
        as the seat saw it, and work out the open decision's choices again, since they
        may name resampled cards. The conformance suite checks every game's result
        (observations unchanged, play goes on from samples for every seat).
        """
        twin = self.clone()
        self.resample_hidden(twin, seat, rng)
        twin.rng = rng.derive()
        twin.log = self.public_log(seat)
        twin.refresh_legal()
        return twin

    def resample_hidden(self, twin: State, seat: int, rng: Rng) -> None:
        """Change in `twin` (a clone of this state) every identity that `seat` cannot
        know for another one consistent with what it does know."""
        raise NotImplementedError(f"{type(self).__name__} does not say what is hidden")

    def refresh_legal(self) -> None:  # noqa: B027  (a state with a step machine overrides it)
        """Work the open decision's actions out again (after resampling)."""

    def events_for(
        self, seat: int | None, start: int = 0, lang: str = "en", names=None
    ) -> list[dict]:
        """The event log from `start` on, as `seat` sees it (None = spectator), each
        event with its message in `lang` ("en" or "ja"); `names` (one per seat) are
        what the messages call the seats instead of P1, P2 ..."""
        describe = self.describe
        if not names:
            return [event.view(seat, describe, lang) for event in self.log[start:]]
        with named(names):
            return [event.view(seat, describe, lang) for event in self.log[start:]]

    def describe(self, kind: str, data: dict, lang: str = "en") -> str:
        """A human message for an event in `lang`; games override with their wording."""
        return kind + " " + canonical_json(data)

    def emit(self, kind: str, secret: dict[int, dict] | None = None, **data) -> None:
        if self._shared:
            self.own_log()
        self.log.append(_new(Event, (kind, data, secret)))  # Event(...) without its frame

    def own_log(self) -> list[Event]:
        """The event log, this state's own to write to: a clone shares the log and the
        action history with its original until either of them writes (most clones made
        by search never do), and the first to write copies both."""
        if self._shared:
            self.log, self.history = self.log[:], self.history[:]
            self._shared = False
        return self.log

    def public_log(self, keep_secrets_of: int) -> list[Event]:
        """The log with every secret stripped but those of one seat (for determinize)."""
        out = []
        for event in self.log:
            if event.secret is None:
                out.append(event)
            elif keep_secrets_of in event.secret:
                out.append(
                    Event(event.kind, event.data, {keep_secrets_of: event.secret[keep_secrets_of]})
                )
            else:
                out.append(event.public())
        return out

    # -- copying and identity -------------------------------------------------

    def clone(self) -> State:
        """An independent copy that behaves exactly as this state would."""
        layout = self.LAYOUT
        if layout is None:
            raise NotImplementedError(f"{type(self).__name__} declares no LAYOUT")
        return layout.clone(self)

    def snapshot(self) -> dict:
        """The complete state, hidden parts and generator included, as JSON-able data."""
        return self._layout().snapshot(self)

    def _layout(self) -> Layout:
        if self.LAYOUT is None:
            raise NotImplementedError(f"{type(self).__name__} declares no LAYOUT")
        return self.LAYOUT

    def digest(self) -> str:
        """A hash of the complete state: equal digests mean equal states."""
        return digest_of(self.snapshot())

    def events_digest(self) -> str:
        return digest_of([[e.kind, e.data, e.secret] for e in self.log])
