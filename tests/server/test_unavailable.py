"""The options a seat cannot take now (`unavailable`, from `State.unavailable`) reach
the seat to move only, in its language, beside its legal actions: every other seat and
every spectator gets none; an action sent for one of them is refused with its reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from .helpers import running

POSITION = (Path(__file__).parents[1] / "positions" / "pm-cannot-play-yet.toml").read_text("utf-8")
ISANA = {"id": "play SHD-013", "label": "Play Isana the Keeper (6)", "why": "cost 6, you can pay 4"}


@pytest.fixture
def client(tmp_path):
    with running(tmp_path / "t.db") as client:
        yield client


def two_seats(client) -> tuple[str, str, str]:
    body = {"scenario": {"text": POSITION}, "seats": [{"kind": "human"}] * 2, "join": 0}
    made = client.post("/api/tables", json=body | {"auto_pass": False})
    assert made.status_code == 201, made.text
    table = made.json()["table"]["id"]
    ben = client.post(f"/api/tables/{table}/join", json={"seat": 1, "name": "Ben"})
    assert ben.status_code == 200, ben.text
    return table, made.json()["joined"]["token"], ben.json()["token"]


def view(client, table, **body) -> dict:
    reply = client.post(f"/api/tables/{table}/view", json=body)
    assert reply.status_code == 200, reply.text
    return reply.json()


def test_only_the_seat_to_move_is_told_what_it_cannot_take(client):
    table, ann, ben = two_seats(client)
    mover = view(client, table, seat=0, token=ann)
    assert mover["to_move"] == 0 and mover["legal"]
    assert ISANA in mover["unavailable"]
    assert not {o["id"] for o in mover["unavailable"]} & {a["id"] for a in mover["legal"]}
    japanese = view(client, table, seat=0, token=ann, lang="ja")["unavailable"]
    assert {"id": "play SHD-013", "label": "「灯台守 いさな」をプレイ（コスト6）"} | {
        "why": "コスト6、支払えるソースは4"
    } in japanese
    other = view(client, table, seat=1, token=ben)
    assert other["legal"] == [] and other["unavailable"] == []
    spectator = view(client, table)
    assert spectator["seat"] is None and spectator["unavailable"] == []
    assert "SHD-013" not in str(other) and "SHD-013" not in str(spectator)


def test_an_option_that_cannot_be_taken_is_refused_with_its_reason(client):
    table, ann, _ = two_seats(client)
    act = {"seat": 0, "token": ann, "action": "play SHD-013", "expected_version": 0}
    refused = client.post(f"/api/tables/{table}/act", json=act)
    assert refused.status_code == 409
    assert refused.json()["error"] == (
        "'play SHD-013' is not one of your legal actions now: cost 6, you can pay 4"
    )
    assert view(client, table, seat=0, token=ann)["version"] == 0
