"""The card set and the ability notation (PGT-3.1, PGT-4, PGT-9, PGT-13)."""

from collections import Counter
from pathlib import Path

import pytest

from tcglab.engine.errors import BadOption, CardDataError, TcglabError
from tcglab.games.pgt import GAME
from tcglab.games.pgt.attributes import ATTRIBUTES
from tcglab.games.pgt.cards import read_card_set
from tcglab.games.pgt.notation import NotationError, parse_ability
from tcglab.games.pgt.odds import odds_report

CARDS = GAME.cards.cards


def test_every_card_parses_and_has_both_languages():
    """PGT-3.1 180 cards; every ability reads in the notation."""
    assert len(CARDS) == 180
    for card in CARDS:
        assert card.name_ja and card.name_en and card.abilities
        for ability in card.abilities:
            assert parse_ability(ability.text) == ability


@pytest.mark.parametrize(
    "mechanic",
    [
        "innocence",
        "counter",
        "bodyguard",
        "A",
        "T",
        "R",
        "cnt",
        "once",
        "range2",
        "range3",
        "P",
        "M",
        "attr",
        "boost",
        "reroll",
        "enemy_reroll",
        "disrupt",
        "multi",
        "reveal",
        "hide",
        "add_counters",
        "draw",
        "peek",
        "recall",
        "defence",
        "bane",
        "ward",
    ],
)
def test_every_mechanic_is_on_several_cards(mechanic):
    def has(ab):
        effects = {e[0] for e in ab.effects} | {e[1] for e in ab.effects if e[0] == "named"}
        return {
            "innocence": ab.keyword == "innocence",
            "counter": ab.keyword == "counter",
            "bodyguard": ab.keyword == "bodyguard",
            "A": ab.is_attack,
            "T": "T" in ab.conditions,
            "R": ab.on_flip,
            "cnt": bool(ab.counter_cost),
            "once": ab.once_per_round,
            "range2": ab.strike is not None and ab.range == 2,
            "range3": ab.strike is not None and ab.range == 3,
            "P": ab.strike is not None and ab.strike.mode == "P",
            "M": ab.strike is not None and ab.strike.mode == "M",
            "attr": ab.strike is not None and bool(ab.strike.attribute),
            "multi": ab.max_targets > 1,
            "bane": bool(ab.bane),
            "ward": bool(ab.ward),
        }.get(mechanic, mechanic in effects)

    assert sum(any(has(a) for a in c.abilities) for c in CARDS) >= 3


def test_parties_of_three_to_six_fit_ten_points():
    """PGT-8.1.1: score 1 to 4, about 2 on average, so 4-6 characters make a party."""
    scores = sorted(c.score for c in CARDS)
    assert scores[0] >= 1 and scores[-1] <= 4
    assert 1.8 <= sum(scores) / len(scores) <= 2.2 and sum(scores[:6]) <= 10


def test_defences_stay_in_the_ranges_of_the_set():
    """PGT-4.4 / PGT-4.5: P-def 2 to 12 and M-def 3 to 12, as the set has always had."""
    assert all(2 <= c.pdef <= 12 and 3 <= c.mdef <= 12 for c in CARDS)


def test_every_card_plays_its_own_part():
    """At least 140 different ability lists among the 180 cards."""
    assert len({tuple(c.info["abilities"]) for c in CARDS}) >= 140


def test_every_name_is_its_own_and_no_family_is_too_large():
    """No full name twice in either language; a family name on 3 cards at most."""
    assert len({c.name_ja for c in CARDS}) == len({c.name_en for c in CARDS}) == 180
    families = Counter(c.name_ja.split(" ")[0] for c in CARDS)
    assert max(families.values()) <= 3
    assert all(len(c.name_ja.split(" ")) == len(c.name_en.split(" ")) == 2 for c in CARDS)


def test_attributes_matter_on_many_cards_of_every_attribute():
    """PGT-GAP-21: 特攻 and 耐性 are the texts that refer to attributes; at least 20 cards
    carry one, cards of every attribute carry them and every attribute is named."""
    carriers = [c for c in CARDS if any(a.bane or a.ward for a in c.abilities)]
    assert len(carriers) >= 20
    assert {c.attribute for c in carriers} == set(ATTRIBUTES)
    named = Counter(e[0] for c in carriers for a in c.abilities for e in (a.bane, a.ward) if e)
    assert set(named) == set(ATTRIBUTES) and min(named.values()) >= 3


@pytest.mark.parametrize(
    "text, position",
    [
        ("Ｘ：P3D", 1),
        ("Ａ：P3D ほげ", 7),
        ("Ａ：表向き", 1),
        ("０：ドロー1", 1),
        ("カウンター M2D", 7),
        ("Ａ：P9D", 3),
        ("Ｔ：《謎》", 3),
    ],
)
def test_notation_errors_give_the_position(text, position):
    with pytest.raises(NotationError, match=f"position {position}:"):
        parse_ability(text)


def test_bad_card_file_names_card_and_ability(tmp_path: Path):
    (tmp_path / "bad.toml").write_text(
        '[[card]]\nid = "X1"\nname_ja = "試"\nname_en = "Test"\nscore = 1\npdef = 1\n'
        'mdef = 1\nattribute = "火"\nabilities = ["Ａ：P3D ほげ"]\n',
        encoding="utf-8",
    )
    with pytest.raises(CardDataError, match=r"card X1: ability 1 .*position 7"):
        read_card_set(tmp_path, count=None)


def test_odds_expression_error_is_one_line():
    with pytest.raises(TcglabError, match="expected something like 3D\\+1"):
        odds_report("three dice", 8)


def test_deck_check_names_the_lines_of_the_text():
    """Comments and blank lines count as lines; a count no deck can hold (the set has
    180 cards, each once, PGT-15.2) is refused on its line without building anything."""
    text = "# my draft deck\n001\n\n999  # a typo\n60000000 002\n"
    assert GAME.check_deck(text) == [
        "line 4: no card '999' (ids run 001 to 180)",
        "line 5: 60000000 copies of 002 are more than any deck holds (at most 180 cards)",
        "1 cards: a deck needs at least 10 (a draft deck has 18)",
    ]
    with pytest.raises(BadOption, match=r"^the deck list is not legal: line 4: no card '999'"):
        GAME.read_deck(text)
    ids = [f"{n:03d}" for n in range(1, 19)]
    assert GAME.read_deck("# eighteen\n" + "\n".join(ids)) == ids


def test_two_decks_sharing_a_card_are_refused_by_its_number_and_name():
    """The set holds each of its 180 cards once (PGT-3.1), so two players' decks cannot
    both hold one; the refusal names the card so a deck builder can find it."""
    mine = [f"{n:03d}" for n in range(1, 19)]
    theirs = [f"{n:03d}" for n in range(18, 36)]
    with pytest.raises(BadOption) as caught:
        GAME.new_state(0, 2, None, [mine, theirs])
    name = GAME.cards.card("018").name_en
    assert str(caught.value) == (
        f"card 018 ({name}) is in both decks; each card exists once (PGT-3.1)"
    )
    assert GAME.new_state(0, 2, None, [mine, [*theirs[1:], "036"]]).over is False


def test_deck_check():
    assert GAME.check_deck("001\n002\n") == [
        "2 cards: a deck needs at least 10 (a draft deck has 18)"
    ]
    problems = GAME.check_deck("\n".join(["001"] * 10 + ["999"]))
    assert any("999" in p for p in problems) and any("twice" in p for p in problems)
    assert all(len(d) == 18 for d in GAME.prebuilt_decks().values())
