"""`tcglab replay`: exact reproduction, divergence (exit 1) and unusable files (exit 2)."""

import json

import pytest

from tcglab.agents.specs import make_agent
from tcglab.engine import games, get_game
from tcglab.engine.replay import record
from tcglab.sim import play_out


@pytest.fixture
def saved(tmp_path):
    """A finished 2-player Higurashi game saved as a replay file."""
    game = get_game("higurashi")
    state = game.new_state(21, 2)
    play_out(state, [make_agent("random", game, seat) for seat in range(2)])
    path = tmp_path / "game.json"
    record(state, seats=["random", "random"]).save(path)
    return path, state


def edit(path, change):
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def test_replay_reproduces_exactly(cli, saved):
    path, state = saved
    code, out, err = cli("replay", path)
    assert code == 0 and err == ""
    assert f"higurashi · seed 21 · 2 players · {len(state.history)} actions" in out
    assert f"reproduced exactly: {len(state.history)} actions" in out


def test_replay_show_prints_the_spectator_events(cli, saved):
    path, state = saved
    code, out, _ = cli("replay", path, "--show")
    assert code == 0
    spectator = [event["message"] for event in state.events_for(None)]
    assert out.count("\n  · ") == len(spectator)
    assert f"  · {spectator[-1]}\n" in out
    # a seat's secret (the event card it drew) never reaches the spectator's view
    assert "draws an event card" in out
    own_draws = [
        e["message"] for e in state.events_for(0) if e["kind"] == "draw" and e["seat"] == 0
    ]
    assert own_draws and not any(message in out for message in own_draws)


def test_a_changed_action_id_diverges_with_exit_1(cli, saved):
    path, _ = saved
    edit(path, lambda data: data["actions"].__setitem__(3, "attack 9"))
    code, out, err = cli("replay", path)
    assert code == 1 and err == ""
    assert "not reproduced: diverged at action 4 (attack 9)" in out


def test_a_shortened_game_diverges_with_exit_1(cli, saved):
    path, _ = saved
    edit(path, lambda data: data["actions"].pop())  # every action left is still legal
    code, out, _ = cli("replay", path)
    assert code == 1
    assert "not reproduced: the events differ from the recorded game" in out


def one_line_error(err: str) -> str:
    assert err.startswith("tcglab: error: ")
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


def test_a_file_that_is_not_json_exits_2(cli, tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("these are not the droids\n")
    code, out, err = cli("replay", path)
    assert code == 2 and out == ""
    assert "is not valid JSON (line 1): not a tcglab replay" in one_line_error(err)


@pytest.mark.parametrize(
    "content", [{"hello": "world"}, [1, 2, 3], {"format": "tcglab-replay", "format_version": 1}]
)
def test_json_of_another_shape_exits_2(cli, tmp_path, content):
    path = tmp_path / "other.json"
    path.write_text(json.dumps(content))
    code, out, err = cli("replay", path)
    assert code == 2 and out == ""
    one_line_error(err)


def test_a_missing_file_exits_2(cli, tmp_path):
    code, _, err = cli("replay", tmp_path / "nowhere.json")
    assert code == 2
    assert "cannot read replay" in one_line_error(err)


def test_a_replay_of_an_unknown_game_exits_2(cli, saved):
    path, _ = saved
    edit(path, lambda data: data.update(game="chess"))
    code, _, err = cli("replay", path)
    assert code == 2
    known = ", ".join(games())
    assert one_line_error(err).endswith(f"unknown game 'chess'; games: {known}\n")


def test_a_replay_made_with_other_cards_exits_2(cli, saved):
    path, _ = saved
    edit(path, lambda data: data.update(card_digest="0" * 64))
    code, _, err = cli("replay", path)
    assert code == 2
    assert "made with another higurashi card set" in one_line_error(err)


def test_another_legal_first_move_diverges_with_exit_1(cli, saved):
    path, state = saved
    legal = get_game("higurashi").new_state(21, 2).legal_actions()
    other = next(a.id for a in legal if a.id != state.history[0])
    edit(path, lambda data: data["actions"].__setitem__(0, other))
    code, out, _ = cli("replay", path)
    assert code == 1
    assert "not reproduced: " in out
