"""ISMCTS: finds known best moves, keeps to its budget, is reproducible, and never
looks at what its seat may not see."""

import pytest

from tcglab.agents import Decision, ismcts
from tcglab.agents.ismcts import IsmctsAgent
from tcglab.agents.specs import make_agent
from tcglab.engine import Rng, get_game

from .toy_games import DUEL, GAMBLE, CoinDuelGame, HighCardGame, TreeGame


class SeatView:
    """Exactly what an agent is promised, and nothing else: no way to reach the state."""

    def __init__(self, decision: Decision) -> None:
        self.seat, self.legal, self.players = decision.seat, decision.legal, decision.players
        self.observation, self.glance = decision.observation, decision.glance
        self.samples = 0
        self._sample = decision.sample

    def sample(self, rng):
        self.samples += 1
        return self._sample(rng)


def test_finds_the_ninety_percent_gamble():
    state = TreeGame(GAMBLE).new_state(1)
    for seed in range(5):
        agent = IsmctsAgent(seed=seed, iterations=300)
        assert agent.choose(Decision(state)).id == "bold"


def test_plans_for_the_opponents_best_answer():
    # "left" holds the best leaf (80), but seat 2 would answer with 30; "right" keeps 50.
    state = TreeGame(DUEL).new_state(1)
    agent = IsmctsAgent(seed=3, iterations=2000, exploration=0.5)
    assert agent.choose(Decision(state)).id == "right"


def test_an_answer_after_a_roll_is_scored_for_the_seat_that_gives_it():
    # After the coin either seat may answer with the same ids; "go" is worth 50%.
    state = CoinDuelGame().new_state(1)
    for seed in range(3):
        agent = IsmctsAgent(seed=seed, iterations=600)
        assert agent.choose(Decision(state)).id == "stay"


@pytest.mark.parametrize("tree, best", [(GAMBLE, "bold"), (DUEL, "right")])
def test_paired_roots_find_the_best_move(tree, best):
    state = TreeGame(tree).new_state(1)
    agent = IsmctsAgent(seed=2, iterations=1200, exploration=0.5, paired=True)
    assert agent.choose(Decision(state)).id == best


def test_paired_roots_keep_the_guides_choice_without_clear_evidence():
    state = TreeGame({"x": 50, "y": 52}).new_state(1)
    agent = IsmctsAgent(seed=1, iterations=60, paired=True, guide=Stubborn(), margin=3.0)
    assert agent.choose(Decision(state)).id == "x"
    state = TreeGame(GAMBLE).new_state(1)  # safe 50 against bold 90: clear enough
    agent = IsmctsAgent(seed=1, iterations=300, paired=True, guide=Stubborn())
    assert agent.choose(Decision(state)).id == "bold"


def test_paired_roots_are_reproducible_and_keep_the_budget():
    state = get_game("higurashi").new_state(4, 2)
    runs = []
    for _ in range(2):
        agent = make_agent("ismcts:iters=30,limit=5,rollout=heuristic,root=paired", state.game, 9)
        runs.append((agent.choose(Decision(state)).id, agent.last_iterations))
    assert runs[0] == runs[1]
    assert runs[0][1] <= 30 or runs[0][1] == 2 * len(state.legal_actions())


class Stubborn:  # a guide that always names the first action listed
    name = "stubborn"

    def choose(self, decision):
        return decision.legal[0]


# Eight wagers, the guide's ("a") among the worst; "f" is best by ten points.
WAGERS = {"a": 40, "b": 45, "c": 50, "d": 55, "e": 60, "f": 70, "g": 35, "h": 30}


def test_halving_finds_the_best_of_many_moves_and_spends_less_on_the_rest():
    state = TreeGame(WAGERS).new_state(1)
    for seed in range(3):
        agent = IsmctsAgent(seed=seed, iterations=800, paired=True, halving=True, guide=Stubborn())
        assert agent.choose(Decision(state)).id == "f"
        # Three phases of 266 playouts: 33 rounds of all eight, then 53 of five (the
        # better half and the guide's), then 66 of four (the better three and the guide's).
        assert agent.last_iterations == 33 * 8 + 53 * 5 + 66 * 4


