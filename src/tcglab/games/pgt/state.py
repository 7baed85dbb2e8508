"""The state of one Pretty Good Tactics game: where every card is, face and tap of each
character, counters and round-long modifiers, what each seat knows, the abilities in
progress and the pending steps."""

from __future__ import annotations

from tcglab.engine.layout import Layout, deal_identities
from tcglab.engine.procedure import StepState
from tcglab.engine.rng import Rng
from tcglab.games.pgt import abilities, combat, formation, refusals, turn  # noqa: F401  (register steps)
from tcglab.games.pgt.formation import SLOTS
from tcglab.games.pgt.messages import describe
from tcglab.games.pgt.observe import SPECTATOR, observe
from tcglab.games.pgt.procedure import PROCEDURE

EVERYONE = 0xFF  # every seat bit and the spectator bit


def slot_name(slot: int) -> str:
    return SLOTS[slot]


# Every field of a PgtState: the kernel's (StepState.begin), then the game's. Slots, not
# a `__dict__`: the compiled build reads the state's fields on every step, and a slot is
# read without a dict look-up.
FIELDS = (
    *StepState.BEGUN,
    *("cards", "cid", "origin", "decks", "hands", "field", "won", "score"),
    *("loc", "up", "tapped", "known", "counters", "mods", "used", "forming", "procs"),
    *("round", "turn", "first", "turn_player", "streak", "attacked"),
)


class PgtState(StepState):
    __slots__ = FIELDS
    refusals = refusals.REFUSALS
    procedure = PROCEDURE

    # Per card instance (0..n-1, one per physical card in the game): `cid` its identity
    # (an index into the card set; a sample deals it anew among the cards a seat does
    # not know, so it is a tuple, replaced and never changed in place), `origin` the
    # deck it came from, `loc` seat * 6 + slot on the field or -1, `up` face-up,
    # `tapped`, `known` a bit per seat (and spectators) that knows it.
    LAYOUT = Layout(
        values=(
            "cid",
            "seed",
            "options",
            "used",
            "round",
            "turn",
            "first",
            "turn_player",
            "streak",
            "attacked",
        ),
        lists=("loc", "up", "tapped", "known", "score", "stack"),
        nested=("decks", "hands", "field", "won", "forming"),
        dicts=("counters", "mods"),
        slots=FIELDS,
    )

    def __init__(self, game, seed: int, options: dict, cids: list[int], origin: list[int]):
        self.begin(game, seed, 2, options)
        self.cards = game.cards
        count = len(cids)
        self.cid, self.origin = tuple(cids), tuple(origin)
        self.decks: list[list[int]] = [[] for _ in range(max(origin) + 1)]
        for inst in range(count):
            self.decks[origin[inst]].append(inst)
        self.hands: list[list[int]] = [[], []]
        self.field: list[list[int]] = [[-1] * 6, [-1] * 6]
        self.won: list[list[int]] = [[], []]  # retired enemy characters, as score
        self.score = [0, 0]
        self.loc = [-1] * count
        self.up = [False] * count
        self.tapped = [False] * count
        self.known = [0] * count
        self.counters: dict[int, tuple] = {}  # inst -> ((name, n), ...) (PGT-9.5.4)
        self.mods: dict[int, tuple[int, int]] = {}  # inst -> (P-def, M-def) this round
        self.used: tuple = ()  # (inst, ability) used this round, for 1ラウンド1回
        self.forming: list[list[int]] = [[], []]  # the slots of a formation being built
        self.procs: list[dict] = []  # abilities in progress, innermost last
        self.round = self.turn = 0
        self.first = self.turn_player = -1
        self.streak = 0  # consecutive turns without an attack (PGT-7.7)
        self.attacked = False

    # -- the procedure ---------------------------------------------------------

    # -- reading the table -----------------------------------------------------

    def card(self, inst: int):
        return self.cards.cards[self.cid[inst]]

    def owner(self, inst: int) -> int:
        loc = self.loc[inst]
        return -1 if loc < 0 else loc // 6

    def slot(self, inst: int) -> int:
        return self.loc[inst] % 6

    def ref(self, inst: int) -> str:
        """A character's public position, as action ids name it: 'P2.B1'."""
        loc = self.loc[inst]
        return f"P{loc // 6 + 1}.{SLOTS[loc % 6]}"  # seat_name, inlined: it is used a lot

    def at(self, ref: str) -> int:
        seat, slot = ref.split(".")
        return self.field[int(seat[1:]) - 1][SLOTS.index(slot)]

    def characters(self, seat: int) -> list[int]:
        return [i for i in self.field[seat] if i >= 0]

    def defence(self, inst: int, mode: str) -> int:
        """PGT-12.2 a face-down character has P-def and M-def 0; else printed plus the
        round's modifiers (PGT-4.4, PGT-4.5)."""
        if not self.up[inst]:
            return 0
        card = self.card(inst)
        base = card.pdef if mode == "P" else card.mdef
        mod = self.mods.get(inst)
        if mod:
            base += mod[0] if mode == "P" else mod[1]
        return base

    def keyword(self, inst: int, word: str):
        """A continuous ability of a face-up character (PGT-12.4: none while face-down)."""
        return self.card(inst).has(word) if self.up[inst] else None

    def name(self, inst: int, seat: int | None) -> str:
        """How `seat` would name a character: its name if known, else its position."""
        bit = SPECTATOR if seat is None else 1 << seat
        if self.known[inst] & bit:
            return self.card(inst).name_en
        return f"face-down {self.ref(inst)}"

    def deck_of(self, seat: int) -> list[int]:
        """PGT-6.1 one shared deck; PGT-15.2 in a draft each player has their own."""
        return self.decks[seat if len(self.decks) > 1 else 0]

    def describe(self, kind: str, data: dict, lang: str = "en") -> str:
        return describe(kind, data, lang)

    # -- information -----------------------------------------------------------

    def observe(self, seat: int | None) -> dict:
        return observe(self, seat)

    def resample_hidden(self, twin: PgtState, seat: int, rng: Rng) -> None:
        """Deal anew every identity `seat` does not know (the opponent's hand, the deck
        orders, unknown face-down characters), within each deck's own cards (PGT-15.2)."""
        bit = 1 << seat
        cid, known, origin = list(self.cid), self.known, self.origin
        for group in range(len(self.decks)):
            unknown = [i for i in range(len(cid)) if origin[i] == group and not known[i] & bit]
            deal_identities(cid, unknown, rng)
        twin.cid = tuple(cid)

    # -- copying: the LAYOUT, plus the abilities in progress ------------------------

    def clone(self) -> PgtState:
        twin = super().clone()
        twin.procs = [dict(p) for p in self.procs]  # each changes in place as it runs
        return twin

    def snapshot(self) -> dict:
        data = super().snapshot()
        data["procs"] = self.procs
        return data
