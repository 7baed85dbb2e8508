"""Scenario files on the toy game: every mistake is one line naming the file, the line
and the field; expectations that hold pass and each kind that does not says what it
found; a state written out and loaded back is the same state; a result forced for a
purpose reaches only the draws of that purpose."""

from __future__ import annotations

import tomllib

import pytest
from toy_scenario import GAME

from tcglab.engine import Rng, registry
from tcglab.engine.errors import ScenarioError
from tcglab.engine.scenario import Source
from tcglab.engine.scenario_check import run_scenario
from tcglab.engine.scenario_file import load_scenario, toml_text, write_scenario

HEAD = """\
game = "dicerace"
title = "A forced roll wins the race"
rule = ["TOY-1"]
players = ["Ann", "Ben"]
seed = 7
"""
POSITION = """\
[position]
turn = 4
active = "p1"
at = "choose"
deck = ["ember", "tide"]

[position.p1]
score = 7
hand = ["comet"]

[position.p2]
score = 9
"""
RACE = HEAD + 'script = ["roll"]\n' + POSITION + "\n[random]\ndice = [3]\n"


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    registry.games()
    monkeypatch.setattr(registry, "_games", {**registry._games, GAME.id: GAME})


def load(text: str):
    return load_scenario("race.toml", text)


def error_of(text: str, *, solve: bool = False) -> str:
    with pytest.raises(ScenarioError) as caught:
        load(text).start(solve=solve)
    message = str(caught.value)
    assert "\n" not in message
    return message


def line_of(text: str, fragment: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if fragment in line)


# -- a scenario that plays -------------------------------------------------------


def test_the_script_plays_from_the_position_with_the_forced_die():
    state = load(RACE).start()
    assert state.scores == [10, 9]
    assert state.result.winners == (0,)
    assert state.result.reason == "target"


def test_the_position_starts_with_the_generator_the_file_gives():
    scenario = load(RACE.replace("[random]\ndice = [3]\n", ""))
    state = scenario.build()
    assert state.rng.state == Rng(7).state
    state.apply("roll")
    assert state.scores[0] == 7 + Rng(7).roll(6)


def test_a_result_forced_for_a_purpose_reaches_only_its_draws():
    rng = Rng(1)
    rng.force_for("dice", 5)
    rng.force(2)
    plain = Rng(1)
    assert [rng.below(100) for _ in range(3)] == [plain.below(100) for _ in range(3)]
    assert rng.roll(6, "dice") == 5
    assert rng.roll(6) == 2
    assert rng.forced_for() == {}


def test_an_entry_of_the_script_forces_results_just_before_its_action():
    text = HEAD + 'script = ["rest", { action = "roll", random = { dice = [6] } }]\n' + POSITION
    state = load(text).start()
    assert state.scores == [7, 15]  # p1 rested, p2 rolled the forced 6
    assert load(text.replace('"rest", ', "")).start().scores == [13, 9]


def test_the_solution_is_played_only_when_asked():
    text = (
        HEAD
        + 'solution = ["play"]\n'
        + POSITION
        + '\n[goal]\nseat = "p1"\nkind = "win"\ntext = "Win this turn."\n'
    )
    assert load(text).start().scores == [7, 9]
    assert load(text).start(solve=True).scores == [10, 9]
    assert run_scenario(load(text)) == []


# -- expectations ------------------------------------------------------------------

HOLDS = """
[[expect]]
after = 0
to_move = "p1"
legal = ["roll", "play", "rest"]
zones = { "p1.hand" = ["comet"], deck = ["ember", "tide"] }
values = { "p1.score" = 7, turn = 4, "deck.size" = 2 }

[[expect]]
to_move = "none"
illegal = ["roll"]
values = { "p1.score" = 10 }
events = ["P1 rolls 3"]
no_events = ["rests"]
winner = "p1"
reason = "target"
"""


def test_expectations_that_hold_pass():
    assert run_scenario(load(RACE + HOLDS)) == []


