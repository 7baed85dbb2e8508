"""Pretty Good Tactics positions as scenario files (docs/scenarios/pgt.md): every state
of a game written out and read back is the same state, hand-written positions get the
defaults a player expects and refuse what the rules do not allow, forced results reach
the draws they name, and every shipped puzzle is a real one: the first legal action
each time, or the tempting line, does not meet its goal."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcglab.engine.errors import ScenarioError
from tcglab.engine.rng import Rng
from tcglab.engine.scenario_check import goal_missed
from tcglab.engine.scenario_file import load_scenario, write_scenario
from tcglab.engine.state import digest_of
from tcglab.games.pgt import GAME
from tcglab.games.pgt.formation import roll_off

FORMAT = GAME.capability("scenario").run
PUZZLES = Path(__file__).resolve().parents[3] / "src" / "tcglab" / "games" / "pgt" / "puzzles"


def position_digest(state) -> str:
    snapshot = state.snapshot()
    snapshot.pop("history")  # the actions that led here are not part of a position
    return digest_of(snapshot)


def reloaded(state):
    text = write_scenario(state, GAME, players=["P1", "P2"])
    return load_scenario("position.toml", text).build()


def assert_same(state, built, where: str) -> None:
    assert FORMAT.export(built) == FORMAT.export(state), where
    assert position_digest(built) == position_digest(state), where
    assert built.origin == state.origin, where  # whose deck each card came from
    assert [a.id for a in built.legal_actions()] == [a.id for a in state.legal_actions()], where


@pytest.mark.parametrize("seed", [3, 4])
def test_games_with_own_decks_round_trip(seed):
    """PGT-15.2 decks of one's own (a draft's games): every few actions, and on from
    there, the state read back from its file plays exactly as the state itself."""
    decks = list(GAME.prebuilt_decks().values())[:2]
    state = GAME.new_state(seed, 2, decks=decks)
    picker = Rng(seed)
    for count in range(2000):
        if count % 9 == 0 or state.over:
            built = reloaded(state)
            assert_same(state, built, f"seed {seed}, after {count} actions")
            if state.over:
                break
            twin = state.clone()
            for _ in range(5):
                if twin.over:
                    break
                action = picker.choice(twin.legal_actions()).id
                twin.apply(action)
                built.apply(action)
                assert position_digest(built) == position_digest(twin)
        state.apply(picker.choice(state.legal_actions()))


def test_mid_attack_positions_round_trip_with_their_steps():
    """An attack half-way through (three targets chosen, one of them guarded) is written
    as its pending steps and ability in progress, in words, and read back exactly."""
    text = (PUZZLES / "spread-the-volley.toml").read_text()
    state = load_scenario("volley.toml", text).start()
    for action in ("attack F1 1", "target P2.B2", "target P2.F1", "target P2.F2", "guard F3 B2"):
        state.apply(action)
    position = FORMAT.export(state)
    assert position["at"] == "attack.dice"
    assert position["pending"][-1] == "dice p1 #1"
    ability = position["abilities"][0]
    assert ability["targets"] == ["025", "044", "070"] and ability["guarded"] == [1]
    assert (ability["kind"], ability["next"], ability["dice"]) == ("attack", "reroll", 2)
    assert_same(state, reloaded(state), "after the guard")


# -- hand-written positions ---------------------------------------------------------------

BASE = """\
game = "pgt"
seed = 5

[position]
turn = 3
active = "p1"
at = "pre_combat"

[position.p1]
F1 = "001"
hand = ["002"]

