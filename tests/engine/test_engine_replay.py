"""Replay records: what they hold, atomic saving, loading with a one-line error for
every kind of bad file, and re-running that says whether the game came out the same."""

import dataclasses
import json

import pytest
from toy_game import GAME

import tcglab
from tcglab.engine import ReplayError, Rng, games, registry
from tcglab.engine.replay import FORMAT, FORMAT_VERSION, Replay, load, record, rerun


@pytest.fixture(autouse=True)
def dicerace_registered(monkeypatch):
    games()  # the installed games first, so that the registry is loaded
    monkeypatch.setattr(registry, "_games", {**registry._games, GAME.id: GAME})


@pytest.fixture
def finished():
    state = GAME.new_state(0xC0FFEE, 3, {"target": 12})
    policy = Rng(5)
    while not state.over:
        state.apply(policy.choice(state.legal_actions()))
    return state


@pytest.fixture
def replay(finished) -> Replay:
    return record(finished, seats=["ann", "ben", "cho"])


def test_a_record_holds_the_whole_game(finished, replay):
    assert replay.game == "dicerace"
    assert (replay.seed, replay.players) == (0xC0FFEE, 3)
    assert replay.options == {"target": 12, "sides": 6, "open_hands": False, "turn_limit": 30}
    assert replay.actions == finished.history and replay.actions
    assert replay.card_digest == GAME.card_digest()
    assert replay.final_digest == finished.digest()
    assert replay.events_digest == finished.events_digest()
    assert replay.engine_version == tcglab.__version__
    assert replay.seats == ["ann", "ben", "cho"] and replay.decks is None


def test_save_and_load_round_trip(replay, tmp_path):
    path = tmp_path / "game.json"
    replay.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert (data["format"], data["format_version"]) == (FORMAT, FORMAT_VERSION)
    assert load(path) == replay
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_save_replaces_a_file_whole(replay, tmp_path):
    path = tmp_path / "game.json"
    path.write_text("x" * 100_000)
    replay.save(path)
    assert load(path) == replay
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_failed_save_leaves_the_old_file(replay, tmp_path):
    path = tmp_path / "game.json"
    replay.save(path)
    broken = dataclasses.replace(replay, options={"target": {1, 2}})
    with pytest.raises(TypeError):
        broken.save(path)
    assert load(path) == replay


def test_a_failed_save_leaves_no_partial_file(replay, tmp_path):
    broken = dataclasses.replace(replay, options={"target": {1, 2}})
    with pytest.raises(TypeError):
        broken.save(tmp_path / "game.json")
    assert list(tmp_path.iterdir()) == []


def test_rerun_reproduces_the_game(replay, finished, tmp_path):
    path = tmp_path / "game.json"
    replay.save(path)
    outcome = rerun(load(path))
    assert outcome.ok and outcome.diverged_at is None
    assert outcome.message == f"reproduced exactly: {len(replay.actions)} actions"
    assert outcome.state.digest() == finished.digest()


def test_rerun_names_the_action_that_diverged(replay):
    actions = list(replay.actions)
    actions[2] = "fly"
    outcome = rerun(dataclasses.replace(replay, actions=actions))
    assert not outcome.ok and outcome.diverged_at == 3
    assert outcome.message.startswith("diverged at action 3 (fly): 'fly' is not a legal action")
    assert outcome.state.history == replay.actions[:2]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": "chess"}, "unknown game 'chess'; games: "),
        ({"card_digest": "other"}, "made with another dicerace card set (card digest differs)"),
        ({"options": {"sides": 7}}, "cannot set the game up again: option sides takes 6 or 8"),
        ({"players": 9}, "cannot set the game up again: dicerace is played by 2 to 3 players"),
        ({"events_digest": "0" * 64}, "the events differ from the recorded game"),
        ({"final_digest": "0" * 64}, "the final state differs from the recorded game"),
        ({"seed": 0xC0FFEF}, ""),
    ],
)
def test_rerun_says_what_differs(replay, change, message):
    outcome = rerun(dataclasses.replace(replay, **change))
    assert not outcome.ok
    assert outcome.message.startswith(message) and "\n" not in outcome.message


# -- loading bad files ---------------------------------------------------------------


def good_fields(replay: Replay) -> dict:
    return json.loads(replay.to_json())


def without(data: dict, key: str) -> dict:
    return {k: v for k, v in data.items() if k != key}


BAD_FIELDS = [
    ("seed", "12"),
    ("seed", True),
    ("seed", 1.5),
    ("players", 2.0),
    ("game", 3),
    ("options", []),
    ("actions", "roll"),
    ("card_digest", None),
    ("final_digest", 7),
    ("events_digest", []),
    ("engine_version", 1),
    ("seats", {}),
]


def bad_files(replay: Replay) -> list[tuple[str, object, str]]:
    """(what, file content, start of the message after the file name)."""
    data = good_fields(replay)
    cases = [
        ("not utf-8", b"\xff\xfe\x00\x01", None),
        ("not json", "{ not json", " is not valid JSON (line 1): not a tcglab replay"),
        ("a list", "[1, 2]", ' is not a tcglab replay (no "format": "tcglab-replay" field)'),
        ("no format", json.dumps(without(data, "format")), " is not a tcglab replay"),
        ("other format", json.dumps({**data, "format": "chess-pgn"}), " is not a tcglab replay"),
        (
            "no version",
            json.dumps(without(data, "format_version")),
            " has replay format version None; this tcglab reads version 1",
        ),
        ("version 2", json.dumps({**data, "format_version": 2}), " has replay format version 2"),
        (
            "version text",
            json.dumps({**data, "format_version": "1"}),
            " has replay format version '1'",
        ),
        (
            "action not text",
            json.dumps({**data, "actions": ["roll", 3]}),
            ": every entry of 'actions' must be an action id string",
        ),
    ]
    for key in ("game", "seed", "players", "options", "actions", "card_digest", "final_digest"):
        cases.append((f"no {key}", json.dumps(without(data, key)), f": field {key!r} is missing"))
    for key, value in BAD_FIELDS:
        cases.append((f"{key}={value!r}", json.dumps({**data, key: value}), f": field {key!r}"))
    return cases


def test_every_bad_file_gets_a_one_line_replay_error(replay, tmp_path):
    for what, content, expected in bad_files(replay):
        path = tmp_path / "bad.json"
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        with pytest.raises(ReplayError) as caught:
            load(path)
        message = str(caught.value)
        assert "\n" not in message, what
        if expected is None:
            assert message.startswith(f"cannot read replay {path}: "), what
        else:
            assert message.startswith(f"{path}{expected}"), f"{what}: {message}"


def test_a_missing_file_or_a_folder(tmp_path):
    for path, why in [(tmp_path / "nowhere.json", "No such file or directory"), (tmp_path, "")]:
        with pytest.raises(ReplayError) as caught:
            load(path)
        assert str(caught.value).startswith(f"cannot read replay {path}: {why}")


def test_decks_are_optional_and_kept(replay, tmp_path):
    path = tmp_path / "game.json"
    dataclasses.replace(replay, decks=[["ember"], ["tide"]]).save(path)
    assert load(path).decks == [["ember"], ["tide"]]
    data = without(good_fields(replay), "decks")
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load(path).decks is None
