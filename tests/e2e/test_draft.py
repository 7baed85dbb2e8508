"""A Pretty Good Tactics draft table in a real browser: three seats (the player and two
computers) made in the lobby, the 18 picks made by clicking card faces in the pack,
then the knockout played by clicking to the result screen; and a seat whose match is
not being played sees the whole bracket and watches the match under way."""

from __future__ import annotations

import os
from pathlib import Path

import httpx

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


def scripted_draft(server) -> tuple[str, list[str]]:
    """A draft table of four people, each seat taken over the API: (id, tokens)."""
    body = {"game": "pgt", "seats": [{"kind": "human"}] * 4, "options": {"round_limit": 1}}
    made = httpx.post(f"{server}/api/tables", json=body | {"join": 0, "name": "Ann"}).json()
    table = made["table"]["id"]
    tokens = [made["joined"]["token"]]
    for seat, name in enumerate(["Bo", "Cy", "Di"], start=1):
        joined = httpx.post(f"{server}/api/tables/{table}/join", json={"seat": seat, "name": name})
        tokens.append(joined.json()["token"])
    return table, tokens


def play_until(server, table, tokens, done) -> dict:
    """Every seat plays its first legal action until `done(spectator's view)` holds."""
    for _ in range(5000):
        seen = httpx.post(f"{server}/api/tables/{table}/view", json={}).json()
        if done(seen):
            return seen
        seat = seen["to_move"]
        mine = {"seat": seat, "token": tokens[seat]}
        view = httpx.post(f"{server}/api/tables/{table}/view", json=mine).json()
        act = {**mine, "action": view["legal"][0]["id"], "expected_version": view["version"]}
        assert httpx.post(f"{server}/api/tables/{table}/act", json=act).status_code == 200
    raise AssertionError("the draft table did not get there in 5000 actions")


def others_playing(view) -> bool:
    """A match of the knockout is under way and seat 0 does not play it."""
    match = view["observation"]["match"]
    return match is not None and 0 not in match["players"] and view["status"] != "finished"


def test_a_seat_out_of_the_match_under_way_sees_the_bracket_and_watches_it(page, server):
    table, tokens = scripted_draft(server)
    seen = play_until(server, table, tokens, others_playing)
    playing = seen["observation"]["match"]["players"]
    page.goto(f"{server}/table/{table}#seat=0&token={tokens[0]}")
    page.wait_for_selector(".draft-table .bracket #watch-match")
    bracket = page.inner_text(".draft-table .bracket")
    assert "Round 1" in bracket and "Round 2" in bracket
    assert "being played" in bracket and "Ann" in bracket
    names = {0: "Ann", 1: "Bo", 2: "Cy", 3: "Di"}
    live = page.inner_text(".bracket .match-playing")
    assert names[playing[0]] in live and names[playing[1]] in live
    assert "winner to come" in bracket  # the final's seats are not known yet
    board = page.locator(".draft-table .match-board")
    assert board.is_visible()
    assert not board.locator(".zone.hand .card[data-card]").count()  # a spectator's view
    page.click("#watch-match")
    assert board.is_hidden() and page.inner_text("#watch-match") == "Watch this match"
    page.click("#watch-match")
    assert board.is_visible() and page.inner_text("#watch-match") == "Hide this match"
    shots = os.environ.get("TCGLAB_SHOTS")
    if shots:
        page.screenshot(path=str(Path(shots) / "draft-watching.png"), full_page=True)
    assert page.errors == []
