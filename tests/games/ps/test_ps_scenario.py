"""Princess Scramble positions as scenario files (docs/scenarios/ps.md): what a
hand-written position means, the mistakes it is refused for, positions of every rule
option written and read back, the forced first player, and the puzzles: each solution
wins against every reply, and the naive line does not."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tcglab.engine.errors import ScenarioError
from tcglab.engine.scenario_file import load_scenario, write_scenario
from tcglab.engine.state import digest_of
from tcglab.games.ps import GAME
from tcglab.games.ps.scenario import FORMAT
from tcglab.games.ps.state import PSState
from tcglab.games.ps.turn import set_up

PUZZLES = sorted(Path(__file__).resolve().parents[3].glob("src/tcglab/games/ps/puzzles/*.toml"))
HEAD = 'game = "ps"\nseed = 1\n'


def scenario(text: str):
    return load_scenario("t.toml", HEAD + text)


def start(text: str, *actions: str):
    state = scenario(text).build()
    for action in actions:
        state.apply(action)
    return state


def position_digest(state) -> str:
    snapshot = state.snapshot()
    snapshot.pop("history")
    return digest_of(snapshot)


# -- what a hand-written position means ----------------------------------------------------


def test_a_bare_main_phase_position():
    st = start(
        """
[position]
turn = 3
active = "p2"
at = "main"
[position.p2]
hand = ["EV01"]
deck = ["SK01", "SK02"]
characters = [{ card = "SK05", damage = 1 }, { card = "SK11", exhausted = true, sick = true }]
"""
    )
    assert st.to_move == 1 and st.turn == 3 and st.first == 1  # turn 3 is the first player's
    zones, values = FORMAT.zones(st), FORMAT.values(st)
    assert zones["p2.deck"] == ["SK01", "SK02"] and st.card(st.deck[1][-1]).id == "SK01"
    assert zones["p2.C2"] == ["SK11"] and zones["p2.C3"] == [] and zones["p1.characters"] == []
    # energy left out is just what the field occupies: levels 2 and 1, none of it free
    assert values["p2.energy"] == 3 and values["p2.free_energy"] == 0
    # support (PS-11.1.5): the two skyport characters count each other
    assert values["p2.C1.support"] == 1 and values["p2.C1.technique"] == 4
    assert values["p2.C2.exhausted"] and values["p2.C2.sick"] and values["p2.C1.damage"] == 1
    # no free energy for EV01 (PS-10.3.2); SK11 was placed this turn (PS-GAP-6)
    assert [a.id for a in st.legal_actions()] == ["energy", "attack 1", "end"]


def test_counts_leave_the_cards_open_within_three_of_a_name():
    st = start(
        """
[position]
turn = 1
active = "p1"
at = "main"
[position.p1]
deck = 7
energy = 4
"""
    )
    names = [st.card(n).name_en for n in st.deck[0] + st.energy[0]]
    assert len(st.deck[0]) == 7 and len(st.energy[0]) == 4
    assert max(names.count(n) for n in names) <= 3  # PS-3.2


def test_the_start_point_runs_the_start_phase_of_the_turn_it_names():
    st = start(
        """
[position]
turn = 5
active = "p1"
at = "start"
effects = [{ on = "p1.C1", stat = "guard", amount = 1, until = "p1.E1" }]
[position.p1]
deck = ["SH01"]
energy = 3
characters = [{ card = "SH15", exhausted = true, sick = true }]
events = [{ card = "EV03" }]
"""
    )
    # PS-8.1 standby, own events to the trash with their lasting effects; PS-8.2 draw
    values = FORMAT.values(st)
    assert values["turn"] == 5 and values["at"] == "main" and values["p1.hand_size"] == 1
    assert not values["p1.C1.exhausted"] and values["p1.C1.guard"] == 0
    assert FORMAT.zones(st)["p1.trash"] == ["EV03"] and values["p1.free_energy"] == 1


def test_a_battle_window_with_a_lasting_aura():
    st = start(
        """
[position]
turn = 4
active = "p2"
at = "battle.window"
to_act = "p1"
battle = { attacker = "C1", defenders = ["C2", "C1"] }
effects = [{ on = "p2.all", stat = "technique", amount = 1, until = "p2.E1" }]
[position.p1]
hand = ["EV18"]
energy = 5
characters = [{ card = "SH15", exhausted = true }, { card = "ML20", exhausted = true }]
[position.p2]
energy = 5
characters = [{ card = "SK04", exhausted = true }]
events = [{ card = "EV02" }]
"""
    )
    values = FORMAT.values(st)
    assert st.to_move == 0 and [a.id for a in st.legal_actions()] == ["play EV18", "pass"]
    assert values["battle.defenders"] == ["p1.C2", "p1.C1"] and values["battle.target"] == "player"
    assert values["p2.C1.technique"] == 5 and values["p1.C2.would_take"] == 5
    st.apply("pass")  # PS-GAP-12 then the attacker passes too: the window closes
    assert [a.id for a in st.legal_actions()] == ["target 2", "target 1"]  # as declared


def test_pending_steps_are_written_where_the_point_does_not_say_them():
    text = """
