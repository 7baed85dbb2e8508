"""The expectimax's work cap (`leaves=N`): the worlds searched are cut so that a
decision scores about N positions, reproducibly, from what the seat may see only; and
the Higurashi position value it scores them with."""

import pytest

from tcglab.agents import Decision
from tcglab.agents.expecti import ExpectiAgent
from tcglab.agents.specs import make_agent
from tcglab.engine import BadOption, Rng, get_game
from tcglab.games.higurashi import value_model
from tcglab.games.higurashi.agent import HigurashiAgent

from .test_ismcts import SeatView, _position
from .toy_games import DUEL, TreeGame

GAME = get_game("higurashi")


def _even(state):
    return [0.5, 0.5]


def test_the_cap_cuts_the_worlds_searched():
    # Two actions, one position each per world: a cap of 6 leaves three worlds of ten.
    state = TreeGame(DUEL).new_state(1)
    capped = SeatView(Decision(state))
    agent = ExpectiAgent(seed=1, worlds=10, evaluate=_even, leaves=6)
    agent.choose(capped)
    assert capped.samples == 3 and agent.last_leaves == 6


def test_a_cap_below_one_world_still_searches_one():
    state = TreeGame(DUEL).new_state(1)
    view = SeatView(Decision(state))
    agent = ExpectiAgent(seed=1, worlds=10, evaluate=_even, leaves=1)
    agent.choose(view)
    assert view.samples == 1 and agent.last_leaves == 2


def test_no_cap_searches_every_world():
    state = TreeGame(DUEL).new_state(1)
    view = SeatView(Decision(state))
    ExpectiAgent(seed=1, worlds=10, evaluate=_even).choose(view)
    assert view.samples == 10


def test_a_capped_search_is_reproducible_and_bounded():
    state = _position("higurashi", seed=4)
    runs = []
    for _ in range(2):
        agent = make_agent("expecti:worlds=16,depth=2,dice=1,leaves=60", GAME, 9)
        runs.append((agent.choose(Decision(state)).id, agent.last_leaves))
    assert runs[0] == runs[1]
    free = make_agent("expecti:worlds=16,depth=2,dice=1", GAME, 9)
    free.choose(Decision(state))
    assert 0 < runs[0][1] < free.last_leaves


def test_a_capped_search_never_peeks():
    state = _position("higurashi", seed=7)
    seat = state.to_move
    one, two = state.determinize(seat, Rng(101)), state.determinize(seat, Rng(202))
    assert one.observe(seat) == two.observe(seat) and one.digest() != two.digest()
    spec = "expecti:worlds=8,depth=2,dice=1,leaves=40"
    picks = [make_agent(spec, GAME, 5).choose(SeatView(Decision(t))).id for t in (one, two)]
    assert picks[0] == picks[1]


@pytest.mark.parametrize("raw", ["-1", "1.5", "1000001", "lots"])
def test_a_bad_cap_is_refused_in_one_line(raw):
    with pytest.raises(BadOption) as caught:
        make_agent(f"expecti:leaves={raw}", GAME, 1)
    text = str(caught.value)
    assert text.startswith("expecti parameter leaves takes a whole number from 0 to 1,000,000")
    assert "\n" not in text


def test_the_value_scores_positions_of_a_game_in_between_zero_and_one():
    state = GAME.new_state(5, 2)
    agents = [HigurashiAgent(1), HigurashiAgent(2)]
    seen = 0
    while not state.over:
        if seen % 7 == 0:
            chances = HigurashiAgent.value(state.observe(None))
            assert all(0.0 <= c <= 1.0 for c in chances)
            assert sum(chances) == pytest.approx(1.0)
        seen += 1
        state.apply(agents[state.to_move].choose(Decision(state)))
    assert len(value_model.WEIGHTS) == len(value_model.FEATURES) and seen > 7
