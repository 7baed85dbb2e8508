"""Root-parallel ISMCTS (`workers=N`): the budget shared out, the choice reproducible
for a seed and worker count, and the workers never handed the true state."""

import pickle

import pytest

from tcglab.agents import parallel
from tcglab.agents.base import Decision
from tcglab.agents.parallel import RootParallelAgent, shares
from tcglab.agents.specs import make_agent
from tcglab.engine import BadOption, get_game
from tcglab.engine.rng import Rng


def _decision_point(game_id: str, seed: int = 4):
    game = get_game(game_id)
    state, rng = game.new_state(seed, game.default_players), Rng(seed)
    while len(state.legal_actions()) < 3:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_budget_is_shared_out_as_evenly_as_it_goes():
    assert shares(10, 3) == [4, 3, 3]
    assert shares(100, 2) == [50, 50]
    assert sum(shares(401, 4)) == 401


def test_a_workers_spec_builds_a_root_parallel_search_with_each_share_a_single_search():
    agent = make_agent("ismcts:iters=90,rollout=heuristic,c=0.5,workers=3", get_game("ps"), 1)
    assert isinstance(agent, RootParallelAgent)
    assert agent.workers == 3 and agent.iterations == 90
    assert agent.spec_for(30) == "ismcts:rollout=heuristic,c=0.5,iters=30"
    budgeted = make_agent("ismcts:iters=90,steps=9000,workers=3", get_game("ps"), 1)
    assert budgeted.spec_for(30) == "ismcts:iters=30,steps=3000"  # each its share of both
    with pytest.raises(BadOption, match="workers takes a whole number from 1 to 64"):
        make_agent("ismcts:workers=0", get_game("ps"), 1)


def test_a_game_travels_to_a_worker_by_its_id_not_as_its_card_tables():
    game = get_game("pm")
    assert pickle.loads(pickle.dumps(game)) is game
    assert len(pickle.dumps(game)) < 200


def test_the_choice_is_reproducible_for_a_seed_and_worker_count(monkeypatch):
    state = _decision_point("ps")
    handed = []
    search = parallel._search

    def watched(spec, seed, sample):
        handed.append(sample)
        return search(spec, seed, sample)

    class InProcess:  # the workers' own function, run here so the test can watch it
        def submit(self, fn, *args):
            from concurrent.futures import Future

            done = Future()
            done.set_result(watched(*args))
            return done

    monkeypatch.setattr(parallel, "_pool", lambda workers: InProcess())
    spec = "ismcts:iters=40,rollout=random,limit=30,workers=2"
    first = make_agent(spec, state.game, 11).choose(Decision(state))
    again = make_agent(spec, state.game, 11).choose(Decision(state))
    assert first.id == again.id and first.id in {a.id for a in state.legal_actions()}
    # each worker searched a world drawn from the mover's view, never the true state
    assert handed and all(sample is not state for sample in handed)
    seat = state.to_move
    assert all(sample.observe(seat) == state.observe(seat) for sample in handed)


def test_two_real_worker_processes_choose_a_legal_action():
    state = _decision_point("higurashi")
    agent = make_agent("ismcts:iters=20,limit=20,workers=2", state.game, 5)
    action = agent.choose(Decision(state))
    assert action.id in {a.id for a in state.legal_actions()}
    assert 0 < agent.last_iterations <= 20  # a search may stop once the leader is safe
