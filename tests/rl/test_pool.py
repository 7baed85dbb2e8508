"""A pool of games (`tcglab.rl.game_pool`): games handed to the learner as each is ready,
in this process or in worker processes, each playing exactly as one environment with
its seed does; bad calls refused in one line with nothing played."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from .helpers import need

np = need("numpy")
need("gymnasium")

from tcglab.engine import BadOption, IllegalAction  # noqa: E402
from tcglab.rl import game_pool, gym_env, pool  # noqa: E402
from tcglab.rl.aec import rewards as results  # noqa: E402
from tcglab.rl.selfplay import SelfPlay  # noqa: E402
from tcglab.rl.single import TcglabGym  # noqa: E402

try:
    import fcntl
except ImportError:  # not on this system: the test that shrinks pipes is skipped
    fcntl = None


def play(pool, steps: int) -> dict[int, list]:
    """Play through the pool until every game has shown `steps` observations, each game
    drawing its actions from its own generator (so a game's actions do not depend on
    which games came back together; a worker that starts later plays fewer); returns
    each game's record: (tensor, mask, reward, over, action, seat)."""
    rngs = {i: np.random.default_rng(100 + i) for i in range(pool.num_envs)}
    record: dict[int, list] = {i: [] for i in range(pool.num_envs)}
    pool.async_reset()
    played = 0
    while min(map(len, record.values())) < steps:
        assert played < 100 * steps * pool.num_envs, "a game of the pool never came back"
        obs, rewards, over, cut, info = pool.recv()
        assert not cut.any()
        actions = []
        for row, i in enumerate(info["env_id"].tolist()):
            mask = obs["action_mask"][row]
            action = int(rngs[i].choice(np.flatnonzero(mask))) if mask.any() else 0
            actions.append(action)
            shown = (obs["observation"][row].copy(), mask.copy(), rewards[row], over[row])
            record[i].append((*shown, action, info["seat"][row]))
        pool.send(actions, info["env_id"])
        played += len(actions)
    return record


def replay_alone(game_id: str, seed: int, steps: list, **kwargs) -> None:
    """One environment dealt from `seed` shows what the pool showed at every step."""
    env = gym_env(game_id, **kwargs)
    obs, _ = env.reset(seed=seed)
    reward, over = 0.0, False
    for tensor, mask, shown_reward, shown_over, action, seat in steps:
        assert seat == env.seat
        assert np.array_equal(obs["observation"], tensor)
        assert np.array_equal(obs["action_mask"], mask)
        assert (reward, over) == (shown_reward, shown_over)
        if over:  # the pool deals the next game from the environment's own generator
            (obs, _), reward, over = env.reset(), 0.0, False
        else:
            obs, reward, over, *_ = env.step(action)


@pytest.mark.parametrize("workers", [0, 2])
def test_every_game_of_a_pool_plays_as_one_environment_with_its_seed(workers):
    with game_pool("ps", 4, batch_size=2, workers=workers, seed=7, opponent="random") as pool:
        record = play(pool, 150)
    ends = sum(step[3] for steps in record.values() for step in steps)
    assert ends >= 4  # games ended and new ones were dealt
    assert {step[2] for steps in record.values() for step in steps if step[3]} <= {1.0, -1.0}
    for i, steps in record.items():
        replay_alone("ps", 7 + i, steps, opponent="random")


def test_a_game_that_ends_is_followed_by_a_new_deal():
    with game_pool("higurashi", 2, batch_size=1, players=3, opponent="random") as pool:
        obs, info = pool.reset()
        for _ in range(5000):
            mask = obs["action_mask"][0]
            obs, reward, over, _, info = pool.step([np.flatnonzero(mask)[0]], info["env_id"])
            if over[0]:
                break
        assert over[0] and -1.0 <= reward[0] <= 1.0 and not obs["action_mask"].any()
        ended = info["env_id"][0]
        while True:  # the other game may come back first
            mask = obs["action_mask"][0]
            action = np.flatnonzero(mask)[0] if mask.any() else 0  # any, after an end
            obs, reward, over, _, info = pool.step([action], info["env_id"])
            if info["env_id"][0] == ended:
                break
        assert obs["action_mask"][0].any() and reward[0] == 0.0 and not over[0]


