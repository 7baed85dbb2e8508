"""The table in a real browser, piece by piece: the card inspector (mouse, keyboard and
touch), faces that show their keywords and stay upright when rested, the header's and
the result's words for every step id and reason in both languages, the log drawer and
whole line numbers, leaving only after a confirmation, a replay stepped with the
arrow keys and seen from the seat that played it, a party shown as it is formed (with
its points and undo), what another seat's action touched lit up, the header saying what
a seat answers, the tab saying it is your turn (and the beep remembered), and many
badges kept off a card's text."""

from __future__ import annotations

import importlib
import time
from pathlib import Path

import httpx
import pytest

from tcglab.engine import get_game

from .conftest import pytestmark, watched_page  # noqa: F401  (pytestmark skips without chromium)
from .test_play import ENABLED, TAP, create_vs_ai, step_ids

GAMES = ["higurashi", "pgt", "pm", "ps"]
# Why a game can end (result.reason), by the game that gives it.
REASONS = {
    "pgt": ["score", "empty_party", "round_limit", "champion", "action_limit"],
    "pm": ["seven_points", "deck_out", "draw", "action_limit"],
    "ps": ["damage", "deck_out", "action_limit"],
    "higurashi": ["last_standing", "round_limit", "pile_empty", "action_limit"],
}
# Pretty Good Tactics prints attributes and counter kinds as kanji; English shows words.
KANJI_EN = {
    "火": "Fire",
    "水": "Water",
    "風": "Wind",
    "地": "Earth",
    "光": "Light",
    "闇": "Dark",
    "星": "Star",
    "月": "Moon",
    "花": "Flower",
    "霊": "Spirit",
}
PHONE = {"width": 390, "height": 844}
DECISION = "document.querySelector('.status .decision').textContent"
# The room left of the last log line, against the width its number needs.
NUMBER_ROOM = """(() => {
  const log = document.querySelector('.log');
  const lines = log.querySelectorAll('li');
  const last = lines[lines.length - 1];
  const style = getComputedStyle(last);
  const pen = document.createElement('canvas').getContext('2d');
  pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const room = last.getBoundingClientRect().left - log.getBoundingClientRect().left;
  return [pen.measureText(`${lines.length}. `).width, room];
})()"""


def in_english(text: str) -> str:
    for kanji, word in KANJI_EN.items():
        text = text.replace(kanji, word)
    return text


@pytest.fixture
def phone(browser, server):
    """A phone-sized page with touch, errors collected."""
    page = watched_page(browser, PHONE, touch=True)
    yield page
    page.context.close()


def click_until(page, selector, limit=60):
    """Take the first legal action until `selector` is on the board."""
    for _ in range(limit):
        page.wait_for_selector(f"#result, {ENABLED}")
        if page.query_selector(selector):
            return page.query_selector(selector)
        page.click(f"{ENABLED} >> nth=0")
    raise AssertionError(f"no {selector} after {limit} actions")


def own_field_card(page):
    """A card of the viewer's Pretty Good Tactics party (known to them, face-up or not)."""
    return click_until(page, ".board .seat-panel:last-of-type .slot .card[data-card]")


def printed(page, game, card_id):
    return page.evaluate(f"fetch('/api/games/{game}/cards').then((r) => r.json())")[card_id]


