"""The card files: the shipped set (G4-1) and the errors a malformed file gives."""

import re
import shutil
from collections import Counter

import pytest

from tcglab.engine.errors import CardDataError, TcglabError
from tcglab.games.higurashi.cards import CARD_DIR, COLOURS, card_set, read_card_set


def test_shipped_set_loads():
    """G4-1.1 60 characters, 12 of each background colour; G4-1.2 60 event cards."""
    cards = read_card_set(CARD_DIR)
    assert len(cards.characters) == 60
    assert Counter(c.colour for c in cards.characters) == dict.fromkeys(COLOURS, 12)
    assert sum(e.copies for e in cards.events) == 60
    assert len({c.id for c in cards.characters}) == 60
    assert len({e.id for e in cards.events}) == len(cards.events)
    assert cards.digest == card_set().digest


def test_every_card_has_japanese_and_english_text():
    cards = card_set()
    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    for card in cards.characters:
        assert japanese.search(card.name_ja) and not japanese.search(card.name_en)
    for card in cards.events:
        assert japanese.search(card.name_ja) and japanese.search(card.text_ja)
        assert not japanese.search(card.name_en + card.text_en)


@pytest.fixture
def copy(tmp_path):
    """A writable copy of the card files; returns a function that edits one file."""
    for name in ("characters.toml", "events.toml"):
        shutil.copy(CARD_DIR / name, tmp_path / name)

    def edit(name: str, old: str, new: str, count: int = 1):
        path = tmp_path / name
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new, count), encoding="utf-8")
        return tmp_path

    return edit


def fails(directory, *words):
    with pytest.raises(CardDataError) as caught:
        read_card_set(directory)
    message = str(caught.value)
    assert "\n" not in message
    for word in words:
        assert word in message, message
    return message


def test_error_is_a_tcglab_error():
    assert issubclass(CardDataError, TcglabError)


def test_bad_toml(copy):
    directory = copy("characters.toml", 'id = "C07"', 'id = "C07')
    fails(directory, "characters.toml", "not valid TOML", "line")


def test_missing_field(copy):
    directory = copy("characters.toml", 'name_en = "Rinka Akagi"\n', "")
    fails(directory, "characters.toml", "card C02", "'name_en'", "missing")


def test_missing_number(copy):
    directory = copy("characters.toml", "points = 4\n", "", 1)  # the first 4-point card: C03
    fails(directory, "characters.toml", "card C03", "'points'", "missing")


def test_wrong_type(copy):
    directory = copy("characters.toml", "attack = 6", 'attack = "six"')
    fails(directory, "characters.toml", "card C01", "'attack'", "whole number from 0 to 9")


def test_boolean_is_not_a_number(copy):
    directory = copy("characters.toml", "defence = 0", "defence = true")
    fails(directory, "card C01", "'defence'")


def test_out_of_range(copy):
    directory = copy("characters.toml", "attack = 6", "attack = 12")
    fails(directory, "card C01", "'attack'", "12")


def test_unknown_field(copy):
    directory = copy("characters.toml", 'colour = "red"', 'colour = "red"\ntag = "C02"')
    fails(directory, "characters.toml", "card C01", "'tag'", "unknown field")


def test_bad_colour(copy):
    directory = copy("characters.toml", 'colour = "red"', 'colour = "orange"')
    fails(directory, "card C01", "'colour'", "red, blue, green, yellow, purple", "'orange'")


def test_unknown_effect(copy):
    directory = copy("events.toml", 'kind = "stat"', 'kind = "teleport"')
    fails(directory, "events.toml", "card E01", "'effects[1].kind'", "'teleport'")


def test_effect_needs_its_fields(copy):
    directory = copy("events.toml", ', duration = "turn"', "")
    fails(directory, "events.toml", "card E01", "'effects[1].duration'", "turn, next_turn")


def test_effect_must_change_something(copy):
    directory = copy("events.toml", "attack = 2, ", "")
    fails(directory, "card E01", "'effects[1].kind'", "must change something")


def test_field_foreign_to_the_effect(copy):
    directory = copy(
        "events.toml", '{ kind = "steal", target = "sideways" }', '{ kind = "steal", amount = 2 }'
    )
    fails(directory, "events.toml", "card E11", "'effects[1].amount'", "unknown field")


def test_no_target_where_nothing_is_chosen(copy):
    directory = copy(
        "events.toml",
        '{ kind = "draw", amount = 2 }',
        '{ kind = "draw", amount = 2, target = "face_up" }',
    )
    fails(directory, "card E21", "'effects[1].target'", "unknown field")


def test_timing_must_suit_the_effect(copy):
    directory = copy("events.toml", 'timing = "own_roll"', 'timing = "main"')
    fails(directory, "events.toml", "card E07", "'effects[1].kind'", "own_roll, enemy_roll")


def test_area_must_suit_the_effect(copy):
    directory = copy(
        "events.toml", 'kind = "stat", area = "own_char"', 'kind = "stat", area = "roll"'
    )
    fails(directory, "card E01", "'effects[1].area'", "own_char, all_own, enemy_char")


def test_bad_chance(copy):
    directory = copy("events.toml", "at_least = 5", "at_least = 9")
    fails(directory, "card E12", "'effects[1].at_least'", "2 to 6")


def test_a_card_needs_an_effect(copy):
    directory = copy("events.toml", 'effects = [{ kind = "draw", amount = 2 }]', "effects = []")
    fails(directory, "card E21", "'effects'", "at least one")


def test_parts_on_one_character_must_agree(copy):
    """Parts that act on the chosen character act on one character, so they must
    describe it alike: a peek at a face-down card cannot steal a face-up one."""
    directory = copy(
        "events.toml",
        '{ kind = "chance", at_least = 5 }',
        '{ kind = "peek", target = "face_down" }',
    )
    fails(directory, "card E12", "'effects'", "differ")


def test_free_prose_is_refused(copy):
    """The text a player reads is written from the effects, never typed in beside them."""
    directory = copy(
        "events.toml",
        'copies = 4\ntiming = "main"',
        'copies = 4\ntext_en = "Win."\ntiming = "main"',
    )
    fails(directory, "card E01", "'text_en'", "unknown field")


def test_duplicate_id(copy):
    directory = copy("characters.toml", 'id = "C02"', 'id = "C01"')
    fails(directory, "characters.toml", "card C01", "used twice")


def test_duplicate_event_id(copy):
    directory = copy("events.toml", 'id = "E02"', 'id = "E01"')
    fails(directory, "events.toml", "card E01", "used twice")


def test_card_without_id_is_named_by_position(copy):
    directory = copy("characters.toml", 'id = "C01"\n', "")
    fails(directory, "card #1", "'id'")


def test_wrong_character_count(copy, tmp_path):
    path = tmp_path / "characters.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.rindex("[[character]]")], encoding="utf-8")
    fails(tmp_path, "characters.toml", "60 character cards", "59")


def test_wrong_event_count(copy):
    directory = copy("events.toml", "copies = 4", "copies = 5")
    fails(directory, "events.toml", "60 event cards", "61")


def test_missing_file(tmp_path):
    fails(tmp_path, "characters.toml", "cannot read")


def test_no_card_tables(copy, tmp_path):
    (tmp_path / "events.toml").write_text('title = "nothing"\n', encoding="utf-8")
    fails(tmp_path, "events.toml", "[[event]]")
