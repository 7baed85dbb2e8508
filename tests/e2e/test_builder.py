"""The card gallery and deck builder in a real browser: a legal Precious Memories deck
built by clicking cards, kept on the server, found again after a reload, played at a
table and opened from its share link in another browser, whose player joins that table
with a deck of their own (kept through the API), which deals the game.

`python -m tests.e2e.test_builder [--out DIR]` saves the gallery and the builder at
1366x768 and 390x844 (gallery-desktop.png, gallery-phone.png, builder-desktop.png,
builder-phone.png)."""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path

import httpx

from .conftest import ARGS, CHROMIUM, pytestmark, tcglab_server, watched_page  # noqa: F401

SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
LEVELS = "els => els.map((e) => e.lastChild.textContent)"
HAND = "els => els.map((e) => e.dataset.card)"
FIFTEEN_IDS = """[...document.querySelectorAll('.gallery-tile')].slice(0, 15)
  .map((tile) => tile.dataset.card)"""


def deck_text(ids: list[str]) -> str:
    """Card ids as the `count card-id` list the command line reads."""
    return "\n".join(f"{n} {card}" for card, n in Counter(ids).items())


def build_by_clicking(page, url: str) -> list[str]:
    """Four copies each of the first fifteen cards of the gallery: 60 cards (PM-1.2.1,
    PM-1.2.2). Returns their ids."""
    page.goto(f"{url}/cards/pm")
    page.wait_for_selector(".gallery-tile")
    page.wait_for_selector("#builder .deck-problems li")
    ids = page.evaluate(FIFTEEN_IDS)
    for card_id in ids:
        for _ in range(4):
            page.click(f'.gallery-tile[data-card="{card_id}"] .card')
    return ids


def test_a_deck_built_by_clicking_is_kept_played_and_shared(browser, server):
    page = watched_page(browser, {"width": 1366, "height": 768})
    ids = build_by_clicking(page, server)
    page.wait_for_selector("#builder .deck-problems li.ok")
    assert page.inner_text("#builder .deck-problems") == "Legal deck: 60 cards"
    assert page.inner_text(f'.gallery-tile[data-card="{ids[0]}"] .tile-count') == "×4"

    # One copy too many: the game's own check says what is wrong, in words.
    page.click(f'.gallery-tile[data-card="{ids[0]}"] .card')
    page.wait_for_selector("#builder .deck-problems li:not(.ok)")
    problems = page.inner_text("#builder .deck-problems")
    assert "61 cards" in problems and "at most 4 of one card" in problems
    page.click(f'#builder .deck-entry[data-card="{ids[0]}"] .fewer')
    page.wait_for_selector("#builder .deck-problems li.ok")

    page.fill("#builder .deck-name", "fifteen by four")
    page.click("#builder .save-deck")
    page.wait_for_url("**/decks/*#token=*")
    deck_id = page.url.split("/decks/")[1].split("#")[0]
    share = page.input_value("#builder .share-link")
    assert share.endswith(f"/decks/{deck_id}") and "token" not in share

    # After a reload (the token is in the fragment and in this browser), still editable.
    page.goto(f"{server}/decks/{deck_id}")
    page.wait_for_selector("#builder .deck-problems li.ok")
    assert page.input_value("#builder .deck-name") == "fifteen by four"
    assert page.query_selector("#builder .save-deck") is not None

    # The lobby offers the kept deck; a table is created with it and seat 2 left for a
    # friend: nothing is dealt until the friend has taken it.
    page.goto(f"{server}/")
    page.select_option("#game", "pm")
    page.select_option(".seat-kind >> nth=1", "human")
    page.select_option(".deck-choice >> nth=0", f"kept:{deck_id}")
    page.click("#create-go")
    page.wait_for_url("**/table/*")
    table_id = page.url.rsplit("/", 1)[1].split("?")[0]
    page.wait_for_selector("#waiting")
    assert "Waiting for players" in page.inner_text(".status")
    assert page.query_selector(".board") is None

    # Another browser opens the share link: read-only, and can copy it.
    other = watched_page(browser, {"width": 390, "height": 844})
    other.goto(share)
    other.wait_for_selector("#builder .copy-deck")
    assert other.query_selector("#builder .save-deck") is None
    assert other.input_value("#builder .deck-name") == "fifteen by four"
    other.click("#builder .copy-deck")
    other.wait_for_selector("#builder .save-deck")
    assert other.inner_text("#builder .deck-size").strip() == "60 cards"

    # That player keeps a deck of their own through the API (all Mitsuboshi cards, none
    # of the seat's standard deck), opens it with its token so that this browser keeps
    # it, and brings it to seat 2 from the join link: the last seat taken deals the game.
    moon = httpx.get(f"{server}/api/games/pm/decks").json()["moon-links"]
    body = {"game": "pm", "name": "moon deck", "text": deck_text(moon)}
    theirs = httpx.post(f"{server}/api/decks", json=body).json()
    other.goto(f"{server}/decks/{theirs['id']}#token={theirs['token']}")
    other.wait_for_selector("#builder .save-deck")
    other.goto(f"{server}/table/{table_id}?join=1")
    other.wait_for_selector("#name-dialog[open] #seat-deck")
    other.fill("#seat-name", "Bo")
    other.select_option("#seat-deck", f"kept:{theirs['id']}")
    other.click("#name-dialog .ask-yes")
    other.wait_for_selector(".board .zone.hand .card[data-card]")
    hand = other.eval_on_selector_all(".zone.hand .card[data-card]", HAND)
    assert len(hand) == 7 and all(card.startswith("MTS-") for card in hand), hand
    assert "Deck: 53" in other.inner_text(".seat-panel >> nth=-1")  # 60 less the hand
    page.wait_for_selector(".board .zone.hand .card[data-card]")  # the creator's page deals
    assert set(page.eval_on_selector_all(".zone.hand .card[data-card]", HAND)) <= set(ids)

    assert page.errors == [] and other.errors == []
    assert httpx.get(f"{server}/api/tables/{table_id}").json()["game"] == "pm"
    page.context.close()
    other.context.close()


