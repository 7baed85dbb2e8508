"""Whole games in a real browser: a table against the computer is created from the
lobby and played to the result screen by clicking, for each of the four games; the
replay viewer steps through it; the language switch changes every UI string."""

from __future__ import annotations

import time

import pytest

from .conftest import pytestmark  # noqa: F401  (skips the module without chromium)

# Short settings so each game ends within a minute of clicking.
SETTINGS = {
    "higurashi": {"round_limit": "3"},
    "pgt": {"round_limit": "2"},
    "pm": {},
    "ps": {},
}
ENABLED = "#actions button.action:not([disabled])"


def create_vs_ai(page, server, game):
    page.goto(server + "/")
    page.wait_for_selector("#create-go")
    page.select_option("#game", game)
    if page.query_selector("#players"):
        page.select_option("#players", "2")
    kinds = page.query_selector_all(".seat-kind")
    assert [k.input_value() for k in kinds] == ["human", "ai"]
    options = SETTINGS[game]
    if options:
        page.click("details.options summary")
        for name, value in options.items():
            page.fill(f"#opt-{name}", value)
    page.fill("#name", "Tester")
    page.click("#create-go")
    page.wait_for_url("**/table/*")


def play_by_clicking(page, limit_seconds=90):
    """Click the legal actions (now and then the card an action names) until the
    result screen shows; returns how many clicks it took."""
    clicks, deadline = 0, time.monotonic() + limit_seconds
    while time.monotonic() < deadline:
        page.wait_for_selector(f"#result, {ENABLED}")
        if page.query_selector("#result"):
            return clicks
        playable = page.query_selector(".card.playable")
        if playable and clicks % 4 == 1:
            playable.click()
        else:
            page.click(f"{ENABLED} >> nth=0")
        clicks += 1
    raise AssertionError(f"no result after {clicks} clicks")


@pytest.mark.parametrize("game", ["higurashi", "pgt", "pm", "ps"])
def test_play_a_whole_game_against_the_computer(page, server, game):
    create_vs_ai(page, server, game)
    page.wait_for_selector(f"#result, {ENABLED}")
    assert "Seat 1" in page.inner_text(".status")
    clicks = play_by_clicking(page)
    assert clicks > 5
    result = page.inner_text("#result")
    assert "Game over" in result and "Winner" in result
    assert page.inner_text(".log").count("\n") > 10
    for label in page.query_selector_all("button.action"):
        text = label.inner_text()
        assert text and " " in text  # labels, never bare ids
    assert page.errors == []

    page.click("#result >> text=Watch the replay")
    page.wait_for_selector("#replay-next")
    assert "Action 0 of" in page.inner_text(".counter")
    page.click("#replay-next")
    page.wait_for_function("document.querySelector('.counter').textContent.startsWith('Action 1')")
    page.click("#replay-last")
    page.wait_for_selector("#result")
    assert page.errors == []


def test_language_switch(page, server):
    page.goto(server + "/")
    page.wait_for_selector("#create-go")
    assert page.inner_text("#create h2") == "Create a table"
    page.click("#lang")
    page.wait_for_function("document.querySelector('#create h2').textContent === '卓を作る'")
    assert page.inner_text("#create-go") == "作って着席"
    assert page.inner_text("#lang") == "English"
    assert page.evaluate("document.documentElement.lang") == "ja"
    page.reload()
    page.wait_for_selector("#create-go")
    assert page.inner_text("#create h2") == "卓を作る"  # the choice is remembered
    page.click("#lang")
    page.wait_for_function("document.querySelector('#create h2').textContent === 'Create a table'")


def test_phone_width_table_fits(browser, server):
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True)
    page = context.new_page()
    try:
        create_vs_ai(page, server, "higurashi")
        page.wait_for_selector(ENABLED)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 375 + 1
        assert page.query_selector(".ring .card")
    finally:
        context.close()


JAPANESE = r"/[\u3040-\u30ff\u4e00-\u9fff]/"


@pytest.mark.parametrize("game", ["higurashi", "pgt", "pm", "ps"])
def test_the_table_speaks_the_chosen_language(page, server, game):
    create_vs_ai(page, server, game)
    page.wait_for_selector(ENABLED)
    english = page.inner_text(".log")
    page.click("#lang")
    every_japanese = (
        f"[...document.querySelectorAll('{ENABLED}, .log li')]"
        f".every((e) => {JAPANESE}.test(e.textContent))"
    )
    page.wait_for_function(every_japanese)
    assert page.inner_text(".log").count("\n") == english.count("\n")  # the same log, retold
    page.click("#lang")
    page.wait_for_function(f"!{JAPANESE}.test(document.querySelector('#actions').textContent)")
    assert page.errors == []
