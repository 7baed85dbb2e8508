"""A heuristic Pretty Good Tactics player. It sees only a Decision (its seat, the legal
actions and its observation) and chooses dice counts and targets by exact odds."""

from __future__ import annotations

import math
from functools import cache

from tcglab.engine.actions import Action
from tcglab.engine.decision import Decision
from tcglab.engine.rng import Rng
from tcglab.games.pgt import parts
from tcglab.games.pgt.cards import card_set
from tcglab.games.pgt.dice import DiceExpr, best_dice, roll_value, success_probability
from tcglab.games.pgt.notation import parse_ability
from tcglab.games.pgt.parts import Situation

GUESSED_DEFENCE = 6  # a face-down enemy is likely to be turned up with about this much


@cache
def ability(text: str):
    return parse_ability(text)


def best_odds(dice: int, mod: int, target: int) -> float:
    dice = max(1, dice)
    k = best_dice(DiceExpr(dice, mod), target)
    return float(success_probability(k, mod, target))


def card_value(card: dict) -> float:
    """How much a card adds to a party: what its abilities' parts are worth (its attack
    most) plus its defences, per point of score."""
    value = (card["pdef"] + card["mdef"]) / 2
    for text in card["abilities"]:
        value += parts.value(ability(text))
    return value / (card["score"] + 1)


def best_pick(pack: list[dict]) -> str:
    """The id of the card worth most to a party per point of score (ties: highest id)."""
    return max(pack, key=lambda info: (card_value(info), info["id"]))["id"]


def _even_chance(need_a: int, need_b: int) -> float:
    """The chance to win `need_a` games before the opponent wins `need_b`, at evens."""
    if need_a == 0 or need_b == 0:
        return 1.0 if need_a == 0 else 0.0
    return (_even_chance(need_a - 1, need_b) + _even_chance(need_a, need_b - 1)) / 2


def match_chance(wins: list[int], p: float) -> float:
    """The first player's chance to take a best-of-three (PGT-5.3) from `wins`, winning
    the game in progress with chance p and each later game at evens."""
    need_a, need_b = 2 - wins[0], 2 - wins[1]
    return p * _even_chance(need_a - 1, need_b) + (1 - p) * _even_chance(need_a, need_b - 1)


def tournament_value(view: dict, game_value) -> list[float]:
    """Each seat's chance to win a draft tournament: nothing once knocked out, even
    among those still in, except that the two players of the match in progress split
    their shares by their chances to take the match."""
    players = view["players"]
    matches = [m for matches in view["rounds"] for m in matches if "winner" in m]
    out = {sum(m["players"]) - m["winner"] for m in matches}
    alive = [s for s in range(players) if s not in out]
    share = [1 / len(alive) if s in alive else 0.0 for s in range(players)]
    match = view["match"]
    if match is not None and view["result"] is None:
        a, b = match["players"]
        p = match_chance(match["wins"], game_value(match["view"])[0])
        pot = share[a] + share[b]
        share[a], share[b] = pot * p, pot * (1 - p)
    return share