@pytest.mark.parametrize(
    ("expect", "says"),
    [
        ('to_move = "p2"', "expect.1.to_move: expected p2 to move, found none"),
        ('legal = ["play"]', "expect.1.legal: expected 'play' to be legal; legal: none"),
        ('illegal = ["roll"]', None),
        ('zones = { "p1.hand" = [] }', 'expect.1.zones.p1.hand: expected [], found ["comet"]'),
        ('zones = { "p1.bag" = [] }', "expect.1.zones.p1.bag: no such zone; zones: p1.hand, "),
        ('values = { "p1.score" = 11 }', "expect.1.values.p1.score: expected 11, found 10"),
        ('values = { "p1.hp" = 1 }', "expect.1.values.p1.hp: no such value; values: turn, "),
        ('events = ["rolls 4"]', "expect.1.events: expected an event with 'rolls 4'; events: "),
        ('no_events = ["rolls"]', "expect.1.no_events: expected no event with 'rolls', found"),
        ('winner = "p2"', "expect.1.winner: expected p2 to win, found p1"),
        ('winner = "none"', "expect.1.winner: expected nobody to win, found p1"),
        ('winners = ["p1", "p2"]', "expect.1.winners: expected p1 and p2 to win, found p1"),
        ('reason = "turn_limit"', "expect.1.reason: expected the game to end by 'turn_limit', "),
    ],
)
def test_each_expectation_that_fails_says_what_it_found(expect, says):
    text = RACE + f"\n[[expect]]\n{expect}\n"
    failures = [str(f) for f in run_scenario(load(text))]
    if says is None:
        assert failures == []
        return
    assert len(failures) == 1
    line = line_of(text, expect.split(" ")[0] + " =")
    assert failures[0].startswith(f"race.toml:{line}: {says}")


def test_an_expectation_is_checked_after_its_count_of_actions():
    text = RACE + '\n[[expect]]\nafter = 0\nwinner = "p1"\n'
    (failure,) = run_scenario(load(text))
    assert str(failure).endswith("expected p1 to win, found the game not over")


def test_a_win_goal_the_solution_misses_fails():
    text = (
        HEAD
        + 'solution = ["rest"]\n'
        + POSITION
        + '\n[goal]\nseat = "p1"\nkind = "win"\ntext = "Win this turn."\n'
    )
    (failure,) = run_scenario(load(text))
    assert str(failure) == (
        f"race.toml:{line_of(text, '[goal]')}: goal: expected p1 to win, "
        "found the game going on at turn 5"
    )


def test_a_survive_goal_is_met_once_its_turn_begins():
    goal = '\n[goal]\nseat = "p2"\nkind = "survive"\nuntil = 6\ntext = "Hold on."\n'
    text = HEAD + 'solution = ["rest", "rest"]\n' + POSITION + goal
    assert run_scenario(load(text)) == []
    short = text.replace('["rest", "rest"]', '["rest"]')
    (failure,) = run_scenario(load(short))
    assert "expected p2 not to lose before turn 6 begins" in str(failure)
    lost = HEAD + 'solution = ["play"]\n' + POSITION + goal
    (failure,) = run_scenario(load(lost))
    assert str(failure).endswith("found p1 winning")


# -- mistakes ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "field", "says"),
    [
        (("title =", "titel ="), "titel", "not a field here; accepted: game, title,"),
        (('game = "dicerace"', 'game = "chess"'), "game", "unknown game 'chess'"),
        (('rule = ["TOY-1"]', 'rule = ["toy 1"]'), "rule", "'toy 1' is not a rule ID"),
        (('rule = ["TOY-1"]', 'rule = ["PGT-14.2"]'), "rule", "'PGT-14.2' is not a dicerace rule"),
        (('players = ["Ann", "Ben"]', 'players = ["Ann"]'), "players", "1 players; dicerace"),
        (("seed = 7", "seed = -1"), "seed", "-1 is out of range"),
        (('hand = ["comet"]', 'hand = ["meteor"]'), "position.p1.hand", "unknown card 'meteor'"),
        (
            ('hand = ["comet"]', 'hand = ["comet", "tide"]'),
            "position.p1.hand",
            "2 cards; the rules",
        ),
        (('deck = ["ember", "tide"]', 'deck = ["comet", "comet"]'), "position.deck", "more than"),
        (("score = 9", "points = 9"), "position.p2.points", "not a field here; accepted: score"),
        (('at = "choose"', 'at = "battle"'), "position.at", "'battle' is not accepted; accepted"),
        (('script = ["roll"]', 'script = ["jump"]'), "script.1", "'jump' is not legal for p1"),
        (("dice = [3]", "luck = [3]"), "random.luck", "not a purpose of this game; accepted: dice"),
        (("dice = [3]", "dice = [9]"), "script.1", "forced dice result 9 is not between 1 and 6"),
    ],
)
def test_each_mistake_is_one_line_naming_its_line_and_field(change, field, says):
    old, new = change
    assert old in RACE
    text = RACE.replace(old, new, 1)
    line = line_of(text, "script =" if field.startswith("script") else new)
    assert error_of(text).startswith(f"race.toml:{line}: {field}: {says}")


