"""A scenario's `[position]` table read into a Precious Memories state: every card
placed, every count checked against the rules, the pending steps of the turn set up
(from `at`, or as the file lists them), then the game run on to its decision."""

from __future__ import annotations

import re
from collections import Counter

from tcglab.engine.scenario import Fields
from tcglab.games.pm import turn
from tcglab.games.pm.decks import DECK_SIZE, MAX_COPIES
from tcglab.games.pm.places import DECK
from tcglab.games.pm.plays import MAIN_LIMIT
from tcglab.games.pm.scenario.naming import SEATS, STEPS, card_at
from tcglab.games.pm.scenario.writing import point_of
from tcglab.games.pm.state import PMState

SIDE_KEYS = (
    *("hand", "deck", "deck_shuffled", "known_bottom", "discard", "discard_since", "points"),
    *("discount", "physical"),
    *(f"M{n}" for n in range(1, MAIN_LIMIT + 1)),
)
CHARACTER_KEYS = ("card", "rested", "new", "appeared", "since", "supports")
POSITION_KEYS = (
    *("turn", "active", "at", "p1", "p2", "approach", "obstructor", "playing", "effects"),
    *("clock", "pending"),
)
HOW = ("add", "set", "swap")  # values.change


def _stack_at(point: str, c: int, st: PMState) -> list[tuple] | None:
    """The pending steps of a hand-written position at `point` (None: it takes
    `pending`). Next step last, as the state keeps them."""
    approach = [("turn_end", c)]
    if point in ("approach.obstruct", "approach.timing"):
        if st.options["approaches"] == "repeat":
            approach.append(("approach_declare", c))
        approach += [
            ("approach_done", c),
            ("window", c, "approach", 0, 6),
            ("exit_check", c),
            ("window", c, "approach", 0, 4),
            ("obstruct_step", 1 - c),
        ]
    return {
        "start": [("turn_start", c)],
        "main": [("turn_end", c), ("approach_declare", c), ("window", c, "main", 0, 1)],
        "approach.declare": [("turn_end", c), ("approach_declare", c)],
        "approach.timing": [*approach, ("window", c, "approach", 0, 2)],
        "approach.obstruct": approach,
        "end": [("turn_end", c)],
        "over": [],
    }.get(point)