def test_halving_keeps_the_guides_choice_without_clear_evidence():
    state = TreeGame({"x": 50, "y": 52, "z": 51}).new_state(1)
    agent = IsmctsAgent(
        seed=1, iterations=90, paired=True, halving=True, guide=Stubborn(), margin=3.0
    )
    assert agent.choose(Decision(state)).id == "x"


@pytest.mark.parametrize("root", ["ucb", "paired", "halving"])
def test_a_step_budget_caps_the_actions_played_and_is_reproducible(root):
    state = get_game("higurashi").new_state(4, 2)
    spec = f"ismcts:iters=5000,rollout=heuristic,root={root},steps=3000"
    runs = []
    for _ in range(2):
        agent = make_agent(spec, state.game, 9)
        runs.append((agent.choose(Decision(state)).id, agent.last_iterations, agent.last_steps))
    assert runs[0] == runs[1]
    _, playouts, steps = runs[0]
    assert 3000 <= steps < 3000 + 2 * steps / playouts * len(state.legal_actions()) * 3
    assert playouts < 5000


@pytest.mark.parametrize("players, steps, rounds", [(2, 32, 10), (3, 16, 5), (4, 10, 3), (5, 8, 2)])
def test_a_step_budget_ends_a_paired_search_inside_a_round_and_drops_that_round(
    players, steps, rounds
):
    # Every playout of GAMBLE is one action, so its three actions make a round of three:
    # a budget of 32 at two seats ends an eleventh round after two playouts and drops it.
    # At more seats it is shared among the rivals (an action of a playout costs more).
    state = TreeGame(GAMBLE).new_state(1, players)
    agent = IsmctsAgent(seed=1, iterations=3000, paired=True, steps=32)
    agent.choose(Decision(state))
    _, results = agent.last_rounds
    assert agent.last_steps == steps
    assert [len(shares) for shares in results.values()] == [rounds] * 3


def test_a_step_budget_keeps_two_rounds_however_small():
    state = TreeGame(GAMBLE).new_state(1)
    agent = IsmctsAgent(seed=1, iterations=3000, paired=True, steps=1)
    agent.choose(Decision(state))
    assert agent.last_steps == 6
    assert [len(shares) for shares in agent.last_rounds[1].values()] == [2] * 3


def test_high_card_swaps_a_low_card_and_keeps_a_high_one():
    game = HighCardGame()
    seen = {}
    for seed in range(40):
        state = game.new_state(seed)
        seen.setdefault(state.hands[0], state)
    for card in (1, 2, 8, 9):
        choice = IsmctsAgent(seed=1, iterations=400).choose(Decision(seen[card])).id
        assert choice == ("swap" if card <= 2 else "keep"), card


def test_iteration_budget_is_kept_and_reproducible():
    state = get_game("pm").new_state(4)
    runs = []
    for _ in range(2):
        agent = IsmctsAgent(seed=9, iterations=40, rollout_limit=20)
        view = SeatView(Decision(state))
        runs.append((agent.choose(view).id, view.samples, agent.last_iterations))
    assert runs[0] == runs[1]
    assert runs[0][1] == runs[0][2]
    assert 10 <= runs[0][1] <= 40


def test_a_clear_leader_ends_the_search_early():
    agent = IsmctsAgent(seed=2, iterations=2000)
    view = SeatView(Decision(TreeGame({"win": 100, "lose": 0}).new_state(1)))
    assert agent.choose(view).id == "win"
    assert view.samples < 2000


