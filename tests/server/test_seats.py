"""The seats of a table as the server decides them: lone passes played for a person,
full control, conceding, leaving and the computer taking a seat over after the
table's grace, rematches, and the names the log calls the players by.

Most tests drive a Lobby directly with human seats only and a clock moved by hand, so
every step is the test's own; the API tests go through HTTP."""

from __future__ import annotations

import asyncio
import sqlite3
import threading

import pytest

from tcglab.engine import BadOption, get_game
from tcglab.server.errors import Conflict, Forbidden, NotFound
from tcglab.server.store import Store
from tcglab.server.tables import Lobby

from .helpers import create, humans, join, pick, run_apart, running

NAMES = ("Ann", "Bo", "Cy")


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def lobby(tmp_path):
    store = Store(tmp_path / "seats.db")
    yield Lobby(store, allow_seed=True, clock=Clock())
    store.close()


def seated(lobby, game, players=2, seed=5, auto_pass=(True, True, True), **body):
    """A table of human seats, each joined under a name: (table, tokens)."""
    seats = [{"kind": "human"}] * players
    table, joined = lobby.create(
        {"game": game, "seats": seats, "seed": seed, "join": 0, "name": NAMES[0]}
        | {"auto_pass": auto_pass[0]}
        | body
    )
    tokens = [joined["token"]]
    for n in range(1, players):
        reply = lobby.join(table.id, {"seat": n, "name": NAMES[n], "auto_pass": auto_pass[n]})
        tokens.append(reply["token"])
    return table, tokens


def step(lobby, table, tokens) -> tuple[int, list[dict]]:
    """The seat to move makes its scripted choice; returns (seat, what it was offered)."""
    seat = table.state.to_move
    view = table.view(seat, since=10**9)
    lobby.act(table.id, {"seat": seat, "token": tokens[seat], "action": pick(view)})
    return seat, view["legal"]


def offered(lobby, table, tokens, most=400) -> list[list[dict]]:
    """Every set of choices put to a person while the game is played (at most `most`)."""
    asked = []
    while not table.finished and len(asked) < most:
        asked.append(step(lobby, table, tokens)[1])
    return asked


def lone_passes(game, asked) -> int:
    return sum(len(legal) == 1 and game.is_pass(legal[0]["id"]) for legal in asked)


# -- auto-pass -------------------------------------------------------------------


def test_a_lone_pass_is_played_for_the_seat_and_said_in_its_log_only(lobby):
    table, tokens = seated(lobby, "pm")
    asked = offered(lobby, table, tokens)
    assert lone_passes(table.game, asked) == 0  # nobody was asked only to pass
    passed = [n for n in table.row.notes if n.kind == "auto_pass"]
    assert {n.seat for n in passed} == {0, 1}
    mine = [e["message"] for e in table.view(0)["events"] if e["kind"] == "auto_pass"]
    assert len(mine) == sum(n.seat == 0 for n in passed)
    assert mine[0].startswith("Ann passes (automatic: ")
    japanese = [e["message"] for e in table.view(0, lang="ja")["events"] if e.get("table")]
    assert japanese[0].startswith("Annは自動でパスした（")
    assert not any(e.get("seat") == 0 for e in table.view(1)["events"] if e.get("table"))
    assert not any(e.get("table") for e in table.view(None)["events"])


def test_the_sole_target_of_a_seats_own_attack_is_aimed_for_it(lobby):
    """G4-4.1: in Higurashi the target is chosen right after the attack; where only one
    character can be it, the table aims the attack and says so in that seat's log."""
    table, tokens = seated(lobby, "higurashi", players=3)
    asked = offered(lobby, table, tokens)
    assert not [a for a in asked if len(a) == 1 and a[0]["id"].startswith("target ")]
    aimed = [n for n in table.row.notes if n.kind == "auto_choice"]
    assert aimed, "no seat had a sole target in this game"
    seat = aimed[0].seat
    mine = [e["message"] for e in table.view(seat)["events"] if e["kind"] == "auto_choice"]
    assert mine[0].startswith(f"{NAMES[seat]}: the only choice, made for you (automatic: ")
    others = [e for e in table.view((seat + 1) % 3)["events"] if e["kind"] == "auto_choice"]
    assert all(e.get("seat") != seat for e in others)


