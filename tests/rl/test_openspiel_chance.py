"""Dice as chance nodes in the OpenSpiel games (tcglab.engine.dice): each outcome is the
state the engine reaches with those faces, probabilities are exact, and a chance node
tells each seat only what it may know."""

from __future__ import annotations

import pytest

from tcglab.engine import get_game
from tcglab.engine.dice import Roll, Script, play
from tcglab.engine.rng import Rng

from .helpers import need

pyspiel = need("pyspiel")
np = need("numpy")

from tcglab.rl import register_openspiel  # noqa: E402

register_openspiel()


def random_rolls(game_id: str, seed: int, limit: int = 36):
    """Random play of one game: (state before, action id, what `play` made of it)."""
    state = get_game(game_id).new_state(seed)
    rng = Rng(seed + 1)
    while not state.over:
        action_id = rng.choice(state.legal_actions()).id
        after = play(state, action_id, limit)
        yield state, action_id, after
        if isinstance(after, Roll):
            after = rng.choice(after.outcomes)[2]
        state = after


@pytest.mark.parametrize(("game_id", "seed"), [("higurashi", 3), ("pgt", 5)])
def test_every_outcome_is_the_state_those_faces_lead_to(game_id, seed):
    rolls = 0
    for before, action_id, after in random_rolls(game_id, seed):
        if not isinstance(after, Roll):
            continue
        rolls += 1
        digest = before.digest()
        faces = [f for f, _, _ in after.outcomes]
        assert len(set(faces)) == len(faces)
        assert sum(p for _, p, _ in after.outcomes) == pytest.approx(1.0)
        # The faces the engine itself rolls lead to exactly the state it reaches
        # (several faces may lead to one state: a scout that needs 4 or more).
        plain = before.clone()
        plain.apply(action_id)
        natural = before.clone()
        natural.rng = script = Script(natural.rng)
        natural.apply(action_id)
        natural.rng = script.plain()
        assert (natural.digest(), natural.events_digest()) == (
            plain.digest(),
            plain.events_digest(),
        )
        outcome = dict((f, s) for f, _, s in after.outcomes)[tuple(script.shown)]
        assert (outcome.digest(), outcome.events_digest()) == (
            plain.digest(),
            plain.events_digest(),
        )
        # Any other faces: the state of the same action with those dice forced.
        for shown, _, outcome in after.outcomes:
            forced = before.clone()
            forced.rng.force(*shown)
            forced.apply(action_id)
            forced.rng = outcome.rng.clone()
            assert forced.digest() == outcome.digest()
            assert forced.events_digest() == outcome.events_digest()
            assert outcome.history[-1] == action_id
        assert before.digest() == digest  # trying every outcome changed nothing
    assert rolls > 5


def test_one_die_is_six_outcomes_and_two_dice_thirty_six():
    sizes = set()
    for seed in range(4):
        for _, _, after in random_rolls("pgt", seed):
            if isinstance(after, Roll):
                sizes.add(len(after.outcomes))
    assert sizes == {6, 36}  # a check rolls one die or more, as its roller chooses (PGT-11.4)


def test_a_roll_above_the_limit_is_rolled_by_the_engine():
    for before, action_id, after in random_rolls("pgt", 1, limit=6):
        assert not isinstance(after, Roll) or len(after.outcomes) <= 6
        if not isinstance(after, Roll):
            natural = before.clone()
            natural.apply(action_id)
            assert natural.digest() == after.digest()


@pytest.mark.parametrize("game_id", ["pm", "ps"])
def test_games_that_say_they_roll_no_dice_roll_none(game_id):
    assert get_game(game_id).rolls_dice is False
    state = get_game(game_id).new_state(2)
    rng = Rng(3)
    while not state.over:
        state.rng = script = Script(state.rng)
        state.apply(rng.choice(state.legal_actions()).id)
        assert script.sides == []


def first_chance_node(name: str, seed: int = 0, **params):
    game = pyspiel.load_game(name, params)
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    while not state.is_chance_node():
        assert not state.is_terminal()
        state.apply_action(int(rng.choice(state.legal_actions())))
    return game, state


def test_a_chance_node_in_openspiel_shows_faces_and_their_odds():
    game, state = first_chance_node("tcglab_higurashi")
    assert game.max_chance_outcomes() == 36
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == state.legal_actions() == list(range(6))
    assert [state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in outcomes] == [
        f"die: {face}" for face in range(1, 7)
    ]
    assert all(p == pytest.approx(1 / 6) for _, p in outcomes)
    state.apply_action(3)
    assert not state.is_chance_node()


def test_at_a_chance_node_only_the_seat_that_acted_knows_its_action():
    _, state = first_chance_node("tcglab_higurashi", seed=1)
    actor = state.held.roll.seat
    action_id = state.held.roll.action_id
    for seat in range(state.num_players()):
        text = state.information_state_string(seat)
        if seat == actor:
            assert text.endswith(f" | rolling for {action_id}")
        else:
            assert text.endswith(" | rolling") and action_id not in text.rsplit("|", 1)[1]
        # The tensor is the one before the action: the roll adds nothing hidden to it.
        assert np.array_equal(
            state.observation_tensor(seat),
            state.spaces.state_tensor(state.state, seat),
        )


@pytest.mark.parametrize("seat_is_actor", [True, False])
def test_a_resampled_chance_node_waits_for_a_roll_too(seat_is_actor):
    _, state = first_chance_node("tcglab_higurashi", seed=2)
    actor = state.held.roll.seat
    seat = actor if seat_is_actor else (actor + 1) % state.num_players()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(3):
        sample = state.resample_from_infostate(seat, sampler)
        assert sample.is_chance_node()
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        if seat_is_actor:
            assert sample.held.roll.action_id == state.held.roll.action_id
        sample.apply_action(sample.legal_actions()[0])  # a sample plays on
    assert state.is_chance_node()  # the state sampled from is untouched


def test_chance_limit_zero_samples_every_roll():
    game = pyspiel.load_game("tcglab_higurashi", {"chance_limit": 0})
    assert game.max_chance_outcomes() == 0
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        assert not state.is_chance_node()
        state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.parametrize("value", [-1, 1297])
def test_a_chance_limit_out_of_range_is_one_line_naming_the_range(value):
    with pytest.raises(Exception, match=r"chance_limit takes a whole number from 0 to 1296") as e:
        pyspiel.load_game("tcglab_pgt", {"chance_limit": value})
    assert "\n" not in str(e.value)
