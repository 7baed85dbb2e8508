"""Positions for Princess Scramble rule tests, built by hand.

Rule tests use a small card set of their own (`CARDS`), so each worked example has
exactly the numbers the digest gives. `build` lays out a table:

    st = build(
        [["A4", "B3 exhausted damage=1"], ["D2 sick"]],  # fields, one list per seat
        hands={0: ["EV_BOOST"]},
        energy=[3, 0],                                    # energy cards per seat
        to_move=0,
    )

A character is its card id followed by any of `exhausted`, `sick`, `damage=n`,
`energy=n` (energy it occupies, counted in that seat's energy). The state stops at
`to_move`'s main phase of turn 3 (draw already taken), or with `at="turn_start"` at
the very start of that seat's turn. The log starts empty.
"""

from __future__ import annotations

from tcglab.games.ps import GAME
from tcglab.games.ps.cards import build_card_set
from tcglab.games.ps.field import Placed, Unit
from tcglab.games.ps.state import PSState

WORKS = {"w1": ("第一作", "Work One"), "w2": ("第二作", "Work Two")}


def char(cid, technique, sense, life, *, level=1, work="w1", support=None, name=None, ability=None):
    table = {
        "id": cid,
        "name_ja": cid,
        "name_en": name or cid,
        "work": work,
        "level": level,
        "technique": technique,
        "sense": sense,
        "life": life,
        "support": support or [{"technique": 0}],
    }
    if ability:
        # {"effect": kind, "amount": n, "duration": d, "cost": c, "timing": t}: one part
        ability = dict(ability)
        table["ability"] = {"name_ja": "技", "name_en": "Knack"}
        for key in ("cost", "timing"):
            if key in ability:
                table["ability"][key] = ability.pop(key)
        table["ability"]["effects"] = [part(**ability)]
    return table


def part(effect, amount=None, duration=None):
    """One effect part as a card file writes it."""
    table = {"kind": effect}
    for key, value in (("amount", amount), ("duration", duration)):
        if value is not None:
            table[key] = value
    return table


def ev(eid, level, effect, amount=None, duration=None, timing=None, parts=None):
    """An event of one part, or of several (`parts`, tables made by `part`)."""
    table = {"id": eid, "name_ja": eid, "name_en": eid, "level": level}
    table["effects"] = [part(effect, amount, duration)] if parts is None else parts
    if timing is not None:
        table["timing"] = timing
    return table


CHARACTERS = [
    char("A4", 4, "0", 4),  # PS-WE-1 attacker
    char("A3", 3, "0", 3),
    char("A1", 1, "0", 3),
    char("A5", 5, "0", 4, level=2),  # PS-WE-4 attacker
    char("D1", 2, "-1", 3),  # PS-WE-1 defender
    char("H2", 1, "x1/2", 3),  # PS-WE-2 halving sense
    char("M3", 1, "-3", 3),  # PS-WE-2 sense -3
    char("X2", 2, "0", 2, level=0),  # PS-WE-4 defenders
    char("Y2", 2, "0", 2, level=0),
    char("Z2", 2, "0", 2, level=0),
    char("L2", 1, "0", 2, level=2),  # PS-WE-5 level 2
    char("L3", 1, "0", 2, level=3),
    char("L2B", 1, "0", 2, level=2, name="L2"),  # a second version of L2
    char("S1", 1, "0", 3, work="w2", support=[{"technique": 1}, {"technique": 2}, {"guard": 3}]),
    char("S2", 1, "0", 3, work="w2", support=[{"technique": 1}]),
    char("S3", 1, "0", 3, work="w2", support=[{"guard": 1}]),
    char("S4", 1, "0", 3, work="w2", support=[{"technique": 1}, {"guard": 1}]),
    char("Q1", 2, "0", 2, ability={"effect": "boost", "amount": 2, "cost": "exhaust"}),
    char("Q2", 1, "0", 2, ability={"effect": "draw", "amount": 1}),
    char("Q3", 1, "0", 2, ability={"effect": "shield", "amount": 2, "timing": "battle"}),
]
EVENTS = [
    ev("E_BOOST", 1, "boost", 2, "turn"),
    ev("E_GUARD", 2, "shield", 1, "field"),
    ev("E_DRAW", 1, "draw", 1),
    ev("E_BURN", 1, "burn", 2),
    ev("E_STRIKE", 1, "strike", 2),
    ev("E_REVIVE", 0, "revive"),
    ev("E_COVER", 1, "shield", 3, "turn", "battle"),
    ev("E_HEAL", 0, "heal", 2),
    ev("E_READY", 0, "ready"),
    ev("E_TIRE", 0, "tire"),
    ev("E_RALLY", 1, "rally", 1, "turn"),
    ev("E_WEAKEN", 0, "weaken", 2, "turn"),
    ev("E_AURA", 1, "rally", 1, "field"),
    ev("E_SNIPE", 1, "strike", 2, timing="battle"),
    ev("E_COMBO", 1, None, parts=[part("strike", 1), part("draw", 1)]),
]
CARDS = build_card_set(WORKS, CHARACTERS, EVENTS, "test cards")
FILLER = "A1"