def test_a_lone_action_that_is_not_a_pass_stays_a_choice():
    ps = get_game("ps")
    assert ps.is_pass("pass") and ps.is_pass("end") and not ps.is_pass("target 1")
    assert get_game("pm").is_pass("allow") and not get_game("pm").is_pass("end")


def test_full_control_stops_at_every_decision(lobby):
    table, tokens = seated(lobby, "pm", auto_pass=(False, False))
    asked = offered(lobby, table, tokens)
    assert lone_passes(table.game, asked) > 10  # "Pass this card-use timing", asked
    assert table.row.notes == []


def test_turning_auto_pass_on_plays_the_waiting_pass(lobby):
    table, tokens = seated(lobby, "pm", auto_pass=(False, False))
    while lone_passes(table.game, [table.view(table.state.to_move)["legal"]]) == 0:
        step(lobby, table, tokens)
    seat = table.state.to_move
    lobby.set_auto_pass(table.id, {"seat": seat, "token": tokens[seat], "auto_pass": True})
    assert table.seats[seat].auto_pass
    assert table.row.notes and table.row.notes[-1].seat == seat
    assert lobby.store.unfinished_tables()[0].seats[seat].auto_pass


def test_the_setting_is_asked_at_join_and_checked(client):
    table_id, _ = create(client, "pm", humans(2), auto_pass=False)
    token = join(client, table_id, auto_pass=False)
    view = client.post(f"/api/tables/{table_id}/view", json={"seat": 1, "token": token}).json()
    assert view["auto_pass"] is False
    reply = client.post(
        f"/api/tables/{table_id}/seat", json={"seat": 1, "token": token, "auto_pass": "yes"}
    )
    assert reply.status_code == 400 and reply.json()["error"].startswith("auto_pass:")
    body = {"seat": 1, "token": token, "auto_pass": True}
    assert client.post(f"/api/tables/{table_id}/seat", json=body).json() == {"ok": True}
    view = client.post(f"/api/tables/{table_id}/view", json={"seat": 1, "token": token}).json()
    assert view["auto_pass"] is True


# -- concede -----------------------------------------------------------------------


def test_conceding_a_two_seat_game_gives_it_to_the_other_seat(lobby):
    table, tokens = seated(lobby, "ps")
    for _ in range(5):
        step(lobby, table, tokens)
    lobby.concede(table.id, {"seat": 1, "token": tokens[1]})
    assert table.finished
    assert table.row.result == {"winners": [0], "scores": [], "reason": "concede", "conceded": 1}
    assert table.view(0)["outcome"]["reason"] == "Bo conceded: Ann wins"
    assert table.view(0, lang="ja")["outcome"]["reason"] == "Boが投了したため、Annの勝ち"
    last = table.view(0)["events"][-1]
    assert last["kind"] == "conceded" and last["message"] == "Bo concedes"
    assert table.view(None, lang="ja")["events"][-1]["message"] == "Boが投了した"
    assert lobby.replay(table.id)["actions"] == table.ensure_state().history
    with pytest.raises(Conflict, match="over"):
        lobby.concede(table.id, {"seat": 0, "token": tokens[0]})


class Ponderer:
    """An agent that plays its first legal action once the test lets it: the time a
    person has to act while the computer thinks."""

    def __init__(self) -> None:
        self.thinking, self.go = threading.Event(), threading.Event()

    def choose(self, decision):
        self.thinking.set()
        assert self.go.wait(10), "the test never let the computer answer"
        return decision.legal[0]


def test_a_move_the_computer_was_thinking_over_is_dropped_when_the_game_was_conceded(
    lobby, monkeypatch
):
    ponderer = Ponderer()
    monkeypatch.setattr("tcglab.server.tables.make_agent", lambda *args: ponderer)
    seats = [{"kind": "ai", "level": "easy"}, {"kind": "human"}]

    async def concede_while_it_thinks():
        # All on the loop of this coroutine, which the computer's moves are scheduled on.
        table, joined = lobby.create({"game": "ps", "seats": seats, "seed": 5, "join": 1})
        token = joined["token"]
        while table.state.to_move != 0:  # play up to the computer's turn
            view = table.view(1, since=10**9)
            lobby.act(table.id, {"seat": 1, "token": token, "action": pick(view)})
        played = list(table.state.history)
        while not ponderer.thinking.is_set():
            await asyncio.sleep(0.01)
        thinking = table.ai_task
        lobby.concede(table.id, {"seat": 1, "token": token})
        ponderer.go.set()
        await thinking
        return table, played

    table, played = run_apart(concede_while_it_thinks())
    assert table.row.result["reason"] == "concede" and table.version == len(played)
    assert lobby.replay(table.id)["actions"] == played
    assert lobby.store.actions(table.id) == played
    assert not table.ai_error


