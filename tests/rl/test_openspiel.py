"""The games as OpenSpiel Python games, checked by OpenSpiel's own tests and played by
its ISMCTS bot."""

from __future__ import annotations

import pytest

from .helpers import need

pyspiel = need("pyspiel")
np = need("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from tcglab.rl import register_openspiel  # noqa: E402

NAMES = register_openspiel()


def test_every_game_is_registered():
    assert NAMES == ["tcglab_higurashi", "tcglab_pgt", "tcglab_pm", "tcglab_ps"]
    assert register_openspiel() == NAMES  # a second call changes nothing
    game = pyspiel.load_game("tcglab_higurashi", {"players": 5})
    assert game.num_players() == 5
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game.get_parameters() == {"chance_limit": 36, "players": 5, "seed": 0}


@pytest.mark.parametrize("chance_limit", [36, 0])
@pytest.mark.parametrize(
    ("name", "players"),
    [
        ("tcglab_higurashi", 2),
        ("tcglab_higurashi", 4),
        ("tcglab_pgt", 2),
        ("tcglab_pgt", 3),
        ("tcglab_pm", 2),
        ("tcglab_ps", 2),
    ],
)
def test_openspiel_random_sim_test_passes(name, players, chance_limit):
    """With dice as chance nodes (36: up to two dice) and with every roll sampled."""
    game = pyspiel.load_game(name, {"players": players, "chance_limit": chance_limit})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_a_resampled_state_looks_the_same_to_its_seat(name):
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    for _ in range(40):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    while state.is_chance_node():  # a seat's decision, not a pending roll
        state.apply_action(int(rng.choice(state.legal_actions())))
    seat = state.current_player()
    sample = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.information_state_string(seat) == state.information_state_string(seat)
    assert np.array_equal(sample.observation_tensor(seat), state.observation_tensor(seat))
    assert sample.legal_actions() == state.legal_actions()
    sample.apply_action(sample.legal_actions()[0])  # a sample plays on
    assert state.history() != sample.history()


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_ismcts_bot_plays_a_whole_game(name):
    """OpenSpiel's ISMCTS (a small budget) plays seat 0, resampling through
    determinize; the other seats play at random."""
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(2)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 2, random_state=rng)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            moves += 1
        else:
            action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
    assert moves > 5
    returns = state.returns()
    assert abs(sum(returns)) < 1e-9 and max(returns) <= 1.0
