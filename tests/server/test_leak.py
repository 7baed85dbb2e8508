"""No message the server sends reveals a card its receiver may not see.

Whole games of all four games are played through the server: one scripted human seat,
the others AI, and a spectator watching. Each message is then checked against the
true game at the version it names: it must be exactly that seat's observation, events
and legal actions, and it must name no card that is hidden from its receiver: every
card id in it must be one the receiver can see in its own observation or its own
events, and no card held privately by another seat may appear by id or by name.
"""

from __future__ import annotations

import json
import re

import pytest

from tcglab.engine import get_game
from tcglab.engine.messages import named
from tcglab.server import catalogue, notes
from tcglab.server.store import Store
from tcglab.server.tables import Lobby

from .helpers import (
    SHORT,
    create,
    finished_actions,
    hello,
    lobby_of,
    next_view,
    pick,
    play,
    running,
    told,
    vs_ai,
)

TOKEN = re.compile(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*")
SEED = 3_141_592_653_589_793_238  # long enough that its digits never turn up by chance
PLAYERS = {"higurashi": 3, "pgt": 2, "pm": 2, "ps": 2}


def strings(data):
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from strings(value)


def card_ids(data, known: dict) -> set[str]:
    return {t for s in strings(data) for t in TOKEN.findall(s) if t in known}


def names_of(ids, known: dict) -> set[str]:
    return {
        name
        for i in ids
        for key in ("name", "name_ja", "name_en")
        if isinstance(name := known[i].get(key), str) and len(name) > 2
    }


def check_stream(messages, seat, table, actions, game, secrets_of_others):
    """Follow the true game through the versions the messages name."""
    known = catalogue.cards(game)
    truth = game.new_state(table.row.seed, table.row.players, table.row.options, table.row.decks)
    hidden_seen = 0
    for message in messages:
        if message["type"] != "view":
            continue
        while len(truth.history) < message["version"]:
            truth.apply(actions[len(truth.history)])
        since, upto = message["since"], message["next"]
        assert message["observation"] == truth.observe(seat)
        assert message["events"] == told(truth, table, seat, since)[: upto - since]
        assert len(truth.log) <= upto <= notes.log_length(truth, table.row.notes, seat)
        legal = truth.legal_actions() if truth.to_move == seat and not truth.over else []
        with named(table.names()):  # labels name seats as the table does
            assert message["legal"] == [{"id": a.id, "label": a.label} for a in legal]

        allowed = card_ids(truth.observe(seat), known) | card_ids(truth.events_for(seat), known)
        others = set()
        for other in range(truth.players):
            if other != seat:
                others |= card_ids(truth.observe(other), known)
        hidden = others - allowed
        hidden_seen += bool(hidden)
        mentioned = card_ids(message, known)
        assert mentioned <= allowed, f"seat {seat} was sent hidden cards {mentioned - allowed}"
        text = json.dumps(message, ensure_ascii=False)
        visible_names = names_of(allowed, known)
        for name in names_of(hidden, known):
            if not any(name in shown for shown in visible_names):
                assert name not in text, f"seat {seat} was sent the hidden card {name}"
        assert str(table.row.seed) not in text
        for secret in secrets_of_others:
            assert secret not in text
    return hidden_seen


@pytest.mark.parametrize("game_id", ["higurashi", "pgt", "pm", "ps"])
def test_no_message_reveals_a_hidden_card(tmp_path, game_id):
    game = get_game(game_id)
    level = "normal" if "normal" in catalogue.levels(game) else "easy"
    with running(tmp_path / "t.db") as client:
        table_id, token = create(
            client, game_id, vs_ai(PLAYERS[game_id], level), seed=SEED, options=SHORT[game_id]
        )
        to_player, to_watcher = [], []
        with (
            client.websocket_connect(f"/ws/tables/{table_id}") as player,
            client.websocket_connect(f"/ws/tables/{table_id}") as watcher,
        ):
            view = hello(player, 0, token, messages=to_player)
            seen = hello(watcher, messages=to_watcher)
            assert play(player, 0, token, view, messages=to_player)["status"] == "finished"
            while seen["status"] != "finished":
                seen = next_view(watcher, to_watcher)
        table = lobby_of(client).table(table_id)
        actions = finished_actions(client, table_id)
        assert len(actions) > 20
        assert check_stream(to_player, 0, table, actions, game, []) > 0  # others held secrets
        assert check_stream(to_watcher, None, table, actions, game, [token]) > 0


def played(tmp_path, game_id, auto_pass: bool, players: int):
    """A game of human seats, every choice scripted, seat 0 letting the table pass for
    it or not; returns the finished table and what the Lobby played."""
    store = Store(tmp_path / f"{game_id}-{auto_pass}.db")
    lobby = Lobby(store, allow_seed=True)
    seats = [{"kind": "human"}] * players
    body = {"game": game_id, "seats": seats, "seed": SEED, "options": SHORT[game_id]}
    table, joined = lobby.create(body | {"join": 0, "name": "Ann", "auto_pass": auto_pass})
    tokens = [joined["token"]]
    for n in range(1, players):
        reply = lobby.join(table.id, {"seat": n, "name": f"P{n}", "auto_pass": False})
        tokens.append(reply["token"])
    others_saw = []  # each view another seat was sent when asked
    while not table.finished:
        seat = table.state.to_move
        view = table.view(seat, since=10**9)
        if seat != 0:
            others_saw.append((view["observation"], view["legal"], view["next"]))
        lobby.act(table.id, {"seat": seat, "token": tokens[seat], "action": pick(view)})
    actions = lobby.replay(table.id)["actions"]
    logs = {s: lobby.table(table.id).view(s)["events"] for s in [None, *range(1, players)]}
    mine = lobby.table(table.id).view(0)["events"]
    store.close()
    return actions, others_saw, logs, mine


@pytest.mark.parametrize("game_id", ["pm", "higurashi"])
def test_a_pass_played_for_a_seat_tells_the_others_what_a_click_would(tmp_path, game_id):
    players = PLAYERS[game_id]
    clicked = played(tmp_path, game_id, False, players)
    automatic = played(tmp_path, game_id, True, players)
    assert automatic[0] == clicked[0]  # the same game
    assert automatic[1] == clicked[1]  # every other seat was shown the same, and asked alike
    assert automatic[2] == clicked[2]  # every other seat's log and the spectator's
    notes = [e for e in automatic[3] if e["kind"] == "auto_pass"]
    assert notes and not any(e["kind"] == "auto_pass" for e in clicked[3])


def test_a_replay_from_a_seat_shows_its_own_hand_and_never_the_others(tmp_path):
    game = get_game("pm")
    with running(tmp_path / "replay.db") as client:
        table_id, token = create(client, "pm", vs_ai(2), seed=SEED)
        with client.websocket_connect(f"/ws/tables/{table_id}") as player:
            view = hello(player, 0, token)
            assert play(player, 0, token, view)["status"] == "finished"
        actions = finished_actions(client, table_id)
        known = catalogue.cards(game)
        truth = game.new_state(SEED, 2, {}, None)
        others_hid = 0
        for step in range(0, len(actions) + 1):
            if step:
                truth.apply(actions[step - 1])
            if step % 9 and step != len(actions):
                continue
            body = {"seat": 0, "token": token, "lang": "en"}
            reply = client.post(f"/api/tables/{table_id}/replay/{step}", json=body).json()
            assert reply["seat"] == 0 and reply["step"] == step
            assert reply["observation"] == truth.observe(0)
            assert reply["observation"]["hand"] == truth.observe(0)["hand"]  # its own hand
            allowed = card_ids(truth.observe(0), known) | card_ids(truth.events_for(0), known)
            assert card_ids(reply, known) <= allowed, "the other seat's hand reached seat 0"
            others_hid += bool(card_ids(truth.observe(1)["hand"], known) - allowed)
            assert token not in json.dumps(reply)
        assert others_hid > 0  # the other hand held cards seat 0 never saw
        watched = client.get(f"/api/tables/{table_id}/replay/3").json()
        assert watched["seat"] is None and "hand" not in watched["observation"]


def test_a_replay_from_a_seat_needs_its_token(tmp_path):
    with running(tmp_path / "refused.db") as client:
        table_id, token = create(client, "ps", vs_ai(2), seed=SEED)
        with client.websocket_connect(f"/ws/tables/{table_id}") as player:
            assert play(player, 0, token, hello(player, 0, token))["status"] == "finished"
        wrong = {"seat": 0, "token": "not-the-token"}
        reply = client.post(f"/api/tables/{table_id}/replay/2", json=wrong)
        assert reply.status_code == 403
        assert reply.json() == {"error": "wrong token for seat 0"}
        reply = client.post(f"/api/tables/{table_id}/replay/2", json={"seat": 1, "token": token})
        assert reply.status_code == 403  # the computer's seat has no token to prove
        reply = client.post(f"/api/tables/{table_id}/replay/2?token={token}", json={})
        assert reply.status_code == 400  # a seat and its token are asked for in the body
        assert reply.json()["error"].startswith("seat:")
