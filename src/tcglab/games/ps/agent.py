"""A heuristic Princess Scramble player: sensible choices read from its own
observation and the legal actions only, never the true state."""

from __future__ import annotations

import math

from tcglab.engine.actions import Action
from tcglab.engine.decision import Decision
from tcglab.engine.rng import Rng
from tcglab.games.ps.cards import parse_sense

PLAYER_LIFE = 10
INSTANT = {"burn", "draw", "heal", "strike", "revive"}


def hit(striker: dict, target: dict) -> int:
    """Battle damage of one character on another, as PS-9.5.1 works it out."""
    base = striker["card"]["technique"]
    bonus = striker["technique_bonus"] - target["guard"]
    return parse_sense(target["sense"]).apply(base, bonus)


def left(unit: dict) -> int:
    return unit["life"] - unit["damage"]


def worth(unit: dict) -> int:
    return unit["technique"] + left(unit) + unit["card"]["level"]


class PSAgent:
    name = "ps-heuristic"

    @staticmethod
    def value(view: dict) -> list[float]:
        """Each seat's chance to win, estimated from the public view: damage taken
        against player life (PS-2.1), then the characters in play and the hand; used to
        score unfinished search playouts."""
        lead = 0.0
        for seat, sign in ((0, 1), (1, -1)):
            side = view["seats"][seat]
            board = sum(left(u) + u["technique"] for u in side["characters"])
            lead += sign * (-0.5 * side["damage"] + 0.12 * board + 0.1 * side["hand_size"])
        p = 1 / (1 + math.exp(-lead))
        return [p, 1 - p]

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, decision: Decision) -> Action:
        obs, legal = decision.observation, decision.legal
        by_id = {a.id: a for a in legal}
        step = obs["step"]
        chooser = getattr(self, f"_{step}", None)
        pick = chooser(obs, decision.seat, by_id) if chooser else None
        if pick in by_id:
            return by_id[pick]
        for fallback in ("pass", "done", "end", "keep"):
            if fallback in by_id:
                return by_id[fallback]
        return self.rng.choice(legal)

    # -- the table as this seat sees it ---------------------------------------------

    @staticmethod
    def _sides(obs: dict, seat: int) -> tuple[dict, dict]:
        return obs["seats"][seat], obs["seats"][1 - seat]

    # -- decisions --------------------------------------------------------------------

    def _mulligan(self, obs, seat, by_id):
        cheap = [c for c in obs["hand"] if c["kind"] == "character" and c["level"] <= 2]
        return "keep" if cheap else "mulligan"

    def _main(self, obs, seat, by_id):
        me, foe = self._sides(obs, seat)
        energy = [i for i in by_id if i.startswith("energy")]
        if energy and (me["deck"] > 6 or me["energy"] < 3):
            return self._energy_choice(obs, energy)
        placed = self._best_character(obs, by_id)
        if placed:
            return placed
        for action_id in by_id:
            if action_id.startswith("play ") and self._event_worth(obs, seat, action_id, "main"):
                return action_id
        for action_id in by_id:
            if action_id.startswith("use ") and self._ability_worth(obs, seat, action_id):
                return action_id
        return self._attack_choice(me, foe, by_id) or "end"

    def _energy_choice(self, obs, energy):
        if energy == ["energy"]:
            return "energy"
        hand = obs["hand"]
        # the card in hand least likely to be played soon: the most expensive one
        position = max(range(len(hand)), key=lambda i: (hand[i]["level"], i))
        return f"energy {position + 1}"

    def _best_character(self, obs, by_id):
        me = obs["seats"][obs["seat"]]
        works = [u["card"]["work"] for u in me["characters"]]
        best, score = None, -1
        for card in obs["hand"]:
            action_id = f"play {card['id']}"
            if card["kind"] != "character" or action_id not in by_id:
                continue
            value = (
                card["technique"] + card["life"] + 2 * card["level"] + 2 * works.count(card["work"])
            )
            if value > score:
                best, score = action_id, value
        return best

    def _card_of(self, obs, action_id):
        card_id = action_id.split(" ", 1)[1]
        return next(c for c in obs["hand"] if c["id"] == card_id)

    def _event_worth(self, obs, seat, action_id, moment):
        card = self._card_of(obs, action_id)
        if card["kind"] != "event":
            return False
        return self._effect_worth(obs, seat, card["effect"], card.get("amount", 0), moment)

    def _effect_worth(self, obs, seat, effect, amount, moment):
        me, foe = self._sides(obs, seat)
        mine, theirs = me["characters"], foe["characters"]
        battle = obs["battle"]
        if effect in ("burn", "draw", "revive"):
            return effect != "draw" or me["deck"] > 5
        if effect == "heal":
            return any(u["damage"] for u in mine)
        if effect == "strike":
            return any(left(u) <= amount for u in theirs) or moment == "end"
        if effect == "tire":
            return moment == "main" and any(not u["exhausted"] for u in theirs)
        if effect == "ready":
            return moment == "main" and any(u["exhausted"] and not u["sick"] for u in mine)
        if moment == "battle" and battle is not None:
            attacking = obs["current"] == seat
            return effect in (("boost", "rally") if attacking else ("shield", "weaken"))
        if effect in ("boost", "rally"):
            return moment == "main" and sum(not u["exhausted"] and not u["sick"] for u in mine) >= 1
        if effect in ("shield", "weaken"):
            return moment == "main" and bool(theirs) and bool(mine)
        return False

    def _ability_worth(self, obs, seat, action_id):
        me = obs["seats"][seat]
        unit = me["characters"][int(action_id.split(" ")[1]) - 1]
        ability = unit["card"]["ability"]
        moment = "battle" if obs["step"] == "window" and obs["battle"] else "main"
        if obs["step"] == "window" and not obs["battle"]:
            moment = "end"
        if ability["cost"] == "exhaust" and moment == "main" and unit["technique"] >= 3:
            return ability["effect"] in ("burn", "strike", "rally")
        return self._effect_worth(obs, seat, ability["effect"], ability["amount"], moment)

    def _attack_choice(self, me, foe, by_id):
        defenders = [u for u in foe["characters"] if not u["exhausted"]]
        best, score = None, None
        for action_id in by_id:
            if not action_id.startswith("attack "):
                continue
            unit = me["characters"][int(action_id.split(" ")[1]) - 1]
            if not defenders:
                value = unit["technique"] + 100
            else:
                danger = sum(hit(d, unit) for d in defenders)
                kills = any(hit(unit, d) >= left(d) for d in defenders)
                if danger >= left(unit) and not kills and foe["damage"] + unit["technique"] < 8:
                    continue
                value = unit["technique"] + (5 if kills else 0) - danger
            if score is None or value > score:
                best, score = action_id, value
        return best

    def _defend(self, obs, seat, by_id):
        me, foe = self._sides(obs, seat)
        attacker = foe["characters"][obs["battle"]["attacker"] - 1]
        chosen = {me["characters"][s - 1]["slot"] for s in obs["battle"]["defenders"] if s}
        candidates = [
            me["characters"][int(a.split(" ")[1]) - 1] for a in by_id if a.startswith("defend ")
        ]
        if not candidates:
            return "done"
        lethal = me["damage"] + attacker["technique"] >= PLAYER_LIFE
        strikes = sum(hit(u, attacker) for u in candidates)
        kills = strikes >= left(attacker)
        for unit in sorted(candidates, key=worth, reverse=True):
            survives = hit(attacker, unit) < left(unit)
            if lethal or survives or (kills and attacker["technique"] >= 3) or chosen:
                return f"defend {unit['slot']}"
        return "done"

    def _pick_target(self, obs, seat, by_id):
        me, foe = self._sides(obs, seat)
        attacker = me["characters"][obs["battle"]["attacker"] - 1]
        best, score = None, None
        for action_id in by_id:
            arg = action_id.split(" ")[1]
            if arg == "player":
                value = attacker["technique"]
            else:
                unit = foe["characters"][int(arg) - 1]
                dmg = hit(attacker, unit)
                value = (worth(unit) + 3) if dmg >= left(unit) else dmg - left(unit)
            if score is None or value > score:
                best, score = action_id, value
        return best

    def _target(self, obs, seat, by_id):
        pending = obs["pending"]
        side = obs["seats"][pending["side"]]
        own = pending["side"] == seat

        def value(action_id):
            unit = side["characters"][int(action_id.split(" ")[1]) - 1]
            if own:
                return unit["damage"] * 3 + unit["technique"] - unit["exhausted"]
            if pending["effect"] == "strike" and left(unit) <= pending["amount"]:
                return 100 + worth(unit)
            return unit["technique"] * 2 - left(unit)

        return max((a for a in by_id if a.startswith("target ")), key=value)

    def _window(self, obs, seat, by_id):
        moment = "battle" if obs["battle"] else "end"
        for action_id in by_id:
            if action_id.startswith("play ") and self._event_worth(obs, seat, action_id, moment):
                return action_id
            if action_id.startswith("use ") and self._ability_worth(obs, seat, action_id):
                return action_id
        return "pass"

    def _trim(self, obs, seat, by_id):
        energy = obs["seats"][seat]["energy"]

        def keep(card):
            affordable = card["level"] <= energy + 1
            kind = 3 if card["kind"] == "character" else 1
            return (affordable, kind, card.get("technique", 0) + card["level"])

        card = min(obs["hand"], key=keep)
        return f"discard {card['id']}"
