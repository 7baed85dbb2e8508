"""Where every card of a scenario is: each seat's hand, party slots F1-F3 and B1-B3,
points (the enemy characters it retired), and the deck, one shared pile (PGT-6.1) or
each player's own (PGT-15.2); with each card's face, tap, counters, this round's
defence bonuses and who has seen it.

Reading gives `Cards`: every card in the game in instance order and where each one is,
checked (an unknown card, a card in two places, a slot the rules do not have, a
party over 10 points); `place` puts them into a fresh state. Writing is the reverse,
leaving out whatever a file would say by default.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tcglab.engine.scenario import Fields
from tcglab.games.pgt.formation import SCORE_CAP, SLOTS
from tcglab.games.pgt.scenario.steps import SEATS
from tcglab.games.pgt.state import EVERYONE

if TYPE_CHECKING:
    from tcglab.games.pgt.state import PgtState

OWN_DECK = 18  # PGT-15.2 a deck of one's own holds 18 cards
SEAT_KEYS = ("hand", "points", "deck", "deck_shuffled", "cards", "forming", *SLOTS)
SLOT_KEYS = ("card", "face", "tapped", "counters", "pdef_bonus", "mdef_bonus", "known")
ITEM_KEYS = ("card", "known")
EMPTY = "empty"


@dataclass
class Spot:
    """One card's place: its zone ("hand", "deck", "points", "field"), the seat whose
    zone it is, the slot on the field, and the table that says more about it."""

    seat: int
    zone: str
    slot: int = -1
    more: Fields | None = None


@dataclass
class Cards:
    """Every card of the position, by id, with its place; the order of each pile."""

    shared: bool
    spots: dict[str, Spot] = field(default_factory=dict)
    instances: list[str] = field(default_factory=list)  # card ids, instance order
    origin: list[int] = field(default_factory=list)
    piles: dict[tuple[int, str], list[str]] = field(default_factory=dict)  # in file order
    shuffled: set[int] = field(default_factory=set)  # decks to shuffle: 0/1, or 0 shared
    forming: list[list[str]] = field(default_factory=lambda: [[], []])


def read_cards(game, position: Fields, sides: list[Fields]) -> Cards:
    by_id = game.cards.by_id
    cards = Cards(shared=position.one_of("decks", ("shared", "own"), "shared") == "shared")
    places: dict[str, str] = {}

    def add(table: Fields, name: str, card, spot: Spot) -> str:
        if not isinstance(card, str) or card not in by_id:
            raise table.fail(name, f"unknown card {card!r}; accepted: card ids 001 to 180")
        if card in places:
            raise table.fail(name, f"card {card} is in two places: {places[card]} and here")
        places[card] = table.field(name)
        cards.spots[card] = spot
        return card

    def pile(table: Fields, name: str, seat: int, zone: str) -> None:
        found = []
        for number, value in enumerate(table.items(name, []), 1):
            card, more = value, None
            if isinstance(value, dict):
                more = Fields(table.source, table.field(f"{name}.{number}"), value)
                more.only(*ITEM_KEYS)
                card = more.get("card")
            found.append(add(table, f"{name}.{number}", card, Spot(seat, zone, more=more)))
        cards.piles[(seat, zone)] = found

    def deck(table: Fields, seat: int) -> None:
        if table.has("deck") and table.has("deck_shuffled"):
            raise table.fail("deck_shuffled", "give deck (top first) or deck_shuffled, not both")
        name = "deck_shuffled" if table.has("deck_shuffled") else "deck"
        pile(table, name, seat, "deck")
        if name == "deck_shuffled":
            cards.shuffled.add(max(seat, 0))

    for seat, side in enumerate(sides):
        pile(side, "hand", seat, "hand")
        pile(side, "points", seat, "points")
        for slot, name in enumerate(SLOTS):
            if side.has(name):
                value, more = side.get(name), None
                if isinstance(value, dict):
                    more = side.table(name)
                    more.only(*SLOT_KEYS)
                    value = more.get("card")
                add(side, name, value, Spot(seat, "field", slot, more))
        if not cards.shared:
            deck(side, seat)
        elif side.has("deck") or side.has("deck_shuffled") or side.has("cards"):
            wrong = next(n for n in ("deck", "deck_shuffled", "cards") if side.has(n))
            raise side.fail(wrong, "the deck is shared (PGT-6.1); write it as position.deck")
    if cards.shared:
        if position.has("deck") or position.has("deck_shuffled"):
            deck(position, -1)
        else:  # PGT-6.1 the rest of the set, shuffled
            rest = [c.id for c in game.cards.cards if c.id not in cards.spots]
            cards.spots.update((c, Spot(-1, "deck")) for c in rest)
            cards.piles[(-1, "deck")] = rest
            cards.shuffled.add(0)
        cards.instances = sorted(cards.spots, key=by_id.__getitem__)
        cards.origin = [0] * len(cards.instances)
    else:
        for name in ("deck", "deck_shuffled"):
            if position.has(name):
                raise position.fail(name, "each player has an own deck: write p1.deck, p2.deck")
        for seat, side in enumerate(sides):
            mine = _own_cards(cards, seat, side, by_id)
            cards.instances += mine
            cards.origin += [seat] * len(mine)
    for seat, side in enumerate(sides):
        _read_forming(cards, seat, side)
    return cards


def _own_cards(cards: Cards, seat: int, side: Fields, by_id) -> list[str]:
    """PGT-15.2 the cards a player brought: `cards` in its order, else the player's own
    zones and the opponent's points; cards listed nowhere else are the deck, shuffled."""
    theirs = [
        card for card, spot in cards.spots.items() if (spot.seat == seat) != (spot.zone == "points")
    ]
    if not side.has("cards"):
        return theirs
    listed = side.items("cards")
    for number, card in enumerate(listed, 1):
        if not isinstance(card, str) or card not in by_id:
            raise side.fail(f"cards.{number}", f"unknown card {card!r}")
        if card in cards.spots and card not in theirs:
            raise side.fail(f"cards.{number}", f"card {card} is in the other player's zones")
    if len(listed) > OWN_DECK or len(set(listed)) != len(listed):
        raise side.fail("cards", f"a deck holds {OWN_DECK} different cards (PGT-15.2)")
    missing = [c for c in theirs if c not in listed]
    if missing:
        raise side.fail("cards", f"card {missing[0]} is in play for this seat but not listed")
    rest = [c for c in listed if c not in cards.spots]
    if rest and (side.has("deck") or side.has("deck_shuffled")):
        raise side.fail("cards", f"card {rest[0]} is listed but in no zone")
    for card in rest:
        cards.spots[card] = Spot(seat, "deck")
    cards.piles[(seat, "deck")] = cards.piles.get((seat, "deck"), []) + rest
    if rest:
        cards.shuffled.add(seat)
    return listed