@pytest.mark.parametrize(
    ("change", "field", "says"),
    [
        (('"Ann", "Ben"', '"Ann", "\\u001b[2JBen"'), "players", "one line of visible text"),
        (('"Ann", "Ben"', '"Ann", "\\u202eBen"'), "players", "invisible format characters"),
        (('"Ann", "Ben"', '"Ann", "' + "B" * 41 + '"'), "players", "41 characters; at most 40"),
        (('the race"', 'the\\nrace"'), "title", "one line of visible text"),
        (("A forced", "A" * 80 + " forced"), "title", "106 characters; at most 80"),
        (("seed = 7", 'about = "\\u0007"'), "about", "control characters are not accepted"),
    ],
)
def test_names_and_texts_read_as_they_are_shown(change, field, says):
    """A page or a terminal shows a scenario's names and texts: no escape a terminal
    acts on, no invisible mark that lets one name pose as another, no endless title."""
    old, new = change
    assert old in HEAD
    text = HEAD.replace(old, new, 1) + POSITION
    message = error_of(text)
    assert message.startswith(f"race.toml:{line_of(text, new)}: {field}: ") and says in message
    assert "\n" not in message and "\x1b" not in message


@pytest.mark.parametrize(
    ("game", "forced", "field", "says"),
    [
        ("pgt", "dice = [6, 5, 7]", "random.dice.3", "7 is out of range; accepted: 1 to 6"),
        ("pgt", "reroll = [0]", "random.reroll.1", "0 is out of range; accepted: 1 to 6"),
        ("higurashi", "chance = 9", "random.chance", "9 is out of range; accepted: 1 to 6"),
        ("higurashi", "scout = [-1]", "random.scout.1", "-1 is out of range; accepted: 1 to 6"),
        ("pm", "first_player = 2", "random.first_player", "2 is out of range; accepted: 0 to 1"),
        ("ps", "first_player = [1, 6]", "random.first_player.2", "6 is out of range; accepted"),
    ],
)
def test_a_forced_result_no_draw_can_give_is_refused_as_the_file_is_read(game, forced, field, says):
    """Not when the draw comes, which may be many actions on: a die of every game has six
    sides, a coin toss two."""
    text = f'game = "{game}"\nscript = ["anything"]\n\n[random]\n{forced}\n'
    with pytest.raises(ScenarioError) as caught:
        load_scenario(f"{game}.toml", text)
    assert str(caught.value).startswith(f"{game}.toml:5: {field}: {says}")


def test_a_forced_die_names_its_own_line_and_its_entry_of_the_script():
    text = 'game = "pgt"\n\n[random]\ndice = [\n    6,\n    5,\n    7,\n]\n'
    with pytest.raises(ScenarioError, match=r"^pgt\.toml:7: random\.dice\.3: 7 is out of"):
        load_scenario("pgt.toml", text)
    text = 'game = "pgt"\nscript = ["pass", { action = "attack", random = { dice = [4, 8] } }]\n'
    with pytest.raises(ScenarioError) as caught:
        load_scenario("pgt.toml", text)
    assert str(caught.value) == (
        "pgt.toml:2: script.2.random.dice.2: 8 is out of range; accepted: 1 to 6"
    )


def test_every_purpose_of_every_shipped_game_says_what_its_draws_give():
    """So that each forced result is checked as the file is read (the toy game's die
    has the sides a rule option gives it, so it is checked when drawn)."""
    for game in registry.games().values():
        if game is not GAME and any(c.name == "scenario" for c in game.capabilities):
            fmt = load_scenario("x.toml", f'game = "{game.id}"\n').format
            assert set(fmt.results) == set(fmt.purposes), game.id


def test_a_toml_mistake_keeps_its_line():
    message = error_of(RACE.replace("seed = 7", "seed = = 7"))
    assert message.startswith("race.toml: not TOML: ") and "line 5" in message


def test_a_top_level_key_under_a_table_says_where_it_belongs():
    text = HEAD + POSITION + '\n[random]\ndice = [3]\nscript = ["roll"]\n'
    message = error_of(text)
    assert message.startswith(f"race.toml:{line_of(text, 'script =')}: random.script: ")
    assert "top-level key" in message


def test_an_illegal_action_deep_in_a_long_script_names_its_own_line():
    text = HEAD + 'script = [\n    "rest",\n    "rest",\n    "fly",\n]\n' + POSITION
    message = error_of(text)
    assert message.startswith(f"race.toml:{line_of(text, 'fly')}: script.3: ")
    assert message.endswith("legal: roll, play, rest")


@pytest.mark.parametrize(
    ("extra", "field", "says"),
    [
        ("\n[[expect]]\nafter = 2\n", "expect.1.after", "2 is out of range; accepted: 0 to 1"),
        ("\n[[expect]]\nwho = 1\n", "expect.1.who", "not a field here; accepted: after,"),
        ('\n[[expect]]\nto_move = "p3"\n', "expect.1.to_move", "'p3' is not accepted"),
        ('\n[[expect]]\nwinners = ["p9"]\n', "expect.1.winners", "'p9' is not a seat"),
        ("\n[[expect]]\nlegal = [1]\n", "expect.1.legal", "expected a list of strings"),
        ('\n[goal]\nseat = "p1"\nkind = "survive"\ntext = "x"\n', "goal.until", "missing"),
        ('\n[goal]\nseat = "p1"\nkind = "draw"\ntext = "x"\n', "goal.kind", "'draw' is not"),
        ("\n[options]\nspeed = 2\n", "options.speed", "dicerace has no rule option 'speed'"),
        ("\n[options]\nsides = 7\n", "options.sides", "option sides takes 6 or 8, not 7"),
    ],
)
def test_mistakes_around_the_position_are_one_line_too(extra, field, says):
    text = RACE + extra
    key = field.rsplit(".", 1)[-1]
    written = [n for n, line in enumerate(text.splitlines(), 1) if line.startswith(key + " ")]
    line = written[-1] if written else len(RACE.splitlines()) + 2  # the table's header
    assert error_of(text).startswith(f"race.toml:{line}: {field}: {says}")