def test_an_illegal_index_is_refused_and_nothing_is_played():
    with game_pool("pm", 2, opponent="random", seed=3) as pool:
        obs, info = pool.reset()
        masks = obs["action_mask"]
        illegal = int(np.flatnonzero(masks[0] == 0)[0])
        legal = [int(np.flatnonzero(m)[0]) for m in masks]
        game = int(info["env_id"][0])
        with pytest.raises(IllegalAction, match=rf"index {illegal} is not legal in game {game}; "):
            pool.send([illegal, legal[1]], info["env_id"])
        with pytest.raises(IllegalAction):
            pool.send([legal[0], 1.5], info["env_id"])
        # both games still wait for their actions, and take legal ones
        obs, _, _, _, info = pool.step(legal, info["env_id"])
        assert sorted(info["env_id"].tolist()) == [0, 1]


def test_calls_out_of_turn_are_refused_in_one_line():
    with game_pool("ps", 3, batch_size=2, opponent="random") as pool:
        obs, info = pool.reset()
        waiting = sorted(info["env_id"].tolist())
        other = ({0, 1, 2} - set(waiting)).pop()
        action = int(np.flatnonzero(obs["action_mask"][0])[0])
        with pytest.raises(BadOption, match=f"game {other} is not waiting for an action"):
            pool.send([action], [other])
        with pytest.raises(BadOption, match="env_id takes a whole number from 0 to 2, not 5"):
            pool.send([action], [5])
        with pytest.raises(BadOption, match="one action per env_id"):
            pool.send([action], info["env_id"])
        first = info["env_id"][:1]
        pool.send([action], first)
        pool.recv()  # the third game and the one just sent: nothing is left playing
        with pytest.raises(BadOption, match="recv waits for 2 games but 0 are playing; call send"):
            pool.recv()
    fresh = game_pool("ps", 2, opponent="random")
    with pytest.raises(BadOption, match="but 0 are playing; call async_reset first"):
        fresh.recv()  # nothing dealt yet


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"num_envs": 0}, "num_envs takes a whole number from 1, not 0"),
        ({"num_envs": 2, "batch_size": 3}, "batch_size takes a whole number from 1 to 2, not 3"),
        ({"num_envs": 2, "workers": 3}, "workers takes a whole number from 0 to 2, not 3"),
        ({"num_envs": 2, "opponent": "genius"}, "unknown agent 'genius'"),
        ({"num_envs": 2, "seat": 2}, "seat takes a whole number from 0 to 1, not 2"),
    ],
)
def test_a_pool_that_cannot_be_built_says_why(kwargs, message):
    with pytest.raises(BadOption, match=message):
        game_pool("ps", **kwargs)


def test_a_worker_that_dies_is_reported_not_waited_for():
    pool = game_pool("ps", 2, batch_size=2, workers=2, opponent="random")
    obs, info = pool.reset()
    pool._processes[0].kill()
    pool._processes[0].join()
    actions = [int(np.flatnonzero(m)[0]) for m in obs["action_mask"]]
    with pytest.raises(RuntimeError, match=r"pool ended unexpectedly \(exit code -9\)"):
        pool.step(actions, info["env_id"])
    with pytest.raises(BadOption, match="this pool is closed"):
        pool.recv()


