"""Precious Memories as fixed-size numbers, for learning agents (tcglab.rl): every
action id as one index of a fixed vocabulary, and one seat's observation as a flat
tensor.

The vocabulary follows the action ids of the rules code, the areas (PM-1.4) and the
card set:

- "keep", "redraw", "pass", "allow", "end", "let through", "break", "main", "support";
- "approach MN" and "obstruct MN" for each of the 5 places of a main area (PM-1.4.4),
  "link MA+MB" for each two of them, and "main over MN" (a sixth character appearing
  in the main area while the one at MN leaves);
- "play ID", "pay ID" and "discard ID" for each card of the set;
- "flip pX.PN", "target pX.ZN" and "use pX.ZN" for each player X and each place N of
  an area Z (main M, support S, points P): a seat owns 60 cards (PM-1.2.1), so no area
  holds more;
- "allocate A/B" (PM-1.11.6, PM-GAP-18): the obstructor's AP split over an approaching
  pair. All splits of one decision share a total, so a split is named by what the first
  approacher gets: "allocate A/rest" for A = 0, 10, ... below `ALLOCATE` tens, and
  "allocate all/0" for all of it. An AP of `ALLOCATE` tens or more has no index.

Players in action ids are p1 and p2, as the rules code names them. The tensor counts
seats from the observing one; its layout is the
encoding's `layout`, shown in docs/rl.md.
"""

from __future__ import annotations

from itertools import chain

from tcglab.engine.encoding import Encoding, card_indexes, encoding_capability
from tcglab.games.pm import paying, turn, values
from tcglab.games.pm.cards import card_set
from tcglab.games.pm.places import DECK
from tcglab.games.pm.plays import MAIN_LIMIT
from tcglab.games.pm.turn import HAND_LIMIT, POINTS_TO_LOSE

ALLOCATE = 100  # splits of an AP below 1000 have an index
SUPPORT = 8  # places of a support area the tensor shows (its size is shown besides)
STEPS = (
    "allocate",
    "approach_declare",
    "attach",
    "break",
    "interrupt",
    "obstruct",
    "pay",
    "place",
    "redraw",
    "target",
    "trim",
    "window",
)
PHASES = ("setup", "main", "approach", "end", "over")
COLOURS = ("blue", "green", "red", "yellow")
AREAS = (("M", MAIN_LIMIT), ("S", DECK), ("P", DECK))


def vocabulary() -> tuple[str, ...]:
    ids = sorted(card.id for card in card_set().cards)
    main = range(1, MAIN_LIMIT + 1)
    return (
        *("keep", "redraw", "pass", "allow", "end", "let through", "break", "main", "support"),
        *(f"{verb} M{n}" for verb in ("approach", "obstruct") for n in main),
        *(f"link M{a}+M{b}" for a in main for b in main if a != b),
        *(f"main over M{n}" for n in main),  # PM-1.4.4 a sixth: one of the five leaves
        *(f"{verb} {i}" for verb in ("play", "pay", "discard") for i in ids),
        *(f"flip p{p}.P{n}" for p in (1, 2) for n in range(1, DECK + 1)),
        *(
            f"{verb} p{p}.{zone}{n}"
            for verb in ("target", "use")
            for p in (1, 2)
            for zone, size in AREAS
            for n in range(1, size + 1)
        ),
        *(f"allocate {10 * k}/rest" for k in range(ALLOCATE)),
        *("allocate all/0",),
    )


