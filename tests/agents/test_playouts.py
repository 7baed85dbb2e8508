"""The search's playouts take actions straight from the state's legal list
(`State.legal`, `State.take`): they must play exactly as `State.apply` with a
generator choice would, in every game, and leave the original of a clone untouched."""

import pytest

from tcglab.agents.ismcts import random_rollout
from tcglab.engine import Rng, get_game

GAMES = ("higurashi", "pgt", "pm", "ps")


def _mid_game(game_id: str, seed: int):
    game = get_game(game_id)
    state, rng = game.new_state(seed, game.default_players), Rng(seed)
    for _ in range(15):
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("limit", [7, 1000])
def test_a_random_playout_plays_as_apply_and_choice_would(game_id, limit):
    start = _mid_game(game_id, 3)
    ours, theirs = start.clone(), start.clone()
    ours_rng, theirs_rng = Rng(11), Rng(11)
    random_rollout(ours, ours_rng, limit)
    for _ in range(limit):
        if theirs.result is not None:
            break
        theirs.apply(theirs_rng.choice(theirs.legal_actions()))
    assert ours.history == theirs.history
    assert ours.digest() == theirs.digest()
    assert ours.events_digest() == theirs.events_digest()
    assert ours_rng.state == theirs_rng.state


@pytest.mark.parametrize("game_id", GAMES)
def test_taking_an_action_leaves_the_original_of_a_clone_alone(game_id):
    original = _mid_game(game_id, 5)
    before = (original.digest(), original.events_digest(), list(original.history))
    twin = original.clone()
    assert twin.legal == twin.legal_actions()
    twin.take(twin.legal[-1])
    assert twin.history[-1] == original.legal_actions()[-1].id
    assert (original.digest(), original.events_digest(), original.history) == before
