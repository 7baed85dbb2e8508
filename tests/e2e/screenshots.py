"""Screenshots of each game's table and of the card inspector, at 1366x768 and at
390x844, for docs/screenshots/: `python -m tests.e2e.screenshots [--out DIR] [GAME ...]`.

Each game is played against the computer (by the first legal action, and now and then
a highlighted card) until both sides show a few faces, then shot; then a card of the
opponent is opened in the inspector and shot. A shot over 200 KB is reported."""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import httpx

from .conftest import ARGS, CHROMIUM, tcglab_server

SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
PLAYERS = {"higurashi": 3}
LIMIT = 200 * 1024
ENABLED = "#actions button.action:not([disabled])"
# Faces shown: [the opponents', the viewer's].
FACES = """[...document.querySelectorAll('.seat-panel')].reduce((n, panel) => {
  const mine = panel.querySelector('.seat-head').textContent.includes('(you)');
  n[mine ? 1 : 0] += panel.querySelectorAll('.card[data-card]').length;
  return n;
}, [0, 0])"""
# A face on the opponents' field (the one with the most text), else any face on the board.
OPPONENT_CARD = """(() => {
  const theirs = [...document.querySelectorAll('.seat-panel')]
    .filter((p) => !p.querySelector('.seat-head').textContent.includes('(you)'))
    .flatMap((p) => [...p.querySelectorAll('.card[data-card]')])
    .filter((c) => !c.closest('.pile, .zone.small'));
  theirs.sort((a, b) => b.textContent.length - a.textContent.length);
  return theirs[0] || document.querySelector('.board .card[data-card]');
})()"""


def table_for(url: str, game: str) -> str:
    seats = [{"kind": "human"}] + [{"kind": "ai", "level": "easy"}] * (PLAYERS.get(game, 2) - 1)
    body = {"game": game, "seats": seats, "join": 0, "name": "Tester"}
    made = httpx.post(f"{url}/api/tables", json=body).json()
    return f"{url}/table/{made['table']['id']}#seat=0&token={made['joined']['token']}"


def play_until_faces(page, limit=80) -> None:
    for clicks in range(limit):
        page.wait_for_selector(f"#result, {ENABLED}")
        if page.query_selector("#result"):
            return
        theirs, mine = page.evaluate(FACES)
        if clicks > 6 and theirs >= 2 and mine >= 2:
            return
        playable = page.query_selector(".board .card.playable")
        if playable and clicks % 3 == 2:
            playable.click()
        else:
            page.click(f"{ENABLED} >> nth=0")


def shoot(page, path: Path) -> None:
    page.mouse.move(0, 0)
    page.wait_for_timeout(700)  # the dice settle
    page.screenshot(path=str(path))
    size = path.stat().st_size
    print(f"{path} {size // 1024} KB{'  (over 200 KB)' if size > LIMIT else ''}")


def shoot_game(browser, url: str, game: str, out: Path, lang: str) -> None:
    suffix = "" if lang == "en" else f"-{lang}"
    for size, viewport in SIZES.items():
        phone = size == "phone"
        context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
        context.add_init_script(f"localStorage.setItem('tcglab.lang', '{lang}')")
        page = context.new_page()
        page.goto(table_for(url, game))
        page.wait_for_selector(ENABLED)
        play_until_faces(page)
        page.evaluate("scrollTo(0, 0)")  # clicks scroll cards into view; shoot from the top
        shoot(page, out / f"{game}-{size}{suffix}.png")
        card = page.evaluate_handle(OPPONENT_CARD).as_element()
        if card:
            if phone:
                card.tap()
            else:
                card.focus()
                page.keyboard.press("Enter")
            page.wait_for_selector("dialog.inspector[open]")
            shoot(page, out / f"{game}-{size}-inspector{suffix}.png")
        context.close()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=["pgt", "pm", "ps", "higurashi"])
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    parser.add_argument("--lang", choices=["en", "ja"], default="en")
    args = parser.parse_args(argv)
    if not CHROMIUM.exists():
        print(f"screenshots need Chromium at {CHROMIUM}", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as tmp,
        tcglab_server(Path(tmp) / "shots.db") as url,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        for game in args.games:
            shoot_game(browser, url, game, args.out, args.lang)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