def test_a_pasted_list_is_brought_to_a_seat_from_the_join_dialog(browser, server):
    """At 390x844: the join dialog of a table still to be dealt takes a pasted list. A
    list that is no legal deck is refused in one line and the seat stays open; a legal
    one deals the game with its cards."""
    body = {"game": "pm", "seats": [{"kind": "human"}] * 2, "join": 0, "name": "Ann"}
    table_id = httpx.post(f"{server}/api/tables", json=body).json()["table"]["id"]
    moon = httpx.get(f"{server}/api/games/pm/decks").json()["moon-links"]
    page = watched_page(browser, SIZES["phone"])

    def join_with(text: str) -> None:
        page.goto(f"{server}/table/{table_id}?join=1")
        page.wait_for_selector("#name-dialog[open] #seat-deck")
        assert page.is_hidden("#seat-deck-list")  # shown only for a pasted list
        page.fill("#seat-name", "Bo")
        page.select_option("#seat-deck", "paste:")
        page.fill("#seat-deck-list", text)
        page.click("#name-dialog .ask-yes")

    join_with(deck_text(moon[:20]))
    page.wait_for_selector("#toast:not([hidden])")
    error = page.inner_text("#toast")
    assert "not a legal pm deck" in error and "20 cards" in error and "\n" not in error
    assert httpx.get(f"{server}/api/tables/{table_id}").json()["seats"][1]["open"]
    page.errors = [e for e in page.errors if "400" not in e]  # the refused request itself

    join_with(deck_text(moon))
    page.wait_for_selector(".board .zone.hand .card[data-card]")
    hand = page.eval_on_selector_all(".zone.hand .card[data-card]", HAND)
    assert len(hand) == 7 and all(card.startswith("MTS-") for card in hand), hand
    assert page.errors == []
    page.context.close()


DISTINCT_NAMES = """(() => { const seen = new Set(), ids = [];
  for (const tile of document.querySelectorAll('.gallery-tile')) {
    const name = tile.querySelector('.name').textContent;
    if (!seen.has(name)) { seen.add(name); ids.push(tile.dataset.card); }
  }
  return ids.slice(0, 9); })()"""


