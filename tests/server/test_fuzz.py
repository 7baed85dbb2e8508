"""Malformed input of every kind, to a running server: every request is answered
without a 500, every websocket message gets exactly one reply and its connection stays
open, and afterwards the table plays on. Bounded and seeded: every run sends the same
messages."""

from __future__ import annotations

import copy
import json
import random
from urllib.parse import quote

import pytest

from .helpers import answer, create, hello, humans, join, lobby_of, running

SEED = 20261129
JSON = {"Content-Type": "application/json"}  # bodies are sent as written, never re-encoded


class Raw(str):
    """JSON text put into a message as it stands (what json.dumps cannot write)."""


def encode(value) -> str:
    """`value` as JSON text, Raw parts verbatim, lone surrogates as \\ud800 escapes."""
    if isinstance(value, Raw):
        return str(value)
    if isinstance(value, dict):
        return "{" + ",".join(f"{json.dumps(k)}:{encode(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(encode(v) for v in value) + "]"
    return json.dumps(value)


BAD_VALUES = [
    None,
    True,
    0,
    -1,
    1.5,
    2**53 + 1,
    2**64,
    -(2**64),
    "",
    "\ud800",
    "a\udfffb",
    "\x00\x1b[2J",
    "x" * 5000,
    [],
    {},
    [None, "\ud800"],
    {"\ud800": 1},
    Raw("9" * 5000),
    Raw("-0." + "1" * 5000),
    Raw("[" * 1000 + "]" * 1000),
    Raw('{"a":' * 600 + "1" + "}" * 600),
    Raw("NaN"),
    Raw("1e999"),
]


