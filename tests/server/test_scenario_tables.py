"""Tables started from a position: a shipped puzzle or a pasted scenario file. The
table starts where the scenario says (its script played, never its solution), shows a
puzzle's goal and whether it was met, is rebuilt from the stored scenario after a
restart, and never sends the scenario's text, whose hidden cards stay hidden."""

from __future__ import annotations

import json

import pytest

from tcglab.engine import get_game
from tcglab.engine.registry import games
from tcglab.engine.scenario_file import load_scenario, shipped_puzzles
from tcglab.server import catalogue
from tcglab.server.scenarios import MAX_SCENARIO
from tcglab.server.store import Store
from tcglab.server.tables import Lobby

from .helpers import listed, lobby_of, running
from .test_leak import card_ids, names_of

EQUAL = "pgt/equal-is-enough.toml"  # win this turn: attack, target, roll two dice
PUZZLES = [f"{g}/{p.name}" for g, game in sorted(games().items()) for p in shipped_puzzles(game)]
HIDDEN = "CWA-013"  # a character in P2's hand (no other card shares its name)


def leaky() -> str:
    """A pasted Precious Memories position (a shipped puzzle's, with seat names) where
    P2 holds a character it never plays, and an about only the server may read."""
    text = puzzle_file("pm/combi-exact-change.toml").read_text(encoding="utf-8")
    text = text.replace("[position.p2]\n", f'[position.p2]\nhand = ["{HIDDEN}"]\n', 1)
    about = 'about = "tcglab-marker: what only the server may read"\nplayers = ["Ann", "Bo"]\n'
    rest = text[text.index("rule = ") :]  # the puzzle's own title and about left out
    return f'game = "pm"\n{about}{rest}'


@pytest.fixture
def client(tmp_path):
    with running(tmp_path / "t.db") as client:
        yield client


@pytest.fixture
def lobby(tmp_path):
    store = Store(tmp_path / "lobby.db")
    yield Lobby(store)
    store.close()


def puzzle_file(name: str):
    game, _, file = name.partition("/")
    return next(p for p in shipped_puzzles(get_game(game)) if p.name == file)


def created(client, body: dict) -> dict:
    reply = client.post("/api/tables", json=body)
    assert reply.status_code == 201, reply.text
    return reply.json()


def refused(client, body: dict, *words: str) -> str:
    before = listed(client)
    reply = client.post("/api/tables", json=body)
    assert reply.status_code == 400, reply.text
    error = reply.json()["error"]
    assert "\n" not in error
    for word in words:
        assert word in error
    assert listed(client) == before  # nothing was made
    return error


def seat_view(client, table_id, seat, token, lang="en") -> dict:
    body = {"seat": seat, "token": token, "lang": lang}
    reply = client.post(f"/api/tables/{table_id}/view", json=body)
    assert reply.status_code == 200, reply.text
    return reply.json()


def act(client, table_id, seat, token, action):
    body = {"seat": seat, "token": token, "action": action}
    reply = client.post(f"/api/tables/{table_id}/act", json=body)
    assert reply.status_code == 200, reply.text


# -- the puzzle list ------------------------------------------------------------


def test_each_game_lists_its_puzzles_with_their_goals_and_never_a_solution(client):
    for game_id, game in games().items():
        reply = client.get(f"/api/games/{game_id}/puzzles")
        assert reply.status_code == 200, reply.text
        listing = reply.json()
        assert [p["name"] for p in listing] == [
            f"{game_id}/{p.name}" for p in shipped_puzzles(game)
        ]
        assert len(listing) == 8
        for puzzle in listing:
            assert set(puzzle) == {"name", "title", "about", "players", "goal"}
            assert puzzle["title"] and puzzle["goal"]["text"]["en"] and puzzle["goal"]["text"]["ja"]
            assert puzzle["goal"]["kind"] in ("win", "survive")
            assert set(puzzle["goal"]) == {"seat", "kind", "until", "text"}  # no solution
    assert client.get("/api/games/nope/puzzles").status_code == 400


# -- starting a table -----------------------------------------------------------


def test_a_puzzle_table_seats_its_solver_against_the_computer_and_names_its_seats(client):
    made = created(client, {"scenario": {"puzzle": EQUAL}, "join": 0})
    table = made["table"]
    assert table["game"] == "pgt" and table["title"] == "Equal is enough"
    assert table["scenario"] is True
    assert [(s["kind"], s["level"], s["name"]) for s in table["seats"]] == [
        ("human", "", "P1"),
        ("ai", "normal", "P2"),
    ]
    view = seat_view(client, table["id"], 0, made["joined"]["token"])
    assert view["goal"] == {
        "seat": 0,
        "kind": "win",
        "until": None,
        "text": "Win this turn. The next dice show 4, 5, 1.",
        "met": None,
        "missed": None,
    }
    assert [a["id"] for a in view["legal"]] == ["attack F1 1", "no attack"]
    assert seat_view(client, table["id"], 0, made["joined"]["token"], "ja")["goal"]["text"] == (
        "このターンに勝利せよ。次に出る目は4、5、1の順。"
    )


