"""The state of one Higurashi game: who holds which card where, face and tilt of each
character, what each seat knows, and the pending steps of the turn."""

from __future__ import annotations

from tcglab.engine.actions import Action
from tcglab.engine.procedure import StepState
from tcglab.engine.rng import Rng
from tcglab.engine.state import Result
from tcglab.games.higurashi import combat, effects, turn  # noqa: F401  (register their steps)
from tcglab.games.higurashi.cards import CardSet
from tcglab.games.higurashi.messages import describe
from tcglab.games.higurashi.procedure import PROCEDURE

EVERYONE = 0xFF  # a card everyone has seen: every seat bit and the spectator bit
SPECTATOR = 1 << 7


class HigurashiState(StepState):
    procedure = PROCEDURE

    # Per character instance (index = physical card 0..59): `cid` its identity (an
    # index into the card set; determinize permutes it among unknown cards), `owner`
    # the seat whose row holds it (-1 elsewhere), `up` face-up, `side` sideways,
    # `known` a bit per seat (and spectators) that knows its identity, `datk` / `ddef`
    # the sum of its modifiers and equipment, and `atk` / `dfn` printed value plus
    # those. Event instances have `eid`.
    # The value lists (`printed_*`, `datk`, `ddef`, `atk`, `dfn`) are replaced whole,
    # never changed in place, so clones share them.
    _LISTS = (
        "alive",
        "char_pile",
        "event_deck",
        "discard",
        "cid",
        "owner",
        "up",
        "side",
        "known",
        "eid",
        "mods",
        "stack",
        "history",
        "log",
    )
    _NESTED = ("rows", "hands", "captured")

    def __init__(self, game, seed: int, players: int, options: dict) -> None:
        cards: CardSet = game.cards
        self.game, self.cards, self.seed, self.players = game, cards, seed, players
        self.options = options
        self.rng = Rng(seed)
        self.turn = 0
        self.round = 1  # rounds count from 1
        self.current = self.first = -1
        self.played = 0  # a bit per seat that has had its turn this round
        self.alive = [True] * players
        self.rows: list[list[int]] = [[] for _ in range(players)]
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.captured: list[list[int]] = [[] for _ in range(players)]
        count = len(cards.characters)
        self.char_pile = list(range(count))
        self.cid = list(range(count))
        self.owner = [-1] * count
        self.up = [False] * count
        self.side = [False] * count
        self.known = [0] * count
        self.eid = [i for i, card in enumerate(cards.events) for _ in range(card.copies)]
        self.event_deck = list(range(len(self.eid)))
        self.discard: list[int] = []
        self.attached: dict[int, int] = {}  # equipment event instance -> character instance
        self.mods: list[tuple] = []  # (char, d_attack, d_defence, "end"|"start", turn or seat)
        self.set_printed_values()
        self.stack: list[tuple] = []
        self.roll: list | None = None  # [kind, roller, actor, target, die, modifier]
        self.to_move: int | None = None
        self.result: Result | None = None
        self.history: list[str] = []
        self.log = []
        self._legal: list[Action] = []

    # -- the procedure ---------------------------------------------------------

    # -- reading the table -----------------------------------------------------

    def may_decide(self, seat: int) -> bool:
        return self.alive[seat]

    def char(self, inst: int):
        return self.cards.characters[self.cid[inst]]

    def event_card(self, inst: int):
        return self.cards.events[self.eid[inst]]

    def bonus(self, seat: int) -> int:
        """G4-9 / G4-GAP-17: +1 while all of a seat's 5+ characters are face-up in one colour."""
        if not self.options["bonus_rule"]:
            return 0
        row = self.rows[seat]
        if len(row) < 5 or not all(self.up[i] for i in row):
            return 0
        return 1 if len({self.char(i).colour for i in row}) == 1 else 0

    def attack(self, inst: int) -> int:
        value = self.atk[inst]
        if self.options["bonus_rule"]:
            value += self.bonus(self.owner[inst])
        return value if value > 0 else 0

    def defence(self, inst: int) -> int:
        value = self.dfn[inst]
        if self.options["bonus_rule"]:
            value += self.bonus(self.owner[inst])
        return value if value > 0 else 0

    def ref(self, inst: int) -> str:
        """A character's public position, 'seat.slot', as action ids name it."""
        seat = self.owner[inst]
        return f"{seat}.{self.rows[seat].index(inst)}"

    def at(self, ref: str) -> int:
        seat, slot = ref.split(".")
        return self.rows[int(seat)][int(slot)]

    def name(self, inst: int, seat: int | None) -> str:
        """How `seat` would name a character: its name if known, else its position."""
        bit = SPECTATOR if seat is None else 1 << seat
        if self.known[inst] & bit:
            return self.char(inst).name_en
        seat = self.owner[inst]
        return f"face-down card {self.rows[seat].index(inst) + 1} of P{seat + 1}"

    def enemies(self, seat: int) -> list[int]:
        """Every character in the rows of the seat's opponents, seat by seat."""
        rows = self.rows
        return [i for s in range(self.players) if s != seat for i in rows[s]]

    def set_printed_values(self) -> None:
        chars = self.cards.characters
        self.printed_atk = [chars[c].attack for c in self.cid]
        self.printed_dfn = [chars[c].defence for c in self.cid]
        self.refresh_modifiers()

    def refresh_modifiers(self) -> None:
        datk, ddef = [0] * len(self.cid), [0] * len(self.cid)
        atk, dfn = self.printed_atk[:], self.printed_dfn[:]
        for inst, da, dd, _, _ in self.mods:
            datk[inst] += da
            ddef[inst] += dd
            atk[inst] += da
            dfn[inst] += dd
        for ev, inst in self.attached.items():
            card = self.event_card(ev)
            datk[inst] += card.attack
            ddef[inst] += card.defence
            atk[inst] += card.attack
            dfn[inst] += card.defence
        self.datk, self.ddef, self.atk, self.dfn = datk, ddef, atk, dfn

    def describe(self, kind: str, data: dict, lang: str = "en") -> str:
        return describe(kind, data, lang)

    # -- information -----------------------------------------------------------

    def observe(self, seat: int | None) -> dict:
        bit = SPECTATOR if seat is None else 1 << seat
        equipment: dict[int, list[str]] = {}  # worked out once, not once per character
        for e, inst in self.attached.items():
            equipment.setdefault(inst, []).append(self.event_card(e).id)
        seats = []
        for s in range(self.players):
            row = []
            for slot, inst in enumerate(self.rows[s]):
                known = bool(self.known[inst] & bit)
                row.append(
                    {
                        "slot": slot,
                        "face_up": self.up[inst],
                        "sideways": self.side[inst],
                        "card": dict(self.char(inst).info) if known else None,
                        "attack": self.attack(inst) if known else None,
                        "defence": self.defence(inst) if known else None,
                        "attack_mod": self.datk[inst],
                        "defence_mod": self.ddef[inst],
                        "equipment": sorted(equipment.get(inst, ())),
                    }
                )
            seats.append(
                {
                    "seat": s,
                    "alive": self.alive[s],
                    "characters": row,
                    "hand_size": len(self.hands[s]),
                    "captured": [self.char(i).id for i in self.captured[s]],
                    "captured_points": sum(self.char(i).points for i in self.captured[s]),
                }
            )
        view = {
            "game": "higurashi",
            "seat": seat,
            "players": self.players,
            "turn": self.turn,
            "round": self.round,
            "current": self.current,
            "to_move": self.to_move,
            "step": self.stack[-1][0] if self.stack else None,
            "pending": self.pending(),
            "roll": None
            if self.roll is None
            else dict(
                zip(
                    ("kind", "roller", "actor", "target", "die", "modifier"),
                    [
                        self.roll[0],
                        self.roll[1],
                        self.ref(self.roll[2]),
                        self.ref(self.roll[3]),
                        *self.roll[4:],
                    ],
                    strict=True,
                )
            ),
            "seats": seats,
            "event_deck": len(self.event_deck),
            "event_discard": [self.event_card(e).id for e in self.discard],
            "character_pile": len(self.char_pile),
            "options": dict(self.options),
            "result": None if self.result is None else self.result.to_dict(),
        }
        if seat is not None:
            view["hand"] = [dict(self.event_card(e).info) for e in sorted(self.hands[seat])]
            view["hand"].sort(key=lambda card: card["id"])
        return view

    def pending(self) -> dict:
        """The public details of the decision now open: who acts with what."""
        if not self.stack or self.result is not None:
            return {}
        name, *args = self.stack[-1]
        if name in ("scout_target", "attack_target"):
            return {"actor": self.ref(args[1])}
        if name == "event_target":
            return {"card": self.event_card(args[1]).id}
        if name == "counter":
            return {"defender": self.ref(args[1]), "attacker": self.ref(args[2])}
        if name == "window":
            return {"timing": args[1]}
        return {}

    def determinize(self, seat: int, rng: Rng) -> HigurashiState:
        """Resample every card identity `seat` does not know, and all future dice."""
        twin = self.clone()
        bit = 1 << seat
        unknown = [
            i
            for s in range(self.players)
            if s != seat
            for i in self.rows[s]
            if not self.known[i] & bit
        ] + self.char_pile
        # Sorted first, so a sample depends on what the seat knows and the rng alone.
        identities = sorted(twin.cid[i] for i in unknown)
        rng.shuffle(identities)
        for inst, ident in zip(unknown, identities, strict=True):
            twin.cid[inst] = ident
        hidden_events = [e for s in range(self.players) if s != seat for e in self.hands[s]]
        hidden_events += self.event_deck
        kinds = sorted(twin.eid[e] for e in hidden_events)
        rng.shuffle(kinds)
        for inst, kind in zip(hidden_events, kinds, strict=True):
            twin.eid[inst] = kind
        twin.rng = rng.derive()
        twin.log = self.public_log(seat)
        twin.set_printed_values()
        twin.refresh_legal()  # the decision stays, its choices follow the new cards
        return twin

    # -- copying ---------------------------------------------------------------

    def clone(self) -> HigurashiState:
        twin = HigurashiState.__new__(HigurashiState)
        d = twin.__dict__
        d.update(self.__dict__)
        for key in self._LISTS:
            d[key] = d[key][:]
        for key in self._NESTED:
            d[key] = [inner[:] for inner in d[key]]
        twin.attached = dict(self.attached)
        if self.roll is not None:
            twin.roll = self.roll[:]  # die modifiers change it in place
        twin.rng = self.rng.clone()
        return twin

    def snapshot(self) -> dict:
        data = {key: getattr(self, key) for key in self._LISTS if key != "log"}
        data.update(datk=self.datk, ddef=self.ddef)
        data.update({key: getattr(self, key) for key in self._NESTED})
        data.update(
            seed=self.seed,
            players=self.players,
            options=self.options,
            turn=self.turn,
            round=self.round,
            current=self.current,
            first=self.first,
            played=self.played,
            roll=self.roll,
            attached=sorted(self.attached.items()),
            rng=self.rng.snapshot(),
            to_move=self.to_move,
            result=self.result,
            legal=[a.id for a in self._legal],
        )
        return data