def _read_forming(cards: Cards, seat: int, side: Fields) -> None:
    """A formation being built: the slots chosen so far, from the hand or the field."""
    chosen = side.items("forming", [])
    if len(chosen) > len(SLOTS):
        raise side.fail("forming", f"{len(chosen)} slots; a party has {len(SLOTS)}")
    for number, card in enumerate(chosen, 1):
        spot = cards.spots.get(card) if isinstance(card, str) else None
        if card != EMPTY and (spot is None or spot.seat != seat or spot.zone == "points"):
            raise side.fail(
                f"forming.{number}",
                f"{card!r}: expected 'empty' or a card of this seat's hand or party",
            )
    cards.forming[seat] = list(chosen)


def place(st: PgtState, cards: Cards, inst_of: dict[str, int]) -> None:
    """Every card into its zone of a fresh state, with its face, tap and knowledge."""
    st.decks = [[] for _ in st.decks]
    for (seat, zone), found in cards.piles.items():
        insts = [inst_of[c] for c in found]
        if zone == "hand":
            st.hands[seat] = insts
        elif zone == "points":
            st.won[seat] = insts
        else:  # a deck is written top first; the state draws from its end
            st.decks[max(seat, 0)] = insts[::-1]
    for group in sorted(cards.shuffled):
        st.rng.shuffle(st.decks[group])
    for card, spot in cards.spots.items():
        inst = inst_of[card]
        more = spot.more
        if spot.zone == "field":
            _character(st, inst, spot, more)
        elif spot.zone == "points":
            st.up[inst] = True
            st.known[inst] = _known(more, EVERYONE)
        elif spot.zone == "hand":
            st.known[inst] = _known(more, 1 << spot.seat)
        else:
            st.known[inst] = _known(more, 0)
    for seat in (0, 1):
        st.forming[seat] = [-1 if c == EMPTY else inst_of[c] for c in cards.forming[seat]]
        st.score[seat] = sum(st.card(i).score for i in st.won[seat])


