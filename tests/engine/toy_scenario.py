"""Dice Race positions as scenario files, to test the scenario kernel without a real
game: each seat's score and boost in hand, the shared deck (top first) and discard,
the turn, whose turn it is and whether the race is over.

```toml
[position]
turn = 4
active = "p2"
at = "choose"
deck = ["ember", "tide"]
[position.p1]
score = 7
hand = ["comet"]
```
"""

from __future__ import annotations

from typing import ClassVar

from toy_game import BOOSTS, COPIES, NOBODY, DiceRace, RaceState, finish

from tcglab.engine import Capability
from tcglab.engine.scenario import ScenarioFormat
from tcglab.engine.scenario_file import seat_key

BOOST_IDS = {boost.id: kind for kind, boost in enumerate(BOOSTS)}
REASONS = ("target", "turn_limit")


class RaceScenario(ScenarioFormat):
    points: ClassVar[dict[str, str]] = {
        "choose": "the seat to move chooses to roll, play its boost or rest",
        "over": "the race is over",
    }
    purposes: ClassVar[dict[str, str]] = {"dice": "the race die of the next rolls, in order"}
    rule_prefix: ClassVar[str] = "TOY"

    def build(self, game, position, *, seed, options, players):
        seats = [seat_key(s) for s in range(players)]
        position.only("turn", "active", "at", "deck", "discard", "reason", *seats)
        st = RaceState(game, seed, players, options)
        free = {kind: [kind * COPIES + c for c in range(COPIES)] for kind in BOOST_IDS.values()}

        def instances(fields, name, most=None):
            found = []
            for card in fields.cards(name, BOOST_IDS, [], most=most):
                if not free[BOOST_IDS[card]]:
                    raise fields.fail(name, f"more than {COPIES} copies of {card}")
                found.append(free[BOOST_IDS[card]].pop(0))
            return found

        for seat, key in enumerate(seats):
            hand = position.table(key, {})
            hand.only("score", "hand")
            st.scores[seat] = hand.number("score", 0, lo=0)
            st.hands[seat] = (instances(hand, "hand", most=1) or [NOBODY])[0]
        st.deck = instances(position, "deck")[::-1]  # the top is drawn from the end
        st.discard = instances(position, "discard")
        st.turn = position.number("turn", lo=0, hi=options["turn_limit"])
        if position.one_of("at", list(self.points)) == "over":
            finish(st, position.one_of("reason", REASONS))
        else:
            st.stack = [("choose", seats.index(position.one_of("active", seats)))]
            st.advance()
        return st

    def export(self, st) -> dict:
        out: dict = {"turn": st.turn}
        if st.over:
            out.update(at="over", reason=st.result.reason)
        else:
            out.update(active=seat_key(st.stack[-1][1]), at="choose")
        out["deck"] = [BOOSTS[st.kinds[i]].id for i in reversed(st.deck)]
        out["discard"] = [BOOSTS[st.kinds[i]].id for i in st.discard]
        for seat in range(st.players):
            boost = st.boost(seat)
            out[seat_key(seat)] = {"score": st.scores[seat], "hand": [boost.id] if boost else []}
        return out

    def zones(self, st) -> dict[str, list[str]]:
        out = {}
        for seat in range(st.players):
            boost = st.boost(seat)
            out[f"{seat_key(seat)}.hand"] = [boost.id] if boost else []
        out["deck"] = [BOOSTS[st.kinds[i]].id for i in reversed(st.deck)]
        out["discard"] = [BOOSTS[st.kinds[i]].id for i in st.discard]
        return out

    def values(self, st) -> dict:
        out = {"turn": st.turn, "deck.size": len(st.deck)}
        for seat in range(st.players):
            out[f"{seat_key(seat)}.score"] = st.scores[seat]
        return out


class ScenarioRace(DiceRace):
    capabilities = (
        Capability(
            name="scenario",
            title="scenario files",
            summary="Dice Race positions as scenario files",
            run=RaceScenario(),
        ),
    )


GAME = ScenarioRace()
