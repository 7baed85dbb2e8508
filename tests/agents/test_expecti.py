"""The turn-level expectimax (`expecti`): weighs dice exactly, plays other seats'
replies by the guide, is reproducible, never looks at what its seat may not see, plays
legal moves in every game and refuses bad specs in one line."""

import pytest

from tcglab.agents import Decision
from tcglab.agents.expecti import ExpectiAgent
from tcglab.agents.specs import make_agent
from tcglab.engine import BadOption, Rng, get_game

from .test_ismcts import Prefers, SeatView, _position
from .toy_games import DUEL, GAMBLE, HighCardGame, TreeGame


def test_dice_are_weighed_exactly_so_one_world_is_enough():
    # Each leaf is settled by a 100-sided die: every face is weighed, none sampled.
    state = TreeGame(GAMBLE).new_state(1)
    for seed in range(5):
        agent = ExpectiAgent(seed=seed, worlds=1, depth=1, dice=1)
        assert agent.choose(Decision(state)).id == "bold"


def test_a_sampled_die_can_mislead_where_an_exact_one_cannot():
    # One sampled die per world: where it shows above 90 or below 51, bold looks no
    # better than safe, and the tie goes to the first listed.
    state = TreeGame(GAMBLE).new_state(1)
    exact = {ExpectiAgent(seed=s, worlds=1, dice=1).choose(Decision(state)).id for s in range(8)}
    sampled = {ExpectiAgent(seed=s, worlds=1, dice=0).choose(Decision(state)).id for s in range(8)}
    assert exact == {"bold"}
    assert sampled == {"safe", "bold"}


REPLIES = [(("left", "a", "d"), "right"), (("right", "b", "d"), "left")]


@pytest.mark.parametrize(("guide", "best"), REPLIES)
def test_another_seats_reply_within_the_turn_is_the_guides(guide, best):
    # The whole game is seat 1's turn, so seat 2 answers as its guide would.
    state = TreeGame(DUEL).new_state(1)
    agent = ExpectiAgent(seed=1, worlds=1, guide=Prefers(*guide), turn_owner=lambda s: 0)
    assert agent.choose(Decision(state)).id == best


def test_the_turns_end_is_scored_by_the_evaluation_from_the_movers_seat():
    # Without a turn owner, seat 2 to move ends seat 1's turn: "left" scores 0.7 for it.
    state = TreeGame(DUEL).new_state(1)
    seen = []

    def evaluate(s):
        seen.append(s.path[0])
        return [0.7, 0.3] if s.path[0] == "left" else [0.4, 0.6]

    agent = ExpectiAgent(seed=1, worlds=2, evaluate=evaluate)
    assert agent.choose(Decision(state)).id == "left"
    assert sorted(seen) == ["left", "left", "right", "right"] and agent.last_leaves == 4


def test_a_forced_move_needs_no_search():
    state = TreeGame({"only": 50}).new_state(1)
    view = SeatView(Decision(state))
    assert ExpectiAgent(seed=1).choose(view).id == "only"
    assert view.samples == 0


def test_it_searches_sampled_worlds_only():
    # Two true deals seat 1 cannot tell apart give the same choice from the same seed.
    game = HighCardGame()
    base = next(game.new_state(s) for s in range(50) if game.new_state(s).hands[0] == 5)
    twins = [base.determinize(0, Rng(n)) for n in range(1, 9)]
    assert len({t.hands[1] for t in twins}) > 1
    views = [SeatView(Decision(twin)) for twin in twins]
    choices = {ExpectiAgent(seed=4, worlds=6).choose(view).id for view in views}
    assert len(choices) == 1 and all(view.samples == 6 for view in views)


@pytest.mark.parametrize("game_id", ["higurashi", "pgt", "pm", "ps"])
def test_no_peeking_in_every_game(game_id):
    state = _position(game_id, seed=7)
    seat = state.to_move
    one, two = state.determinize(seat, Rng(101)), state.determinize(seat, Rng(202))
    assert one.observe(seat) == two.observe(seat) and one.digest() != two.digest()
    game = get_game(game_id)
    spec = "expecti:worlds=3,depth=1,dice=1"
    picks = [make_agent(spec, game, 5).choose(SeatView(Decision(t))).id for t in (one, two)]
    assert picks[0] == picks[1]


def test_reproducible_for_a_seed():
    state = _position("higurashi", seed=4)
    runs = []
    for _ in range(2):
        agent = make_agent("expecti:worlds=4,depth=2,dice=1,turns=2", state.game, 9)
        runs.append((agent.choose(Decision(state)).id, agent.last_leaves))
    assert runs[0] == runs[1] and runs[0][1] > 0


@pytest.mark.parametrize("game_id", ["higurashi", "pgt", "pm", "ps"])
def test_plays_legal_moves_in_every_game(game_id):
    game = get_game(game_id)
    state = game.new_state(3, 2)
    agents = [make_agent("expecti:worlds=1,depth=1,dice=1", game, 1), make_agent("random", game, 2)]
    for _ in range(60):
        if state.result is not None:
            break
        decision = Decision(state)
        action = agents[state.to_move].choose(decision)
        assert action.id in {a.id for a in decision.legal}
        state.apply(action)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("expecti:worlds=0", "expecti parameter worlds takes a whole number from 1 to 256"),
        ("expecti:depth=7", "expecti parameter depth takes a whole number from 1 to 6, not '7'"),
        ("expecti:depth=0", "expecti parameter depth takes a whole number from 1 to 6, not '0'"),
        ("expecti:dice=-1", "expecti parameter dice takes a whole number from 0 to 6, not '-1'"),
        ("expecti:turns=0", "expecti parameter turns takes a whole number from 1 to 6, not '0'"),
        ("expecti:worlds=2.5", "expecti parameter worlds takes a whole number from 1 to 256"),
        ("expecti:8", "expecti parameter '8' is not name=value; names: worlds, depth, dice,"),
        ("expecti:iters=5", "expecti has no parameter 'iters'; its parameters: worlds, depth,"),
        ("expecti:dice=1,dice=2", "expecti parameter dice is given twice; give each at most once"),
    ],
)
def test_bad_specs_say_what_is_accepted_in_one_line(spec, message):
    with pytest.raises(BadOption) as caught:
        make_agent(spec, get_game("higurashi"), 1)
    text = str(caught.value)
    assert text.startswith(message) and "\n" not in text and len(text) < 200


def test_specs_build_the_agent_they_name():
    agent = make_agent("expecti:worlds=5,depth=3,dice=0,turns=2", get_game("pm"), 1)
    assert isinstance(agent, ExpectiAgent)
    assert (agent.worlds, agent.depth, agent.dice, agent.turns) == (5, 3, 0, 2)
    assert agent.guide is not None and agent.evaluate is not None
