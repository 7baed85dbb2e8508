"""Positions for Precious Memories rule tests, built by hand.

`build` takes a fresh game and lays out exactly the table a test asks for:

    st = build(
        main=(["SHD-002"], ["SHD-007 rested"]),  # main areas, one list per seat
        hand=(["SHD-018"], []),
        points=([], ["SHD-021 down"]),
        at="approach",                             # stop at P1's approach declaration
    )

A card on the table is its id followed by any of the words `rested`, `new` (it
appeared this turn), `down` (a face-down point card) and `+ID` (a support card set
on that character). Cards the test does not place stay in the decks; `deck_top`
names the top cards of a deck, the first drawn first. The log starts empty.
"""

from __future__ import annotations

from tcglab.games.pm import GAME
from tcglab.games.pm.state import DECK, PMState

STOPS = {
    "main": lambda c: [("turn_end", c), ("approach_declare", c), ("window", c, "main", 0, 1)],
    "approach": lambda c: [("turn_end", c), ("approach_declare", c)],
    "turn_start": lambda c: [("turn_start", c)],
    "end": lambda c: [("turn_end", c)],
}


def build(
    *,
    main=((), ()),
    support=((), ()),
    hand=((), ()),
    points=((), ()),
    discard=((), ()),
    deck_top=((), ()),
    current: int = 0,
    turn: int = 3,
    first: int = 0,
    at: str = "main",
    options: dict | None = None,
    seed: int = 1,
) -> PMState:
    opts = {"first_player": "p1", "redraw": False, **(options or {})}
    st: PMState = GAME.new_state(seed, options=opts)
    st.result, st.log, st.history, st.mods, st.limbo = None, [], [], [], []
    st.approach, st.obstructor, st.discount, st.bottom = (), -1, [0, 0], [0, 0]
    for seat in range(2):
        free = list(range(seat * DECK, (seat + 1) * DECK))
        for name in ("hand", "discard", "points", "main", "support"):
            getattr(st, name)[seat] = []
        for inst in free:
            st.down[inst], st.rested[inst], st.host[inst], st.entered[inst] = False, False, -1, -1
        for zone, specs in (
            ("main", main[seat]),
            ("support", support[seat]),
            ("hand", hand[seat]),
            ("points", points[seat]),
            ("discard", discard[seat]),
        ):
            for spec in specs:
                _place(st, seat, zone, spec, free, turn)
        top = [_take(st, free, card_id) for card_id in deck_top[seat]]
        st.deck[seat] = free + list(reversed(top))
    st.turn, st.current, st.first = turn - (at == "turn_start"), current, first
    st.stack = STOPS[at](current)
    st.advance()
    return st


def _take(st: PMState, free: list[int], card_id: str) -> int:
    inst = free.pop()
    st.cid[inst] = st.cards.index(card_id)
    return inst


def _place(st: PMState, seat: int, zone: str, spec: str, free: list[int], turn: int) -> None:
    card_id, *words = spec.split()
    inst = _take(st, free, card_id)
    getattr(st, zone)[seat].append(inst)
    for word in words:
        if word == "rested":
            st.rested[inst] = True
        elif word == "new":
            st.entered[inst] = turn
        elif word == "down":
            st.down[inst] = True
        elif word.startswith("+"):
            st.host[_take(st, free, word[1:])] = inst
        else:
            raise ValueError(f"{spec!r}: words are rested, new, down and +ID")


# -- reading a position ------------------------------------------------------------


def ids(st: PMState) -> list[str]:
    return [a.id for a in st.legal_actions()]


def play(st: PMState, *actions: str) -> None:
    """Apply actions by id, in order; each must be legal."""
    for action in actions:
        st.apply(action)


def passes(st: PMState, count: int = 2) -> None:
    for _ in range(count):
        st.apply("pass")


def cards(st: PMState, zone: str, seat: int) -> list[str]:
    return [st.card(i).id for i in getattr(st, zone)[seat]]


def values(st: PMState, ref: str) -> tuple[int, int]:
    return st.values(st.at(ref))


def kinds(st: PMState) -> list[str]:
    return [e.kind for e in st.log]


def events(st: PMState, kind: str) -> list[dict]:
    return [e.data for e in st.log if e.kind == kind]


def pass_windows(st: PMState) -> None:
    """Both players pass every card-use timing (and interrupt) until another decision
    or the end of this turn."""
    turn = st.turn
    while st.turn == turn and st.to_move is not None and st.stack[-1][0] in ("window", "interrupt"):
        st.apply("pass" if st.stack[-1][0] == "window" else "allow")
