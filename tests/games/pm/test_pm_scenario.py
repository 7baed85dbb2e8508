"""Precious Memories scenario files: positions round-trip under every rule option, a
mistake in a file is one line naming its place, the coin toss is forced by purpose, and
every shipped puzzle defeats the naive line. The files themselves (the worked examples
in tests/scenarios/pm/, the puzzles) run in tests/scenarios/test_scenarios.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcglab.engine.errors import ScenarioError
from tcglab.engine.rng import Rng
from tcglab.engine.scenario_file import load_scenario, write_scenario
from tcglab.games.pm import GAME
from tcglab.games.pm.state import PMState
from tcglab.games.pm.turn import set_up

PUZZLE_DIR = Path(__file__).resolve().parents[3] / "src" / "tcglab" / "games" / "pm" / "puzzles"
FORMAT = GAME.capability("scenario").run

HEADER = """game = "pm"
[position]
turn = 3
active = "p1"
at = "main"
"""
SIDES = """
[position.p1]
deck = ["SHD-014", "SHD-006"]
M1 = "SHD-002"

[position.p2]
deck = ["CWA-001", "CWA-006"]
"""


def load(text: str, name: str = "t.toml"):
    return load_scenario(name, text)


def build(text: str) -> PMState:
    return load(text).build()


# -- round trip under the rule options ---------------------------------------------

OPTION_SETS = (
    {"approaches": "once", "redraw": False},
    {"break_pays_cost": True, "value_order": "layers"},
    {"unique_names": False, "first_player": "p2"},
)
DECKS = (("moon-links", "squadron-heavy"), ("squadron-heavy", "harbor-rush"))


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o))
def test_positions_round_trip_under_every_option(options):
    """Export, write, load and build: the same digest, export and legal actions, every
    few actions of random games with the decks that use [Link], [Combi] and [Break]."""
    for n, decks in enumerate(DECKS):
        state = GAME.new_state(40 + n, options=options, decks=list(decks))
        picker = Rng(n)
        while not state.over:
            if len(state.history) % 9 == 0:
                text = write_scenario(state, GAME, players=["A", "B"])
                built = load(text).build()
                where = f"{decks} after {len(state.history)} actions"
                assert built.digest() == state.digest(), where
                assert FORMAT.export(built) == FORMAT.export(state), where
                assert [a.id for a in built.legal_actions()] == [
                    a.id for a in state.legal_actions()
                ], where
            state.apply(picker.choice(state.legal_actions()))


def test_a_hand_written_position_exports_as_written():
    """No physical card numbers, no timestamps: nothing a reader did not write."""
    text = HEADER + SIDES.replace('M1 = "SHD-002"', 'M1 = { card = "SHD-002", rested = true }')
    side = FORMAT.export(build(text))["p1"]
    assert side["M1"] == {"card": "SHD-002", "rested": True}
    assert "physical" not in side and side["deck"] == ["SHD-014", "SHD-006"]


def test_a_shuffled_deck_follows_the_seed():
    cards = ["SHD-001", "SHD-004", "SHD-006", "SHD-008", "SHD-010", "SHD-014"]
    text = HEADER + SIDES.replace('deck = ["SHD-014", "SHD-006"]', f"deck_shuffled = {cards}")
    text = text.replace("'", '"')
    orders = {
        seed: FORMAT.zones(build(f"seed = {seed}\ngame_seed = {seed}\n" + text))["p1.deck"]
        for seed in (1, 1, 2)
    }
    assert sorted(orders[1]) == sorted(cards)
    assert orders[1] != orders[2]


# -- mistakes, each one line naming its place -----------------------------------------


@pytest.mark.parametrize(
    ("change", "line", "words"),
    [
        (('M1 = "SHD-002"', 'M1 = "SHD-999"'), 9, "unknown card 'SHD-999'"),
        (('M1 = "SHD-002"', 'M6 = "SHD-002"'), 9, "M6: not a field here"),
        (('M1 = "SHD-002"', 'S2 = "SHD-015"'), 9, "S1 is empty"),
        (('M1 = "SHD-002"', 'M1 = "SHD-015"'), 9, "main area takes only characters"),
        (('M1 = "SHD-002"', 'M1 = "SHD-021"'), 9, "is an event card, not a character"),
        (
            ('M1 = "SHD-002"', 'M1 = "SHD-002"\nM2 = "SHD-001"'),
            10,
            "Akari Umino is already on this field",
        ),
        (('deck = ["CWA-001", "CWA-006"]', "deck = []"), 11, "so the game is over"),
        (
            (
                'deck = ["SHD-014", "SHD-006"]',
                'deck = ["SHD-014", "SHD-014", "SHD-014"]\nhand = ["SHD-014", "SHD-014"]',
            ),
            7,
            "5 copies of SHD-014; a deck holds at most 4",
        ),
        (
            ('deck = ["CWA-001", "CWA-006"]', 'deck = ["CWA-001"]\ndeck_shuffled = []'),
            13,
            "not both",
        ),
        (
            (
                'deck = ["SHD-014", "SHD-006"]',
                'deck = ["SHD-014", "SHD-006"]\nphysical = [3, 3, 1]',
            ),
            9,
            "different numbers",
        ),
        (
            ('deck = ["SHD-014", "SHD-006"]', 'deck = ["SHD-014", "SHD-006"]\nbench = []'),
            9,
            "bench: not a field here",
        ),
        (
            ('deck = ["SHD-014", "SHD-006"]', "deck = [" + '"SHD-014", ' * 61 + "]"),
            7,
            "p1: more than 60 cards (PM-1.2.1)",
        ),
    ],
)
def test_a_mistake_names_its_line(change, line, words):
    text = HEADER + SIDES.replace(*change)
    with pytest.raises(ScenarioError) as error:
        build(text)
    message = str(error.value)
    assert message.startswith(f"t.toml:{line}: position.") and words in message, message
    assert "\n" not in message


@pytest.mark.parametrize(
    ("at", "extra", "words"),
    [
        ("battle", "", "'battle' is not accepted; accepted: setup.redraw, start, main"),
        ("main.pay", "", "list its steps in pending"),
        ("approach.obstruct", "", "needs the approaching characters"),
        ("over", "", "the game is over only when"),
        ("main", 'approach = ["p1.M9"]\n', "'p1.M9' names no card"),
        ("main", 'pending = [{ step = "fight", seat = "p1" }]\n', "'fight' is not accepted"),
        ("main", "points_x = 1\n", "points_x: not a field here"),
        ("main", 'obstructor = "p1.M1"\n', "p1 is the turn player; the other obstructs"),
    ],
)
def test_a_wrong_point_or_step_names_its_line(at, extra, words):
    text = HEADER.replace('at = "main"', f'at = "{at}"') + extra + SIDES
    with pytest.raises(ScenarioError, match=r"^t\.toml:[0-9]+: position") as error:
        build(text)
    assert words in str(error.value), str(error.value)


def test_turn_zero_is_setting_up():
    with pytest.raises(ScenarioError, match=r"^t\.toml:3: position\.turn: turn 0 is setting up"):
        build((HEADER + SIDES).replace("turn = 3", "turn = 0"))


def test_seven_point_cards_are_the_rules_limit():
    points = ", ".join(['"CWA-001"'] * 4 + ['"CWA-006"'] * 4)
    text = HEADER + SIDES.replace(
        'deck = ["CWA-001", "CWA-006"]', f"deck = []\npoints = [{points}]"
    )
    with pytest.raises(ScenarioError, match="8 point cards; a game ends at 7"):
        build(text)


# -- forced results by purpose ------------------------------------------------------


def test_a_forced_coin_toss_decides_the_first_player_and_nothing_else():
    """PM-1.10.1 the toss is the game's one draw with a purpose; the deck shuffles
    (PM-GAP-2) take nothing forced for it."""
    deck = [GAME.cards.index(c) for c in GAME.prebuilt_decks()["harbor-rush"]]
    states = []
    for toss in (0, 1):
        st = PMState(GAME, 7, GAME.resolve_options(), [deck, deck])
        st.rng.force_for("first_player", toss)
        set_up(st)
        assert st.first == toss and st.rng.forced_for() == {}
        states.append(st)
    assert [st.cid[i] for i in states[0].deck[0]] == [st.cid[i] for i in states[1].deck[0]]
    assert sorted(states[0].hand[1]) == sorted(states[1].hand[1])


# -- puzzles ------------------------------------------------------------------------

# Each puzzle's tempting line: played from the position, then the first legal action
# for whoever moves until the goal is decided. An empty line is first-legal throughout.
NAIVE = {
    "natural-rest-the-right-one": [[], ["play SHD-023", "pay SHD-001", "target p2.M1"]],
    "current-cost": [[], ["pass", "pass"]],
    "pay-with-points": [[], ["play SHD-023", "pay SHD-023"]],
    "exit-check-before-break": [[], ["approach M2"]],
    "combi-exact-change": [[], ["play SHD-012", "pay SHD-014"]],
    "one-wall-two-approaches": [["link M1+M2"]],
    "save-the-big-blocker": [[]],
    "wrong-phase-for-the-interrupt": [[], ["play SHD-023", "flip p1.P1"]],
}


def goal_met(scenario, line: list[str]) -> bool:
    goal, state = scenario.goal, scenario.build()
    for action in line:
        state.apply(action)
    until = goal.until if goal.kind == "survive" else state.turn + 1
    while not state.over and state.turn < until:
        state.apply(state.legal_actions()[0])
    if state.over:
        return goal.seat in state.result.winners
    return goal.kind == "survive"


def test_every_puzzle_has_a_naive_line():
    assert sorted(p.stem for p in PUZZLE_DIR.glob("*.toml")) == sorted(NAIVE)
    assert len(NAIVE) >= 8


@pytest.mark.parametrize("name", sorted(NAIVE))
def test_the_naive_line_fails_and_the_solution_wins(name):
    scenario = load_scenario(PUZZLE_DIR / f"{name}.toml")
    assert scenario.goal.text and scenario.goal.text_ja and scenario.about
    assert goal_met(scenario, [s.action for s in scenario.solution])
    for line in NAIVE[name]:
        assert not goal_met(scenario, line), f"{name}: {line or 'first legal'} meets the goal"
