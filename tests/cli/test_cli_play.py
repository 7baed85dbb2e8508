"""`tcglab play`: the board from your seat, numbered choices, bad picks, quitting,
AI seats that see only a Decision, and the result at the end."""

import builtins
import io
import json
import re
import shlex

import pytest

from tcglab.agents import Decision


def feed(monkeypatch, text: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))


def pick_last(monkeypatch) -> list[str]:
    """Answer every prompt with its highest number; returns the prompts seen."""
    prompts = []

    def answer(prompt=""):
        prompts.append(prompt)
        return re.search(r"\(1-(\d+),", prompt).group(1)

    monkeypatch.setattr(builtins, "input", answer)
    return prompts


def test_bad_picks_get_a_message_and_a_new_prompt_then_q_quits(cli, monkeypatch):
    feed(monkeypatch, "abc\n0\n\n99\n2.5\nq\n")
    code, out, err = cli("play", "higurashi", "--players", "2", "--seed", "1")
    assert code == 0 and err == ""
    count = int(re.search(r"Your choice \(1-(\d+), q quits\)", out).group(1))
    hint = f"type a number from 1 to {count}, or q to quit."
    assert f"'abc' is not a number: {hint}" in out
    assert f"0 is not a choice: {hint}" in out
    assert f"Nothing typed: {hint}" in out
    assert f"99 is not a choice: {hint}" in out
    assert f"'2.5' is not a number: {hint}" in out
    assert out.count("Your choice (1-") == 6  # one prompt per line typed, no board redrawn
    assert "[you are P1]" in out and "Your choices:" in out
    assert "You left the game after" in out
    assert "This deal's seed was 1" in out


def test_end_of_input_leaves_cleanly(cli, monkeypatch):
    feed(monkeypatch, "")
    code, out, err = cli("play", "higurashi", "--players", "3", "--seed", "2")
    assert code == 0 and err == ""
    assert "You left the game after" in out


def test_a_whole_two_player_game_always_choosing_the_last_action(cli, monkeypatch):
    prompts = pick_last(monkeypatch)
    code, out, err = cli("play", "higurashi", "--players", "2", "--seed", "8")
    assert code == 0 and err == ""
    assert len(prompts) > 1
    assert out.count("[you are P1]") == len(prompts)  # one board per decision, from P1
    assert "[you are P2]" not in out and "[spectator]" not in out
    assert "Game over" in out
    assert re.search(r"Scores: P1 \(you\) \d+, P2 \d+\.", out)
    # P2's moves are told from P1's seat: its draws stay secret
    assert "P2 draws an event card" in out


def test_the_same_seed_deals_the_same_game(cli, monkeypatch):
    pick_last(monkeypatch)
    first = cli("play", "higurashi", "--players", "2", "--seed", "8")[1]
    second = cli("play", "higurashi", "--players", "2", "--seed", "8")[1]
    assert first == second


def test_typed_numbers_play_a_game_to_its_result(cli, countdown, monkeypatch):
    feed(monkeypatch, "1\n" * 20)
    code, out, err = cli("play", "countdown", "--option", "pile=5", "--seed", "3", "--ai", "easy")
    assert code == 0 and err == ""
    assert "Countdown (test game) · 2 players · rules: pile=5" in out
    assert "You are P1; P2 played by the easy AI." in out
    assert "   1. Take 1\n   2. Take 2\n" in out
    assert re.search(r"· P1 peeks at \d+\n", out)  # your own secret, shown to you
    assert "· P2 peeks at a secret number\n" in out  # the AI's secret, hidden from you
    assert re.search(r"· P2 takes [12], \d left\n", out)  # what the AI did
    assert "Game over: P" in out and "Scores: P1 (you) " in out


def test_ai_seats_are_given_only_a_decision(cli, countdown, greedy, monkeypatch):
    monkeypatch.setattr(countdown, "heuristic_agent", greedy)
    feed(monkeypatch, "1\n" * 20)
    code, out, _ = cli("play", "countdown", "--players", "3", "--seat", "2", "--ai", "heuristic")
    assert code == 0
    assert "You are P2; P1, P3 played by the heuristic AI." in out
    assert greedy.handed and all(isinstance(d, Decision) for d in greedy.handed)
    assert {d.seat for d in greedy.handed} <= {0, 2}


def test_heuristic_ai_for_a_game_without_one_exits_2(cli, countdown):
    code, out, err = cli("play", "countdown", "--ai", "heuristic")
    assert code == 2 and out == ""
    assert err == "tcglab: error: countdown has no heuristic agent; use random or ismcts\n"


def test_a_seat_beyond_the_players_exits_2(cli):
    code, _, err = cli("play", "higurashi", "--players", "2", "--seat", "3")
    assert code == 2
    assert err == "tcglab: error: --seat takes 1 to 2 for 2 players, not 3\n"


