"""Positions for Higurashi rule tests, built by hand.

`build` takes a freshly dealt game and lays out exactly the table a test asks for:

    st = build(
        [["C02 up", "C11"], ["C44 up sideways"]],  # rows, one list per seat
        hands={0: ["E07"]},                          # event cards in hand
        to_move=0,
    )

A character is written as its card id followed by any of the words `up` (face-up,
so every seat knows it) and `sideways`; without `up` it lies face-down and only its
owner knows it. Cards the test does not place stay in the character pile and the
event deck, both in card order (the highest-numbered card on top), so unplanned
draws are the same in every run. The log starts empty, so a test reads only the
events its own actions caused.
"""

from __future__ import annotations

from collections.abc import Iterable

from tcglab.games.higurashi import GAME, continuous
from tcglab.games.higurashi.state import HigurashiState
from tcglab.games.higurashi.table import EVERYONE


def build(
    rows: list[list[str]],
    *,
    hands: dict[int, list[str]] | None = None,
    deck: list[str] | None = None,
    captured: dict[int, list[str]] | None = None,
    pile: list[str] | None = None,
    out: Iterable[int] = (),
    to_move: int = 0,
    at: str = "main",
    options: dict | None = None,
    seed: int = 1,
) -> HigurashiState:
    """A position with one row of characters per seat, stopped at `to_move`'s decision.

    `hands` and `captured` give each seat's event cards and captured characters;
    `deck` lists the event cards on top of the event deck, the first drawn first;
    `pile`, if given, is the whole character pile, the first recruited first (the
    other unplaced characters are set aside); `out` names seats already eliminated
    (give them empty rows). `at="main"` stops at the main decision of turn 1 with the
    hands exactly as given; `at="turn_start"` begins that turn from its draw.
    """
    st: HigurashiState = GAME.new_state(seed, len(rows), options)
    _clear(st)
    for seat, row in enumerate(rows):
        for spec in row:
            _place(st, seat, spec)
    for seat, cards in (captured or {}).items():
        for card_id in cards:
            inst = _take_character(st, card_id)
            st.up[inst], st.known[inst] = True, EVERYONE
            st.captured[seat].append(inst)
    for seat, cards in (hands or {}).items():
        st.hands[seat].extend(_take_event(st, card_id) for card_id in cards)
    on_top = [_take_event(st, card_id) for card_id in deck or ()]
    st.event_deck.extend(reversed(on_top))
    if pile is not None:
        st.char_pile = [_take_character(st, card_id) for card_id in reversed(pile)]
    gone = set(out)
    st.alive = tuple(seat not in gone for seat in range(st.players))
    _set_turn(st, to_move, at)
    st.advance()
    return st


def _clear(st: HigurashiState) -> None:
    count = len(st.cid)
    st.char_pile = list(range(count))
    st.owner, st.up, st.side, st.known = [-1] * count, [False] * count, [False] * count, [0] * count
    st.rows = [[] for _ in range(st.players)]
    st.hands = [[] for _ in range(st.players)]
    st.captured = [[] for _ in range(st.players)]
    st.event_deck = list(range(len(st.eid)))
    st.discard, st.attached, st.mods = [], {}, ()
    st.alive = (True,) * st.players
    continuous.refresh(st)


def _place(st: HigurashiState, seat: int, spec: str) -> None:
    card_id, *words = spec.split()
    unknown = set(words) - {"up", "sideways"}
    if unknown:
        raise ValueError(f"{spec!r}: words after the card id are 'up' and 'sideways'")
    inst = _take_character(st, card_id)
    st.rows[seat].append(inst)
    st.owner[inst] = seat
    st.up[inst] = "up" in words
    st.side[inst] = "sideways" in words
    st.known[inst] = EVERYONE if st.up[inst] else 1 << seat


def _take_character(st: HigurashiState, card_id: str) -> int:
    for inst in st.char_pile:
        if st.char(inst).id == card_id:
            st.char_pile.remove(inst)
            return inst
    raise ValueError(f"character {card_id} is unknown or already placed")


def _take_event(st: HigurashiState, card_id: str) -> int:
    for inst in st.event_deck:
        if st.event_card(inst).id == card_id:
            st.event_deck.remove(inst)
            return inst
    raise ValueError(f"no copy of event {card_id} is left to place")


def _set_turn(st: HigurashiState, seat: int, at: str) -> None:
    st.result, st.roll, st.log, st.history = None, None, [], []
    st.first = st.current = seat
    if at == "main":
        st.turn, st.round, st.played, st.stack = 1, 1, 1 << seat, [("main", seat)]
    elif at == "turn_start":
        st.turn, st.round, st.played, st.stack = 0, 0, 0, [("turn_start", seat)]
    else:
        raise ValueError("at is 'main' or 'turn_start'")


# -- reading a position ------------------------------------------------------------


def ids(st: HigurashiState) -> list[str]:
    """The ids of the legal actions now."""
    return [a.id for a in st.legal_actions()]


def play(st: HigurashiState, *actions: str) -> None:
    """Apply actions by id, in order. A die window that offers a seat nothing but
    "pass" (it holds cards, none of them die cards) is answered with "pass", as a
    player at the table would without a second thought."""
    for action in actions:
        st.apply(action)
        while st.to_move is not None and st.stack[-1][0] == "window" and ids(st) == ["pass"]:
            st.apply("pass")


def inst(st: HigurashiState, card_id: str) -> int:
    """The physical card that carries character `card_id`."""
    return next(i for i in range(len(st.cid)) if st.char(i).id == card_id)


def row(st: HigurashiState, seat: int) -> list[str]:
    """The character ids in a seat's row, in slot order."""
    return [st.char(i).id for i in st.rows[seat]]


def captured(st: HigurashiState, seat: int) -> list[str]:
    return [st.char(i).id for i in st.captured[seat]]


def hand(st: HigurashiState, seat: int) -> list[str]:
    return sorted(st.event_card(e).id for e in st.hands[seat])


def face_up(st: HigurashiState, card_id: str) -> bool:
    return st.up[inst(st, card_id)]


def sideways(st: HigurashiState, card_id: str) -> bool:
    return st.side[inst(st, card_id)]


def kinds(st: HigurashiState, start: int = 0) -> list[str]:
    """The kinds of the events logged from `start` on."""
    return [e.kind for e in st.log[start:]]


def events(st: HigurashiState, kind: str) -> list[dict]:
    """The public data of every logged event of one kind."""
    return [e.data for e in st.log if e.kind == kind]


def messages(st: HigurashiState, seat: int | None, start: int = 0) -> list[str]:
    """The human messages of the log as `seat` sees them."""
    return [e["message"] for e in st.events_for(seat, start)]
