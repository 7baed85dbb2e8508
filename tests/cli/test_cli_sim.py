"""`tcglab sim`: statistics, JSON, reproducibility, replays, agents and the safety cap."""

import json
from fractions import Fraction

import pytest

from tcglab.agents import Decision
from tcglab.engine import Result, get_game
from tcglab.sim import Tally, run_batch
from tcglab.sim.batch import seeds


def test_sim_text_reports_shares_actions_speed_and_reasons(cli):
    code, out, err = cli("sim", "higurashi", "--games", "12", "--seed", "3", "--players", "4")
    assert code == 0
    assert err == ""  # stderr is not a terminal here: no progress bar
    assert "higurashi: 12 games · 4 players · seed 3" in out
    for seat in ("P1", "P2", "P3", "P4"):
        assert f"\n{seat}    random" in out
    assert "mean actions per game:" in out
    assert "games/s" in out and "actions/s" in out
    assert "end reasons:" in out


def test_sim_json_is_one_object_whose_wins_add_up(cli):
    code, out, err = cli("sim", "higurashi", "--games", "15", "--seed", "9", "--json")
    assert code == 0 and err == ""
    summary = json.loads(out)  # the whole of stdout is one JSON object
    for key in (
        "games", "wins", "mean_actions", "games_per_s", "actions_per_s",
        "seed", "players", "reasons", "options", "agents", "win_shares",
    ):  # fmt: skip
        assert key in summary
    assert summary["games"] == 15 and summary["seed"] == 9 and summary["players"] == 3
    assert len(summary["wins"]) == 3
    assert sum(summary["wins"]) == pytest.approx(15)
    assert sum(summary["win_shares"]) == pytest.approx(1)
    assert sum(summary["reasons"].values()) == 15
    # The speeds come from the clock; what holds whatever it read is how they relate.
    per_game = summary["actions_per_s"] / summary["games_per_s"]
    assert summary["mean_actions"] > 0 and per_game == pytest.approx(summary["mean_actions"])
    assert summary["options"] == get_game("higurashi").resolve_options()


def test_sim_is_reproducible_from_its_seed(cli):
    def numbers(seed):
        code, out, _ = cli("sim", "higurashi", "--games", "6", "--seed", seed, "--json")
        assert code == 0
        summary = json.loads(out)
        return summary["wins"], summary["mean_actions"], summary["reasons"]

    assert numbers(4) == numbers(4)
    assert numbers(4) != numbers(5)


def test_sim_passes_rule_options_to_every_game(cli):
    code, out, _ = cli("sim", "higurashi", "--games", "5", "--option", "round_limit=1", "--json")
    assert code == 0
    summary = json.loads(out)
    assert summary["options"]["round_limit"] == 1
    assert set(summary["reasons"]) <= {"round_limit", "last_standing", "pile_empty"}
    assert summary["reasons"].get("round_limit", 0) >= 1


def test_shared_wins_count_one_over_k():
    tally = Tally("x", 0, 3, {}, ["random"] * 3)
    tally.add(Result((0, 2), (5, 1, 5), "tie"), 10, 0.5)
    tally.add(Result((1,), (0, 7, 2), "win"), 20, 0.5)
    assert tally.wins == [Fraction(1, 2), Fraction(1), Fraction(1, 2)]
    summary = tally.summary()
    assert summary["wins"] == [0.5, 1.0, 0.5]
    assert summary["mean_actions"] == 15
    assert summary["actions_per_s"] == 30
    assert summary["reasons"] == {"tie": 1, "win": 1}


def test_save_replays_then_each_replays_exactly(cli, tmp_path):
    folder = tmp_path / "new" / "replays"
    code, out, _ = cli("sim", "higurashi", "--games", "3", "--seed", "2", "--save-replays", folder)
    assert code == 0
    files = sorted(folder.iterdir())
    assert len(files) == 3
    assert f"replays: 3 files in {folder}" in out
    for path in files:
        code, out, err = cli("replay", path)
        assert code == 0, err
        assert "reproduced exactly:" in out


