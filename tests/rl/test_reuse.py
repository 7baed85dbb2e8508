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
