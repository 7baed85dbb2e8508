"""The kernel's deck-list reader: lines of `count card-id` (or a bare id where a game
allows it), comments, blank lines, and every problem on one line with its line number,
found within the game's limits before anything is built."""

import tracemalloc

import pytest

from tcglab.engine import BadOption
from tcglab.engine.decklist import DeckFormat

CARDS = {"AB-01", "AB-02", "CD-01"}
FORMAT = DeckFormat(largest_deck=40, example="3 AB-01", max_lines=50, max_chars=2_000)


def problems(text: str, deck_format: DeckFormat = FORMAT) -> list[str]:
    return deck_format.read(text, CARDS).problems


def test_counts_comments_and_blank_lines():
    deck = FORMAT.read("# my deck\n3 AB-01  # three\n\n  2 CD-01\n1 AB-01\n", CARDS)
    assert deck.problems == []
    assert deck.entries == [(2, 3, "AB-01"), (4, 2, "CD-01"), (5, 1, "AB-01")]
    assert deck.size == 6 and deck.copies() == {"AB-01": 4, "CD-01": 2}
    assert deck.first_line("AB-01") == 2 and deck.first_line("AB-02") is None
    assert deck.ids() == ["AB-01"] * 3 + ["CD-01"] * 2 + ["AB-01"]


def test_the_rules_judge_a_list_after_its_lines():
    judged = []

    def rules(deck):
        judged.append(deck)
        return [f"{deck.size} cards; a deck has 40"]

    deck = FORMAT.read("3 AB-01\n2 ZZ-99\n", CARDS)
    assert deck.judged_by(rules) == ["line 2: no card has the id 'ZZ-99'", "3 cards; a deck has 40"]
    refused = FORMAT.read("1 AB-01\n" * 51, CARDS)
    assert refused.refused and refused.judged_by(rules) == refused.problems
    assert judged == [deck]  # a refused list is not judged


def test_every_bad_line_is_named_by_its_number():
    text = "3 AB-01\nthree AB-02\n0 AB-02\n2 ZZ-99\n1 2 AB-01\n"
    assert problems(text) == [
        "line 2: expected 'count card-id' such as '3 AB-01', not 'three AB-02'",
        "line 3: a count must be at least 1, not 0",
        "line 4: no card has the id 'ZZ-99'",
        "line 5: expected 'count card-id' such as '3 AB-01', not '1 2 AB-01'",
    ]


def test_a_card_id_alone_is_one_copy_where_the_game_says_so():
    assert problems("AB-01\n") == [
        "line 1: expected 'count card-id' such as '3 AB-01', not 'AB-01'"
    ]
    bare = DeckFormat(largest_deck=40, bare_ids=True)
    deck = bare.read("AB-01\n2 CD-01\n", CARDS)
    assert deck.problems == [] and deck.ids() == ["AB-01", "CD-01", "CD-01"]


def test_card_ids_in_any_case_where_the_game_says_so():
    assert problems("2 ab-01") == ["line 1: no card has the id 'ab-01'"]
    folded = DeckFormat(largest_deck=40, fold_case=True)
    assert folded.read("2 ab-01", CARDS).ids() == ["AB-01", "AB-01"]


@pytest.mark.parametrize(
    ("count", "shown"),
    [
        ("41", "41 copies of AB-02 are"),
        ("60000000", "60000000 copies of AB-02 are"),
        (str(10**23), "a count of 24 digits for AB-02 is"),
        ("7" * 1_500, "a count of 1500 digits for AB-02 is"),
    ],
)
def test_a_count_beyond_the_largest_deck_is_refused_on_its_line(count, shown):
    assert problems(f"2 AB-01\n{count} AB-02\n") == [
        f"line 2: {shown} more than any deck holds (at most 40 cards)"
    ]


def test_a_huge_count_is_refused_without_building_anything():
    """Sixty million copies of a card cost no more than five (memory, not time)."""
    tracemalloc.start()
    try:
        found = FORMAT.read("60000000 AB-01\n", CARDS)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(found.problems) == 1 and found.entries == []
    assert peak < 100_000


def test_leading_zeros_and_other_digits():
    assert FORMAT.read("0003 AB-01\n", CARDS).ids() == ["AB-01"] * 3
    assert problems("² AB-01\n") == [
        "line 1: expected 'count card-id' such as '3 AB-01', not '² AB-01'"
    ]
    assert FORMAT.read("３ AB-01\n", CARDS).ids() == ["AB-01"] * 3  # full-width digits


def test_the_text_and_its_lines_are_limited():
    assert FORMAT.read("# x\n" * 51, CARDS).refused
    assert not FORMAT.read("# x\n" * 50, CARDS).refused
    assert problems("# x\n" * 51) == ["the deck list has 51 lines; a deck list may have at most 50"]
    assert problems("#" * 2_001) == [
        "the deck list is 2001 characters long; a deck list may have at most 2000"
    ]
    assert problems(3) == ["a deck list is text, one card per line"]


def test_ids_are_built_only_for_a_deck_that_fits():
    deck = FORMAT.read("40 AB-01\n40 AB-02\n", CARDS)
    assert deck.problems == [] and deck.size == 80
    with pytest.raises(BadOption) as caught:
        deck.ids()
    assert str(caught.value) == "the deck list has 80 cards; a deck has at most 40"
