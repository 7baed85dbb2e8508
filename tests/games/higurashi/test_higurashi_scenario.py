"""Higurashi positions as scenario files: what the format refuses (one line, with the
line it stands on), what it keeps (who knows which face-down card, a roll in flight),
the forced-random purposes reaching only their own draws, and the shipped puzzles being
real puzzles (the solution meets the goal; a naive line does not)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcglab.engine.errors import ScenarioError
from tcglab.engine.scenario import Fields, Source
from tcglab.engine.scenario_check import goal_missed, run_scenario
from tcglab.engine.scenario_file import load_scenario, shipped_puzzles
from tcglab.games.higurashi import GAME
from tcglab.games.higurashi.scenario import SCENARIO
from tcglab.games.higurashi.state import HigurashiState
from tcglab.games.higurashi.turn import set_up

from .builder import face_up, play, sideways

FILES = sorted(Path(__file__).parents[2].joinpath("scenarios", "higurashi").glob("*.toml"))
PUZZLES = shipped_puzzles(GAME)

BASE = """\
game = "higurashi"
players = ["Ann", "Ben"]
seed = 3

[position]
turn = 2
active = "p1"
at = "main"

[position.p1]
row = [{ card = "C09", face = "up" }, "C04"]
hand = ["E01"]

[position.p2]
row = ["C06", { card = "C14", face = "up" }]
"""


def position(text: str) -> HigurashiState:
    return load_scenario("t.toml", text).build()


def changed(old: str, new: str) -> str:
    assert BASE.count(old) == 1, old
    return BASE.replace(old, new)


# -- what the format refuses -----------------------------------------------------------

MISTAKES = [
    # (what is changed, into what, the complaint, the text on the line it names)
    ('"C04"]', '"C99"]', "unknown character card 'C99'", "row = [{"),
    ('"C04"]', '"E02"]', "that is an event card", "row = [{"),
    ('"C06",', '"C09",', "C09 is already in position.p1.row.1.card", 'row = ["C09"'),
    ('hand = ["E01"]', 'hand = ["E08", "E08"]', "E08: the game has 1", "hand ="),
    (
        'hand = ["E01"]',
        'hand = ["E01", "E02", "E03", "E04", "E05", "E06"]',
        "6 cards; the limit is 5 (G4-6.2)",
        "hand =",
    ),
    ('at = "main"', 'at = "battle"', "'battle' is not accepted; accepted: turn.start", "at ="),
    ('at = "main"', 'at = "counter"', "'counter' needs `pending`", "at ="),
    ('"C04"]', '{ card = "C04", tapped = true }]', "not a field here; accepted: card", "row ="),
    ('"C04"]', '{ card = "C04", known = ["p2"] }]', "always knows their own", "row ="),
    (
        '{ card = "C09", face = "up" }',
        '{ card = "C09", face = "up", known = ["p1"] }',
        "a face-up card is known to everyone",
        "row =",
    ),
    ('"C04"]', '{ card = "C04", equipment = ["E01"] }]', "E01 is not equipment", "row ="),
    ("[position.p2]", "[position.p3]", "position.p3: not a field here", "[position.p3]"),
    (
        'row = ["C06", { card = "C14", face = "up" }]',
        "row = []",
        "fewer than two players have characters",
        "at =",
    ),
    ('at = "main"', 'at = "main"\nreason = "pile_empty"', "only a game that is over", "reason"),
    (
        'at = "main"',
        'at = "main"\npending = [{ step = "counter", seat = "p2", defender = "C14", '
        'attacker = "C09" }]',
        "the first step must be the one `at` names",
        "pending =",
    ),
    (
        'at = "main"',
        'at = "main"\nroll = { kind = "attack", seat = "p1", actor = "C09", target = "C14", '
        "die = 4 }",
        "a roll is in flight only while its steps are pending",
        "roll =",
    ),
    ('at = "main"', 'at = "main"\npile = []\nrest = "aside"', "pile is empty", "pile ="),
]


@pytest.mark.parametrize(("old", "new", "complaint", "line"), MISTAKES)
def test_a_mistake_is_one_line_naming_its_line(old, new, complaint, line):
    text = changed(old, new)
    with pytest.raises(ScenarioError) as error:
        position(text)
    message = str(error.value)
    assert "\n" not in message
    assert complaint in message
    number = int(message.split(":")[1])
    assert text.splitlines()[number - 1].startswith(line), (message, line)


def test_the_base_position_reads():
    st = position(BASE)
    assert st.to_move == 0 and st.turn == 2
    assert [a.id for a in st.legal_actions()][:3] == ["scout 0", "attack 0", "scout 1"]


# -- what the format keeps ---------------------------------------------------------------

PEEK = """\
game = "higurashi"
players = ["Ann", "Ben", "Cal"]
seed = 5
script = ["play E19", "target 2.0"]

