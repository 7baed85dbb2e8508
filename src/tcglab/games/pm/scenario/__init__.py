"""Precious Memories positions as scenario files: the `[position]` table of
docs/scenarios/pm.md, read into a state (reading.py) and written from one
(writing.py), cards and pending steps named as naming.py says."""

from __future__ import annotations

from typing import ClassVar

from tcglab.engine.capabilities import Capability
from tcglab.engine.scenario import Fields, ScenarioFormat
from tcglab.games.pm.scenario import writing
from tcglab.games.pm.scenario.reading import Reader


class PMScenario(ScenarioFormat):
    points: ClassVar[dict[str, str]] = {
        "setup.redraw": "setting up: a player keeps the opening hand or redraws (PM-GAP-1)",
        "start": "the turn begins: the active player draws and activates (PM-1.10.4)",
        "main": "a card-use timing of the main phase, the active player first (PM-1.10.5)",
        "main.pay": "paying a card's cost in the main phase (PM-1.5, PM-1.6)",
        "main.target": "choosing the target of a card or text in the main phase",
        "main.place": "choosing the area a character appears in (PM-GAP-9)",
        "main.attach": "choosing the character a support card is set on (PM-1.7.3)",
        "main.interrupt": "the opponent may interrupt an event (PM-1.8.2)",
        "approach.declare": "the active player declares an approach or ends (PM-1.10.6.1)",
        "approach.timing": "a card-use timing of the approach (PM-1.10.6.2, PM-GAP-4)",
        "approach.interrupt": "the opponent may interrupt an approach or an event (PM-1.8.2)",
        "approach.obstruct": "the opponent obstructs or lets the approach through (PM-1.10.6.3)",
        "approach.allocate": "the obstructor's AP split over a linked pair (PM-GAP-18)",
        "approach.break": "a [Break] point card may be played (PM-1.11.3)",
        "approach.pay": "paying a cost during the approach phase",
        "approach.target": "choosing a target during the approach phase",
        "end": "turn-end processing: the active player discards down to 7 (PM-1.10.7.1)",
        "over": "the game is over (PM-1.1)",
    }
    purposes: ClassVar[dict[str, str]] = {
        "first_player": "the coin toss for the first player (PM-1.10.1): 0 is p1, 1 is p2",
    }
    results: ClassVar[dict[str, tuple[int, int]]] = {"first_player": (0, 1)}

    def build(self, game, position: Fields, *, seed: int, options: dict, players: int):
        if players != 2:
            raise position.fail("", "Precious Memories is played by 2")
        return Reader(game, position, seed, options).read(self.points)

    def export(self, state) -> dict:
        return writing.export(state)

    def zones(self, state) -> dict[str, list[str]]:
        return writing.zones(state)

    def values(self, state) -> dict:
        return writing.values(state)


SCENARIO = Capability(
    name="scenario",
    title="scenario files",
    summary="Precious Memories positions as TOML files: load, check, export, puzzles",
    run=PMScenario(),
    title_ja="シナリオファイル",
    summary_ja="プレシャスメモリーズの局面をTOMLファイルで読み書きし、検証し、詰めを解く",
)