def test_a_princess_scramble_deck_is_built_and_kept_on_a_phone(browser, server):
    """At 390x844: three copies of nine cards of different names, 27 cards (PS-3.1 25
    to 50, PS-3.2 at most 3 of a name), kept and found again after a reload."""
    page = watched_page(browser, {"width": 390, "height": 844})
    page.goto(f"{server}/cards/ps")
    page.wait_for_selector(".gallery-tile")
    page.wait_for_selector("#builder .deck-problems li")
    ids = page.evaluate(DISTINCT_NAMES)
    for card_id in ids:
        for _ in range(3):
            page.click(f'.gallery-tile[data-card="{card_id}"] .card')
    # Legal from 25 cards on: wait for the last click's count, not the first legal one.
    page.wait_for_function(
        "document.querySelector('#builder .deck-problems').innerText.trim()"
        " === 'Legal deck: 27 cards'"
    )
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")  # no sideways scroll
    page.fill("#builder .deck-name", "nine by three")
    page.click("#builder .save-deck")
    page.wait_for_url("**/decks/*#token=*")
    deck_id = page.url.split("/decks/")[1].split("#")[0]
    page.goto(f"{server}/decks/{deck_id}")
    page.wait_for_selector("#builder .deck-problems li.ok")
    assert page.input_value("#builder .deck-name") == "nine by three"
    kept = httpx.get(f"{server}/api/decks/{deck_id}").json()
    assert kept["game"] == "ps" and kept["legal"]
    assert sorted(line.split()[1] for line in kept["text"].splitlines()) == sorted(ids)
    assert page.errors == []
    page.context.close()


KEPT_IDS = "JSON.parse(localStorage.getItem('tcglab.decks') || '[]').map((d) => d.id)"


def test_a_kept_deck_is_deleted_after_a_confirmation(browser, server):
    """ "Delete" asks first; "Keep it" changes nothing, "Delete the deck" deletes it on
    the server and in this browser, and leaves its cards in the builder, not kept."""
    moon = httpx.get(f"{server}/api/games/pm/decks").json()["moon-links"]
    body = {"game": "pm", "name": "to delete", "text": deck_text(moon)}
    deck = httpx.post(f"{server}/api/decks", json=body).json()
    for size in ("phone", "desktop"):  # asked and kept on the phone, deleted on the desktop
        page = watched_page(browser, SIZES[size])
        page.goto(f"{server}/decks/{deck['id']}#token={deck['token']}")
        page.wait_for_selector("#builder .deck-problems li.ok")
        assert page.evaluate(KEPT_IDS) == [deck["id"]]
        page.click("#builder .delete-deck")
        page.wait_for_selector("#delete-deck-dialog[open]")
        assert "share and edit links stop working" in page.inner_text("#delete-deck-dialog")
        page.click("#delete-deck-dialog .ask-no")  # Keep it
        page.wait_for_selector("#delete-deck-dialog", state="detached")
        assert httpx.get(f"{server}/api/decks/{deck['id']}").status_code == 200
        if size == "desktop":
            page.click("#builder .delete-deck")
            page.click("#delete-deck-dialog .ask-yes")
            page.wait_for_url(f"{server}/cards/pm")
            page.wait_for_selector("#builder .save-deck")
            assert "Deck deleted" in page.inner_text("#toast")
            assert httpx.get(f"{server}/api/decks/{deck['id']}").status_code == 404
            assert page.evaluate(KEPT_IDS) == []
            assert page.query_selector("#builder .delete-deck") is None
            assert page.query_selector("#builder .share-link") is None
            assert page.inner_text("#builder .deck-size").strip() == "60 cards"
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        assert page.errors == []
        page.context.close()


