"""Higurashi positions as scenario files (the kernel's `ScenarioFormat`): the
`[position]` table read into a state (`reading.py`) and written back out (`writing.py`),
the zones and values expectations check, and the `scenario` capability. The format is
in docs/scenarios/higurashi.md."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tcglab.engine.capabilities import Capability
from tcglab.engine.scenario import Fields, ScenarioFormat
from tcglab.games.higurashi.combat import SCOUT_NEEDS, needed_roll
from tcglab.games.higurashi.scenario import reading, writing
from tcglab.games.higurashi.scenario.terms import POINTS, PURPOSES, known_seats, seat_key

if TYPE_CHECKING:
    from tcglab.games.higurashi.state import HigurashiState


class HigurashiScenario(ScenarioFormat):
    points = POINTS
    purposes = PURPOSES
    results = dict.fromkeys(PURPOSES, (1, 6))  # every forced draw is a six-sided die
    rule_prefix = "G4"

    def build(self, game, position: Fields, *, seed: int, options: dict, players: int):
        return reading.build(game, position, seed=seed, options=options, players=players)

    def export(self, state: HigurashiState) -> dict:
        return writing.export(state)

    def zones(self, state: HigurashiState) -> dict[str, list[str]]:
        """Rows in slot order, hands sorted, captured piles in the order taken, the
        shared piles top first, and each character's equipment."""
        st = state
        chars, events = st.char, st.event_card
        zones = {}
        for seat in range(st.players):
            key = seat_key(seat)
            zones[f"{key}.row"] = [chars(i).id for i in st.rows[seat]]
            zones[f"{key}.hand"] = sorted(events(e).id for e in st.hands[seat])
            zones[f"{key}.captured"] = [chars(i).id for i in st.captured[seat]]
        zones["deck"] = [events(e).id for e in reversed(st.event_deck)]
        zones["discard"] = [events(e).id for e in reversed(st.discard)]
        zones["pile"] = [chars(i).id for i in reversed(st.char_pile)]
        for row in st.rows:
            for i in row:
                zones[f"{chars(i).id}.equipment"] = sorted(
                    events(e).id for e, on in st.attached.items() if on == i
                )
        return zones

    def out(self, state: HigurashiState, seat: int) -> bool:
        """G4-2.7 a player with no characters left is out while the others play on."""
        return not state.alive[seat]

    def values(self, state: HigurashiState) -> dict[str, Any]:
        st = state
        values: dict[str, Any] = {
            "turn": st.turn,
            "round": st.round,
            "active": seat_key(st.current),
            "deck": len(st.event_deck),
            "discard": len(st.discard),
            "pile": len(st.char_pile),
        }
        for seat in range(st.players):
            key = seat_key(seat)
            captured = sum(st.char(i).points for i in st.captured[seat])
            standing = sum(st.char(i).points for i in st.rows[seat])
            values[f"{key}.out"] = not st.alive[seat]
            values[f"{key}.characters"] = len(st.rows[seat])
            values[f"{key}.hand"] = len(st.hands[seat])
            values[f"{key}.captured_points"] = captured
            values[f"{key}.score"] = (
                st.result.scores[seat] if st.result else captured + standing * st.alive[seat]
            )
            values[f"{key}.bonus"] = st.bonus(seat)
        for row in st.rows:
            for i in row:
                card = st.char(i).id
                values[f"{card}.attack"] = st.attack(i)
                values[f"{card}.defence"] = st.defence(i)
                values[f"{card}.face_up"] = st.up[i]
                values[f"{card}.sideways"] = st.side[i]
                values[f"{card}.owner"] = seat_key(st.owner[i])
                values[f"{card}.slot"] = st.rows[st.owner[i]].index(i) + 1
                values[f"{card}.known_by"] = known_seats(st.known[i], st.players)
        if st.roll is not None:
            kind, _, actor, target, die, modifier = st.roll
            difference = st.attack(actor) - st.defence(target)
            values["roll.kind"], values["roll.die"] = kind, die
            values["roll.modifier"], values["roll.total"] = modifier, die + modifier
            values["roll.needed"] = SCOUT_NEEDS if kind == "scout" else needed_roll(difference)
        return values


SCENARIO = HigurashiScenario()

CAPABILITY = Capability(
    "scenario",
    "scenario files",
    "Positions as TOML files: rows, hands and piles by card id, who knows which "
    "face-down card, the step under way, forced dice, and checks of what follows.",
    SCENARIO,
    title_ja="シナリオファイル",
    summary_ja="局面をTOMLで書いたファイル：列・手札・山札をカードIDで、裏向きのカードを"
    "誰が知っているか、進行中の手順、出目の指定、その後に成り立つべきことを書きます。",
)
