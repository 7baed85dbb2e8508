"""A `[position]` table read into a Princess Scramble state (`write.py` writes one
back): each player's zones by card id, the characters and events on the field with
their state, lasting effects, the battle in progress and where the turn stands.

Characters sit in slots C1 to C4 and events in E1, E2 ... in the order they came onto
the field, as the game's action ids count them ("attack 2" is C2). Lasting effects and
the battle refer to them by slot ("p2.C1"). Each card on the field also has a serial,
the order in which the table numbered it: a hand-written file leaves serials out, and
an exported one writes them only where the numbering is not the plain 1, 2, 3 ...,
so that the loaded state is the exported one exactly.
"""

from __future__ import annotations

from collections import Counter

from tcglab.engine.scenario import Fields
from tcglab.engine.state import Result
from tcglab.games.ps import values
from tcglab.games.ps.battle import NOBODY, PLAYER
from tcglab.games.ps.decks import DECK_MAX, SAME_NAME_MAX
from tcglab.games.ps.field import Placed, Unit
from tcglab.games.ps.scenario import steps
from tcglab.games.ps.state import PSState
from tcglab.games.ps.zones import FIELD_LIMIT, PLAYER_LIFE

SEATS = ("p1", "p2")
POSITION_KEYS = (
    *("turn", "active", "at", "first", "energy_placed", "to_act", "passed", "aim"),
    *("battle", "effects", "pending", "next_serial", "winner", "reason", *SEATS),
)
SEAT_KEYS = ("hand", "deck", "deck_shuffled", "trash", "energy", "damage", "characters", "events")
CHARACTER_KEYS = ("card", "exhausted", "sick", "damage", "energy", "used", "serial")
EVENT_KEYS = ("card", "energy", "serial")
EFFECT_KEYS = ("on", "stat", "amount", "until")
REASONS = ("damage", "deck_out")  # PS-2.1, PS-2.2
GONE = "gone"  # a battle's character that has left the field
KINDS = {"character": "a character", "event": "an event"}


def seat_key(seat: int) -> str:
    return SEATS[seat]


def first_of(turn: int, active: int) -> int:
    """PS-7.2 turns alternate: the first player takes turns 1, 3, 5 ... (and is the one
    deciding at turn 0, before the first turn)."""
    return active if turn == 0 or turn % 2 else 1 - active


