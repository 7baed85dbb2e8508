"""A rule-of-thumb Higurashi player that sees only its own seat's observation, and of
that only the part it reads (the glance, cheap enough to build at every playout step).

It weighs each attack by its exact success chance against the points it would win and
the counter-attack it would risk, scouts when nothing is worth attacking, spends die
modifiers only when they turn a roll around, and always counter-attacks when allowed.
What an event card is worth to it comes from the card's parts (`parts/`).
"""

from __future__ import annotations

import math
from functools import cache

from tcglab.engine.actions import Action
from tcglab.engine.decision import Decision
from tcglab.engine.rng import Rng
from tcglab.games.higurashi import value_model
from tcglab.games.higurashi.cards import EventCard, card_set
from tcglab.games.higurashi.combat import SCOUT_NEEDS, attack_chance, needed_roll

WORTH_ATTACKING = 0.05  # expected points an attack must promise


def championship_value(view: dict, game_value) -> list[float]:
    """Each seat's chance to be champion (G4-2.6), roughly: half from the totals so far
    (a lead of 5 points is worth about e to 1), half from the chances in the game in
    progress, which only its players share (in a decider the others are out of it)."""
    players, totals = view["players"], view["totals"]
    current = view["current"]
    playing = current["seats"] if current else list(range(players))
    best = max(totals[s] for s in playing)
    weight = [math.exp((totals[s] - best) / 5) if s in playing else 0.0 for s in range(players)]
    standing = [w / sum(weight) for w in weight]
    if current is None:
        return standing
    now = [0.0] * players
    for local, chance in enumerate(game_value(current["view"])):
        now[playing[local]] = chance
    return [(a + b) / 2 for a, b in zip(standing, now, strict=True)]


class HigurashiAgent:
    name = "heuristic"

    @staticmethod
    def value(view: dict) -> list[float]:
        """Each seat's chance of being the last one standing, estimated from the public
        view by a model fitted to simulated games (`value_model`); used to score
        unfinished search playouts. At a championship table, the chance to be champion
        (`championship_value`)."""
        if view.get("format") == "championship":
            return championship_value(view, HigurashiAgent.value)
        return value_model.chances(view)

    @staticmethod
    def turn_owner(view: dict) -> int:
        """The seat whose turn it is (G4-2.3): a search looking ahead to the end of a
        turn goes on through the other seats' replies within it (windows, counters).
        At a championship table, the table seat whose turn it is in the game in progress."""
        if view.get("format") == "championship":
            current = view["current"]
            return -1 if current is None else current["seats"][current["view"]["current"]]
        return view["current"]

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, decision: Decision) -> Action:
        obs, seat = decision.glance, decision.seat
        if obs.get("format") == "championship":  # play the championship's game in progress
            obs, seat = obs["current"]["view"], obs["current"]["local_seat"]
        view = _View(obs, seat)
        legal = {action.id: action for action in decision.legal}
        choice = getattr(self, "_" + (view.obs["step"] or "main"))(view, legal)
        return legal.get(choice) or self.rng.choice(decision.legal)

    # -- one method per kind of decision ------------------------------------------

    def _main(self, view: _View, legal: dict) -> str:
        for action_id in legal:
            if action_id.startswith("play ") and _card(action_id).eager:
                return action_id
        best = view.best_attack(legal)
        boost = self._boost(view, legal, best[0])
        if boost:
            return boost
        if best[0] > WORTH_ATTACKING:
            return f"attack {best[1]}"
        scout = self._scout_with(view, legal)
        if scout:
            return scout
        return self._before_ending(view, legal) or "end"

    def _boost(self, view: _View, legal: dict, best_now: float) -> str | None:
        """Play an attack-raising or defence-lowering card when it opens a better attack."""
        for action_id in legal:
            if not action_id.startswith("play "):
                continue
            opening = _card(action_id).opening()
            if opening is None:
                continue
            gain = view.best_attack(legal, *opening)[0]
            if gain > max(best_now, WORTH_ATTACKING) + 0.3:
                return action_id
        return None

    def _scout_with(self, view: _View, legal: dict) -> str | None:
        options = [a for a in legal if a.startswith("scout ")]
        if not options:
            return None
        # Prefer a face-up scout with the weakest attack; reveal our own card only
        # when no enemy is face-up at all, since scouting is then the only way on.
        own = {c["slot"]: c for c in view.row(view.seat)}
        face_up = [a for a in options if own[int(a.split()[1])]["face_up"]]
        if face_up:
            return min(face_up, key=lambda a: own[int(a.split()[1])]["attack"])
        if not view.enemy_face_up():
            return min(options, key=lambda a: own[int(a.split()[1])]["attack"])
        return None

    def _before_ending(self, view: _View, legal: dict) -> str | None:
        """Defensive cards that last into the opponents' turns."""
        for action_id in legal:
            if action_id.startswith("play ") and _card(action_id).guards and view.threatened():
                return action_id
        return None

    def _attack_target(self, view: _View, legal: dict) -> str:
        actor = view.card_at(view.obs["pending"]["actor"])
        return max(
            (a for a in legal if a.startswith("target ")),
            key=lambda a: view.attack_value(actor, view.card_at(a.split()[1])),
        )

    def _scout_target(self, view: _View, legal: dict) -> str:
        return self.rng.choice(sorted(legal))

    def _event_target(self, view: _View, legal: dict) -> str:
        card = card_set().event(view.obs["pending"]["card"])
        refs = [a.split()[1] for a in legal]

        def worth(ref: str) -> float:
            info = view.card_at(ref)
            return 0.0 if info["card"] is None else card.worth(info)

        return "target " + max(refs, key=worth)

    def _counter(self, view: _View, legal: dict) -> str:
        return "counter"  # G4-5.3 optional, but it never costs anything

    def _window(self, view: _View, legal: dict) -> str:
        roll = view.obs["roll"]
        need = view.roll_need(roll)
        total = roll["die"] + roll["modifier"]
        mine = roll["roller"] == view.seat
        for action_id in sorted(
            legal, key=lambda a: abs(_card(a).roll_change) if a != "pass" else 99
        ):
            if action_id == "pass":
                continue
            changed = total + _card(action_id).roll_change
            if mine and total < need <= changed:
                return action_id
            if not mine and changed < need <= total:
                return action_id
        return "pass"

    def _trim(self, view: _View, legal: dict) -> str:
        for action_id in legal:
            if action_id.startswith("play ") and _card(action_id).eager:
                return action_id
        discards = [a for a in legal if a.startswith("discard ")]
        return min(discards, key=lambda a: _card(a).keep)