class TickingClock:
    """A clock that moves on by `step` seconds each time it is read, so a time budget
    comes to a known number of iterations whatever the machine's speed."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


def test_a_seconds_budget_stops_the_search_when_the_time_is_up(monkeypatch):
    # The clock is read once to set the deadline and once after each iteration: with
    # 0.25 s of each, a one-second budget runs out after the fourth iteration.
    monkeypatch.setattr(ismcts, "time", TickingClock(0.25))
    state = get_game("higurashi").new_state(2, 2)
    agent = IsmctsAgent(seed=1, iterations=0, seconds=1.0, rollout_limit=30)
    view = SeatView(Decision(state))
    agent.choose(view)
    assert agent.last_iterations == view.samples == 4


def test_a_forced_move_needs_no_search():
    state = TreeGame({"only": 50}).new_state(1)
    view = SeatView(Decision(state))
    assert IsmctsAgent(seed=1, iterations=100).choose(view).id == "only"
    assert view.samples == 0


def test_no_peeking_in_a_game_whose_samples_depend_only_on_the_seat_view():
    # Two true deals that seat 1 cannot tell apart: same own card, other cards differ.
    game = HighCardGame()
    base = next(game.new_state(s) for s in range(50) if game.new_state(s).hands[0] == 5)
    twins = [base.determinize(0, Rng(n)) for n in range(1, 9)]
    assert len({t.hands[1] for t in twins}) > 1
    assert all(t.observe(0) == base.observe(0) for t in twins)
    choices = set()
    for twin in twins:
        agent = IsmctsAgent(seed=4, iterations=60)
        choices.add((agent.choose(SeatView(Decision(twin))).id, agent.last_iterations))
    assert len(choices) == 1


class PeekingAgent:
    """A cheat that reads the true state through the Decision; the test below must
    catch agents like it."""

    def choose(self, decision):
        hidden = int(decision._state.digest()[:8], 16)
        return decision.legal[hidden % len(decision.legal)]


def _position(game_id: str, seed: int):
    """A state at a real choice, reached by the game's heuristic."""
    game = get_game(game_id)
    state = game.new_state(seed, 2)
    agents = [make_agent("heuristic", game, s) for s in range(2)]
    for _ in range(30):
        state.apply(agents[state.to_move].choose(Decision(state)))
    while len(state.legal_actions()) < 2:
        state.apply(agents[state.to_move].choose(Decision(state)))
    return state


@pytest.mark.parametrize("game_id", ["higurashi", "pgt", "pm", "ps"])
def test_no_peeking_in_every_game(game_id):
    state = _position(game_id, seed=7)
    seat = state.to_move
    one, two = state.determinize(seat, Rng(101)), state.determinize(seat, Rng(202))
    assert one.observe(seat) == two.observe(seat)
    assert one.digest() != two.digest()  # the hidden cards differ
    spec = "ismcts:iters=60,limit=10,rollout=heuristic"
    game = get_game(game_id)
    picks = [make_agent(spec, game, 5).choose(SeatView(Decision(t))).id for t in (one, two)]
    assert picks[0] == picks[1]


def test_the_peeking_check_catches_a_cheat():
    differs = False
    for game_id in ("higurashi", "pgt", "pm", "ps"):
        state = _position(game_id, seed=7)
        seat = state.to_move
        one, two = state.determinize(seat, Rng(101)), state.determinize(seat, Rng(202))
        cheat = [PeekingAgent().choose(Decision(t)).id for t in (one, two)]
        differs = differs or cheat[0] != cheat[1]
    assert differs


class Prefers:
    """A guide that names the first of its actions that is legal."""

    def __init__(self, *action_ids):
        self.action_ids = action_ids

    def choose(self, decision):
        ids = [a.id for a in decision.legal]
        return decision.legal[ids.index(next(i for i in self.action_ids if i in ids))]


def test_a_guides_choice_stands_on_little_evidence_and_falls_on_much():
    state = TreeGame(GAMBLE).new_state(1)
    short = IsmctsAgent(seed=1, iterations=5, guide=Prefers("safe"), bias=2.0)
    assert short.choose(Decision(state)).id == "safe"
    long = IsmctsAgent(seed=1, iterations=600, guide=Prefers("safe"), bias=2.0)
    assert long.choose(Decision(state)).id == "bold"


