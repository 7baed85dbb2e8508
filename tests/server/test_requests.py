"""What a request must be before it is read: a body sent as application/json (a page
on another site cannot make a browser send that without asking first), names and titles
that show as they read, deck lists and scenario files of plain text. Each refusal is
one line saying what is accepted, and changes nothing."""

from __future__ import annotations

import json

import pytest

from .helpers import create, humans, join, keep, lobby_of, prebuilt_text, rejected, running

LEGAL = prebuilt_text("pm", "academy-wall")
NOT_JSON = "the request body must be JSON, sent with Content-Type: application/json"
ELSEWHERE = "https://elsewhere.example"


@pytest.fixture
def client(tmp_path):
    with running(tmp_path / "t.db") as client:
        yield client


def changes(client) -> int:
    """Rows the database has changed so far: a refusal leaves the count as it was."""
    return lobby_of(client).store.db.total_changes


def json_requests(client) -> list[tuple[str, str, dict]]:
    """Every request that reads a JSON body, each with a body it would take."""
    table_id, token = create(client, "ps", humans(2))
    deck = keep(client, LEGAL)
    tables, seat = f"/api/tables/{table_id}", {"seat": 0, "token": token}
    return [
        ("POST", "/api/games/pm/check_deck", {"text": LEGAL}),
        ("POST", "/api/decks", {"game": "pm", "name": "x", "text": LEGAL}),
        ("PUT", f"/api/decks/{deck['id']}", {"token": deck["token"], "name": "y", "text": LEGAL}),
        ("DELETE", f"/api/decks/{deck['id']}", {"token": deck["token"]}),
        ("POST", f"/api/decks/{deck['id']}/trials", {"games": 10}),
        ("POST", "/api/tables", {"game": "pm", "seats": humans(2), "join": 0, "name": "Eve"}),
        ("POST", f"{tables}/join", {"seat": 1, "name": "Eve"}),
        ("POST", f"{tables}/leave", seat),
        ("POST", f"{tables}/concede", seat),
        ("POST", f"{tables}/seat", seat | {"auto_pass": False}),
        ("POST", f"{tables}/rematch", seat),
        ("POST", f"{tables}/act", seat | {"action": "end"}),
        ("POST", f"{tables}/view", seat),
        ("POST", f"{tables}/replay/0", seat),
    ]


@pytest.mark.parametrize(
    ("content_type", "shown"),
    [
        ("text/plain;charset=UTF-8", ', not "text/plain"'),
        ("application/x-www-form-urlencoded", ""),  # too long to repeat
        ("multipart/form-data; boundary=x", ', not "multipart/form-data"'),
        ("application/jsonp", ', not "application/jsonp"'),
        (None, "; this request had no Content-Type"),
    ],
)
def test_a_body_not_sent_as_json_is_refused_and_changes_nothing(client, content_type, shown):
    requests = json_requests(client)
    before = changes(client)
    headers = {"Origin": ELSEWHERE} | ({"Content-Type": content_type} if content_type else {})
    for method, url, body in requests:
        reply = client.request(method, url, content=json.dumps(body), headers=headers)
        error = rejected(reply, 415, NOT_JSON)
        assert error == NOT_JSON + shown, (url, error)
        assert "access-control-allow-origin" not in reply.headers
    assert changes(client) == before
    assert client.get("/api/tables").json()["total"] == 1  # only the table made above


def test_an_empty_body_must_say_it_is_json_too(client):
    """A bodiless POST is what a plain cross-site form or fetch sends."""
    deck = keep(client, LEGAL)
    rejected(client.post(f"/api/decks/{deck['id']}/trials"), 415, NOT_JSON)
    rejected(client.post("/api/tables", headers={"Content-Type": "text/plain"}), 415, NOT_JSON)


def test_json_with_parameters_and_in_any_case_is_read(client):
    body = json.dumps({"game": "pm", "name": "mine", "text": LEGAL})
    for content_type in ("application/json; charset=utf-8", "Application/JSON"):
        reply = client.post("/api/decks", content=body, headers={"Content-Type": content_type})
        assert reply.status_code == 201, reply.text


def test_no_preflight_lets_another_site_send_json(client):
    """A page elsewhere may send application/json only after a CORS preflight, which the
    server does not grant."""
    reply = client.options(
        "/api/tables",
        headers={
            "Origin": ELSEWHERE,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type",
        },
    )
    assert reply.status_code >= 400
    assert "access-control-allow-origin" not in reply.headers