@pytest.mark.parametrize("workers", [0, 2])
def test_a_reset_while_games_are_playing_deals_them_all_again(workers):
    with game_pool("ps", 4, batch_size=2, workers=workers, seed=5, opponent="random") as pool:
        first, info = pool.reset()
        actions = [int(np.flatnonzero(m)[0]) for m in first["action_mask"]]
        pool.send(actions, info["env_id"])  # two games playing, two shown and not answered
        pool.async_reset()
        shown = {}
        for _ in range(2):
            obs, rewards, over, _, info = pool.recv()
            assert not over.any() and not rewards.any()
            shown.update(zip(info["env_id"].tolist(), obs["observation"], strict=True))
        assert sorted(shown) == [0, 1, 2, 3]  # every game once, each its first deal again
        for i, tensor in shown.items():
            alone, _ = gym_env("ps", opponent="random").reset(seed=5 + i)
            assert np.array_equal(alone["observation"], tensor)


@pytest.mark.parametrize("workers", [0, 2])
def test_in_self_play_every_seat_is_the_learners(workers):
    """Each row shows the seat that must decide, from that seat's view alone; at an end
    every seat's reward comes in one row; and each game plays as one `SelfPlay` with its
    seed."""
    with game_pool("higurashi", 3, workers=workers, seed=11, self_play=True, players=3) as pool:
        assert pool.self_play
        record = play(pool, 400)
    seats_seen, ends = set(), 0
    for i, steps in record.items():
        alone = SelfPlay("higurashi", players=3)
        obs, _ = alone.reset(seed=11 + i)
        for tensor, mask, reward, over, action, seat in steps:
            state = alone.state
            assert seat == (alone.seat if over else state.to_move)
            assert np.array_equal(tensor, alone.spaces.state_tensor(state, seat))
            assert np.array_equal(tensor, obs["observation"])
            assert np.array_equal(mask, obs["action_mask"])
            if over:
                ends += 1
                assert list(reward) == results(state.result, 3)
                obs, _ = alone.reset()
            else:
                assert not reward.any() and mask.any()
                seats_seen.add(int(seat))
                obs, *_ = alone.step(action)
    assert seats_seen == {0, 1, 2}
    assert ends >= 1


def test_self_play_takes_no_opponent():
    with pytest.raises(BadOption, match="self_play plays every seat: it takes no opponent"):
        game_pool("ps", 2, self_play=True, opponent="random")
    with pytest.raises(BadOption, match="self_play takes True or False, not 'yes'"):
        game_pool("ps", 2, self_play="yes")


def test_self_play_refuses_an_illegal_index_and_plays_nothing():
    alone = SelfPlay("ps")
    obs, _ = alone.reset(seed=1)
    before = len(alone.state.history)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match=f"index {illegal} is not a legal action for seat"):
        alone.step(illegal)
    assert len(alone.state.history) == before


def test_without_ids_the_actions_go_to_the_games_of_the_last_recv():
    with game_pool("ps", 3, opponent="random", seed=4) as pool:
        obs, info = pool.reset()
        order = info["env_id"].tolist()
        actions = [int(np.flatnonzero(m)[0]) for m in obs["action_mask"]]
        obs, _, _, _, info = pool.step(actions)  # as EnvPool's step(action) with every game
        assert sorted(info["env_id"].tolist()) == sorted(order)
        alone = gym_env("ps", opponent="random")
        alone.reset(seed=4 + order[0])
        after, *_ = alone.step(actions[0])
        row = info["env_id"].tolist().index(order[0])
        assert np.array_equal(obs["observation"][row], after["observation"])
        again = [int(np.flatnonzero(m)[0]) for m in obs["action_mask"]]
        pool.send(again)
        with pytest.raises(BadOption, match="is not waiting for an action; waiting: none"):
            pool.send(again)  # the same games twice


@pytest.mark.parametrize("workers", [0, 2])
def test_where_indices_are_not_checked_an_action_that_is_not_one_loses(workers):
    """With illegal="lose" the pool sends what it is given; a value that is no index (too
    large for any game) loses that game, as in one environment, and the other plays on."""
    with game_pool("ps", 2, workers=workers, opponent="random", illegal="lose") as games:
        obs, info = games.reset()
        ids = info["env_id"].tolist()
        actions = [
            int(np.flatnonzero(m)[0]) if i == 0 else 2**70
            for i, m in zip(ids, obs["action_mask"], strict=True)
        ]
        games.send(actions, ids)
        obs, rewards, over, _, info = games.recv()
        shown = dict(
            zip(
                info["env_id"].tolist(),
                zip(rewards.tolist(), over.tolist(), strict=True),
                strict=True,
            )
        )
        assert shown == {0: (0.0, False), 1: (-1.0, True)}