def test_without_seats_the_creator_solves_against_the_computer_at_the_level_asked(client):
    made = created(client, {"scenario": {"puzzle": EQUAL}, "level": "hard", "name": "Ann"})
    assert made["joined"]["seat"] == 0 and made["joined"]["name"] == "Ann"
    seats = made["table"]["seats"]
    assert [(s["kind"], s["level"]) for s in seats] == [("human", ""), ("ai", "hard")]
    refused(client, {"game": "pm", "seats": [{"kind": "human"}] * 2, "level": "hard"}, "level")
    body = {"scenario": {"puzzle": EQUAL}, "seats": [{"kind": "human"}] * 2, "level": "hard"}
    refused(client, body, "level: the computer's level is given in each seat")


def test_playing_the_solution_meets_the_goal_and_a_replay_steps_from_the_position(client):
    made = created(client, {"game": "pgt", "scenario": {"puzzle": EQUAL}, "join": 0, "name": "Ann"})
    table_id, token = made["table"]["id"], made["joined"]["token"]
    for action in ("attack F1 1", "target P2.F1"):
        act(client, table_id, 0, token, action)
        assert seat_view(client, table_id, 0, token)["goal"]["met"] is None
    act(client, table_id, 0, token, "roll 2")
    view = seat_view(client, table_id, 0, token)
    assert view["status"] == "finished" and view["result"]["winners"] == [0]
    assert view["goal"]["met"] is True and view["goal"]["missed"] is None
    start = client.get(f"/api/tables/{table_id}/replay/0").json()
    assert start["steps"] == 3 and start["result"] is None
    assert client.get(f"/api/tables/{table_id}/replay/3").json()["result"]["winners"] == [0]
    refusal = client.get(f"/api/tables/{table_id}/replay")
    assert refusal.status_code == 409 and "started from a scenario" in refusal.json()["error"]
    again = client.post(f"/api/tables/{table_id}/rematch", json={"seat": 0, "token": token})
    assert again.status_code == 201, again.text
    assert again.json()["seat"] == 0  # the solver solves it again, from the same seat
    view = seat_view(client, again.json()["table"]["id"], 0, token)
    assert view["goal"]["met"] is None and view["version"] == 0
    assert [a["id"] for a in view["legal"]] == ["attack F1 1", "no attack"]


def test_a_concession_decides_the_goal_as_missed_in_both_languages(client):
    made = created(client, {"scenario": {"puzzle": EQUAL}, "join": 0})
    table_id, token = made["table"]["id"], made["joined"]["token"]
    reply = client.post(f"/api/tables/{table_id}/concede", json={"seat": 0, "token": token})
    assert reply.status_code == 200, reply.text
    goal = seat_view(client, table_id, 0, token)["goal"]
    assert goal["met"] is False and goal["missed"] == "the game ended with P2 winning"
    assert seat_view(client, table_id, 0, token, "ja")["goal"]["missed"] == (
        "P2の勝利でゲームが終わった"
    )


@pytest.mark.parametrize("name", PUZZLES)
def test_every_shipped_puzzle_is_met_by_its_solution_at_a_table(lobby, name):
    """All seats human, each asked at every decision once joined: the solution is
    played as written, and the goal is open until its last step decides it."""
    scenario = load_scenario(puzzle_file(name))
    seats = [{"kind": "human"}] * len(scenario.players)
    body = {"scenario": {"puzzle": name}, "seats": seats, "join": 0, "auto_pass": False}
    table, joined = lobby.create(body)
    tokens = [joined["token"]]
    for seat in range(1, len(seats)):
        tokens.append(
            lobby.join(table.id, {"seat": seat, "name": "X", "auto_pass": False})["token"]
        )
    steps = scenario.solution
    while table.version < len(steps):  # a lone pass of a seat not yet joined is played
        assert table.view(0)["goal"]["met"] is None, f"decided before step {table.version + 1}"
        seat = table.ensure_state().to_move
        action = steps[table.version].action
        lobby.act(table.id, {"seat": seat, "token": tokens[seat], "action": action})
    goal = table.view(0)["goal"]
    assert goal["met"] is True, goal
    assert goal["kind"] == scenario.goal.kind


# -- refusals -------------------------------------------------------------------


