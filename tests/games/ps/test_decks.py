"""Deck lists (PS-3.1, PS-3.2): the text format, its checks and the prebuilt decks."""

import tracemalloc

import pytest

from tcglab.engine.errors import BadOption
from tcglab.games.ps import GAME


def test_prebuilt_decks_are_legal_and_at_least_three():
    decks = GAME.prebuilt_decks()
    assert len(decks) >= 3
    for name, ids in decks.items():
        text = "\n".join(f"1 {i}" for i in ids)
        assert GAME.check_deck(text) == [], name


def test_check_deck_reports_every_problem_with_its_line():
    text = "# my deck\n4 SH01\n3 SH02\nfoo\n2 NOPE\n0 SH05\n"
    problems = GAME.check_deck(text)
    assert problems == [
        "line 4: expected 'count card-id' such as '3 HS01', not 'foo'",
        "line 5: no card has the id 'NOPE'",
        "line 6: the count must be 1 or more, not 0",
        "the deck has 7 cards; a deck has 25 to 50 (PS-3.1)",
        "lines 2, 3: 7 cards named Hikari Hoshino; at most 3 of a name (PS-3.2)",
    ]


def test_ps_3_2_versions_of_one_heroine_count_together():
    ids = GAME.prebuilt_decks()["starlight"]
    extra = ids + ["SH03"] * 2  # Hikari Hoshino already has 3 in the deck
    with pytest.raises(BadOption, match=r"deck 1 is not legal: .*named Hikari Hoshino"):
        GAME.new_state(1, decks=[extra, ids])


def test_ps_3_1_deck_size_limits_in_new_state():
    ids = GAME.prebuilt_decks()["skyport"]
    with pytest.raises(BadOption, match="deck 2 is not legal: the deck has 24 cards"):
        GAME.new_state(1, decks=[ids, ids[:24]])
    with pytest.raises(BadOption, match="two decks"):
        GAME.new_state(1, decks=[ids])
    with pytest.raises(BadOption, match="no card has the id 'XX'"):
        GAME.new_state(1, decks=[ids, ["XX"] * 30])


def test_new_state_plays_the_given_decks():
    decks = GAME.prebuilt_decks()
    st = GAME.new_state(3, decks=[decks["moonlit"], decks["crossover"]])
    owned = [st.card(c).id for c in st.deck[0] + st.hand[0]]
    assert sorted(owned) == sorted(decks["moonlit"])


@pytest.mark.parametrize("count", ["60000000", str(10**23), "9" * 5000])
def test_a_count_no_deck_can_hold_is_one_problem_on_its_line(count):
    """PS-3.1 no deck holds more than 50 cards: a larger count is refused on its line
    by check_deck and read_deck alike (what `tcglab deck check` and the server use)."""
    text = "# starlight and more\n" + "".join(
        f"1 {i}\n" for i in GAME.prebuilt_decks()["starlight"]
    )
    text += f"{count} SH01\n"
    line = text.count("\n")
    problems = GAME.check_deck(text)
    assert len(problems) == 1 and problems[0].startswith(f"line {line}: ")
    assert problems[0].endswith("more than any deck holds (at most 50 cards)")
    with pytest.raises(BadOption) as caught:
        GAME.read_deck(text)
    assert "\n" not in str(caught.value) and f"line {line}: " in str(caught.value)


def test_sixty_million_copies_build_nothing():
    GAME.check_deck("1 SH01")  # the card set is loaded once, before measuring
    tracemalloc.start()
    try:
        problems = GAME.check_deck("60000000 SH01\n")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert problems[0].startswith("line 1: 60000000 copies of SH01 are more than")
    assert peak < 200_000


def test_a_deck_list_too_long_to_be_a_deck_is_refused_whole():
    problems = GAME.check_deck("1 SH01\n" * 200_000)
    assert problems == [
        "the deck list is 1400000 characters long; a deck list may have at most 100000"
    ]