[position]
turn = 1
active = "p1"
at = "main"

[position.p1]
row = [{ card = "C09", face = "up" }]
hand = ["E19"]

[position.p2]
row = ["C13"]

[position.p3]
row = ["C06", "C20"]
"""


def test_a_peeked_card_stays_known_to_the_peeker_alone():
    """Peeking (E19) shows Cal's face-down card to Ann only; the exported position says
    so, and the state built from it shows the card to Ann and to nobody else."""
    st = load_scenario("peek.toml", PEEK).start()
    exported = SCENARIO.export(st)
    assert exported["p3"]["row"][0] == {"card": "C06", "known": ["p1", "p3"]}
    assert "known" not in exported["p3"]["row"][1]
    again = rebuilt(st)
    assert again.digest() == st.digest()
    for seat, sees in ((0, True), (1, False), (2, True)):
        shown = again.observe(seat)["seats"][2]["characters"][0]["card"]
        assert (shown is not None) is sees
    assert SCENARIO.values(again)["C06.known_by"] == ["p1", "p3"]


def test_a_roll_in_flight_is_written_as_the_rules_say_it():
    """Mid-attack, with both players holding cards: the roller's window is open, the
    defender's comes next, then the result; the roll itself is plain data."""
    text = changed('hand = ["E01"]', 'hand = ["E07"]').replace(
        'row = ["C06", { card = "C14", face = "up" }]',
        'row = ["C06", { card = "C14", face = "up" }]\nhand = ["E09"]',
    )
    st = position(text)
    st.rng.force_for("dice", 6)
    play(st, "attack 0", "target 1.1")
    exported = SCENARIO.export(st)
    assert exported["at"] == "roll.own"
    assert exported["pending"] == [
        {"step": "roll.own", "seat": "p1"},
        {"step": "roll.enemy", "seat": "p2"},
        {"step": "roll.resolve"},
        {"step": "main", "seat": "p1"},
    ]
    assert exported["roll"] == {
        "kind": "attack",
        "seat": "p1",
        "actor": "C09",
        "target": "C14",
        "die": 6,
        "modifier": 0,
    }
    assert SCENARIO.values(st)["roll.needed"] == 6


def test_every_scenario_file_round_trips_at_every_step():
    """Each test scenario and puzzle, exported and built again after every action of its
    script and solution, is the same state (hand-built oddities included: cards set
    aside, equipment and modifiers, a hand over the limit)."""
    for path in FILES + PUZZLES:
        scenario = load_scenario(path)
        st = scenario.build()
        for step in (None, *scenario.steps(solve=True)):
            if step is not None:
                scenario.take(st, step)
            again = rebuilt(st)
            assert SCENARIO.export(again) == SCENARIO.export(st), path.name
            assert again.digest() == st.digest(), path.name


def rebuilt(st: HigurashiState) -> HigurashiState:
    """The state built from the position `st` exports, its generator where st's is."""
    table = Fields(Source("exported.toml"), "position", SCENARIO.export(st))
    again = SCENARIO.build(GAME, table, seed=st.seed, options=st.options, players=st.players)
    again.rng = st.rng.clone()
    return again


