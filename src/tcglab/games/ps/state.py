"""The state of one Princess Scramble game: decks, hands, trash (PS-12.2) and energy
of both players, the characters and events on each field (PS-12.1), player damage
(kept as numbers where the table uses counters, PS-3.3), and the pending steps of
the turn.

Cards are numbers into the card set. A character on the field is a `Unit` tuple and
an event on the field a `Placed` tuple; both are replaced whole when they change,
so a clone copies only the lists that hold them.
"""

from __future__ import annotations

from tcglab.engine.actions import Action
from tcglab.engine.procedure import StepState
from tcglab.engine.rng import Rng
from tcglab.engine.state import Result
from tcglab.games.ps import battle, effects, play, turn  # noqa: F401  (register their steps)
from tcglab.games.ps.cards import CardSet
from tcglab.games.ps.field import Placed, Unit
from tcglab.games.ps.messages import describe
from tcglab.games.ps.procedure import PROCEDURE

PLAYER_LIFE = 10  # PS-4.1


class PSState(StepState):
    procedure = PROCEDURE

    _SEATED = ("deck", "hand", "trash", "energy", "units", "events")
    _FLAT = ("hurt", "stack", "history", "log")

    def __init__(self, game, seed: int, options: dict, cards: CardSet) -> None:
        self.game, self.cards, self.seed, self.players = game, cards, seed, 2
        self.options = options
        self.rng = Rng(seed)
        self.deck: list[list[int]] = [[], []]  # the last card is the top
        self.hand: list[list[int]] = [[], []]  # in the order the cards arrived
        self.trash: list[list[int]] = [[], []]
        # PS-5.3 / PS-6.5 energy exists only as face-down cards, identities hidden
        self.energy: list[list[int]] = [[], []]
        self.units: list[list[Unit]] = [[], []]
        self.events: list[list[Placed]] = [[], []]
        self.hurt = [0, 0]  # damage each player has taken (PS-2.1)
        self.turn = 0
        self.current = self.first = -1
        self.next_uid = 1
        self.energy_placed = False  # PS-8.3.1 once per turn
        self.battle: tuple | None = None  # (attacker uid, defender uids, target uid or 0)
        self.stack: list[tuple] = []
        self.to_move: int | None = None
        self.result: Result | None = None
        self.history: list[str] = []
        self.log = []
        self._legal: list[Action] = []

    # -- the procedure ---------------------------------------------------------

    def _illegal_message(self, action_id: str) -> str:
        reason = play.why_not(self, action_id) if self.to_move is not None else None
        return reason or super()._illegal_message(action_id)

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

    def support(self, seat: int, unit: Unit) -> tuple[int, int]:
        """PS-11.1.5 / PS-10.1.2 the (technique, guard) a character's support entries
        give it, by the number of *other* characters of its work on its own field;
        PS-GAP-11 exclusive tiers by default, the highest entry past the last."""
        card = self.cards.cards[unit.card]
        work = card.work
        count = sum(
            1
            for u in self.units[seat]
            if u.uid != unit.uid and self.cards.cards[u.card].work == work
        )
        if not count:
            return 0, 0
        tiers = card.support
        if self.options["support_tiers"] == "exclusive":
            return tiers[min(count, len(tiers)) - 1]
        chosen = tiers[: min(count, len(tiers))]
        return sum(t[0] for t in chosen), sum(t[1] for t in chosen)

    def bonuses(self, seat: int, unit: Unit) -> tuple[int, int]:
        """Technique and guard added to a character by support and effects."""
        tech, guard = self.support(seat, unit)
        for stat, amount, _ in unit.mods:
            if stat == "technique":
                tech += amount
            else:
                guard += amount
        return tech, guard

    def technique(self, seat: int, unit: Unit) -> int:
        """PS-GAP-9 current technique: printed value plus support and effects, >= 0."""
        value = self.cards.cards[unit.card].technique + self.bonuses(seat, unit)[0]
        return value if value > 0 else 0

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
        tech, guard = self.bonuses(seat, unit)
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
            "support_count": sum(
                1
                for u in self.units[seat]
                if u.uid != unit.uid and self.cards.cards[u.card].work == card.work
            ),
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

    def determinize(self, seat: int, rng: Rng) -> PSState:
        """Resample what `seat` cannot know: the opponent's hand, both deck orders and
        every face-down energy card whose identity the seat never saw."""
        twin = self.clone()
        other = 1 - seat
        own_hidden = [("deck", seat)]
        if self.options["energy_from"] == "deck":
            own_hidden.append(("energy", seat))  # PS-10.2.3 placed unseen
        for group in (own_hidden, [("hand", other), ("deck", other), ("energy", other)]):
            # Sorted first, so a sample depends on what the seat knows and the rng alone.
            pool = sorted(c for zone, s in group for c in getattr(twin, zone)[s])
            rng.shuffle(pool)
            for zone, s in group:
                size = len(getattr(twin, zone)[s])
                getattr(twin, zone)[s] = pool[:size]
                del pool[:size]
        twin.rng = rng.derive()
        twin.log = self.public_log(seat)
        if twin.to_move != seat:
            twin.refresh_legal()  # the opponent's choices follow its resampled hand
        return twin

    # -- copying ---------------------------------------------------------------

    def clone(self) -> PSState:
        twin = PSState.__new__(PSState)
        d = twin.__dict__
        d.update(self.__dict__)
        for key in self._SEATED:
            zone = d[key]
            d[key] = [zone[0][:], zone[1][:]]
        for key in self._FLAT:
            d[key] = d[key][:]
        twin.rng = self.rng.clone()
        return twin

    def snapshot(self) -> dict:
        data = {key: getattr(self, key) for key in self._SEATED}
        data.update(
            units=[[list(u) for u in side] for side in self.units],
            events=[[list(e) for e in side] for side in self.events],
            hurt=self.hurt,
            stack=[list(step) for step in self.stack],
            history=self.history,
            seed=self.seed,
            options=self.options,
            turn=self.turn,
            current=self.current,
            first=self.first,
            next_uid=self.next_uid,
            energy_placed=self.energy_placed,
            battle=self.battle,
            rng=self.rng.snapshot(),
            to_move=self.to_move,
            result=self.result,
            legal=[a.id for a in self._legal],
        )
        return data
