"""Table formats chosen by name at create: refused naming the game's formats, stored
with the table, and played, rebuilt and rematched as that format; a Higurashi
championship of computer seats played through to its standings."""

from __future__ import annotations

import time

import pytest

from tcglab.server.store import Store
from tcglab.server.tables import Lobby

from .helpers import create, finished_actions, running

AI = {"kind": "ai", "level": "easy"}


@pytest.fixture
def client(tmp_path):
    with running(tmp_path / "formats.db") as client:
        yield client


def test_the_games_list_offers_the_formats_chosen_by_name(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    (championship,) = games["higurashi"]["table_formats"]
    assert championship["name"] == "championship" and championship["rule"] == "G4-2.6"
    assert championship["players"] == [2, 3, 4, 5]
    assert [s["name"] for s in championship["settings"]] == ["games"]
    assert games["pgt"]["table_formats"] == []  # a draft is what 3 or 4 seats play anyway


def test_a_format_the_game_lacks_is_refused_naming_its_formats(client):
    reply = client.post(
        "/api/tables", json={"game": "higurashi", "seats": [AI] * 3, "format": "league"}
    )
    assert reply.status_code == 400
    assert reply.json() == {
        "error": "higurashi has no table format 'league'; its table formats: championship"
    }
    reply = client.post("/api/tables", json={"game": "pgt", "seats": [AI] * 2, "format": "draft"})
    assert reply.status_code == 400
    assert reply.json()["error"] == "a pgt draft is for 3 or 4 players, not 2"
    reply = client.post("/api/tables", json={"game": "pm", "seats": [AI] * 2, "format": 3})
    assert reply.status_code == 400 and reply.json()["error"].startswith("format:")
    assert client.get("/api/tables").json()["total"] == 0  # nothing was made


def test_a_draft_chosen_by_name_is_stored_and_rebuilt_as_a_draft(tmp_path):
    store = Store(tmp_path / "draft.db")
    lobby = Lobby(store, allow_seed=True)
    seats = [{"kind": "human"}] * 3
    table, _ = lobby.create({"game": "pgt", "seats": seats, "seed": 4, "format": "draft"})
    assert table.summary()["format"] == "draft"
    assert table.view(None)["observation"]["format"] == "draft"
    store.close()
    store = Store(tmp_path / "draft.db")
    (row,) = store.unfinished_tables()
    assert row.format == "draft"
    again = Lobby(store, allow_seed=True)
    again.load()
    assert again.table(table.id).view(None)["observation"]["format"] == "draft"
    store.close()


def test_a_championship_of_computers_is_played_to_its_standings(client):
    table_id, _ = create(
        client,
        "higurashi",
        [AI] * 3,
        join=None,
        seed=8,
        options={"games": 2, "round_limit": 3},
        format="championship",
    )
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["format"] == "championship" and summary["options"]["games"] == 2
    for _ in range(1200):  # the computers play in the app's worker threads
        if client.get(f"/api/tables/{table_id}").json()["status"] == "finished":
            break
        time.sleep(0.05)
    view = client.post(f"/api/tables/{table_id}/view", json={}).json()
    assert view["status"] == "finished" and view["format"] == "championship"
    standings = view["observation"]
    assert standings["format"] == "championship" and standings["played"] >= 2
    assert view["result"]["reason"] == "champion"
    assert view["result"]["scores"] == standings["totals"]
    assert view["result"]["winners"] == [standings["totals"].index(max(standings["totals"]))]
    words = [s["score"] for s in view["outcome"]["seats"]]
    assert words == [f"{n} points over the championship" for n in standings["totals"]]
    replay = client.get(f"/api/tables/{table_id}/replay").json()
    assert replay["table_format"] == "championship"
    steps = len(finished_actions(client, table_id))
    last = client.get(f"/api/tables/{table_id}/replay/{steps}").json()
    assert last["observation"]["totals"] == standings["totals"]
