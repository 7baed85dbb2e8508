"""Rule options and a game's checks of its arguments: values from code and from the
command line, and a one-line message for every value refused."""

import pytest
from toy_game import GAME

from tcglab.engine import BadOption, RuleOption

FLAG = RuleOption("open_hands", False, "cards are held face-up", "toy-3")
LIMIT = RuleOption("hand_limit", 5, "most cards held", "toy-5", minimum=1)
COUNT = RuleOption("rounds", 3, "rounds to play", "toy-6")
MODE = RuleOption("tiebreak", "share", "who wins a tie", "toy-7", choices=("share", "first"))
SIDES = RuleOption("sides", 6, "faces of the die", "toy-2", choices=(6, 8))
NOTE = RuleOption("table_name", "table", "a name for the table", "toy-8")


def refused(option: RuleOption, value) -> str:
    with pytest.raises(BadOption) as caught:
        option.check(value)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(f"option {option.name} takes ")
    return message


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("true", True),
        ("YES", True),
        (" on ", True),
        ("1", True),
        ("false", False),
        ("No", False),
        ("off", False),
        ("0", False),
    ],
)
def test_flags_read_the_usual_words(text, value):
    assert FLAG.check(text) is value


@pytest.mark.parametrize("value", ["maybe", "", "2", "tru", 1, 0, None, 1.0])
def test_flags_refuse_anything_else(value):
    assert "true or false" in refused(FLAG, value)


def test_flags_take_booleans():
    assert FLAG.check(True) is True and FLAG.check(False) is False


@pytest.mark.parametrize(("value", "expected"), [(1, 1), (7, 7), ("5", 5), (" 12 ", 12)])
def test_whole_numbers(value, expected):
    assert LIMIT.check(value) == expected


@pytest.mark.parametrize("value", [0, -3, "0", "many", "2.5", 2.5, True, None])
def test_whole_numbers_refuse_others_and_respect_the_minimum(value):
    assert "a whole number >= 1" in refused(LIMIT, value)


def test_whole_numbers_without_minimum():
    assert COUNT.check(-2) == -2 and COUNT.check("0") == 0
    assert refused(COUNT, "x") == "option rounds takes a whole number, not 'x'"


def test_choices():
    assert MODE.check("first") == "first"
    assert SIDES.check("8") == 8 and SIDES.check(6) == 6
    assert refused(MODE, "coin") == "option tiebreak takes 'share' or 'first', not 'coin'"
    assert refused(SIDES, "7") == "option sides takes 6 or 8, not 7"
    assert refused(SIDES, 10) == "option sides takes 6 or 8, not 10"
    refused(MODE, 3)


def test_free_text():
    assert NOTE.check("kitchen") == "kitchen"
    assert refused(NOTE, 3) == "option table_name takes text, not 3"


def test_accepted_describes_each_kind():
    assert FLAG.accepted() == "true or false"
    assert LIMIT.accepted() == "a whole number >= 1"
    assert COUNT.accepted() == "a whole number"
    assert MODE.accepted() == "'share' or 'first'"
    assert NOTE.accepted() == "text"


# -- a game's arguments ------------------------------------------------------------


def test_resolve_options_defaults_the_rest_and_checks_the_given():
    defaults = {"target": 10, "sides": 6, "open_hands": False, "turn_limit": 30}
    assert GAME.resolve_options() == GAME.resolve_options({}) == defaults
    assert GAME.resolve_options({"target": "12", "open_hands": "yes"}) == {
        **defaults,
        "target": 12,
        "open_hands": True,
    }


def test_unknown_option_names_the_known_ones():
    with pytest.raises(BadOption) as caught:
        GAME.resolve_options({"speed": 2})
    assert str(caught.value) == (
        "dicerace has no rule option 'speed'; options: target, sides, open_hands, turn_limit"
    )


def test_new_state_checks_options_and_players():
    state = GAME.new_state(5, options={"sides": "8"})
    assert state.options["sides"] == 8
    assert state.players == GAME.default_players
    assert GAME.new_state(5, 3).players == 3
    for players in (1, 4, 0, "2", 2.0, True):
        with pytest.raises(BadOption) as caught:
            GAME.new_state(5, players)
        assert str(caught.value) == f"dicerace is played by 2 to 3 players, not {players}"
    with pytest.raises(BadOption):
        GAME.new_state(5, options={"target": 0})


def test_games_without_decks_say_so():
    assert GAME.prebuilt_decks() == {}
    with pytest.raises(BadOption, match="dicerace is not played with constructed decks"):
        GAME.check_deck("3 ember")


def test_render_defaults_to_the_observation_as_json():
    text = GAME.render(GAME.new_state(5).observe(0))
    assert text.startswith("{") and '"scores"' in text