def test_replies_below_the_root_widen_from_the_guides_choice():
    # Seat 2's guide answers "b" and "c", the replies that suit seat 1. Only a search
    # that widens finds seat 2's real answers, "a" and "d", and so prefers "right".
    state = TreeGame(DUEL).new_state(1)
    guide = Prefers("left", "b", "c")
    narrow = IsmctsAgent(seed=2, iterations=3000, guide=guide, widen=0.0001)
    wide = IsmctsAgent(seed=2, iterations=3000, guide=guide, widen=0.5)
    assert narrow.choose(Decision(state)).id == "left"
    assert wide.choose(Decision(state)).id == "right"


def turn_generators(state, first: str, seed: int) -> dict[int, int]:
    """Play `first` and then the heuristic to the end under one TurnLuck; each turn's
    generator state as the turn began."""
    from tcglab.games.higurashi.agent import HigurashiAgent

    state = state.clone()
    state.apply(first)
    agent = HigurashiAgent(3)
    luck, starts = ismcts.TurnLuck(seed, (agent,)), {}
    while state.result is None:
        luck(state)
        starts.setdefault(state.turn, state.rng.state)
        state.apply(agent.choose(Decision(state)))
    return starts


def test_turn_luck_gives_every_turn_the_same_dice_whatever_came_before():
    # Two playouts that part at the root, one attacking and one ending the turn, roll
    # the same dice in every turn both reach: their difference is the move's alone.
    game = get_game("higurashi")
    state = game.new_state(4, 2)
    while not {"end", "attack 0"} <= {a.id for a in state.legal_actions()}:
        state.apply(game.heuristic_agent(1).choose(Decision(state)))
    attack, end = turn_generators(state, "attack 0", 9), turn_generators(state, "end", 9)
    shared = sorted(attack.keys() & end.keys())
    assert len(shared) >= 3
    assert all(attack[turn] == end[turn] for turn in shared)
    # another round's seed deals other luck, and each turn its own
    other = turn_generators(state, "end", 10)
    assert all(other[turn] != end[turn] for turn in shared)
    assert len(set(end.values())) == len(end)


def test_turn_luck_leaves_a_state_without_turns_on_its_one_stream():
    state = TreeGame(GAMBLE).new_state(1)
    stream = state.rng
    ismcts.TurnLuck(5, ())(state)
    assert state.rng is stream


def test_paired_roots_with_turn_luck_are_reproducible():
    state = get_game("higurashi").new_state(4, 2)
    spec = "ismcts:iters=30,rollout=heuristic,root=paired,widen=0.01,luck=turn"
    runs = []
    for _ in range(2):
        agent = make_agent(spec, state.game, 9)
        runs.append((agent.choose(Decision(state)).id, agent.last_iterations, agent.last_steps))
    assert runs[0] == runs[1] and runs[0][2] > 0


def test_a_depth_of_one_keeps_only_the_roots_actions_in_the_tree():
    # Below the depth every action is the rollout's, chosen afresh in each sample.
    state = get_game("higurashi").new_state(4, 2)
    shallow = make_agent("ismcts:iters=60,rollout=heuristic,depth=1", state.game, 3)
    root = shallow._search(Decision(state))
    assert len(root.children) > 1 and not any(e.children for e in root.children.values())
    deep = make_agent("ismcts:iters=60,rollout=heuristic", state.game, 3)
    assert any(e.children for e in deep._search(Decision(state)).children.values())


def test_the_higurashi_hard_level_shares_its_actions_among_three_rivals_at_four_seats():
    # The first decisions of a game play the longest playouts, more so with more seats:
    # unbounded, they took the hard level over 2 s at four seats (docs/ai.md, "More seats").
    game = get_game("higurashi")
    state = game.new_state(5, 4)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0].id)
    hard = make_agent("hard", game, 1)
    hard.choose(Decision(state))
    assert hard.budget(2) == 70_000 and hard.budget(4) == 23_333
    assert 23_333 <= hard.last_steps <= 23_333 + hard.rollout_limit
    _, results = hard.last_rounds
    assert len({len(shares) for shares in results.values()}) == 1  # the cut round dropped