def test_ctrl_c_exits_130_with_one_line(cli, monkeypatch):
    def interrupt(prompt=""):
        raise KeyboardInterrupt

    monkeypatch.setattr(builtins, "input", interrupt)
    code, _, err = cli("play", "higurashi", "--seed", "4")
    assert code == 130
    assert err == "\ntcglab: interrupted\n"


def test_save_replay_then_it_replays_exactly(cli, monkeypatch, tmp_path):
    pick_last(monkeypatch)
    path = tmp_path / "mine.json"
    code, out, _ = cli("play", "higurashi", "--players", "2", "--seed", "5", "--save-replay", path)
    assert code == 0 and f"Replay written to {path}." in out
    code, out, _ = cli("replay", path)
    assert code == 0 and "reproduced exactly" in out


def test_save_replay_refuses_an_existing_file_unless_forced(cli, monkeypatch, tmp_path):
    path = tmp_path / "mine.json"
    path.write_text("{}")
    code, out, err = cli("play", "higurashi", "--save-replay", path)
    assert code == 2 and out == ""
    assert err == (
        f"tcglab: error: {path} already exists; give --save-replay a new file name, or add "
        "--force to overwrite it\n"
    )
    assert path.read_text() == "{}"
    feed(monkeypatch, "q\n")
    code, out, _ = cli("play", "higurashi", "--seed", "5", "--save-replay", path, "--force")
    assert code == 0 and f"Replay written to {path}." in out
    assert cli("replay", path)[0] == 0


def test_save_replay_into_a_missing_folder_fails_before_the_game(cli, tmp_path):
    path = tmp_path / "absent" / "mine.json"
    code, out, err = cli("play", "higurashi", "--save-replay", path)
    assert code == 2 and out == ""
    assert err == f"tcglab: error: cannot write to {path}: no folder {path.parent}\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "6"], "higurashi is played by 2 to 5 players, not 6"),
        (["--option", "colour=blue"], "higurashi has no rule option 'colour'; options: hand_limit"),
        (
            ["--option", "hand_limit=lots"],
            "option hand_limit takes a whole number from 1 to",
        ),
    ],
)
def test_bad_game_settings_exit_2_before_anything_is_shown(cli, args, message):
    code, out, err = cli("play", "higurashi", *args)
    assert code == 2 and out == ""
    assert err.startswith(f"tcglab: error: {message}") and err.count("\n") == 1


def test_a_pgt_match_is_best_of_three(cli, monkeypatch):
    """PGT-5.3 through the terminal: the person takes the first choice every time."""
    feed(monkeypatch, "1\n" * 5000)
    code, out, err = cli("play", "pgt", "--match", "--seed", "3", "--ai", "easy")
    assert code == 0 and err == ""
    assert "game 1:" in out and "game 2:" in out
    wins = re.search(r"Match: (P\d|nobody) wins, games \[(\d), (\d)\]", out)
    assert wins and max(int(wins.group(2)), int(wins.group(3))) == 2


def test_a_pgt_draft_table_ends_with_a_champion(cli, monkeypatch):
    """PGT-15: four drafters, the person among them, then the knockout tournament, all
    at one table; --draft 4 is the same table as --players 4."""
    feed(monkeypatch, "1\n" * 20000)
    code, out, err = cli("play", "pgt", "--draft", "4", "--seed", "4", "--ai", "easy")
    assert code == 0 and err == ""
    assert "a draft and tournament of 4" in out
    assert out.count("Your pack (9):") == 2  # a fresh pack in each of the two deals
    assert "Your picks (18):" in out and re.search(
        r"Game over: P\d( \(you\))? won \(champion\)", out
    )
    feed(monkeypatch, "1\n" * 20000)
    assert cli("play", "pgt", "--players", "4", "--seed", "4", "--ai", "easy")[1] == out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["pgt", "--draft", "2"], "a pgt draft is for 3 or 4 players, not 2"),
        (["pgt", "--draft", "3", "--players", "4"], "--draft 3 is a table of 3, not --players 4"),
        (
            ["higurashi", "--draft", "3"],
            "higurashi has no draft; it has: championship",
        ),
        (["pgt", "--match", "--players", "3"], "a pgt match is for 2 players, not 3"),
        (["pgt", "--match", "--draft", "4"], "--match and --draft are different formats"),
        (
            ["pm", "--championship", "2"],
            "pm has no championship; it has: single games only",
        ),
        (["pgt", "--match", "--save-replay", "m.json"], "--save-replay records one game or one"),
    ],
)
def test_a_format_the_game_does_not_have_is_a_clear_error(cli, args, message):
    code, out, err = cli("play", *args)
    assert code == 2 and out == ""
    assert err.startswith(f"tcglab: error: {message}") and err.count("\n") == 1


def test_a_match_for_a_game_without_match_rules_is_a_clear_error(cli):
    code, _, err = cli("play", "higurashi", "--match", "--seed", "1")
    has = "championship (tools: encoding, scenario)"
    assert code == 2 and err == f"tcglab: error: higurashi has no match; it has: {has}\n"