# -- names and titles that show as they read ----------------------------------

INVISIBLE = {
    "right-to-left override": "\u202eAI (hard)",
    "zero-width space": "AI\u200b (hard)",
    "first-strong isolate": "\u2068AI (hard)\u2069",
    "left-to-right isolate": "\u2066Ann",
    "left-to-right mark": "Ann\u200e",
    "right-to-left mark": "\u200fAnn",
    "byte order mark": "\ufeffAnn",
    "zero-width joiner": "A\u200dnn",
}
FORMAT_WORDS = "without control characters or invisible format characters"


@pytest.mark.parametrize("name", INVISIBLE.values(), ids=INVISIBLE.keys())
def test_a_name_with_an_invisible_character_is_refused(client, name):
    table_id, _ = create(client, "ps", humans(2))
    before = changes(client)
    body = {"game": "ps", "seats": humans(2), "join": 0}
    error = rejected(client.post("/api/tables", json=body | {"name": name}), 400, FORMAT_WORDS)
    assert error.startswith("name: valid Unicode text of at most 40 characters")
    rejected(client.post("/api/tables", json=body | {"title": name}), 400, "title: valid Unicode")
    join_body = {"seat": 1, "name": name}
    rejected(client.post(f"/api/tables/{table_id}/join", json=join_body), 400, FORMAT_WORDS)
    deck = {"game": "pm", "name": name, "text": LEGAL}
    rejected(client.post("/api/decks", json=deck), 400, "name: valid Unicode text")
    assert changes(client) == before
    assert client.get(f"/api/tables/{table_id}").json()["seats"][1]["open"]


def test_names_in_any_script_are_taken(client):
    table_id, _ = create(client, "ps", humans(2), name="ひかり", title="Café ☕ 対局")
    join(client, table_id, name="Zoë")
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert [s["name"] for s in seats] == ["ひかり", "Zoë"]


def test_a_kept_decks_new_name_is_checked_too(client):
    deck = keep(client, LEGAL)
    edit = {"token": deck["token"], "name": "\u202ellaw", "text": LEGAL}
    rejected(client.put(f"/api/decks/{deck['id']}", json=edit), 400, FORMAT_WORDS)
    assert client.get(f"/api/decks/{deck['id']}").json()["name"] == "wall"


# -- deck lists and scenario files: plain text --------------------------------

DECK_WORDS = (
    "text: a deck list: valid Unicode text of at most 20000 characters, "
    "without control characters other than line breaks and tabs"
)


@pytest.mark.parametrize("bad", ["\x00", "\x1b[2J", "\x07", "\x85"], ids=repr)
def test_a_deck_list_with_a_control_character_is_refused_saying_what_is_accepted(client, bad):
    text = f"1 CWA-001{bad}"
    rejected(client.post("/api/games/pm/check_deck", json={"text": text}), 400, DECK_WORDS)
    before = changes(client)
    body = {"game": "pm", "name": "x", "text": text}
    rejected(client.post("/api/decks", json=body), 400, DECK_WORDS)
    table = {"game": "pm", "seats": humans(2), "decks": [{"text": text}, None]}
    error = rejected(client.post("/api/tables", json=table), 400, "decks.0: ")
    assert "without control characters other than line breaks and tabs" in error
    assert changes(client) == before


def test_a_deck_list_with_line_breaks_and_tabs_is_read(client):
    text = LEGAL.replace("\n", "\r\n").replace(" ", "\t", 1)
    reply = client.post("/api/games/pm/check_deck", json={"text": text})
    assert reply.status_code == 200 and reply.json()["ok"], reply.text


@pytest.mark.parametrize("bad", ["\\ud800", "\\u0000", "\\u001b"])
def test_a_scenario_file_that_is_not_plain_text_is_refused_saying_what_is_accepted(client, bad):
    body = '{"scenario": {"text": "game = \\"pm\\"' + bad + '"}}'  # JSON escapes, as sent
    reply = client.post("/api/tables", content=body, headers={"Content-Type": "application/json"})
    rejected(
        reply,
        400,
        "scenario.text: a scenario file: valid Unicode text of at most 65536 bytes, "
        "without control characters other than line breaks and tabs",
    )
    assert client.get("/api/tables").json()["total"] == 0
