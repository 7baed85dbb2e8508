"""The websocket: views pushed to seats and spectators, actions acknowledged after they
are stored, every bad message answered with an error that changes nothing, and a
dropped connection resuming where it stopped."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import socket
import subprocess
import sys
import time

import httpx
import pytest
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tcglab.server.protocol import (
    MAX_FRAME,
    MAX_MESSAGE,
    MAX_PENDING,
    MAX_SOCKETS_PER_ADDRESS,
    UNREAD,
    Connection,
)
from tcglab.server.store import Store
from tcglab.server.tables import Lobby

from .helpers import (
    SHORT,
    answer,
    create,
    hello,
    humans,
    join,
    lobby_of,
    next_view,
    play,
    run_apart,
    running,
    told,
    vs_ai,
)


@pytest.fixture
def client(tmp_path):
    with running(tmp_path / "t.db") as client:
        yield client


def two_humans(client, game="ps"):
    """Two seats in full control: every action they are sent is theirs to make."""
    table_id, token0 = create(client, game, humans(2), auto_pass=False)
    token1 = join(client, table_id, auto_pass=False)
    return table_id, {0: token0, 1: token1}


def error_of(ws, message):
    ws.send_json(message) if isinstance(message, dict) else ws.send_text(message)
    reply = answer(ws)
    assert reply["type"] == "error", reply
    assert "\n" not in reply["error"]
    return reply


def still_answers(ws):
    """The connection is open and its writer alive: a ping gets its pong."""
    ws.send_json({"type": "ping"})
    assert answer(ws) == {"type": "pong"}


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
        early = {"type": "act", "seat": mover, "token": tokens[mover], "action": "x"}
        assert error_of(ws, early)["error"].startswith("say hello")
        assert error_of(ws, {"type": "hello", "seat": mover, "token": "bad"})["status"] == 403
        assert (
            "wrong token" in error_of(ws, {"type": "hello", "seat": mover, "token": "x"})["error"]
        )
        assert error_of(ws, {"type": "hello", "seat": 4, "token": "x"})["status"] == 404
        bad_lang = {"type": "hello", "seat": mover, "token": tokens[mover], "lang": "fr"}
        assert error_of(ws, bad_lang)["error"] == 'lang: one of en, ja, not "fr"'
        view = hello(ws, mover, tokens[mover])
        legal = view["legal"][0]["id"]
        act = {"type": "act", "seat": mover, "token": tokens[mover], "action": legal}
        assert "JSON object" in error_of(ws, "{not json")["error"]
        assert "JSON object" in error_of(ws, "[1]")["error"]
        assert (
            error_of(ws, {"type": "dance"})["error"] == 'type: one of hello, act, ping, not "dance"'
        )
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
        assert len(events) == seen["next"]
        passed_for_me = [n for n in lobby_of(client).table(table_id).row.notes if n.seat == 0]
        assert last["next"] == seen["next"] + len(passed_for_me)  # told to the player only
        reply = error_of(watcher, {"type": "act", "seat": 0, "token": token, "action": "x"})
        assert "this connection watches as a spectator, not seat 0" in reply["error"]


def test_reconnect_resumes_from_the_events_it_has(client):
    table_id, token = create(client, "pgt", vs_ai(2), options={"round_limit": 2})
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        view = play(ws, 0, token, hello(ws, 0, token), until=3)
        had = view["next"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        resumed = hello(ws, 0, token, since=had)
        assert resumed["since"] == had
        table = lobby_of(client).table(table_id)
        assert resumed["events"] == told(table.state, table, 0)[had : resumed["next"]]
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


# -- replies no client could read, and input no parser should meet ------------

UNSENDABLE_REFS = [2**64, -(2**53) - 1, "\ud800", "x" * 65, "a\nb", True, 1.5, [1], {"r": 1}]


@pytest.mark.parametrize("ref", UNSENDABLE_REFS, ids=repr)
def test_a_ref_no_reply_could_carry_is_refused_and_the_connection_answers_on(client, ref):
    table_id, tokens = two_humans(client)
    table = lobby_of(client).table(table_id)
    mover = table.state.to_move
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        legal = hello(ws, mover, tokens[mover])["legal"][0]["id"]
        act = {"type": "act", "seat": mover, "token": tokens[mover], "action": legal}
        for message in (
            {"type": "ping", "ref": ref},
            {"type": "dance", "ref": ref},
            act | {"ref": ref},
        ):
            reply = error_of(ws, message)
            assert reply["error"].startswith("ref: text of at most 64 characters") or (
                message["type"] == "dance" and reply["error"].startswith("type: one of")
            )
            assert "ref" not in reply
            still_answers(ws)
        assert table.version == 0  # the refused action was not stored
        ws.send_json(act | {"ref": 2**53, "expected_version": 0})
        assert answer(ws)["ack"] == {"version": 1, "ref": 2**53}


def test_a_table_whose_options_no_client_could_read_is_never_made(client):
    too_big = {"game": "higurashi", "seats": humans(2), "options": {"round_limit": 2**64}}
    reply = client.post("/api/tables", json=too_big)
    assert reply.status_code == 400 and reply.json()["error"].startswith("options.round_limit:")
    as_text = too_big | {"options": {"round_limit": "9" * 30}}
    assert client.post("/api/tables", json=as_text).status_code == 400
    games = {g["id"]: g for g in client.get("/api/games").json()}
    option = next(o for o in games["higurashi"]["options"] if o["name"] == "round_limit")
    largest = option.get("maximum") or 2**53  # the most the game and the boundary accept
    table_id, token = create(client, "higurashi", humans(2), options={"round_limit": largest})
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        view = hello(ws, 0, token)
        assert view["observation"]["options"]["round_limit"] == largest


def test_a_view_that_cannot_be_encoded_becomes_an_error_and_still_acknowledges(client):
    """A seat name no reply can encode, as a database written before names were checked
    may hold: the client is told, the action it made is still acknowledged, and the
    connection stays open."""
    table_id, tokens = two_humans(client)
    table = lobby_of(client).table(table_id)
    mover = table.state.to_move
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        legal = hello(ws, mover, tokens[mover])["legal"][0]["id"]
        table.seats[1 - mover].name = "\ud800"
        act = {"type": "act", "seat": mover, "token": tokens[mover], "action": legal, "ref": 3}
        ws.send_json(act)
        reply = answer(ws)
        assert reply["type"] == "error" and reply["status"] == 500
        assert reply["ack"] == {"version": 1, "ref": 3}
        still_answers(ws)
        table.seats[1 - mover].name = "P2"
        assert hello(ws, mover, tokens[mover])["version"] == 1


PATHOLOGICAL = {
    "deep arrays": "[" * 1000 + "]" * 1000,
    "deep objects": '{"a":' * 1000 + "1" + "}" * 1000,
    "a 5,000-digit number": '{"type": "hello", "since": ' + "9" * 5000 + "}",
    "a 5,000-digit ref": '{"type": "ping", "ref": ' + "9" * 5000 + "}",
    "NaN": '{"type": "hello", "since": NaN}',
    "a lone surrogate token": '{"type": "hello", "seat": 0, "token": "\\ud800"}',
    "a lone surrogate lang": '{"type": "hello", "lang": "\\udfff"}',
    "a lone surrogate action": '{"type": "act", "seat": 0, "action": "\\ud800"}',
    "an oversize message": '{"type": "ping", "pad": "' + "x" * 70_000 + '"}',
}


@pytest.mark.parametrize("text", PATHOLOGICAL.values(), ids=PATHOLOGICAL.keys())
def test_pathological_json_is_answered_with_an_error_and_the_connection_stays(client, text):
    table_id, tokens = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        assert error_of(ws, text)["status"] == 400
        still_answers(ws)
        assert hello(ws, 0, tokens[0])["seat"] == 0


def test_a_binary_frame_is_read_as_json_text(client):
    table_id, _ = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_bytes(b'{"type": "ping"}')
        assert answer(ws) == {"type": "pong"}
        ws.send_bytes(b"\xff\xfe{")
        assert answer(ws)["status"] == 400
        ws.send_bytes(b"[" * 5000)
        assert answer(ws)["status"] == 400
        still_answers(ws)


def test_a_ping_echoes_its_ref(client):
    table_id, _ = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "ping", "ref": "r-1"})
        assert answer(ws) == {"type": "pong", "ref": "r-1"}


def test_an_unknown_field_is_named(client):
    table_id, tokens = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        reply = error_of(ws, {"type": "hello", "seat": 0, "token": tokens[0], "sinse": 3})
        assert reply["error"].startswith("sinse: unknown field; the fields here are type, seat")


def test_a_reply_that_cannot_be_encoded_raises_a_one_line_error():
    from tcglab.server.protocol import Unencodable, dumps

    for reply in ({"ref": 2**64}, {"name": "\ud800"}, {1: "\ud800"}):
        with pytest.raises(Unencodable, match=r"^a reply could not be encoded as JSON: [^\n]+$"):
            dumps(reply)


# -- every message its own reply, in order; a client that reads nothing ------------


class Scripted:
    """A client's end of a websocket that sends `messages` back to back, before the
    server has sent a thing (as a client that pipelines its requests), then waits for
    `replies` messages and hangs up. With `reads=False` it never reads: every send of
    the server's waits forever, while the client's messages keep coming."""

    def __init__(self, messages, replies=0, reads=True) -> None:
        self.messages = [m if isinstance(m, str) else json.dumps(m) for m in messages]
        self.replies, self.reads = replies, reads
        self.received = 0  # messages the server has taken
        self.sent: list[dict] = []
        self.closed: tuple[int, str] | None = None
        self.answered = asyncio.Event()

    async def receive_text(self) -> str:
        if self.received < len(self.messages):
            if not self.reads:
                await asyncio.sleep(0)  # the server's writer runs between messages
            self.received += 1
            return self.messages[self.received - 1]
        await asyncio.wait_for(self.answered.wait(), 10)
        raise WebSocketDisconnect(1000)

    async def send_text(self, text: str) -> None:
        if not self.reads:
            await asyncio.Event().wait()
        self.sent.append(json.loads(text))
        if len(self.sent) >= self.replies:
            self.answered.set()

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


def converse(lobby, table_id, client) -> Scripted:
    """Run one Connection with the scripted `client` until it hangs up or is closed."""
    run_apart(asyncio.wait_for(Connection(client, lobby, table_id).run(), 20))
    return client


@pytest.fixture
def lobby(tmp_path):
    store = Store(tmp_path / "ws.db")
    yield Lobby(store)
    store.close()


def pgt_seated(lobby):
    """A Pretty Good Tactics table of two people in full control: (table, tokens). Its
    first seat to move places a character, then may take the placement back."""
    seats = [{"kind": "human"}] * 2
    body = {"game": "pgt", "seats": seats, "join": 0, "name": "Ann", "auto_pass": False}
    table, joined = lobby.create(body)
    other = lobby.join(table.id, {"seat": 1, "name": "Bo", "auto_pass": False})
    return table, {0: joined["token"], 1: other["token"]}


def test_two_acts_sent_back_to_back_are_each_acknowledged_in_order(lobby):
    table, tokens = pgt_seated(lobby)
    mover = table.state.to_move
    first = table.view(mover, 0, "en")["legal"][0]["id"]
    acts = [
        {"type": "act", "seat": mover, "token": tokens[mover], "action": first, "ref": "first"},
        {"type": "act", "seat": mover, "token": tokens[mover], "action": "undo", "ref": "second"},
    ]
    hello_ = {"type": "hello", "seat": mover, "token": tokens[mover], "ref": "hi"}
    client = converse(lobby, table.id, Scripted([hello_, *acts], replies=3))
    assert [m["type"] for m in client.sent] == ["view", "view", "view"]
    assert "ack" not in client.sent[0]
    assert [m["ack"] for m in client.sent[1:]] == [
        {"version": 1, "ref": "first"},
        {"version": 2, "ref": "second"},
    ]
    assert table.version == 2
    events = [e for m in client.sent for e in m["events"]]
    assert len(events) == client.sent[-1]["next"]  # each event told once, in order


def test_every_message_of_a_burst_gets_its_one_reply_in_order(lobby):
    table, tokens = pgt_seated(lobby)
    mover = table.state.to_move
    first = table.view(mover, 0, "en")["legal"][0]["id"]
    act = {"type": "act", "seat": mover, "token": tokens[mover], "action": first}
    burst = [
        {"type": "hello", "seat": mover, "token": tokens[mover]},
        {"type": "ping", "ref": 1},
        act | {"ref": 2},
        act | {"action": "win", "ref": 3},  # no such action: refused
        {"type": "ping", "ref": 4},
        act | {"action": "undo", "ref": 5},
    ]
    client = converse(lobby, table.id, Scripted(burst, replies=6))
    replies = [(m["type"], m.get("ref", (m.get("ack") or {}).get("ref"))) for m in client.sent]
    assert replies == [
        ("view", None),
        ("pong", 1),
        ("view", 2),
        ("error", 3),
        ("pong", 4),
        ("view", 5),
    ]


def test_two_hellos_back_to_back_get_a_view_each_as_each_asked(lobby):
    table, tokens = pgt_seated(lobby)
    lobby.act(
        table.id,
        {
            "seat": table.state.to_move,
            "token": tokens[table.state.to_move],
            "action": table.view(table.state.to_move, 0, "en")["legal"][0]["id"],
        },
    )
    hellos = [
        {"type": "hello", "seat": 0, "token": tokens[0], "lang": "en"},
        {"type": "hello", "seat": None, "lang": "ja"},
    ]
    client = converse(lobby, table.id, Scripted(hellos, replies=2))
    mine, watched = client.sent
    assert (mine["type"], mine["seat"], watched["type"], watched["seat"]) == (
        "view",
        0,
        "view",
        None,
    )
    assert mine["events"] and watched["since"] == 0 and watched["events"]
    assert not any(JAPANESE.search(e["message"]) for e in mine["events"])
    assert all(JAPANESE.search(e["message"]) for e in watched["events"])


def test_a_client_that_reads_nothing_is_closed_once_its_replies_pile_up(lobby):
    table, _ = pgt_seated(lobby)
    pings = [{"type": "ping", "ref": n} for n in range(10 * MAX_PENDING)]
    client = converse(lobby, table.id, Scripted(pings, reads=False))
    assert client.closed == (1008, UNREAD)
    assert "unread" in UNREAD and len(UNREAD.encode()) <= 123  # a close reason's limit
    # one reply in the writer's hands, MAX_PENDING waiting, and the one that overflowed
    assert client.received == MAX_PENDING + 2
    assert not table.listeners  # the table no longer tells this connection anything


def test_acts_back_to_back_over_a_real_socket(client):
    table_id, token0 = create(client, "pgt", humans(2), auto_pass=False)
    tokens = {0: token0, 1: join(client, table_id, auto_pass=False)}
    mover = lobby_of(client).table(table_id).state.to_move
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        first = hello(ws, mover, tokens[mover])["legal"][0]["id"]
        act = {"type": "act", "seat": mover, "token": tokens[mover]}
        ws.send_json(act | {"action": first, "ref": "first"})
        ws.send_json(act | {"action": "undo", "ref": "second"})
        acks = [answer(ws)["ack"] for _ in range(2)]
        assert acks == [{"version": 1, "ref": "first"}, {"version": 2, "ref": "second"}]
        still_answers(ws)


# -- the socket's own limit, in a real server ---------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def served(tmp_path):
    """The port of a real server (uvicorn, as `tcglab serve` runs it) and its table."""
    port = free_port()
    code = (
        f"from tcglab.server import serve; serve('127.0.0.1', {port}, {str(tmp_path / 's.db')!r})"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.05)
        body = {"game": "ps", "seats": humans(2)}
        made = httpx.post(f"http://127.0.0.1:{port}/api/tables", json=body).json()
        yield port, made["table"]["id"]
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_a_frame_past_the_sockets_limit_closes_it_unread(served):
    port, table_id = served
    url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}"
    with connect(url, max_size=None) as ws:
        # Past the protocol's limit, within the socket's: a one-line reply, still open.
        ws.send(json.dumps({"type": "ping", "pad": "x" * (MAX_MESSAGE + 10)}))
        reply = json.loads(ws.recv(timeout=10))
        assert reply["error"] == f"a message may have at most {MAX_MESSAGE} characters"
        ws.send(json.dumps({"type": "ping"}))
        assert json.loads(ws.recv(timeout=10)) == {"type": "pong"}
        ws.send("x" * (MAX_FRAME + 1))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert closed.value.rcvd.code == 1009  # message too big
    with connect(url) as ws:  # the server answers on
        ws.send(json.dumps({"type": "ping"}))
        assert json.loads(ws.recv(timeout=10)) == {"type": "pong"}


def test_one_address_keeps_a_bounded_number_of_sockets_open(served):
    port, table_id = served
    url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}"
    with contextlib.ExitStack() as stack:
        opened = [stack.enter_context(connect(url)) for _ in range(MAX_SOCKETS_PER_ADDRESS)]
        for ws in opened:  # each one watches the table
            ws.send(json.dumps({"type": "hello", "seat": None}))
            assert json.loads(ws.recv(timeout=10))["type"] == "view"
        with connect(url) as extra, pytest.raises(ConnectionClosed) as closed:
            extra.send(json.dumps({"type": "ping"}))
            extra.recv(timeout=10)
        assert closed.value.rcvd.code == 1008
        assert closed.value.rcvd.reason == (
            f"at most {MAX_SOCKETS_PER_ADDRESS} connections from one address"
        )
        opened[0].close()
        time.sleep(0.2)  # the server sees the close
        with connect(url) as again:  # one closed, one more may open
            again.send(json.dumps({"type": "ping"}))
            assert json.loads(again.recv(timeout=10)) == {"type": "pong"}
