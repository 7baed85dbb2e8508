"""examples/maskable_ppo.py: Stable-Baselines3's MaskablePPO learns through tcglab's
Gymnasium environment. A short run on Princess Scramble must beat `random`; every game
and seat count trains and plays through it; bad options stop it in one line. Skipped
with the reason when the sb3 extra is missing (CI installs it)."""

from __future__ import annotations

import pytest

import scripts

pytest.importorskip(
    "sb3_contrib", reason="the sb3 extra is not installed (pip install tcglab[sb3])"
)


def run(*args: str) -> dict:
    return scripts.load("examples/maskable_ppo.py").main(list(args))


def test_a_short_run_beats_random():
    """20,480 decisions against `random` (about ten seconds), then 100 games with the
    greedy network, its seat taking both seats in turn."""
    report = run("--game", "ps", "--opponent", "random", "--steps", "20480", "--games", "100")
    assert report["training_steps"] >= 20480
    assert report["vs_random"]["wins"] >= 80, report


@pytest.mark.parametrize(
    ("game", "players"), [("higurashi", 3), ("higurashi", 5), ("pgt", 2), ("pgt", 4), ("pm", 2)]
)
def test_every_game_trains_and_plays_to_the_end(game, players):
    """A few rollouts, then games played greedily to their end: a greedy network may
    prefer one choice for ever, and every game must still end (no endless take-backs)."""
    report = run(
        *("--game", game, "--players", str(players), "--opponent", "random"),
        *("--steps", "64", "--envs", "2", "--games", str(players)),
    )
    assert report["game"] == game
    assert report["vs_random"]["games"] == players
    assert 0 <= report["vs_random"]["wins"] <= players


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--game", "chess"], "unknown game 'chess'; games: higurashi, pgt, pm, ps"),
        (["--game", "ps", "--players", "3"], "players"),
        (["--opponent", "nobody"], "argument --opponent:"),
        (["--against", "random", "nobody"], "argument --against:"),
        (["--envs", "0"], "argument --envs: expected a whole number above 0, not '0'"),
    ],
)
def test_bad_options_stop_before_training(capsys, args, says):
    with pytest.raises(SystemExit) as stopped:
        run(*args)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err


def test_workers_run_the_games_in_their_own_processes():
    report = run("--game", "ps", "--steps", "64", "--envs", "2", "--workers", "--games", "2")
    assert report["training_steps"] >= 64