# -- forced results by purpose -----------------------------------------------------------


def test_forced_dice_reach_the_attack_and_not_the_scouting_before_it():
    """`dice` forces attack rolls only: a scouting between takes its own `scout` result."""
    st = position(BASE)
    st.rng.force_for("dice", 5)
    st.rng.force_for("scout", 1)
    play(st, "scout 1", "target 1.0")  # C04 turned face-up to scout C06: the 1 fails
    assert not face_up(st, "C06") and sideways(st, "C04")
    assert st.rng.forced_for() == {"dice": (5,)}
    play(st, "attack 0", "target 1.1")  # C09 4 against C14's 3: needs a 6, the 5 fails
    assert [e.data["die"] for e in st.log if e.kind == "roll"] == [1, 5]
    assert st.rng.forced_for() == {}


def test_forced_chance_reaches_the_event_card_roll_only():
    """`chance` forces the die an event card rolls (Pitfall Trap subjugates on a 6)."""
    text = changed('hand = ["E01"]', 'hand = ["E14"]')
    st = position(text)
    st.rng.force_for("chance", 6)
    st.rng.force_for("dice", 1)
    play(st, "play E14", "target 1.1")
    assert [GAME.cards.characters[st.cid[i]].id for i in st.captured[0]] == ["C14"]
    assert st.rng.forced_for() == {"dice": (1,)}


def test_forced_first_player_reaches_the_start_roll():
    """`first_player` forces the start roll seat by seat, ties rolling again (G4-GAP-14)."""
    st = HigurashiState(GAME, 9, 3, GAME.resolve_options())
    st.rng.force_for("first_player", 2, 5, 5, 3, 6)
    st.rng.force_for("dice", 1)
    set_up(st)
    assert st.first == 2
    assert [e.data["rolls"] for e in st.log if e.kind == "start_roll"] == [
        {"0": 2, "1": 5, "2": 5},
        {"1": 3, "2": 6},
    ]
    assert st.rng.forced_for() == {"dice": (1,)}


# -- the puzzles -------------------------------------------------------------------------


def first_legal(st) -> str:
    return st.legal_actions()[0].id


def attack_first(st) -> str:
    """The obvious attack: the first attack whenever one is legal, else the first action."""
    ids = [a.id for a in st.legal_actions()]
    return next((i for i in ids if i.startswith("attack")), ids[0])


def play_naively(scenario, choose) -> str | None:
    """Play the puzzle from its script with `choose` for every seat until the goal is
    decided: for a win, until the solver's turn is over; for survival, until turn
    `until`. Returns what keeps the goal from being met (None: it was met)."""
    st = scenario.start()
    goal, start = scenario.goal, st.turn
    last = goal.until if goal.kind == "survive" else start + 1
    for _ in range(500):
        if st.over or st.turn >= last:
            break
        st.apply(choose(st))
    if goal.kind == "win" and not st.over:
        return "the turn ended with the game going on"
    return goal_missed(goal, st, SCENARIO)


def test_a_seat_knocked_out_while_the_others_play_on_has_not_survived():
    """G4-2.7: played naively, p1 is out at turn 3 of a three-player game that goes on."""
    scenario = load_scenario(next(p for p in PUZZLES if p.stem == "until-your-next-turn"))
    assert play_naively(scenario, first_legal) == (
        "expected p1 not to lose before turn 4 begins, found p1 out of the game"
    )


def test_there_are_at_least_eight_puzzles():
    assert len(PUZZLES) >= 8


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.stem)
def test_a_puzzle_is_solved_by_its_solution_and_by_no_naive_line(path):
    scenario = load_scenario(path)
    assert scenario.goal is not None and scenario.solution, path.name
    assert scenario.goal.text and scenario.goal.text_ja and scenario.about
    assert run_scenario(scenario) == []
    assert play_naively(scenario, first_legal) is not None, "the first legal action wins"
    assert play_naively(scenario, attack_first) is not None, "the obvious attack wins"
