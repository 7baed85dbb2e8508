"""A heuristic Precious Memories player. It decides from its seat's observation and
the legal actions only (card definitions are public), following the play advice of
PM-3: it pays with idle point cards and spare hand cards first (PM-2.2), approaches
when no obstructor can beat it for free (PM-3.1), obstructs to win, to trade up
(PM-3.2) or to stop a point with a high DP (PM-3.3), keeps its events for the
approach phase and plays one when that changes who exits (PM-3.4), keeps cards in
hand (PM-3.5), and presses on when the opponent is one point from losing (PM-3.6)
rather than aiming at close games (PM-3.0)."""

from __future__ import annotations

import math

from tcglab.engine.actions import Action
from tcglab.engine.decision import Decision
from tcglab.games.pm.cards import Card, card_set


class PMAgent:
    name = "pm-heuristic"

    @staticmethod
    def value(view: dict) -> list[float]:
        """Each seat's chance to win, estimated from the public view: points taken
        towards seven (PM-1.1.1), then the strength of the main area and the hand; used
        to score unfinished search playouts."""
        lead = 0.0
        for seat, sign in ((0, 1), (1, -1)):
            side = view["seats"][seat]
            board = sum((v["ap"] or 0) + (v["dp"] or 0) for v in side["main"]) / 100
            lead += sign * (-0.7 * len(side["points"]) + 0.5 * board + 0.1 * side["hand_size"])
        p = 1 / (1 + math.exp(-lead))
        return [p, 1 - p]

    def __init__(self, seed: int = 0) -> None:
        # Deterministic: the seed is accepted like every agent's, and not needed.
        self.cards = card_set()

    def card(self, card_id: str) -> Card:
        return self.cards.cards[self.cards.index(card_id)]

    def choose(self, decision: Decision) -> Action:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        obs = decision.observation
        chooser = getattr(self, "_" + (obs["step"] or ""), None)
        by_id = {a.id: a for a in legal}
        picked = chooser(obs, decision.seat, by_id) if chooser else None
        return by_id.get(picked) or legal[0]

    # -- reading the observation ------------------------------------------------------

    @staticmethod
    def side(obs: dict, seat: int) -> dict:
        return obs["seats"][seat]

    @staticmethod
    def at(obs: dict, ref: str) -> dict:
        seat, place = ref.split(".")
        side = obs["seats"][int(seat[1:]) - 1]
        zone = side["main"] if place[0] == "M" else side["support"]
        return zone[int(place[1:]) - 1]

    def usefulness(self, obs: dict, seat: int, card_id: str) -> int:
        """How much a card in hand is worth keeping (higher: keep)."""
        card = self.card(card_id)
        names_on_field = {
            v["name"] for v in self.side(obs, seat)["main"] + self.side(obs, seat)["support"]
        }
        if card.kind == "character":
            if not card.names.isdisjoint(names_on_field):
                return 0
            return 2 + card.cost + (card.ap or 0) // 20
        if card.kind == "event" and card.text.phase == "approach":
            return 6
        return 3

    # -- decisions ----------------------------------------------------------------------

    def _redraw(self, obs, seat, legal):
        cheap = [c for c in obs["hand"] if self.card(c).is_character and self.card(c).cost <= 3]
        return "keep" if len(cheap) >= 2 else "redraw"

    def _pay(self, obs, seat, legal):
        left = obs["paying"]["left"]
        flips = [a for a in legal if a.startswith("flip")]
        if flips:
            return flips[0]

        def key(action_id):
            card_id = action_id.split(" ")[1]
            waste = max(self.card(card_id).source - left, 0)
            return (self.usefulness(obs, seat, card_id), waste)

        return min(legal, key=key)

    def _trim(self, obs, seat, legal):
        return min(legal, key=lambda a: self.usefulness(obs, seat, a.split(" ")[1]))

    def _place(self, obs, seat, legal):
        if "main" in legal:
            return "main"
        main = self.side(obs, seat)["main"]
        weakest = min(range(len(main)), key=lambda n: main[n]["ap"] + main[n]["dp"])
        return f"main over M{weakest + 1}"

    def _attach(self, obs, seat, legal):
        return self._best_own(obs, seat, legal)

    def _best_own(self, obs, seat, legal):
        def strength(action_id):
            view = self.at(obs, action_id.split(" ")[1])
            return (view["ap"] or 0) + (view["dp"] or 0) + (0 if view["rested"] else 5)

        return max(legal, key=strength)

    def _target(self, obs, seat, legal):
        mine = [a for a in legal if a.startswith(f"target p{seat + 1}.")]
        if mine:
            return self._best_own(obs, seat, mine)
        return self._best_own(obs, seat, legal)  # the opponent's strongest

    def _break(self, obs, seat, legal):
        return "break"

    def _interrupt(self, obs, seat, legal):
        plays = [a for a in legal if a.startswith("play")]
        return plays[0] if plays else "allow"

    def _approach_declare(self, obs, seat, legal):
        opp = self.side(obs, 1 - seat)
        blockers = [v for v in opp["main"] if not v["rested"]]
        pressing = len(opp["points"]) >= 6
        guards = [v for v in self.side(obs, seat)["main"] if not v["rested"]]
        if len(guards) <= 1 and len(self.side(obs, seat)["points"]) >= 4 and not pressing:
            return "end"  # keep one defender when points are running out (PM-3.1)
        best, best_ap = "end", -1
        for action_id in legal:
            if not action_id.startswith(("approach", "link")):
                continue
            refs = action_id.split(" ")[1].split("+")
            views = [self.at(obs, f"p{seat + 1}.{r}") for r in refs]
            ap = sum(v["ap"] for v in views)
            dp = min(v["dp"] for v in views)
            punished = any(b["ap"] >= dp and b["dp"] > ap for b in blockers)
            if (pressing or not punished) and ap > best_ap:
                best, best_ap = action_id, ap
        return best

    def _obstruct(self, obs, seat, legal):
        attackers = [self.at(obs, r) for r in obs["approach"]]
        if not attackers:
            return "let through"
        ap = sum(a["ap"] for a in attackers)
        weakest = min(attackers, key=lambda a: a["dp"])
        scored = []
        for action_id in legal:
            if action_id == "let through":
                continue
            view = self.at(obs, f"p{seat + 1}.{action_id.split(' ')[1]}")
            kills = view["ap"] >= weakest["dp"]
            survives = view["dp"] > ap
            if kills and survives:
                scored.append((3, -view["cost"], action_id))
            elif kills and view["cost"] <= max(a["cost"] for a in attackers):
                scored.append((2, -view["cost"], action_id))
            elif survives:
                scored.append((1, -view["cost"], action_id))
            elif len(self.side(obs, seat)["points"]) >= 5:
                scored.append((0, -view["cost"], action_id))
        return max(scored)[2] if scored else "let through"

    def _allocate(self, obs, seat, legal):
        attackers = [self.at(obs, r) for r in obs["approach"]]

        def kills(action_id):
            parts = [int(p) for p in action_id.split(" ")[1].split("/")]
            gone = [a for a, blow in zip(attackers, parts, strict=True) if blow >= a["dp"]]
            return (len(gone), sum(a["cost"] for a in gone))

        return max(legal, key=kills)

    def _window(self, obs, seat, legal):
        if obs["phase"] == "approach":
            return self._approach_window(obs, seat, legal)
        if obs["current"] != seat:
            return "pass"
        plays = [a for a in legal if a.startswith("play")]
        characters = [a for a in plays if self.card(a.split(" ")[1]).is_character]
        if characters:
            return max(characters, key=lambda a: self._character_value(a.split(" ")[1]))
        for action_id in plays:
            card = self.card(action_id.split(" ")[1])
            if card.kind == "support" and self.side(obs, seat)["main"]:
                return action_id
            if card.kind == "event" and self._main_event_worth(obs, seat, card):
                return action_id
        uses = [a for a in legal if a.startswith("use")]
        return uses[0] if uses and obs["seats"][seat]["hand_size"] >= 3 else "pass"

    def _character_value(self, card_id: str) -> int:
        card = self.card(card_id)
        return (card.ap or 0) + (card.dp or 0) + 10 * card.active

    def _main_event_worth(self, obs, seat, card: Card) -> bool:
        hand = [self.card(c) for c in obs["hand"]]
        return card.text.effect.main_worth(obs, seat, hand)

    def _approach_window(self, obs, seat, legal):
        if not obs["obstructor"] or not obs["approach"]:
            return "pass"
        base = self._outcome(obs, seat, {})
        best, best_gain = "pass", 0
        for action_id in legal:
            if not action_id.startswith("play"):
                continue
            card = self.card(action_id.split(" ")[1])
            gain = self._outcome(obs, seat, {"fx": card.text.effect}) - base
            if gain > best_gain:
                best, best_gain = action_id, gain
        return best

    def _outcome(self, obs, seat, change: dict) -> int:
        """+1 for each enemy participant that would exit, -1 for each of one's own,
        with an effect applied to the strongest fitting participant."""
        attackers = [dict(self.at(obs, r)) for r in obs["approach"]]
        blocker = dict(self.at(obs, obs["obstructor"]))
        mine_attacking = obs["current"] == seat
        fx = change.get("fx")
        if fx is not None:
            own = attackers if mine_attacking else [blocker]
            theirs = [blocker] if mine_attacking else attackers
            group = own if fx.target in ("own_in_approach", "self") else theirs
            if fx.target in ("own_in_approach", "opp_in_approach") and group:
                fx.sway(max(group, key=lambda v: v["ap"] + v["dp"]))
        blocker_out = sum(a["ap"] for a in attackers) >= blocker["dp"]
        attackers_out = sum(blocker["ap"] >= a["dp"] for a in attackers[:1])
        score = int(blocker_out) - attackers_out
        return score if mine_attacking else -score
