"""Whatever a person types or a file holds, `tcglab` answers in one line: argument
mistakes as `tcglab CMD: error: ... (see tcglab CMD --help)`, bad values and files as
`tcglab: error: ...`, both with exit status 2 and never a traceback; a defect of tcglab
itself as one line that says it is a bug, with exit status 1."""

import builtins
import json

import pytest

from tcglab.agents.specs import make_agent
from tcglab.engine import get_game
from tcglab.engine.replay import record
from tcglab.sim import play_out

SEEDS = "a whole number from 0 to 18446744073709551615"


def one_error_line(err: str, prefix: str = "tcglab: error: ") -> str:
    """The message of a one-line error on stderr, after `prefix`."""
    assert "Traceback" not in err
    assert err.startswith(prefix) and err.count("\n") == 1, err
    return err[len(prefix) : -1]


# -- argument mistakes: one line, naming what is accepted ----------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["sim", "higurashi", "--games", "x"],
            "argument --games: expected a whole number from 1 to 1,000,000, not 'x'",
        ),
        (
            ["sim", "higurashi", "--players", "x"],
            "argument --players: expected a whole number, not 'x'",
        ),
        (
            ["sim", "higurashi", "--seed", "-1"],
            f"argument --seed: expected {SEEDS}, not '-1'",
        ),
        (
            ["sim", "higurashi", "--seed", str(2**64)],
            f"argument --seed: expected {SEEDS}, not '18446744073709551616'",
        ),
        (
            ["sim", "higurashi", "--seed", "9" * 5000],
            f"argument --seed: expected {SEEDS}, not '999999999999999999999999999999'... "
            "(5,000 characters)",
        ),
        (
            ["sim", "higurashi", "--max-actions", str(10**30)],
            "argument --max-actions: expected a whole number from 1 to 1,000,000, not",
        ),
        (
            ["arena", "higurashi", "--agents", "random,heuristic", "--jobs", str(10**30)],
            "argument --jobs: expected a whole number from 1 to 64, not",
        ),
        (
            ["arena", "higurashi", "--agents", "random,heuristic", "--games", "10000000"],
            "argument --games: expected a whole number from 1 to 1,000,000, not '10000000'",
        ),
        (
            ["play", "higurashi", "--championship", "0"],
            "argument --championship: expected a whole number from 1 to 100, not '0'",
        ),
        (
            ["sim", "higurashi", "--championship", "101"],
            "argument --championship: expected a whole number from 1 to 100, not '101'",
        ),
        (
            ["play", "pgt", "--draft", str(10**30)],
            "argument --draft: expected a whole number from 1 to 16, not",
        ),
        (
            ["play", "higurashi", "--seat", "\u0663"],
            "argument --seat: expected a whole number from 1 to 16, not '\u0663'",
        ),
        (
            ["odds", "pgt", "3D+1", "--target", "x"],
            "argument --target: expected a whole number from 1 to 999, not 'x'",
        ),
        (
            ["odds", "pgt", "3D" + "+1" * 100, "--target", "8"],
            "argument expression: expected at most 40 characters, not",
        ),
        (
            ["serve", "--port", "70000"],
            "argument --port: expected a whole number from 1 to 65,535, not '70000'",
        ),
        (
            ["serve", "--ai-delay", "nan"],
            "argument --ai-delay: expected a number of seconds from 0 to 60, not 'nan'",
        ),
        (
            ["serve", "--ai-delay", "inf"],
            "argument --ai-delay: expected a number of seconds from 0 to 60, not 'inf'",
        ),
        (["sim"], "the following arguments are required: game"),
        (["sim", "higurashi", "--frob"], "unrecognized arguments: --frob"),
        (["sim", "higurashi", "--lang", "ja"], "unrecognized arguments: --lang ja"),
    ],
)
def test_argument_mistakes_are_one_line_with_where_to_look(cli, monkeypatch, args, message):
    started = []
    monkeypatch.setattr("tcglab.server.serve", lambda *a, **k: started.append(a))
    code, out, err = cli(*args)
    command = f"tcglab {args[0]}"
    assert code == 2 and out == "" and not started
    text = one_error_line(err, f"{command}: error: ")
    assert text.startswith(message) and text.endswith(f" (see {command} --help)")


def test_an_unknown_command_is_one_line(cli):
    code, _, err = cli("frobnicate")
    assert code == 2
    text = one_error_line(err, "tcglab: error: ")
    assert text.startswith("argument COMMAND: invalid choice: 'frobnicate' (choose from 'games'")
    assert text.endswith(" (see tcglab --help)")


def test_an_argument_with_a_line_break_stays_on_one_line(cli):
    code, _, err = cli("sim", "higurashi", "extra\nline")
    assert code == 2
    assert "unrecognized arguments: extra\\nline" in one_error_line(err, "tcglab sim: error: ")