def test_conceding_at_a_larger_table_hands_the_seat_to_the_computer(lobby):
    table, tokens = seated(lobby, "higurashi", players=3, options={"round_limit": 4})
    lobby.concede(table.id, {"seat": 2, "token": tokens[2]})
    assert not table.finished
    seat = table.seats[2]
    assert (seat.kind, seat.agent, seat.name) == ("ai", "normal", "Cy")
    note = table.view(0)["events"][-1]
    assert note["message"] == "The computer (normal) plays Cy's seat from here on: they conceded"
    with pytest.raises(Forbidden, match="computer"):
        lobby.concede(table.id, {"seat": 2, "token": tokens[2]})


# -- leaving and the grace ---------------------------------------------------------


def test_a_seat_left_mid_game_is_played_by_the_computer_after_the_grace(lobby):
    table, tokens = seated(lobby, "ps", grace=60)
    lobby.arrive(table, 1)  # Bo stays, with the table open in a browser
    step(lobby, table, tokens)
    lobby.leave(table.id, {"seat": 0, "token": tokens[0]})
    assert table.status() == "running" and table.seats[0].left_at is not None
    with pytest.raises(Conflict, match="taken"):
        lobby.join(table.id, {"seat": 0, "name": "Zed"})
    lobby.clock.now += 59
    lobby.take_over_absent()
    assert table.seats[0].kind == "human"
    lobby.clock.now += 1
    lobby.take_over_absent()
    assert table.seats[0].kind == "ai"
    said = table.view(1)["events"][-1]["message"]
    assert said == "The computer (normal) plays Ann's seat from here on: they left it"
    assert lobby.store.unfinished_tables()[0].seats[0].kind == "ai"


def test_a_seat_away_longer_than_the_grace_is_taken_over_unless_it_is_watched(lobby):
    table, _ = seated(lobby, "ps", grace=30)
    lobby.arrive(table, 1)  # seat 1 has its websocket open; seat 0 has gone quiet
    lobby.clock.now += 31
    lobby.take_over_absent()
    assert [s.kind for s in table.seats] == ["ai", "human"]
    assert table.view(1)["events"][-1]["why"] == "away"


def test_leaving_before_the_game_is_under_way_reopens_the_seat(lobby):
    table, joined = lobby.create(
        {"game": "ps", "seats": humans(2), "join": 0, "name": "Ann", "seed": 1}
    )
    lobby.leave(table.id, {"seat": 0, "token": joined["token"]})
    assert table.seats[0].token_hash is None and table.seats[0].left_at is None
    lobby.clock.now += 3600
    lobby.take_over_absent()
    assert table.seats[0].kind == "human"


def test_grace_is_a_table_setting_within_bounds(client):
    body = {"game": "ps", "seats": humans(2), "grace": 3601}
    reply = client.post("/api/tables", json=body)
    assert reply.status_code == 400 and reply.json()["error"].startswith("grace:")
    reply = client.post("/api/tables", json=body | {"grace": 0})
    assert reply.status_code == 201 and reply.json()["table"]["grace"] == 0


# -- rematch -----------------------------------------------------------------------


def test_a_rematch_seats_the_same_players_one_place_on(lobby):
    table, tokens = seated(lobby, "ps", grace=45)
    with pytest.raises(Conflict, match="still playing"):
        lobby.rematch(table.id, {"seat": 0, "token": tokens[0]})
    lobby.concede(table.id, {"seat": 0, "token": tokens[0]})
    with pytest.raises(Forbidden):
        lobby.rematch(table.id, {"seat": 1, "token": tokens[0]})
    made = lobby.rematch(table.id, {"seat": 1, "token": tokens[1]})
    assert made["seat"] == 0
    new = lobby.table(made["table"]["id"])
    assert [s.name for s in new.seats] == ["Bo", "Ann"]
    assert (new.game.id, new.row.options, new.row.grace) == ("ps", table.row.options, 45)
    assert lobby.table(table.id).view(0)["rematch"] == new.id
    again = lobby.rematch(table.id, {"seat": 0, "token": tokens[0]})
    assert again["table"]["id"] == new.id and again["seat"] == 1
    # each player's token of the old table holds their seat at the new one
    assert lobby.authorize(new, 1, tokens[0]) == 1 and lobby.authorize(new, 0, tokens[1]) == 0
    with pytest.raises(Forbidden):
        lobby.authorize(new, 0, tokens[0])
    assert new.status() == "running"