def paths(value, prefix=()):
    """Every place in a message that holds a value: keys, and list items."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield (*prefix, key)
            yield from paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for n, inner in enumerate(value):
            yield (*prefix, n)
            yield from paths(inner, (*prefix, n))


def with_value(message, path, value):
    changed = copy.deepcopy(message)
    place = changed
    for part in path[:-1]:
        place = place[part]
    place[path[-1]] = value
    return changed


def mutations(message, rng, extra=120):
    """The message with each of its values replaced by each bad value, with unknown
    fields, and `extra` seeded random changes of several places at once."""
    places = list(paths(message))
    for path in places:
        for value in BAD_VALUES:
            yield encode(with_value(message, path, value))
    for key in ("zzz", "\ud800", "x" * 300):
        yield encode(message | {key: 1})
    for _ in range(extra):
        changed = message
        for path in rng.sample(places, min(len(places), rng.randint(2, 3))):
            try:
                changed = with_value(changed, path, rng.choice(BAD_VALUES))
            except (KeyError, IndexError, TypeError):  # a place an earlier change removed
                continue
        yield encode(changed)


def junk(rng, count=30):
    """Text that is not a message at all."""
    fixed = [
        "",
        " ",
        "null",
        "[]",
        '"hello"',
        "{",
        '{"type": "ping"',
        '{"type": "ping"}}',
        "\ud800",
        '{"type": "ping", "type": "dance"}',
        "[" * 100_000,
        "{" * 100_000,
        '"' + "\\" * 50_001,
        '{"type": "ping", "ref": "' + "x" * 70_000 + '"}',
    ]
    alphabet = '{}[]":,0123456789.-eE truefalsnul\\u'
    randoms = [
        "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 60))) for _ in range(count)
    ]
    return fixed + randoms


@pytest.fixture
def client(tmp_path):
    with running(tmp_path / "fuzz.db") as client:
        yield client


def two_humans(client):
    table_id, token0 = create(client, "ps", humans(2))
    token1 = join(client, table_id)
    return table_id, {0: token0, 1: token1}


def test_websocket_fuzz(client):
    rng = random.Random(SEED)
    table_id, tokens = two_humans(client)
    table = lobby_of(client).table(table_id)
    mover = table.state.to_move
    token = tokens[mover]
    messages = [
        {"type": "hello", "seat": mover, "token": token, "since": 0, "lang": "ja", "ref": "h"},
        # an action no position has, so that no change of it is ever played
        {
            "type": "act",
            "seat": mover,
            "token": token,
            "action": "no-such-action",
            "expected_version": 0,
            "ref": 1,
        },
        {"type": "ping", "ref": "p"},
    ]
    texts = [t for m in messages for t in mutations(m, rng)] + junk(rng)
    replies = {"error": 0, "view": 0, "pong": 0}
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws, mover, token)
        for n, text in enumerate(texts):
            if n % 7 == 0:  # a binary frame: the same text, or bytes that are not UTF-8
                ws.send_bytes(text.encode("utf-8", "surrogatepass"))
            else:
                ws.send_text(text.encode("utf-8", "surrogatepass").decode("utf-8", "replace"))
            reply = answer(ws)
            assert reply["type"] in replies, (text[:200], reply)
            assert reply["type"] != "error" or 400 <= reply["status"] < 500, (text[:200], reply)
            replies[reply["type"]] += 1
            ws.send_json({"type": "ping", "ref": n})
            assert answer(ws) == {"type": "pong", "ref": n}, text[:200]  # one reply, no more
        assert replies["error"] > len(texts) * 3 // 4
        assert table.version == 0  # nothing sent was ever played
        view = hello(ws, mover, token)
        act = {"type": "act", "seat": mover, "token": token, "ref": "last"}
        ws.send_json(act | {"action": view["legal"][0]["id"], "expected_version": view["version"]})
        reply = answer(ws)
        # acknowledged at the version it reached: the action, and any passes that followed
        assert reply["type"] == "view" and reply["ack"] == {"version": table.version, "ref": "last"}
        assert table.version >= 1


def test_http_fuzz(client):
    rng = random.Random(SEED + 1)
    table_id, tokens = two_humans(client)
    table = lobby_of(client).table(table_id)
    mover = table.state.to_move
    before = (table.version, [(s.name, s.token_hash) for s in table.seats])
    token = tokens[mover]
    tables = f"/api/tables/{table_id}"
    bodies = {
        "/api/tables": {
            "game": "pm",
            "seats": [{"kind": "human"}, {"kind": "ai", "level": "easy"}],
            "options": {"redraw": True, "approaches": "once"},
            "decks": ["academy-wall", {"text": "1 CWA-001"}, ["CWA-001"]],
            "join": 0,
            "name": "Mika",
            "title": "fuzz",
            "seed": 3,
        },
        f"{tables}/join": {"seat": 0, "name": "Mika"},  # taken: no change of it joins
        f"{tables}/leave": {"seat": mover, "token": "not-the-token"},
        f"{tables}/act": {
            "seat": mover,
            "token": token,
            "action": "no-such-action",
            "expected_version": 0,
        },
        f"{tables}/view": {"seat": mover, "token": token, "since": 0, "lang": "en"},
        "/api/games/ps/check_deck": {"text": "1 SH01"},
    }
    statuses = {}

    def check(reply, what):
        statuses[reply.status_code] = statuses.get(reply.status_code, 0) + 1
        assert reply.status_code < 500, (what, reply.text[:300])
        if reply.status_code >= 400:
            error = reply.json()["error"]
            assert error and "\n" not in error, (what, error)

    for url, body in bodies.items():
        for text in [*mutations(body, rng, extra=40), *junk(rng, count=10)]:
            data = text.encode("utf-8", "surrogatepass")
            check(client.post(url, content=data, headers=JSON), (url, text[:200]))
        oversize = b'{"text": "' + b"x" * (300 * 1024) + b'"}'
        check(client.post(url, content=oversize, headers=JSON), (url, "oversize"))
    for query in bad_queries(rng):
        check(client.get(f"/api/tables?{query}"), query)
        check(client.get(f"{tables}/replay/1?{query}"), query)
    for step in ["-1", "abc", "9" * 5000, "1.5", quote("\ud800", errors="surrogatepass")]:
        check(client.get(f"{tables}/replay/{step}"), step)
    assert statuses.get(400, 0) > sum(statuses.values()) // 2

    # the table and the lobby are as they were, and the table plays on
    assert (table.version, [(s.name, s.token_hash) for s in table.seats]) == before
    assert client.get("/api/tables").status_code == 200
    assert client.get(tables).json()["version"] == 0
    view = client.post(f"{tables}/view", json={"seat": mover, "token": token}).json()
    act = {"seat": mover, "token": token, "action": view["legal"][0]["id"], "expected_version": 0}
    assert client.post(f"{tables}/act", json=act).json() == {"version": table.version}
    assert table.version >= 1  # the action, and any passes played for a seat after it


def bad_queries(rng):
    values = ["", "-1", "0", "201", "abc", "9" * 5000, "1.5", "%ED%A0%80", "%00", "%FF", "x" * 300]
    keys = ["status", "game", "offset", "limit", "lang", "page", "%ED%A0%80"]
    fixed = [f"{key}={value}" for key in keys for value in values]
    randoms = [
        "&".join(f"{rng.choice(keys)}={rng.choice(values)}" for _ in range(rng.randint(2, 4)))
        for _ in range(20)
    ]
    return fixed + randoms + ["status=open&status=lost", "limit", "=&=&", "&&&"]
