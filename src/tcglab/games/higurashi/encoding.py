"""The Higurashi game as fixed-size numbers, for learning agents (tcglab.rl): every
action id as one index of a fixed vocabulary, and one seat's observation as a flat
tensor.

The vocabulary follows the action ids of the rules code and the card set alone:
"end", "pass", "counter", "decline"; "scout N" and "attack N" for each place N of the
acting seat's row; "play E.." and "discard E.." for each event card; "target S.N"
for each place N of each seat S's row. A row holds at most the 60 characters of the
set (G4-1.1), and there are at most 5 seats (G4-1.4), so nothing outside it can
occur. Seats in action ids are absolute (as the rules code names them).

The tensor counts seats from the observing one (its own first, then clockwise), so
one policy serves every seat. Its layout is the encoding's `layout`; docs/rl.md
shows it.
"""

from __future__ import annotations

from array import array

from tcglab.engine.encoding import Encoding, card_indexes, encoding_capability
from tcglab.games.higurashi import continuous
from tcglab.games.higurashi.cards import COLOURS, card_set

SEATS = 5  # G4-1.4 at most five players
ROW = 60  # G4-1.1 a row can hold no more than the set's 60 characters
SHOWN = 10  # places of each row the tensor shows (a row's length is shown besides)
STEPS = ("main", "trim", "scout_target", "attack_target", "event_target", "counter", "window")
ROLLS = ("scout", "attack", "counter")
TIMINGS = ("own_roll", "enemy_roll")
ROUNDS = 100  # the round limit's cap (options.py)
ROWS_KEPT = 20_000  # distinct places whose numbers are kept for reuse (then forgotten)


def vocabulary() -> tuple[str, ...]:
    events = sorted(card.id for card in card_set().events)
    return (
        *("end", "pass", "counter", "decline"),
        *(f"{verb} {n}" for verb in ("scout", "attack") for n in range(ROW)),
        *(f"{verb} {e}" for verb in ("play", "discard") for e in events),
        *(f"target {s}.{n}" for s in range(SEATS) for n in range(ROW)),
    )


