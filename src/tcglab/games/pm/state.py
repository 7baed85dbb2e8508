"""The state of one Precious Memories game: where every card is, which characters are
rested, the effects lasting until end of turn, and the pending steps of the turn.

Physical cards are instances 0..119 (`places.owner` says whose); `cid` maps an
instance to its card in the pool. Resampling permutes `cid` among the instances whose
identity a seat does not know. Observations and action ids name cards on the table by
position (`p1.M2` main area, `p1.S1` support area, `p1.P3` point area) and cards in a
player's own hand by card id, never by instance.
"""

from __future__ import annotations

from tcglab.engine.layout import Layout, deal_identities
from tcglab.engine.procedure import StepState
from tcglab.engine.rng import Rng
from tcglab.games.pm import approach, paying, places, plays, refusals, turn, values
from tcglab.games.pm.cards import Card
from tcglab.games.pm.messages import describe
from tcglab.games.pm.places import DECK
from tcglab.games.pm.procedure import PROCEDURE

STEPS = (approach, paying, plays, turn)  # the modules whose steps make up PROCEDURE
PAYING_HAND_TRIES = 20  # samples of a paying hand drawn before one is built to pay


# Every field of a PMState: the kernel's (StepState.begin), then the game's. Slots, not a
# `__dict__`: the compiled build reads the state's fields on every step, and a slot is
# read without a dict look-up.
FIELDS = (
    *StepState.BEGUN,
    *("cards", "pool", "cid", "deck", "hand", "discard", "points", "main", "support"),
    *("down", "host", "rested", "entered", "since", "mods", "limbo", "discount", "bottom"),
    *("turn", "current", "first", "approach", "obstructor", "clock"),
)


