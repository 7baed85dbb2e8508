"""A Precious Memories state written out as a scenario's `[position]` table, and what
a scenario's expectations can check in it (zones and values)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.games.pm import paying, turn
from tcglab.games.pm.places import DECK, owner
from tcglab.games.pm.scenario.naming import SEATS, name_of, step_table, supports_of

if TYPE_CHECKING:
    from tcglab.games.pm.state import PMState

MAIN_SLOTS = 5  # PM-1.4.4
DECISIONS = {  # the top step of a stopped game -> the point's name after the phase
    "window": "",
    "pay": ".pay",
    "target": ".target",
    "place": ".place",
    "attach": ".attach",
    "interrupt": ".interrupt",
    "break": ".break",
    "obstruct": ".obstruct",
    "allocate": ".allocate",
    "approach_declare": ".declare",
    "redraw": ".redraw",
    "trim": "",
}


def point_of(st: PMState) -> str:
    """Where in the turn the game stands, by the names of `PMScenario.points`."""
    if st.result is not None:
        return "over"
    step = st.stack[-1][0]
    phase = turn.phase_of(st)
    if step == "window" and phase == "approach":
        return "approach.timing"
    return phase + DECISIONS[step]


def seat_cards(st: PMState, seat: int) -> list[int]:
    """A seat's cards in the order a scenario lists them: hand, deck (top first),
    discard, points, the main and support areas (each character, then the support
    cards set on it), then the cards it is playing."""
    cards = st.hand[seat] + st.deck[seat][::-1] + st.discard[seat] + st.points[seat]
    for inst in st.main[seat] + st.support[seat]:
        cards += [inst, *supports_of(st, inst)]
    return cards + [i for i in st.limbo if owner(i) == seat]


class Stamps:
    """Timestamps as a file writes them: left out where reading would assign the same
    one (the next after the latest so far), so a hand-written position stays short."""

    def __init__(self) -> None:
        self.last = 0

    def put(self, table: dict, key: str, stamp: int) -> None:
        if stamp != self.last + 1:
            table[key] = stamp
        self.last = max(self.last, stamp)


def export(st: PMState) -> dict:
    current = st.current if st.turn else st.first
    position: dict = {"turn": st.turn, "active": SEATS[current], "at": point_of(st)}
    stamps = Stamps()
    for seat in range(2):
        position[SEATS[seat]] = _side(st, seat, stamps)
    if st.approach:
        position["approach"] = [name_of(st, i) for i in st.approach]
    if st.obstructor >= 0:
        position["obstructor"] = name_of(st, st.obstructor)
    if st.limbo:
        position["playing"] = [{"card": st.card(i).id, "owner": SEATS[owner(i)]} for i in st.limbo]
    if st.mods:
        position["effects"] = [_effect(st, mod, stamps) for mod in st.mods]
    if st.clock != stamps.last:
        position["clock"] = st.clock
    if st.result is None:
        position["pending"] = [step_table(st, step) for step in reversed(st.stack)]
    return position


def _side(st: PMState, seat: int, stamps: Stamps) -> dict:
    side: dict = {
        "hand": [st.card(i).id for i in st.hand[seat]],
        "deck": [st.card(i).id for i in reversed(st.deck[seat])],
    }
    if st.bottom[seat]:
        side["known_bottom"] = st.bottom[seat]
    side["discard"] = [st.card(i).id for i in st.discard[seat]]
    since = [st.since[i] for i in st.discard[seat]]
    if any(since):  # the last time each was on the field, kept by the state
        side["discard_since"] = since
    side["points"] = [
        {"card": st.card(i).id, "face": "down"} if st.down[i] else st.card(i).id
        for i in st.points[seat]
    ]
    for letter, area in (("M", st.main[seat]), ("S", st.support[seat])):
        for n, inst in enumerate(area, 1):
            side[f"{letter}{n}"] = _character(st, inst, stamps)
    if st.discount[seat]:
        side["discount"] = st.discount[seat]
    physical = [i - seat * DECK + 1 for i in seat_cards(st, seat)]
    if physical != list(range(1, len(physical) + 1)):
        side["physical"] = physical
    return side


def _character(st: PMState, inst: int, stamps: Stamps) -> dict:
    entry: dict = {"card": st.card(inst).id}
    if st.rested[inst]:
        entry["rested"] = True
    if st.entered[inst] == st.turn:
        entry["new"] = True
    elif st.entered[inst]:
        entry["appeared"] = st.entered[inst]
    stamps.put(entry, "since", st.since[inst])
    supports = []
    for sup in supports_of(st, inst):
        item: dict = {"card": st.card(sup).id}
        stamps.put(item, "since", st.since[sup])
        supports.append(item if len(item) > 1 else item["card"])
    if supports:
        entry["supports"] = supports
    return entry


def _effect(st: PMState, mod: tuple, stamps: Stamps) -> dict:
    inst, how, ap, dp, cost, stamp = mod
    effect: dict = {"on": name_of(st, inst), "how": how}
    for key, value in (("ap", ap), ("dp", dp), ("cost", cost)):
        if value:
            effect[key] = value
    stamps.put(effect, "stamp", stamp)
    return effect


# -- what expectations check ----------------------------------------------------------


def zones(st: PMState) -> dict[str, list[str]]:
    """Every zone by card id: hands sorted (a hand has no order), decks top first,
    each field slot its character and then the support cards set on it."""
    ids = st.card
    found: dict[str, list[str]] = {}
    for seat, p in enumerate(SEATS):
        found[f"{p}.hand"] = sorted(ids(i).id for i in st.hand[seat])
        found[f"{p}.deck"] = [ids(i).id for i in reversed(st.deck[seat])]
        found[f"{p}.discard"] = [ids(i).id for i in st.discard[seat]]
        found[f"{p}.points"] = [ids(i).id for i in st.points[seat]]
        found[f"{p}.main"] = [ids(i).id for i in st.main[seat]]
        found[f"{p}.support"] = [ids(i).id for i in st.support[seat]]
        for n in range(MAIN_SLOTS):
            found[f"{p}.M{n + 1}"] = _slot(st, st.main[seat], n)
        for n in range(max(len(st.support[seat]), 1)):
            found[f"{p}.S{n + 1}"] = _slot(st, st.support[seat], n)
        found[f"{p}.playing"] = [ids(i).id for i in st.limbo if owner(i) == seat]
    return found


def _slot(st: PMState, area: list[int], n: int) -> list[str]:
    if n >= len(area):
        return []
    return [st.card(i).id for i in (area[n], *supports_of(st, area[n]))]


def values(st: PMState) -> dict:
    """The numbers a ruling is about, named as a player would."""
    found: dict = {"turn": st.turn}
    for seat, p in enumerate(SEATS):
        found[f"{p}.points"] = len(st.points[seat])
        found[f"{p}.points_face_up"] = sum(not st.down[i] for i in st.points[seat])
        found[f"{p}.hand"] = len(st.hand[seat])
        found[f"{p}.deck"] = len(st.deck[seat])
        found[f"{p}.discard"] = len(st.discard[seat])
        found[f"{p}.source"] = sum(
            paying.source_of(st, seat, i) for i in paying.sources(st, seat, "", -1)
        )
        found[f"{p}.discount"] = st.discount[seat]
        for letter, area in (("M", st.main[seat]), ("S", st.support[seat])):
            for n, inst in enumerate(area, 1):
                ap, dp = st.values(inst)
                slot = f"{p}.{letter}{n}"
                found[f"{slot}.ap"], found[f"{slot}.dp"] = ap, dp
                found[f"{slot}.cost"] = st.cost(inst)
                found[f"{slot}.rested"] = st.rested[inst]
        for n, inst in enumerate(st.points[seat], 1):
            found[f"{p}.P{n}.face"] = "down" if st.down[inst] else "up"
    if st.approach:
        found["approach.ap"] = sum(st.values(i)[0] for i in st.approach)
    step = st.stack[-1] if st.stack else None
    if step and step[0] == "pay":
        found["paying.left"] = max(step[3], 0)
    return found