def test_the_gallery_filters_sorts_and_shows_one_card_large(browser, server):
    page = watched_page(browser, {"width": 1366, "height": 768})
    page.goto(f"{server}/cards/ps")
    page.wait_for_selector(".gallery-tile")
    every = len(page.query_selector_all(".gallery-tile"))
    page.select_option(".filter-group", "moonlit")
    moonlit = page.query_selector_all(".gallery-tile")
    assert 0 < len(moonlit) < every
    page.select_option(".filter-group", "")
    levels = [int(t) for t in page.eval_on_selector_all(".gallery-tile .num-level", LEVELS)]
    assert levels == sorted(levels)  # by cost (level) first
    page.select_option(".sort", "name")
    names = page.eval_on_selector_all(".gallery-tile .name", "els => els.map(e => e.textContent)")
    assert names == sorted(names, key=str.casefold)
    page.fill(".filter-text", "茶房の女主人")  # a Japanese title finds its one card
    page.wait_for_function("document.querySelectorAll('.gallery-tile').length === 1")
    assert page.get_attribute(".gallery-tile", "data-card") == "ML02"
    page.click(".gallery-tile .tile-open")
    page.wait_for_selector(".card-page .card.large")
    assert "Lucia Moonbrew" in page.inner_text(".card-page h2")
    page.click("#lang")  # the same page in Japanese
    page.wait_for_function("document.querySelector('.card-page h2').textContent.includes('ルチア')")
    assert page.errors == []
    page.context.close()


def test_a_kept_deck_is_tested_against_every_prebuilt_deck(browser, server):
    """ "Test this deck": the server plays computer games against each prebuilt deck;
    the builder shows the progress, then a win rate with its interval per deck."""
    decks = httpx.get(f"{server}/api/games/ps/decks").json()
    body = {"game": "ps", "name": "stars", "text": deck_text(decks["starlight"])}
    kept = httpx.post(f"{server}/api/decks", json=body)
    deck = kept.json()
    page = watched_page(browser, {"width": 1366, "height": 768})
    page.goto(f"{server}/decks/{deck['id']}#token={deck['token']}")
    page.click("#builder .test-deck")
    page.wait_for_selector(".deck-trial progress")
    page.wait_for_function(
        f"document.querySelectorAll('.deck-trial .trial-rows li').length === {len(decks)}"
        " && !document.querySelector('.deck-trial progress')",
        timeout=180_000,
    )
    rows = page.eval_on_selector_all(
        ".deck-trial .trial-rows li", "els => els.map(e => e.textContent)"
    )
    assert [r.split(":")[0] for r in rows] == [f"vs {name}" for name in decks]
    assert all("n=50" in r and "%" in r for r in rows)
    assert page.errors == []
    page.context.close()


def test_a_deck_test_left_running_is_found_again_and_cancelled(browser, server):
    """A person who starts a test and leaves the page finds it on the deck when they
    come back, and can cancel it there."""
    decks = httpx.get(f"{server}/api/games/pgt/decks").json()
    kept = []
    for name in sorted(decks)[:2]:
        body = {"game": "pgt", "name": name, "text": deck_text(decks[name])}
        kept.append(httpx.post(f"{server}/api/decks", json=body).json())
    # A test of the first deck holds the server's one worker, so the page's own test
    # of the second waits behind it while the page is left and opened again.
    first = httpx.post(f"{server}/api/decks/{kept[0]['id']}/trials", json={"games": 200}).json()
    deck = kept[1]
    page = watched_page(browser, {"width": 1366, "height": 768})
    page.goto(f"{server}/decks/{deck['id']}#token={deck['token']}")
    page.click("#builder .test-deck")
    page.wait_for_selector(".deck-trial .cancel-test")
    page.goto(f"{server}/cards/pgt")  # away from the deck
    page.wait_for_selector(".gallery-tile")
    page.goto(f"{server}/decks/{deck['id']}#token={deck['token']}")
    page.click(".deck-trial .cancel-test")
    page.wait_for_selector(".deck-trial p.help")
    assert "Test cancelled after" in page.inner_text(".deck-trial")
    assert httpx.delete(f"{server}/api/trials/{first['id']}").json()["id"] == first["id"]
    assert page.errors == []
    page.context.close()


def shoot(url: str, out: Path) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        for size, viewport in SIZES.items():
            page = watched_page(browser, viewport)
            page.goto(f"{url}/cards/higurashi")
            page.wait_for_selector(".gallery-tile")
            page.screenshot(path=str(out / f"gallery-{size}.png"))
            page.goto(f"{url}/cards/pm")
            page.wait_for_selector(".gallery-tile")
            page.select_option("#builder .start-from", "harbor-rush")
            page.wait_for_selector("#builder .deck-problems li.ok")
            page.screenshot(path=str(out / f"builder-{size}.png"))
            page.context.close()
        browser.close()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp, tcglab_server(Path(tmp) / "t.db") as url:
        shoot(url, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
