"""A Pretty Good Tactics draft table in a real browser: three seats (the player and two
computers) made in the lobby, the 18 picks made by clicking card faces in the pack,
then the knockout played by clicking to the result screen."""

from __future__ import annotations

from .conftest import pytestmark  # noqa: F401  (skips the module without chromium)
from .test_play import ENABLED, play_by_clicking

PICKS = 18  # PGT-15.2


def picked(page) -> int:
    label = page.inner_text(".draft-table .picks .zone-label")
    return int(label.rsplit("(", 1)[1].rstrip(")"))


def test_a_draft_table_from_the_lobby_to_the_champion(page, server):
    page.goto(server + "/")
    page.wait_for_selector("#create-go")
    page.select_option("#game", "pgt")
    page.select_option("#players", "3")
    assert "draft" in page.inner_text("#players option:checked")
    assert page.query_selector(".draft-note")
    assert not page.query_selector("fieldset.decks")  # a draft builds its own decks
    assert [k.input_value() for k in page.query_selector_all(".seat-kind")] == [
        "human",
        "ai",
        "ai",
    ]
    page.click("details.options summary")
    page.fill("#opt-round_limit", "1")
    page.fill("#name", "Drafter")
    page.click("#create-go")
    page.wait_for_url("**/table/*")

    for done in range(PICKS):
        page.wait_for_selector(".draft-table .pack .card.playable")
        assert picked(page) == done
        info = page.inner_text(".draft-info")
        assert ("left" if done < 9 else "right") in info
        assert len(page.query_selector_all(".pack .card")) == 9 - done % 9
        page.click(".pack .card.playable >> nth=0")
        page.wait_for_function(
            f"document.querySelector('.draft-table .picks .zone-label')"
            f".textContent.endsWith('({done + 1})')"
        )
    page.wait_for_selector(f".draft-table .bracket, #result, {ENABLED}")
    assert "Your deck (18)" in page.inner_text(".draft-table .picks .zone-label")
    assert "Tournament" in page.inner_text(".draft-table .bracket")

    page.set_default_timeout(60_000)  # the computers may play a whole match meanwhile
    play_by_clicking(page, limit_seconds=120)
    result = page.inner_text("#result")
    assert "Game over" in result and "Winner" in result
    bracket = page.inner_text(".bracket")
    assert "Round 2" in bracket and "Champion" in bracket and "bye" in bracket
    assert page.errors == []