def _character(st: PgtState, inst: int, spot: Spot, more: Fields | None) -> None:
    seat, slot = spot.seat, spot.slot
    st.field[seat][slot] = inst
    st.loc[inst] = seat * 6 + slot
    up = more is None or more.one_of("face", ("up", "down"), "up") == "up"
    st.up[inst] = up
    st.known[inst] = _known(more, EVERYONE if up else 1 << seat)
    if more is None:
        return
    st.tapped[inst] = more.flag("tapped", False)
    counters = more.table("counters", {})
    for name, count in counters.data.items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise counters.fail(name, "expected a whole number of counters of at least 1")
    if counters.data:
        st.counters[inst] = tuple(sorted(counters.data.items()))
    if more.has("pdef_bonus") or more.has("mdef_bonus"):
        st.mods[inst] = (more.number("pdef_bonus", 0), more.number("mdef_bonus", 0))


def _known(more: Fields | None, default: int) -> int:
    """Who has seen a card: "all", or the seats that have (PGT-12: a face-down card is
    known to its owner and to whoever looked)."""
    if more is None or not more.has("known"):
        return default
    value = more.get("known")
    if value == "all":
        return EVERYONE
    seats = more.items("known")
    if not all(s in SEATS for s in seats):
        raise more.fail("known", "expected 'all' or a list of seats such as ['p1', 'p2']")
    return sum(1 << SEATS.index(s) for s in set(seats))


def check_parties(st: PgtState, sides: list[Fields]) -> None:
    """PGT-8.1.1 a party scores at most 10 (no rule adds to a party after formation)."""
    for seat, side in enumerate(sides):
        total = sum(st.card(i).score for i in st.characters(seat))
        if total > SCORE_CAP:
            first = next(name for name in SLOTS if side.has(name))
            raise side.fail(first, f"the party scores {total}; at most {SCORE_CAP} (PGT-8.1.1)")


# -- writing ----------------------------------------------------------------------------


def write_cards(st: PgtState) -> tuple[dict, list[dict]]:
    """The shared part (`decks`, `deck`) and each seat's table."""
    ids = [st.card(i).id for i in range(len(st.cid))]
    shared = len(st.decks) == 1
    top: dict = {} if shared else {"decks": "own"}
    if shared:
        top["deck"] = [_item(st, i, 0) for i in st.decks[0][::-1]]
    sides = []
    for seat in (0, 1):
        side: dict = {}
        side["hand"] = [_item(st, i, 1 << seat) for i in st.hands[seat]]
        for slot, inst in enumerate(st.field[seat]):
            if inst >= 0:
                side[SLOTS[slot]] = _slot(st, inst, seat)
        if st.won[seat]:
            side["points"] = [_item(st, i, EVERYONE) for i in st.won[seat]]
        if not shared:
            side["deck"] = [_item(st, i, 0) for i in st.decks[seat][::-1]]
            side["cards"] = [ids[i] for i in range(len(ids)) if st.origin[i] == seat]
        if st.forming[seat]:
            side["forming"] = [EMPTY if i < 0 else ids[i] for i in st.forming[seat]]
        sides.append(side)
    return top, sides


def _item(st: PgtState, inst: int, default: int):
    card = st.card(inst).id
    if st.known[inst] == default:
        return card
    return {"card": card, "known": _who(st.known[inst])}


def _slot(st: PgtState, inst: int, seat: int):
    card = st.card(inst).id
    up = st.up[inst]
    out: dict = {"card": card}
    if not up:
        out["face"] = "down"
    if st.tapped[inst]:
        out["tapped"] = True
    if inst in st.counters:
        out["counters"] = dict(st.counters[inst])
    if inst in st.mods:
        out["pdef_bonus"], out["mdef_bonus"] = st.mods[inst]
    if st.known[inst] != (EVERYONE if up else 1 << seat):
        out["known"] = _who(st.known[inst])
    return card if len(out) == 1 else out


def _who(bits: int):
    if bits == EVERYONE:
        return "all"
    if bits & ~0b11:
        raise ValueError(f"knowledge bits {bits:#x} have no scenario form")
    return [s for n, s in enumerate(SEATS) if bits & (1 << n)]