class Reader:
    """One `[position]` table being read into `st`, serials handed out as it goes."""

    def __init__(self, st: PSState, pos: Fields) -> None:
        self.st, self.pos, self.cards = st, pos, st.cards
        self.taken: set[int] = set()
        self.fresh = 1

    def seat(self, table: Fields, name: str, default=None) -> int:
        return SEATS.index(table.one_of(name, SEATS, default))

    def serial(self, table: Fields, name: str, given: int | None) -> int:
        """The serial written in the file, or the next one not yet taken."""
        if given is None:
            while self.fresh in self.taken:
                self.fresh += 1
            given = self.fresh
        elif given in self.taken:
            raise table.fail(name, f"serial {given} is given twice")
        self.taken.add(given)
        return given

    # -- the zones of one player --------------------------------------------------------

    def read_seat(self, seat: int) -> None:
        st, table = self.st, self.pos.table(SEATS[seat], {})
        table.only(*SEAT_KEYS)
        known, number = self.cards.index, self.cards.number
        st.hand[seat] = [number(c) for c in table.cards("hand", known, [], most=DECK_MAX)]
        st.trash[seat] = [number(c) for c in table.cards("trash", known, [], most=DECK_MAX)]
        pieces = [self.character(t) for t in table.tables("characters", [])]
        if len(pieces) > FIELD_LIMIT:
            raise table.fail(
                "characters", f"{len(pieces)} characters; at most {FIELD_LIMIT} (PS-11.1.2)"
            )
        self.unique_names(table, pieces)
        st.units[seat] = pieces
        st.events[seat] = [self.event(t) for t in table.tables("events", [])]
        occupied = sum(p.occ for p in pieces) + sum(p.occ for p in st.events[seat])
        held = self.held(seat)
        if table.has("deck") and table.has("deck_shuffled"):
            raise table.fail("deck_shuffled", "give deck or deck_shuffled, not both")
        shuffled = table.has("deck_shuffled")
        deck = self.pile(table, "deck_shuffled" if shuffled else "deck", 0, held)
        st.deck[seat] = deck[::-1]  # the file lists the top first; the state keeps it last
        if shuffled:
            st.rng.shuffle(st.deck[seat])
        st.energy[seat] = self.pile(table, "energy", occupied, self.held(seat))
        if occupied > len(st.energy[seat]):
            raise table.fail(
                "energy",
                f"{len(st.energy[seat])} energy, but the cards on the field occupy "
                f"{occupied} (PS-10.3.2)",
            )
        st.hurt[seat] = table.number("damage", 0, lo=0)
        self.within_deck_rules(seat)

    def character(self, table: Fields) -> Unit:
        table.only(*CHARACTER_KEYS)
        card = self.card_of(table, "character")
        life = card.life
        return Unit(
            uid=self.serial(table, "serial", _given(table, "serial")),
            card=self.cards.number(card.id),
            damage=table.number("damage", 0, lo=0, hi=life - 1),  # PS-11.1.4 down at life
            exhausted=table.flag("exhausted", False),
            sick=table.flag("sick", False),
            occ=table.number("energy", card.level, lo=0, hi=DECK_MAX),
            used=table.flag("used", False),
        )

    def event(self, table: Fields) -> Placed:
        table.only(*EVENT_KEYS)
        card = self.card_of(table, "event")
        uid = self.serial(table, "serial", _given(table, "serial"))
        return Placed(uid, self.cards.number(card.id), table.number("energy", card.level, lo=0))

    def card_of(self, table: Fields, kind: str):
        card_id = table.text("card")
        if card_id not in self.cards.index:
            raise table.fail("card", f"unknown card {card_id!r}")
        card = self.cards.card(card_id)
        if card.kind != kind:
            raise table.fail("card", f"{card_id} is {KINDS[card.kind]} card, not {KINDS[kind]}")
        return card

    def unique_names(self, table: Fields, pieces: list[Unit]) -> None:
        """PS-6.7 / PS-GAP-7 one character of a name on each side."""
        seen = set()
        for index, unit in enumerate(pieces, 1):
            name = self.cards.cards[unit.card].name_en
            if name in seen:
                raise table.fail(
                    f"characters.{index}",
                    f"a second {name} on the same field; names are unique on a side (PS-6.7)",
                )
            seen.add(name)

    def held(self, seat: int) -> Counter:
        """How many cards of each name the player holds so far, everywhere."""
        st, cards = self.st, self.cards.cards
        numbers = [*st.hand[seat], *st.trash[seat], *st.deck[seat], *st.energy[seat]]
        numbers += [p.card for p in (*st.units[seat], *st.events[seat])]
        return Counter(cards[n].name_en for n in numbers)

    def pile(self, table: Fields, name: str, default: int, held: Counter) -> list[int]:
        """A pile given by card ids, or as a count of cards the scenario leaves open:
        the first cards of the set of which the player may hold another copy."""
        value = table.get(name, default)
        if isinstance(value, list):
            return [self.cards.number(c) for c in table.cards(name, self.cards.index)]
        count = table.number(name, default, lo=0, hi=DECK_MAX)
        filler = []
        for number, card in enumerate(self.cards.cards):
            while len(filler) < count and held[card.name_en] < SAME_NAME_MAX:
                filler.append(number)
                held[card.name_en] += 1
        return filler

    def within_deck_rules(self, seat: int) -> None:
        """Every card a player has came from a legal deck: at most 50 (PS-3.1) and at
        most 3 of a name (PS-3.2)."""
        held = self.held(seat)
        who = SEATS[seat]
        if sum(held.values()) > DECK_MAX:
            raise self.pos.fail(
                who,
                f"{who} has {sum(held.values())} cards; a deck holds at most {DECK_MAX} (PS-3.1)",
            )
        for name, count in sorted(held.items()):
            if count > SAME_NAME_MAX:
                raise self.pos.fail(
                    who, f"{who} has {count} cards named {name}; at most {SAME_NAME_MAX} (PS-3.2)"
                )

    # -- references to the field --------------------------------------------------------

    def slot(self, table: Fields, name: str, text: str, seat: int, kinds: str = "CE"):
        """The character (C1 ...) or event (E1 ...) in a slot of `seat`'s field."""
        zone = {"C": self.st.units[seat], "E": self.st.events[seat]}
        head, number = text[:1], text[1:]
        if head not in kinds or not number.isdigit() or not 1 <= int(number) <= len(zone[head]):
            have = [f"{k}{i}" for k in kinds for i in range(1, len(zone[k]) + 1)]
            raise table.fail(
                name,
                f"{text!r} is no card on {SEATS[seat]}'s field; there: {', '.join(have) or 'none'}",
            )
        return zone[head][int(number) - 1]

    def seat_slot(self, table: Fields, name: str, text: str, kinds: str = "CE"):
        """A piece named with its seat, "p2.C1"; returns (seat, piece)."""
        who, _, where = text.partition(".")
        if who not in SEATS:
            raise table.fail(name, f"{text!r}: expected a seat and a slot such as 'p1.C1'")
        seat = SEATS.index(who)
        return seat, self.slot(table, name, where, seat, kinds)

    def character_ref(self, table: Fields, name: str, text, seat: int) -> int:
        """A battle's character: its slot, or "gone" (or "gone:N") once it left."""
        if not isinstance(text, str):
            raise table.fail(name, "expected a slot such as 'C1', or 'gone'")
        if text == GONE or text.startswith(GONE + ":"):
            given = text.partition(":")[2]
            if given and not given.isdigit():
                raise table.fail(name, f"{text!r}: expected 'gone' or 'gone:N' (a serial)")
            return self.serial(table, name, int(given) if given else None)
        return self.slot(table, name, text, seat, "C").uid

    # -- the rest of the table -----------------------------------------------------------

    def read_battle(self, active: int) -> tuple:
        table = self.pos.table("battle")
        table.only("attacker", "defenders", "target")
        attacker = self.character_ref(table, "attacker", table.get("attacker"), active)
        defenders = []
        for index, text in enumerate(table.items("defenders", []), 1):
            uid = self.character_ref(table, f"defenders.{index}", text, 1 - active)
            if uid in defenders:
                raise table.fail(f"defenders.{index}", f"{text!r} is declared twice")
            defenders.append(uid)
        target = table.get("target", "player")
        if target == "player":
            return attacker, tuple(defenders), PLAYER
        if target == "nobody":
            return attacker, tuple(defenders), NOBODY
        uid = self.defender(table, target, defenders, 1 - active)
        return attacker, tuple(defenders), uid

    def defender(self, table: Fields, target, defenders: list[int], seat: int) -> int:
        """PS-9.4 the target is one of the declared defenders."""
        if isinstance(target, str) and target.startswith(GONE):
            gone = [d for d in defenders if self.st.unit(d) is None]
            given = target.partition(":")[2]
            uid = int(given) if given.isdigit() else (gone[0] if len(gone) == 1 else -1)
        else:
            uid = self.character_ref(table, "target", target, seat)
        if uid not in defenders:
            raise table.fail(
                "target",
                f"{target!r} is not a declared defender; accepted: player, nobody, "
                "or one of the defenders (PS-9.4)",
            )
        return uid

    def read_effects(self) -> tuple:
        """Lasting changes of technique and guard, in the order they took effect."""
        found = []
        for table in self.pos.tables("effects", []):
            table.only(*EFFECT_KEYS)
            on = table.text("on")
            if on in (f"{seat}.all" for seat in SEATS):  # an aura over a whole side
                side, uid = SEATS.index(on[:2]), values.EVERY
            else:
                side, unit = self.seat_slot(table, "on", on, "C")
                uid = unit.uid
            stat = table.one_of("stat", (values.TECHNIQUE, values.GUARD))
            amount = table.number("amount", lo=-9, hi=9)
            until = table.text("until", "turn")
            ends = (
                values.TURN
                if until == "turn"
                else self.seat_slot(table, "until", until, "E")[1].uid
            )
            found.append(values.Lasting(side, uid, stat, amount, ends))
        return tuple(found)

    def aim(self, seat: int) -> tuple:
        """(card number, source uid) of the event or ability waiting for its target."""
        table = self.pos
        piece = self.slot(table, "aim", table.text("aim"), seat)
        card = self.cards.cards[piece.card]
        effect = card.effect if card.kind == "event" else card.ability
        if effect is None or effect.aimed is None:
            raise table.fail("aim", f"{card.id} has no effect that waits for a target")
        return piece.card, piece.uid