class Reader:
    """One `[position]` being read into a fresh state."""

    def __init__(self, game, position: Fields, seed: int, options: dict) -> None:
        self.position = position
        self.known = game.cards.by_id
        filler = [[0] * DECK, [0] * DECK]  # instances no zone holds stay out of play
        self.st = PMState(game, seed, options, filler)
        self.last_stamp = 0

    def card_table(self, parent: Fields, field: str, entry) -> tuple[Fields, str]:
        """A card written as its id or as a table with its state: the table, and the
        card's id, checked."""
        table = Fields(
            parent.source, parent.field(field), {"card": entry} if isinstance(entry, str) else entry
        )
        card_id = table.text("card")
        if card_id not in self.known:
            raise table.fail("card", f"unknown card {card_id!r}")
        return table, card_id

    def stamp(self, table: Fields, key: str) -> int:
        """A timestamp the file gives, or the next one after the latest so far."""
        value = table.number(key, self.last_stamp + 1, lo=1)
        self.last_stamp = max(self.last_stamp, value)
        return value

    # -- the whole position ---------------------------------------------------------

    def read(self, points: dict) -> PMState:
        pos, st = self.position, self.st
        pos.only(*POSITION_KEYS)
        st.turn = pos.number("turn", lo=0, hi=10_000)
        active = SEATS.index(pos.one_of("active", SEATS))
        st.current = active if st.turn else -1
        st.first = active if st.turn % 2 or not st.turn else 1 - active
        point = pos.one_of("at", list(points))
        if not st.turn and point not in ("setup.redraw", "over"):
            raise pos.fail("turn", "turn 0 is setting up; the first turn is 1")
        self.placed = [[], []]
        self.sides = [pos.table(p, {}) for p in SEATS]
        for seat in range(2):
            self.side(seat, self.sides[seat])
        self.playing()
        for seat in range(2):
            self.number_cards(seat, self.sides[seat])
        st.approach = tuple(self.cards_named(pos, "approach") if pos.has("approach") else ())
        found = self.cards_named(pos, "obstructor") if pos.has("obstructor") else [-1]
        st.obstructor = found[0]
        self.check_sides(active)
        self.effects()
        st.clock = pos.number("clock", self.last_stamp, lo=self.last_stamp)
        self.check_end(point)
        self.steps(point, active)
        st.log, st.history = [], []
        return st

    def check_sides(self, active: int) -> None:
        """The turn player approaches (PM-1.10.6.1), the other player obstructs
        (PM-1.10.6.3)."""
        st, pos = self.st, self.position
        if any(i // DECK != active for i in st.approach):
            raise pos.fail("approach", f"only {SEATS[active]}, the turn player, approaches")
        if st.obstructor >= 0 and st.obstructor // DECK == active:
            raise pos.fail("obstructor", f"{SEATS[active]} is the turn player; the other obstructs")

    def check_end(self, point: str) -> None:
        """PM-1.1 a game where a seat has 7 point cards or an empty deck is over
        (PM-GAP-19); a file says so with at = "over"."""
        st, pos = self.st, self.position
        lost = [len(st.points[s]) >= turn.POINTS_TO_LOSE or not st.deck[s] for s in range(2)]
        if point == "over" and not any(lost):
            raise pos.fail("at", "the game is over only when a player has 7 point cards or no deck")
        if point != "over" and any(lost):
            seat = SEATS[lost.index(True)]
            raise pos.fail(
                seat,
                f"{seat} has 7 point cards or an empty deck, so the game is over (PM-1.1); "
                'say at = "over"',
            )

    def steps(self, point: str, active: int) -> None:
        """The pending steps: listed under `pending` (next first), or those of `at`."""
        st, pos = self.st, self.position
        if point == "over":
            turn.check_victory(st)
            return
        if pos.has("pending"):
            st.stack = [self.step(table) for table in reversed(pos.tables("pending"))]
        else:
            stack = _stack_at(point, active, st)
            if stack is None:
                raise pos.fail("at", f"{point!r} is a point under way; list its steps in pending")
            if point in ("approach.obstruct", "approach.timing") and not st.approach:
                raise pos.fail("approach", f"at {point!r} needs the approaching characters")
            if point == "start":
                st.turn -= 1  # turn-start processing counts the new turn
            st.stack = stack
        st.advance()
        if point not in ("start", "end") and point_of(st) != point:
            raise pos.fail("at", f"the position stops at {point_of(st)!r}, not {point!r}")

    def step(self, table: Fields) -> tuple:
        name = table.one_of("step", list(STEPS))
        spec = STEPS[name]
        table.only("step", *(key for key, _ in spec))
        args = []
        for key, kind in spec:
            if kind == "seat":
                args.append(SEATS.index(table.one_of(key, SEATS)))
            elif kind == "card":
                args.append(self.cards_named(table, key)[0])
            elif kind == "card?":
                args.append(self.cards_named(table, key)[0] if table.has(key) else -1)
            elif kind == "int":
                args.append(table.number(key, lo=-100, hi=100))
            elif kind == "flag":
                args.append(table.flag(key, False))
            elif "" in kind:  # a colour: none unless given
                args.append(table.one_of(key, kind, ""))
            else:
                args.append(table.one_of(key, kind))
        return (name, *args)

    def cards_named(self, table: Fields, key: str) -> list[int]:
        names = table.get(key)
        names = [names] if isinstance(names, str) else table.items(key)
        found = []
        for name in names:
            try:
                found.append(card_at(self.st, name))
            except (ValueError, TypeError) as error:
                raise table.fail(key, str(error)) from None
        return found

    # -- each seat's cards ----------------------------------------------------------

    def take(self, seat: int, card_id: str) -> int:
        """A new physical card of `seat` with this card on its face; which of the
        seat's 60 it is gets settled once all are listed (`number_cards`)."""
        inst = seat * DECK + len(self.placed[seat])
        if len(self.placed[seat]) >= DECK_SIZE:
            raise self.sides[seat].fail("", f"more than {DECK_SIZE} cards (PM-1.2.1)")
        self.placed[seat].append(inst)
        self.st.cid[inst] = self.known[card_id]
        return inst

    def pile(self, side: Fields, seat: int, key: str) -> list[int]:
        return [self.take(seat, c) for c in side.cards(key, self.known, [])]

    def side(self, seat: int, side: Fields) -> None:
        st = self.st
        slots = [k for k in side.data if re.fullmatch(r"S[1-9][0-9]?", k) and int(k[1:]) <= DECK]
        side.only(*SIDE_KEYS, *sorted({"S1", *slots}, key=lambda k: int(k[1:])))
        st.hand[seat] = self.pile(side, seat, "hand")
        if side.has("deck") and side.has("deck_shuffled"):
            raise side.fail("deck_shuffled", "give deck (top first) or deck_shuffled, not both")
        shuffled = side.has("deck_shuffled")
        deck = self.pile(side, seat, "deck_shuffled" if shuffled else "deck")[::-1]
        if shuffled:
            st.rng.shuffle(deck)
        st.deck[seat] = deck
        st.bottom[seat] = side.number("known_bottom", 0, lo=0, hi=len(deck))
        st.discard[seat] = self.pile(side, seat, "discard")
        since = side.items("discard_since", [0] * len(st.discard[seat]))
        if len(since) != len(st.discard[seat]) or not all(isinstance(s, int) for s in since):
            raise side.fail("discard_since", "one whole number for each discarded card")
        for inst, stamp in zip(st.discard[seat], since, strict=True):
            st.since[inst] = stamp
        self.points(seat, side)
        for letter, area in (("M", st.main[seat]), ("S", st.support[seat])):
            for n in range(1, DECK_SIZE + 1):
                if side.has(f"{letter}{n}"):
                    if len(area) != n - 1:
                        raise side.fail(
                            f"{letter}{n}",
                            f"{letter}{len(area) + 1} is empty; "
                            f"slots are filled in order from {letter}1",
                        )
                    area.append(self.character(seat, side, f"{letter}{n}", letter))
        st.discount[seat] = side.number("discount", 0, lo=0, hi=10)

    def points(self, seat: int, side: Fields) -> None:
        """PM-1.4.3 the point area: face-up cards by id, face-down ones as tables."""
        st, pile = self.st, []
        for n, entry in enumerate(side.items("points", []), 1):
            card, card_id = self.card_table(side, f"points.{n}", entry)
            card.only("card", "face")
            inst = self.take(seat, card_id)
            st.down[inst] = card.one_of("face", ("up", "down"), "up") == "down"
            pile.append(inst)
        if len(pile) > turn.POINTS_TO_LOSE:
            raise side.fail("points", f"{len(pile)} point cards; a game ends at 7 (PM-1.1.1)")
        st.points[seat] = pile

    def character(self, seat: int, side: Fields, slot: str, letter: str) -> int:
        """A character on the field (PM-1.4.4, PM-1.4.5) and the support cards set on it
        (PM-1.7.3)."""
        st = self.st
        table, card_id = self.card_table(side, slot, side.get(slot))
        table.only(*CHARACTER_KEYS)
        card = st.pool[self.known[card_id]]
        if not card.is_character:
            kind = f"an {card.kind}" if card.kind == "event" else f"a {card.kind}"
            raise table.fail("card", f"{card_id} is {kind} card, not a character")
        if letter == "M" and not card.has_values:
            raise table.fail(
                "card",
                f"{card_id} has no AP/DP: the main area takes only "
                "characters with AP and DP (PM-1.4.4)",
            )
        if st.options["unique_names"]:
            for other in st.main[seat] + st.support[seat]:
                if not card.names.isdisjoint(st.card(other).names):
                    raise table.fail(
                        "card",
                        f"{st.name(other)} is already on this field "
                        "(PM-GAP-10, option unique_names)",
                    )
        inst = self.take(seat, card_id)
        st.rested[inst] = table.flag("rested", False)
        if table.has("new") and table.has("appeared"):
            raise table.fail("appeared", "give new or appeared, not both")
        new = table.flag("new", False)
        st.entered[inst] = st.turn if new else table.number("appeared", 0, lo=0, hi=st.turn)
        st.since[inst] = self.stamp(table, "since")
        for n, sup in enumerate(table.items("supports", []), 1):
            self.support_card(table, f"supports.{n}", sup, inst)
        return inst

    def support_card(self, table: Fields, field: str, entry, host: int) -> None:
        st = self.st
        sup, card_id = self.card_table(table, field, entry)
        sup.only("card", "since")
        if st.pool[self.known[card_id]].kind != "support":
            raise sup.fail("card", f"{card_id} is not a support card (PM-1.7.3)")
        inst = self.take(host // DECK, card_id)
        st.host[inst] = host
        st.since[inst] = self.stamp(sup, "since")

    def effects(self) -> None:
        """Effects until end of turn (PM-GAP-20), in the order they took effect."""
        for n, entry in enumerate(self.position.items("effects", []), 1):
            table = Fields(self.position.source, self.position.field(f"effects.{n}"), entry)
            table.only("on", "how", "ap", "dp", "cost", "stamp")
            inst = self.cards_named(table, "on")[0]
            how = table.one_of("how", HOW)
            change = [table.number(key, 0, lo=-200, hi=200) for key in ("ap", "dp", "cost")]
            self.st.mods.append((inst, how, *change, self.stamp(table, "stamp")))

    def playing(self) -> None:
        """Cards being played: shown, paid for and not yet resolved (PM-1.7)."""
        for n, entry in enumerate(self.position.items("playing", []), 1):
            table, card_id = self.card_table(self.position, f"playing.{n}", entry)
            table.only("card", "owner")
            seat = SEATS.index(table.one_of("owner", SEATS))
            self.st.limbo.append(self.take(seat, card_id))

    def number_cards(self, seat: int, side: Fields) -> None:
        """Check PM-1.2.2 (at most 4 of one card), then give each listed card the
        physical card `physical` says it is (an exported state's exact cards)."""
        st, placed = self.st, self.placed[seat]
        copies = Counter(st.card(i).id for i in placed)
        for card_id, count in sorted(copies.items()):
            if count > MAX_COPIES:
                raise side.fail(
                    "",
                    f"{count} copies of {card_id}; a deck holds at most "
                    f"{MAX_COPIES} of one card (PM-1.2.2)",
                )
        if not side.has("physical"):
            return
        physical = side.items("physical")
        if sorted(physical) != sorted(set(physical)) or len(physical) != len(placed):
            raise side.fail("physical", f"{len(placed)} different numbers, one for each card")
        if not all(isinstance(n, int) and 1 <= n <= DECK for n in physical):
            raise side.fail("physical", f"numbers from 1 to {DECK}")
        where = {inst: seat * DECK + n - 1 for inst, n in zip(placed, physical, strict=True)}
        renumber(st, seat, where)


def renumber(st: PMState, seat: int, where: dict[int, int]) -> None:
    """Move the cards of `seat` to the physical cards `where` names, every per-card
    field with them."""
    base = seat * DECK
    every = range(base, base + DECK)
    moved = {**{i: i for i in every}, **where}
    free = sorted(set(every) - set(where.values()))
    for inst, target in zip(sorted(set(every) - set(where)), free, strict=True):
        moved[inst] = target
    for name in ("cid", "down", "rested", "entered", "since"):
        column = getattr(st, name)
        old = column[base : base + DECK]
        for inst in every:
            column[moved[inst]] = old[inst - base]
    old_host = st.host[:]
    for inst in every:
        host = old_host[inst]
        st.host[moved[inst]] = moved.get(host, host)
    for name in ("hand", "deck", "discard", "points", "main", "support"):
        zone = getattr(st, name)
        zone[seat] = [moved[i] for i in zone[seat]]
    st.limbo = [moved.get(i, i) for i in st.limbo]
