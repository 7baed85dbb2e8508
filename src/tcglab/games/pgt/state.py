"""The state of one Pretty Good Tactics game: where every card is, face and tap of each
character, counters and round-long modifiers, what each seat knows, the abilities in
progress and the pending steps."""

from __future__ import annotations

from tcglab.engine.actions import Action
from tcglab.engine.procedure import StepState
from tcglab.engine.rng import Rng
from tcglab.engine.state import Result
from tcglab.games.pgt import abilities, combat, formation, turn  # noqa: F401  (register steps)
from tcglab.games.pgt.messages import describe
from tcglab.games.pgt.procedure import PROCEDURE

EVERYONE = 0xFF  # every seat bit and the spectator bit
SPECTATOR = 1 << 7
SLOTS = ("F1", "F2", "F3", "B1", "B2", "B3")


def slot_name(slot: int) -> str:
    return SLOTS[slot]


class PgtState(StepState):
    procedure = PROCEDURE

    # Per card instance (0..n-1, one per physical card in the game): `cid` its identity
    # (an index into the card set; determinize permutes it among cards a seat does not
    # know), `origin` the deck it came from, `loc` seat * 6 + slot on the field or -1,
    # `up` face-up, `tapped`, `known` a bit per seat (and spectators) that knows it.
    _LISTS = ("loc", "up", "tapped", "known", "score", "stack", "history", "log")
    _NESTED = ("decks", "hands", "field", "won")

    def __init__(self, game, seed: int, options: dict, cids: list[int], origin: list[int]):
        self.game, self.cards, self.seed, self.players = game, game.cards, seed, 2
        self.options = options
        self.rng = Rng(seed)
        count = len(cids)
        self.cid, self.origin = cids, origin
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
        self.layout: list[list[int] | None] = [None, None]  # a formation being built
        self.procs: list[dict] = []  # abilities in progress, innermost last
        self.round = self.turn = 0
        self.first = self.turn_player = -1
        self.streak = 0  # consecutive turns without an attack (PGT-7.7)
        self.attacked = False
        self.stack: list[tuple] = []
        self.to_move: int | None = None
        self.result: Result | None = None
        self.history: list[str] = []
        self.log = []
        self._legal: list[Action] = []

    # -- the procedure ---------------------------------------------------------

    def _illegal_message(self, action_id: str) -> str:
        message = super()._illegal_message(action_id)
        if self.stack and self.stack[-1][0] == "form" and self.to_move is not None:
            reason = formation.why_not(self, self.to_move, action_id)
            if reason:
                message = f"'{action_id}' is refused: {reason}"
        return message

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
        return f"P{loc // 6 + 1}.{SLOTS[loc % 6]}"

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
        from tcglab.games.pgt.observe import observe

        return observe(self, seat)

    def determinize(self, seat: int, rng: Rng) -> PgtState:
        """Resample every identity `seat` does not know (the opponent's hand, the deck
        orders, unknown face-down characters), within each deck's own cards, and all
        future dice."""
        twin = self.clone()
        bit = 1 << seat
        cid = self.cid[:]
        for group in range(len(self.decks)):
            unknown = [
                i for i in range(len(cid)) if self.origin[i] == group and not self.known[i] & bit
            ]
            # Sorted first, so a sample depends on what the seat knows and the rng alone.
            identities = sorted(cid[i] for i in unknown)
            rng.shuffle(identities)
            for inst, ident in zip(unknown, identities, strict=True):
                cid[inst] = ident
        twin.cid = cid
        twin.rng = rng.derive()
        twin.log = self.public_log(seat)
        if twin.result is None:
            twin.advance()  # the legal actions of the seat to move may rest on what changed
        return twin

    # -- copying ---------------------------------------------------------------

    def clone(self) -> PgtState:
        twin = PgtState.__new__(PgtState)
        d = twin.__dict__
        d.update(self.__dict__)
        for key in self._LISTS:
            d[key] = d[key][:]
        for key in self._NESTED:
            d[key] = [inner[:] for inner in d[key]]
        twin.counters = dict(self.counters)
        twin.mods = dict(self.mods)
        twin.layout = [None if lay is None else lay[:] for lay in self.layout]
        twin.procs = [dict(p) for p in self.procs]
        twin.rng = self.rng.clone()
        return twin

    def snapshot(self) -> dict:
        data = {key: getattr(self, key) for key in self._LISTS if key != "log"}
        data.update({key: getattr(self, key) for key in self._NESTED})
        data.update(
            cid=self.cid,
            seed=self.seed,
            options=self.options,
            counters=sorted([k, list(v)] for k, v in self.counters.items()),
            mods=sorted([k, list(v)] for k, v in self.mods.items()),
            used=sorted(list(u) for u in self.used),
            layout=self.layout,
            procs=self.procs,
            round=self.round,
            turn=self.turn,
            first=self.first,
            turn_player=self.turn_player,
            streak=self.streak,
            attacked=self.attacked,
            rng=self.rng.snapshot(),
            to_move=self.to_move,
            result=None if self.result is None else list(self.result),
            legal=[a.id for a in self._legal],
        )
        return data