def _given(table: Fields, name: str) -> int | None:
    return table.number(name, lo=1) if table.has(name) else None


def read_position(game, pos: Fields, seed: int, options: dict) -> PSState:
    """The state a `[position]` table describes, ready for its next decision."""
    pos.only(*POSITION_KEYS)
    st = PSState(game, seed, options, game.cards)
    reader = Reader(st, pos)
    at = pos.one_of("at", tuple(steps.POINTS))
    opening = at == "mulligan"
    turn = pos.number("turn", lo=0, hi=0) if opening else pos.number("turn", lo=1)
    active = reader.seat(pos, "active")
    for seat in (0, 1):
        reader.read_seat(seat)
    over = at == "over"
    for seat in (0, 1):
        if not over and st.hurt[seat] >= PLAYER_LIFE:
            raise pos.table(SEATS[seat]).fail(
                "damage", f'{st.hurt[seat]} damage ends the game (PS-2.1); use at = "over"'
            )
    st.first = reader.seat(pos, "first", SEATS[first_of(turn, active)])
    st.turn = turn - 1 if at == "start" else turn
    st.current = -1 if opening else active
    st.energy_placed = pos.flag("energy_placed", False)
    chooser = _only_at(pos, "to_act", steps.CHOOSER_POINTS, at)
    chooser = active if chooser is None else reader.seat(pos, "to_act")
    passed = _only_at(pos, "passed", steps.PASS_POINTS, at)
    passed = bool(passed) and pos.flag("passed")
    aim = reader.aim(chooser) if _only_at(pos, "aim", steps.AIM_POINTS, at, True) else None
    battle = at in steps.BATTLE_POINTS
    if pos.has("pending"):
        st.stack = read_pending(reader, pos, at)
        battle = any(step[0] == "battle_end" for step in st.stack)
    else:
        st.stack = steps.stack_at(at, active, chooser, passed, aim)
    if battle:
        st.battle = reader.read_battle(active)
    elif pos.has("battle"):
        raise pos.fail("battle", f"no battle is under way at {at!r}")
    st.lasting = reader.read_effects()
    reader.fresh = max(reader.taken, default=0) + 1
    st.next_uid = pos.number("next_serial", reader.fresh, lo=reader.fresh)
    if over:
        winner = reader.seat(pos, "winner")
        scores = tuple(1 if s == winner else 0 for s in (0, 1))
        st.result = Result((winner,), scores, pos.one_of("reason", REASONS))
    else:
        for name in ("winner", "reason"):
            if pos.has(name):
                raise pos.fail(name, 'only a finished game has one; at = "over"')
    st.advance()
    return st


