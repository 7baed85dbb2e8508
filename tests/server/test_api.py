"""The HTTP API: games, decks, tables, seats, and every rejection of point 3 of the
server's specification, each answered with a one-line JSON error and no change."""

from __future__ import annotations

import pytest

from .helpers import create, hello, humans, lobby_of, play, running, vs_ai


@pytest.fixture
def client(tmp_path):
    with running(tmp_path / "t.db") as client:
        yield client


def two_humans(client, game="higurashi"):
    """A table of two human seats, both joined: (id, token 0, token 1)."""
    table_id, token0 = create(client, game, humans(2))
    token1 = client.post(f"/api/tables/{table_id}/join", json={"seat": 1}).json()["token"]
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


def rejected(reply, status, words):
    assert reply.status_code == status, reply.text
    error = reply.json()["error"]
    assert words in error and "\n" not in error
    return error


def test_games_lists_all_four_with_options_levels_and_decks(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert set(games) >= {"higurashi", "pgt", "pm", "ps"}
    limit = next(o for o in games["higurashi"]["options"] if o["name"] == "round_limit")
    assert limit["kind"] == "int" and limit["minimum"] == 0
    assert games["pm"]["decks"] and games["ps"]["decks"]
    assert "easy" in games["ps"]["levels"]


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


def test_create_join_and_list(client):
    table_id, token = create(client, "ps", humans(2))
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["status"] == "open" and summary["seats"][1]["open"]
    assert [t["id"] for t in client.get("/api/tables?status=open").json()] == [table_id]
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
        ({"game": "chess", "seats": humans(2)}, 400, "unknown game"),
        ({"seats": humans(2)}, 400, "game must be"),
        ({"game": "pgt", "seats": humans(5)}, 400, "played by 2 to 4 players"),
        ({"game": "pgt", "seats": [{"kind": "robot"}] * 2}, 400, "kind must be human or ai"),
        ({"game": "pgt", "seats": vs_ai(2, "godlike")}, 400, "unknown agent"),
        ({"game": "pgt", "seats": humans(2), "options": {"nope": 1}}, 400, "no rule option"),
        ({"game": "pgt", "seats": humans(2), "options": {"round_limit": -1}}, 400, ">= 0"),
        ({"game": "higurashi", "seats": humans(2), "decks": ["x", "y"]}, 400, "not played"),
        ({"game": "pm", "seats": humans(2), "decks": ["nope", None]}, 400, "no prebuilt deck"),
        ({"game": "pm", "seats": humans(2), "decks": [{"text": "9 X"}, None]}, 400, "line 1"),
        ({"game": "pm", "seats": humans(2), "join": 5}, 400, "join must name a human seat"),
    ],
)
def test_create_rejections(client, body, status, words):
    rejected(client.post("/api/tables", json=body), status, words)
    assert client.get("/api/tables").json() == []


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
    rejected(client.post("/api/tables", content=b"{nope"), 400, "must be a JSON object")
    rejected(client.post("/api/tables", json=[1, 2]), 400, "must be a JSON object")
    rejected(client.get("/api/tables/zzz"), 404, "no table 'zzz'")
    rejected(client.get("/api/nowhere"), 404, "Not Found")
    rejected(client.get("/api/tables?status=lost"), 400, "status must be")
    rejected(client.get("/api/tables/x/replay/abc"), 422, "step")


def test_join_rejections(client):
    table_id, _ = create(client, "pgt", vs_ai(2))
    before = snapshot(client, table_id)
    rejected(client.post(f"/api/tables/{table_id}/join", json={"seat": 0}), 409, "taken")
    rejected(client.post(f"/api/tables/{table_id}/join", json={"seat": 1}), 409, "computer")
    rejected(client.post(f"/api/tables/{table_id}/join", json={"seat": 7}), 404, "seats 0 to 1")
    rejected(client.post(f"/api/tables/{table_id}/join", json={"seat": "0"}), 400, "seat number")
    assert snapshot(client, table_id)[2:] == before[2:]


def test_leave_frees_the_seat_and_voids_its_token(client):
    table_id, token0, _ = two_humans(client)
    rejected(
        client.post(f"/api/tables/{table_id}/leave", json={"seat": 0, "token": "x"}), 403, "wrong"
    )
    assert client.post(f"/api/tables/{table_id}/leave", json={"seat": 0, "token": token0}).json()
    assert client.get(f"/api/tables/{table_id}").json()["seats"][0]["open"]
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
    rejected(act(seat=9), 404, "has seats 0 to 1")
    rejected(act(expected_version=3), 409, "stale action: you saw version 3")
    rejected(act(expected_version="0"), 400, "expected_version must be a whole number")
    rejected(act(action="win the game"), 409, "'win the game' is not one of your legal")
    rejected(act(action=5), 400, "action must be the id")
    rejected(client.post(url, content=b"]["), 400, "JSON object")
    rejected(client.post("/api/tables/nope/act", json={}), 404, "no table")
    assert snapshot(client, table_id) == before

    assert act().json() == {"version": 1}
    assert snapshot(client, table_id)[0] == 1
    rejected(act(), 409, "stale action")  # the same message again changes nothing
    assert snapshot(client, table_id)[0] == 1


def test_spectator_view_has_no_legal_actions_and_no_hand(client):
    table_id, _ = create(client, "ps", humans(2), join=None)
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
    rejected(client.get(f"/api/tables/{table_id}/replay/3?lang=de"), 400, "lang must be one of")
    rejected(client.post(f"/api/tables/{table_id}/view", json={"lang": "xx"}), 400, "lang must")
