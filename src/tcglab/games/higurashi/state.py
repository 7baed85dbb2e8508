"""The state of one Higurashi game: who holds which card where, face and tilt of each
character, what each seat knows, and the pending steps of the turn."""

from __future__ import annotations

from tcglab.engine.layout import Layout, deal_identities
from tcglab.engine.procedure import StepState
from tcglab.engine.rng import Rng
from tcglab.games.higurashi import combat, continuous, effects, refusals, turn  # noqa: F401  (steps)
from tcglab.games.higurashi.cards import CardSet
from tcglab.games.higurashi.labels import SEATS
from tcglab.games.higurashi.messages import describe
from tcglab.games.higurashi.procedure import PROCEDURE
from tcglab.games.higurashi.table import SPECTATOR

# Every field of a HigurashiState: the kernel's (StepState.begin), then the game's. Slots,
# not a `__dict__`: the compiled build reads the state's fields on every step, and a slot
# is read without a dict look-up.
FIELDS = (
    *StepState.BEGUN,
    *("cards", "turn", "round", "current", "first", "played", "alive"),
    *("rows", "hands", "captured", "char_pile", "cid", "owner", "up", "side", "known"),
    *("eid", "event_deck", "discard", "attached", "mods", "roll"),
    *("printed_atk", "printed_dfn", "datk", "ddef", "atk", "dfn"),
)