def test_a_higurashi_championship_through_the_terminal(cli, monkeypatch):
    """G4-2.6 / G4-GAP-13: three games agreed, scores added up, one champion (or the
    tied leaders play on)."""
    prompts = pick_last(monkeypatch)
    code, out, err = cli(
        "play", "higurashi", "--championship", "3", "--players", "3", "--seed", "5", "--ai", "easy"
    )
    assert code == 0 and err == "" and prompts
    assert "a championship of several games" in out
    line = r"^game (\d+)(?: \(.*playing\))?: .* won \((\w+)\), scores (\[.*\])$"
    played = re.findall(line, out, flags=re.M)
    assert [int(n) for n, _, _ in played][:3] == [1, 2, 3]
    totals = re.search(r"^Championship: (.+) (wins|share it), points \[(.*)\]\.$", out, re.M)
    assert totals, out[-500:]
    by_seat = [int(t) for t in totals.group(3).split(", ")]
    assert len(by_seat) == 3
    first_three = [json.loads(scores) for _, _, scores in played[:3]]
    if len(played) == 3:  # no decider: the totals are the three games' scores added up
        assert by_seat == [sum(game[s] for game in first_three) for s in range(3)]
        assert totals.group(1) == f"P{by_seat.index(max(by_seat)) + 1}"
    assert "The seed was 5" in out


def test_quitting_a_championship_leaves_it(cli, monkeypatch):
    feed(monkeypatch, "q\n")
    code, out, err = cli("play", "higurashi", "--championship", "2", "--players", "2")
    assert code == 0 and err == ""
    assert "You left the championship." in out


def test_japanese_choices_and_log(cli, monkeypatch):
    prompts = pick_last(monkeypatch)
    code, out, err = cli("play", "pm", "--seed", "4", "--lang", "ja")
    assert code == 0 and err == "" and prompts
    choices = re.findall(r"^\s+\d+\. (.+)$", out, flags=re.M)
    log = re.findall(r"^  · (.+)$", out, flags=re.M)
    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    assert choices and all(japanese.search(line) for line in choices)
    assert log and all(japanese.search(line) for line in log)


def test_an_unknown_language_is_refused(cli):
    code, _, err = cli("play", "pm", "--lang", "fr")
    assert code == 2 and "--lang" in err and "en" in err and "ja" in err


def test_a_lone_pass_is_made_for_you_unless_you_ask_for_full_control(cli, monkeypatch):
    prompts = pick_last(monkeypatch)
    code, out, _ = cli("play", "pm", "--seed", "5", "--ai", "easy")
    assert code == 0 and "(automatic) " in out
    automatic = out.count("(automatic) ")
    asked = len(prompts)
    prompts.clear()
    code, out, _ = cli("play", "pm", "--seed", "5", "--ai", "easy", "--full-control")
    assert code == 0 and "(automatic) " not in out
    assert len(prompts) == asked + automatic  # the same game, every pass now asked


def test_what_cannot_be_chosen_now_is_listed_with_its_reason(cli, monkeypatch):
    """After the numbered choices, the options the seat cannot take now (State.unavailable),
    unnumbered, each with the rules' reason under it."""
    feed(monkeypatch, "1\n" * 4 + "q\n")
    code, out, err = cli("play", "pm", "--seed", "3")
    assert code == 0 and err == ""
    listed = out[out.index("Not possible now:") :].splitlines()
    assert re.fullmatch(r"   - Play .+ \(\d+\)", listed[1]), listed[:3]
    assert listed[2].startswith("       ") and listed[2].strip()  # the reason under it
    assert out.index("Your choices:") < out.index("Not possible now:")


@pytest.mark.parametrize(
    ("args", "again"),
    [
        (["pgt", "--players", "4", "--seed", "3"], "tcglab play pgt --players 4 --seed 3"),
        (
            ["higurashi", "--players", "4", "--option", "bonus_rule=true", "--seat", "2",
             "--ai", "easy", "--seed", "5"],
            "tcglab play higurashi --players 4 --option bonus_rule=true --seat 2 --ai easy "
            "--seed 5",
        ),
        (
            ["pgt", "--draft", "3", "--seed", "8"],
            "tcglab play pgt --players 3 --seed 8",
        ),
        (
            ["pm", "--vs-deck", "academy-wall", "--deck", "harbor-rush", "--seed", "9"],
            "tcglab play pm --deck harbor-rush --deck academy-wall --seed 9",
        ),
    ],
)  # fmt: skip
def test_the_seed_hint_is_a_command_that_deals_the_same_game(cli, monkeypatch, args, again):
    feed(monkeypatch, "q\n")
    code, first, err = cli("play", *args)
    assert code == 0 and err == ""
    assert f"({again} deals it again)" in first
    feed(monkeypatch, "q\n")
    code, second, err = cli(*shlex.split(again)[1:])
    assert code == 0 and err == ""
    assert second == first