def test_a_rematch_nobody_took_up_expires_and_a_new_one_can_be_asked_for(lobby):
    table, tokens = seated(lobby, "ps")
    lobby.concede(table.id, {"seat": 0, "token": tokens[0]})
    lobby.leave(table.id, {"seat": 1, "token": tokens[1]})  # Bo goes home
    # The finished game still speaks of Bo: leaving takes the seat, not the record.
    seats = lobby.table(table.id).summary()["seats"]
    assert [s["name"] for s in seats] == ["Ann", "Bo"]
    assert seats[1]["left"] and not seats[1]["open"]
    told = [e["message"] for e in lobby.table(table.id).view(None)["events"]]
    assert told[-1] == "Ann concedes"
    assert any("Bo" in m for m in told) and not any("P2" in m for m in told)
    first = lobby.rematch(table.id, {"seat": 0, "token": tokens[0]})["table"]["id"]
    assert lobby.table(first).status() == "open"  # Bo's seat waits for someone
    assert [s["name"] for s in lobby.table(first).summary()["seats"]] == ["", "Ann"]
    lobby.clock.now += lobby.expire_after + 1
    lobby.sweep()
    with pytest.raises(NotFound):
        lobby.table(first)
    assert lobby.table(table.id).summary()["rematch"] is None
    second = lobby.rematch(table.id, {"seat": 0, "token": tokens[0]})["table"]["id"]
    assert second != first and lobby.table(table.id).summary()["rematch"] == second


def test_rematch_over_http(client):
    table_id, token0 = create(client, "ps", humans(2), name="Ann")
    token1 = join(client, table_id)
    body = {"seat": 0, "token": token0}
    assert client.post(f"/api/tables/{table_id}/concede", json=body).json() == {"ok": True}
    reply = client.post(f"/api/tables/{table_id}/rematch", json={"seat": 1, "token": token1})
    assert reply.status_code == 201
    new_id = reply.json()["table"]["id"]
    assert client.get(f"/api/tables/{table_id}").json()["rematch"] == new_id
    view = client.post(f"/api/tables/{new_id}/view", json={"seat": 0, "token": token1})
    assert view.status_code == 200 and view.json()["seats"][0]["name"] == "Bo"


# -- names ---------------------------------------------------------------------------


def test_a_seat_is_taken_under_a_name(client):
    table_id, _ = create(client, "pm", humans(2))
    url = f"/api/tables/{table_id}/join"
    for body in ({"seat": 1}, {"seat": 1, "name": "   "}):
        reply = client.post(url, json=body)
        assert reply.status_code == 400 and reply.json()["error"].startswith("name: choose")
    reply = client.post(url, json={"seat": 1, "name": "x" * 41})
    assert reply.status_code == 400 and reply.json()["error"].startswith("name:")
    assert client.get(f"/api/tables/{table_id}").json()["seats"][1]["open"]


def test_the_log_calls_the_players_by_their_names(lobby):
    table, _ = seated(lobby, "pm")
    for lang in ("en", "ja"):
        messages = " ".join(e["message"] for e in table.view(None, lang=lang)["events"])
        assert "Ann" in messages and "Bo" in messages and "P1" not in messages
    state = table.ensure_state()
    assert "P1" in " ".join(e["message"] for e in state.events_for(None))  # unnamed: as before


def test_a_join_without_a_name_is_refused_by_the_lobby(lobby):
    table, _ = lobby.create({"game": "pm", "seats": humans(2), "join": 0, "name": "Ann"})
    with pytest.raises(BadOption, match="name"):
        lobby.join(table.id, {"seat": 1, "name": ""})


@pytest.fixture
def client(tmp_path):
    with running(tmp_path / "api.db") as client:
        yield client


