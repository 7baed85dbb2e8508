"""What the environments work out once and then reuse. The AEC environment observes once
per agent and position: asked again before anything changes (PettingZoo's `last()`,
then a learner) it gives what it gave; after a step, a reset, or for the other agent,
it observes anew and agrees with a fresh observation. The tensor's options block is
written once per setting of the rule options."""

from __future__ import annotations

from .helpers import need

need("pettingzoo")
np = need("numpy")

from tcglab.engine import get_game  # noqa: E402
from tcglab.rl import aec_env  # noqa: E402
from tcglab.rl.spaces import Spaces  # noqa: E402


def fresh(env, agent):
    """The agent's tensor and mask worked out from nothing, as a check."""
    seat = env._seats[agent]
    state = env.state
    legal = env._legal if seat == state.to_move else {}
    return env.spaces.tensor(state.observe(seat)), env.spaces.mask(state, legal)


def assert_fresh(env, agent):
    found = env.observe(agent)
    tensor, mask = fresh(env, agent)
    assert np.array_equal(found["observation"], tensor)
    assert np.array_equal(found["action_mask"], mask)


def test_a_second_look_at_the_same_position_is_the_same_observation():
    env = aec_env("pm")
    env.reset(seed=2)
    agent = env.agent_selection
    assert env.observe(agent) is env.observe(agent)


def test_every_step_reset_and_agent_observes_anew():
    env = aec_env("pm")
    rng = np.random.default_rng(4)
    for seed in (5, 6):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            for someone in env.agents:
                assert_fresh(env, someone)
            obs, _, done, cut, _ = env.last()
            if done or cut:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            assert_fresh(env, agent)


def test_the_options_block_follows_each_setting():
    spaces = Spaces(get_game("pm"))
    block = {name: (at, option) for name, at, option in spaces._options}
    for options in ({}, {"value_order": "layers", "redraw": False}, {"approaches": "once"}):
        state = get_game("pm").new_state(1, options=options)
        tensor = spaces.tensor(state.observe(0))
        for name, value in state.options.items():
            if name not in block:
                continue
            at, option = block[name]
            if option.choices:
                width = len(option.choices)
                assert tensor[at + option.choices.index(value)] == 1.0
                assert tensor[at : at + width].sum() == 1.0
            elif isinstance(option.default, bool):
                assert tensor[at] == float(value), name


def test_two_observations_never_share_a_mask():
    env = aec_env("ps")
    env.reset(seed=3)
    mover, other = env.agent_selection, next(a for a in env.agents if a != env.agent_selection)
    first = env.observe(mover)["action_mask"]
    env.observe(other)  # another agent in between: the mover is observed anew
    again = env.observe(mover)["action_mask"]
    assert again is not first and np.array_equal(again, first)
    first[:] = 0  # a learner writing into one mask leaves the other as it was
    assert again.any()
    assert not np.shares_memory(first, again)


def test_an_action_is_taken_as_a_plain_int_or_a_numpy_integer_alike():
    plain, numpy_ints = aec_env("pm"), aec_env("pm")
    for env, cast in ((plain, int), (numpy_ints, np.int64)):
        env.reset(seed=8)
        for _ in range(40):
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(cast(np.flatnonzero(mask)[-1]))
    assert plain.state.history == numpy_ints.state.history


def test_agent_iter_stops_after_max_iter_and_counts_anew_each_loop():
    env = aec_env("ps")
    env.reset(seed=1)
    agents = env.agent_iter(max_iter=3)
    seen = []
    for agent in agents:
        seen.append(agent)
        mask = env.observe(agent)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    assert len(seen) == 3
    assert len(list(zip(agents, range(10), strict=False))) == 3  # a second loop: 3 again
