"""The worked examples of docs/engine.md ("Adding a card", "Adding an effect kind"), run
exactly as the docs print them, so the docs cannot drift from the code."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tcglab.games.ps import parts
from tcglab.games.ps.cards import build_card_set, card_set

from .builder import CHARACTERS, EVENTS, WORKS, build, field, play, unit

DOC = Path(__file__).resolve().parents[3] / "docs" / "engine.md"


def _blocks(section: str, language: str) -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    body = text.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(rf"```{language}\n(.*?)```", body, re.S)


@pytest.fixture
def expose():
    """The docs' new part, registered for one test and forgotten afterwards."""
    (code,) = _blocks("Adding an effect kind", "python")
    exec(compile(code, str(DOC), "exec"), {})
    yield parts.PARTS["expose"]
    del parts.PARTS["expose"]


def test_the_card_of_adding_a_card_reads_as_the_docs_say():
    (toml,) = _blocks("Adding a card", "toml")
    entry = tomllib.loads(toml)["event"][0]
    card = card_set().card(entry["id"])
    assert (card.name_en, card.level) == (entry["name_en"], entry["level"])
    assert card.text_en == (
        "Remove up to 2 damage from one of your damaged characters. Draw 1 card."
    )


def test_the_new_part_of_the_docs_plays_and_writes_its_own_text(expose):
    (toml,) = _blocks("Adding an effect kind", "toml")
    entry = tomllib.loads(toml)["event"][0]
    cards = build_card_set(WORKS, CHARACTERS, [*EVENTS, entry], "docs example")
    assert cards.card("EV28").text_en == (
        "One of the opponent's characters takes 2 more damage until end of turn."
    )
    st = build([[], ["D1"]], hands={0: ["EV28", "E_STRIKE"]}, energy=[2, 0], cards=cards)
    play(st, "play EV28", "target 1", "play E_STRIKE", "target 1")
    assert field(st, 1) == []  # 2 effect damage + 2 more: D1's 3 life is gone


def test_without_the_opening_the_same_strike_leaves_the_character_standing():
    st = build([[], ["D1"]], hands={0: ["E_STRIKE"]}, energy=[2, 0])
    play(st, "play E_STRIKE", "target 1")
    assert unit(st, 1, "D1").damage == 2
