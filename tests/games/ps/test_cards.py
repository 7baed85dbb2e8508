"""The shipped card pool (PS-11, PS-GAP-18) and its loader's complaints."""

from collections import Counter

import pytest

from tcglab.engine.errors import CardDataError
from tcglab.games.ps import GAME
from tcglab.games.ps.cards import EFFECTS, build_card_set, parse_sense

from .builder import WORKS, char


def test_ps_gap_18_an_original_pool_of_at_least_90_cards_over_3_works():
    # PS-GAP-18
    cards = GAME.cards.cards
    assert len(cards) >= 90 and len({c.id for c in cards}) == len(cards)
    works = Counter(c.work for c in cards if c.kind == "character")
    assert len(works) >= 3 and min(works.values()) >= 15
    for card in cards:
        assert card.name_ja and card.name_en
        assert card.name_ja != card.name_en


def test_every_mechanic_appears_on_several_cards():
    cards = GAME.cards.cards
    chars = [c for c in cards if c.kind == "character"]
    effects = Counter(c.effect.kind for c in cards if c.kind == "event")
    effects.update(c.ability.kind for c in chars if c.ability)
    assert all(effects[kind] >= 2 for kind in EFFECTS), effects
    senses = Counter("add" if c.sense.add else "multiply" for c in chars)
    assert senses["add"] >= 10 and senses["multiply"] >= 10
    assert Counter(len(c.support) for c in chars).keys() == {1, 2, 3}
    assert sum(1 for c in chars if c.ability and c.ability.cost == "exhaust") >= 5
    assert sum(1 for c in cards if c.kind == "event" and c.effect.timing == "battle") >= 3
    names = Counter(c.name_en for c in chars)
    assert sum(1 for count in names.values() if count > 1) >= 6  # versions of a heroine


def test_every_card_has_japanese_and_english_texts():
    for card in GAME.cards.cards:
        if card.kind == "event":
            assert card.text_ja and card.text_en
        elif card.ability:
            assert card.ability_text_ja and card.ability_text_en


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        ({"life": 0}, "field 'life'"),
        ({"sense": "x"}, "field 'sense'"),
        ({"work": "nowhere"}, "field 'work'"),
        ({"support": []}, "field 'support'"),
        ({"colour": "red"}, "field 'colour': unknown field"),
        ({"ability": {"effect": "fly"}}, "field 'ability.name_ja'"),
    ],
)
def test_bad_card_data_names_file_card_and_field(entry, problem):
    table = char("BAD1", 1, "0", 2)
    table.update(entry)
    with pytest.raises(CardDataError, match=f"test file: card BAD1: {problem}"):
        build_card_set(WORKS, [table], [], "test file")


def test_sense_notation():
    assert parse_sense("x1/2") == parse_sense("×1/2") and parse_sense("/2").den == 2
    assert parse_sense("0").text == "0" and parse_sense("-2").text == "-2"
    with pytest.raises(ValueError):
        parse_sense("half")
