"""A shipped puzzle in a real browser: chosen from the lobby's "Start from a position",
solved by clicking its solution's actions (read from the puzzle file), and the table
says the goal was met, at desktop and at phone size. With TCGLAB_SHOTS set, the solved
table is shot there as puzzle-desktop.png and puzzle-phone.png."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tcglab.engine import get_game
from tcglab.engine.scenario_file import load_scenario, shipped_puzzles

from .conftest import pytestmark, watched_page  # noqa: F401  (pytestmark skips without chromium)

PUZZLE = "pgt/equal-is-enough.toml"
SIZES = {
    "desktop": ({"width": 1366, "height": 768}, False),
    "phone": ({"width": 390, "height": 844}, True),
}


def solution(name: str) -> list[str]:
    """The puzzle's solution, as its file writes it."""
    game_id, _, file = name.partition("/")
    path = next(p for p in shipped_puzzles(get_game(game_id)) if p.name == file)
    return [step.action for step in load_scenario(path).solution]


def play_solution(page, actions: list[str]) -> None:
    """Click each action of the solution as the table comes to it (the page's version
    counts the actions played); one the table plays itself (a lone pass, the only
    target of a card just chosen) is not waited for."""
    while (version := int(page.get_attribute(".table-page", "data-version"))) < len(actions):
        button = f'#actions button.action[data-action="{actions[version]}"]:not([disabled])'
        page.wait_for_function(
            "([button, version]) => document.querySelector(button) ||"
            " document.querySelector('.table-page').dataset.version !== String(version)",
            arg=[button, version],
        )
        if page.get_attribute(".table-page", "data-version") == str(version):
            page.click(button)
            page.wait_for_function(
                "(version) => document.querySelector('.table-page').dataset.version"
                " !== String(version)",
                arg=version,
            )


@pytest.mark.parametrize("size", SIZES)
def test_a_puzzle_from_the_lobby_is_solved_by_its_solution(browser, server, size):
    viewport, touch = SIZES[size]
    page = watched_page(browser, viewport, touch)
    try:
        page.goto(server + "/")
        page.select_option("#position-game", "pgt")
        puzzle = page.wait_for_selector(f'#from-position li[data-puzzle="{PUZZLE}"]')
        assert "Goal: Win this turn. The next dice show 4, 5, 1." in puzzle.inner_text()
        puzzle.query_selector(".puzzle-go").click()
        page.wait_for_selector("#goal")
        assert (
            page.inner_text("#goal .goal-text")
            == "Goal: Win this turn. The next dice show 4, 5, 1."
        )
        assert not page.query_selector("#goal .goal-verdict")
        play_solution(page, solution(PUZZLE))
        page.wait_for_selector("#goal.met")
        assert page.inner_text("#goal .goal-verdict") == "Goal met"
        page.wait_for_selector("#result")
        shots = os.environ.get("TCGLAB_SHOTS")
        if shots:
            page.screenshot(path=str(Path(shots) / f"puzzle-{size}.png"))
        page.click("#lang")  # Japanese: the goal is told again in it
        page.wait_for_function(
            "document.querySelector('#goal .goal-verdict')?.textContent === '目標達成'"
        )
        assert page.inner_text("#goal .goal-text").startswith("目標：このターンに勝利せよ。")
        assert page.errors == []
    finally:
        page.context.close()


def test_a_pasted_scenario_that_is_wrong_shows_the_servers_line(page, server):
    page.goto(server + "/")
    page.fill("#scenario-text", 'game = "pm"\n\n[position]\nturn = "five"\n')
    page.click("#scenario-go")
    error = page.wait_for_selector("#position-error:not([hidden])")
    assert error.inner_text().startswith("scenario.toml:4: position.turn")
    assert page.url == server + "/"
