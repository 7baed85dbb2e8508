"""The Higurashi position value: each seat's chance of being the last one standing,
read from the public (spectator) view by a conditional-logit model.

Every seat still in the game gets a score, the weighted sum of its public features
(`seat_features`); its chance is exp(score) over the sum for all seats still in. With
two players this is a logistic model of the feature differences, which is how the
weights were fitted: to the winners of simulated games between heuristic players
(tools/fit_higurashi_value.py writes `value_weights.py`). Plain Python, no numpy.
"""

from __future__ import annotations

import math
from functools import cache

from tcglab.games.higurashi.combat import attack_chance
from tcglab.games.higurashi.value_weights import WEIGHTS

FEATURES = (
    "characters",  # characters in the row (G4-2.7: none left is out)
    "last_one",  # exactly one character left: one lost fight from elimination
    "face_down",  # characters whose identity the public does not know
    "attack",  # summed attack of the face-up characters
    "defence",  # summed defence of the face-up characters
    "best_attack",  # the strongest face-up attack (what a threat can reach)
    "ready",  # face-up characters standing upright: they may attack and counter
    "exposed",  # face-up characters some enemy face-up character out-attacks
    "hand",  # event cards in hand
    "captured_points",  # points of characters captured (G4-2.5, G4-7.2)
    "to_move",  # it is this seat's turn: the next roll is its own
    "danger",  # summed over face-up characters: the best chance an enemy attack takes it
    "most_danger",  # the largest of those chances: the character most at risk
    "can_strike",  # upright face-up characters that out-attack some enemy's defence
)


@cache
def _chance(difference: int, auto_success_at_6: bool) -> float:
    """An attack's exact success chance (G4-4.3) as a float; none without a difference."""
    return float(attack_chance(difference, 0, auto_success_at_6)) if difference > 0 else 0.0


def seat_features(view: dict, seat: int) -> list[float]:
    """The public features of one seat, in the order of FEATURES."""
    entry = view["seats"][seat]
    row = entry["characters"]
    known = [c for c in row if c["attack"] is not None and c["face_up"]]
    enemies = [
        c
        for other in view["seats"]
        if other["seat"] != seat and other["alive"]
        for c in other["characters"]
        if c["attack"] is not None and c["face_up"]
    ]
    enemy_best = max((c["attack"] for c in enemies), default=0)
    weakest = min((c["defence"] for c in enemies), default=math.inf)
    auto6 = view["options"]["auto_success_at_6"]
    dangers = [_chance(enemy_best - c["defence"], auto6) for c in known]
    return [
        len(row),
        1.0 if len(row) == 1 else 0.0,
        sum(1 for c in row if c["attack"] is None),
        sum(c["attack"] for c in known),
        sum(c["defence"] for c in known),
        max((c["attack"] for c in known), default=0),
        sum(1 for c in known if not c["sideways"]),
        sum(1 for c in known if c["defence"] < enemy_best),
        entry["hand_size"],
        entry["captured_points"],
        1.0 if view["current"] == seat else 0.0,
        sum(dangers),
        max(dangers, default=0.0),
        sum(1 for c in known if not c["sideways"] and c["attack"] > weakest),
    ]


def score(features: list[float]) -> float:
    return sum(w * f for w, f in zip(WEIGHTS, features, strict=True))


def chances(view: dict) -> list[float]:
    """Each seat's estimated chance to win the game in `view` (a spectator view); a
    seat that is out has none, and a finished game gives its winners their shares."""
    result = view.get("result")
    if result is not None:
        winners = result["winners"]
        return [1 / len(winners) if s in winners else 0.0 for s in range(view["players"])]
    scores = [
        score(seat_features(view, s)) if entry["alive"] and entry["characters"] else None
        for s, entry in enumerate(view["seats"])
    ]
    top = max((x for x in scores if x is not None), default=0.0)
    weights = [0.0 if x is None else math.exp(x - top) for x in scores]
    total = sum(weights) or 1.0
    return [w / total for w in weights]