[position]
turn = 3
active = "p1"
at = "main"
pending = ["main p1", "reset p1"]
[position.p1]
deck = 2
[position.p2]
deck = 2
"""
    st = start(text, "end")  # no end phase is pending: straight to the reset phase
    assert st.current == 1 and FORMAT.values(st)["turn"] == 4
    st = start(text)
    exported = FORMAT.export(st)
    assert exported["pending"] == ["main p1", "reset p1"]
    again = load_scenario("x.toml", write_scenario(st, GAME, players=["A", "B"])).build()
    assert FORMAT.export(again) == exported and position_digest(again) == position_digest(st)


def test_a_character_that_left_in_the_battle_keeps_its_serial():
    st = start(
        """
[position]
turn = 3
active = "p1"
at = "battle.defend"
battle = { attacker = "gone", defenders = ["C1"] }
[position.p1]
deck = 2
[position.p2]
characters = [{ card = "SH15", exhausted = true }, { card = "ML20" }]
deck = 2
"""
    )
    assert st.battle[0] == 3 and st.next_uid == 4  # p2's two are serials 1 and 2
    assert FORMAT.export(st)["battle"] == {"attacker": "gone", "defenders": ["C1"]}
    assert [a.id for a in st.legal_actions()] == ["defend 2", "done"]
    assert FORMAT.values(st)["battle.attacker"] == "gone"


# -- mistakes --------------------------------------------------------------------------------

POSITION = '\n[position]\nturn = 3\nactive = "p1"\nat = "main"\n'


@pytest.mark.parametrize(
    ("extra", "problem"),
    [
        ('[position.p1]\nhand = ["XX9"]\n', "t.toml:9: position.p1.hand: unknown card 'XX9'"),
        (
            '[position.p1]\ncharacters = [{ card = "EV01" }]\n',
            "position.p1.characters.1.card: EV01 is an event card, not a character",
        ),
        (
            "[position.p1]\ncharacters = ["
            + ", ".join(f'{{ card = "SH{n:02}" }}' for n in (9, 10, 12, 14, 15))
            + "]\n",
            "position.p1.characters: 5 characters; at most 4 (PS-11.1.2)",
        ),
        (
            '[position.p1]\ncharacters = [{ card = "SH01" }, { card = "SH02" }]\n',
            "position.p1.characters.2: a second Hikari Hoshino on the same field",
        ),
        (
            '[position.p1]\nhand = ["SH01", "SH01"]\ntrash = ["SH02", "SH03"]\n',
            "position.p1: p1 has 4 cards named Hikari Hoshino; at most 3 (PS-3.2)",
        ),
        (
            "[position.p1]\ndeck = 45\nenergy = 6\n",
            "t.toml:8: position.p1: p1 has 51 cards; a deck holds at most 50 (PS-3.1)",
        ),
        ("[position.p1]\ndeck = 51\n", "position.p1.deck: 51 is out of range; accepted: 0 to 50"),
        (
            '[position.p1]\nenergy = 1\ncharacters = [{ card = "SH02" }]\n',
            "position.p1.energy: 1 energy, but the cards on the field occupy 4 (PS-10.3.2)",
        ),
        (
            '[position.p1]\ncharacters = [{ card = "SK04", damage = 2 }]\n',
            "position.p1.characters.1.damage: 2 is out of range; accepted: 0 to 1",
        ),
        ("[position.p2]\ndamage = 10\n", "position.p2.damage: 10 damage ends the game (PS-2.1)"),
        ("[position.p1]\ncoins = 3\n", "position.p1.coins: not a field here; accepted: hand, deck"),
        (
            'aim = "E1"\n',
            "position.aim: not taken at 'main'; only at main.aim, end.aim, battle.aim",
        ),
        (
            'effects = [{ on = "p2.C1", stat = "guard", amount = 1 }]\n',
            "position.effects.1.on: 'C1' is no card on p2's field; there: none",
        ),
        ('battle = { attacker = "C1" }\n', "position.battle: no battle is under way at 'main'"),
    ],
)
def test_a_mistake_is_one_line_naming_the_field(extra, problem):
    with pytest.raises(ScenarioError) as error:
        scenario(POSITION + extra).build()
    assert problem in str(error.value) and "\n" not in str(error.value)
    assert re.match(r"t\.toml:\d+: position\.", str(error.value))


def test_an_unknown_point_lists_the_points():
    with pytest.raises(
        ScenarioError,
        match=r"t.toml:7: position.at: 'lunch' is not accepted; "
        r"accepted: start, mulligan, main",
    ):
        scenario('\n[position]\nturn = 3\nactive = "p1"\nat = "lunch"\n').build()


# -- every reading of the rules round-trips ---------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [{"mulligan": True}, {"energy_from": "hand"}, {"summoning_sickness": "full", "draw_count": 2}],
)
def test_positions_under_each_option_are_read_back_as_they_were(options):
    """The kernel's round trip (tests/scenarios/test_roundtrip.py) plays the default
    rules; these are the other readings, every fourth action of two games each."""
    for seed in (1, 2):
        st = GAME.new_state(seed, options=options)
        picker = random.Random(seed)
        for step in range(400):
            if step % 4 == 0:
                text = write_scenario(st, GAME, players=["A", "B"], options=st.options)
                built = load_scenario("x.toml", text).build()
                assert position_digest(built) == position_digest(st), (options, seed, step)
                assert FORMAT.export(built) == FORMAT.export(st)
            if st.over:
                break
            st.apply(picker.choice(st.legal_actions()))


# -- forced results by purpose ---------------------------------------------------------------


@pytest.mark.parametrize("first", [0, 1])
def test_a_forced_first_player_reaches_that_draw_and_only_it(first):
    # PS-GAP-5: the first player is drawn after both decks are shuffled
    def dealt(force):
        st = PSState(GAME, 11, GAME.resolve_options(), GAME.cards)
        st.deck = [[st.cards.number("SH01")] * 3 + list(range(10)), list(range(10, 23))]
        if force is not None:
            st.rng.force_for("first_player", force)
        set_up(st)
        return st

    free, forced = dealt(None), dealt(first)
    assert forced.first == first
    assert forced.hand == free.hand and forced.deck == free.deck  # the shuffles are untouched
    assert forced.rng.forced_for() == {}


# -- puzzles ---------------------------------------------------------------------------------


def test_there_are_puzzles():
    assert len(PUZZLES) >= 8


def goal_of(puzzle, state) -> tuple:
    goal = puzzle.goal
    return goal.seat, goal.kind, state.turn if goal.kind == "win" else goal.until


def meets(state, goal, memo) -> bool:
    """Whether the goal's seat meets it against every reply (a win before its turn ends,
    or no loss before turn `until` begins)."""
    seat, kind, turn = goal
    if state.over:
        return seat in state.result.winners
    if kind == "win" and state.turn > turn:
        return False
    if kind == "survive" and state.turn >= turn:
        return True
    key = position_digest(state)
    if key not in memo:
        results = (meets(after(state, a.id), goal, memo) for a in state.legal_actions())
        memo[key] = any(results) if state.to_move == seat else all(results)
    return memo[key]


def after(state, action: str):
    twin = state.clone()
    twin.apply(action)
    return twin


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.stem)
def test_a_puzzle_is_solved_by_its_solution_against_every_reply(path):
    puzzle = load_scenario(path)
    assert puzzle.title and puzzle.about and puzzle.goal.text and puzzle.goal.text_ja
    state, memo = puzzle.start(), {}
    goal = goal_of(puzzle, state)
    for step in puzzle.solution:
        if state.to_move == goal[0]:
            assert meets(after(state, step.action), goal, memo), f"{step.field} gives it away"
        state.apply(step.action)
    assert meets(state, goal, memo)


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.stem)
def test_a_puzzle_is_not_met_by_the_first_legal_action_each_time(path):
    """The solver takes the first legal action at every decision and the other player
    answers as well as it can: the goal is not met."""
    puzzle = load_scenario(path)
    state, memo = puzzle.start(), {}
    seat, kind, turn = goal = goal_of(puzzle, state)
    while not state.over and state.turn < turn + (kind == "win"):
        legal = [a.id for a in state.legal_actions()]
        if state.to_move != seat:  # the best reply: one after which the goal is out of reach
            legal = [a for a in legal if not meets(after(state, a), goal, memo)] or legal
        state.apply(legal[0])
    won = state.over and seat in state.result.winners
    assert not (won or (kind == "survive" and not state.over)), path.name
