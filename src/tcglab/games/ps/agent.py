"""A heuristic Princess Scramble player: sensible choices read from its own
observation and the legal actions only, never the true state."""

from __future__ import annotations

import math

from tcglab.engine.actions import Action
from tcglab.engine.decision import Decision
from tcglab.engine.rng import Rng
from tcglab.games.ps.cards import parse_sense
from tcglab.games.ps.parts import PARTS, Seen, left, worth
from tcglab.games.ps.zones import PLAYER_LIFE


def hit(striker: dict, target: dict) -> int:
    """Battle damage of one character on another, as PS-9.5.1 works it out."""
    base = striker["card"]["technique"]
    bonus = striker["technique_bonus"] - target["guard"]
    return parse_sense(target["sense"]).apply(base, bonus)


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
        return self._parts_worth(obs, seat, card["effects"], moment)

    @staticmethod
    def _parts(effects: list[dict]):
        """The parts of a card face's effect, rebuilt from their parameters."""
        return [PARTS[e["effect"]](e["amount"], e["duration"]) for e in effects]

    def _seen(self, obs, seat, moment) -> Seen:
        me, foe = self._sides(obs, seat)
        attacking = moment == "battle" and obs["battle"] is not None and obs["current"] == seat
        return Seen(me, foe, moment, attacking)

    def _parts_worth(self, obs, seat, effects, moment):
        seen = self._seen(obs, seat, moment)
        return any(piece.worth(seen) for piece in self._parts(effects))

    def _ability_worth(self, obs, seat, action_id):
        me = obs["seats"][seat]
        unit = me["characters"][int(action_id.split(" ")[1]) - 1]
        ability = unit["card"]["ability"]
        moment = "battle" if obs["step"] == "window" and obs["battle"] else "main"
        if obs["step"] == "window" and not obs["battle"]:
            moment = "end"
        parts = self._parts(ability["effects"])
        if ability["cost"] == "exhaust" and moment == "main" and unit["technique"] >= 3:
            # exhausting a strong attacker costs its battle: only for what beats one
            return any(piece.worth_an_attack for piece in parts)
        return self._parts_worth(obs, seat, ability["effects"], moment)

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
        aimed = PARTS[pending["effect"]](pending["amount"])
        moment = "battle" if obs["battle"] else "main"
        seen = self._seen(obs, seat, moment)

        def value(action_id):
            unit = side["characters"][int(action_id.split(" ")[1]) - 1]
            return aimed.target_value(unit, own, seen)

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
