"""A Pretty Good Tactics draft table over the API: one human and three computer seats
draft their decks and play the knockout to the end, and nothing the human is sent
names a card of another seat's pack or picks."""

from __future__ import annotations

import json

from tcglab.engine import get_game

from .helpers import create, finished_actions, hello, lobby_of, play, running, told, vs_ai

SEED = 2_718_281_828_459_045_235


def check_messages(messages, table, actions, game) -> int:
    """Follow the true table through each view sent to seat 0; returns how many views
    came while others held packs."""
    truth = game.new_state(table.row.seed, table.row.players, table.row.options)
    cards = game.cards.cards
    checked = 0
    for message in messages:
        if message["type"] != "view":
            continue
        while len(truth.history) < message["version"]:
            truth.apply(actions[len(truth.history)])
        since, upto = message["since"], message["next"]
        assert message["observation"] == truth.observe(0)
        assert message["events"] == told(truth, table, 0, since)[: upto - since]
        if truth.phase != "draft":
            continue
        checked += 1
        hidden = [c for seat in (1, 2, 3) for c in truth.packs[seat] + truth.picks[seat]]
        text = json.dumps(message, ensure_ascii=False)
        shown = message["observation"]["pack"] + message["observation"]["picks"]
        shown += [e["card"] for e in message["events"] if "card" in e]
        shown += [a["id"].split(" ")[1] for a in message["legal"]]
        for card in (cards[c] for c in hidden):
            assert card.id not in shown
            assert card.name_en not in text and card.name_ja not in text
    return checked


def test_a_draft_table_is_played_to_its_champion(tmp_path):
    game = get_game("pgt")
    with running(tmp_path / "t.db") as client:
        info = next(g for g in client.get("/api/games").json() if g["id"] == "pgt")
        assert (info["min_players"], info["max_players"]) == (2, 4)
        bad = client.post(
            "/api/tables",
            json={"game": "pgt", "seats": vs_ai(4), "decks": ["draft-1"] * 4, "join": 0},
        )
        assert bad.status_code == 400 and "a draft builds its own decks" in bad.text
        table_id, token = create(
            client, "pgt", vs_ai(4, "normal"), seed=SEED, options={"round_limit": 2}
        )
        messages = []
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            view = hello(ws, 0, token, messages=messages)
            assert view["observation"]["format"] == "draft"
            assert all(a["id"].startswith("pick ") for a in view["legal"])
            last = play(ws, 0, token, view, messages=messages)
        assert last["status"] == "finished"
        table = lobby_of(client).table(table_id)
        result = last["result"]
        assert len(result["winners"]) == 1 and result["reason"] == "champion"
        human_actions = sum(1 for m in messages if "ack" in m)
        assert human_actions >= 18  # the 18 picks, then the human's games
        assert check_messages(messages, table, finished_actions(client, table_id), game) >= 18
        summary = client.get(f"/api/tables/{table_id}").json()
        assert summary["players"] == 4 and summary["status"] == "finished"