def finished_table(server, game):
    """A table of two computer seats, played to its end."""
    body = {"game": game, "seats": [{"kind": "ai", "level": "easy"}] * 2}
    table = httpx.post(f"{server}/api/tables", json=body).json()["table"]["id"]
    deadline = time.monotonic() + 60
    while httpx.get(f"{server}/api/tables/{table}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the computer game did not finish"
        time.sleep(0.2)
    return table


# -- words, not codes -----------------------------------------------------------------


def decision_steps(game: str) -> list[str]:
    """The steps at which a seat decides: the only ones an observation carries."""
    get_game(game)
    return sorted(importlib.import_module(f"tcglab.games.{game}.procedure").PROCEDURE.decisions)


def test_every_step_and_reason_has_words_in_both_languages(page, server):
    page.goto(server + "/")
    page.wait_for_selector("#create-go")
    fallbacks = {
        "en": ["deciding", "the game ended by its rules"],
        "ja": ["選択中", "ルールによりゲームが終了した"],
    }
    for lang, fallback in fallbacks.items():
        for game in GAMES:
            steps = decision_steps(game) + (["draft", "cup"] if game == "pgt" else [])
            assert set(steps) <= step_ids(game)
            phrases, reasons = page.evaluate(
                "async ([lang, game, steps, reasons]) => {"
                " const i18n = await import('/static/js/i18n.js'); i18n.setLanguage(lang);"
                " return [steps.map((s) => i18n.stepPhrase(game, s)),"
                " reasons.map((r) => i18n.reasonPhrase(game, r))]; }",
                [lang, game, steps, REASONS[game]],
            )
            for step, phrase in zip(steps, phrases, strict=True):
                assert phrase not in (step, fallback[0]) and "_" not in phrase, (lang, game, step)
            for reason, phrase in zip(REASONS[game], reasons, strict=True):
                assert phrase not in (reason, fallback[1]) and "_" not in phrase, (
                    lang,
                    game,
                    reason,
                )
    page.evaluate("import('/static/js/i18n.js').then((i18n) => i18n.setLanguage('en'))")


def test_the_header_says_what_is_decided_in_both_languages(page, server):
    create_vs_ai(page, server, "pm")
    page.wait_for_selector(ENABLED)
    decision = page.inner_text(".status .decision")
    assert decision.startswith("Your move: ") and "_" not in decision
    assert page.inner_text("#where .game-name") == "Precious Memories"
    assert page.get_attribute("#rules-link", "href") == "/static/help/index.html?game=pm&lang=en"
    page.click("#lang")
    page.wait_for_function(
        "document.querySelector('.status .decision').textContent.startsWith('あなたの番')"
    )
    assert page.get_attribute("#rules-link", "href") == "/static/help/index.html?game=pm&lang=ja"
    page.click("#lang")
    page.wait_for_function(
        "document.querySelector('.status .decision').textContent.startsWith('Your move')"
    )
    assert page.errors == []


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_a_rules_page_in_both_languages(page, server, game):
    for lang, other, switch in (("en", "ja", "日本語"), ("ja", "en", "English")):
        page.goto(f"{server}/static/help/index.html?game={game}&lang={lang}")
        page.wait_for_selector("#guide h1")
        assert page.get_attribute("html", "lang") == lang
        assert page.title().startswith(page.inner_text("#guide h1"))
        assert page.inner_text("#other-lang") == switch
        assert page.get_attribute("#other-lang", "href").endswith(f"game={game}&lang={other}")
        assert len(page.query_selector_all("#others a")) == 3  # the other three games
    assert page.errors == []


def test_a_rules_page_for_no_game_lists_the_guides(page, server):
    page.goto(f"{server}/static/help/index.html?game=chess")
    page.wait_for_selector("#others a")
    assert "no guide" in page.inner_text("#others")
    assert len(page.query_selector_all("#others a")) == 4


# -- the inspector --------------------------------------------------------------------


def test_the_inspector_shows_the_full_text_of_a_field_card(page, server):
    create_vs_ai(page, server, "pgt")
    card = click_until(page, ".board .slot .card[data-card]:not(.playable)")
    ref = card.get_attribute("data-ref")
    face = printed(page, "pgt", card.get_attribute("data-card"))
    card.hover()  # the peek shows it without a click
    page.wait_for_selector("#peek:not([hidden]) .card.large")
    page.mouse.move(0, 0)
    page.wait_for_selector("#peek", state="hidden")

    card.click()
    dialog = page.wait_for_selector("dialog.inspector[open]")
    text = dialog.inner_text()
    assert face["name"] in text
    for line in face["abilities_en"]:
        assert in_english(line) in text  # every ability, in full
    assert dialog.query_selector(".num-pdef") and dialog.query_selector(".num-mdef")
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog.inspector", state="hidden")

    page.click("#lang")
    page.wait_for_function(f"{DECISION}.startsWith('あなたの番')")
    page.focus(f".board [data-ref='{ref}']")  # cards take the focus; Enter opens one
    page.keyboard.press("Enter")
    dialog = page.wait_for_selector("dialog.inspector[open]")
    text = dialog.inner_text()
    assert face["name_ja"] in text
    for line in face["abilities"]:
        assert line in text
    page.click("dialog.inspector .close")
    page.wait_for_selector("dialog.inspector", state="hidden")
    assert page.evaluate("document.activeElement.dataset.ref") == ref  # focus comes back
    page.click("#lang")
    assert page.errors == []


def test_a_tap_opens_the_inspector_and_outside_closes_it(phone, server):
    page = phone
    create_vs_ai(page, server, "pgt")
    card = own_field_card(page)
    card.tap()
    page.wait_for_selector("dialog.inspector[open]")
    box = page.evaluate(
        "document.querySelector('dialog.inspector').getBoundingClientRect().toJSON()"
    )
    assert box["width"] <= PHONE["width"] and box["height"] <= PHONE["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1
    page.touchscreen.tap(5, 5)  # outside the inspector
    page.wait_for_selector("dialog.inspector", state="hidden")
    assert page.errors == []


def test_a_tapped_playable_card_offers_its_actions_in_the_inspector(phone, server):
    page = phone
    create_vs_ai(page, server, "higurashi")
    playable = click_until(page, ".board .card.playable")
    names = [
        label.strip() for label in (playable.get_attribute("title") or "").split("\n") if label
    ]
    version = int(page.get_attribute(".table-page", "data-version"))
    playable.tap()
    dialog = page.wait_for_selector("dialog.inspector[open]")
    offered = [b.inner_text().strip() for b in dialog.query_selector_all(".inspect-action")]
    assert offered == names
    dialog.query_selector(".inspect-action").tap()
    page.wait_for_selector("dialog.inspector", state="hidden")
    # the action was taken: the table moves on to a newer view (a log line may not come
    # yet, when the action opens a choice of its own)
    page.wait_for_function(
        f"Number(document.querySelector('.table-page').dataset.version) > {version}"
    )
    assert page.errors == []


# -- readable faces -------------------------------------------------------------------


def test_faces_show_keywords_and_rested_cards_keep_their_text_upright(page, server):
    create_vs_ai(page, server, "pgt")
    own_field_card(page)
    faces = page.evaluate(
        "[...document.querySelectorAll('.board .slot .card[data-card]')]"
        ".map((c) => [c.dataset.card, c.querySelectorAll('.chip').length])"
    )
    cards = page.evaluate("fetch('/api/games/pgt/cards').then((r) => r.json())")
    assert faces
    for card_id, chips in faces:
        assert chips == len(cards[card_id]["abilities"]), card_id  # every ability shows
    # A tapped character lies down: wider than tall, with nothing rotated inside it (one
    # without a strip of many badges below its face, which makes it taller: .crowded).
    turned = click_until(page, ".board .card.turned:not(.crowded)[data-card]", limit=150)
    box = turned.bounding_box()
    assert box["width"] > box["height"]
    rotations = page.evaluate(
        "(el) => [el, ...el.querySelectorAll('*')].map((e) => getComputedStyle(e).transform)"
        ".filter((t) => t !== 'none')",
        turned,
    )
    assert rotations == []
    assert "tapped" in turned.inner_text()


# -- phones ---------------------------------------------------------------------------


def test_the_phone_shows_the_board_and_the_decision_together(phone, server):
    page = phone
    create_vs_ai(page, server, "pm")
    page.wait_for_selector(ENABLED)
    bar = page.evaluate("document.querySelector('#actions').getBoundingClientRect().toJSON()")
    assert bar["bottom"] <= PHONE["height"] + 1 and bar["top"] > PHONE["height"] / 2
    for button in page.query_selector_all("#actions button"):
        box = button.bounding_box()
        assert box["height"] >= TAP - 0.5 and box["width"] >= TAP - 0.5
    first = page.query_selector(ENABLED).bounding_box()
    assert first["y"] + first["height"] <= PHONE["height"]  # the first action is on screen
    board = page.evaluate("document.querySelector('.board').getBoundingClientRect().toJSON()")
    assert board["top"] < bar["top"]  # the board shows above the bar
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1

    assert not page.is_visible(".log-box")  # the log is a drawer
    page.click(".log-toggle")
    page.wait_for_selector(".log-box", state="visible")
    log = page.evaluate("document.querySelector('.log-box').getBoundingClientRect().toJSON()")
    assert log["bottom"] <= bar["top"] + 1 and log["top"] >= 0
    page.click(".log-toggle")
    page.wait_for_selector(".log-box", state="hidden")
    assert page.errors == []


# -- leaving --------------------------------------------------------------------------


def test_leave_asks_before_it_frees_the_seat(page, server):
    create_vs_ai(page, server, "ps")
    page.wait_for_selector(ENABLED)
    table = page.url.rsplit("/", 1)[1]
    page.click("#leave")
    dialog = page.wait_for_selector("#leave-dialog[open]")
    words = dialog.inner_text()
    assert "computer takes your seat over" in words and "Nobody else can take it" in words
    assert "(60 s)" in words and "seat link" in words  # the table's grace, by default 60
    page.click("#leave-dialog .ask-no")
    page.wait_for_selector("#leave-dialog", state="detached")
    assert "/table/" in page.url
    assert not httpx.get(f"{server}/api/tables/{table}").json()["seats"][0]["open"]

    page.click("#leave")
    page.keyboard.press("Escape")  # Esc is "stay" too
    page.wait_for_selector("#leave-dialog", state="detached")
    assert not httpx.get(f"{server}/api/tables/{table}").json()["seats"][0]["open"]

    page.click("#leave")
    page.click("#leave-dialog .ask-yes")
    page.wait_for_url(server + "/")
    seat = httpx.get(f"{server}/api/tables/{table}").json()["seats"][0]
    assert seat["left"] and not seat["open"]  # mid-game: the computer will play it
    assert page.errors == []


# -- replays and the log --------------------------------------------------------------


def test_arrow_keys_step_a_replay(page, server):
    table = finished_table(server, "ps")
    page.goto(f"{server}/replay/{table}")
    page.wait_for_selector(".counter")

    def at(i):
        page.wait_for_function(
            f"document.querySelector('.counter').textContent.startsWith('Action {i} of')"
        )

    at(0)
    steps = int(page.inner_text(".counter").rsplit(" ", 1)[1])
    for _ in range(6):  # quicker than the steps load: none may be lost
        page.keyboard.press("ArrowRight")
    at(6)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    at(4)
    page.keyboard.press("End")
    at(steps)
    page.wait_for_selector("#result")
    reason = page.inner_text("#result .reason")
    assert "damage" in reason and "_" not in reason
    page.keyboard.press("Home")
    at(0)
    page.focus(".slider")  # the slider's own arrow keys step the same way
    page.keyboard.press("ArrowRight")
    at(1)
    assert page.errors == []


def test_log_line_numbers_stay_whole_past_100(page, server):
    table = finished_table(server, "pm")
    page.goto(f"{server}/replay/{table}")
    page.wait_for_selector(".counter")
    page.keyboard.press("End")
    page.wait_for_selector("#result")
    assert page.evaluate("document.querySelectorAll('.log li').length") >= 100
    need, room = page.evaluate(NUMBER_ROOM)
    assert room >= need, f"the number needs {need}px, the log leaves {room}px"
    assert page.evaluate("getComputedStyle(document.querySelector('.log')).listStyleType") != "none"
    assert page.errors == []


def conceded_table(server, game, actions=6) -> tuple[str, str]:
    """A table where seat 0 (a person) made a few moves against the computer, then
    conceded: (its id, seat 0's token)."""
    body = {"game": game, "seats": [{"kind": "human"}, {"kind": "ai", "level": "easy"}]}
    made = httpx.post(f"{server}/api/tables", json=body | {"join": 0, "name": "Ann"}).json()
    table, token = made["table"]["id"], made["joined"]["token"]
    mine = {"seat": 0, "token": token}
    deadline = time.monotonic() + 60
    while actions:
        assert time.monotonic() < deadline, "the computer did not answer"
        view = httpx.post(f"{server}/api/tables/{table}/view", json=mine).json()
        if view["legal"]:
            act = {**mine, "action": view["legal"][0]["id"], "expected_version": view["version"]}
            httpx.post(f"{server}/api/tables/{table}/act", json=act)
            actions -= 1
        else:
            time.sleep(0.05)
    assert httpx.post(f"{server}/api/tables/{table}/concede", json=mine).status_code == 200
    return table, token


def test_a_seat_that_played_sees_the_replay_from_its_seat(page, server):
    """With its token in this browser, a seat sees each replay step from its seat, its
    own hand face up; the token travels in request bodies only."""
    table, token = conceded_table(server, "ps")
    asked = []
    page.on("request", lambda r: asked.append((r.method, r.url, r.post_data or "")))
    page.goto(server + "/")
    held = f"JSON.stringify({{seat: 0, token: '{token}'}})"
    page.evaluate(f"localStorage.setItem('tcglab.seat.{table}', {held})")
    page.goto(f"{server}/replay/{table}")
    page.wait_for_selector("#replay-seat:checked:enabled")
    assert "Seat 1" in page.inner_text(".status")
    assert "(you)" in page.inner_text(".board")
    hand = ".board .zone.hand .card[data-card]"
    assert page.query_selector_all(hand)  # its own hand, face up
    page.keyboard.press("End")
    page.wait_for_selector("#result #standings")
    assert "Ann (you): damage" in page.inner_text("#result #standings")
    assert "Ann conceded" in page.inner_text("#result .reason")
    steps = [a for a in asked if "/replay/" in a[1] and "/api/" in a[1]]
    assert steps and all(m == "POST" and token in body for m, _, body in steps)
    assert not any(token in url for _, url, _ in asked)
    page.uncheck("#replay-seat")  # back to the spectator's view
    page.wait_for_function("!document.querySelector('.status').textContent.includes('Seat 1')")
    assert not page.query_selector_all(hand)
    assert asked[-1][0] == "GET"
    assert page.errors == []


def test_a_replay_with_a_token_the_server_refuses_is_a_spectators(page, server):
    table, _ = conceded_table(server, "ps", actions=1)
    page.goto(server + "/")
    page.evaluate(
        f"localStorage.setItem('tcglab.seat.{table}', JSON.stringify({{seat: 0, token: 'tk'}}))"
    )
    page.goto(f"{server}/replay/{table}")
    page.wait_for_selector("#replay-seat:disabled")
    assert not page.is_checked("#replay-seat")
    assert "spectators" in page.get_attribute(".replay-seat", "title")
    page.errors = [e for e in page.errors if "403" not in e]  # the refused request itself
    assert page.errors == []


# -- a party being formed -------------------------------------------------------------


def test_a_placed_card_shows_in_its_slot_with_the_party_points_and_undo(page, server):
    create_vs_ai(page, server, "pgt")
    put = "#actions button[data-action='put H1']"
    page.wait_for_selector(put)
    hand = ".board .zone.hand .card"
    cards = page.eval_on_selector_all(hand, "(cs) => cs.map((c) => c.dataset.card)")
    page.click(put)
    page.wait_for_selector(f".board .slot .card[data-ref='P1.F1'][data-card='{cards[0]}']")
    shown = page.eval_on_selector_all(hand, "(cs) => cs.map((c) => c.dataset.card)")
    assert shown == cards[1:]  # the hand shrinks; "put H1" is its first card again
    score = printed(page, "pgt", cards[0])["score"]
    assert page.inner_text(".seat-panel .party-points") == f"{score}/10 points"
    undo = page.wait_for_selector("#actions button[data-action='undo']")
    assert "F1" in undo.inner_text()
    undo.click()
    page.wait_for_selector(".board .empty-slot.next-slot[data-ref='P1.F1']")
    assert page.inner_text(".seat-panel .party-points") == "0/10 points"
    assert not page.query_selector("#actions button[data-action='undo']")
    page.click("#lang")
    page.wait_for_function("document.querySelector('.party-points').textContent === '0/10点'")
    page.click("#lang")
    assert page.errors == []


def test_a_character_moved_aside_in_a_reformation_waits_by_the_slot_it_left(page, server):
    """PGT-8.4: once F1 holds the character moved there from F2, F1's old character is
    shown under "Still to place" as F1, and "keep F1" lights it up, not the new F1."""
    position = (Path(__file__).parents[1] / "positions" / "pgt-reforming.toml").read_text("utf-8")
    seats = [{"kind": "human"}, {"kind": "ai", "level": "easy"}]
    body = {"scenario": {"text": position}, "seats": seats, "join": 0, "auto_pass": False}
    made = httpx.post(f"{server}/api/tables", json=body).json()
    page.goto(f"{server}/table/{made['table']['id']}#seat=0&token={made['joined']['token']}")
    page.click("#actions button[data-action='keep F2']")
    waiting = ".board .zone.waiting .card[data-ref='P1.F1'][data-card='006']"
    page.wait_for_selector(waiting)
    assert "F1" in page.inner_text(".board .zone.waiting .slot-name")
    # the new F1 (002, face-down) is in the row and no longer answers to "P1.F1"
    assert page.query_selector(".board .pgt-row:not(.zone .pgt-row) .card[data-card='002']")
    assert len(page.query_selector_all("[data-ref='P1.F1']")) == 1
    page.click("#actions button[data-action='keep F1']")
    page.wait_for_selector(".board .slot .card[data-ref='P1.F2'][data-card='006']")
    assert not page.query_selector(".board .zone.waiting")
    assert page.errors == []


# -- saying what happened -------------------------------------------------------------


def test_another_seats_action_lights_up_what_it_touched(page, server):
    create_vs_ai(page, server, "pgt")
    touched = click_until(page, ".board .touched[data-ref]", limit=150)
    assert touched.get_attribute("data-ref").startswith("P")
    # our own decision puts the light out at once (clicked and counted in one go)
    left = page.evaluate(
        f"() => {{ document.querySelector('{ENABLED}').click();"
        " return document.querySelectorAll('.board .touched').length; }"
    )
    assert left == 0


def answering(page, server, game, tables=4):
    """The header's answer during another's turn, in the first of a few games where the
    first legal action every time leads to one before the end."""
    for _ in range(tables):
        create_vs_ai(page, server, game)
        for _ in range(200):
            page.wait_for_selector(f"#result, {ENABLED}")
            answer = page.query_selector(".status .decision .answering")
            if answer or page.query_selector("#result"):
                break
            page.click(f"{ENABLED} >> nth=0")
        if answer:
            return answer
    raise AssertionError(f"no answer in the header in {tables} games")


def test_the_header_says_what_you_answer_during_the_other_turn(page, server):
    answer = answering(page, server, "ps")
    assert "AI" in answer.inner_text() and "attacks" in answer.inner_text()
    page.click("#lang")
    page.wait_for_function(
        "document.querySelector('.status .decision .answering').textContent.includes('への対応')"
    )
    page.click("#lang")
    assert page.errors == []


def test_the_tab_says_when_it_is_your_turn_and_the_beep_is_remembered(page, server):
    create_vs_ai(page, server, "pm")
    page.wait_for_selector(ENABLED)
    assert page.title() == "● Your turn — tcglab"
    hide = (
        "(hidden) => { Object.defineProperty(document, 'hidden', "
        "{configurable: true, get: () => hidden});"
        " document.dispatchEvent(new Event('visibilitychange')); }"
    )
    page.evaluate(hide, True)
    assert page.get_attribute("link[rel='icon']", "data-dot") == "true"
    page.evaluate(hide, False)
    assert page.get_attribute("link[rel='icon']", "data-dot") == "false"
    assert not page.is_checked("#sound-toggle")  # off by default
    page.check("#sound-toggle")
    assert page.evaluate("localStorage.getItem('tcglab.sound')") == "on"
    page.reload()
    page.wait_for_selector(ENABLED)
    assert page.is_checked("#sound-toggle")
    page.click("#home")
    page.wait_for_selector("#create-go")
    assert page.title() == "tcglab"
    assert page.errors == []


# -- many badges ----------------------------------------------------------------------


def test_many_badges_sit_below_a_cards_text(page, server):
    create_vs_ai(page, server, "ps")
    card = click_until(page, ".board .card.crowded", limit=150)
    marks, foot, text = page.evaluate(
        "(c) => ['.marks', '.foot', '.text'].map((s) => c.querySelector(s))"
        ".map((e) => e && e.getBoundingClientRect().toJSON())",
        card,
    )
    assert marks["top"] >= foot["bottom"] - 0.5
    if text:
        assert marks["top"] >= text["bottom"] - 0.5
    box = card.bounding_box()
    assert marks["bottom"] <= box["y"] + box["height"] + 0.5  # inside the card, which grew
