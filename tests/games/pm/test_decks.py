"""Deck lists and deck legality (PM-1.2), the prebuilt decks and new_state's decks."""

import tracemalloc

import pytest

from tcglab.engine.errors import BadOption
from tcglab.games.pm import GAME
from tcglab.games.pm.decks import prebuilt_texts


def test_prebuilt_decks_are_legal_and_different():
    decks = GAME.prebuilt_decks()
    assert len(decks) >= 4
    for name, text in prebuilt_texts().items():
        assert GAME.check_deck(text) == [], name
        assert len(decks[name]) == 60
    assert len({tuple(sorted(d)) for d in decks.values()}) == len(decks)


def test_pm_1_2_1_exactly_sixty():
    problems = GAME.check_deck("4 SHD-001\n4 SHD-004\n")
    assert problems == ["the deck has 8 cards; a deck has exactly 60"]


def test_pm_1_2_2_at_most_four_of_a_card_with_its_line():
    text = "# test\n" + "".join(f"4 SHD-{n:03d}\n" for n in range(1, 15)) + "3 SHD-015\n1 SHD-001\n"
    assert GAME.check_deck(text) == ["line 2: 5 copies of SHD-001; at most 4 of one card"]


def test_unknown_ids_and_bad_lines_name_their_line():
    problems = GAME.check_deck("4 SHD-001\n4 NOPE-001\nfour SHD-002\n0 SHD-003\n")
    assert problems[:3] == [
        "line 2: unknown card id 'NOPE-001'",
        "line 3: 'four SHD-002' is not 'count card-id' (e.g. '4 SHD-001')",
        "line 4: a count must be at least 1, not 0",
    ]
    assert problems[3] == "the deck has 4 cards; a deck has exactly 60"


def test_comments_and_case_are_ignored():
    text = prebuilt_texts()["harbor-rush"].lower() + "\n# the end\n\n"
    assert GAME.check_deck(text) == []


def test_new_state_takes_two_decks_and_rejects_illegal_ones():
    decks = GAME.prebuilt_decks()
    st = GAME.new_state(3, decks=[decks["moon-links"], decks["squadron-heavy"]])
    works = {st.card(i).work for i in range(60)}
    assert works == {"MTS"}
    with pytest.raises(BadOption, match=r"deck 2 is not legal: the deck has 59 cards"):
        GAME.new_state(3, decks=[decks["moon-links"], decks["moon-links"][:59]])
    with pytest.raises(BadOption, match="unknown card id"):
        GAME.new_state(3, decks=[decks["moon-links"], ["XYZ-001"] * 60])
    with pytest.raises(BadOption, match="two lists of 60 card ids"):
        GAME.new_state(3, decks=[decks["moon-links"]])
    too_many = ["SHD-001"] * 8 + decks["moon-links"][8:]
    with pytest.raises(BadOption, match="at most 4"):
        GAME.new_state(3, decks=[too_many, decks["moon-links"]])


def test_decks_as_names_or_texts():
    text = prebuilt_texts()["academy-wall"]
    st = GAME.new_state(4, decks=["moon-links", text])
    assert {st.card(i).work for i in range(60, 120)} == {"CWA"}
    with pytest.raises(BadOption, match=r"deck 2: line 1: unknown card id 'ZZZ-001'"):
        GAME.new_state(4, decks=["moon-links", "4 ZZZ-001\n"])


def test_default_decks():
    st = GAME.new_state(3)
    assert {st.card(i).work for i in range(60)} <= {"SHD", "PCS"}


@pytest.mark.parametrize("count", ["60000000", str(10**23), "9" * 5000])
def test_a_count_no_deck_can_hold_is_one_problem_on_its_line(count):
    """PM-1.2.1 no deck holds more than 60 cards: a larger count is refused on its line
    by check_deck and read_deck alike (what `tcglab deck check` and the server use)."""
    text = prebuilt_texts()["harbor-rush"] + f"{count} SHD-001\n"
    line = text.count("\n")
    problems = GAME.check_deck(text)
    assert len(problems) == 1 and problems[0].startswith(f"line {line}: ")
    assert problems[0].endswith("more than any deck holds (at most 60 cards)")
    with pytest.raises(BadOption) as caught:
        GAME.read_deck(text)
    assert "\n" not in str(caught.value) and f"line {line}: " in str(caught.value)


def test_sixty_million_copies_build_nothing():
    GAME.check_deck("1 SHD-001")  # the card set is loaded once, before measuring
    tracemalloc.start()
    try:
        problems = GAME.check_deck("60000000 SHD-001\n")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert problems[0].startswith("line 1: 60000000 copies of SHD-001 are more than")
    assert peak < 200_000


def test_a_count_in_other_digits_is_a_bad_line_not_a_crash():
    assert GAME.check_deck("² SHD-001\n")[0] == (
        "line 1: '² SHD-001' is not 'count card-id' (e.g. '4 SHD-001')"
    )
