"""A server stopped or killed mid-game loses nothing: started again on the same
database it rebuilds the table from its record, the AI seats play on, and the game
ends exactly as an uninterrupted game with the same seed and actions does. A table still
waiting for its players comes back waiting, and is dealt at its last join."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess

import httpx
import pytest
from websockets.sync.client import connect

import scripts
from tcglab.engine.replay import Replay, rerun
from tcglab.server.tables import MAX_TABLES_PER_CREATOR

from .helpers import create, hello, listed, lobby_of, play, running, vs_ai

SEED = 2_718_281_828_459_045_235
OPTIONS = {"round_limit": 3}


def uninterrupted(tmp_path, game="pgt"):
    """The replay of the same game played through in one go."""
    with running(tmp_path / "whole.db") as client:
        table_id, token = create(client, game, vs_ai(2, "normal"), seed=SEED, options=OPTIONS)
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            assert play(ws, 0, token, hello(ws, 0, token))["status"] == "finished"
        return client.get(f"/api/tables/{table_id}/replay").json()


def same_game(replay: dict, whole: dict) -> None:
    assert replay["actions"] == whole["actions"]
    assert replay["final_digest"] == whole["final_digest"]
    assert replay["events_digest"] == whole["events_digest"]
    fields = {k: v for k, v in replay.items() if k not in ("format", "format_version")}
    assert rerun(Replay(**fields)).ok


def test_restart_rebuilds_and_finishes_the_same_game(tmp_path):
    db = tmp_path / "t.db"
    with running(db) as client:
        table_id, token = create(client, "pgt", vs_ai(2, "normal"), seed=SEED, options=OPTIONS)
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            view = play(ws, 0, token, hello(ws, 0, token), until=6)
        stopped_at = lobby_of(client).table(table_id).version
    assert view["status"] != "finished" and stopped_at >= 6

    with running(db) as client:
        table = lobby_of(client).table(table_id)
        assert table.version >= stopped_at and table.state is not None
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            assert play(ws, 0, token, hello(ws, 0, token))["status"] == "finished"
        replay = client.get(f"/api/tables/{table_id}/replay").json()
        assert listed(client, "finished") == [table_id]
    same_game(replay, uninterrupted(tmp_path))


# The benches' own server in a child process (bench/local_server.py), at the limits a
# server has by default.
LOCAL = scripts.load("bench/local_server.py")
free_port = LOCAL.free_port


def start_server(db, port) -> subprocess.Popen:
    return LOCAL.start_server(db, port, MAX_TABLES_PER_CREATOR, "the restart test")


def socket_play(port, table_id, token, until=None) -> dict:
    """Play seat 0 over a real websocket; returns the last view."""
    with connect(f"ws://127.0.0.1:{port}/ws/tables/{table_id}") as ws:
        ws.send(json.dumps({"type": "hello", "seat": 0, "token": token}))
        made, acted_at = 0, None
        while True:
            view = json.loads(ws.recv(timeout=30))
            assert view["type"] == "view", view
            if view["status"] == "finished" or (until is not None and made >= until):
                return view
            if view["legal"] and view["version"] != acted_at:
                from .helpers import pick

                acted_at = view["version"]
                act = {"type": "act", "seat": 0, "token": token, "action": pick(view)}
                ws.send(json.dumps(act | {"expected_version": view["version"]}))
                made += 1


@pytest.mark.skipif(os.name != "posix", reason="kills the server process with SIGKILL")
def test_killed_server_loses_no_acknowledged_action(tmp_path):
    db, port = tmp_path / "killed.db", free_port()
    server = start_server(db, port)
    try:
        body = {"game": "pgt", "seats": vs_ai(2, "normal"), "options": OPTIONS, "join": 0}
        created = httpx.post(f"http://127.0.0.1:{port}/api/tables", json=body).json()
        table_id, token = created["table"]["id"], created["joined"]["token"]
        view = socket_play(port, table_id, token, until=5)
    finally:
        server.kill()  # no shutdown: whatever was acknowledged must be on disk
        server.wait()
    with sqlite3.connect(db) as con:
        (seed,) = con.execute("SELECT seed FROM tables WHERE id = ?", (table_id,)).fetchone()
        (stored,) = con.execute("SELECT COUNT(*) FROM actions").fetchone()
    assert stored >= view["version"] >= 5

    server = start_server(db, port)
    try:
        assert socket_play(port, table_id, token)["status"] == "finished"
        replay = httpx.get(f"http://127.0.0.1:{port}/api/tables/{table_id}/replay").json()
    finally:
        server.terminate()
        server.wait()
    assert replay["seed"] == seed
    with running(tmp_path / "whole.db") as client:
        whole_id, whole_token = create(
            client, "pgt", vs_ai(2, "normal"), seed=seed, options=OPTIONS
        )
        with client.websocket_connect(f"/ws/tables/{whole_id}") as ws:
            play(ws, 0, whole_token, hello(ws, 0, whole_token))
        same_game(replay, client.get(f"/api/tables/{whole_id}/replay").json())


@pytest.mark.skipif(os.name != "posix", reason="kills the server process with SIGKILL")
def test_a_table_waiting_for_its_players_survives_a_killed_server(tmp_path):
    """A Precious Memories table not dealt yet (seat 1 open) comes back waiting, with
    the deck its creator chose, and the friend who joins after the restart deals it
    with the deck they bring."""
    db, port = tmp_path / "waiting.db", free_port()
    url = f"http://127.0.0.1:{port}"
    fifteen = "\n".join(f"4 CWA-{n:03}" for n in range(1, 16))  # PM-1.2: 60, 4 of a card
    server = start_server(db, port)
    try:
        kept = httpx.post(f"{url}/api/decks", json={"game": "pm", "name": "f", "text": fifteen})
        deck_id = kept.json()["id"]
        body = {"game": "pm", "seats": [{"kind": "human"}] * 2, "join": 0, "name": "Ann"}
        body["decks"] = ["moon-links", None]
        created = httpx.post(f"{url}/api/tables", json=body).json()
        table_id, token = created["table"]["id"], created["joined"]["token"]
    finally:
        server.kill()  # no shutdown: the waiting table must be on disk as it was
        server.wait()

    server = start_server(db, port)
    try:
        waiting = httpx.get(f"{url}/api/tables/{table_id}").json()
        assert waiting["status"] == "open" and waiting["dealt"] is False
        view = httpx.post(f"{url}/api/tables/{table_id}/view", json={"seat": 0, "token": token})
        assert view.status_code == 200 and view.json()["observation"] is None
        join = {"seat": 1, "name": "Bo", "deck": {"kept": deck_id}}
        bo = httpx.post(f"{url}/api/tables/{table_id}/join", json=join).json()["token"]
        assert httpx.get(f"{url}/api/tables/{table_id}").json()["status"] == "running"
        seen = [
            httpx.post(f"{url}/api/tables/{table_id}/view", json=proof).json()["observation"]
            for proof in ({"seat": 0, "token": token}, {"seat": 1, "token": bo})
        ]
    finally:
        server.terminate()
        server.wait()
    assert all(card.startswith("MTS-") for card in seen[0]["hand"])  # moon-links
    assert all(card.startswith("CWA-") for card in seen[1]["hand"])  # the kept deck