def test_save_replays_into_a_file_is_a_one_line_error(cli, tmp_path):
    blocker = tmp_path / "taken"
    blocker.write_text("not a folder")
    code, out, err = cli("sim", "higurashi", "--games", "1", "--save-replays", blocker)
    assert code == 2 and out == ""
    assert err.startswith(f"tcglab: error: cannot write to {blocker}")
    assert err.count("\n") == 1


def test_agents_per_seat_and_heuristic(cli, countdown, greedy, monkeypatch):
    monkeypatch.setattr(countdown, "heuristic_agent", greedy)
    code, out, _ = cli(
        "sim", "countdown", "--games", "20", "--agents", "heuristic,random", "--json",
        "--backend", "local",  # the agent is looked at in this process
    )  # fmt: skip
    assert code == 0
    summary = json.loads(out)
    assert summary["agents"] == ["heuristic", "random"]
    assert greedy.handed, "the heuristic seat was played"
    assert all(isinstance(d, Decision) for d in greedy.handed)


def test_agents_errors(cli, countdown):
    code, _, err = cli("sim", "countdown", "--agents", "heuristic")
    assert code == 2
    assert err == "tcglab: error: countdown has no heuristic agent; use random or ismcts\n"
    code, _, err = cli("sim", "countdown", "--agents", "random,random,random")
    assert code == 2 and "3 agents for 2 players" in err
    code, _, err = cli("sim", "countdown", "--agents", "genius")
    assert code == 2 and "unknown agent 'genius'; agents: random, heuristic" in err
    for nothing in ("", ",", " "):
        code, out, err = cli("sim", "countdown", "--agents", nothing)
        assert code == 2 and out == ""
        assert err == (
            "tcglab: error: --agents names 0 agents for 2 players; give one per seat or one "
            "for every seat\n"
        )


def test_a_runaway_game_is_an_error_naming_its_seed(cli, countdown):
    code, out, err = cli(
        "sim", "countdown", "--games", "2", "--option", "endless=true", "--max-actions", "50"
    )
    assert code == 2 and out == ""
    first_seed = next(seeds(0, 1, 2))[0]
    assert err == (
        f"tcglab: error: countdown game with seed {first_seed} (2 players) did not end "
        "within 50 actions; a larger --max-actions allows more\n"
    )


@pytest.mark.parametrize("backend", ["local", "processes"])
def test_a_run_stopped_by_an_error_leaves_no_half_written_folder(cli, tmp_path, backend):
    pytest.importorskip("pyarrow")
    code, out, err = cli(
        "sim", "higurashi", "--games", "3", "--max-actions", "5", "--backend", backend,
        "--records", tmp_path / "runs" / "new", "--save-replays", tmp_path / "replays",
    )  # fmt: skip
    assert code == 2 and out == ""
    assert err.startswith("tcglab: error: higurashi game with seed ") and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []  # no folder, no parent made for one, no temporary


def test_a_finished_run_puts_its_records_in_place(cli, tmp_path):
    pytest.importorskip("pyarrow")
    folder = tmp_path / "runs" / "pm"
    code, out, err = cli("sim", "pm", "--games", "2", "--records", folder)
    assert code == 0 and err == ""
    assert f"records: {folder} (tcglab report pm {folder} --out DIR)" in out
    assert sorted(p.name for p in folder.iterdir()) == [
        "cards.parquet",
        "games.parquet",
        "run.json",
    ]
    assert [p.name for p in tmp_path.iterdir()] == ["runs"]
    assert [p.name for p in (tmp_path / "runs").iterdir()] == ["pm"]


