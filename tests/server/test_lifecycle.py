"""A table's life on the server: a request the lobby refuses, or a write the database
refuses, leaves no trace; every game ends (by its rules, at creation if it is over
then, or at the server's action cap); finished tables leave memory but keep their
replay; abandoned open tables expire; the lobby listing pages; seat tokens are not
remembered; the write-ahead log stays bounded."""

from __future__ import annotations

import gc
import sqlite3
import tracemalloc

import pytest

from tcglab.engine import BadOption, get_game
from tcglab.server.errors import Forbidden
from tcglab.server.store import SeatRow, Store, TableRow
from tcglab.server.table import rebuild

from .helpers import (
    create,
    finished_actions,
    hello,
    humans,
    join,
    listed,
    lobby_of,
    next_view,
    pick,
    play,
    run_apart,
    running,
    vs_ai,
)

DAY = 24 * 3600.0


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class FailingWrites:
    """The store's connection with every write refused, as a full disk would."""

    def __init__(self, db) -> None:
        self._db = db

    def execute(self, sql, *args):
        if sql.lstrip().split()[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            raise sqlite3.OperationalError("database or disk is full")
        return self._db.execute(sql, *args)

    def __getattr__(self, name):
        return getattr(self._db, name)

    def __enter__(self):
        return self._db.__enter__()

    def __exit__(self, *exc):
        return self._db.__exit__(*exc)


@pytest.fixture
def client(tmp_path):
    with running(tmp_path / "t.db") as client:
        yield client


def seat_open(client, table_id, seat) -> bool:
    return client.get(f"/api/tables/{table_id}").json()["seats"][seat]["open"]


def short_ps_decks():
    """Two 25-card Princess Scramble decks: with an opening hand of 25 the first draw
    finds an empty deck (PS-3.1 deck sizes, PS-GAP-2 opening hand)."""
    game = get_game("ps")
    deck = game.prebuilt_decks()[sorted(game.prebuilt_decks())[0]][:25]
    return [deck, deck]


# -- no half-changes ------------------------------------------------------------


def test_a_join_the_database_refuses_leaves_the_seat_open(client):
    table_id, _ = create(client, "pgt", humans(2))
    store = lobby_of(client).store
    store.db = FailingWrites(store.db)
    try:
        reply = client.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Bo"})
    finally:
        store.db = store.db._db
    assert reply.status_code == 503
    assert "could not store" in reply.json()["error"]
    assert seat_open(client, table_id, 1)
    assert listed(client, "open") == [table_id]
    joined = client.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Bo"})
    assert joined.status_code == 200 and not seat_open(client, table_id, 1)


def test_a_name_no_database_can_hold_is_refused_and_the_seat_stays_open(client):
    table_id, _ = create(client, "pgt", humans(2))
    lobby = lobby_of(client)
    with pytest.raises(BadOption, match="no lone surrogates"):
        lobby.join(table_id, {"seat": 1, "name": "\ud800"})
    assert seat_open(client, table_id, 1)
    assert client.get("/api/tables").status_code == 200
    joined = client.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Bo"})
    assert joined.status_code == 200


def test_an_action_the_database_refuses_changes_nothing(client):
    table_id, token = create(client, "ps", vs_ai(2), seed=11, auto_pass=False)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        view = hello(ws, 0, token)
        while not view["legal"]:  # the AI may open; wait for the human's move
            view = next_view(ws)
    table = lobby_of(client).table(table_id)
    before = (table.version, table.state.digest())
    act = {"seat": 0, "token": token, "action": view["legal"][0]["id"]}
    store = lobby_of(client).store
    store.db = FailingWrites(store.db)
    try:
        reply = client.post(f"/api/tables/{table_id}/act", json=act)
    finally:
        store.db = store.db._db
    assert reply.status_code == 503
    assert (table.version, table.state.digest()) == before
    assert client.post(f"/api/tables/{table_id}/act", json=act).json()["version"] > before[0]


def test_a_table_the_database_refuses_is_not_listed(client):
    store = lobby_of(client).store
    store.db = FailingWrites(store.db)
    try:
        reply = client.post("/api/tables", json={"game": "pgt", "seats": humans(2), "join": 0})
    finally:
        store.db = store.db._db
    assert reply.status_code == 503
    assert client.get("/api/tables").json()["total"] == 0 and not lobby_of(client).tables


def test_an_ai_seat_takes_a_difficulty_level_never_an_agent_spec(client):
    lobby = lobby_of(client)
    for spec in ("random", "heuristic", "ismcts:iters=100000000"):
        body = {"game": "pgt", "seats": [{"kind": "human"}, {"kind": "ai", "level": spec}]}
        with pytest.raises(BadOption, match="level must be one of easy, normal, hard"):
            lobby.create(body)
    assert client.get("/api/tables").json()["total"] == 0


def test_a_wrong_token_is_refused_and_not_remembered(client):
    table_id, token = create(client, "pgt", humans(2))
    lobby = lobby_of(client)
    table = lobby.table(table_id)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for n in range(40):
            with pytest.raises(Forbidden, match="wrong token"):
                lobby.authorize(table, 0, f"{n}" + "x" * 100_000)
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert kept < 500_000  # 40 tokens of 100 KB: none of them is kept
    assert lobby.authorize(table, 0, token) == 0


# -- every game ends --------------------------------------------------------------


def test_a_table_at_the_action_cap_is_finished_with_reason_action_limit(tmp_path):
    db = tmp_path / "t.db"
    with running(db, max_actions=10) as client:  # as `tcglab serve --max-actions 10`
        table_id, token = create(client, "pgt", vs_ai(2), seed=5, options={"round_limit": 3})
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            last = play(ws, 0, token, hello(ws, 0, token))
        assert last["status"] == "finished" and last["legal"] == [] and last["to_move"] is None
        summary = client.get(f"/api/tables/{table_id}").json()
        assert summary["version"] == 10
        assert summary["result"] == {"winners": [], "scores": [], "reason": "action_limit"}
        assert listed(client, "finished") == [table_id]
        assert len(finished_actions(client, table_id)) == 10
        end = client.get(f"/api/tables/{table_id}/replay/10").json()
        assert end["result"]["reason"] == "action_limit"
        act = {"seat": 0, "token": token, "action": "x", "expected_version": 10}
        assert client.post(f"/api/tables/{table_id}/act", json=act).status_code == 409
    with running(db) as client:  # a restart keeps it finished
        assert table_id not in lobby_of(client).tables
        assert listed(client, "finished") == [table_id]


def test_a_game_over_at_creation_is_finished_at_once_with_its_replay(client):
    body = {
        "game": "ps",
        "seats": vs_ai(2),  # no seat open: dealt as it is created
        "options": {"opening_hand": 25},
        "decks": short_ps_decks(),
        "join": 0,
    }
    reply = client.post("/api/tables", json=body)
    assert reply.status_code == 201
    summary = reply.json()["table"]
    assert summary["status"] == "finished" and summary["result"]["reason"] == "deck_out"
    assert listed(client, "finished") == [summary["id"]] and listed(client, "open") == []
    replay = client.get(f"/api/tables/{summary['id']}/replay").json()
    assert replay["actions"] == [] and replay["options"]["opening_hand"] == 25
    step = client.get(f"/api/tables/{summary['id']}/replay/0").json()
    assert step["result"]["reason"] == "deck_out"


def test_replay_steps_in_any_order_show_the_game_as_it_was_then(client, monkeypatch):
    table_id, token = create(client, "ps", humans(2), seed=4)
    tokens = [token, join(client, table_id)]
    lobby = lobby_of(client)
    table = lobby.table(table_id)
    for _ in range(40):  # forty choices, then a concession ends it
        seat = table.state.to_move
        view = table.view(seat, since=10**9)
        lobby.act(table_id, {"seat": seat, "token": tokens[seat], "action": pick(view)})
    lobby.concede(table_id, {"seat": 1, "token": tokens[1]})
    actions = finished_actions(client, table_id)
    assert len(actions) >= 40
    steps = [*range(len(actions) + 1), len(actions) // 2, 1, len(actions), 0, 2]

    async def step_through(steps, proof=None):
        return [await lobby.replay_step(table_id, k, proof=proof) for k in steps]

    asked = run_apart(step_through(steps, {"seat": 0, "token": token}))
    table, rebuilt = lobby.table(table_id), 0

    def counted(*args):
        nonlocal rebuilt
        rebuilt += 1
        return rebuild(*args)

    for k, reply in zip(steps, asked, strict=True):
        state = rebuild(table.game, table.row, actions[:k])  # each step on its own
        assert reply["observation"] == state.observe(0), f"step {k}"
        assert reply["events"] == state.events_for(0, 0, "en", table.names()), f"step {k}"
    # Stepping forwards plays on from the step before rather than starting again.
    for module in ("table", "tables"):  # a table's own and the lobby's
        monkeypatch.setattr(f"tcglab.server.{module}.rebuild", counted)
    run_apart(step_through(range(len(actions) + 1)))
    assert rebuilt == 1


def test_a_finished_table_leaves_memory_and_still_serves_its_replay(client):
    table_id, token = create(client, "ps", vs_ai(2), seed=3)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        last = play(ws, 0, token, hello(ws, 0, token))
    assert last["status"] == "finished"
    lobby = lobby_of(client)
    lobby.sweep()  # nobody watches any more
    assert table_id not in lobby.tables
    steps = last["version"]
    assert client.get(f"/api/tables/{table_id}").json()["version"] == steps
    replay = client.get(f"/api/tables/{table_id}/replay").json()
    assert len(replay["actions"]) == steps
    end = client.get(f"/api/tables/{table_id}/replay/{steps}").json()
    assert end["result"] == last["result"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        seen = hello(ws)  # a spectator arriving afterwards sees the end of the game
    assert seen["status"] == "finished" and seen["result"] == last["result"]
    assert seen["observation"] == end["observation"]
    lobby.sweep()  # held while watched, let go of once nobody watches
    assert table_id not in lobby.tables


# -- abandoned tables ---------------------------------------------------------------


def test_an_abandoned_open_table_expires_and_a_quiet_running_one_rests(tmp_path):
    db = tmp_path / "t.db"
    clock = Clock()
    with running(db) as client:
        lobby = lobby_of(client)
        lobby.clock, lobby.expire_after = clock, DAY
        abandoned, _ = create(client, "pgt", humans(2))
        looked_at, _ = create(client, "pgt", humans(2))
        quiet, token = create(client, "ps", vs_ai(2), seed=3)
        clock.now += DAY / 2
        client.get(f"/api/tables/{looked_at}")
        clock.now += DAY / 2 + 1
        lobby.sweep()
        assert client.get(f"/api/tables/{abandoned}").status_code == 404
        assert set(listed(client)) == {looked_at, quiet}
        assert lobby.table(quiet).state is None  # let go of, until someone comes back
        with client.websocket_connect(f"/ws/tables/{quiet}") as ws:
            assert play(ws, 0, token, hello(ws, 0, token), until=2)["version"] >= 2
    with running(db) as client:  # the expired table does not come back
        assert set(listed(client)) == {looked_at, quiet}


# -- the listing ----------------------------------------------------------------------


def test_the_listing_pages_newest_first_and_filters(client):
    lobby = lobby_of(client)
    clock = Clock()
    lobby.clock = clock
    made = {}
    for name, game, seats, extra in [
        ("open-pgt", "pgt", humans(2), {}),
        ("done-ps", "ps", vs_ai(2), {"options": {"opening_hand": 25}}),
        ("running-ps", "ps", vs_ai(2), {}),
        ("open-higurashi", "higurashi", humans(3), {}),
        ("done-ps-2", "ps", vs_ai(2), {"options": {"opening_hand": 25}}),
        ("open-pgt-2", "pgt", humans(2), {}),
    ]:
        clock.now += 1
        if "options" in extra:
            extra["decks"] = short_ps_decks()
        made[name], _ = create(client, game, seats, **extra)
    newest = [made[n] for n in reversed(made)]

    page = lobby.listing(limit=4)
    assert (page["total"], page["offset"], page["limit"]) == (6, 0, 4)
    assert [t["id"] for t in page["tables"]] == newest[:4]
    assert [t["id"] for t in lobby.listing(offset=4, limit=4)["tables"]] == newest[4:]
    assert lobby.listing(offset=6)["tables"] == []

    finished = lobby.listing(status="finished", limit=1, offset=1)
    assert finished["total"] == 2 and [t["id"] for t in finished["tables"]] == [made["done-ps"]]
    assert listed(client, "open", game="pgt") == [made["open-pgt-2"], made["open-pgt"]]
    assert listed(client, game="ps", limit=2) == [made["done-ps-2"], made["running-ps"]]
    assert client.get("/api/tables?status=running").json()["total"] == 1
    for bad in ({"status": "lost"}, {"game": "chess"}, {"offset": -1}, {"limit": 0}):
        with pytest.raises(BadOption):
            lobby.listing(**bad)


# -- the write-ahead log ----------------------------------------------------------------


def test_the_write_ahead_log_stays_under_its_limit(tmp_path):
    limit = 256 * 1024
    store = Store(tmp_path / "wal.db", wal_limit=limit)
    try:
        row = TableRow("t1", "pgt", 1, 2, {}, None, "", 0.0, False, [SeatRow(0, "human")], [])
        store.add_table(row)
        wal = tmp_path / "wal.db-wal"
        largest = 0
        for n in range(3000):
            store.add_action("t1", n, 0, f"action number {n} " + "x" * 200)
            largest = max(largest, wal.stat().st_size)
        assert largest <= limit
        assert len(store.actions("t1")) == 3000
    finally:
        store.close()
    assert not wal.exists() or wal.stat().st_size == 0
