"""The seat controls in a real browser: conceding asks first, then the result says in
words how the game ended and names each player with the damage they took; the rematch
button opens the new table with the player seated one place on. The result is also
shot at a desktop's and a phone's size (saved under TCGLAB_SHOTS when it is set)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import httpx
import pytest

from .conftest import pytestmark, watched_page  # noqa: F401  (pytestmark skips without chromium)

SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


def seated_table(server) -> tuple[str, str]:
    """A Princess Scramble table: Ann at seat 0, the computer at seat 1."""
    body = {
        "game": "ps",
        "seats": [{"kind": "human"}, {"kind": "ai", "level": "normal"}],
        "join": 0,
        "name": "Ann",
    }
    reply = httpx.post(f"{server}/api/tables", json=body)
    assert reply.status_code == 201, reply.text
    data = reply.json()
    return data["table"]["id"], data["joined"]["token"]


@pytest.mark.parametrize("size", list(SIZES))
def test_concede_then_rematch(browser, server, size):
    page = watched_page(browser, SIZES[size], touch=size == "phone")
    try:
        table_id, token = seated_table(server)
        page.goto(f"{server}/table/{table_id}#seat=0&token={token}")
        page.wait_for_selector("#full-control")
        assert not page.is_checked("#full-control")  # lone passes are played by default

        page.click("#concede")
        page.wait_for_selector("#concede-dialog[open]")
        page.click("#concede-dialog .ask-no")  # asked first: staying changes nothing
        page.wait_for_selector("#concede-dialog", state="detached")
        assert httpx.get(f"{server}/api/tables/{table_id}").json()["status"] != "finished"
        page.click("#concede")
        page.click("#concede-dialog .ask-yes")

        reason = page.wait_for_selector("#result .reason")
        assert reason.inner_text() == "Reason: Ann conceded: AI (normal) wins"
        assert "AI (normal)" in page.inner_text("#result .winners")
        standings = page.inner_text("#result #standings").splitlines()
        assert re.fullmatch(r"Ann \(you\): damage \d+/10", standings[0]), standings
        assert re.fullmatch(r"AI \(normal\): damage \d+/10", standings[1]), standings
        assert "Scores" not in page.inner_text("#result")
        assert "Ann concedes" in page.inner_text(".log")
        shots = os.environ.get("TCGLAB_SHOTS")
        if shots:
            page.locator("#result").scroll_into_view_if_needed()
            page.screenshot(path=str(Path(shots) / f"seats-result-{size}.png"))

        page.click("#rematch")
        page.wait_for_function(f"!location.pathname.endsWith('{table_id}')")
        new_id = page.url.rsplit("/", 1)[1]
        summary = httpx.get(f"{server}/api/tables/{new_id}").json()
        assert [s["name"] for s in summary["seats"]] == ["AI (normal)", "Ann"]
        assert httpx.get(f"{server}/api/tables/{table_id}").json()["rematch"] == new_id
        page.wait_for_selector("#full-control")  # seated at the new table, seat 2
        assert "2" in page.inner_text(".status")
        assert page.errors == []
    finally:
        page.context.close()
