"""Decks kept on the server: keeping, editing with the token, the share view, drafts,
choosing a kept deck for a table, and every refusal as a one-line error."""

from __future__ import annotations

import pytest

from tcglab.engine import get_game
from tcglab.server.decks import MAX_PER_CREATOR, DeckShelf

from .helpers import keep, prebuilt_text, rejected, running, vs_ai


@pytest.fixture
def client(tmp_path):
    with running(tmp_path / "t.db") as client:
        yield client


LEGAL = prebuilt_text("pm", "academy-wall")
DRAFT = "4 CWA-001\n4 CWA-004"  # every card exists; 8 cards is no deck (PM: exactly 60)


def create_with(client, deck):
    body = {"game": "pm", "seats": vs_ai(2), "join": 0, "name": "me", "decks": [deck, None]}
    return client.post("/api/tables", json=body)


def test_a_kept_deck_is_shared_by_its_id_without_its_token(client):
    kept = keep(client, LEGAL)
    assert kept["legal"] and kept["problems"] == [] and kept["token"]
    shared = client.get(f"/api/decks/{kept['id']}").json()
    assert shared["name"] == "wall" and shared["text"] == LEGAL and shared["legal"]
    assert "token" not in shared and "token_hash" not in shared


def test_the_token_is_stored_hashed(client):
    kept = keep(client, LEGAL)
    (stored,) = client.app.state.lobby.store.db.execute(
        "SELECT token_hash FROM decks WHERE id = ?", (kept["id"],)
    ).fetchone()
    assert stored != kept["token"] and kept["token"] not in stored


def test_the_token_edits_the_deck(client):
    kept = keep(client, LEGAL)
    reply = client.put(
        f"/api/decks/{kept['id']}", json={"token": kept["token"], "name": "wall 2", "text": DRAFT}
    )
    assert reply.status_code == 200, reply.text
    shared = client.get(f"/api/decks/{kept['id']}").json()
    assert shared["name"] == "wall 2" and not shared["legal"]


def test_a_draft_is_kept_with_its_problems_in_words(client):
    kept = keep(client, DRAFT)
    assert not kept["legal"]
    assert any("exactly 60" in p for p in kept["problems"])


def test_a_kept_legal_deck_is_played_at_a_table(client):
    kept = keep(client, LEGAL)
    reply = create_with(client, {"kept": kept["id"]})
    assert reply.status_code == 201, reply.text
    table = client.app.state.lobby.table(reply.json()["table"]["id"])
    assert sorted(table.row.decks[0]) == sorted(get_game("pm").prebuilt_decks()["academy-wall"])


def test_refused_unknown_card(client):
    reply = client.post("/api/decks", json={"game": "pm", "name": "x", "text": "4 NOPE-1"})
    rejected(reply, 400, "line 1: unknown card id 'NOPE-1'")


def test_refused_another_games_deck_at_a_table(client):
    kept = keep(client, prebuilt_text("ps", "moonlit"), game="ps")
    rejected(create_with(client, {"kept": kept["id"]}), 400, "is a ps deck, not pm")


def test_refused_another_games_cards_in_a_deck(client):
    rejected(keep_reply(client, game="ps", text=LEGAL), 400, "no card has the id")


def test_refused_playing_a_draft(client):
    kept = keep(client, DRAFT)
    rejected(create_with(client, {"kept": kept["id"]}), 409, "is a draft")


def test_refused_bad_token(client):
    kept = keep(client, LEGAL)
    body = {"token": "wrong-token", "name": "mine now", "text": LEGAL}
    rejected(client.put(f"/api/decks/{kept['id']}", json=body), 403, "edit token")
    assert client.get(f"/api/decks/{kept['id']}").json()["name"] == "wall"


def test_refused_unknown_deck(client):
    rejected(client.get("/api/decks/nosuchdeck"), 404, "no kept deck")
    rejected(create_with(client, {"kept": "nosuchdeck"}), 404, "no kept deck")


def test_refused_over_the_size_limits(client):
    rejected(keep_reply(client, text="1 CWA-001\n" * 3000), 400, "text")
    rejected(keep_reply(client, name="n" * 65), 400, "name")
    rejected(keep_reply(client, name=""), 400, "name")
    rejected(keep_reply(client, text="999 CWA-001"), 400, "more than any deck holds")