[position.p2]
F1 = { card = "027", face = "down" }
"""


def build(text: str):
    return load_scenario("t.toml", text).build()


def test_defaults_of_a_hand_written_position():
    """Round 1, P1 first; the rest of the set is the shared deck (PGT-6.1), shuffled;
    face-up characters are known to all, a face-down one and a hand to their owner."""
    st = build(BASE)
    values, zones = FORMAT.values(st), FORMAT.zones(st)
    assert (values["round"], values["first"], values["turn"]) == (1, "p1", 3)
    assert len(zones["deck"]) == 177 and "001" not in zones["deck"]
    assert zones["p2.F1"] == ["027"] and values["p2.F1.pdef"] == 0
    assert st.observe(0)["sides"][1]["field"]["F1"]["card"] is None
    assert st.observe(1)["sides"][1]["field"]["F1"]["card"]["id"] == "027"
    assert st.observe(1)["sides"][0]["hand_size"] == 1 and "hand" not in st.observe(None)
    assert st.to_move == 1 and values["at"] == "pre_combat"  # P1 has nothing to use
    assert [a.id for a in st.legal_actions()] == ["flip F1", "pass"]


def test_own_decks_by_hand():
    """PGT-15.2 with `decks = "own"`: the cards a player brought and not placed are that
    player's deck, shuffled; a resample deals a seat's unseen cards within each deck."""
    text = BASE.replace('at = "pre_combat"', 'at = "pre_combat"\ndecks = "own"')
    text = text.replace('hand = ["002"]', 'hand = ["002"]\ncards = ["001", "002", "003", "004"]')
    st = build(text)
    zones = FORMAT.zones(st)
    assert sorted(zones["p1.deck"]) == ["003", "004"] and zones["p2.deck"] == []
    assert FORMAT.values(st)["p1.deck_size"] == 2 and st.origin == (0, 0, 0, 0, 1)
    sample = st.determinize(1, Rng(2))
    assert sorted(sample.card(i).id for i in sample.hands[0] + sample.decks[0]) == [
        "002",
        "003",
        "004",
    ]


def line_of(text: str, marker: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if marker in line)


@pytest.mark.parametrize(
    "old, new, message",
    [
        ('F1 = "001"', 'F1 = "999"', "position.p1.F1: unknown card '999'"),
        (
            'hand = ["002"]',
            'hand = ["001"]',
            "position.p1.F1: card 001 is in two places: position.p1.hand.1",
        ),
        ('F1 = "001"', 'F4 = "001"', "position.p1.F4: not a field here; accepted: hand,"),
        (
            'F1 = "001"',
            'F1 = "022"\nF2 = "048"\nF3 = "100"',
            "position.p1.F1: the party scores 12; at most 10 (PGT-8.1.1)",
        ),
        ('at = "pre_combat"', 'at = "main"', "position.at: 'main' is not accepted; accepted:"),
        ('at = "pre_combat"', 'at = "attack.guard"', "position.at: 'attack.guard' needs its"),
        (
            'hand = ["002"]',
            'points = ["100", "178", "022"]',
            "position.p1.points: 12 points: the game is over at 10 (PGT-5.1)",
        ),
        ('hand = ["002"]', 'deck = ["003"]', "position.p1.deck: the deck is shared (PGT-6.1)"),
        ("turn = 3", "turn = 3\nround = 31", "position.round: 31 is out of range; accepted"),
        (
            "turn = 3",
            'turn = 3\npending = ["jump p1"]',
            "position.pending.1: 'jump' is not a step",
        ),
        (
            'F1 = "001"',
            'F1 = { card = "001", face = "sideways" }',
            "position.p1.F1.face: 'sideways' is not accepted; accepted: up, down",
        ),
    ],
)
def test_mistakes_are_one_line_with_file_line_and_field(old, new, message):
    text = BASE.replace(old, new, 1)
    with pytest.raises(ScenarioError) as caught:
        build(text)
    error = str(caught.value)
    assert "\n" not in error and message in error
    field = message.split(":")[0].split(".")[-1]
    shown = field if not field.isdigit() else message.split(":")[0].split(".")[-2]
    assert error.startswith(f"t.toml:{line_of(text, shown)}:"), error


def test_only_two_players():
    text = BASE.replace("seed = 5", 'seed = 5\nplayers = ["A", "B", "C"]')
    with pytest.raises(ScenarioError, match=r"t.toml:3: players: .* has 2 players"):
        build(text)


# -- forced results by purpose ----------------------------------------------------------


def test_forced_results_reach_only_the_draws_they_name():
    """`dice` forces a check's dice, `first_player` the first-player roll (PGT-6.3,
    PGT-GAP-5: a tie rolls again), `reroll` a rerolled check (PGT-14.2.7): none eats
    another's results, whatever rolls first."""
    text = BASE.replace('hand = ["002"]', 'F2 = "011"').replace(
        'at = "pre_combat"', 'at = "combat"'
    )
    st = build(text.replace('face = "down"', 'face = "up"'))
    st.rng.force_for("dice", 1, 2)
    st.rng.force_for("reroll", 5, 6)
    st.rng.force_for("first_player", 3, 3, 5, 2)
    assert roll_off(st) == 0  # 3-3 ties, then 5 beats 2
    assert [e.data["rolls"] for e in st.log if e.kind == "first_roll"] == [[3, 3], [5, 2]]
    assert st.rng.forced_for() == {"dice": (1, 2), "reroll": (5, 6)}
    for action in ("attack F1 1", "target P2.F1", "roll 2"):
        st.apply(action)
    assert FORMAT.values(st)["at"] == "attack.reroll"
    assert st.procs[0]["faces"] == (1, 2) and st.rng.forced_for() == {"reroll": (5, 6)}
    st.apply("use F2 1")  # Ukyō Yuge: Ｔ：振りなおし
    assert FORMAT.values(st)["last_check.faces"] == [5, 6]
    assert st.rng.forced_for() == {}