class PMState(StepState):
    __slots__ = FIELDS
    refusals = refusals.REFUSALS
    procedure = PROCEDURE
    LAYOUT = Layout(
        values=("seed", "options", "turn", "current", "first", "approach", "obstructor", "clock"),
        lists=(
            *("cid", "down", "host", "rested", "entered", "since", "mods", "stack", "limbo"),
            *("discount", "bottom"),
        ),
        nested=("deck", "hand", "discard", "points", "main", "support"),
        unsnapped=("log", "history"),
        slots=FIELDS,
    )

    def __init__(self, game, seed: int, options: dict, decks: list[list[int]]) -> None:
        self.begin(game, seed, 2, options)
        self.cards = game.cards
        self.pool: tuple[Card, ...] = game.cards.cards
        self.cid = [c for deck in decks for c in deck]
        self.deck = [list(range(DECK)), list(range(DECK, 2 * DECK))]  # top = end
        self.hand: list[list[int]] = [[], []]
        self.discard: list[list[int]] = [[], []]
        self.points: list[list[int]] = [[], []]
        self.main: list[list[int]] = [[], []]
        self.support: list[list[int]] = [[], []]
        self.down = [False] * (2 * DECK)  # a point card turned face-down
        self.host = [-1] * (2 * DECK)  # the character a support card is set on
        self.rested = [False] * (2 * DECK)
        self.entered = [-1] * (2 * DECK)  # the turn a character appeared
        self.since = [0] * (2 * DECK)  # the timestamp a card came onto the field
        self.clock = 0  # the latest timestamp (values.stamp)
        self.mods: list[tuple] = []  # values.change: (inst, how, ap, dp, cost, stamp)
        self.limbo: list[int] = []  # cards being played, seen by everyone
        self.discount = [0, 0]  # cost off the next character (cost_down)
        self.bottom = [0, 0]  # cards at the bottom of a deck its owner put there
        self.turn = 0
        self.current = self.first = -1
        self.approach: tuple[int, ...] = ()  # the approaching characters
        self.obstructor = -1

    # -- the procedure ---------------------------------------------------------

    # -- reading the table -----------------------------------------------------

    def card(self, inst: int) -> Card:
        return self.pool[self.cid[inst]]

    def on_field(self, inst: int) -> bool:
        return places.on_field(self, inst)

    def values(self, inst: int) -> tuple[int, int]:
        """A character's current AP/DP (PM-GAP-24, in values.py)."""
        return values.values(self, inst)

    def cost(self, inst: int) -> int:
        """A character's current cost (PM-GAP-17, in values.py)."""
        return values.cost(self, inst)

    def is_active_keyword(self, inst: int) -> bool:
        """PM-1.11.1 [アクティブ], printed or lent by a support card."""
        if self.card(inst).active:
            return True
        return any(h == inst and self.card(s).lends_active for s, h in enumerate(self.host))

    def ref(self, inst: int) -> str:
        return places.ref(self, inst)

    def at(self, position: str) -> int:
        return places.at(self, position)

    def name(self, inst: int) -> str:
        return self.card(inst).name_en

    def describe(self, kind: str, data: dict, lang: str = "en") -> str:
        return describe(kind, data, lang)

    # -- information -----------------------------------------------------------

    def _field_view(self, insts: list[int], over: list[tuple], hosted: dict) -> list[dict]:
        """The cards of one area as the observation shows them (values.area)."""
        pool, cid, rested, entered, now = self.pool, self.cid, self.rested, self.entered, self.turn
        views = []
        for inst, (ap, dp, cost) in zip(insts, values.area(self, insts, over, hosted), strict=True):
            card = pool[cid[inst]]
            views.append(
                {
                    "card": card.id,
                    "name": card.name_en,
                    "ap": ap,
                    "dp": dp,
                    "cost": cost,
                    "rested": rested[inst],
                    "new": entered[inst] == now,
                    "supports": [pool[cid[sup]].id for sup in hosted.get(inst, ())],
                }
            )
        return views

    def observe(self, seat: int | None) -> dict:
        """Everything public: discard areas (PM-1.4.2) and point areas (PM-1.4.3) in
        full, the field; hidden are only the decks and the other hand (PM-3.5)."""
        pool, cid, down = self.pool, self.cid, self.down
        hosted = values.hosted(self)
        seats = []
        for s in range(2):
            main = self.main[s]
            seats.append(
                {
                    "seat": s,
                    "deck": len(self.deck[s]),
                    "hand_size": len(self.hand[s]),
                    "discard": [pool[cid[i]].id for i in self.discard[s]],
                    "points": [
                        {"card": pool[cid[i]].id, "face_up": not down[i]} for i in self.points[s]
                    ],
                    "main": self._field_view(main, values.auras(self, s) if main else (), hosted),
                    "support": self._field_view(self.support[s], (), hosted),
                    "discount": self.discount[s],
                }
            )
        step = self.stack[-1] if self.stack else None
        view = {
            "game": "pm",
            "seat": seat,
            "turn": self.turn,
            "current": self.current,
            "first": self.first,
            "to_move": self.to_move,
            "step": step[0] if step else None,
            "phase": turn.phase_of(self),
            "approach": [self.ref(i) for i in self.approach if self.on_field(i)],
            "obstructor": self.ref(self.obstructor)
            if self.obstructor >= 0 and self.on_field(self.obstructor)
            else None,
            "playing": [pool[cid[i]].id for i in self.limbo],
            "paying": paying.paying_view(self),
            "seats": seats,
            "options": dict(self.options),
            "result": None if self.result is None else self.result.to_dict(),
        }
        if seat is not None:
            view["hand"] = sorted([pool[cid[i]].id for i in self.hand[seat]])
            view["deck_bottom"] = [pool[cid[i]].id for i in self.deck[seat][: self.bottom[seat]]]
        return view

    def resample_hidden(self, twin: PMState, seat: int, rng: Rng) -> None:
        """Resample every identity `seat` does not know: the opponent's hand and deck
        together, and its own deck above the cards it put on the bottom itself. The
        opponent's sampled hand can always finish a payment it has begun (PM-1.5.1)."""
        other = 1 - seat
        theirs = self.hand[other] + self.deck[other]
        deal_identities(twin.cid, self.deck[seat][self.bottom[seat] :], rng)
        for _ in range(PAYING_HAND_TRIES):
            deal_identities(twin.cid, theirs, rng)
            if paying.can_finish(twin, other):
                return
        paying.fit_payment(twin, other, theirs)
