"""Helpers for the server tests: an app on a temporary database, tables made through
the API, and a websocket seat that plays by a fixed rule."""

from __future__ import annotations

import asyncio
import hashlib
import threading
import warnings
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from tcglab.engine import get_game
from tcglab.server import create_app, notes

SHORT = {  # rule options that keep a test game short
    "higurashi": {"round_limit": 4},
    "pgt": {"round_limit": 3},
    "pm": {},
    "ps": {},
}


def apart(function, *args):
    """`function(*args)` on a thread of its own, its result or its error: the browser
    tests keep an event loop running on this one for the whole session, where another
    cannot run."""
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(function, *args).result()


def run_apart(coroutine):
    """`asyncio.run(coroutine)` on a thread of its own (`apart`)."""
    return apart(asyncio.run, coroutine)


@contextmanager
def running(db_path, **options):
    """A started app (AI seats play) and its test client; stopped on leaving."""
    app = create_app(db_path, allow_seed=True, **options)
    with TestClient(app) as client:
        yield client


def lobby_of(client):
    return client.app.state.lobby


def create(
    client, game, seats, join=0, seed=None, options=None, decks=None, name="tester", **fields
):
    """A new table (`fields`: more of the create body); returns (table id, the joined
    seat's token or None)."""
    body = {"game": game, "seats": seats, "options": options if options is not None else {}}
    body |= fields
    if join is not None:
        body |= {"join": join, "name": name}
    if seed is not None:
        body["seed"] = seed
    if decks is not None:
        body["decks"] = decks
    reply = client.post("/api/tables", json=body)
    assert reply.status_code == 201, reply.text
    data = reply.json()
    return data["table"]["id"], (data["joined"] or {}).get("token")


def join(client, table_id, seat=1, name="Bo", **body) -> str:
    """Take an open seat under `name`; returns its token."""
    reply = client.post(f"/api/tables/{table_id}/join", json={"seat": seat, "name": name} | body)
    assert reply.status_code == 200, reply.text
    return reply.json()["token"]


def listed(client, status=None, **query) -> list[str]:
    """The ids of one page of the lobby listing, newest first."""
    params = {k: v for k, v in ({"status": status} | query).items() if v is not None}
    reply = client.get("/api/tables", params=params)
    assert reply.status_code == 200, reply.text
    return [t["id"] for t in reply.json()["tables"]]


def finished_actions(client, table_id) -> list[str]:
    """Every action of a finished game, from its replay (the server keeps no finished
    game in memory)."""
    reply = client.get(f"/api/tables/{table_id}/replay")
    assert reply.status_code == 200, reply.text
    return reply.json()["actions"]


def humans(n):
    return [{"kind": "human"} for _ in range(n)]


def vs_ai(players, level="easy"):
    return [{"kind": "human"}] + [{"kind": "ai", "level": level} for _ in range(players - 1)]


def pick(view) -> str:
    """The scripted human's choice: fixed by the position, so every run plays alike."""
    legal = view["legal"]
    digest = hashlib.sha256(f"{view['seat']}-{view['version']}".encode()).digest()
    return legal[digest[0] % len(legal)]["id"]


def next_view(ws, messages=None):
    """The next message, which must be a view (errors fail the test)."""
    message = ws.receive_json()
    if messages is not None:
        messages.append(message)
    assert message["type"] == "view", message
    return message


def play(ws, seat, token, view, until=None, messages=None):
    """Act for `seat` whenever it is to move until the game ends (or `until` actions
    of this seat have been made); returns the last view."""
    made, acted_at = 0, None
    while view["status"] != "finished" and (until is None or made < until):
        if view["legal"] and view["version"] != acted_at:
            acted_at = view["version"]
            ws.send_json(
                {
                    "type": "act",
                    "seat": seat,
                    "token": token,
                    "action": pick(view),
                    "expected_version": view["version"],
                }
            )
            made += 1
        view = next_view(ws, messages)
    return view


def hello(ws, seat=None, token=None, since=0, messages=None, lang=None):
    message = {"type": "hello", "seat": seat, "token": token, "since": since}
    ws.send_json(message if lang is None else message | {"lang": lang})
    return next_view(ws, messages)


def answer(ws, seconds=30):
    """The next message from the server. A connection that has stopped answering fails
    the test here instead of hanging it: a guard against a stall, not a speed check."""
    box = []

    def receive():
        try:
            box.append(ws.receive_json())
        except BaseException as exc:  # a closed connection: raised below, in the test
            box.append(exc)

    thread = threading.Thread(target=receive, daemon=True)
    thread.start()
    thread.join(seconds)
    assert box, f"no reply from the server in {seconds} s: the connection stalled"
    if isinstance(box[0], BaseException):
        raise box[0]
    return box[0]


def told(truth, table, seat, since=0):
    """`seat`'s log as the server tells it at the version `truth` stands at: the game's
    events and the table's notes to that seat, seats called by their names. Notes of
    later versions come after these events; a view's `next` cuts them off."""
    return notes.events(truth, table.row.notes, seat, since, "en", table.names())


def deck_text(ids: list[str]) -> str:
    """Card ids written as the `count card-id` list the CLI reads."""
    return "\n".join(f"{n} {card}" for card, n in Counter(ids).items())


def prebuilt_text(game_id: str, name: str) -> str:
    """A prebuilt deck as a deck list."""
    return deck_text(get_game(game_id).prebuilt_decks()[name])


def keep(client, text: str, game="pm", name="wall") -> dict:
    """Keep a deck on the server; returns it with its edit token."""
    reply = client.post("/api/decks", json={"game": game, "name": name, "text": text})
    assert reply.status_code == 201, reply.text
    return reply.json()


def rejected(reply, status, words):
    """A refusal with `status` and a one-line error holding `words`; returns the error."""
    assert reply.status_code == status, reply.text
    error = reply.json()["error"]
    assert words in error and "\n" not in error, error
    return error
