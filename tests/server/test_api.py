"""The HTTP API: games, decks, tables, seats, and every rejection of point 3 of the
server's specification, each answered with a one-line JSON error and no change."""

from __future__ import annotations

import json

import pytest

from .helpers import create, hello, humans, join, lobby_of, play, running, vs_ai


@pytest.fixture
def client(tmp_path):
    with running(tmp_path / "t.db") as client:
        yield client


def two_humans(client, game="higurashi"):
    """A table of two human seats, both joined: (id, token 0, token 1)."""
    table_id, token0 = create(client, game, humans(2))
    token1 = join(client, table_id)
    return table_id, token0, token1


def snapshot(client, table_id):
    """What a rejection must leave as it was: actions, state and seats."""
    table = lobby_of(client).table(table_id)
    rows = (
        lobby_of(client)
        .store.db.execute("SELECT COUNT(*) FROM actions WHERE table_id = ?", (table_id,))
        .fetchone()[0]
    )
    seats = [(s.name, s.token_hash) for s in table.seats]
    return table.version, table.ensure_state().digest(), rows, seats


JSON = {"Content-Type": "application/json"}  # for bodies written by hand


def rejected(reply, status, words):
    assert reply.status_code == status, reply.text
    error = reply.json()["error"]
    assert words in error and "\n" not in error
    return error