class HigurashiState(StepState):
    __slots__ = FIELDS
    refusals = refusals.REFUSALS
    procedure = PROCEDURE

    # Per character instance (index = physical card 0..59): `cid` its identity (an
    # index into the card set), `owner` the seat whose row holds it (-1 elsewhere), `up`
    # face-up, `side` sideways, `known` a bit per seat (and spectators) that knows its
    # identity, `datk` / `ddef` the sum of its modifiers and `atk` / `dfn` printed value
    # plus those (continuous.py). Event instances have `eid`. `roll` is the roll in
    # flight. What changes seldom is immutable and replaced whole when it changes, so
    # clones share it: the tuples `alive`, `cid` and `eid` (which only determinize
    # deals again), `mods` and `roll`, and the value lists (`printed_*`, `datk`,
    # `ddef`, `atk`, `dfn`). `atk`, `dfn` and `printed_*` follow from the rest and are
    # left out of the snapshot.
    LAYOUT = Layout(
        values=(
            "seed",
            "players",
            "options",
            "turn",
            "round",
            "current",
            "first",
            "played",
            "alive",
            "cid",
            "eid",
            "mods",
            "roll",
            "datk",
            "ddef",
        ),
        lists=(
            "char_pile",
            "event_deck",
            "discard",
            "owner",
            "up",
            "side",
            "known",
            "stack",
        ),
        nested=("rows", "hands", "captured"),
        dicts=("attached",),
        unsnapped=("log", "history"),
        slots=FIELDS,
    )

    def __init__(self, game, seed: int, players: int, options: dict) -> None:
        self.begin(game, seed, players, options)
        self.cards: CardSet = game.cards
        cards = self.cards
        self.turn = 0
        self.round = 1  # rounds count from 1
        self.current = self.first = -1
        self.played = 0  # a bit per seat that has had its turn this round
        self.alive = (True,) * players
        self.rows: list[list[int]] = [[] for _ in range(players)]
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.captured: list[list[int]] = [[] for _ in range(players)]
        count = len(cards.characters)
        self.char_pile = list(range(count))
        self.cid = tuple(range(count))
        self.owner = [-1] * count
        self.up = [False] * count
        self.side = [False] * count
        self.known = [0] * count
        self.eid = tuple(i for i, card in enumerate(cards.events) for _ in range(card.copies))
        self.event_deck = list(range(len(self.eid)))
        self.discard: list[int] = []
        self.attached: dict[int, int] = {}  # equipment event instance -> character instance
        self.mods: tuple = ()  # continuous.py: (char, d_attack, d_defence, lasts) each
        continuous.set_printed_values(self)
        self.stack: list[tuple] = []
        self.roll: tuple | None = None  # (kind, roller, actor, target, die, modifier)

    # -- reading the table -----------------------------------------------------

    seats_leave = True  # G4-2.7 a player with no characters is out; the others go on

    def may_decide(self, seat: int) -> bool:
        return self.alive[seat]

    def char(self, inst: int):
        return self.cards.characters[self.cid[inst]]

    def event_card(self, inst: int):
        return self.cards.events[self.eid[inst]]

    # G4-4, G4-9: values as the continuous effects compose them (continuous.py).
    attack = continuous.attack
    defence = continuous.defence
    bonus = continuous.bonus

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
        return f"face-down card {self.rows[seat].index(inst) + 1} of {SEATS[seat]}"

    def enemies(self, seat: int) -> list[int]:
        """Every character in the rows of the seat's opponents, seat by seat."""
        rows = self.rows
        return [i for s in range(self.players) if s != seat for i in rows[s]]

    def describe(self, kind: str, data: dict, lang: str = "en") -> str:
        return describe(kind, data, lang)

    # -- information -----------------------------------------------------------

    def glance(self, seat: int | None) -> dict:
        """What the heuristic reads of `observe(seat)` (kernel `State.glance`): the rows
        with each character's position and known values, the open step and roll, and
        the options; no hands, discards or captures. Known cards share their printed
        data, which `observe` copies."""
        bit = SPECTATOR if seat is None else 1 << seat
        known, up, side = self.known, self.up, self.side
        chars, cid = self.cards.characters, self.cid
        seats = []
        for s in range(self.players):
            row = []
            for slot, inst in enumerate(self.rows[s]):
                seen = known[inst] & bit
                row.append(
                    {
                        "slot": slot,
                        "face_up": up[inst],
                        "sideways": side[inst],
                        "card": chars[cid[inst]].info if seen else None,
                        "attack": self.attack(inst) if seen else None,
                        "defence": self.defence(inst) if seen else None,
                    }
                )
            seats.append({"seat": s, "alive": self.alive[s], "characters": row})
        roll = self.roll
        return {
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
            if roll is None
            else {
                "kind": roll[0],
                "roller": roll[1],
                "actor": self.ref(roll[2]),
                "target": self.ref(roll[3]),
                "die": roll[4],
                "modifier": roll[5],
            },
            "seats": seats,
            "options": dict(self.options),
        }

    def observe(self, seat: int | None) -> dict:
        """The glance, with every card's data copied, and the rest of what `seat` may
        know: modifiers and equipment, hands, captures, the decks and the result."""
        view = self.glance(seat)
        equipment: dict[int, list[str]] = {}  # worked out once, not once per character
        for e, inst in self.attached.items():
            equipment.setdefault(inst, []).append(self.event_card(e).id)
        for s, entry in enumerate(view["seats"]):
            for inst, char in zip(self.rows[s], entry["characters"], strict=True):
                if char["card"] is not None:
                    char["card"] = dict(char["card"])
                char["attack_mod"] = self.datk[inst]
                char["defence_mod"] = self.ddef[inst]
                char["equipment"] = sorted(equipment.get(inst, ()))
            entry["hand_size"] = len(self.hands[s])
            entry["captured"] = [self.char(i).id for i in self.captured[s]]
            entry["captured_points"] = sum(self.char(i).points for i in self.captured[s])
        view["event_deck"] = len(self.event_deck)
        view["event_discard"] = [self.event_card(e).id for e in self.discard]
        view["character_pile"] = len(self.char_pile)
        view["result"] = None if self.result is None else self.result.to_dict()
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

    def resample_hidden(self, twin: HigurashiState, seat: int, rng: Rng) -> None:
        """Deal again every character identity `seat` does not know (other seats' unseen
        cards and the character pile) and every event card it cannot see (other hands
        and the event deck); the printed values follow the new identities."""
        bit = 1 << seat
        unknown = [
            i
            for s in range(self.players)
            if s != seat
            for i in self.rows[s]
            if not self.known[i] & bit
        ]
        cid, eid = list(twin.cid), list(twin.eid)
        deal_identities(cid, unknown + self.char_pile, rng)
        hidden = [e for s in range(self.players) if s != seat for e in self.hands[s]]
        deal_identities(eid, hidden + self.event_deck, rng)
        twin.cid, twin.eid = tuple(cid), tuple(eid)
        continuous.set_printed_values(twin)