def test_a_bad_scenario_is_refused_with_its_line_and_field(client):
    refused(client, {"scenario": {"text": "game = [\n"}}, "scenario.toml", "not TOML")
    text = 'game = "pm"\n\n[position]\nturn = "five"\n'
    refused(client, {"scenario": {"text": text}, "join": 0}, "scenario.toml:4", "turn")


def test_an_unknown_puzzle_is_refused(client):
    refused(client, {"scenario": {"puzzle": "pgt/no-such.toml"}}, "no shipped puzzle")
    refused(client, {"scenario": {"puzzle": "../../etc/passwd"}}, "no shipped puzzle")
    refused(client, {"scenario": {}}, "scenario")


def test_a_scenario_of_another_game_is_refused(client):
    refused(client, {"game": "pm", "scenario": {"puzzle": EQUAL}}, "a game of pgt", "'pm'")


def test_a_scenario_over_the_size_limit_is_refused(client):
    padding = "# " + "x" * 78 + "\n"
    text = 'game = "ps"\n' + padding * (MAX_SCENARIO // len(padding) + 1)
    refused(client, {"scenario": {"text": text}}, "scenario.text", str(MAX_SCENARIO))


def test_seats_that_do_not_fit_the_scenario_are_refused(client):
    three = [{"kind": "human"}, {"kind": "ai"}, {"kind": "ai"}]
    refused(client, {"scenario": {"puzzle": EQUAL}, "seats": three}, "2 players, not 3")
    text = 'game = "pm"\nplayers = ["A", "B", "C"]\n'
    refused(client, {"scenario": {"text": text}}, "scenario.toml:2", "players", "3 players")


def test_what_a_scenario_sets_may_not_be_given_too(client):
    body = {"scenario": {"puzzle": EQUAL}, "options": {"round_limit": 3}}
    refused(client, body, "options: a scenario sets the game up itself")


# -- restarts and hidden information ------------------------------------------


def test_a_restart_rebuilds_the_table_from_its_scenario(tmp_path):
    db = tmp_path / "restart.db"
    with running(db) as client:
        made = created(client, {"scenario": {"puzzle": EQUAL}, "join": 0})
        table_id, token = made["table"]["id"], made["joined"]["token"]
        act(client, table_id, 0, token, "attack F1 1")
        before = seat_view(client, table_id, 0, token)
    with running(db) as client:
        assert lobby_of(client).table(table_id).row.scenario is not None
        after = seat_view(client, table_id, 0, token)
        assert after == before
        act(client, table_id, 0, token, "target P2.F1")
        act(client, table_id, 0, token, "roll 2")  # the forced dice survived the restart
        assert seat_view(client, table_id, 0, token)["goal"]["met"] is True


def test_no_reply_holds_the_scenario_or_a_card_of_the_other_hand(client):
    seats = [{"kind": "human"}] * 2
    made = created(client, {"scenario": {"text": leaky()}, "seats": seats, "join": 0})
    table_id, ann = made["table"]["id"], made["joined"]["token"]
    reply = client.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Bo"})
    bo = reply.json()["token"]
    table = lobby_of(client).table(table_id)
    assert [s.name for s in table.seats] == ["Ann", "Bo"]
    assert table.ensure_state().observe(1)["hand"] == [HIDDEN]
    mine = [s.action for s in load_scenario("leaky.toml", leaky()).solution if s.action != "pass"]
    replies = [made]
    while not table.finished:
        state = table.ensure_state()
        legal = [a.id for a in state.legal_actions()]
        if state.to_move == 0:
            action = mine.pop(0) if mine and mine[0] in legal else "pass"
        else:
            action = next(a for a in legal if a in ("pass", "allow"))
        act(client, table_id, state.to_move, [ann, bo][state.to_move], action)
        replies.append(seat_view(client, table_id, 0, ann))
        replies.append(client.post(f"/api/tables/{table_id}/view", json={}).json())
        replies.append(client.get(f"/api/tables/{table_id}").json())
    assert replies[-3]["goal"]["met"] is True
    replies.append(client.get("/api/tables").json())
    replies.append(client.get("/api/tables", params={"status": "finished"}).json())
    for step in range(replies[-3]["version"] + 1):
        replies.append(client.get(f"/api/tables/{table_id}/replay/{step}").json())
        body = {"seat": 0, "token": ann}
        replies.append(client.post(f"/api/tables/{table_id}/replay/{step}", json=body).json())
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": ann, "since": 0})
        replies.append(ws.receive_json())
    known = catalogue.cards(get_game("pm"))
    secret_names = names_of({HIDDEN}, known)
    assert secret_names
    for reply in replies:
        text = json.dumps(reply, ensure_ascii=False)
        assert HIDDEN not in card_ids(reply, known)
        assert not any(name in text for name in secret_names), text[:200]
        assert "tcglab-marker" not in text and "[position" not in text