def test_games_lists_all_four_with_options_levels_and_decks(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert set(games) >= {"higurashi", "pgt", "pm", "ps"}
    limit = next(o for o in games["higurashi"]["options"] if o["name"] == "round_limit")
    assert limit["kind"] == "int" and limit["minimum"] is not None
    assert games["pm"]["decks"] and games["ps"]["decks"]
    assert "easy" in games["ps"]["levels"]


def test_games_say_what_a_table_of_each_player_count_plays(client):
    """PGT-15.1 a Pretty Good Tactics table of 3 or 4 is a draft, which builds its own
    decks; the client reads this from the formats, not from the game's id."""
    games = {g["id"]: g for g in client.get("/api/games").json()}
    pgt = {f["players"]: f for f in games["pgt"]["formats"]}
    assert sorted(pgt) == [2, 3, 4]
    assert pgt[2]["name"] == "game" and pgt[2]["decks"] and pgt[2]["summary"] is None
    for players in (3, 4):
        assert pgt[players]["name"] == "draft" and not pgt[players]["decks"]
        assert pgt[players]["title"]["en"] == "draft and tournament"
        assert "18-card" in pgt[players]["summary"]["en"] and pgt[players]["summary"]["ja"]
    higurashi = games["higurashi"]["formats"]
    assert [f["players"] for f in higurashi] == [2, 3, 4, 5]
    assert all(f["name"] == "game" and not f["decks"] for f in higurashi)


def test_cards_are_the_printed_set(client):
    cards = client.get("/api/games/ps/cards").json()
    assert cards["EV01"]["name"] and cards["EV01"]["name_ja"]
    rejected(client.get("/api/games/chess/cards"), 400, "unknown game 'chess'")


def test_check_deck_reports_problems_with_lines(client):
    decks = client.get("/api/games/ps/decks").json()
    good = "\n".join(f"1 {card}" for card in next(iter(decks.values())))
    assert client.post("/api/games/ps/check_deck", json={"text": good}).json()["ok"]
    bad = client.post("/api/games/ps/check_deck", json={"text": "3 NOPE\n"}).json()
    assert not bad["ok"] and any("line 1" in p for p in bad["problems"])
    rejected(client.post("/api/games/ps/check_deck", json={}), 400, "text")


@pytest.mark.parametrize("game", ["pm", "ps"])
@pytest.mark.parametrize("count", ["60000000", "1" + "0" * 23, "9" * 5000])
def test_an_enormous_card_count_is_a_problem_on_its_line(client, game, count):
    card = next(iter(client.get(f"/api/games/{game}/cards").json()))
    reply = client.post(f"/api/games/{game}/check_deck", json={"text": f"{count} {card}"})
    assert reply.status_code == 200
    checked = reply.json()
    assert not checked["ok"] and checked["cards"] == 0
    assert checked["problems"][0].startswith("line 1: ")
    assert "more than any deck holds" in checked["problems"][0]


def test_create_join_and_list(client):
    table_id, token = create(client, "ps", humans(2))
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["status"] == "open" and summary["seats"][1]["open"]
    assert [t["id"] for t in client.get("/api/tables?status=open").json()["tables"]] == [table_id]
    client.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Mika"})
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["status"] == "running" and summary["seats"][1]["name"] == "Mika"
    assert "token" not in str(summary) and token not in str(summary)


def test_pasted_deck_is_played(client):
    decks = client.get("/api/games/pm/decks").json()
    name, ids = next(iter(decks.items()))
    text = "\n".join(f"1 {card}" for card in ids)
    table_id, _ = create(client, "pm", vs_ai(2), decks=[{"text": text}, name])
    assert lobby_of(client).table(table_id).row.decks[0] == ids


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        (
            {"game": "chess", "seats": humans(2)},
            400,
            'game: a game id (see GET /api/games), not "chess"',
        ),
        ({"seats": humans(2)}, 400, "game: required; a game id"),
        ({"game": "pgt", "seats": humans(5)}, 400, "played by 2 to 4 players"),
        ({"game": "pgt", "seats": [{"kind": "robot"}] * 2}, 400, "seats.0.kind: human or ai"),
        ({"game": "pgt", "seats": vs_ai(2, "godlike")}, 400, "seats.1.level: the computer's level"),
        ({"game": "pgt", "seats": humans(2), "options": {"nope": 1}}, 400, "no rule option"),
        (
            {"game": "pgt", "seats": humans(2), "options": {"round_limit": -1}},
            400,
            "option round_limit takes a whole number",
        ),
        ({"game": "higurashi", "seats": humans(2), "decks": ["x", "y"]}, 400, "not played"),
        ({"game": "pm", "seats": humans(2), "decks": ["nope", None]}, 400, "no prebuilt deck"),
        ({"game": "pm", "seats": humans(2), "decks": [{"text": "9 X"}, None]}, 400, "line 1"),
        ({"game": "pm", "seats": humans(2), "join": 5}, 400, "join must name a human seat"),
        ({"game": "pm", "seats": humans(2), "decks": [None]}, 400, "one entry per seat (2)"),
        ({"game": "pgt", "seats": humans(3), "decks": [None]}, 400, "one entry per seat (3)"),
    ],
)
def test_create_rejections(client, body, status, words):
    rejected(client.post("/api/tables", json=body), status, words)
    assert client.get("/api/tables").json()["total"] == 0


def test_an_optional_text_given_as_null_is_left_out(client):
    body = {"game": "ps", "seats": humans(2), "title": None, "join": 0, "name": None}
    reply = client.post("/api/tables", json=body)
    assert reply.status_code == 201, reply.text
    assert reply.json()["table"]["title"] == "" and reply.json()["joined"]["name"] == "P1"


def test_seed_is_the_servers_unless_allowed(tmp_path):
    with running(tmp_path / "a.db") as client:
        assert (
            client.post(
                "/api/tables", json={"game": "pgt", "seats": humans(2), "seed": 5}
            ).status_code
            == 201
        )
    from .helpers import TestClient, create_app

    with TestClient(create_app(tmp_path / "b.db")) as client:
        reply = client.post("/api/tables", json={"game": "pgt", "seats": humans(2), "seed": 5})
        rejected(reply, 400, "chooses every seed itself")


def test_malformed_bodies(client):
    rejected(
        client.post("/api/tables", content=b"{nope", headers=JSON), 400, "must be a JSON object"
    )
    rejected(client.post("/api/tables", json=[1, 2]), 400, "must be a JSON object")
    rejected(client.get("/api/tables/zzz"), 404, "no table 'zzz'")
    rejected(client.get("/api/nowhere"), 404, "Not Found")
    rejected(client.get("/api/tables?status=lost"), 400, "status: one of open, running, finished")
    rejected(client.get("/api/tables/x/replay/abc"), 400, "step: the number of actions to replay")


