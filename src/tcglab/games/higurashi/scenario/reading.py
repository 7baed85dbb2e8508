"""Reading a `[position]` table into a Higurashi state: every zone by card id, checked
against the rules (one copy of each character, the event cards' copies, the hand limit,
who may be out), then the turn and its pending steps. The format is in
docs/scenarios/higurashi.md."""

from __future__ import annotations

from tcglab.engine.rng import Rng
from tcglab.engine.scenario import Fields
from tcglab.games.higurashi import continuous, table
from tcglab.games.higurashi.scenario.terms import (
    EVERYONE,
    POINTS,
    REASONS,
    REST,
    ROLL_KINDS,
    STEP_FIELDS,
    STEPS,
    UNTIL,
    WINDOWS,
    seat_keys,
    step_name,
)
from tcglab.games.higurashi.state import HigurashiState

POSITION = (
    "turn", "round", "active", "first", "played", "at", "reason", "pending", "roll",
    "deck", "discard", "pile", "rest", "modifiers", "copies",
)  # fmt: skip
SEAT = ("row", "hand", "captured")
CHARACTER = ("card", "face", "sideways", "known", "equipment")
MODIFIER = ("card", "equipment", "attack", "defence", "until", "turn", "seat")


def equipment_values(card) -> tuple[int, int] | None:
    """What an equipment card gives the character carrying it, or None if it is none."""
    for part in card.parts:
        if part.kind == "equip":
            return part.attack, part.defence
    return None


def default_stack(at: str, seat: int) -> list[tuple]:
    """The pending steps a position at `at` has when the file names none."""
    if at == "main":
        return [("main", seat)]
    if at == "turn.start":
        return [("turn_start", seat)]
    if at == "hand_limit":
        return [("main", seat), ("trim", seat)]
    return []


def default_played(first: int, active: int, players: int, started: bool) -> int:
    """The seats that have had their turn this round: from `first` round to `active`,
    the active seat too once its turn has begun."""
    bits, seat = 0, first
    while seat != active:
        bits |= 1 << seat
        seat = (seat + 1) % players
    return bits | (1 << active) if started else bits


