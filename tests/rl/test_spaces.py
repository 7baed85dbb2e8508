"""The fixed action spaces and observation tensors of every game (tcglab.rl.spaces and
each game's `encoding` tool)."""

from __future__ import annotations

import pytest

from .helpers import TABLES, need, random_decisions

np = need("numpy")

from tcglab.engine import get_game  # noqa: E402
from tcglab.engine.rng import Rng  # noqa: E402
from tcglab.rl import game_spaces as spaces_of  # noqa: E402
from tcglab.rl.spaces import EncodingError  # noqa: E402

GAMES_PER_TABLE = {2: 12, 3: 5, 4: 3, 5: 2}  # random games per player count


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_every_legal_action_has_its_own_index_and_comes_back(game_id, players):
    spaces = spaces_of(game_id)
    games = 2 if game_id == "pgt" and players > 2 else GAMES_PER_TABLE[players]
    decisions = 0
    for seed in range(games):
        for state in random_decisions(game_id, players, seed):
            legal = spaces.legal(state)  # raises if two legal ids share an index
            ids = [a.id for a in state.legal_actions()]
            assert sorted(legal.values()) == sorted(ids)
            for action_id in ids:
                index = spaces.index(action_id)
                assert 0 <= index < spaces.num_actions
                assert spaces.action_id(state, index, legal) == action_id
            mask = spaces.mask(state, legal)
            assert mask.shape == (spaces.num_actions,) and mask.dtype == np.int8
            assert set(np.flatnonzero(mask)) == set(legal)
            decisions += 1
    assert decisions > 100


@pytest.mark.parametrize("game_id", ["higurashi", "pgt", "pm", "ps"])
def test_the_vocabulary_is_fixed_by_the_rules_and_cards(game_id):
    spaces = spaces_of(game_id)
    again = get_game(game_id).capability("encoding").run()
    assert len(set(spaces.actions)) == spaces.num_actions
    assert tuple(again.actions) == spaces.actions
    with pytest.raises(EncodingError, match="has no index"):
        spaces.index("no such action")


def test_each_game_opens_its_vocabulary_with_its_fixed_choices():
    assert spaces_of("higurashi").actions[:4] == ("end", "pass", "counter", "decline")
    assert spaces_of("pgt").actions[:3] == ("pass", "skip", "done")
    assert spaces_of("pm").actions[:2] == ("keep", "redraw")
    assert spaces_of("ps").actions[:2] == ("pass", "end")


def test_pm_splits_of_one_decision_are_named_by_what_the_first_approacher_gets():
    """PM-1.11.6: within one decision every split has the same total, so "allocate
    20/10" and "allocate 20/30" are the same choice (20 to the first) and share an
    index; all of it to the first is one index whatever the total."""
    spaces = spaces_of("pm")
    assert spaces.index("allocate 20/10") == spaces.index("allocate 20/30")
    assert spaces.index("allocate 0/30") != spaces.index("allocate 10/20")
    assert spaces.index("allocate 25/0") == spaces.index("allocate 40/0")
    with pytest.raises(EncodingError):
        spaces.index("allocate 1000/10")


def test_pgt_a_check_beyond_the_dice_vocabulary_says_so():
    spaces = spaces_of("pgt")
    assert spaces.actions[spaces.index("roll 60")] == "roll 60"
    with pytest.raises(EncodingError, match="'roll 61' has no index"):
        spaces.index("roll 61")


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_no_hidden_card_reaches_a_tensor(game_id, players):
    """A seat's tensor is the same in every state it cannot tell from the true one
    (determinize resamples every hidden card and the future dice)."""
    spaces = spaces_of(game_id)
    rng = Rng(7)
    checked = 0
    for n, state in enumerate(random_decisions(game_id, players, 3, limit=600)):
        if n % 25:
            continue
        for seat in range(players):
            mine = spaces.tensor(state.observe(seat))
            assert mine.shape == (spaces.size,) and mine.dtype == np.float32
            assert np.isfinite(mine).all()
            sample = state.determinize(seat, rng)
            assert np.array_equal(spaces.tensor(sample.observe(seat)), mine)
            assert np.array_equal(spaces.state_tensor(sample, seat), mine)
            assert spaces.info_state(sample.observe(seat)) == spaces.info_state(state.observe(seat))
            checked += 1
    assert checked >= players


@pytest.mark.parametrize("game_id", ["higurashi", "pgt", "pm", "ps"])
def test_the_tensor_follows_the_observation(game_id):
    """Equal observations give equal tensors; a seat's view of its own hand differs
    from its opponent's, and so do their tensors."""
    spaces = spaces_of(game_id)
    state = get_game(game_id).new_state(5, 2)
    rng = Rng(5)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    twin = state.clone()
    assert np.array_equal(spaces.tensor(state.observe(0)), spaces.tensor(twin.observe(0)))
    assert not np.array_equal(spaces.tensor(state.observe(0)), spaces.tensor(state.observe(1)))


@pytest.mark.parametrize("game_id", ["higurashi", "pgt", "pm", "ps"])
def test_the_layout_covers_the_tensor_block_by_block(game_id):
    spaces = spaces_of(game_id)
    at = 0
    for _name, start, length, what in spaces.layout:
        assert start == at and length >= 0 and what
        at += length
    assert at == spaces.size


@pytest.mark.parametrize("game_id", ["higurashi", "pm"])
def test_the_legal_indices_and_the_masks_bytes_come_from_one_pass(game_id):
    spaces = spaces_of(game_id)
    for state in random_decisions(game_id, 2, 4, limit=60):
        legal, flags = spaces.legal_and_flags(state)
        assert legal == spaces.legal(state)
        assert len(flags) == spaces.num_actions
        assert [i for i, flag in enumerate(flags) if flag] == sorted(legal)


def test_two_legal_actions_at_one_index_are_named():
    spaces = spaces_of("pm")
    state = get_game("pm").new_state(1)
    first = state.legal_actions()[0].id
    spaces._indexes = dict.fromkeys((a.id for a in state.legal_actions()), 7)
    with pytest.raises(EncodingError, match=f"'{first}' and .* share index 7"):
        spaces.legal_and_flags(state)