def test_the_result_says_what_each_score_counts(lobby):
    table, tokens = seated(lobby, "pm")
    offered(lobby, table, tokens, most=5000)
    assert table.finished and table.row.result["reason"] != "action_limit"
    scores = table.row.result["scores"]
    seats = table.view(None)["outcome"]["seats"]
    assert [s["name"] for s in seats] == ["Ann", "Bo"]
    assert [s["score"] for s in seats] == [f"{n}/7 points dealt" for n in scores]
    ja = table.view(None, lang="ja")["outcome"]["seats"]
    assert ja[0]["score"] == f"与えたポイント {scores[0]}/7"


def test_several_computer_seats_have_names_of_their_own(lobby):
    seats = [{"kind": "human"}] + [{"kind": "ai", "level": "normal"}] * 3
    table, _ = lobby.create({"game": "pgt", "seats": seats, "seed": 3, "join": 0, "name": "Ann"})
    names = [s.name for s in table.seats]
    assert names[0] == "Ann" and len(set(names)) == 4
    assert names[1:] == ["Aoi (AI, normal)", "Ren (AI, normal)", "Mio (AI, normal)"]
    one, _ = lobby.create({"game": "ps", "seats": seats[:2], "join": 0, "name": "Ann"})
    assert one.seats[1].name == "AI (normal)"


def test_notes_and_seat_settings_survive_a_restart(tmp_path):
    path = tmp_path / "restart.db"
    store = Store(path)
    first = Lobby(store, allow_seed=True, clock=Clock())
    table, tokens = seated(first, "pm", auto_pass=(True, False))
    for _ in range(30):
        step(first, table, tokens)
    first.leave(table.id, {"seat": 1, "token": tokens[1]})
    before = table.view(0)["events"], table.row.notes
    store.close()

    store = Store(path)
    again = Lobby(store, allow_seed=True, clock=Clock())
    again.load()
    rebuilt = again.table(table.id)
    assert (rebuilt.view(0)["events"], rebuilt.row.notes) == before
    assert [s.auto_pass for s in rebuilt.seats] == [True, False]
    assert rebuilt.seats[1].left_at is not None and not rebuilt.summary()["seats"][1]["open"]
    store.close()


def test_a_database_of_an_older_tcglab_gains_the_new_columns(tmp_path):
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    db.executescript(
        "CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, seed INTEGER NOT NULL,"
        " players INTEGER NOT NULL, options TEXT NOT NULL, decks TEXT,"
        " title TEXT NOT NULL DEFAULT '', created REAL NOT NULL,"
        " finished INTEGER NOT NULL DEFAULT 0);"
        "CREATE TABLE seats (table_id TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL,"
        " agent TEXT NOT NULL DEFAULT '', name TEXT NOT NULL DEFAULT '', token_hash TEXT,"
        " PRIMARY KEY (table_id, seat));"
        "INSERT INTO tables VALUES ('old', 'ps', 1, 2, '{}', NULL, '', 1.0, 0);"
        "INSERT INTO seats VALUES ('old', 0, 'human', '', 'Ann', NULL);"
        "INSERT INTO seats VALUES ('old', 1, 'ai', 'easy', 'AI (easy)', NULL);"
    )
    db.commit()
    db.close()
    store = Store(path)
    (row,) = store.unfinished_tables()
    assert (row.grace, row.rematch, row.format, row.notes) == (60, None, None, [])
    assert row.dealt  # dealt when it was made, as every table was: its seat 0 stays open
    assert [(s.auto_pass, s.left_at, s.deck) for s in row.seats] == [(True, None, None)] * 2
    store.close()


def test_a_conceded_princess_scramble_game_says_the_damage_each_player_took(lobby):
    table, tokens = seated(lobby, "ps")
    while table.state.observe(None)["seats"][1]["damage"] == 0 and not table.finished:
        step(lobby, table, tokens)
    final = table.state.observe(None)["seats"]
    lobby.concede(table.id, {"seat": 0, "token": tokens[0]})
    outcome = table.view(None)["outcome"]
    assert outcome["reason"] == "Ann conceded: Bo wins"
    assert [(s["name"], s["score"]) for s in outcome["seats"]] == [
        ("Ann", f"damage {final[0]['damage']}/10"),
        ("Bo", f"damage {final[1]['damage']}/10"),
    ]
    assert final[1]["damage"] > 0
    ja = table.view(1, lang="ja")["outcome"]["seats"]
    assert ja[1]["score"] == f"ダメージ {final[1]['damage']}/10"
