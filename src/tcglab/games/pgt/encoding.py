"""Pretty Good Tactics as fixed-size numbers, for learning agents (tcglab.rl): every
action id as one index of a fixed vocabulary, and one seat's observation as a flat
tensor, for two-player games and for the draft table of 3 or 4 alike.

The vocabulary follows the action ids of the rules code, the six places of a party
(PGT-8) and the card set:

- formation: "keep S" for each place S, "put HN" for each hand position N (PGT-GAP-3
  sets no hand limit, and no hand holds more than the set's 180 cards), "empty", "undo";
- abilities: "flip S", "use S K" and "attack S K" for each place and each ability
  number K of the card with the most abilities, "skip", "pass", "no attack";
- "guard G T" for each two places, "no guard", "target PX.S" for each player and place,
  "done", "counter", "innocence", "decline";
- "roll K" for K dice up to `DICE` (PGT-11.5 sets no cap on boosted checks; a check of
  more dice has no index and `index` says so);
- the draft (PGT-15.3): "pick ID" for each card.

Players in action ids are the game's P1 and P2, as the rules code names them. The
tensor counts seats from the observing one; its layout is the
encoding's `layout`, shown in docs/rl.md.
"""

from __future__ import annotations

from array import array

from tcglab.engine.encoding import Encoding, card_indexes, encoding_capability
from tcglab.games.pgt.attributes import ATTRIBUTES
from tcglab.games.pgt.cards import CARD_COUNT, card_set
from tcglab.games.pgt.combat import ORDER
from tcglab.games.pgt.formation import SLOTS, party_as_seen, waiting
from tcglab.games.pgt.state import PgtState

DICE = 60  # the most dice a "roll K" choice has an index for
TABLE = 4  # PGT-15 a draft table seats at most four
PACK = 9  # PGT-15.3(1)
DECK = 18  # PGT-15.2
PROCS = 4  # attacks and effects in progress that the tensor shows (the newest)
STEPS = ("combat", "counter", "dice", "form", "guard", "innocence", "r_use", "target", "win")
KINDS = tuple(ORDER)  # attack, strike, effect
STAGES = tuple(dict.fromkeys(stage for order in ORDER.values() for stage in order))
ELEMENTS = tuple(ATTRIBUTES)
ROUNDS = 100  # the round limit's cap (options.py)
ROWS_KEPT = 20_000  # distinct places whose numbers are kept for reuse (then forgotten)


def vocabulary() -> tuple[str, ...]:
    cards = card_set()
    abilities = max(len(card.abilities) for card in cards.cards)
    return (
        *("pass", "skip", "done", "empty", "undo", "no attack", "no guard"),
        *("counter", "innocence", "decline"),
        *(f"keep {s}" for s in SLOTS),
        *(f"put H{n}" for n in range(1, CARD_COUNT + 1)),
        *(f"flip {s}" for s in SLOTS),
        *(
            f"{verb} {s} {k}"
            for verb in ("use", "attack")
            for s in SLOTS
            for k in range(1, abilities + 1)
        ),
        *(f"guard {g} {t}" for g in SLOTS for t in SLOTS if g != t),
        *(f"target P{p}.{s}" for p in (1, 2) for s in SLOTS),
        *(f"roll {k}" for k in range(1, DICE + 1)),
        *(f"pick {card.id}" for card in sorted(cards.cards, key=lambda c: c.id)),
    )