def test_a_stopped_run_leaves_a_folder_that_was_there_as_it_was(cli, tmp_path):
    kept = tmp_path / "replays"
    kept.mkdir()
    (kept / "notes.txt").write_text("mine")
    code, _, _ = cli("sim", "higurashi", "--games", "3", "--max-actions", "5",
                     "--save-replays", kept)  # fmt: skip
    assert code == 2
    assert [p.name for p in tmp_path.iterdir()] == ["replays"]
    assert [p.name for p in kept.iterdir()] == ["notes.txt"]
    code, out, _ = cli("sim", "higurashi", "--games", "2", "--save-replays", kept)
    assert code == 0 and f"replays: 2 files in {kept}" in out
    assert len(list(kept.iterdir())) == 3 and [p.name for p in tmp_path.iterdir()] == ["replays"]


def test_run_batch_gives_each_finished_game_to_a_callback():
    seen = []
    tally = run_batch(get_game("higurashi"), 3, 11, 2, on_game=lambda i, s: seen.append((i, s)))
    assert [i for i, _ in seen] == [0, 1, 2]
    assert all(state.over for _, state in seen)
    assert tally.actions == sum(len(state.history) for _, state in seen)


def test_sim_plays_many_championships(cli):
    """G4-2.6 through the game's championship format: each championship's winners
    share its win; its totals are points over its games."""
    args = ("sim", "higurashi", "--championship", "2", "--players", "2", "--games", "3")
    code, out, err = cli(*args, "--seed", "2", "--json")
    assert code == 0 and err == ""
    summary = json.loads(out)
    assert (summary["format"], summary["formats"], summary["players"]) == ("championship", 3, 2)
    assert sum(summary["wins"]) == pytest.approx(3)  # each is won, or shared by its leaders
    assert summary["mean_games"] >= 2  # two agreed, more while the lead is shared
    assert sum(summary["outcomes"].values()) == 3

    def played(text):
        return {k: v for k, v in json.loads(text).items() if k not in ("seconds", "formats_per_s")}

    assert played(cli(*args, "--seed", "2", "--json")[1]) == played(out)  # the same seed
    code, text, _ = cli(*args)
    assert "higurashi: 3 x championship · 2 players" in text
    assert "mean total" in text and "mean games per championship:" in text


def test_sim_plays_matches_and_draft_tables(cli):
    short = ("--option", "round_limit=2", "--json")
    code, out, _ = cli("sim", "pgt", "--match", "--games", "2", *short)
    assert code == 0
    summary = json.loads(out)  # PGT-5.3 each match is won with two games, if at all
    assert summary["format"] == "match" and max(summary["mean_totals"]) <= 2
    code, out, _ = cli("sim", "pgt", "--draft", "3", "--games", "1", *short)
    assert code == 0
    summary = json.loads(out)  # a draft table is one game of 3 players
    assert summary["games"] == 1 and summary["players"] == 3 and "champion" in summary["reasons"]


def test_sim_refuses_replays_of_a_format_of_several_games(cli, tmp_path):
    code, out, err = cli("sim", "pgt", "--match", "--save-replays", tmp_path)
    assert code == 2 and out == ""
    assert err == "tcglab: error: --save-replays writes single games or tables, not a match\n"


def test_counts_read_as_english(cli, tmp_path):
    code, out, _ = cli("sim", "pm", "--games", "1", "--save-replays", tmp_path / "r")
    assert code == 0
    assert out.startswith("pm: 1 game · 2 players") and f"replays: 1 file in {tmp_path}" in out
    code, out, _ = cli("sim", "higurashi", "--championship", "2", "--games", "2")
    assert code == 0 and "championships/s (" in out
    code, out, _ = cli("sim", "pgt", "--match", "--games", "2")
    assert code == 0 and "matches/s (" in out
    code, _, err = cli("sim", "pm", "--games", "1", "--deck", "harbor-rush")
    assert code == 2 and err == (
        "tcglab: error: 1 deck given (--deck, --vs-deck, --decks) for 2 seats; give one deck "
        "per seat\n"
    )
    code, _, err = cli("sim", "pm", "--games", "1", "--players", "3")
    assert code == 2 and err == "tcglab: error: pm is played by 2 players, not 3\n"
