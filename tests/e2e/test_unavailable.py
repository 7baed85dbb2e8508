"""Options a seat cannot take now, in a real browser: under the legal actions the
table shows each as a greyed, disabled button with the rules' reason written under it,
at desktop size below the choices (a list of more than three folded behind a toggle),
at phone size behind a count in the action bar that opens a drawer, the real choices
staying in view either way; clicking a greyed option plays nothing."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from .conftest import pytestmark, watched_page  # noqa: F401  (pytestmark skips without chromium)

POSITION = (Path(__file__).parents[1] / "positions" / "pm-cannot-play-yet.toml").read_text("utf-8")
SIZES = {
    "desktop": ({"width": 1366, "height": 768}, False),
    "phone": ({"width": 390, "height": 844}, True),
}
GREYED = '#unavailable-list button.action.off[data-action="play SHD-013"]'
LEGAL = '#actions .action-list button.action[data-action="play SHD-022"]'


def seated(url: str) -> str:
    seats = [{"kind": "human"}, {"kind": "ai", "level": "easy"}]
    body = {"scenario": {"text": POSITION}, "seats": seats, "join": 0, "auto_pass": False}
    made = httpx.post(f"{url}/api/tables", json=body)
    assert made.status_code == 201, made.text
    made = made.json()
    return f"{url}/table/{made['table']['id']}#seat=0&token={made['joined']['token']}"


def in_view(page, selector: str) -> bool:
    return page.evaluate(
        """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
        return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }""",
        selector,
    )


@pytest.mark.parametrize("size", SIZES)
def test_a_card_that_cannot_be_paid_is_greyed_with_its_reason(browser, server, size):
    viewport, touch = SIZES[size]
    page = watched_page(browser, viewport, touch)
    try:
        page.goto(seated(server))
        page.wait_for_selector(LEGAL)
        toggle = page.wait_for_selector(".unavailable-toggle")
        # Four are folded away (on a wide screen a list over three would push the log
        # off; on a phone it is a count in the bar) and open on a tap.
        assert not page.is_visible(GREYED)
        if size == "phone":
            assert toggle.inner_text().split() == ["⊘", "4", "not", "now"]
        else:
            assert toggle.inner_text().strip().endswith("4 not possible now")
            assert toggle.get_attribute("aria-expanded") == "false"
        toggle.click()
        greyed = page.wait_for_selector(GREYED, state="visible")
        assert greyed.is_disabled() and greyed.inner_text().strip() == "Play Isana the Keeper (6)"
        reason = page.eval_on_selector(GREYED, "b => b.nextElementSibling.textContent")
        assert reason == "cost 6, you can pay 4"
        assert page.is_visible(f"{GREYED} + .why")  # written out, not a tooltip
        assert in_view(page, LEGAL), "the real choices stay in view"
        version = page.get_attribute(".table-page", "data-version")
        greyed.click(force=True)  # a disabled button plays nothing
        page.wait_for_timeout(300)
        assert page.get_attribute(".table-page", "data-version") == version
        assert page.errors == []
    finally:
        page.context.close()