class PgtEncoding(Encoding):
    """The fixed action space and observation tensor (the `encoding` tool)."""

    def __init__(self) -> None:
        self.cards = card_indexes(card_set().cards)
        n = len(self.cards)
        self.place_size = 12 + len(ELEMENTS) + n
        # six places, then the six slots a party being re-formed has left (`waiting`)
        self.side_size = 3 + 2 * n + 2 * len(SLOTS) * self.place_size
        self.proc_size = len(KINDS) + 2 + 2 + 6 + len(STAGES)
        blocks = (
            (
                "table",
                1 + 3 + 3 + 2 + 2 * TABLE + 2 * n + 3 + 2 * (TABLE + 1),
                "the draft "
                "table: a draft flag, phase, players (2-4), deal and direction, pack sizes "
                "and pick counts per seat, the pack and the observer's picks by card, the "
                "match: in a match, playing it, match rounds; each match player and wins",
            ),
            (
                "game",
                4 + 6 + len(STEPS) + 1 + 2,
                "the game in play: round, "
                "turn, turns without attack, attacked, turn player, first player, seat to "
                "move (the observer's side first), step, over, watching",
            ),
            (
                "sides",
                2 * self.side_size,
                "per side: hand size, deck size, score, the "
                "cards of its hand known to the observer, the enemies it retired, then its "
                "six places (F1-B3): present, face-up, tapped, known, P-def, M-def, "
                "counters, modifiers, marks (newest attack's actor and target), score, "
                "attribute, identity (when known); then the same for the characters of a "
                "party being re-formed that wait for a place, by the slot they left",
            ),
            (
                "hand",
                n + 1 + n,
                "the observer's hand by card, its formation in progress (count, then cards)",
            ),
            (
                "procs",
                PROCS * self.proc_size,
                "the newest attacks and effects in "
                "progress: kind, whose, P or M, dice, modifier, dice rolled, value, "
                "rolled, invalid, stage",
            ),
        )
        super().__init__(vocabulary(), blocks)
        self._rows: dict[tuple, array] = {}  # a place's numbers by what they show

    def write(self, view: dict, out) -> None:
        """One seat's observation into `out`, a zeroed sequence of `size` numbers."""
        if view.get("format") == "draft":
            self._table(view, out)
            match = view["match"]
            if match is None:
                return
            view = match["view"]
        self._game(view, out)

    def _table(self, view: dict, out) -> None:
        players, me = view["players"], view["seat"] or 0
        cards, n = self.cards, len(self.cards)

        def rel(seat):
            return (seat - me) % players

        at = self._start["table"]
        out[at] = 1.0
        out[at + 1 + (0 if view["phase"] == "draft" else 1 if view["phase"] == "cup" else 2)] = 1
        out[at + 4 + players - 2] = 1.0
        out[at + 7] = float(view["deal"]) / 2
        out[at + 8] = float(view["direction"] == "left")
        at += 9
        for seat, size in enumerate(view["pack_sizes"]):
            out[at + rel(seat)] = size / PACK
        for seat, count in enumerate(view["pick_counts"]):
            out[at + TABLE + rel(seat)] = count / DECK
        at += 2 * TABLE
        for card in view["pack"]:
            out[at + cards[card]] = 1.0
        for card in view["picks"]:
            out[at + n + cards[card]] = 1.0
        at += 2 * n
        out[at + 2] = len(view["rounds"]) / 2
        match = view["match"]
        if match is not None:
            out[at] = 1.0
            out[at + 1] = float(match["local_seat"] is not None)
            for k, (seat, wins) in enumerate(zip(match["players"], match["wins"], strict=True)):
                out[at + 3 + k * (TABLE + 1) + rel(seat)] = 1.0
                out[at + 3 + k * (TABLE + 1) + TABLE] = wins / 2

    def _game(self, view: dict, out) -> None:
        watching = view["seat"] is None
        me = 0 if watching else view["seat"]
        at = self._start["game"]
        out[at] = view["round"] / ROUNDS
        out[at + 1] = view["turn"] / (2 * ROUNDS)
        out[at + 2] = view["no_attack_turns"] / 10
        out[at + 3] = float(view["attacked"])
        seats = (view["turn_player"], view["first"], view["to_move"])
        self.mark_seats(out, at + 4, seats, me, 2, 2)
        at += 10
        self.one_of(out, at, view["step"], STEPS)
        at += len(STEPS) + 1
        out[at] = float(view["result"] is not None)
        out[at + 1] = float(watching)

        procs = view["procs"][-PROCS:]
        marks = {}
        if procs:
            top = procs[-1]
            if top["actor"]:
                marks[top["actor"]] = [0]
            for target in top["targets"]:
                if target:
                    marks.setdefault(target, []).append(1)
        cards, n = self.cards, len(self.cards)
        for side in view["sides"]:
            r = (side["seat"] - me) % 2
            at = self._start["sides"] + r * self.side_size
            out[at] = side["hand_size"] / 10
            out[at + 1] = side["deck_size"] / CARD_COUNT
            out[at + 2] = side["score"] / 10
            for card in side["known_in_hand"]:
                out[at + 3 + cards[card]] = 1.0
            for card in side["retired_enemies"]:
                out[at + 3 + n + cards[card]] = 1.0
            at += 3 + 2 * n
            who = f"P{side['seat'] + 1}."
            for k, slot in enumerate(SLOTS):
                place = side["field"][slot]
                if place is not None:
                    self._place(place, marks.get(who + slot, ()), at + k * self.place_size, out)
            for slot, place in side.get("waiting", {}).items():
                self._place(place, (), at + (6 + SLOTS.index(slot)) * self.place_size, out)

        at = self._start["hand"]
        for card in view.get("hand", ()):
            out[at + cards[card["id"]]] = 1.0
        forming = view.get("forming") or ()
        out[at + n] = len(forming) / len(SLOTS)
        for card in forming:
            if card is not None:
                out[at + n + 1 + cards[card]] = 1.0

        at = self._start["procs"]
        for k, proc in enumerate(procs):
            self._proc(proc, me, at + k * self.proc_size, out)

    def _place(self, place: dict, marks, at: int, out) -> None:
        """0 present, 1 face-up, 2 tapped, 3 known, 4 P-def, 5 M-def, 6 counters, 7-8
        modifiers, 9-10 marks, 11 score, then attribute and identity."""
        out[at] = 1.0
        out[at + 1] = float(place["face_up"])
        out[at + 2] = float(place["tapped"])
        out[at + 4] = place["pdef"] / 15
        out[at + 5] = place["mdef"] / 15
        out[at + 6] = sum(place["counters"].values()) / 5
        out[at + 7] = place["mods"][0] / 5
        out[at + 8] = place["mods"][1] / 5
        for mark in marks:
            out[at + 9 + mark] = 1.0
        card = place["card"]
        if card is not None:
            out[at + 3] = 1.0
            out[at + 11] = card["score"] / 5
            out[at + 12 + ELEMENTS.index(card["attribute"])] = 1.0
            out[at + 12 + len(ELEMENTS) + self.cards[card["id"]]] = 1.0

    def _proc(self, proc: dict, me: int, at: int, out) -> None:
        out[at + KINDS.index(proc["kind"])] = 1.0
        at += len(KINDS)
        out[at + (proc["seat"] - me) % 2] = 1.0
        if proc["mode"] in ("P", "M"):
            out[at + 2 + (proc["mode"] == "M")] = 1.0
        at += 4
        out[at] = (proc["dice"] or 0) / 10
        out[at + 1] = (proc["mod"] or 0) / 10
        out[at + 2] = proc["rolled"] / 10
        out[at + 3] = min(proc["value"] or 0, 20) / 20
        out[at + 4] = float(proc["faces"] is not None)
        out[at + 5] = float(proc["invalid"])
        if proc["stage"] in STAGES:
            out[at + 6 + STAGES.index(proc["stage"])] = 1.0

    # -- straight from the state --------------------------------------------------

    def write_state(self, state, seat: int | None, out) -> None:
        """The numbers of `write(state.observe(seat), out)`, read from a game's state
        (a draft table observes first): of a character, its identity only where `seat`
        knows it (the state's `known` bits), of hands their sizes, the cards of them the
        seat has seen, and its own hand and formation."""
        if seat is None or not isinstance(state, PgtState):
            self.write(state.observe(seat), out)
            return
        index = self.numbers(state.cards.cards, self.cards)
        cid, known, bit = state.cid, state.known, 1 << seat
        n = len(self.cards)
        at = self._start["game"]
        out[at] = state.round / ROUNDS
        out[at + 1] = state.turn / (2 * ROUNDS)
        out[at + 2] = state.streak / 10
        out[at + 3] = float(state.attacked)
        seats = (state.turn_player, state.first, state.to_move)
        self.mark_seats(out, at + 4, seats, seat, 2, 2)
        at += 10
        self.one_of(out, at, state.stack[-1][0] if state.stack else None, STEPS)
        at += len(STEPS) + 1
        out[at] = float(state.result is not None)

        up, tapped, counters, mods = state.up, state.tapped, state.counters, state.mods
        printed, rows, size = state.cards.cards, self._rows, self.place_size
        procs = state.procs[-PROCS:]
        marks: dict[str, list[int]] = {}
        if procs:
            top = procs[-1]
            if state.loc[top["actor"]] >= 0:
                marks[state.ref(top["actor"])] = [0]
            for target in top["targets"]:
                if state.loc[target] >= 0:
                    marks.setdefault(state.ref(target), []).append(1)
        for s in (0, 1):
            row, hand = party_as_seen(state, s, seat)
            at = self._start["sides"] + (s - seat) % 2 * self.side_size
            out[at] = len(hand) / 10
            out[at + 1] = len(state.deck_of(s)) / CARD_COUNT
            out[at + 2] = state.score[s] / 10
            if s != seat:
                for inst in hand:
                    if known[inst] & bit:
                        out[at + 3 + index[cid[inst]]] = 1.0
            for inst in state.won[s]:
                out[at + 3 + n + index[cid[inst]]] = 1.0
            at += 3 + 2 * n
            refs = _REFS[s]
            places = enumerate(row)
            if state.forming[s]:  # re-forming: the places, then those waiting (6 + old slot)
                places = [*places, *((6 + k, inst) for k, inst in waiting(state, s, seat))]
            for k, inst in places:
                if inst < 0:
                    continue
                # A place's numbers depend only on the few values in `key`, so each
                # distinct place is written once and copied in after that.
                held = counters.get(inst)
                mod = mods.get(inst)
                # P-def and M-def as state.defence gives them (PGT-12.2: 0 face-down;
                # else printed plus the round's modifiers, PGT-4.4, PGT-4.5), inline.
                if up[inst]:
                    card = printed[cid[inst]]
                    pdef, mdef = (
                        (card.pdef + mod[0], card.mdef + mod[1]) if mod else (card.pdef, card.mdef)
                    )
                else:
                    pdef = mdef = 0
                key = (
                    up[inst],
                    tapped[inst],
                    pdef,
                    mdef,
                    sum(dict(held).values()) if held else 0,
                    tuple(mod) if mod is not None else (0, 0),
                    tuple(marks.get(refs[k], ())) if marks else (),
                    index[cid[inst]] if known[inst] & bit else None,
                )
                numbers = rows.get(key)
                if numbers is None:
                    if len(rows) >= ROWS_KEPT:
                        rows.clear()
                    numbers = rows[key] = self._place_row(state, inst, key)
                where = at + k * size
                out[where : where + size] = numbers

        at = self._start["hand"]
        for inst in party_as_seen(state, seat, seat)[1]:
            out[at + index[cid[inst]]] = 1.0
        placed = state.forming[seat]
        out[at + n] = len(placed) / len(SLOTS)
        for inst in placed:
            if inst >= 0:
                out[at + n + 1 + index[cid[inst]]] = 1.0

        at = self._start["procs"]
        for k, proc in enumerate(procs):
            self._proc_state(state, proc, seat, at + k * self.proc_size, out)

    def _place_row(self, state, inst: int, key: tuple) -> array:
        """The numbers of one place (see `_place`) for its `key`."""
        up, tapped, pdef, mdef, counters, mods, marks, identity = key
        row = array("f", bytes(4 * self.place_size))
        row[0] = 1.0
        row[1] = float(up)
        row[2] = float(tapped)
        row[4] = pdef / 15
        row[5] = mdef / 15
        row[6] = counters / 5
        row[7] = mods[0] / 5
        row[8] = mods[1] / 5
        for mark in marks:
            row[9 + mark] = 1.0
        if identity is not None:
            info = state.card(inst).info
            row[3] = 1.0
            row[11] = info["score"] / 5
            row[12 + ELEMENTS.index(info["attribute"])] = 1.0
            row[12 + len(ELEMENTS) + identity] = 1.0
        return row

    def _proc_state(self, state, proc: dict, me: int, at: int, out) -> None:
        """One attack or effect in progress as `_proc` writes it, from the state."""
        out[at + KINDS.index(proc["kind"])] = 1.0
        at += len(KINDS)
        out[at + (proc["seat"] - me) % 2] = 1.0
        mode = proc.get("mode_pm")
        if mode in ("P", "M"):
            out[at + 2 + (mode == "M")] = 1.0
        at += 4
        out[at] = (proc.get("dice") or 0) / 10
        out[at + 1] = (proc.get("mod") or 0) / 10
        out[at + 2] = proc["k"] / 10
        out[at + 3] = min(proc["value"] or 0, 20) / 20
        out[at + 4] = float(proc["faces"] is not None)
        out[at + 5] = float(proc["invalid"])
        if proc["stage"] in STAGES:
            out[at + 6 + STAGES.index(proc["stage"])] = 1.0


# Each seat's places as positions name them ("P1.F1" ...), the keys of a place's marks,
# then None for its six waiting places (nothing marks a character waiting for a place).
_REFS = tuple((*(f"P{s + 1}.{slot}" for slot in SLOTS), *[None] * 6) for s in (0, 1))


# The `encoding` tool (built on first use): PGT-8 and PGT-15 bound its vocabulary.
CAPABILITY = encoding_capability(PgtEncoding, rule="PGT-8")