@cache  # a playout asks at nearly every step
def _chance(difference: int, auto6: bool) -> float:
    """`attack_chance` as a float."""
    return float(attack_chance(difference, 0, auto6))


@cache
def _card(action_id: str) -> EventCard:
    """The event card an action id names ("play <card> ...", "discard <card>")."""
    return card_set().event(action_id.split()[1])


class _View:
    """Reads the observation: positions, known values and exact attack odds."""

    def __init__(self, obs: dict, seat: int) -> None:
        self.obs, self.seat = obs, seat
        self.auto6 = obs["options"]["auto_success_at_6"]

    def row(self, seat: int) -> list[dict]:
        return self.obs["seats"][seat]["characters"]

    def card_at(self, ref: str) -> dict:
        seat, slot = ref.split(".")
        return self.row(int(seat))[int(slot)]

    def enemies(self):
        for entry in self.obs["seats"]:
            if entry["seat"] != self.seat and entry["alive"]:
                yield from entry["characters"]

    def enemy_face_up(self) -> list[dict]:
        return [c for c in self.enemies() if c["face_up"]]

    def attack_value(self, actor: dict, target: dict, attack_bonus=0, defence_bonus=0) -> float:
        """Expected points: win the target's points, risk our attacker to a counter."""
        attack = actor["attack"] + attack_bonus
        defence = max(0, target["defence"] + defence_bonus)
        if attack <= defence:
            return -1.0
        p = _chance(attack - defence, self.auto6)
        value = p * target["card"]["points"]
        if not target["sideways"] and target["attack"] > actor["defence"]:
            counter = _chance(target["attack"] - actor["defence"], self.auto6)
            value -= (1 - p) * counter * actor["card"]["points"]
        if not actor["face_up"]:
            value -= 0.3  # revealing our own card tells everyone what it is
        return value

    def best_attack(self, legal: dict, attack_bonus=0, defence_bonus=0) -> tuple[float, int]:
        best = (-1.0, -1)
        targets = self.enemy_face_up()
        for actor in self.row(self.seat):
            if actor["sideways"] or actor["card"] is None:
                continue
            if attack_bonus == 0 and defence_bonus == 0 and f"attack {actor['slot']}" not in legal:
                continue
            for target in targets:
                value = self.attack_value(actor, target, attack_bonus, defence_bonus)
                best = max(best, (value, actor["slot"]))
        return best

    def threatened(self) -> bool:
        attacks = [c["attack"] for c in self.enemy_face_up()]
        strongest = max(attacks, default=0)
        return any(c["face_up"] and c["defence"] < strongest for c in self.row(self.seat))

    def roll_need(self, roll: dict) -> int:
        if roll["kind"] == "scout":
            return SCOUT_NEEDS
        difference = self.card_at(roll["actor"])["attack"] - self.card_at(roll["target"])["defence"]
        if difference >= 6 and self.auto6:
            return -99  # succeeds whatever the die shows
        return needed_roll(difference)
