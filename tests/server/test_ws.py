"""The websocket: views pushed to seats and spectators, actions acknowledged after they
are stored, every bad message answered with an error that changes nothing, and a
dropped connection resuming where it stopped."""

from __future__ import annotations

import re

import pytest

from .helpers import SHORT, create, hello, humans, lobby_of, next_view, play, running, vs_ai


@pytest.fixture
def client(tmp_path):
    with running(tmp_path / "t.db") as client:
        yield client


def two_humans(client, game="ps"):
    table_id, token0 = create(client, game, humans(2))
    token1 = client.post(f"/api/tables/{table_id}/join", json={"seat": 1}).json()["token"]
    return table_id, {0: token0, 1: token1}


def error_of(ws, message):
    ws.send_json(message) if isinstance(message, dict) else ws.send_text(message)
    reply = ws.receive_json()
    assert reply["type"] == "error", reply
    assert "\n" not in reply["error"]
    return reply


def test_hello_then_act_then_a_view_that_acknowledges_it(client):
    table_id, tokens = two_humans(client)
    mover = lobby_of(client).table(table_id).state.to_move
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        view = hello(ws, mover, tokens[mover])
        assert view["version"] == 0 and view["legal"] and view["seat"] == mover
        assert all(set(a) == {"id", "label"} for a in view["legal"])
        ws.send_json(
            {
                "type": "act",
                "seat": mover,
                "token": tokens[mover],
                "action": view["legal"][0]["id"],
                "expected_version": 0,
                "ref": 7,
            }
        )
        reply = ws.receive_json()  # the view showing the action acknowledges it
        assert reply["type"] == "view" and reply["version"] == 1
        assert reply["ack"] == {"version": 1, "ref": 7}
        rows = lobby_of(client).store.db.execute("SELECT action FROM actions").fetchall()
        assert rows == [(view["legal"][0]["id"],)]  # stored by the time it was acknowledged


def test_every_bad_message_is_answered_and_changes_nothing(client):
    table_id, tokens = two_humans(client)
    table = lobby_of(client).table(table_id)
    mover = table.state.to_move
    other = 1 - mover
    digest = table.state.digest()
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        assert error_of(ws, {"type": "act", "seat": mover})["error"].startswith("say hello")
        assert error_of(ws, {"type": "hello", "seat": mover, "token": "bad"})["status"] == 403
        assert (
            "wrong token" in error_of(ws, {"type": "hello", "seat": mover, "token": "x"})["error"]
        )
        assert error_of(ws, {"type": "hello", "seat": 4, "token": "x"})["status"] == 404
        bad_lang = {"type": "hello", "seat": mover, "token": tokens[mover], "lang": "fr"}
        assert "lang must be one of en, ja" in error_of(ws, bad_lang)["error"]
        view = hello(ws, mover, tokens[mover])
        legal = view["legal"][0]["id"]
        act = {"type": "act", "seat": mover, "token": tokens[mover], "action": legal}
        assert "JSON object" in error_of(ws, "{not json")["error"]
        assert "JSON object" in error_of(ws, "[1]")["error"]
        assert "unknown message type" in error_of(ws, {"type": "dance"})["error"]
        assert "wrong token" in error_of(ws, act | {"token": tokens[other]})["error"]
        assert "plays seat" in error_of(ws, act | {"seat": other, "token": tokens[other]})["error"]
        assert "stale" in error_of(ws, act | {"expected_version": 9})["error"]
        assert "not one of your legal" in error_of(ws, act | {"action": "take all"})["error"]
        assert error_of(ws, act | {"ref": "r1", "action": None})["ref"] == "r1"
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
    assert table.version == 0 and table.state.digest() == digest


def test_not_your_turn_over_the_socket(client):
    table_id, tokens = two_humans(client)
    waiting = 1 - lobby_of(client).table(table_id).state.to_move
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        view = hello(ws, waiting, tokens[waiting])
        assert view["legal"] == []
        reply = error_of(
            ws, {"type": "act", "seat": waiting, "token": tokens[waiting], "action": "end"}
        )
        assert f"not seat {waiting}'s turn" in reply["error"] and reply["status"] == 409


def test_spectator_sees_every_change_and_may_not_act(client):
    table_id, token = create(client, "higurashi", vs_ai(2), options={"round_limit": 2})
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as player,
        client.websocket_connect(f"/ws/tables/{table_id}") as watcher,
    ):
        view = hello(player, 0, token)
        seen = hello(watcher)
        assert seen["seat"] is None and seen["legal"] == []
        last = play(player, 0, token, view)
        assert last["status"] == "finished"
        events = list(seen["events"])
        while seen["status"] != "finished":
            seen = next_view(watcher)
            assert seen["since"] == len(events)
            events += seen["events"]
        assert len(events) == seen["next"] == last["next"]
        reply = error_of(watcher, {"type": "act", "seat": 0, "token": token, "action": "x"})
        assert "this connection plays seat None" in reply["error"]


def test_reconnect_resumes_from_the_events_it_has(client):
    table_id, token = create(client, "pgt", vs_ai(2), options={"round_limit": 2})
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        view = play(ws, 0, token, hello(ws, 0, token), until=3)
        had = view["next"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        resumed = hello(ws, 0, token, since=had)
        assert resumed["since"] == had
        full = lobby_of(client).table(table_id).state.events_for(0)
        assert resumed["events"] == full[had : resumed["next"]]
        assert play(ws, 0, token, resumed)["status"] == "finished"


JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.mark.parametrize("game", ["higurashi", "pgt", "pm", "ps"])
def test_a_japanese_seat_reads_labels_and_log_in_japanese(client, game):
    table_id, token = create(client, game, vs_ai(2), options=SHORT[game])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        view = play(ws, 0, token, hello(ws, 0, token, lang="ja"), until=2)
        while not view["legal"]:  # the computer's turn: wait for ours
            view = next_view(ws)
        assert all(JAPANESE.search(a["label"]) for a in view["legal"])
        events = hello(ws, 0, token, lang="ja")["events"]
        assert events and all(JAPANESE.search(e["message"]) for e in events)
        english = hello(ws, 0, token, lang="en")
        assert [e["kind"] for e in english["events"]] == [e["kind"] for e in events]
        assert not any(JAPANESE.search(e["message"]) for e in english["events"])


def test_leaving_the_seat_ends_that_connections_seat(client):
    table_id, tokens = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, 1, tokens[1])
        client.post(f"/api/tables/{table_id}/leave", json={"seat": 1, "token": tokens[1]})
        reply = ws.receive_json()
        assert reply["type"] == "error" and "left" in reply["error"]


def test_messages_with_number_keys_are_still_sent():
    from tcglab.server.protocol import dumps

    assert dumps({"counts": {1: "a"}, "name": "ひかり"}) == '{"counts":{"1":"a"},"name":"ひかり"}'
