"""The kernel's card-table reader: fields every card has, complaints naming the file,
the card and the field, and how every card's public face begins."""

from typing import NamedTuple

import pytest

from tcglab.engine import CardDataError
from tcglab.engine.cardfile import FieldReader, face


def test_every_card_has_an_id_and_two_names():
    entry = {"id": "AB-01", "name_ja": "火花", "name_en": "Spark", "level": 2}
    assert FieldReader("cards.toml", entry, 0).names() == {
        "id": "AB-01",
        "name_ja": "火花",
        "name_en": "Spark",
    }


def test_a_missing_name_is_named_with_its_file_and_card():
    reader = FieldReader("cards.toml", {"id": "AB-02", "name_ja": "霜"}, 1)
    with pytest.raises(CardDataError) as caught:
        reader.names()
    assert str(caught.value) == (
        "cards.toml: card AB-02: field 'name_en': missing or not a non-empty string"
    )


class Spark(NamedTuple):
    id: str
    name_ja: str
    name_en: str


def test_a_face_begins_with_the_id_and_both_names():
    assert face(Spark("AB-01", "火花", "Spark")) == {
        "id": "AB-01",
        "name": "Spark",
        "name_ja": "火花",
    }
