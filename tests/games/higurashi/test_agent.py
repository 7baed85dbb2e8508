"""The Higurashi heuristic agent: sensible choices from its own observation only."""

from tcglab.agents import Decision, RandomAgent
from tcglab.engine import get_game
from tcglab.games.higurashi.agent import HigurashiAgent

GAME = get_game("higurashi")


def play(agents, seed):
    state = GAME.new_state(seed, len(agents))
    while not state.over:
        state.apply(agents[state.to_move].choose(Decision(state)))
    return state


def test_beats_random_players_head_to_head():
    wins = 0.0
    games = 60
    for seed in range(games):
        seat = seed % 2
        agents = [HigurashiAgent(seed) if s == seat else RandomAgent(seed) for s in range(2)]
        result = play(agents, seed).result
        if seat in result.winners:
            wins += 1 / len(result.winners)
    assert wins / games >= 0.7


def test_is_reproducible_for_a_seed():
    first = play([HigurashiAgent(5), HigurashiAgent(6), HigurashiAgent(7)], seed=11)
    second = play([HigurashiAgent(5), HigurashiAgent(6), HigurashiAgent(7)], seed=11)
    assert first.history == second.history


def _at_decision(step_name, seed=0, players=2, limit=5000):
    """Play random games until a decision of the given step comes up."""
    for s in range(seed, seed + limit):
        state = GAME.new_state(s, players)
        chooser = RandomAgent(s)
        while not state.over:
            if state.stack and state.stack[-1][0] == step_name and state.to_move is not None:
                return state
            state.apply(chooser.choose(Decision(state)))
    raise AssertionError(f"no {step_name} decision found")


def test_always_counter_attacks_when_allowed():
    state = _at_decision("counter")
    assert HigurashiAgent(0).choose(Decision(state)).id == "counter"


def test_spends_a_die_modifier_only_when_it_turns_the_roll():
    state = _at_decision("window")
    kind, roller, actor, target, die, mod = state.roll
    decision = Decision(state)
    choice = HigurashiAgent(0).choose(decision).id
    if choice != "pass":
        card = state.cards.event(choice.split()[1])
        need = 4 if kind == "scout" else 7 - (state.attack(actor) - state.defence(target))
        total = die + mod
        if state.to_move == roller:
            assert total < need <= total + card.roll_change
        else:
            assert total + card.roll_change < need <= total