class PMEncoding(Encoding):
    """The fixed action space and observation tensor (the `encoding` tool)."""

    def __init__(self) -> None:
        self.cards = card_indexes(card_set().cards)
        n = len(self.cards)
        self.place_size = 10 + 2 * n
        self.side_size = 7 + 3 * n + (MAIN_LIMIT + SUPPORT) * self.place_size
        blocks = (
            (
                "game",
                1 + 6 + len(STEPS) + 1 + len(PHASES) + 2,
                "turn, current, first and "
                "to-move seat (the observer's first), step, phase, over, watching",
            ),
            (
                "playing",
                n + 2 + n + 1 + len(COLOURS) + 1,
                "cards being played, then the "
                "payment in progress: present, whose, its card, source left, colour, "
                "a name required",
            ),
            (
                "sides",
                2 * self.side_size,
                "per side: deck, hand size, discount, discard "
                "count, points, face-up points, support count; discard, points and face-up "
                f"points by card; its {MAIN_LIMIT} main places and first {SUPPORT} support "
                "places: present, AP, DP, has values, cost, rested, new, approaching, "
                "obstructing, supports set on it; identity; supports by card",
            ),
            (
                "hand",
                1 + 2 * n,
                "the observer's hand by card; cards it put on its deck's "
                "bottom (count, then by card)",
            ),
        )
        super().__init__(vocabulary(), blocks)
        # Where each place of each side starts (sides counted from the observer), and
        # which side and place each table position names, so that writing looks up
        # offsets instead of working them out.
        sides = [self._start["sides"] + r * self.side_size for r in range(2)]
        first = 7 + 3 * n
        self._main_at = [
            [at + first + k * self.place_size for k in range(MAIN_LIMIT)] for at in sides
        ]
        self._support_at = [
            [at + first + (MAIN_LIMIT + k) * self.place_size for k in range(SUPPORT)]
            for at in sides
        ]
        self._places = {
            f"p{seat + 1}.{letter}{k + 1}": (seat, place)
            for seat in range(2)
            for letter, places in (("M", self._main_at), ("S", self._support_at))
            for k, place in enumerate(zip(*places, strict=True))
        }

    def index(self, action_id: str) -> int:
        found = self._index.get(action_id)
        if found is not None:
            return found
        verb, _, split = action_id.partition(" ")
        if verb != "allocate":
            raise KeyError(action_id)
        part, rest = (int(x) for x in split.split("/"))
        if rest == 0:
            return self._index["allocate all/0"]
        if part % 10 or part // 10 >= ALLOCATE:
            raise KeyError(action_id)
        return self._index[f"allocate {part}/rest"]

    def write(self, view: dict, out) -> None:
        """One seat's observation into `out`, a zeroed sequence of `size` numbers."""
        watching = view["seat"] is None
        cards, n = self.cards, len(self.cards)
        me, at = self.start_two_seat(view, out, 60, STEPS)
        if view["phase"] in PHASES:
            out[at + PHASES.index(view["phase"])] = 1.0
        at += len(PHASES)
        out[at] = float(view["result"] is not None)
        out[at + 1] = float(watching)

        at = self._start["playing"]
        self.count_cards(out, at, cards, view["playing"])
        paying = view["paying"]
        at += n
        if paying is not None:
            out[at] = 1.0
            out[at + 1 + (paying["seat"] - me) % 2] = 1.0
            out[at + 3 + cards[paying["card"]]] = 1.0
            out[at + 3 + n] = paying["left"] / 10
            if paying["colour"] in COLOURS:
                out[at + 4 + n + COLOURS.index(paying["colour"])] = 1.0
            out[at + 4 + n + len(COLOURS)] = float(bool(paying.get("needs_name")))

        for side in view["seats"]:
            self._side(side, (side["seat"] - me) % 2, out)
        marks = dict.fromkeys(view["approach"], 0)
        if view["obstructor"]:
            marks[view["obstructor"]] = 1
        places = self._places
        for ref, mark in marks.items():  # 7 approaching, 8 obstructing (see _side)
            if ref in places:
                seat, place = places[ref]
                out[place[(seat - me) % 2] + 7 + mark] = 1.0

        at = self._start["hand"]
        self.count_cards(out, at, cards, view.get("hand", ()))
        bottom = view.get("deck_bottom", ())
        out[at + n] = len(bottom) / 10
        self.count_cards(out, at + n + 1, cards, bottom)

    def _side(self, side: dict, r: int, out) -> None:
        cards, n = self.cards, len(self.cards)
        head = at = self._start["sides"] + r * self.side_size
        points, support = side["points"], side["support"]
        out[at] = side["deck"] / DECK
        out[at + 1] = side["hand_size"] / HAND_LIMIT
        out[at + 2] = side["discount"] / 5
        out[at + 3] = len(side["discard"]) / DECK
        out[at + 4] = len(points) / POINTS_TO_LOSE
        out[at + 6] = len(support) / SUPPORT  # 5: face-up points, counted below
        at += 7
        for card in side["discard"]:
            out[at + cards[card]] += 1.0
        up, face_up = at + 2 * n, 0
        at += n
        for point in points:
            k = cards[point["card"]]
            out[at + k] += 1.0
            if point["face_up"]:
                out[up + k] += 1.0
                face_up += 1
        out[head + 5] = face_up / POINTS_TO_LOSE
        # Each place: 0 present, 1 AP, 2 DP, 3 has values, 4 cost, 5 rested, 6 new,
        # 7 approaching, 8 obstructing (marked by `write`), 9 supports set on it; then
        # identity and supports by card. A slot that stays 0 is not written.
        places = zip(self._main_at[r], side["main"], strict=False)
        shown = chain(places, zip(self._support_at[r], support, strict=False))
        for at, place in shown:
            out[at] = 1.0
            ap = place["ap"]
            if ap is not None:
                out[at + 1] = ap / 100
                out[at + 2] = place["dp"] / 100
                out[at + 3] = 1.0
            out[at + 4] = place["cost"] / 5
            if place["rested"]:
                out[at + 5] = 1.0
            if place["new"]:
                out[at + 6] = 1.0
            out[at + 10 + cards[place["card"]]] = 1.0
            supports = place["supports"]
            if supports:
                out[at + 9] = len(supports) / 3
                at += 10 + n
                for card in supports:
                    out[at + cards[card]] += 1.0

    # -- straight from the state --------------------------------------------------

    def write_state(self, state, seat: int | None, out) -> None:
        """The numbers of `write(state.observe(seat), out)`, read from the state: the
        discard and point areas and the field are open (PM-1.4.2, PM-1.4.3); of the
        decks and hands only their sizes, the seat's own hand and the cards it put on
        its deck's bottom (PM-3.5)."""
        if seat is None:
            self.write(state.observe(seat), out)
            return
        cid = state.cid
        index = self.numbers(state.pool, self.cards)
        n = len(self.cards)
        at = self.start_two_seat_state(state, seat, out, 60, STEPS)
        phase = turn.phase_of(state)
        if phase in PHASES:
            out[at + PHASES.index(phase)] = 1.0
        out[at + len(PHASES)] = float(state.result is not None)

        at = self._start["playing"]
        for inst in state.limbo:
            out[at + index[cid[inst]]] += 1.0
        view = paying.paying_view(state)
        at += n
        if view is not None:
            out[at] = 1.0
            out[at + 1 + (view["seat"] - seat) % 2] = 1.0
            out[at + 3 + self.cards[view["card"]]] = 1.0
            out[at + 3 + n] = view["left"] / 10
            if view["colour"] in COLOURS:
                out[at + 4 + n + COLOURS.index(view["colour"])] = 1.0
            out[at + 4 + n + len(COLOURS)] = float(bool(view.get("needs_name")))

        hosted = values.hosted(state)
        for side in (0, 1):
            self._side_state(state, side, (side - seat) % 2, index, hosted, out)
        marks = {state.ref(i): 0 for i in state.approach if state.on_field(i)}
        if state.obstructor >= 0 and state.on_field(state.obstructor):
            marks[state.ref(state.obstructor)] = 1
        places = self._places
        for ref, mark in marks.items():  # 7 approaching, 8 obstructing (see _side)
            if ref in places:
                s, place = places[ref]
                out[place[(s - seat) % 2] + 7 + mark] = 1.0

        at = self._start["hand"]
        for inst in state.hand[seat]:
            out[at + index[cid[inst]]] += 1.0
        bottom = state.deck[seat][: state.bottom[seat]]
        out[at + n] = len(bottom) / 10
        for inst in bottom:
            out[at + n + 1 + index[cid[inst]]] += 1.0

    def _side_state(self, state, side: int, r: int, index: list, hosted: dict, out) -> None:
        """One side as `_side` writes it, from the state; its places' AP, DP and cost
        come from values.area."""
        n = len(self.cards)
        cid, down = state.cid, state.down
        head = at = self._start["sides"] + r * self.side_size
        points, support, main = state.points[side], state.support[side], state.main[side]
        discard = state.discard[side]
        out[at] = len(state.deck[side]) / DECK
        out[at + 1] = len(state.hand[side]) / HAND_LIMIT
        out[at + 2] = state.discount[side] / 5
        out[at + 3] = len(discard) / DECK
        out[at + 4] = len(points) / POINTS_TO_LOSE
        out[at + 6] = len(support) / SUPPORT
        at += 7
        for inst in discard:
            out[at + index[cid[inst]]] += 1.0
        up, face_up = at + 2 * n, 0
        at += n
        for inst in points:
            k = index[cid[inst]]
            out[at + k] += 1.0
            if not down[inst]:
                out[up + k] += 1.0
                face_up += 1
        out[head + 5] = face_up / POINTS_TO_LOSE
        # Each place: see `_side` (slots 7 and 8 are marked by `write_state`).
        rested, entered, now = state.rested, state.entered, state.turn
        area = values.area
        for starts, insts, over in (
            (self._main_at[r], main, values.auras(state, side) if main else ()),
            (self._support_at[r], support, ()),
        ):
            if not insts:
                continue
            for at, inst, (ap, dp, cost) in zip(
                starts, insts, area(state, insts, over, hosted), strict=False
            ):
                out[at] = 1.0
                if ap is not None:
                    out[at + 1] = ap / 100
                    out[at + 2] = dp / 100
                    out[at + 3] = 1.0
                out[at + 4] = cost / 5
                if rested[inst]:
                    out[at + 5] = 1.0
                if entered[inst] == now:
                    out[at + 6] = 1.0
                out[at + 10 + index[cid[inst]]] = 1.0
                supports = hosted.get(inst) if hosted else None
                if supports:
                    out[at + 9] = len(supports) / 3
                    at += 10 + n
                    for sup in supports:
                        out[at + index[cid[sup]]] += 1.0


# The `encoding` tool (built on first use): PM-1.4 bounds its vocabulary.
CAPABILITY = encoding_capability(PMEncoding, rule="PM-1.4")