# -- the puzzles are real puzzles -------------------------------------------------------

TEMPTING = {
    "equal-is-enough": ["attack F1 1", "target P2.F1", "roll 3"],  # more dice, the fumble
    "fold-the-boost": ["attack F1 1", "target P2.F1", "pass", "pass", "roll 3"],  # no boost
    "counter-from-the-guard": ["no guard"],
    "mind-over-innocence": ["attack F1 1", "target P2.F1", "innocence", "roll 2", "roll 3"],
    "flip-and-strike": ["flip F1", "use F1 1", "target P2.F1", "roll 2"],  # the 3 points
    "spread-the-volley": ["attack F1 1", "target P2.B2", "done", "guard F3 B2", "roll 2"],
    "quiet-the-innocence": ["attack F1 1", "target P2.F1", "innocence", "pass", "roll 2"],
    "face-down-guard": ["pass", "guard F3 F2", "pass", "pass"],  # guarded, never turned up
}


def puzzle_paths() -> list[Path]:
    return sorted(PUZZLES.glob("*.toml"))


def test_there_are_puzzles_on_each_theme():
    assert len(puzzle_paths()) >= 8
    assert sorted(p.stem for p in puzzle_paths()) == sorted(TEMPTING)


def play_out(scenario, opening: list[str]):
    """The position after the script, then `opening`, then the first legal action each
    time until the goal can be judged: the turn is over (a win goal) or turn `until`
    has begun (a survive goal), or the game ended."""
    state = scenario.start()
    turn = state.turn
    for action in opening:
        state.apply(action)
    goal = scenario.goal
    for _ in range(500):
        ended = state.turn >= goal.until if goal.kind == "survive" else state.turn > turn
        if state.over or ended:
            break
        state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("path", puzzle_paths(), ids=lambda p: p.stem)
def test_a_naive_line_misses_the_goal(path):
    scenario = load_scenario(path)
    assert scenario.title and scenario.about and scenario.goal.text and scenario.goal.text_ja
    for opening in ([], TEMPTING[path.stem]):
        state = play_out(scenario, opening)
        assert goal_missed(scenario.goal, state, FORMAT), f"{path.stem}: {opening} meets it"
    solved = scenario.start(solve=True)
    assert goal_missed(scenario.goal, solved, FORMAT) is None