class Reader:
    """One `[position]` table being read into a state. Event cards are read as
    occurrences in reading order (hands, equipment, the card being played, deck,
    discard); each gets its physical copy once all are read (`copies`)."""

    def __init__(self, game, position: Fields, seed: int, options: dict, players: int) -> None:
        self.pos, self.players = position, players
        self.st = st = HigurashiState(game, seed, players, options)
        self.seats = seat_keys(players)
        self.chars = {c.id: i for i, c in enumerate(st.cards.characters)}
        self.kinds = {e.id: i for i, e in enumerate(st.cards.events)}
        self.placed: dict[int, str] = {}  # character instance -> the field holding it
        self.occurrences: list[int] = []  # the event card of each occurrence
        self.copy: list[int] = []  # the physical event card of each occurrence
        self.unplaced: list[int] = []  # the physical event cards no occurrence is

    # -- single fields -------------------------------------------------------------

    def seat(self, f: Fields, name: str, default=Fields._MISSING) -> int:
        return self.seats.index(f.one_of(name, self.seats, default))

    def character(self, f: Fields, name: str, card) -> int:
        """A character card by id, placed once only (each character is one card)."""
        if not isinstance(card, str) or card not in self.chars:
            hint = "; that is an event card" if card in self.kinds else ""
            raise f.fail(name, f"unknown character card {card!r}{hint}")
        inst = self.chars[card]
        if inst in self.placed:
            raise f.fail(name, f"{card} is already in {self.placed[inst]}")
        self.placed[inst] = f.field(name)
        return inst

    def on_table(self, f: Fields, name: str) -> int:
        """A character a step or modifier names: one in a row."""
        card = f.text(name)
        inst = self.chars.get(card)
        if inst is None or self.st.owner[inst] < 0:
            raise f.fail(name, f"{card!r} is not a character in any row")
        return inst

    def events(self, f: Fields, name: str, default=Fields._MISSING) -> list[int]:
        """Event cards by id; returns their occurrence numbers."""
        return [self.event(f, name, card) for card in f.items(name, default)]

    def event(self, f: Fields, name: str, card) -> int:
        """One event card by id, no more of each than the game has copies (G4-1.2)."""
        if not isinstance(card, str) or card not in self.kinds:
            hint = "; that is a character card" if card in self.chars else ""
            raise f.fail(name, f"unknown event card {card!r}{hint}")
        kind = self.kinds[card]
        copies = self.st.cards.events[kind].copies
        if self.occurrences.count(kind) >= copies:
            raise f.fail(name, f"{card}: the game has {copies}, this position places more")
        self.occurrences.append(kind)
        return len(self.occurrences) - 1

    # -- the position ----------------------------------------------------------------

    def state(self) -> HigurashiState:
        pos, st = self.pos, self.st
        pos.only(*POSITION, *self.seats)
        at = pos.one_of("at", tuple(POINTS))
        active = self.seat(pos, "active")
        seats = [pos.table(key) for key in self.seats]
        for f in seats:
            f.only(*SEAT)
        hands = [self.events(f, "hand", []) for f in seats]
        gear = [self.row(f, seat) for seat, f in enumerate(seats)]
        for seat, f in enumerate(seats):
            st.captured[seat] = [self.captured(f, c) for c in f.items("captured", [])]
        st.alive = tuple(bool(row) for row in st.rows)
        stack = self.pending(at, active)
        deck = self.events(pos, "deck", [])
        discard = self.events(pos, "discard", [])
        pile = [self.character(pos, "pile", c) for c in pos.items("pile", [])]
        self.deal_copies()
        take = self.copy.__getitem__
        st.hands = [[take(o) for o in hand] for hand in hands]
        for seat, row in enumerate(gear):
            for inst, equipment in zip(st.rows[seat], row, strict=True):
                for o in equipment:
                    st.attached[take(o)] = inst
        st.stack = [(*s[:2], take(s[2])) if s[0] == "event_target" else s for s in stack]
        self.rest(deck, discard, pile)
        self.turn(at, active)
        self.modifiers()
        self.roll(stack)
        self.check(at, active)
        st.log = []
        st.advance()
        return st

    def row(self, f: Fields, seat: int) -> list[list[int]]:
        """A seat's row, slot by slot; returns each character's equipment (occurrences).
        A character is its card id (face-down, upright, known to its owner) or a table."""
        st, gear = self.st, []
        for number, entry in enumerate(f.items("row", []), 1):
            c = Fields(f.source, f"{f.field('row')}.{number}", {"card": entry})
            if isinstance(entry, dict):
                c = Fields(f.source, f"{f.field('row')}.{number}", entry)
                c.only(*CHARACTER)
            inst = self.character(c, "card", c.get("card"))
            up = c.one_of("face", ("down", "up"), "down") == "up"
            st.rows[seat].append(inst)
            st.owner[inst], st.up[inst] = seat, up
            st.side[inst] = c.flag("sideways", False)
            st.known[inst] = self.known(c, seat, up)
            equipment = self.events(c, "equipment", [])
            for o in equipment:
                card = st.cards.events[self.occurrences[o]]
                if equipment_values(card) is None:
                    raise c.fail("equipment", f"{card.id} is not equipment")
            gear.append(equipment)
        return gear

    def known(self, c: Fields, seat: int, up: bool) -> int:
        """Who knows a character: everyone once it has been face-up ("all"), else the
        seats listed (its owner always among them); by default only its owner."""
        value = c.get("known", "all" if up else [self.seats[seat]])
        if value == "all":
            return EVERYONE
        if up:
            raise c.fail("known", 'a face-up card is known to everyone; accepted: "all"')
        if not isinstance(value, list) or any(v not in self.seats for v in value):
            seats = ", ".join(self.seats)
            raise c.fail("known", f'"all" or a list of seats; accepted seats: {seats}')
        if self.seats[seat] not in value:
            raise c.fail("known", "a player always knows their own characters")
        return sum(1 << self.seats.index(v) for v in set(value))

    def captured(self, f: Fields, card) -> int:
        """A captured character: face-up, known to all, nobody's (G4-GAP-10)."""
        inst = self.character(f, "captured", card)
        self.st.up[inst], self.st.known[inst] = True, EVERYONE
        return inst

    def pending(self, at: str, active: int) -> list[tuple]:
        """The steps under way, written next first; by default those of `at`."""
        pos = self.pos
        if not pos.has("pending"):
            if at in ("main", "turn.start", "hand_limit", "over"):
                return default_stack(at, active)
            raise pos.fail("at", f"{at!r} needs `pending`: the steps under way, next first")
        if at == "over":
            raise pos.fail("pending", "a game that is over has no steps pending")
        stack = [self.step(f, active) for f in pos.tables("pending")]
        if not stack:
            raise pos.fail("pending", "at least the step now open")
        if step_name(stack[0]) != at:
            raise pos.fail("pending", f"the first step must be the one `at` names, {at!r}")
        return stack[::-1]

    def step(self, f: Fields, active: int) -> tuple:
        name = f.one_of("step", tuple(STEP_FIELDS))
        names = STEP_FIELDS[name]
        f.only("step", "seat", *names)
        if name == "roll.resolve":
            return ("resolve_roll",)
        seat = self.seat(f, "seat", self.seats[active])
        if name in WINDOWS:
            return ("window", seat, WINDOWS[name])
        if name == "event.target":
            card = self.event(f, "card", f.get("card"))
            return ("event_target", seat, card)  # its copy is dealt later
        chars = [self.on_table(f, n) for n in names]
        if name == "counter" and self.st.owner[chars[0]] != seat:
            raise f.fail("defender", "the defender is a character of the seat deciding")
        if name != "counter" and chars and self.st.owner[chars[0]] != seat:
            raise f.fail("actor", "the actor is a character of the seat deciding")
        return (STEPS[name], seat, *chars)

    def deal_copies(self) -> None:
        """G4-1.2 the physical copy of each event-card occurrence: in order, unless
        `copies` says which copy each occurrence of a card is (exported files do)."""
        pos, st = self.pos, self.st
        free = {k: [i for i, e in enumerate(st.eid) if e == k] for k in range(len(self.kinds))}
        order = {k: list(range(len(free[k]))) for k in free}
        copies = pos.table("copies", {})
        for card in copies.data:
            if card not in self.kinds:
                raise copies.fail(card, "not an event card")
            kind, placed = self.kinds[card], self.occurrences.count(self.kinds[card])
            given, count = copies.items(card), len(free[kind])
            numbers = set(range(1, count + 1))
            if len(given) != placed or len(set(given)) != placed or not set(given) <= numbers:
                raise copies.fail(card, f"{placed} different copy numbers from 1 to {count}")
            order[kind] = [n - 1 for n in given] + [n - 1 for n in sorted(numbers - set(given))]
        seen = dict.fromkeys(free, 0)
        for kind in self.occurrences:
            self.copy.append(free[kind][order[kind][seen[kind]]])
            seen[kind] += 1
        self.unplaced = [free[k][n] for k in sorted(free) for n in sorted(order[k][seen[k] :])]

    def rest(self, deck: list[int], discard: list[int], pile: list[int]) -> None:
        """The shared piles, written top first. Cards the file places nowhere lie
        shuffled beneath the deck and the pile, or (`rest = "aside"`) out of the game."""
        st, take = self.st, self.copy.__getitem__
        aside = self.pos.one_of("rest", REST, "shuffled") == "aside"
        shuffler = Rng(st.seed).derive()  # never the state's own generator
        spare_chars = [] if aside else [i for i in st.char_pile if i not in self.placed]
        spare_events = [] if aside else self.unplaced
        shuffler.shuffle(spare_chars)
        shuffler.shuffle(spare_events)
        st.char_pile = spare_chars + pile[::-1]
        st.event_deck = spare_events + [take(o) for o in deck[::-1]]
        st.discard = [take(o) for o in discard[::-1]]

    def modifiers(self) -> None:
        """Continuous effects in timestamp order (continuous.py): equipment the list
        does not name comes first, row by row."""
        st, pos = self.st, self.pos
        gear = list(st.attached)  # attached in reading order
        listed = []
        for m in pos.tables("modifiers", []):
            m.only(*MODIFIER)
            inst = self.on_table(m, "card")
            if m.has("equipment"):
                m.only("card", "equipment")
                card = m.text("equipment")
                match = [e for e in gear if (st.attached[e], st.event_card(e).id) == (inst, card)]
                if not match:
                    raise m.fail("equipment", f"{card} is not (or no longer) on that character")
                gear.remove(match[0])
                listed.append(self.equipment_mod(match[0]))
                continue
            attack, defence = m.number("attack", 0, -99, 99), m.number("defence", 0, -99, 99)
            if not attack and not defence:
                raise m.fail("attack", "a modifier changes attack or defence")
            if m.one_of("until", UNTIL) == "end_of_turn":
                m.only("card", "attack", "defence", "until", "turn")
                lasts = ("end", m.number("turn", st.turn))
            else:
                m.only("card", "attack", "defence", "until", "seat")
                lasts = ("start", self.seat(m, "seat"))
            listed.append((inst, attack, defence, lasts))
        st.mods = tuple([self.equipment_mod(e) for e in gear] + listed)
        continuous.refresh(st)

    def equipment_mod(self, event: int) -> tuple:
        attack, defence = equipment_values(self.st.event_card(event))
        return (self.st.attached[event], attack, defence, ("equipped", event))

    def turn(self, at: str, active: int) -> None:
        """The turn and round (G4-2.2, G4-2.3): at `turn.start` the turn numbered
        `turn` is about to begin."""
        st, pos = self.st, self.pos
        limit = st.options["round_limit"]
        over_limit = at == "over" and pos.get("reason", "") == "round_limit"
        st.round = pos.number("round", 1, lo=1, hi=limit + over_limit)
        st.turn = pos.number("turn", lo=1) - (at == "turn.start")
        st.current = active
        st.first = self.seat(pos, "first", self.seats[active])
        if pos.has("played"):
            played = pos.items("played")
            if any(s not in self.seats for s in played):
                raise pos.fail("played", f"a list of seats; accepted: {', '.join(self.seats)}")
            st.played = sum(1 << self.seats.index(s) for s in set(played))
        else:
            st.played = default_played(st.first, active, self.players, at != "turn.start")

    def roll(self, stack: list[tuple]) -> None:
        """The roll in flight, between its die and its result (G4-8.3)."""
        st, pos = self.st, self.pos
        rolling = any(s[0] in ("window", "resolve_roll") for s in stack)
        if not pos.has("roll"):
            if rolling:
                raise pos.fail("pending", "a die window or a roll to resolve needs `roll`")
            return
        if not rolling:
            raise pos.fail("roll", "a roll is in flight only while its steps are pending")
        r = pos.table("roll")
        r.only("kind", "seat", "actor", "target", "die", "modifier")
        st.roll = (
            r.one_of("kind", ROLL_KINDS),
            self.seat(r, "seat"),
            self.on_table(r, "actor"),
            self.on_table(r, "target"),
            r.number("die", lo=1, hi=6),
            r.number("modifier", 0, lo=-99, hi=99),
        )

    def check(self, at: str, active: int) -> None:
        """What the rules rule out: a hand over the limit outside the hand-limit step
        (G4-6.2), a player out with cards, a game on with one player or no pile."""
        st, pos = self.st, self.pos
        limit = st.options["hand_limit"]
        trimming = {s[1] for s in st.stack if s[0] == "trim"}
        for seat, key in enumerate(self.seats):
            held = len(st.hands[seat])
            if held > limit and seat not in trimming:
                problem = f'{held} cards; the limit is {limit} (G4-6.2), except at "hand_limit"'
                raise pos.fail(f"{key}.hand", problem)
            if not st.alive[seat] and held:
                problem = "a player with no characters is out and holds no event cards (G4-2.7)"
                raise pos.fail(f"{key}.hand", problem)
        if at == "over":
            self.finish(pos.one_of("reason", REASONS))
            return
        if pos.has("reason"):
            raise pos.fail("reason", 'only a game that is over (`at = "over"`) has one')
        if sum(st.alive) < 2:
            problem = 'fewer than two players have characters: the game is over (G4-2.4), at "over"'
            raise pos.fail("at", problem)
        if not st.alive[active]:
            raise pos.fail("active", "that player has no characters and is out (G4-2.7)")
        if not st.char_pile:
            raise pos.fail("pile", "the character pile is empty: the game is over (G4-7.1)")

    def finish(self, reason: str) -> None:
        """A game that is over: its scores as the rules count them (G4-2.5, G4-7.2)."""
        st, pos = self.st, self.pos
        if reason == "last_standing" and sum(st.alive) != 1:
            raise pos.fail("reason", "last_standing needs exactly one player with characters")
        if reason == "pile_empty" and st.char_pile:
            raise pos.fail("reason", "pile_empty needs an empty character pile")
        if reason == "round_limit" and st.round <= st.options["round_limit"]:
            raise pos.fail("reason", "round_limit needs `round` past the option round_limit")
        table.end_game(st, reason)


def build(game, position: Fields, *, seed: int, options: dict, players: int) -> HigurashiState:
    return Reader(game, position, seed, options, players).state()
