"""A table format chosen in the lobby: a Higurashi championship of three computer
seats, made with its number of games, watched to its end, its standings on the board
and in the result."""

from __future__ import annotations

import os
from pathlib import Path

import httpx

from .conftest import pytestmark  # noqa: F401  (skips the module without chromium)


def test_a_championship_chosen_in_the_lobby_is_watched_to_its_standings(page, server):
    page.goto(server + "/")
    page.wait_for_selector("#create-go")
    page.select_option("#game", "higurashi")
    page.select_option("#players", "3")
    page.select_option("#table-format", "championship")
    assert "highest total is champion" in page.inner_text(".draft-note")
    page.fill("#opt-games", "2")
    page.dispatch_event("#opt-games", "change")
    for n in range(3):  # each choice redraws the form
        page.locator(".seat-kind").nth(n).select_option("ai")
        page.locator(".seat-choice").nth(n).locator(".seat-level").select_option("easy")
    page.click("details.options summary")
    page.fill("#opt-round_limit", "2")
    page.dispatch_event("#opt-round_limit", "change")
    page.click("#create-go")
    page.wait_for_url("**/table/*")
    table = page.url.rsplit("/", 1)[1]
    summary = httpx.get(f"{server}/api/tables/{table}").json()
    assert summary["format"] == "championship" and summary["options"]["games"] == 2

    page.set_default_timeout(60_000)
    page.wait_for_selector("#result")
    standings = page.inner_text("#championship")
    played = httpx.post(f"{server}/api/tables/{table}/view", json={}).json()["observation"]
    tie_breaks = played["played"] - 2  # G4-GAP-13 tied leaders play on after the 2 games
    if tie_breaks:
        title = f"Championship: all 2 games played, then {tie_breaks} to break a tie"
        assert title in standings and f"Tie-break {tie_breaks}:" in standings
    else:
        assert "Championship: 2 of 2 games played" in standings
    assert standings.count("points in all") == 3 and "Game 2" in standings
    result = page.inner_text("#result")
    assert "points over the championship" in result
    assert "the highest total wins" in page.inner_text("#result .reason")
    shots = os.environ.get("TCGLAB_SHOTS")
    if shots:
        page.screenshot(path=str(Path(shots) / "championship-result.png"), full_page=True)
    assert page.errors == []


def test_games_after_the_planned_ones_are_named_as_tie_breaks(page, server):
    """G4-GAP-13: when the leaders are tied after the planned games they play on; the
    standings count those games apart instead of past the plan, in both languages."""
    page.goto(server + "/")
    page.wait_for_selector("#create-go")
    words = page.evaluate(
        "async () => {"
        " const i18n = await import('/static/js/i18n.js');"
        " const board = await import('/static/js/boards/higurashi.js');"
        " const out = {};"
        " for (const lang of ['en', 'ja']) {"
        "  i18n.setLanguage(lang);"
        "  out[lang] = [board.championshipTitle(1, 2), board.championshipTitle(3, 2),"
        "   board.championshipGame(2, 2), board.championshipGame(4, 2)]; }"
        " i18n.setLanguage('en'); return out; }"
    )
    assert words["en"] == [
        "Championship: 1 of 2 games played",
        "Championship: all 2 games played, then 1 to break a tie",
        "Game 2",
        "Tie-break 2",
    ]
    assert words["ja"] == [
        "選手権：全2ゲーム中1ゲーム終了",
        "選手権：全2ゲーム終了、同点決勝1ゲーム",
        "第2ゲーム",
        "同点決勝2",
    ]
    assert page.errors == []
