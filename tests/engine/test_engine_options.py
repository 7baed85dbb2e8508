"""Rule options and a game's checks of its arguments: values from code and from the
command line, and a one-line message for every value refused."""

from typing import NamedTuple

import pytest
from toy_game import GAME

from tcglab.engine import BadOption, Game, RuleOption
from tcglab.engine.decklist import DeckFormat, DeckList

FLAG = RuleOption("open_hands", False, "cards are held face-up", "toy-3")
LIMIT = RuleOption("hand_limit", 5, "most cards held", "toy-5", minimum=1)
ROUNDS = RuleOption("round_limit", 40, "rounds to play", "toy-9", minimum=1, maximum=100)
CEILING = RuleOption("bid", 0, "highest bid", "toy-10", maximum=50)
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


@pytest.mark.parametrize("value", [1, 100, "1", "100"])
def test_whole_numbers_within_minimum_and_maximum(value):
    assert ROUNDS.check(value) == int(value)


@pytest.mark.parametrize("value", [0, 101, 2**64, "101", str(2**64), -(2**64)])
def test_whole_numbers_refuse_past_the_maximum(value):
    assert "a whole number from 1 to 100" in refused(ROUNDS, value)


def test_a_maximum_alone():
    assert CEILING.check(-7) == -7 and CEILING.check(50) == 50
    assert refused(CEILING, 51) == "option bid takes a whole number <= 50, not 51"


@pytest.mark.parametrize("value", [2**53 + 1, -(2**53) - 1, 10**30, "9007199254740993"])
def test_whole_numbers_past_what_json_carries_never_pass(value):
    """Options travel as JSON, whose numbers are exact only up to 2**53."""
    refused(COUNT, value)
    refused(LIMIT, value)
    assert COUNT.check(2**53) == 2**53 and COUNT.check(-(2**53)) == -(2**53)


def test_very_long_numbers_are_refused_on_one_short_line():
    for value in ("7" * 5000, 10**5000):
        message = refused(LIMIT, value)
        assert len(message) < 120, message
    assert refused(LIMIT, 10**5000).endswith("not a number of about 5001 digits")


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
    assert ROUNDS.accepted() == "a whole number from 1 to 100"
    assert CEILING.accepted() == "a whole number <= 50"
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
        assert str(caught.value) == f"dicerace is played by 2 to 3 players, not {players!r}"
    with pytest.raises(BadOption):
        GAME.new_state(5, options={"target": 0})


def test_games_without_decks_say_so():
    assert GAME.prebuilt_decks() == {}
    for call in (GAME.check_deck, GAME.deck_ids, GAME.read_deck):
        with pytest.raises(BadOption, match="dicerace is not played with constructed decks"):
            call("3 ember")


class DeckedRace(type(GAME)):
    """The toy game played with decks of exactly four cards."""

    def deck_list(self, text: str) -> DeckList:
        return DeckFormat(largest_deck=10).read(text, {"ember", "frost"})

    def deck_rules(self, deck: DeckList) -> list[str]:
        return [] if deck.size == 4 else [f"{deck.size} cards; a deck has 4"]


def test_a_game_with_decks_gives_its_reader_and_its_rules():
    game = DeckedRace()
    assert game.check_deck("3 ember\n1 frost") == []
    assert game.read_deck("3 ember\n1 frost") == ["ember", "ember", "ember", "frost"]
    assert game.check_deck("3 ember\n1 smoke") == [
        "line 2: no card has the id 'smoke'",
        "3 cards; a deck has 4",
    ]
    with pytest.raises(BadOption, match="not legal: 3 cards; a deck has 4"):
        game.read_deck("3 frost")


class Printed(NamedTuple):
    id: str
    info: dict


class PrintedSet(NamedTuple):
    cards: tuple
    digest: str


class PrintedRace(type(GAME)):
    """The toy game with a printed card set of two cards."""

    card_digest = Game.card_digest

    @property
    def cards(self) -> PrintedSet:
        return PrintedSet((Printed("ember", {"name": "Ember"}), Printed("frost", {})), "c0ffee")


def test_the_faces_and_the_digest_come_from_the_card_set():
    game = PrintedRace()
    assert game.card_faces() == {"ember": {"name": "Ember"}, "frost": {}}
    assert game.card_digest() == "c0ffee"
    assert GAME.cards is None and GAME.card_faces() == {}


def test_a_game_is_listed_by_its_id_name_and_players():
    assert GAME.info() == {
        "id": "dicerace",
        "name": "Dice Race (ダイスレース)",
        "min_players": 2,
        "max_players": 3,
        "default_players": 2,
    }


def test_render_defaults_to_the_observation_as_json():
    text = GAME.render(GAME.new_state(5).observe(0))
    assert text.startswith("{") and '"scores"' in text


@pytest.mark.parametrize("given", [["first_player"], "first_player=p1", 3])
def test_options_that_are_not_a_mapping_are_one_line_refusals(given):
    with pytest.raises(BadOption, match="options are given as a mapping of option name to value"):
        GAME.resolve_options(given)
