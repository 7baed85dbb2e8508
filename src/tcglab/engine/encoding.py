"""What every game's `encoding` tool shares: a fixed vocabulary of action ids, each at
one index, and one seat's observation as a flat tensor cut into named blocks, for
learning agents (tcglab.rl reads it through the capability; games never import
tcglab.rl).

A game's encoding subclasses `Encoding`, passing its vocabulary and its blocks (name,
length, what it holds) to `__init__`, and writes its own tensor in `write`, with the
base's writing steps that the games' tensors have in common.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from tcglab.engine.capabilities import Capability

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence


class Encoding:
    """A fixed action vocabulary and tensor layout: `actions`, `index(action_id)`,
    `layout` ((name, start, length, what) per block), `size`, `write` and
    `write_state`."""

    def __init__(self, actions: Sequence[str], blocks: Iterable[tuple[str, int, str]]) -> None:
        self.actions = actions
        self._index = {action: i for i, action in enumerate(actions)}
        self.layout, start = [], 0
        for name, length, what in blocks:
            self.layout.append((name, start, length, what))
            start += length
        self.size = start
        self._start = {name: at for name, at, _, _ in self.layout}
        self._numbers: dict[tuple[int, int], tuple] = {}  # see `numbers`

    def index(self, action_id: str) -> int:
        """The index of an action id (KeyError for an id outside the vocabulary)."""
        return self._index[action_id]

    def write(self, view: dict, out) -> None:
        """One seat's observation into `out`, a zeroed sequence of `size` numbers."""
        raise NotImplementedError

    def write_state(self, state, seat: int | None, out) -> None:
        """The numbers `write(state.observe(seat), out)` gives. A game may write them
        straight from the state, reading only what `seat` may see, to spare building the
        observation; this default builds it."""
        self.write(state.observe(seat), out)

    def numbers(self, cards: Sequence, indexes: dict[str, int]) -> list:
        """For each card number (a place in `cards`, the state's card list), its by-card
        index in `indexes` (None for a card outside them); worked out once per list."""
        key = (id(cards), id(indexes))
        found = self._numbers.get(key)
        if found is None:  # the lists are kept with the result, so an id is never reused
            found = (cards, indexes, [indexes.get(c.id) for c in cards])
            self._numbers[key] = found
        return found[2]

    # The writing steps the games' tensors share.

    @staticmethod
    def one_of(out, at: int, value, choices: Sequence) -> None:
        """A one-hot of `value` among `choices`, with one slot after them for any other."""
        out[at + (choices.index(value) if value in choices else len(choices))] = 1.0

    @staticmethod
    def mark_seats(out, at: int, seats: Iterable[int | None], me: int, players: int, width: int):
        """For each seat in `seats`, a one-hot block of `width` slots marking it counted
        from the observer `me`; a seat of None or below 0 (nobody) marks nothing."""
        for k, seat in enumerate(seats):
            if seat is not None and seat >= 0:
                out[at + k * width + (seat - me) % players] = 1.0

    def start_two_seat(self, view: dict, out, turns: int, steps: Sequence) -> tuple[int, int]:
        """The head of a two-seat game's tensor: the turn over `turns`, the turn player,
        the first player and the seat to move counted from the observer, and the step
        as a one-hot among `steps`. Returns the observer and where the next block starts."""
        me = 0 if view["seat"] is None else view["seat"]
        at = self._start["game"]
        out[at] = view["turn"] / turns
        self.mark_seats(out, at + 1, (view["current"], view["first"], view["to_move"]), me, 2, 2)
        at += 7
        self.one_of(out, at, view["step"], steps)
        return me, at + len(steps) + 1

    def start_two_seat_state(self, state, seat: int, out, turns: int, steps: Sequence) -> int:
        """The numbers `start_two_seat` writes, read from a two-seat state whose open
        step is the top of its stack; returns where the next block starts."""
        at = self._start["game"]
        out[at] = state.turn / turns
        for k, s in enumerate((state.current, state.first, state.to_move)):
            if s is not None and s >= 0:
                out[at + 1 + 2 * k + (s - seat) % 2] = 1.0
        at += 7
        self.one_of(out, at, state.stack[-1][0] if state.stack else None, steps)
        return at + len(steps) + 1

    @staticmethod
    def count_cards(out, at: int, indexes: dict[str, int], ids: Iterable[str]) -> None:
        """How many of each card `ids` holds, by card from `at`."""
        for card in ids:
            out[at + indexes[card]] += 1.0


def card_indexes(cards: Iterable) -> dict[str, int]:
    """Each card's id at its place in the cards sorted by id: the order of every
    by-card block of a tensor."""
    return {card.id: i for i, card in enumerate(sorted(cards, key=_id))}


def encoding_capability(build: Callable[[], Encoding], rule: str) -> Capability:
    """The `encoding` tool a game declares: `run()` gives the encoding, built by `build`
    on the first call only (it reads the card set), and `rule` is the rule that bounds
    its vocabulary."""
    return Capability(
        "encoding",
        "fixed action space and observation tensor",
        "Every action id as an index of a fixed vocabulary and one seat's observation as "
        "numbers, for learning agents (tcglab.rl).",
        cache(build),
        rule=rule,
        title_ja="固定の行動空間と観測テンソル",
        summary_ja="学習エージェント用に、行動IDを固定の語彙の番号に、各席の観測を数値の列にします（tcglab.rl）。",
    )


def _id(card) -> str:
    return card.id
