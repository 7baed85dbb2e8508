"""Replay records: what they hold, atomic saving, loading with a one-line error for
every kind of bad file, and re-running that says whether the game came out the same."""

import dataclasses
import json

import pytest
from toy_game import GAME

import tcglab
from tcglab.engine import ReplayError, Rng, games, registry
from tcglab.engine.replay import FORMAT, FORMAT_VERSION, Replay, load, parse, record, rerun


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
            " has no replay format version; this tcglab reads version 1",
        ),
        ("version 2", json.dumps({**data, "format_version": 2}), " has replay format version 2"),
        (
            "version text",
            json.dumps({**data, "format_version": "1"}),
            ' has replay format version "1"',
        ),
        (
            "action not text",
            json.dumps({**data, "actions": ["roll", 3]}),
            ": field 'actions' must be a list of at most 1,000,000 action ids, each text of 1 "
            "to 200 characters, not 3 (entry 2)",
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
    dataclasses.replace(replay, decks=[["ember"], ["tide"], ["gale"]]).save(path)
    assert load(path).decks == [["ember"], ["tide"], ["gale"]]
    data = without(good_fields(replay), "decks")
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load(path).decks is None


def test_a_table_format_asked_for_by_name_is_kept_and_played_again(replay, tmp_path):
    """A record names the table format its state was built as, and rerun builds it so."""
    assert replay.table_format is None and "table_format" not in json.loads(replay.to_json())
    state = games()["higurashi"].new_state(3, 2, {"games": 1}, format="championship")
    policy = Rng(5)
    while not state.over:
        state.apply(policy.choice(state.legal_actions()))
    path = tmp_path / "championship.json"
    record(state).save(path)
    assert json.loads(path.read_text(encoding="utf-8"))["table_format"] == "championship"
    outcome = rerun(load(path))
    assert outcome.ok, outcome.message
    assert outcome.state.digest() == state.digest()
    data = {**json.loads(path.read_text(encoding="utf-8")), "table_format": ["championship"]}
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ReplayError, match="field 'table_format' must be a format's name"):
        load(path)


# -- every field checked before anything uses it -------------------------------------------


def written(tmp_path, text: str | bytes):
    path = tmp_path / "replay.json"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def refused(path) -> str:
    """The one-line ReplayError that loading `path` gives, after the file name."""
    with pytest.raises(ReplayError) as caught:
        load(path)
    message = str(caught.value)
    assert "\n" not in message
    return message.replace(str(path), "FILE")


SEEDS = "a whole number from 0 to 18446744073709551615"
DECKS = "null, or one list per seat of at most 1,000 card ids (text)"


@pytest.mark.parametrize(
    ("field", "raw", "message"),
    [
        ("seed", "9" * 5000, f"field 'seed' must be {SEEDS}, not a number of 5,000 digits"),
        ("seed", "-1", f"field 'seed' must be {SEEDS}, not -1"),
        ("seed", str(2**64), f"field 'seed' must be {SEEDS}, not 18446744073709551616"),
        ("players", str(10**30), "field 'players' must be a whole number from 1 to 16, not 1"),
        ("players", "0", "field 'players' must be a whole number from 1 to 16, not 0"),
        ("decks", "[null, null, null]", f"field 'decks' must be {DECKS}, not null for seat 1"),
        ("decks", '[["ember"], ["tide"]]', f"field 'decks' must be {DECKS}, not 2 decks for 3"),
        ("decks", '[["ember"], [7], []]', f"field 'decks' must be {DECKS}, not 7 (entry 1) for"),
        ("decks", '"ember"', f"field 'decks' must be {DECKS}, not \"ember\""),
        ("options", '{"target": [12]}', "field 'options' must be an object of rule options, each"),
        ("options", '{"target": 1.5}', "field 'options' must be an object of rule options, each"),
        ("actions", '["roll", "' + "x" * 201 + '"]', "field 'actions' must be a list of at most"),
        ("actions", '["roll", ""]', "field 'actions' must be a list of at most 1,000,000 action"),
        ("seats", '["ann", null]', "field 'seats' must be a list of at most 16 seat names (text)"),
    ],
)
def test_a_field_out_of_range_is_refused_saying_what_is_accepted(
    replay, tmp_path, field, raw, message
):
    data = good_fields(replay)
    data[field] = "PLACEHOLDER"
    text = json.dumps(data).replace('"PLACEHOLDER"', raw)
    assert refused(written(tmp_path, text)).startswith(f"FILE: {message}")


def test_deep_nesting_is_refused_in_one_line(replay, tmp_path):
    assert refused(written(tmp_path, "[" * 100_000 + "]" * 100_000)).startswith(
        "FILE nests lists or objects too deeply: not a tcglab replay"
    )
    data = good_fields(replay)
    data["options"] = "PLACEHOLDER"
    nested = json.dumps(data).replace('"PLACEHOLDER"', '{"a": ' * 20 + "1" + "}" * 20)
    assert refused(written(tmp_path, nested)) == (
        "FILE nests lists or objects more than 8 deep: not a tcglab replay"
    )


def test_a_number_too_long_for_python_is_refused_where_it_stands(replay, tmp_path):
    data = good_fields(replay)
    data["format_version"] = "PLACEHOLDER"
    text = json.dumps(data).replace('"PLACEHOLDER"', "1" * 5000)
    assert refused(written(tmp_path, text)) == (
        "FILE has replay format version a number of 5,000 digits; this tcglab reads version 1"
    )


def test_a_file_larger_than_a_replay_may_be_is_not_read(replay, tmp_path, monkeypatch):
    from tcglab.engine import replay as replays

    path = written(tmp_path, replay.to_json())
    monkeypatch.setattr(replays, "MAX_BYTES", 100)
    assert refused(path) == (
        "cannot read replay FILE: it is larger than 100 bytes, the most a replay file may be"
    )


def test_bytes_that_are_not_utf8_are_named(tmp_path):
    assert refused(written(tmp_path, b'{"format": "\xff"}')) == (
        "cannot read replay FILE: not UTF-8 text (byte 0xff at offset 12)"
    )


def test_a_folder_is_not_a_replay(tmp_path):
    assert refused(tmp_path) == "cannot read replay FILE: it is a folder; give a replay file"


def test_parse_reads_the_text_of_a_replay(replay):
    assert parse(replay.to_json(), "game.json") == replay
    with pytest.raises(ReplayError, match=r"^game.json: field 'seed' must be a whole number"):
        parse(replay.to_json().replace('"seed": 12648430', '"seed": -5'), "game.json")