class HigurashiEncoding(Encoding):
    """The fixed action space and observation tensor (the `encoding` tool)."""

    def __init__(self) -> None:
        cards = card_set()
        self.characters = card_indexes(cards.characters)
        self.events = card_indexes(cards.events)
        chars, events = len(self.characters), len(self.events)
        self.slot_size = 15 + len(COLOURS) + chars + events
        blocks = (
            (
                "game",
                4 + 2 + 2 * SEATS + len(STEPS) + 1 + 3,
                "players (2-5), round, turn, "
                "seat to move and current seat (counted from the observer), step, over, event "
                "deck and character pile sizes",
            ),
            (
                "roll",
                1 + len(ROLLS) + SEATS + 2,
                "a roll in flight: its kind, roller, die "
                "and modifier (its actor and target are marked on their places)",
            ),
            (
                "pending",
                len(TIMINGS) + events,
                "the open window's timing and the event card waiting for its target",
            ),
            (
                "seats",
                SEATS * (6 + chars),
                "per seat: present, alive, hand size, row "
                "length, captured count and points, captured characters",
            ),
            (
                "places",
                SEATS * SHOWN * self.slot_size,
                f"per seat, the first {SHOWN} places "
                "of its row: present, face-up, sideways, known, attack, defence, modifiers, "
                "equipment count, roll / pending marks, points, colour, identity (when "
                "known), equipment cards",
            ),
            ("hand", events, "the observer's event cards, by card"),
            ("discard", events, "the event discard, by card"),
        )
        super().__init__(vocabulary(), blocks)
        self._rows: dict[tuple, array] = {}  # a place's numbers by what they show

    def write(self, view: dict, out) -> None:
        """One seat's observation into `out`, a zeroed sequence of `size` numbers."""
        players = view["players"]
        me = view["seat"] or 0

        def rel(seat):
            return (seat - me) % players

        at = self._start["game"]
        out[at + players - 2] = 1.0
        out[at + 4] = view["round"] / ROUNDS
        out[at + 5] = view["turn"] / (ROUNDS * SEATS)
        self.mark_seats(out, at + 6, (view["to_move"], view["current"]), me, players, SEATS)
        at += 6 + 2 * SEATS
        self.one_of(out, at, view["step"], STEPS)
        at += len(STEPS) + 1
        out[at] = float(view["result"] is not None)
        out[at + 1] = view["event_deck"] / 60
        out[at + 2] = view["character_pile"] / ROW

        marks = {}  # (seat, slot) -> mark offsets within a place
        roll = view["roll"]
        at = self._start["roll"]
        if roll is not None:
            out[at] = 1.0
            out[at + 1 + ROLLS.index(roll["kind"])] = 1.0
            out[at + 1 + len(ROLLS) + rel(roll["roller"])] = 1.0
            out[at + 1 + len(ROLLS) + SEATS] = roll["die"] / 6
            out[at + 2 + len(ROLLS) + SEATS] = roll["modifier"] / 6
            marks.setdefault(roll["actor"], []).append(0)
            marks.setdefault(roll["target"], []).append(1)
        pending = view["pending"]
        at = self._start["pending"]
        if pending.get("timing") in TIMINGS:
            out[at + TIMINGS.index(pending["timing"])] = 1.0
        if "card" in pending:
            out[at + len(TIMINGS) + self.events[pending["card"]]] = 1.0
        for key, mark in (("actor", 2), ("defender", 3), ("attacker", 4)):
            if key in pending:
                marks.setdefault(pending[key], []).append(mark)

        chars = len(self.characters)
        for side in view["seats"]:
            s = side["seat"]
            r = rel(s)
            at = self._start["seats"] + r * (6 + chars)
            out[at] = 1.0
            out[at + 1] = float(side["alive"])
            out[at + 2] = side["hand_size"] / 10
            out[at + 3] = len(side["characters"]) / SHOWN
            out[at + 4] = len(side["captured"]) / ROW
            out[at + 5] = side["captured_points"] / ROW
            self.count_cards(out, at + 6, self.characters, side["captured"])
            for place in side["characters"][:SHOWN]:
                self._place(place, marks.get(f"{s}.{place['slot']}", ()), r, out)

        at = self._start["hand"]
        for card in view.get("hand", ()):
            out[at + self.events[card["id"]]] += 1.0
        self.count_cards(out, self._start["discard"], self.events, view["event_discard"])

    def _place(self, place: dict, marks, r: int, out) -> None:
        """One place: 0 present, 1 face-up, 2 sideways, 3 known, 4 attack, 5 defence,
        6-7 their modifiers, 8 equipment count, 9-13 marks (roll actor, roll target,
        pending actor, defender, attacker), 14 points, then colour, identity and
        equipment cards."""
        at = self._start["places"] + (r * SHOWN + place["slot"]) * self.slot_size
        out[at] = 1.0
        out[at + 1] = float(place["face_up"])
        out[at + 2] = float(place["sideways"])
        out[at + 6] = place["attack_mod"] / 5
        out[at + 7] = place["defence_mod"] / 5
        out[at + 8] = len(place["equipment"]) / 3
        for mark in marks:
            out[at + 9 + mark] = 1.0
        card = place["card"]
        if card is not None:
            out[at + 3] = 1.0
            out[at + 4] = place["attack"] / 10
            out[at + 5] = place["defence"] / 10
            out[at + 14] = card["points"] / 5
            out[at + 15 + COLOURS.index(card["colour"])] = 1.0
            out[at + 15 + len(COLOURS) + self.characters[card["id"]]] = 1.0
        at += 15 + len(COLOURS) + len(self.characters)
        for event in place["equipment"]:  # inline: it runs for every place
            out[at + self.events[event]] += 1.0

    # -- straight from the state --------------------------------------------------

    def write_state(self, state, seat: int | None, out) -> None:
        """The numbers of `write(state.observe(seat), out)`, read from the state: of a
        character, its identity and values only where `seat` knows it (the state's
        `known` bits), and of the event cards only the seat's own hand, the discard
        and the sizes of the rest."""
        if seat is None:
            self.write(state.observe(seat), out)
            return
        players = state.players
        chars = self.numbers(state.cards.characters, self.characters)
        events = self.numbers(state.cards.events, self.events)
        cid, eid = state.cid, state.eid
        at = self._start["game"]
        out[at + players - 2] = 1.0
        out[at + 4] = state.round / ROUNDS
        out[at + 5] = state.turn / (ROUNDS * SEATS)
        self.mark_seats(out, at + 6, (state.to_move, state.current), seat, players, SEATS)
        at += 6 + 2 * SEATS
        self.one_of(out, at, state.stack[-1][0] if state.stack else None, STEPS)
        at += len(STEPS) + 1
        out[at] = float(state.result is not None)
        out[at + 1] = len(state.event_deck) / 60
        out[at + 2] = len(state.char_pile) / ROW

        marks: dict[tuple[int, int], list[int]] = {}  # (seat, slot) -> mark offsets
        roll = state.roll
        if roll is not None:
            at = self._start["roll"]
            out[at] = 1.0
            out[at + 1 + ROLLS.index(roll[0])] = 1.0
            out[at + 1 + len(ROLLS) + (roll[1] - seat) % players] = 1.0
            out[at + 1 + len(ROLLS) + SEATS] = roll[4] / 6
            out[at + 2 + len(ROLLS) + SEATS] = roll[5] / 6
            marks.setdefault(_place_of(state.ref(roll[2])), []).append(0)
            marks.setdefault(_place_of(state.ref(roll[3])), []).append(1)
        pending = state.pending()
        at = self._start["pending"]
        if pending.get("timing") in TIMINGS:
            out[at + TIMINGS.index(pending["timing"])] = 1.0
        if "card" in pending:
            out[at + len(TIMINGS) + self.events[pending["card"]]] = 1.0
        for key, mark in (("actor", 2), ("defender", 3), ("attacker", 4)):
            if key in pending:
                marks.setdefault(_place_of(pending[key]), []).append(mark)

        equipment: dict[int, list[int]] = {}  # character -> its equipment's indexes
        for e, inst in state.attached.items():
            equipment.setdefault(inst, []).append(events[eid[e]])
        n = len(self.characters)
        size, rows = self.slot_size, self._rows
        places_at = self._start["places"]
        known, up, sideways, datk, ddef = state.known, state.up, state.side, state.datk, state.ddef
        char = state.char
        # A character's attack and defence as continuous.attack / defence compose them
        # (G4-GAP-19: never below 0; G4-9 the bonus), inline: one bonus per seat.
        atk, dfn, owner = state.atk, state.dfn, state.owner
        bonuses = {} if state.options["bonus_rule"] else None
        bit = 1 << seat
        for s in range(players):
            r = (s - seat) % players
            row, captured = state.rows[s], state.captured[s]
            at = self._start["seats"] + r * (6 + n)
            out[at] = 1.0
            out[at + 1] = float(state.alive[s])
            out[at + 2] = len(state.hands[s]) / 10
            out[at + 3] = len(row) / SHOWN
            out[at + 4] = len(captured) / ROW
            points = 0
            for inst in captured:
                points += char(inst).points
                out[at + 6 + chars[cid[inst]]] += 1.0
            out[at + 5] = points / ROW
            # Each place (see `_place`): its numbers depend only on the few values in
            # `key`, so each distinct place is written once and copied in after that.
            at = places_at + r * SHOWN * size
            for slot, inst in enumerate(row[:SHOWN]):
                if known[inst] & bit:
                    a, d = atk[inst], dfn[inst]
                    if bonuses is not None:
                        o = owner[inst]
                        b = bonuses.get(o)
                        if b is None:
                            b = bonuses[o] = continuous.bonus(state, o)
                        a += b
                        d += b
                    seen = (chars[cid[inst]], a if a > 0 else 0, d if d > 0 else 0)
                else:
                    seen = None
                key = (
                    up[inst],
                    sideways[inst],
                    datk[inst],
                    ddef[inst],
                    tuple(equipment.get(inst, ())) if equipment else (),
                    tuple(marks.get((s, slot), ())) if marks else (),
                    seen,
                )
                numbers = rows.get(key)
                if numbers is None:
                    if len(rows) >= ROWS_KEPT:
                        rows.clear()
                    numbers = rows[key] = self._place_row(state, key, inst)
                out[at : at + size] = numbers
                at += size

        at = self._start["hand"]
        for e in state.hands[seat]:
            out[at + events[eid[e]]] += 1.0
        at = self._start["discard"]
        for e in state.discard:
            out[at + events[eid[e]]] += 1.0

    def _place_row(self, state, key: tuple, inst: int) -> array:
        """The numbers of one place (see `_place`) for its `key`; `inst` is the
        character there, read only when the seat knows it."""
        up, side, datk, ddef, held, marks, seen = key
        row = array("f", bytes(4 * self.slot_size))
        row[0] = 1.0
        row[1] = float(up)
        row[2] = float(side)
        row[6] = datk / 5
        row[7] = ddef / 5
        row[8] = len(held) / 3
        for mark in marks:
            row[9 + mark] = 1.0
        if seen is not None:
            identity, attack, defence = seen
            info = state.char(inst).info
            row[3] = 1.0
            row[4] = attack / 10
            row[5] = defence / 10
            row[14] = info["points"] / 5
            row[15 + COLOURS.index(info["colour"])] = 1.0
            row[15 + len(COLOURS) + identity] = 1.0
        at = 15 + len(COLOURS) + len(self.characters)
        for k in held:
            row[at + k] += 1.0
        return row


def _place_of(ref: str) -> tuple[int, int]:
    """(seat, slot) of a position named 'seat.slot'."""
    seat, _, slot = ref.partition(".")
    return int(seat), int(slot)


# The `encoding` tool (built on first use): G4-1.1 and G4-1.4 bound its vocabulary.
CAPABILITY = encoding_capability(HigurashiEncoding, rule="G4-1.1")