class Failing(TcglabGym):
    """A game with a defect: its third step raises."""

    steps = 0

    def step(self, action):
        self.steps += 1
        if self.steps == 3:
            raise ZeroDivisionError("a defect in the third step")
        return super().step(action)


def test_a_game_that_fails_in_a_worker_is_shown_with_its_trace(monkeypatch):
    monkeypatch.setattr(pool, "TcglabGym", Failing)  # the pool's games, in its worker
    games = game_pool("ps", 1, workers=1, opponent="random")
    obs, _ = games.reset()
    with pytest.raises(RuntimeError, match="game 0 failed in its worker") as failed:
        for _ in range(3):
            obs, *_ = games.step([int(np.flatnonzero(obs["action_mask"])[0])])
    assert "ZeroDivisionError: a defect in the third step" in str(failed.value)
    with pytest.raises(BadOption, match="this pool is closed"):
        games.recv()


@pytest.mark.skipif(not hasattr(fcntl, "F_SETPIPE_SZ"), reason="pipe sizes are set on Linux")
def test_a_worker_with_more_games_than_its_pipes_hold_plays_them_all():
    """The commands for a worker's games outgrow its pipe (shrunk here to one page, 315
    commands, from 64 KiB) while its results fill the other: the learner takes results in
    as it waits, so neither side waits for the other for ever."""
    shown = []

    def play():
        with game_pool("ps", 1000, workers=1, opponent="random") as games:
            for link in games._links[0]:
                fcntl.fcntl(link.fileno(), fcntl.F_SETPIPE_SZ, 4096)
            obs, info = games.reset()
            for _ in range(2):
                actions = [int(np.flatnonzero(m)[0]) for m in obs["action_mask"]]
                obs, _, _, _, info = games.step(actions)
            shown.extend(info["env_id"].tolist())

    playing = threading.Thread(target=play, daemon=True)
    playing.start()
    playing.join(timeout=120)
    assert not playing.is_alive(), "the learner and the worker wait for each other"
    assert sorted(shown) == list(range(1000))


LEARNER = """
import numpy as np
from tcglab.rl import game_pool

if __name__ == "__main__":
    with game_pool("ps", 8, batch_size=4, workers=2, opponent="random") as pool:
        obs, info = pool.reset()
        print(*(process.pid for process in pool._processes), flush=True)
        while True:
            actions = [int(np.flatnonzero(m)[0]) if m.any() else 0 for m in obs["action_mask"]]
            obs, *_, info = pool.step(actions)
"""


def alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "State:\tZ" not in status  # a zombie has finished


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="processes are looked up in /proc")
def test_ctrl_c_stops_the_learner_and_its_workers_quietly(tmp_path):
    """Ctrl-C (SIGINT to the terminal's process group) while the learner steps: the
    learner stops with its KeyboardInterrupt as any script does, and its workers end
    without a traceback of their own."""
    script = tmp_path / "learner.py"
    script.write_text(LEARNER)
    learner = subprocess.Popen(
        [sys.executable, str(script)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own group, as a terminal's, for the signal
    )
    workers = [int(pid) for pid in learner.stdout.readline().split()]
    time.sleep(0.5)  # stepping
    os.killpg(learner.pid, signal.SIGINT)
    _, err = learner.communicate(timeout=60)
    assert err.count("Traceback") == 1 and err.rstrip().endswith("KeyboardInterrupt")
    stop = time.monotonic() + 10
    while any(map(alive, workers)) and time.monotonic() < stop:
        time.sleep(0.05)
    assert len(workers) == 2 and not any(map(alive, workers))
