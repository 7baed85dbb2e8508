"""The state of one Precious Memories game: where every card is, which characters are
rested, the effects lasting until end of turn, and the pending steps of the turn.

Physical cards are instances 0..119 (seat 0 owns 0..59, seat 1 owns 60..119); `cid`
maps an instance to its card in the pool. Determinize permutes `cid` among the
instances whose identity a seat does not know. Observations and action ids name
cards on the table by position (`p1.M2` main area, `p1.S1` support area, `p1.P3`
point area) and cards in a player's own hand by card id, never by instance.
"""

from __future__ import annotations

from tcglab.engine.actions import Action
from tcglab.engine.events import Event
from tcglab.engine.procedure import StepState
from tcglab.engine.rng import Rng
from tcglab.engine.state import Result
from tcglab.games.pm import approach, paying, plays, turn  # noqa: F401  (register steps)
from tcglab.games.pm.cards import Card
from tcglab.games.pm.messages import describe
from tcglab.games.pm.procedure import PROCEDURE

DECK = 60
PAYING_HAND_TRIES = 20  # samples of a paying hand drawn before one is built to pay
AREAS = {"M": "main", "S": "support", "P": "points"}


class PMState(StepState):
    procedure = PROCEDURE

    _FLAT = ("cid", "down", "host", "rested", "entered", "mods", "stack", "limbo", "history")
    _FLAT += ("discount", "bottom")
    _NESTED = ("deck", "hand", "discard", "points", "main", "support")

    def __init__(self, game, seed: int, options: dict, decks: list[list[int]]) -> None:
        self.game, self.cards, self.seed, self.players = game, game.cards, seed, 2
        self.pool: tuple[Card, ...] = game.cards.cards
        self.options = options
        self.rng = Rng(seed)
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
        self.mods: list[tuple] = []  # (inst, kind, ap, dp, cost) until end of turn
        self.limbo: list[int] = []  # cards being played, seen by everyone
        self.discount = [0, 0]  # cost off the next character (cost_down)
        self.bottom = [0, 0]  # cards at the bottom of a deck its owner put there
        self.turn = 0
        self.current = self.first = -1
        self.approach: tuple[int, ...] = ()  # the approaching characters
        self.obstructor = -1
        self.stack: list[tuple] = []
        self.to_move: int | None = None
        self.result: Result | None = None
        self.history: list[str] = []
        self.log = []
        self._log_owned = True  # False while the log list is shared with a clone
        self._legal: list[Action] = []

    # -- the procedure ---------------------------------------------------------

    def _illegal_message(self, action_id: str) -> str:
        reason = plays.why_not(self, action_id) if self.to_move is not None else None
        return reason or super()._illegal_message(action_id)

    # -- reading the table -----------------------------------------------------

    def card(self, inst: int) -> Card:
        return self.pool[self.cid[inst]]

    def on_field(self, inst: int) -> bool:
        seat = inst // DECK
        return inst in self.main[seat] or inst in self.support[seat]

    def gate(self, card: Card, seat: int) -> bool:
        """PM-1.11.5 [逆境X]: the text works with X or more cards in one's point area."""
        return card.adversity is None or len(self.points[seat]) >= card.adversity

    def values(self, inst: int) -> tuple[int, int]:
        """A character's current AP/DP: set values, then every bonus, then swaps."""
        card = self.card(inst)
        ap, dp = card.ap or 0, card.dp or 0
        seat = inst // DECK
        swaps = 0
        adds = []
        for m in self.mods:
            if m[0] == inst:
                if m[1] == "set":
                    ap, dp = m[2], m[3]
                elif m[1] == "swap":
                    swaps += 1
                else:
                    adds.append(m)
        if card.static != (0, 0) and self.gate(card, seat):
            ap, dp = ap + card.static[0], dp + card.static[1]
        for m in adds:
            ap, dp = ap + m[2], dp + m[3]
        for extra in self.support[seat] + self.main[seat] if inst in self.main[seat] else ():
            other = self.card(extra)
            if other.aura != (0, 0) and other.aura_trait in card.traits and self.gate(other, seat):
                ap, dp = ap + other.aura[0], dp + other.aura[1]
        if self.host.count(inst):
            for sup, host in enumerate(self.host):
                if host == inst:
                    lend = self.card(sup).lend
                    ap, dp = ap + lend[0], dp + lend[1]
        if swaps % 2:
            ap, dp = dp, ap
        return max(ap, 0), max(dp, 0)

    def cost(self, inst: int) -> int:
        """PM-GAP-17 a character's current cost: printed cost plus modifications."""
        value = self.card(inst).cost
        for m in self.mods:
            if m[0] == inst:
                value += m[4]
        return max(value, 0)

    def is_active_keyword(self, inst: int) -> bool:
        """PM-1.11.1 [アクティブ], printed or lent by a support card."""
        if self.card(inst).active:
            return True
        return any(h == inst and self.card(s).grant_active for s, h in enumerate(self.host))

    def ref(self, inst: int) -> str:
        """A card's public position: p1.M2, p1.S1 or p1.P3."""
        seat = inst // DECK
        for letter, zone in (("M", self.main), ("S", self.support), ("P", self.points)):
            if inst in zone[seat]:
                return f"p{seat + 1}.{letter}{zone[seat].index(inst) + 1}"
        raise ValueError(f"instance {inst} is not on the table")

    def at(self, ref: str) -> int:
        seat, place = ref.split(".")
        zone = getattr(self, AREAS[place[0]])
        return zone[int(seat[1:]) - 1][int(place[1:]) - 1]

    def name(self, inst: int) -> str:
        return self.card(inst).name_en

    def describe(self, kind: str, data: dict, lang: str = "en") -> str:
        return describe(kind, data, lang)

    def emit(self, kind: str, secret: dict[int, dict] | None = None, **data) -> None:
        if not self._log_owned:  # copy a shared log on the first write only
            self.log = self.log[:]
            self._log_owned = True
        self.log.append(Event(kind, data, secret))

    # -- information -----------------------------------------------------------

    def _character_view(self, inst: int, supports: dict[int, list[str]]) -> dict:
        ap, dp = self.values(inst)
        card = self.card(inst)
        view = {
            "card": card.id,
            "name": self.name(inst),
            "ap": ap,
            "dp": dp,
            "cost": self.cost(inst),
            "rested": self.rested[inst],
            "new": self.entered[inst] == self.turn,
            "supports": supports.get(inst, []),
        }
        if not card.has_values:
            view["ap"] = view["dp"] = None
        return view

    def observe(self, seat: int | None) -> dict:
        """Everything public: discard areas (PM-1.4.2) and point areas (PM-1.4.3) in
        full, the field; hidden are only the decks and the other hand (PM-3.5)."""
        supports: dict[int, list[str]] = {}  # host -> its supports, found in one pass
        for sup, host in enumerate(self.host):
            if host >= 0:
                supports.setdefault(host, []).append(self.card(sup).id)
        seats = []
        for s in range(2):
            seats.append(
                {
                    "seat": s,
                    "deck": len(self.deck[s]),
                    "hand_size": len(self.hand[s]),
                    "discard": [self.card(i).id for i in self.discard[s]],
                    "points": [
                        {"card": self.card(i).id, "face_up": not self.down[i]}
                        for i in self.points[s]
                    ],
                    "main": [self._character_view(i, supports) for i in self.main[s]],
                    "support": [self._character_view(i, supports) for i in self.support[s]],
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
            "playing": [self.card(i).id for i in self.limbo],
            "paying": paying.paying_view(self),
            "seats": seats,
            "options": dict(self.options),
            "result": None if self.result is None else self.result.to_dict(),
        }
        if seat is not None:
            view["hand"] = sorted(self.card(i).id for i in self.hand[seat])
            view["deck_bottom"] = [self.card(i).id for i in self.deck[seat][: self.bottom[seat]]]
        return view

    def determinize(self, seat: int, rng: Rng) -> PMState:
        """Resample every identity `seat` does not know: the opponent's hand and deck
        together, and its own deck above the cards it put on the bottom itself. The
        opponent's sampled hand can always finish a payment it has begun (PM-1.5.1)."""
        twin = self.clone()
        other = 1 - seat
        theirs = self.hand[other] + self.deck[other]
        resample(twin, self.deck[seat][self.bottom[seat] :], rng)
        for _ in range(PAYING_HAND_TRIES):
            resample(twin, theirs, rng)
            if paying.can_finish(twin, other):
                break
        else:
            paying.fit_payment(twin, other, theirs)
        twin.rng = rng.derive()
        twin.log = self.public_log(seat)
        twin._log_owned = True
        if twin.to_move is not None and twin.to_move != seat:
            twin.refresh_legal()  # the opponent's choices follow its resampled hand
        return twin

    # -- copying ---------------------------------------------------------------

    def clone(self) -> PMState:
        twin = PMState.__new__(PMState)
        d = twin.__dict__
        d.update(self.__dict__)
        for key in self._FLAT:
            d[key] = d[key][:]
        for key in self._NESTED:
            a, b = d[key]
            d[key] = [a[:], b[:]]
        twin.rng = self.rng.clone()
        self._log_owned = twin._log_owned = False
        return twin

    def snapshot(self) -> dict:
        data = {key: getattr(self, key) for key in self._FLAT}
        data.update({key: getattr(self, key) for key in self._NESTED})
        data.update(
            seed=self.seed,
            options=self.options,
            turn=self.turn,
            current=self.current,
            first=self.first,
            approach=list(self.approach),
            obstructor=self.obstructor,
            rng=self.rng.snapshot(),
            to_move=self.to_move,
            result=self.result,
            legal=[a.id for a in self._legal],
        )
        return data


def resample(st: PMState, unknown: list[int], rng: Rng) -> None:
    """Deal the identities of `unknown` among them at random. Sorted first, so a sample
    depends on what the seat knows and the generator alone."""
    identities = sorted(st.cid[i] for i in unknown)
    rng.shuffle(identities)
    for inst, ident in zip(unknown, identities, strict=True):
        st.cid[inst] = ident