def _only_at(pos: Fields, name: str, points, at: str, required: bool = False):
    """A field that only some points take; None where it is not given."""
    if at in points:
        if required and not pos.has(name):
            raise pos.fail(name, f"missing: at {at!r} names the card whose effect waits")
        return pos.get(name) if pos.has(name) else None
    if pos.has(name):
        raise pos.fail(name, f"not taken at {at!r}; only at {', '.join(points)}")
    return None


def read_pending(reader: Reader, pos: Fields, at: str) -> list[tuple]:
    """`pending`: the steps still to come, the next one first."""
    stack = []
    for index, text in enumerate(pos.items("pending"), 1):
        name = f"pending.{index}"

        def fail(problem, name=name):
            return pos.fail(name, problem)

        def seat_of(word, name=name):
            if word not in SEATS:
                raise fail(f"{word!r} is not a seat; accepted: {', '.join(SEATS)}")
            return SEATS.index(word)

        def source_of(seat, slot, name=name):
            piece = reader.slot(pos, name, slot, seat)
            return piece.card, piece.uid

        stack.append(steps.read_step(text, seat_of, source_of, fail))
    stack.reverse()
    if (stack or at != "over") and steps.point_of(stack, at == "over") != at:
        found = steps.point_of(stack, False) if stack else "nothing"
        raise pos.fail("at", f"{at!r}, but the pending steps stand at {found!r}")
    return stack
