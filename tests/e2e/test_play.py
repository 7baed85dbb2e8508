"""Whole games in a real browser: a table against the computer is created from the
lobby and played to the result screen by clicking, for each of the four games, on a
1366x768 desktop and on a 390x844 phone; all along, the page never scrolls sideways,
the header says what is being decided in words (never a step id), no log line names a
card by its code, a step by its id or a place by its slot ref (P1.B1), and on the phone
the action bar stays on screen with buttons big enough to tap. The replay viewer steps
through the game; the language switch changes every UI string."""

from __future__ import annotations

import importlib
import re
import time

import pytest

from tcglab.engine import get_game

from .conftest import pytestmark, watched_page  # noqa: F401  (pytestmark skips without chromium)

# Short settings so each game ends within a minute of clicking.
SETTINGS = {
    "higurashi": {"round_limit": "3"},
    "pgt": {"round_limit": "2"},
    "pm": {},
    "ps": {},
}
ENABLED = "#actions button.action:not([disabled])"
SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
TAP = 44  # the smallest tap target on a phone, in CSS pixels


def step_ids(game: str) -> set[str]:
    """Every step id a game's observation can carry: its procedure's steps (and the
    phases Precious Memories and the draft table name)."""
    get_game(game)
    procedure = importlib.import_module(f"tcglab.games.{game}.procedure").PROCEDURE
    ids = set(procedure.decisions) | set(procedure.automatic)
    return ids | {"setup", "main", "approach", "end", "over", "draft", "cup"}


# A place as the engine refers to it, which the log words as "Tester's B1": Pretty Good
# Tactics' P1.B1, Precious Memories' p1.M2.
SLOT_REFS = {"pgt": r"\bP[1-4]\.[FB][1-3]\b", "pm": r"\bp[12]\.[MSP][0-9]"}


def codes(game: str) -> re.Pattern:
    """What no log line may hold: a card code of the game (CWA-001, ML01, C01; of Pretty
    Good Tactics' numbers only the zero-padded ones, as counts share the others), a
    step id, or a slot ref."""
    ids = [card.id for card in get_game(game).cards.cards]
    ids = [i for i in ids if not i.isdigit() or i.startswith("0")]
    words = [re.escape(i) for i in sorted({*ids, *step_ids(game)}, key=len, reverse=True)]
    snake = [w for w in words if not re.fullmatch(r"[a-z]+", w)]  # "main", "end" are words
    pattern = r"(?<![\w-])(" + "|".join(snake) + r")(?![\w-])"
    return re.compile(pattern + (f"|{SLOT_REFS[game]}" if game in SLOT_REFS else ""))


def check_log(page, game):
    """Every log line is in words: no card code, step id or slot ref."""
    lines = page.evaluate("[...document.querySelectorAll('.log li')].map((e) => e.textContent)")
    found = codes(game)
    bad = [line for line in lines if found.search(line)]
    assert not bad, f"log lines with a code in them: {bad[:5]}"


@pytest.fixture(params=list(SIZES))
def sized_page(request, browser, server):
    """A fresh page at a desktop or a phone size (a phone has touch), errors collected."""
    page = watched_page(browser, SIZES[request.param], touch=request.param == "phone")
    page.size = request.param
    yield page
    page.context.close()


def check_table(page, game):
    """What must hold whenever the table is shown, at any size."""
    width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1] + 1, f"the page scrolls sideways: {width}"
    header = page.evaluate(
        "[...document.querySelectorAll('#where, .status .fact, .status .decision')]"
        ".map((e) => e.textContent)"
    )
    ids = step_ids(game)
    for text in header:
        assert "_" not in text, f"a step id in the header: {text!r}"
        assert text.strip() not in ids, f"a step id in the header: {text!r}"
        what = text.split(": ", 1)[1] if ": " in text else ""
        assert what.strip() not in ids, f"a step id in the header: {text!r}"
    if page.size == "phone":
        bar = page.evaluate(
            "(() => { const r = document.querySelector('#actions').getBoundingClientRect();"
            " return [r.top, r.bottom, innerHeight]; })()"
        )
        assert 0 <= bar[0] < bar[1] <= bar[2] + 1, f"the action bar is off screen: {bar}"
        sizes = page.evaluate(
            "[...document.querySelectorAll('#actions button')]"
            ".map((b) => b.getBoundingClientRect()).filter((r) => r.width)"
            ".map((r) => [r.width, r.height])"
        )
        assert all(w >= TAP - 0.5 and h >= TAP - 0.5 for w, h in sizes), sizes


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


def play_by_clicking(page, limit_seconds=90, check=None):
    """Click the legal actions (now and then the card an action names) until the
    result screen shows; returns how many clicks it took. `check(page)` runs every few
    clicks."""
    clicks, deadline = 0, time.monotonic() + limit_seconds
    while time.monotonic() < deadline:
        page.wait_for_selector(f"#result, {ENABLED}")
        if check and clicks % 5 == 0:
            check(page)
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
def test_play_a_whole_game_against_the_computer(sized_page, server, game):
    page = sized_page
    create_vs_ai(page, server, game)
    page.wait_for_selector(f"#result, {ENABLED}")
    assert "Seat 1" in page.inner_text(".status")
    clicks = play_by_clicking(page, check=lambda p: check_table(p, game))
    assert clicks > 5
    check_table(page, game)
    result = page.inner_text("#result")
    assert "Game over" in result and "Winner" in result
    reason = page.inner_text("#result .reason")
    assert "_" not in reason and " " in reason.split(": ", 1)[1]  # words, not a code
    if page.size == "phone":
        page.click(".log-toggle")  # the log is a drawer on a phone
    assert page.inner_text(".log").count("\n") > 10
    check_log(page, game)
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