def build(
    fields: list[list[str]],
    *,
    hands: dict[int, list[str]] | None = None,
    decks: dict[int, list[str]] | None = None,
    energy: list[int] | None = None,
    events: dict[int, list[str]] | None = None,
    trashes: dict[int, list[str]] | None = None,
    hurt: list[int] | None = None,
    to_move: int = 0,
    at: str = "main",
    options: dict | None = None,
    seed: int = 1,
    cards=CARDS,
) -> PSState:
    """A position; decks default to 20 filler cards each (the first listed on top)."""
    st = PSState(GAME, seed, GAME.resolve_options(options), cards)
    for seat in (0, 1):
        top = (decks or {}).get(seat, [FILLER] * 20)
        st.deck[seat] = [cards.number(c) for c in reversed(top)]
        st.hand[seat] = [cards.number(c) for c in (hands or {}).get(seat, [])]
        st.trash[seat] = [cards.number(c) for c in (trashes or {}).get(seat, [])]
        st.energy[seat] = [cards.number(FILLER)] * (energy or [0, 0])[seat]
        for spec in fields[seat] if seat < len(fields) else []:
            st.units[seat].append(_unit(st, spec))
        for card_id in (events or {}).get(seat, []):
            st.events[seat].append(
                Placed(st.uid(), cards.number(card_id), cards.card(card_id).level)
            )
    st.hurt = list(hurt or [0, 0])
    st.first = st.current = to_move
    if at == "main":
        st.turn = 3
        st.stack = [("reset", to_move), ("window", to_move, "end", 0), ("main", to_move)]
    elif at == "turn_start":
        st.turn = 2
        st.stack = [("turn_start", to_move)]
    else:
        raise ValueError("at is 'main' or 'turn_start'")
    st.advance()
    return st


def _unit(st: PSState, spec: str) -> Unit:
    card_id, *words = spec.split()
    fields = {"exhausted": False, "sick": False, "damage": 0, "occ": 0}
    for word in words:
        key, _, value = word.partition("=")
        if key in ("exhausted", "sick"):
            fields[key] = True
        elif key in ("damage", "energy"):
            fields["damage" if key == "damage" else "occ"] = int(value)
        else:
            raise ValueError(f"{spec!r}: unknown word {word!r}")
    return Unit(st.uid(), st.cards.number(card_id), **fields)


# -- reading a position ------------------------------------------------------------


def ids(st: PSState) -> list[str]:
    return [a.id for a in st.legal_actions()]


def play(st: PSState, *actions: str) -> None:
    for action in actions:
        st.apply(action)


def field(st: PSState, seat: int) -> list[str]:
    return [st.card(u.card).id for u in st.units[seat]]


def unit(st: PSState, seat: int, card_id: str) -> Unit:
    return next(u for u in st.units[seat] if st.card(u.card).id == card_id)


def hand(st: PSState, seat: int) -> list[str]:
    return [st.card(c).id for c in st.hand[seat]]


def trash(st: PSState, seat: int) -> list[str]:
    return [st.card(c).id for c in st.trash[seat]]


def kinds(st: PSState) -> list[str]:
    return [e.kind for e in st.log]


def events(st: PSState, kind: str) -> list[dict]:
    return [e.data for e in st.log if e.kind == kind]


def next_turn(st: PSState) -> None:
    """End the main phase and pass every window until the next player's turn begins."""
    current = st.current
    for _ in range(100):
        if st.current != current or st.over:
            return
        legal = ids(st)
        st.apply("end" if "end" in legal else "pass")
    raise AssertionError(f"seat {current}'s turn did not end within 100 actions")