class PgtAgent:
    name = "pgt-heuristic"

    @staticmethod
    def value(view: dict) -> list[float]:
        """Each seat's chance to win, estimated from the public view: the score race to
        10 (PGT-5.1) and the characters left on the field (PGT-5.2); used to score
        unfinished search playouts. At a draft table, the chance to win the tournament."""
        if view.get("format") == "draft":
            return tournament_value(view, PgtAgent.value)
        lead = 0.0
        for seat, sign in ((0, 1), (1, -1)):
            side = view["sides"][seat]
            on_field = sum(c is not None for c in side["field"].values())
            lead += sign * (side["score"] + 0.4 * on_field)
        p = 1 / (1 + math.exp(-lead / 2))
        return [p, 1 - p]

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, decision: Decision) -> Action:
        legal = decision.legal
        ids = {a.id: a for a in legal}
        obs, seat = decision.observation, decision.seat
        if obs.get("format") == "draft":  # a draft table: pick, or play its game
            if obs["phase"] == "draft":
                return ids["pick " + best_pick([card_set().card(i).info for i in obs["pack"]])]
            obs, seat = obs["match"]["view"], obs["match"]["local_seat"]
        step = obs["step"]
        chooser = getattr(self, f"_{step}", None)
        choice = chooser(obs, seat, ids) if chooser else None
        if choice in ids:
            return ids[choice]
        for fallback in ("pass", "no guard", "skip", "decline"):
            if fallback in ids:
                return ids[fallback]
        return legal[0]

    # -- reading the observation ---------------------------------------------------

    @staticmethod
    def _side(obs: dict, seat: int) -> dict:
        return obs["sides"][seat]["field"]

    @staticmethod
    def _defence(char: dict | None, mode: str) -> int:
        if char is None:
            return 99
        if char["face_up"]:
            return char["pdef"] if mode == "P" else char["mdef"]
        if char["card"] is not None:
            return char["card"]["pdef" if mode == "P" else "mdef"]
        return GUESSED_DEFENCE

    def _char(self, obs: dict, ref: str | None) -> dict | None:
        if not ref:
            return None
        seat, slot = ref.split(".")
        return obs["sides"][int(seat[1:]) - 1]["field"][slot]

    # -- formation ------------------------------------------------------------------

    def _form(self, obs, seat, ids):
        hand = {c["id"]: c for c in obs["hand"]}
        forming = obs["forming"] or []
        free = sorted(i for i in hand if i not in forming)
        field = self._side(obs, seat)
        # "keep S" names a character by the slot it stood in: once the new party has
        # filled that slot, the character waits for a place under its old slot's name.
        waiting = obs["sides"][seat]["waiting"]
        best, best_value = "empty", 0.5
        for action_id in ids:
            verb, _, arg = action_id.partition(" ")
            if verb == "put":
                card = hand[free[int(arg[1:]) - 1]]
            elif verb == "keep":
                char = waiting.get(arg) or field.get(arg)
                if char is None or char["card"] is None:
                    continue
                card = char["card"]
            else:
                continue
            value = card_value(card)
            if value > best_value:
                best, best_value = action_id, value
        return best

    # -- attacking ------------------------------------------------------------------

    def _combat(self, obs, seat, ids):
        best, best_value = "no attack", 0.05
        mine = self._side(obs, seat)
        enemy = self._side(obs, 1 - seat)
        for action_id in ids:
            if not action_id.startswith("attack"):
                continue
            _, slot, number = action_id.split(" ")
            ab = ability(mine[slot]["card"]["abilities"][int(number) - 1])
            row = 0 if slot[0] == "F" else 1
            for target_slot, char in enemy.items():
                if char is None or row + 1 + (target_slot[0] == "B") > ab.range:
                    continue
                value = self._strike_value(ab, char)
                if value > best_value:
                    best, best_value = action_id, value
        return best

    def _strike_value(self, ab, char: dict) -> float:
        s = ab.strike
        p = best_odds(s.dice, s.modifier, self._defence(char, s.mode))
        score = char["card"]["score"] if char["card"] else 2
        return p * (score + 0.5)

    def _target(self, obs, seat, ids):
        proc = obs["procs"][-1]
        if proc["ability"] is None:
            return None
        ab = ability(proc["ability"])
        choices = [i for i in ids if i.startswith("target")]
        if ab.strike:
            return max(choices, key=lambda i: self._strike_value(ab, self._char(obs, i[7:])))
        return choices[0] if choices else "done"

    def _dice(self, obs, seat, ids):
        proc = obs["procs"][-1]
        target = self._char(obs, next((t for t in proc["targets"] if t), None))
        defence = self._defence(target, proc["mode"]) if target else GUESSED_DEFENCE
        k = best_dice(DiceExpr(proc["dice"], proc["mod"]), defence)
        return f"roll {k}"

    # -- defending ------------------------------------------------------------------

    def _guard(self, obs, seat, ids):
        proc = obs["procs"][-1]
        mine = self._side(obs, seat)
        best, best_gain = "no guard", 0.0
        for action_id in ids:
            if not action_id.startswith("guard "):
                continue
            _, g, t = action_id.split(" ")
            guard, target = mine[g], mine[t]
            gain = self._defence(guard, proc["mode"]) - self._defence(target, proc["mode"])
            gain += (target["card"]["score"] - guard["card"]["score"]) * 2
            if gain > best_gain:
                best, best_gain = action_id, gain
        return best

    def _innocence(self, obs, seat, ids):
        return "innocence"

    def _counter(self, obs, seat, ids):
        return "counter"

    def _r_use(self, obs, seat, ids):
        return next((i for i in ids if i.startswith("use")), "skip")

    # -- activation windows -----------------------------------------------------------

    def _win(self, obs, seat, ids):
        procs = obs["procs"]
        mine = self._side(obs, seat)
        for action_id in ids:
            verb, _, slot = action_id.partition(" ")
            if verb == "flip" and self._should_flip(obs, seat, slot, procs):
                return action_id
            if verb == "use" and self._should_use(obs, seat, mine, action_id, procs):
                return action_id
        return "pass"

    def _should_flip(self, obs, seat, slot, procs) -> bool:
        ref = f"P{seat + 1}.{slot}"
        char = self._side(obs, seat)[slot]
        for p in procs:
            if p["seat"] != seat and ref in p["targets"] and p["value"] is not None:
                return True  # PGT-14.2.9 show the real defence against a rolled check
        if procs or obs["turn_player"] != seat:
            return False
        return any(ability(t).is_attack for t in char["card"]["abilities"])

    def _should_use(self, obs, seat, mine, action_id, procs) -> bool:
        """Whether the ability's parts say it is worth using now."""
        _, slot, number = action_id.split(" ")
        ab = ability(mine[slot]["card"]["abilities"][int(number) - 1])
        seen = Situation(seat, procs, obs["turn_player"] == seat, lambda p: self._hits(obs, p))
        return parts.worth(ab, seen)

    def _hits(self, obs, p) -> bool | None:
        """Whether a rolled check beats its first target's defence as this seat sees it."""
        target = self._char(obs, next((t for t in p["targets"] if t), None))
        if p["faces"] is None or target is None:
            return None
        return roll_value(p["faces"], p["mod"]) >= self._defence(target, p["mode"])
