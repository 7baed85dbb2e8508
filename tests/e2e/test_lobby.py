"""The lobby in a real browser, on a server of its own: each list shows a page of
tables, newest first, with buttons to older and newer pages and a filter by game; a
phone-sized screen shows it without sideways scrolling."""

from __future__ import annotations

import httpx
import pytest

from .conftest import (
    pytestmark,  # noqa: F401  (skips the module without chromium)
    tcglab_server,
)

OPEN_TABLES = 12  # more than one page of the lobby's lists (10)


@pytest.fixture(scope="module")
def lobby_server(tmp_path_factory):
    """A server with 12 open Pretty Good Tactics tables, titled by their order."""
    with tcglab_server(tmp_path_factory.mktemp("lobby") / "tcglab.db") as url:
        for n in range(1, OPEN_TABLES + 1):
            body = {"game": "pgt", "seats": [{"kind": "human"}] * 2, "title": f"table {n}"}
            assert httpx.post(f"{url}/api/tables", json=body).status_code == 201
        yield url


def titles(page) -> list[str]:
    return [
        row.inner_text().split("\n")[0].split(" — ")[1]
        for row in page.query_selector_all(".list-open .table-row")
    ]


def test_the_open_list_pages_through_the_tables_newest_first(page, lobby_server):
    page.goto(lobby_server + "/")
    page.wait_for_selector(".list-open .table-row")
    assert titles(page) == [f"table {n}" for n in range(12, 2, -1)]
    assert page.inner_text(".list-open .page-of") == "1–10 of 12"
    assert page.inner_text(".list-open h2") == "Open tables (12)"
    assert page.is_disabled(".list-open .newer")

    page.click(".list-open .older")
    page.wait_for_function(
        "document.querySelector('.list-open .page-of').textContent === '11–12 of 12'"
    )
    assert titles(page) == ["table 2", "table 1"]
    assert page.is_disabled(".list-open .older")
    page.click(".list-open .newer")
    page.wait_for_function(
        "document.querySelector('.list-open .page-of').textContent === '1–10 of 12'"
    )

    page.select_option("#list-game", "ps")
    page.wait_for_selector(".list-open .empty")
    assert not page.query_selector(".list-open .pager")
    page.select_option("#list-game", "pgt")
    page.wait_for_selector(".list-open .pager")
    assert page.errors == []


def test_the_lobby_fits_a_phone(browser, lobby_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    try:
        page.goto(lobby_server + "/")
        page.wait_for_selector(".list-open .pager")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390 + 1
    finally:
        context.close()