def test_a_solution_needs_a_goal():
    message = error_of(HEAD + 'solution = ["roll"]\n' + POSITION)
    assert message.startswith("race.toml:6: solution: a solution needs a [goal]")


def test_a_missing_file_is_one_line():
    with pytest.raises(ScenarioError, match=r"^nowhere\.toml: cannot read: "):
        load_scenario("nowhere.toml")


# -- writing -----------------------------------------------------------------------


def test_a_written_state_loads_back_as_the_same_state():
    state = load(RACE).build()
    state.rng.force_for("dice", 4, 2)
    text = write_scenario(state, GAME, players=["Ann", "Ben"], title="Back again")
    again = load_scenario("again.toml", text).build()
    assert again.digest() == state.digest()
    assert tomllib.loads(text)["random"] == {"dice": [3, 4, 2]}
    again.apply("roll")
    state.apply("roll")
    assert again.digest() == state.digest()


def test_a_state_played_on_writes_its_generator_exactly():
    state = load(RACE.replace("[random]\ndice = [3]\n", "")).build()
    state.apply("rest")
    text = write_scenario(state, GAME, players=["Ann", "Ben"])
    again = load_scenario("again.toml", text).build()
    for _ in range(6):
        if state.over:
            break
        state.apply("roll")
        again.apply("roll")
        assert again.snapshot() == {**state.snapshot(), "history": again.history}


def test_results_forced_for_whatever_rolls_next_cannot_be_written():
    state = load(RACE).build()
    state.rng.force(6)
    with pytest.raises(ScenarioError, match="force them by purpose"):
        write_scenario(state, GAME, players=["Ann", "Ben"])


def test_the_generator_state_continues_identically():
    rng = Rng(12345)
    rng.roll(6)
    twin = Rng(rng.state)
    assert [twin.below(1000) for _ in range(5)] == [rng.below(1000) for _ in range(5)]


PLAIN = {
    "game": "pgt",
    "title": 'Guard "first", then\troll\nagain — 先にガード',
    "players": ["Ann", "Ben"],
    "seed": 2**64 - 1,
    "script": ["attack:F1:E2", {"action": "guard:F3", "random": {"dice": [6]}}],
    "position": {
        "turn": 3,
        "on": True,
        "p1": {
            "hand": ["card-18", "card-40"],
            "deck": [f"card-{n}" for n in range(40)],
            "F1": {"card": "card-18", "face": "up", "rested": False, "damage": 2},
            "pending": [{"step": "window", "args": ["main", 0, 1]}],
        },
        "odd key": {"p2.F1.hp": 1, "": [], "deep": {"a": {"b": [[1, 2], []]}}},
        "big": [{"step": "window " * 12, "n": i} for i in range(2)],
    },
    "expect": [{"after": 1, "values": {"p2.F1.hp": 1}}, {"legal": []}],
}


def test_toml_text_reads_back_as_the_same_data():
    text = toml_text(PLAIN)
    assert tomllib.loads(text) == PLAIN
    assert all(len(line) <= 100 for line in text.splitlines())


def test_a_field_is_found_on_the_line_of_its_entry():
    source = Source("s.toml", 'script = [\n  "a",  # [x\n  { action = "b\\"]" },\n  "c",\n]\n')
    assert [source.line_of(f"script.{n}") for n in (1, 2, 3)] == [2, 3, 4]
    assert source.line_of("script") == 1


@pytest.mark.parametrize("first", [0, 1])
def test_a_file_without_a_position_is_a_new_deal_that_its_forced_results_reach(first):
    """The first player is drawn while the game is dealt; a scenario with no
    `[position]` deals from its seed with `[random]` forced from the first draw."""
    from tcglab.engine.scenario_file import load_scenario

    text = f'game = "pm"\nplayers = ["Ann", "Ben"]\nseed = 12\n[random]\nfirst_player = {first}\n'
    state = load_scenario("deal.toml", text).start()
    assert state.first == first and state.to_move == first
    assert state.events_for(None)[0]["message"] == f"P{first + 1} goes first (coin toss)"