# -- agent specs ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:c=nan,iters=1", "ismcts parameter c takes a number from 0 to 100, not 'nan'"),
        ("ismcts:bias=1e308,iters=1", "ismcts parameter bias takes a number from 0 to 100"),
        ("ismcts:bias=inf,iters=1", "ismcts parameter bias takes a number from 0 to 100"),
        ("ismcts:iters=1,iters=2", "ismcts parameter iters is given twice"),
    ],
)
def test_agent_specs_out_of_range_are_refused_before_any_game(cli, spec, message):
    code, out, err = cli("sim", "pm", "--games", "1", "--agents", spec)
    assert code == 2 and out == ""
    assert one_error_line(err).startswith(message)


def test_an_ai_spec_out_of_range_is_refused_before_the_board(cli):
    code, out, err = cli("play", "higurashi", "--ai", "ismcts:seconds=1e9")
    assert code == 2 and out == ""
    assert one_error_line(err).startswith(
        "ismcts parameter seconds takes a number above 0 and at most 60, not '1e9'"
    )


# -- replay files --------------------------------------------------------------------------


@pytest.fixture
def saved(tmp_path):
    """A finished two-player Precious Memories game with its decks, as replay JSON."""
    game = get_game("pm")
    decks = [list(deck) for deck in list(game.prebuilt_decks().values())[:2]]
    state = game.new_state(5, 2, None, decks)
    play_out(state, [make_agent("random", game, seat) for seat in range(2)])
    return json.loads(record(state, seats=["random", "random"], decks=decks).to_json())


def write_replay(tmp_path, data: dict, raw: str | None = None, field: str = "seed"):
    """`data` as a replay file; with `raw`, `field` holds that JSON text instead."""
    if raw is not None:
        data = {**data, field: "PLACEHOLDER"}
    text = json.dumps(data)
    if raw is not None:
        text = text.replace('"PLACEHOLDER"', raw)
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_replay_with_decks_still_reproduces(cli, tmp_path, saved):
    code, out, err = cli("replay", write_replay(tmp_path, saved))
    assert code == 0 and err == "" and "reproduced exactly" in out


@pytest.mark.parametrize(
    ("field", "raw", "message"),
    [
        ("seed", "9" * 5000, f"field 'seed' must be {SEEDS}, not a number of 5,000 digits"),
        ("seed", "-1", f"field 'seed' must be {SEEDS}, not -1"),
        ("seed", str(2**64), f"field 'seed' must be {SEEDS}, not 18446744073709551616"),
        ("players", str(10**30), "field 'players' must be a whole number from 1 to 16, not"),
        (
            "decks",
            "[null, null]",
            "field 'decks' must be null, or one list per seat of at most 1,000 card ids "
            "(text), not null for seat 1",
        ),
        ("options", '{"redraw": {"a": [1]}}', "field 'options' must be an object of rule"),
        ("actions", '["' + "x" * 300 + '"]', "field 'actions' must be a list of at most"),
    ],
)
def test_a_replay_field_out_of_range_is_one_line(cli, tmp_path, saved, field, raw, message):
    path = write_replay(tmp_path, saved, raw, field)
    code, out, err = cli("replay", path)
    assert code == 2 and out == ""
    assert one_error_line(err).startswith(f"{path}: {message}")


def test_a_deeply_nested_replay_is_one_line(cli, tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000 + "]" * 200_000)
    code, out, err = cli("replay", path)
    assert code == 2 and out == ""
    assert one_error_line(err) == (
        f"{path} nests lists or objects too deeply: not a tcglab replay "
        "(a replay nests at most 8 deep)"
    )


@pytest.mark.parametrize("command", [("replay",), ("deck", "check", "pm")])
def test_unreadable_files_are_one_line(cli, tmp_path, monkeypatch, command):
    what = "replay" if command == ("replay",) else "deck list"
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"3 \xff\xfe\n")
    big = tmp_path / "big.txt"
    big.write_text("x" * 2_000)
    monkeypatch.setattr("tcglab.cli.decks.MAX_DECK_LIST_BYTES", 1_000)
    monkeypatch.setattr("tcglab.engine.replay.MAX_BYTES", 1_000)
    cases = [
        (tmp_path, f"cannot read {what} {tmp_path}: it is a folder; give a {what} file"),
        (bad, f"cannot read {what} {bad}: not UTF-8 text (byte 0xff at offset 2)"),
        (big, f"cannot read {what} {big}: it is larger than 1,000 bytes, the most a {what} may be"),
        (tmp_path / "none", f"cannot read {what} {tmp_path / 'none'}: No such file or directory"),
    ]
    for path, message in cases:
        code, out, err = cli(*command, path)
        assert code == 2 and out == ""
        assert one_error_line(err) == message


# -- deck lists ----------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["pm", "ps"])
@pytest.mark.parametrize("count", [str(10**23), "9" * 5000])
def test_an_enormous_card_count_is_a_problem_on_its_line(cli, tmp_path, game_id, count):
    card = next(iter(get_game(game_id).prebuilt_decks().values()))[0]
    path = tmp_path / "deck.txt"
    path.write_text(f"# my deck\n{count} {card}\n")
    code, out, err = cli("deck", "check", game_id, path)
    assert code == 1 and err == ""
    assert f"{path}: line 2: " in out and "Traceback" not in out


