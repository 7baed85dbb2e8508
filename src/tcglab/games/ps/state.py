"""The state of one Princess Scramble game: decks, hands, trash (PS-12.2) and energy
of both players, the characters and events on each field (PS-12.1), the lasting
effects on their values (`values.py`), player damage (kept as numbers where the table
uses counters, PS-3.3), and the pending steps of the turn.

Cards are numbers into the card set. A character on the field is a `Unit` tuple, an
event on the field a `Placed` tuple and a lasting effect a `Lasting` tuple; all are
replaced whole when they change, so a clone copies only the lists that hold them.
"""

from __future__ import annotations

try:
    import cython  # the compiled build reads the C types below from this very line
except ModuleNotFoundError:
    from tcglab.engine import _cy as cython
from tcglab.engine.layout import Layout, deal_identities
from tcglab.engine.procedure import StepState
from tcglab.engine.rng import Rng
from tcglab.games.ps import battle, effects, play, refusals, turn, values, windows  # noqa: F401  (steps)
from tcglab.games.ps.cards import CardSet
from tcglab.games.ps.field import Placed, Unit
from tcglab.games.ps.messages import describe
from tcglab.games.ps.procedure import PROCEDURE
from tcglab.games.ps.values import Lasting
from tcglab.games.ps.zones import PLAYER_LIFE

# Every field of a PSState: the kernel's (StepState.begin), then the game's. Slots, not a
# `__dict__`: the compiled build reads the state's fields on every step, and a slot is
# read without a dict look-up.
FIELDS = (
    *StepState.BEGUN,
    *("cards", "deck", "hand", "trash", "energy", "units", "events", "hurt"),
    *("turn", "current", "first", "next_uid", "energy_placed", "battle", "lasting"),
)


class PSState(StepState):
    __slots__ = FIELDS
    refusals = refusals.REFUSALS
    procedure = PROCEDURE
    LAYOUT = Layout(
        values=(
            "seed",
            "options",
            "turn",
            "current",
            "first",
            "next_uid",
            "energy_placed",
            "battle",
            "lasting",
        ),
        lists=("hurt", "stack"),
        nested=("deck", "hand", "trash", "energy", "units", "events"),
        slots=FIELDS,
    )

    def __init__(self, game, seed: int, options: dict, cards: CardSet) -> None:
        self.begin(game, seed, 2, options)
        self.cards = cards
        self.deck: list[list[int]] = [[], []]  # the last card is the top
        self.hand: list[list[int]] = [[], []]  # in the order the cards arrived
        self.trash: list[list[int]] = [[], []]
        # PS-5.3 / PS-6.5 energy exists only as face-down cards, identities hidden
        self.energy: list[list[int]] = [[], []]
        self.units: list[list[Unit]] = [[], []]
        self.events: list[list[Placed]] = [[], []]
        self.lasting: tuple[Lasting, ...] = ()  # in the order they took effect (values.py)
        self.hurt = [0, 0]  # damage each player has taken (PS-2.1)
        self.turn = 0
        self.current = self.first = -1
        self.next_uid = 1
        self.energy_placed = False  # PS-8.3.1 once per turn
        # (attacker uid, defender uids, target: a uid, battle.PLAYER or battle.NOBODY)
        self.battle: tuple | None = None

    # -- the procedure ---------------------------------------------------------

    # -- reading the table -----------------------------------------------------

    def card(self, number: int):
        return self.cards.cards[number]

    def uid(self) -> int:
        self.next_uid += 1
        return self.next_uid - 1

    def find(self, uid: int) -> tuple[int, int]:
        """(seat, index) of the character with this uid, or (-1, -1) once it left."""
        for seat in (0, 1):
            for index, unit in enumerate(self.units[seat]):
                if unit.uid == uid:
                    return seat, index
        return -1, -1

    def unit(self, uid: int) -> Unit | None:
        seat, index = self.find(uid)
        return None if seat < 0 else self.units[seat][index]

    @cython.locals(free=cython.long)
    def free_energy(self, seat: int) -> int:
        """PS-10.2.4 energy not occupied by any card on the field."""
        free = len(self.energy[seat])
        for piece in self.units[seat]:
            free -= piece.occ
        for piece in self.events[seat]:
            free -= piece.occ
        return free

    def name(self, number: int) -> str:
        return self.cards.cards[number].name_en

    def describe(self, kind: str, data: dict, lang: str = "en") -> str:
        return describe(kind, data, lang)

    # -- information -----------------------------------------------------------

    def unit_view(self, seat: int, slot: int, unit: Unit) -> dict:
        card = self.cards.cards[unit.card]
        tech, guard = values.bonuses(self, seat, unit)
        return {
            "slot": slot,
            "card": card.info,
            "damage": unit.damage,
            "life": card.life,
            "exhausted": unit.exhausted,
            "sick": unit.sick,
            "energy": unit.occ,
            "ability_used": unit.used,
            "technique": max(0, card.technique + tech),
            "technique_bonus": tech,
            "guard": guard,
            "sense": card.sense.text,
            "support_count": values.support_count(self, seat, unit),
        }

    def observe(self, seat: int | None) -> dict:
        cards = self.cards.cards
        seats = []
        for s in (0, 1):
            seats.append(
                {
                    "seat": s,
                    "damage": self.hurt[s],
                    "life": PLAYER_LIFE,
                    "deck": len(self.deck[s]),
                    "hand_size": len(self.hand[s]),
                    "trash": [cards[c].id for c in self.trash[s]],
                    "energy": len(self.energy[s]),
                    "free_energy": self.free_energy(s),
                    "characters": [
                        self.unit_view(s, i + 1, u) for i, u in enumerate(self.units[s])
                    ],
                    "events": [
                        {"slot": i + 1, "card": cards[e.card].info, "energy": e.occ}
                        for i, e in enumerate(self.events[s])
                    ],
                }
            )
        view = {
            "game": "ps",
            "seat": seat,
            "turn": self.turn,
            "current": self.current,
            "first": self.first,
            "to_move": self.to_move,
            "step": self.stack[-1][0] if self.stack else None,
            "energy_placed": self.energy_placed,
            "battle": battle.view(self),
            "pending": effects.pending(self),
            "seats": seats,
            "options": dict(self.options),
            "result": None if self.result is None else self.result.to_dict(),
        }
        if seat is not None:
            view["hand"] = [cards[c].info for c in self.hand[seat]]
        return view

    def resample_hidden(self, twin: PSState, seat: int, rng: Rng) -> None:
        """What `seat` cannot know: its own deck order (and its energy, placed unseen
        from the deck, PS-10.2.3), and the opponent's hand, deck and energy."""
        other = 1 - seat
        own = [("deck", seat)]
        if self.options["energy_from"] == "deck":
            own.append(("energy", seat))
        for group in (own, [("hand", other), ("deck", other), ("energy", other)]):
            _deal(twin, group, rng)


def _deal(twin: PSState, zones: list[tuple[str, int]], rng: Rng) -> None:
    """Deal the cards of these zones among them at random, each keeping its size."""
    held = [getattr(twin, zone)[seat] for zone, seat in zones]
    cards = [card for pile in held for card in pile]
    deal_identities(cards, range(len(cards)), rng)
    start = 0
    for (zone, seat), pile in zip(zones, held, strict=True):
        getattr(twin, zone)[seat] = cards[start : start + len(pile)]
        start += len(pile)