def test_join_rejections(client):
    table_id, _ = create(client, "pgt", vs_ai(2))
    before = snapshot(client, table_id)
    rejected(client.post(f"/api/tables/{table_id}/join", json={"seat": 0}), 409, "taken")
    rejected(client.post(f"/api/tables/{table_id}/join", json={"seat": 1}), 409, "computer")
    rejected(client.post(f"/api/tables/{table_id}/join", json={"seat": 7}), 404, "seats 0 to 1")
    rejected(client.post(f"/api/tables/{table_id}/join", json={"seat": "0"}), 400, "seat number")
    assert snapshot(client, table_id)[2:] == before[2:]


def test_leave_before_the_game_is_under_way_frees_the_seat_and_voids_its_token(client):
    table_id, token0 = create(client, "higurashi", humans(2))  # seat 1 still open
    rejected(
        client.post(f"/api/tables/{table_id}/leave", json={"seat": 0, "token": "x"}), 403, "wrong"
    )
    assert client.post(f"/api/tables/{table_id}/leave", json={"seat": 0, "token": token0}).json()
    assert client.get(f"/api/tables/{table_id}").json()["seats"][0]["open"]
    view = client.post(f"/api/tables/{table_id}/view", json={"seat": 0, "token": token0})
    rejected(view, 403, "needs its seat token")


def test_a_seat_left_mid_game_is_closed_to_everyone(client):
    table_id, token0, _ = two_humans(client)
    assert client.post(f"/api/tables/{table_id}/leave", json={"seat": 0, "token": token0}).json()
    seat = client.get(f"/api/tables/{table_id}").json()["seats"][0]
    assert not seat["open"] and seat["left"] and seat["kind"] == "human"
    rejected(
        client.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "Zed"}), 409, "taken"
    )
    view = client.post(f"/api/tables/{table_id}/view", json={"seat": 0, "token": token0})
    rejected(view, 403, "needs its seat token")


def test_actions_and_every_rejection(client):
    table_id, token0, token1 = two_humans(client)
    view = client.post(f"/api/tables/{table_id}/view", json={}).json()
    mover = view["to_move"]
    tokens = {0: token0, 1: token1}
    mine = client.post(
        f"/api/tables/{table_id}/view", json={"seat": mover, "token": tokens[mover]}
    ).json()
    legal = mine["legal"][0]["id"]
    other = 1 - mover
    url = f"/api/tables/{table_id}/act"
    before = snapshot(client, table_id)

    def act(**body):
        base = {"seat": mover, "token": tokens[mover], "action": legal, "expected_version": 0}
        return client.post(url, json=base | body)

    rejected(act(token="not-it"), 403, f"wrong token for seat {mover}")
    rejected(act(token=None), 403, "needs its seat token")
    rejected(act(token=tokens[other]), 403, "wrong token")
    rejected(act(seat=other, token=tokens[other]), 409, f"not seat {other}'s turn")
    rejected(act(seat=7), 404, "has seats 0 to 1")
    rejected(act(seat=9), 400, "seat: a seat number from 0 to 7, not 9")
    rejected(act(expected_version=3), 409, "stale action: you saw version 3")
    rejected(act(expected_version="0"), 400, "expected_version: the version you saw: a whole")
    rejected(act(action="win the game"), 409, "'win the game' is not one of your legal")
    rejected(act(action=5), 400, "action: the id of one of your legal actions")
    rejected(client.post(url, content=b"][", headers=JSON), 400, "JSON object")
    rejected(
        client.post("/api/tables/nope/act", json={"seat": 0, "action": legal}), 404, "no table"
    )
    assert snapshot(client, table_id) == before

    assert act().json() == {"version": 1}
    assert snapshot(client, table_id)[0] == 1
    rejected(act(), 409, "stale action")  # the same message again changes nothing
    assert snapshot(client, table_id)[0] == 1


