"""Writing a Higurashi state out as a `[position]` table: the whole true state (hands,
pile and deck order, who knows which face-down card, the steps under way), in the words
`reading.py` reads, so that reading it back gives the same state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.games.higurashi.scenario.reading import default_played, default_stack
from tcglab.games.higurashi.scenario.terms import (
    EVERYONE,
    STEP_FIELDS,
    known_seats,
    seat_key,
    step_name,
)

if TYPE_CHECKING:
    from tcglab.games.higurashi.state import HigurashiState


class Writer:
    """One state being written out. Event cards are listed in reading order (hands,
    equipment, the card being played, deck, discard) to say which copy each one is."""

    def __init__(self, st: HigurashiState) -> None:
        self.st = st
        self.events: list[int] = []  # event instances in reading order

    def event(self, inst: int) -> str:
        self.events.append(inst)
        return self.st.event_card(inst).id

    def character(self, inst: int) -> str:
        return self.st.char(inst).id

    def position(self) -> dict:
        st = self.st
        at = "over" if st.result is not None else step_name(st.stack[-1])
        pos: dict = {"turn": st.turn, "round": st.round, "active": seat_key(st.current), "at": at}
        if st.first != st.current:
            pos["first"] = seat_key(st.first)
        if st.played != default_played(st.first, st.current, st.players, True):
            pos["played"] = [seat_key(s) for s in range(st.players) if st.played & (1 << s)]
        if st.result is not None:
            pos["reason"] = st.result.reason
        hands = [[self.event(e) for e in hand] for hand in st.hands]
        rows = [[self.row_entry(i) for i in row] for row in st.rows]
        if st.stack != default_stack(at, st.current):
            pos["pending"] = [self.step(s) for s in reversed(st.stack)]
        if st.roll is not None:
            kind, seat, actor, target, die, modifier = st.roll
            pos["roll"] = {
                "kind": kind,
                "seat": seat_key(seat),
                "actor": self.character(actor),
                "target": self.character(target),
                "die": die,
                "modifier": modifier,
            }
        for seat in range(st.players):
            table: dict = {"row": rows[seat]}
            if hands[seat]:
                table["hand"] = hands[seat]
            if st.captured[seat]:
                table["captured"] = [self.character(i) for i in st.captured[seat]]
            pos[seat_key(seat)] = table
        pos["deck"] = [self.event(e) for e in reversed(st.event_deck)]
        pos["discard"] = [self.event(e) for e in reversed(st.discard)]
        pos["pile"] = [self.character(i) for i in reversed(st.char_pile)]
        if self.set_aside():
            pos["rest"] = "aside"
        modifiers = [self.modifier(m) for m in st.mods]
        if modifiers != self.equipment_entries():
            pos["modifiers"] = modifiers
        copies = self.copies()
        if copies:
            pos["copies"] = copies
        return pos

    def gear(self, inst: int) -> list[int]:
        """A character's equipment, in the order it was attached (timestamp order)."""
        return [m[3][1] for m in self.st.mods if m[3][0] == "equipped" and m[0] == inst]

    def row_entry(self, inst: int) -> dict:
        st = self.st
        entry: dict = {"card": self.character(inst)}
        if st.up[inst]:
            entry["face"] = "up"
        if st.side[inst]:
            entry["sideways"] = True
        if st.known[inst] != (EVERYONE if st.up[inst] else 1 << st.owner[inst]):
            entry["known"] = known_seats(st.known[inst], st.players)
        gear = self.gear(inst)
        if gear:
            entry["equipment"] = [self.event(e) for e in gear]
        return entry

    def step(self, step: tuple) -> dict:
        """A pending step in the scenario's words (reading.Reader.step reads it)."""
        name = step_name(step)
        entry: dict = {"step": name}
        if name == "roll.resolve":
            return entry
        entry["seat"] = seat_key(step[1])
        if name == "event.target":
            entry["card"] = self.event(step[2])
        elif step[0] != "window":
            for field, inst in zip(STEP_FIELDS[name], step[2:], strict=True):
                entry[field] = self.character(inst)
        return entry

    def modifier(self, mod: tuple) -> dict:
        inst, attack, defence, (lasts, arg) = mod
        entry: dict = {"card": self.character(inst)}
        if lasts == "equipped":
            entry["equipment"] = self.st.event_card(arg).id
            return entry
        if attack:
            entry["attack"] = attack
        if defence:
            entry["defence"] = defence
        if lasts == "end":
            entry["until"] = "end_of_turn"
            if arg != self.st.turn:
                entry["turn"] = arg
        else:
            entry["until"] = "next_turn"
            entry["seat"] = seat_key(arg)
        return entry

    def equipment_entries(self) -> list[dict]:
        """The modifiers a file that lists none has: equipment, row by row."""
        st = self.st
        return [
            {"card": self.character(i), "equipment": st.event_card(e).id}
            for row in st.rows
            for i in row
            for e in self.gear(i)
        ]

    def set_aside(self) -> bool:
        """Whether some card is in no zone (a position written with `rest = "aside"`)."""
        st = self.st
        chars = sum(map(len, st.rows)) + sum(map(len, st.captured)) + len(st.char_pile)
        return chars < len(st.cid) or len(self.events) < len(st.eid)

    def copies(self) -> dict[str, list[int]]:
        """Which physical copy each listed event card is, for the cards whose copies
        are not listed in order."""
        st = self.st
        numbers: dict[str, list[int]] = {}
        for inst in self.events:
            kind = st.eid[inst]
            copy = sum(1 for i in range(inst) if st.eid[i] == kind) + 1
            numbers.setdefault(st.cards.events[kind].id, []).append(copy)
        return {
            card: given
            for card, given in sorted(numbers.items())
            if given != list(range(1, len(given) + 1))
        }


def export(st: HigurashiState) -> dict:
    return Writer(st).position()
