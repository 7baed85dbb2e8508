"""Views of finished games that left memory: the final states of the games viewed last
are kept (FINISHED_KEPT of them, the one longest not asked for leaving first), a kept
state gives every seat and spectator the view a fresh rebuild gives and is never
changed by it, and a game is rebuilt (and a replay stepped) on a worker thread, away
from the event loop every other request waits on."""

from __future__ import annotations

import asyncio
import json

import pytest

from tcglab.server.table import rebuild
from tcglab.server.tables import FINISHED_KEPT

from .helpers import SHORT, answer, create, hello, humans, join, lobby_of, pick, running

GAMES = sorted(SHORT)


@pytest.fixture
def client(tmp_path):
    with running(tmp_path / "t.db") as client:
        yield client


@pytest.fixture
def rebuilds(monkeypatch):
    """Every game rebuilt from its record from here on: "loop" where it ran on an
    event loop's thread, "thread" where it ran on a thread without one."""
    made = []

    def counted(*args):
        try:
            asyncio.get_running_loop()
            made.append("loop")
        except RuntimeError:
            made.append("thread")
        return rebuild(*args)

    for module in ("table", "tables"):  # a table's own and the lobby's
        monkeypatch.setattr(f"tcglab.server.{module}.rebuild", counted)
    return made


def view(client, table_id, seat=None, token=None, lang="en") -> dict:
    body = {} if seat is None else {"seat": seat, "token": token}
    reply = client.post(f"/api/tables/{table_id}/view", json=body | {"lang": lang})
    assert reply.status_code == 200, reply.text
    return reply.json()


def finished(client, game="pgt", moves=0, seed=4) -> tuple[str, list[str]]:
    """A two-seat table played `moves` actions (each seat choosing by `pick`), then
    conceded by seat 1 if its game goes on, and let go of; its id and the seats' tokens."""
    table_id, token = create(client, game, humans(2), seed=seed, options=SHORT[game])
    tokens = [token, join(client, table_id)]
    for _ in range(moves):
        seat = view(client, table_id)["to_move"]
        if seat is None:  # over by its rules
            break
        seen = view(client, table_id, seat, tokens[seat])
        act = {"seat": seat, "token": tokens[seat], "action": pick(seen)}
        assert client.post(f"/api/tables/{table_id}/act", json=act).status_code == 200
    if view(client, table_id)["status"] != "finished":
        conceded = {"seat": 1, "token": tokens[1]}
        assert client.post(f"/api/tables/{table_id}/concede", json=conceded).status_code == 200
    lobby_of(client).sweep()  # nobody watches it
    assert table_id not in lobby_of(client).tables
    return table_id, tokens


def test_a_finished_game_let_go_of_is_rebuilt_once_for_all_its_views(client, rebuilds):
    table_id, tokens = finished(client, moves=20)
    rebuilds.clear()
    first = view(client, table_id)
    assert view(client, table_id) == first
    assert view(client, table_id, 0, tokens[0])["seat"] == 0
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        assert hello(ws)["observation"] == first["observation"]
    assert rebuilds == ["thread"]  # once, and away from the event loop
    lobby_of(client).sweep()  # the websocket gone, nobody watches it
    assert table_id not in lobby_of(client).tables  # kept for its views, not held
    view(client, table_id)
    assert rebuilds == ["thread"]


def test_every_watcher_of_a_finished_game_hears_of_its_rematch(client):
    table_id, tokens = finished(client, moves=6)
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as watcher,
        client.websocket_connect(f"/ws/tables/{table_id}") as player,
    ):
        assert hello(watcher)["rematch"] is None
        assert hello(player, 1, tokens[1])["rematch"] is None
        asked = {"seat": 0, "token": tokens[0]}
        reply = client.post(f"/api/tables/{table_id}/rematch", json=asked)
        assert reply.status_code == 201, reply.text
        rematch = reply.json()["table"]["id"]
        # told within seconds, or the test fails rather than waits for ever
        assert answer(watcher, seconds=10)["rematch"] == rematch
        assert answer(player, seconds=10)["rematch"] == rematch
    lobby_of(client).sweep()
    assert table_id not in lobby_of(client).tables  # held only while watched


def test_the_games_kept_are_bounded_and_the_longest_not_asked_for_leaves(client, rebuilds):
    ids = [finished(client)[0] for _ in range(FINISHED_KEPT + 1)]
    rebuilds.clear()

    def rebuilt(table_id) -> bool:
        before = len(rebuilds)
        view(client, table_id)
        return len(rebuilds) > before

    assert all(rebuilt(t) for t in ids)  # the first is no longer kept
    assert not any(rebuilt(t) for t in ids[1:])
    assert rebuilt(ids[0])  # in place of ids[1], the longest not asked for
    assert not rebuilt(ids[2])
    assert rebuilt(ids[1])
    assert set(rebuilds) == {"thread"}


@pytest.mark.parametrize("game", GAMES)
def test_a_kept_game_shows_every_seat_what_a_fresh_rebuild_shows(client, rebuilds, game):
    table_id, tokens = finished(client, game, moves=30)
    lobby = lobby_of(client)
    rebuilds.clear()
    seats = [(None, None), (0, tokens[0]), (1, tokens[1])]
    asked = [view(client, table_id, s, t, lang) for lang in ("en", "ja") for s, t in seats]
    again = [view(client, table_id, s, t, lang) for lang in ("en", "ja") for s, t in seats]
    assert rebuilds == ["thread"] and again == asked

    fresh = lobby.table(table_id)  # a table of its own, rebuilt here
    fresh.state = rebuild(fresh.game, fresh.row, lobby.store.actions(table_id))
    unviewed = fresh.state.digest()
    expected = [fresh.view(s, 0, lang) for lang in ("en", "ja") for s, _ in seats]
    assert asked == json.loads(json.dumps(expected))  # as the reply's JSON has it
    assert asked[1]["observation"] != asked[2]["observation"]  # each sees its own hand
    kept = lobby._finished.get(table_id)
    assert kept is not fresh.state and kept.digest() == unviewed  # no view changed it


def test_replay_steps_are_played_away_from_the_event_loop(client, rebuilds):
    table_id, tokens = finished(client, moves=20)
    steps = view(client, table_id)["version"]
    rebuilds.clear()
    for step in (steps, 0, *range(steps + 1)):
        reply = client.get(f"/api/tables/{table_id}/replay/{step}")
        assert reply.status_code == 200 and reply.json()["step"] == step
    assert rebuilds == ["thread", "thread"]  # the last step, then step 0 played on
    proof = {"seat": 0, "token": tokens[0]}
    as_seat = client.post(f"/api/tables/{table_id}/replay/{steps}", json=proof)
    assert as_seat.json()["observation"] == view(client, table_id, 0, tokens[0])["observation"]
