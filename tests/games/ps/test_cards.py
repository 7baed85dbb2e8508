"""The shipped card pool (PS-11, PS-GAP-18) and its loader's complaints."""

from collections import Counter

import pytest

from tcglab.engine.errors import CardDataError
from tcglab.games.ps import GAME
from tcglab.games.ps.cards import build_card_set, parse_sense
from tcglab.games.ps.parts import PARTS

from .builder import WORKS, char, ev, part


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
    effects = Counter(p.kind for c in cards if c.kind == "event" for p in c.effect.parts)
    effects.update(p.kind for c in chars if c.ability for p in c.ability.parts)
    assert all(effects[kind] >= 2 for kind in PARTS), effects
    senses = Counter("add" if c.sense.add else "multiply" for c in chars)
    assert senses["add"] >= 10 and senses["multiply"] >= 10
    assert Counter(len(c.support) for c in chars).keys() == {1, 2, 3}
    assert sum(1 for c in chars if c.ability and c.ability.cost == "exhaust") >= 5
    assert sum(1 for c in cards if c.kind == "event" and c.effect.timing == "battle") >= 3
    names = Counter(c.name_en for c in chars)
    assert sum(1 for count in names.values() if count > 1) >= 6  # versions of a heroine


def effect_of(card):
    return card.effect if card.kind == "event" else card.ability


def test_every_part_kind_appears_on_some_card():
    used = {p.kind for c in GAME.cards.cards if effect_of(c) for p in effect_of(c).parts}
    assert used == set(PARTS)


def test_every_printed_text_is_what_the_cards_parts_generate():
    """The text a player reads (the card face the server and the labels show) is
    generated from the card's parts, in both languages; no card file carries prose."""
    for card in GAME.cards.cards:
        effect = effect_of(card)
        if effect is None:
            assert card.info["ability"] is None
            continue
        face = card.info if card.kind == "event" else card.info["ability"]
        assert face["text"] == effect.text("en") and face["text"]
        assert face["text_ja"] == effect.text("ja") and face["text_ja"]
        assert face["effects"] == [p.info() for p in effect.parts]
        assert face["text"] != face["text_ja"]


@pytest.mark.parametrize(
    ("card_id", "en", "ja"),
    [
        (
            "EV01",
            "Give one of your characters +2 technique until end of turn.",
            "自分のキャラクター1体のテクニックをターン終了時まで+2する。",
        ),
        (
            "EV02",
            "While this event stays on the field, all your characters get +1 technique.",
            "このイベントが場にある間、自分のキャラクター全員のテクニックは+1される。",
        ),
        (
            "EV18",
            "Place only during a battle. One of your characters takes 2 less damage "
            "until end of turn.",
            "バトル中にのみ配置できる。自分のキャラクター1体が受けるダメージを"
            "ターン終了時まで2減らす。",
        ),
        ("EV13", "Draw 2 cards.", "カードを2枚引く。"),
        (
            "SH04",
            "Exhaust this character: remove up to 2 damage from one of your damaged "
            "characters. (Once per turn.)",
            "このキャラクターを消耗状態にする：ダメージを受けている自分のキャラクター1体から、"
            "ダメージを2点まで取り除く。（1ターンに1回）",
        ),
    ],
)
def test_generated_texts_read_as_printed(card_id, en, ja):
    card = GAME.cards.card(card_id)
    effect = effect_of(card)
    assert (effect.text("en"), effect.text("ja")) == (en, ja)


def test_a_card_combines_parts_and_its_text_follows_them():
    cards = build_card_set(
        WORKS, [], [ev("COMBO", 1, None, parts=[part("strike", 1), part("draw", 2)])], "t"
    )
    effect = cards.card("COMBO").effect
    assert [p.kind for p in effect.parts] == ["strike", "draw"]
    assert effect.text("en") == "Deal 1 damage to one of the opponent's characters. Draw 2 cards."
    assert effect.text("ja") == "相手のキャラクター1体に1点のダメージを与える。カードを2枚引く。"


@pytest.mark.parametrize(
    ("parts", "problem"),
    [
        ([], "field 'effects': must list 1 to 3 parts"),
        ([part("fly")], "field 'effects.1.kind'"),
        ([part("strike")], "field 'effects.1.amount'"),
        ([part("ready", 1)], "field 'effects.1.amount': a ready part takes no amount"),
        ([part("strike", 1, "turn")], "field 'effects.1.duration'"),
        ([part("strike", 1), part("heal", 1)], "field 'effects': at most one part may be aimed"),
        ([{"kind": "draw", "amount": 1, "text_en": "Draw."}], "field 'effects.1.text_en'"),
    ],
)
def test_bad_effect_parts_name_the_field(parts, problem):
    with pytest.raises(CardDataError, match=f"test file: card BAD: {problem}"):
        build_card_set(WORKS, [], [ev("BAD", 1, None, parts=parts)], "test file")


def test_abilities_last_no_longer_than_the_turn():
    table = char("BAD1", 1, "0", 2, ability={"effect": "boost", "amount": 1, "duration": "field"})
    with pytest.raises(CardDataError, match=r"field 'ability\.effects\.1\.duration'"):
        build_card_set(WORKS, [table], [], "test file")


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        ({"life": 0}, "field 'life'"),
        ({"sense": "x"}, "field 'sense'"),
        ({"work": "nowhere"}, "field 'work'"),
        ({"support": []}, "field 'support'"),
        ({"colour": "red"}, "field 'colour': unknown field"),
        ({"ability": {"effects": []}}, "field 'ability.name_ja'"),
        (
            {"ability": {"name_ja": "技", "name_en": "Knack", "text_en": "x"}},
            "field 'ability.text_en': unknown field",
        ),
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