def test_spectator_view_has_no_legal_actions_and_no_hand(client):
    table_id, _ = create(client, "ps", vs_ai(2))
    view = client.post(f"/api/tables/{table_id}/view", json={}).json()
    assert view["seat"] is None and view["legal"] == []
    assert view["observation"].get("hand") is None
    assert "seed" not in str(view.keys())


def test_replay_only_after_the_end(client):
    table_id, _ = create(client, "pgt", humans(2))
    rejected(client.get(f"/api/tables/{table_id}/replay"), 409, "not finished")


def test_a_finished_game_steps_through_in_either_language(client):
    table_id, token = create(client, "higurashi", vs_ai(2), options={"round_limit": 2})
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        assert play(ws, 0, token, hello(ws, 0, token))["status"] == "finished"
    english = client.get(f"/api/tables/{table_id}/replay/3").json()
    japanese = client.get(f"/api/tables/{table_id}/replay/3?lang=ja").json()
    assert [e["kind"] for e in english["events"]] == [e["kind"] for e in japanese["events"]]
    assert english["events"][0]["message"] != japanese["events"][0]["message"]
    rejected(client.get(f"/api/tables/{table_id}/replay/3?lang=de"), 400, "lang: one of en, ja")
    rejected(client.post(f"/api/tables/{table_id}/view", json={"lang": "xx"}), 400, "lang: one of")


# -- the boundary: nothing past it that a reply could not carry ---------------


def test_a_name_that_is_not_unicode_is_refused_and_the_lobby_answers_on(client):
    table_id, _ = create(client, "higurashi", humans(2))
    url = f"/api/tables/{table_id}/join"
    reply = client.post(url, content=b'{"seat":1,"name":"\\ud800"}', headers=JSON)
    rejected(
        reply,
        400,
        "name: valid Unicode text of at most 40 characters, without control characters or"
        ' invisible format characters (direction overrides, zero-width spaces), not "\\ud800"',
    )
    rejected(
        client.post(url, json={"seat": 1, "name": "Mi\x00ka"}), 400, "name: valid Unicode text of"
    )
    assert client.get(f"/api/tables/{table_id}").json()["seats"][1]["open"]
    assert client.get("/api/tables").json()["total"] == 1
    assert client.post(f"/api/tables/{table_id}/view", json={}).status_code == 200
    assert client.post(url, json={"seat": 1, "name": "Mika"}).json()["name"] == "Mika"


LONE = "\ud800"  # half of a surrogate pair: JSON can carry it, UTF-8 cannot


@pytest.mark.parametrize(
    "fields",
    [
        {"title": LONE},
        {"join": 0, "name": "Mika" + LONE},
        {"game": LONE},
        {"options": {LONE: 1}},
        {"options": {"energy_from": LONE}},
        {"game": "pm", "decks": [LONE, None]},
        {"game": "pm", "decks": [{"text": "1 " + LONE}, None]},
        {"game": "pm", "decks": [["CWA-001", LONE], None]},
    ],
)
def test_no_field_of_a_new_table_takes_text_that_is_not_unicode(client, fields):
    body = json.dumps({"game": "ps", "seats": humans(2)} | fields)  # the \ud800 escape
    rejected(client.post("/api/tables", content=body, headers=JSON), 400, ": ")
    assert client.get("/api/tables").json()["total"] == 0


@pytest.mark.parametrize("level", ["ismcts:iters=100000000", "random", "heuristic", "Hard", ""])
def test_a_computer_seat_takes_only_a_difficulty_level(client, level):
    body = {"game": "pgt", "seats": vs_ai(2, level)}
    rejected(client.post("/api/tables", json=body), 400, "seats.1.level: the computer's level")
    assert client.get("/api/tables").json()["total"] == 0


