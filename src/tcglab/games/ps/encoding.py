"""Princess Scramble as fixed-size numbers, for learning agents (tcglab.rl): every
action id as one index of a fixed vocabulary, and one seat's observation as a flat
tensor.

The vocabulary follows the action ids of the rules code, the field limit and the card
set: "pass", "end", "energy", "done", "keep", "mulligan", "target player"; "attack N",
"defend N", "use N" and "target N" for each of the 4 places of a field (PS-11.1.2);
"energy N" for each hand position N (a deck holds at most 50 cards, PS-3.1, so no hand
holds more); "play ID" and "discard ID" for each card of the set.

The tensor counts seats from the observing one; its layout is the encoding's `layout`,
shown in docs/rl.md.
"""

from __future__ import annotations

from tcglab.engine.encoding import Encoding, card_indexes, encoding_capability
from tcglab.games.ps import battle, effects, values
from tcglab.games.ps.cards import card_set
from tcglab.games.ps.decks import DECK_MAX
from tcglab.games.ps.parts import PARTS
from tcglab.games.ps.zones import FIELD_LIMIT, PLAYER_LIFE

STEPS = ("defend", "main", "mulligan", "pick_target", "target", "trim", "window")
EFFECTS = tuple(sorted(PARTS))
EVENTS = 4  # placed events the tensor shows per side (their count is shown besides)


def vocabulary() -> tuple[str, ...]:
    ids = sorted(card.id for card in card_set().cards)
    places = range(1, FIELD_LIMIT + 1)
    return (
        *("pass", "end", "energy", "done", "keep", "mulligan", "target player"),
        *(f"{verb} {n}" for verb in ("attack", "defend", "use", "target") for n in places),
        *(f"energy {n}" for n in range(1, DECK_MAX + 1)),
        *(f"{verb} {i}" for verb in ("play", "discard") for i in ids),
    )


