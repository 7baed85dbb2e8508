"""Abilities as parts: every ability of the shipped cards reads, in both languages,
exactly as its parts write it, and every kind of part is on some card."""

import re

import pytest

from tcglab.games.pgt import GAME
from tcglab.games.pgt.parts import PARTS, conditions, parts_of, text

CARDS = GAME.cards.cards
ABILITIES = [(card, index, ab) for card in CARDS for index, ab in enumerate(card.abilities)]
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
ENGLISH = re.compile(r"[A-Za-z]{3,}")
SEPARATOR = r"(?:, |; |、)"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_ability_reads_as_its_parts_write_it(lang):
    """An ability's text is its activation condition (PGT-9.5), then what each of its
    parts says, in order, and nothing else; a continuous ability is its one part."""
    for card, _index, ab in ABILITIES:
        found = parts_of(ab)
        pieces = [part.say(args, lang) for part, args in found]
        assert pieces and all(pieces), (card.id, ab.text)
        content = SEPARATOR.join(re.escape(piece) for piece in pieces)
        if ab.activated:
            head = re.escape(conditions(ab, lang)) + ("：" if lang == "ja" else ": ")
            content = head + content
        assert re.fullmatch(content, text(ab, lang)), (card.id, ab.text, text(ab, lang))


def test_japanese_texts_are_japanese():
    for card, _index, ab in ABILITIES:
        ja = text(ab, "ja")
        assert JAPANESE.search(ja), (card.id, ja)
        assert set(ENGLISH.findall(ja)) <= {"def", "cnt"}, (card.id, ja)  # P-def, 星cnt


def test_the_card_text_players_read_is_the_parts_text():
    """What a card shows in English (its `abilities_en`) is what its parts say."""
    for card in CARDS:
        assert card.info["abilities_en"] == [text(ab) for ab in card.abilities], card.id


def test_every_kind_of_part_is_on_some_card():
    used = {part.key for _card, _index, ab in ABILITIES for part, _args in parts_of(ab)}
    assert used == set(PARTS)