PATHOLOGICAL_BODIES = {
    "deep arrays": b"[" * 1000 + b"]" * 1000,
    "deep objects": b'{"a":' * 1000 + b"1" + b"}" * 1000,
    "a 5,000-digit seat": b'{"seat": ' + b"9" * 5000 + b"}",
    "a 5,000-digit float": b'{"seat": 0.' + b"9" * 5000 + b"}",
    "Infinity": b'{"seat": Infinity}',
    "not UTF-8": b'{"seat": "\xff"}',
    "a lone surrogate token": b'{"seat": 0, "token": "\\ud800"}',
    "a token of 65 characters": b'{"seat": 0, "token": "' + b"a" * 65 + b'"}',
    "a token outside the alphabet": b'{"seat": 0, "token": "a+b/c="}',
}


@pytest.mark.parametrize("body", PATHOLOGICAL_BODIES.values(), ids=PATHOLOGICAL_BODIES.keys())
def test_pathological_json_is_a_clean_400(client, body):
    table_id, _, _ = two_humans(client)
    before = snapshot(client, table_id)
    for action in ("join", "leave", "act", "view"):
        reply = client.post(f"/api/tables/{table_id}/{action}", content=body, headers=JSON)
        assert reply.status_code == 400, reply.text
        assert "\n" not in reply.json()["error"]
    assert snapshot(client, table_id) == before


def test_an_unknown_field_is_named(client):
    body = {"game": "pgt", "seats": humans(2), "titel": "typo"}
    rejected(client.post("/api/tables", json=body), 400, "titel: unknown field; the fields here")
    seats = [{"kind": "ai", "levle": "hard"}, {"kind": "human"}]
    rejected(client.post("/api/tables", json={"game": "pgt", "seats": seats}), 400, "seats.0.levle")


CHUNK = 64 * 1024


async def post_streamed(app, path, chunks, headers=()):
    """POST `chunks` to the app as a body that streams in; returns the status, the
    reply and how many chunks the app read."""
    read = 0
    sent = []

    async def receive():
        nonlocal read
        if read < chunks:
            read += 1
            return {"type": "http.request", "body": b"x" * CHUNK, "more_body": read < chunks}
        return {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"content-type", b"application/json"), *headers],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }
    await app(scope, receive, send)
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return sent[0]["status"], body, read


def test_an_oversize_body_is_refused_before_it_is_read_whole(client):
    from tcglab.server.app import MAX_BODY

    chunks = 64  # 4 MiB, sixteen times the limit
    status, body, read = client.portal.call(post_streamed, client.app, "/api/tables", chunks)
    assert status == 413 and b"at most" in body
    assert read <= MAX_BODY // CHUNK + 1
    declared = [(b"content-length", str(300 * 1024 * 1024).encode())]
    status, _, read = client.portal.call(post_streamed, client.app, "/api/tables", chunks, declared)
    assert status == 413 and read == 0
    assert client.get("/api/tables").json()["total"] == 0


def test_listing_pages_and_filters(client):
    first, _ = create(client, "ps", humans(2))
    create(client, "pm", humans(2))
    page = client.get("/api/tables?game=ps&status=open&limit=1&offset=0").json()
    assert [t["id"] for t in page["tables"]] == [first] and page["total"] == 1
    assert client.get("/api/tables?limit=200").json()["total"] == 2


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("limit=0", "limit: from 1 to 200"),
        ("limit=201", "limit: from 1 to 200"),
        ("limit=ten", "limit: from 1 to 200"),
        ("offset=-1", "offset: a whole number"),
        ("offset=" + "9" * 5000, "offset: at most 200 characters"),
        ("game=chess", 'game: a game id (see GET /api/games), not "chess"'),
        ("status=lost", "status: one of open, running, finished"),
        ("page=2", "page: unknown field"),
    ],
)
def test_listing_refuses_bad_queries(client, query, words):
    rejected(client.get(f"/api/tables?{query}"), 400, words)