class PSEncoding(Encoding):
    """The fixed action space and observation tensor (the `encoding` tool)."""

    def __init__(self) -> None:
        self.cards = card_indexes(card_set().cards)
        n = len(self.cards)
        self.place_size = 15 + n
        self.side_size = 8 + 2 * n + FIELD_LIMIT * self.place_size
        blocks = (
            (
                "game",
                1 + 6 + len(STEPS) + 1 + 3,
                "turn, current, first and to-move seat "
                "(the observer's first), step, energy placed this turn, over, watching",
            ),
            (
                "battle",
                4,
                "a battle in progress: present, attacker's seat, a target "
                "chosen (attacker, defenders and target are marked on their places)",
            ),
            (
                "pending",
                1 + n + len(EFFECTS) + 1 + 2,
                "an effect waiting for its target: "
                "present, its card, its kind, amount, the side it aims at",
            ),
            (
                "sides",
                2 * self.side_size,
                "per side: damage, deck, hand size, energy, "
                "free energy, characters, events, events' energy; trash and placed events "
                f"by card; its {FIELD_LIMIT} places: present, damage, life, exhausted, sick, "
                "energy, ability used, technique, its bonus, guard, support count, marks "
                "(attacker, defender, target), level, identity",
            ),
            ("hand", n, "the observer's hand by card"),
        )
        super().__init__(vocabulary(), blocks)

    def write(self, view: dict, out) -> None:
        """One seat's observation into `out`, a zeroed sequence of `size` numbers."""
        watching = view["seat"] is None
        cards, n = self.cards, len(self.cards)
        me, at = self.start_two_seat(view, out, 50, STEPS)
        out[at] = float(view["energy_placed"])
        out[at + 1] = float(view["result"] is not None)
        out[at + 2] = float(watching)

        marks: dict[tuple[int, int], list[int]] = {}
        battle = view["battle"]
        at = self._start["battle"]
        if battle is not None:
            attacker = battle["attacker_seat"]
            out[at] = 1.0
            out[at + 1 + (attacker - me) % 2] = 1.0
            out[at + 3] = float(battle["target"] is not None)
            if battle["attacker"] is not None:
                marks.setdefault((attacker, battle["attacker"]), []).append(0)
            for slot in battle["defenders"]:
                if slot is not None:
                    marks.setdefault((1 - attacker, slot), []).append(1)
            if battle["target"] is not None:
                marks.setdefault((1 - attacker, battle["target"]), []).append(2)
        pending = view["pending"]
        at = self._start["pending"]
        if pending is not None:
            out[at] = 1.0
            out[at + 1 + cards[pending["card"]]] = 1.0
            at += 1 + n
            if pending["effect"] in EFFECTS:
                out[at + EFFECTS.index(pending["effect"])] = 1.0
            out[at + len(EFFECTS)] = (pending["amount"] or 0) / 5
            out[at + len(EFFECTS) + 1 + (pending["side"] - me) % 2] = 1.0

        for side in view["seats"]:
            self._side(side, me, marks, out)
        at = self._start["hand"]
        for card in view.get("hand", ()):
            out[at + cards[card["id"]]] += 1.0

    def _side(self, side: dict, me: int, marks: dict, out) -> None:
        cards, n = self.cards, len(self.cards)
        seat = side["seat"]
        at = self._start["sides"] + (seat - me) % 2 * self.side_size
        events = side["events"]
        out[at] = side["damage"] / PLAYER_LIFE
        out[at + 1] = side["deck"] / DECK_MAX
        out[at + 2] = side["hand_size"] / 10
        out[at + 3] = side["energy"] / 10
        out[at + 4] = side["free_energy"] / 10
        out[at + 5] = len(side["characters"]) / FIELD_LIMIT
        out[at + 6] = len(events) / EVENTS
        out[at + 7] = sum(e["energy"] for e in events) / 10
        at += 8
        self.count_cards(out, at, cards, side["trash"])
        for event in events:
            out[at + n + cards[event["card"]["id"]]] += 1.0
        at += 2 * n
        for place in side["characters"][:FIELD_LIMIT]:
            slot = place["slot"]
            self._place(place, marks.get((seat, slot), ()), at + (slot - 1) * self.place_size, out)

    def _place(self, place: dict, marks, at: int, out) -> None:
        """0 present, 1 damage, 2 life, 3 exhausted, 4 sick, 5 energy, 6 ability used,
        7 technique, 8 its bonus, 9 guard, 10 support count, 11-13 marks, 14 level,
        then identity."""
        card = place["card"]
        out[at] = 1.0
        out[at + 1] = place["damage"] / 5
        out[at + 2] = place["life"] / 5
        out[at + 3] = float(place["exhausted"])
        out[at + 4] = float(place["sick"])
        out[at + 5] = place["energy"] / 5
        out[at + 6] = float(place["ability_used"])
        out[at + 7] = place["technique"] / 10
        out[at + 8] = place["technique_bonus"] / 5
        out[at + 9] = place["guard"] / 5
        out[at + 10] = place["support_count"] / 3
        for mark in marks:
            out[at + 11 + mark] = 1.0
        out[at + 14] = card["level"] / 5
        out[at + 15 + self.cards[card["id"]]] = 1.0

    # -- straight from the state --------------------------------------------------

    def write_state(self, state, seat: int | None, out) -> None:
        """The numbers of `write(state.observe(seat), out)`, read from the state: both
        fields, trash and placed events are open (PS-12.1, PS-12.2), and of the hidden
        zones only their sizes and the seat's own hand."""
        if seat is None:
            self.write(state.observe(seat), out)
            return
        index = self.numbers(state.cards.cards, self.cards)
        n = len(self.cards)
        at = self.start_two_seat_state(state, seat, out, 50, STEPS)
        out[at] = float(state.energy_placed)
        out[at + 1] = float(state.result is not None)

        marks: dict[tuple[int, int], list[int]] = {}
        view = battle.view(state)
        if view is not None:
            at = self._start["battle"]
            attacker = view["attacker_seat"]
            out[at] = 1.0
            out[at + 1 + (attacker - seat) % 2] = 1.0
            out[at + 3] = float(view["target"] is not None)
            if view["attacker"] is not None:
                marks.setdefault((attacker, view["attacker"]), []).append(0)
            for slot in view["defenders"]:
                if slot is not None:
                    marks.setdefault((1 - attacker, slot), []).append(1)
            if view["target"] is not None:
                marks.setdefault((1 - attacker, view["target"]), []).append(2)
        pending = effects.pending(state)
        if pending is not None:
            at = self._start["pending"]
            out[at] = 1.0
            out[at + 1 + self.cards[pending["card"]]] = 1.0
            at += 1 + n
            if pending["effect"] in EFFECTS:
                out[at + EFFECTS.index(pending["effect"])] = 1.0
            out[at + len(EFFECTS)] = (pending["amount"] or 0) / 5
            out[at + len(EFFECTS) + 1 + (pending["side"] - seat) % 2] = 1.0

        for side in (0, 1):
            self._side_state(state, side, seat, index, marks, out)
        at = self._start["hand"]
        for number in state.hand[seat]:
            out[at + index[number]] += 1.0

    def _side_state(self, state, side: int, me: int, index: list, marks: dict, out) -> None:
        """One side as `_side` writes it, from the state."""
        n = len(self.cards)
        cards = state.cards.cards
        at = self._start["sides"] + (side - me) % 2 * self.side_size
        placed = state.events[side]
        units = state.units[side]
        out[at] = state.hurt[side] / PLAYER_LIFE
        out[at + 1] = len(state.deck[side]) / DECK_MAX
        out[at + 2] = len(state.hand[side]) / 10
        out[at + 3] = len(state.energy[side]) / 10
        out[at + 4] = state.free_energy(side) / 10
        out[at + 5] = len(units) / FIELD_LIMIT
        out[at + 6] = len(placed) / EVENTS
        out[at + 7] = sum(e.occ for e in placed) / 10
        at += 8
        for number in state.trash[side]:
            out[at + index[number]] += 1.0
        for event in placed:
            out[at + n + index[event.card]] += 1.0
        at += 2 * n
        size = self.place_size
        # PS-11.1.5 a unit's support count is the other units of its work on its side:
        # counted once per side here; with no support and no lasting effect a unit has
        # no bonus (values.bonuses), so it is asked only when either may give one.
        works = [cards[u.card].work for u in units]
        lasting = state.lasting
        for i, unit in enumerate(units[:FIELD_LIMIT]):
            card = cards[unit.card]
            count = works.count(card.work) - 1
            tech, guard = values.bonuses(state, side, unit) if count or lasting else (0, 0)
            p = at + i * size
            out[p] = 1.0
            out[p + 1] = unit.damage / 5
            out[p + 2] = card.life / 5
            out[p + 3] = float(unit.exhausted)
            out[p + 4] = float(unit.sick)
            out[p + 5] = unit.occ / 5
            out[p + 6] = float(unit.used)
            out[p + 7] = max(0, card.technique + tech) / 10
            out[p + 8] = tech / 5
            out[p + 9] = guard / 5
            out[p + 10] = count / 3
            for mark in marks.get((side, i + 1), ()):
                out[p + 11 + mark] = 1.0
            out[p + 14] = card.info["level"] / 5
            out[p + 15 + index[unit.card]] = 1.0


# The `encoding` tool (built on first use): PS-11.1.2 bounds its vocabulary.
CAPABILITY = encoding_capability(PSEncoding, rule="PS-11.1.2")