def test_refused_over_the_per_creator_limit(client):
    shelf = DeckShelf(client.app.state.lobby.store, per_creator=2)
    shelf.create("pm", "a", DRAFT, "10.0.0.1")
    shelf.create("pm", "b", DRAFT, "10.0.0.1")
    with pytest.raises(Exception, match="at most 2 decks") as refused:
        shelf.create("pm", "c", DRAFT, "10.0.0.1")
    assert refused.value.status == 409
    assert shelf.create("pm", "d", DRAFT, "10.0.0.2")["id"]  # another creator


def delete(client, deck_id, token):
    return client.request("DELETE", f"/api/decks/{deck_id}", json={"token": token})


def kept_count(client) -> int:
    return client.app.state.lobby.store.db.execute("SELECT COUNT(*) FROM decks").fetchone()[0]


def test_the_token_deletes_the_deck(client):
    kept = keep(client, LEGAL)
    reply = delete(client, kept["id"], kept["token"])
    assert reply.status_code == 200 and reply.json() == {"ok": True, "deleted": kept["id"]}
    rejected(client.get(f"/api/decks/{kept['id']}"), 404, "no kept deck")
    rejected(delete(client, kept["id"], kept["token"]), 404, "no kept deck")  # gone already
    assert kept_count(client) == 0


def test_a_deleted_deck_frees_its_place_among_the_creators_decks(client):
    kept = [keep(client, DRAFT, name=f"d{n}") for n in range(MAX_PER_CREATOR)]
    error = rejected(keep_reply(client, text=DRAFT), 409, f"at most {MAX_PER_CREATOR} decks")
    assert "DELETE /api/decks/<id> with its edit token" in error
    assert kept_count(client) == MAX_PER_CREATOR
    assert delete(client, kept[0]["id"], kept[0]["token"]).status_code == 200
    assert keep_reply(client, text=DRAFT).status_code == 201
    rejected(keep_reply(client, text=DRAFT), 409, f"at most {MAX_PER_CREATOR} decks")


def test_refused_deleting_without_the_token(client):
    kept = keep(client, LEGAL)
    other = keep(client, LEGAL, name="another")
    rejected(delete(client, kept["id"], "wrong-token"), 403, "the edit token does not match")
    rejected(delete(client, kept["id"], other["token"]), 403, "the edit token does not match")
    rejected(client.request("DELETE", f"/api/decks/{kept['id']}", json={}), 400, "token: required")
    rejected(client.delete(f"/api/decks/{kept['id']}"), 415, "Content-Type: application/json")
    rejected(delete(client, "nosuchdeck", kept["token"]), 404, "no kept deck 'nosuchdeck'")
    assert client.get(f"/api/decks/{kept['id']}").json()["name"] == "wall"
    assert kept_count(client) == 2


def test_a_table_made_with_a_deck_plays_on_after_it_is_deleted(tmp_path):
    """A table copies a kept deck's cards when it is made, or when a person joins with
    it: deleting the deck later changes no table, even one rebuilt after a restart."""
    with running(tmp_path / "t.db") as client:
        kept = keep(client, LEGAL)
        made = create_with(client, {"kept": kept["id"]}).json()["table"]["id"]
        body = {"game": "pm", "seats": [{"kind": "human"}] * 2, "join": 0, "name": "Ann"}
        waiting = client.post("/api/tables", json=body).json()["table"]["id"]
        joined = {"seat": 1, "name": "Bo", "deck": {"kept": kept["id"]}}
        assert client.post(f"/api/tables/{waiting}/join", json=joined).status_code == 200
        lobby = client.app.state.lobby
        decks = {t: lobby.table(t).row.decks for t in (made, waiting)}
        assert delete(client, kept["id"], kept["token"]).status_code == 200
        rejected(create_with(client, {"kept": kept["id"]}), 404, "no kept deck")
    with running(tmp_path / "t.db") as client:  # every table rebuilt from its record
        lobby = client.app.state.lobby
        for table_id, dealt in decks.items():
            assert lobby.table(table_id).row.decks == dealt
            assert client.post(f"/api/tables/{table_id}/view", json={}).status_code == 200


def test_refused_unknown_game_and_fields(client):
    rejected(keep_reply(client, game="chess"), 400, "game")
    body = {"game": "pm", "name": "x", "text": LEGAL, "owner": "me"}
    rejected(client.post("/api/decks", json=body), 400, "owner")


def keep_reply(client, game="pm", name="x", text=LEGAL):
    return client.post("/api/decks", json={"game": game, "name": name, "text": text})
