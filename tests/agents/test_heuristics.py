"""The games' heuristic agents: they exist for every game, decide from the Decision
alone, beat random play, score positions sensibly, and weigh dice gambles by the exact
odds the engine computes."""

import copy

import pytest

from tcglab.agents import Decision, RandomAgent
from tcglab.agents.specs import make_agent
from tcglab.engine import Action, games, get_game
from tcglab.games.higurashi.combat import attack_chance
from tcglab.games.pgt.dice import success_probability

GAME_IDS = sorted(games())


class SeatView:
    """Only the seat, the legal actions and the observation (which is also a glance, the
    part of it a heuristic reads): no way to the state."""

    def __init__(self, seat, legal, observation):
        self.seat, self.legal, self.observation = seat, legal, observation
        self.glance = observation


def _first(game_id: str, step: str, seed: int = 0):
    """A heuristic two-player game stopped at its first real choice of `step`."""
    game = get_game(game_id)
    for deal in range(seed, seed + 50):
        state = game.new_state(deal, 2)
        agents = [make_agent("heuristic", game, s) for s in range(2)]
        while not state.over:
            view = state.observe(state.to_move)
            if view["step"] == step and len(state.legal_actions()) > 1:
                return state, view
            state.apply(agents[state.to_move].choose(Decision(state)))
    raise LookupError(step)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_a_heuristic_that_plays_from_its_seat_view_alone(game_id):
    game = get_game(game_id)
    assert game.heuristic_agent is not None
    state = game.new_state(3, 2)
    agents = [make_agent("heuristic", game, s) for s in range(2)]
    while not state.over:
        view = SeatView(state.to_move, state.legal_actions(), state.observe(state.to_move))
        state.apply(agents[state.to_move].choose(view))
    assert state.result.winners


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_heuristic_beats_random_play(game_id):
    game = get_game(game_id)
    wins = 0.0
    for deal in range(16):
        seat = deal % 2
        agents = [make_agent("heuristic", game, deal) if s == seat else RandomAgent(deal)
                  for s in range(2)]  # fmt: skip
        state = game.new_state(deal, 2)
        while not state.over:
            state.apply(agents[state.to_move].choose(Decision(state)))
        if seat in state.result.winners:
            wins += 1 / len(state.result.winners)
    assert wins >= 12


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_position_values_are_chances_that_favour_the_leader(game_id):
    game = get_game(game_id)
    value = game.heuristic_agent.value
    state = game.new_state(5, 2)
    agents = [make_agent("heuristic", game, s) for s in range(2)]
    start = value(state.observe(None))
    assert start == pytest.approx([0.5, 0.5], abs=0.2)
    while not state.over:
        before = state.observe(None)
        state.apply(agents[state.to_move].choose(Decision(state)))
    chances = value(before)  # the public view just before the deciding move
    assert sum(chances) == pytest.approx(1.0)
    assert all(0.0 <= c <= 1.0 for c in chances)
    winner = state.result.winners[0]
    assert chances[winner] >= 0.5


def _pgt_dice_choice(dice: int, mod: int, defence: int) -> str:
    """The PGT heuristic's dice count for an attack of `dice`D+`mod` on a face-up target
    with this physical defence, in a real position with the numbers changed."""
    state, view = _first("pgt", "dice")
    view = copy.deepcopy(view)
    proc = view["procs"][-1]
    proc.update(dice=dice, mod=mod, mode="P")
    seat, slot = proc["targets"][0].split(".")
    target = view["sides"][int(seat[1:]) - 1]["field"][slot]
    target.update(face_up=True, pdef=defence)
    legal = [Action(f"roll {k}", f"roll {k}") for k in range(1, dice + 1)]
    agent = make_agent("heuristic", get_game("pgt"), 1)
    return agent.choose(SeatView(state.to_move, legal, view)).id


@pytest.mark.parametrize(
    ("dice", "mod", "defence", "rolled"),
    [
        (3, 1, 8, 3),  # PGT-WE-2: 3D+1 makes 8 with 31/54, 2D+1 only with 19/36
        (2, 1, 4, 2),  # PGT-WE-2 shape n=2, T-a=3: 2D is 25/36, 1D 2/3
        (3, 3, 5, 1),  # one die makes 5 unless it fumbles: 5/6; two dice only 25/36
        (5, 0, 14, 5),  # PGT-WE-2 shape n=5, T-a=14: 5D is 341/864, 4D 503/1296
    ],
)
def test_pgt_heuristic_rolls_the_dice_count_with_the_best_exact_odds(dice, mod, defence, rolled):
    odds = {k: success_probability(k, mod, defence) for k in range(1, dice + 1)}
    assert max(odds, key=odds.get) == rolled
    assert _pgt_dice_choice(dice, mod, defence) == f"roll {rolled}"


def test_higurashi_heuristic_weighs_targets_by_exact_success_chance():
    state, view = _first("higurashi", "attack_target")
    view = copy.deepcopy(view)
    seat = state.to_move
    actor_seat, actor_slot = (int(x) for x in view["pending"]["actor"].split("."))
    view["seats"][actor_seat]["characters"][actor_slot].update(attack=6, defence=3)
    refs = [a.id.split()[1] for a in state.legal_actions()][:2]
    rich, sure = (view["seats"][int(r.split(".")[0])]["characters"][int(r.split(".")[1])]
                  for r in refs)  # fmt: skip
    # G4-4.3: a difference of 1 succeeds on a 6 only; a difference of 5 on 2-6.
    rich.update(defence=5, sideways=True, card={**rich["card"], "points": 4})
    sure.update(defence=1, sideways=True, card={**sure["card"], "points": 2})
    assert attack_chance(1) * 4 < attack_chance(5) * 2  # 4/6 against 10/6
    legal = [Action(f"target {r}", r) for r in refs]
    agent = make_agent("heuristic", get_game("higurashi"), 1)
    assert agent.choose(SeatView(seat, legal, view)).id == f"target {refs[1]}"
    # With the chances the other way round, the richer target is the better gamble.
    rich.update(defence=2)  # difference 4: 4/6 of 4 points against 5/6 of 2
    assert agent.choose(SeatView(seat, legal, view)).id == f"target {refs[0]}"