def test_a_deck_folder_given_to_play_is_one_line(cli, tmp_path):
    code, out, err = cli("sim", "pm", "--games", "1", "--deck", tmp_path, "--deck", tmp_path)
    assert code == 2 and out == ""
    assert one_error_line(err) == (
        f"cannot read deck list {tmp_path}: it is a folder; give a deck list file"
    )


def test_save_replay_to_a_folder_is_refused_before_playing(cli, tmp_path):
    code, out, err = cli("play", "higurashi", "--save-replay", tmp_path)
    assert code == 2 and out == ""
    assert one_error_line(err) == f"--save-replay takes a file name, and {tmp_path} is a folder"


# -- the terminal ---------------------------------------------------------------------------


def test_unreadable_bytes_typed_at_the_prompt_get_a_hint(cli, monkeypatch):
    answers = iter([UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte"), "q"])

    def answer(prompt=""):
        given = next(answers)
        if isinstance(given, Exception):
            raise given
        return given

    monkeypatch.setattr(builtins, "input", answer)
    code, out, err = cli("play", "higurashi", "--players", "2", "--seed", "1")
    assert code == 0 and err == ""
    assert "That was not readable text: type a number from 1 to" in out
    assert "You left the game after" in out


# -- a defect of tcglab itself ---------------------------------------------------------------


def broken_registry():
    raise RuntimeError("the registry fell over\nsecond line")


def test_a_bug_is_one_line_that_says_so_with_exit_status_1(cli, monkeypatch):
    monkeypatch.delenv("TCGLAB_DEBUG", raising=False)
    monkeypatch.setattr("tcglab.cli.games.registered_games", broken_registry)
    code, out, err = cli("games")
    assert code == 1 and out == ""
    text = one_error_line(err, "tcglab: internal error: ")
    assert text.startswith("RuntimeError: the registry fell over\\nsecond line -- this is a bug")
    assert "please report it with the command you ran (TCGLAB_DEBUG=1 shows" in text


def test_tcglab_debug_shows_the_trace_of_a_bug(cli, monkeypatch):
    monkeypatch.setenv("TCGLAB_DEBUG", "1")
    monkeypatch.setattr("tcglab.cli.games.registered_games", broken_registry)
    code, _, err = cli("games")
    assert code == 1
    assert "Traceback (most recent call last)" in err and "broken_registry" in err
    assert err.splitlines()[-1].startswith("tcglab: internal error: RuntimeError: ")


# -- dice notation ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("expression", "why"),
    [
        ("1+3D", "it must start with its dice, nD"),
        ("+1+3D", "it must start with its dice, nD"),
        ("3D+100", "each modifier and boost has at most 2 digits"),
        ("003D", "the number of dice has at most 2 digits"),
        ("11D", "dice must total 1 to 10, not 11"),
        ("0D", "dice must total 1 to 10, not 0"),
        ("3D-1D", "dice cannot be subtracted"),
        ("3D*2", "after 3D come only +mD, +a or -a, not '*2'"),
        ("", "it is empty"),
    ],
)
def test_odds_takes_only_the_documented_notation_and_says_why(cli, expression, why):
    code, out, err = cli("odds", "pgt", expression, "--target", "8")
    assert code == 2 and out == ""
    assert one_error_line(err) == (
        f"cannot read dice expression {expression!r}: {why}; expected something like 3D+1 "
        "or 3D+2D-4"
    )


@pytest.mark.parametrize("target", ["0", "-5", "1000", "99999999999999999999999"])
def test_odds_refuses_a_target_out_of_range(cli, target):
    code, out, err = cli("odds", "pgt", "3D", "--target", target)
    assert code == 2 and out == ""
    assert one_error_line(err, "tcglab odds: error: ").startswith(
        f"argument --target: expected a whole number from 1 to 999, not {target!r}"
    )


@pytest.mark.parametrize("flag", [["--json"], ["--target", "8"]])
def test_odds_chart_refuses_what_it_would_ignore(cli, flag):
    code, out, err = cli("odds", "pgt", "3D+1", "--chart", *flag)
    assert code == 2 and out == ""
    assert one_error_line(err) == (
        f"--chart prints a table for every target from 2 to 30, so it does not go with "
        f"{flag[0]}; for one target give an expression and --target T"
    )


def test_odds_chart_is_of_the_expression_given(cli):
    code, out, err = cli("odds", "pgt", "3D+1", "--chart")
    assert code == 0 and err == ""
    assert "| T | 1D+1 | 2D+1 | 3D+1 | best k |" in out
    code, out, _ = cli("odds", "pgt", "--chart")
    assert "| T | 1D | 2D | 3D | 4D | 5D | best k |" in out


def test_the_odds_help_spells_out_the_notation(cli):
    code, out, _ = cli("odds", "--help")
    assert code == 0
    text = " ".join(out.split())
    assert "nD (roll up to n dice), then any number of +mD" in text
    assert "1 to 10 dice in all, numbers of at most 2 digits" in text
