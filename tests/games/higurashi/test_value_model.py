"""The Higurashi position value and the hard level that searches with it."""

import copy
import re

import pytest

from tcglab.agents import Decision
from tcglab.agents.specs import _parse_params, difficulty, make_agent
from tcglab.engine import get_game
from tcglab.games.higurashi import value_model
from tcglab.games.higurashi.agent import HigurashiAgent

GAME = get_game("higurashi")


def _opening_view(players=2, seed=3):
    return GAME.new_state(seed, players).observe(None)


def test_an_even_opening_is_even():
    chances = HigurashiAgent.value(_opening_view())
    assert chances == pytest.approx([0.5, 0.5], abs=0.1)


def test_five_characters_against_one_is_winning():
    view = _opening_view()
    view["seats"][1]["characters"] = view["seats"][1]["characters"][:1]
    chances = HigurashiAgent.value(view)
    assert chances[0] > 0.8 and sum(chances) == pytest.approx(1.0)


def test_a_strong_face_up_row_beats_a_weak_one():
    view = _opening_view()
    for entry, (attack, defence) in zip(view["seats"], ((6, 4), (2, 0)), strict=True):
        for c in entry["characters"]:
            c.update(face_up=True, attack=attack, defence=defence, card={"points": 2})
    stronger = HigurashiAgent.value(view)
    assert stronger[0] > 0.7


def test_a_seat_that_is_out_has_no_chance():
    view = _opening_view(players=3)
    view["seats"][2]["alive"] = False
    view["seats"][2]["characters"] = []
    chances = HigurashiAgent.value(view)
    assert chances[2] == 0.0 and sum(chances) == pytest.approx(1.0)


def test_a_finished_game_gives_the_winner_everything():
    view = copy.deepcopy(_opening_view())
    view["result"] = {"winners": [1], "scores": [0, 20], "reason": "last_standing"}
    assert HigurashiAgent.value(view) == [0.0, 1.0]


def test_one_weight_per_feature():
    assert len(value_model.WEIGHTS) == len(value_model.FEATURES)
    features = value_model.seat_features(_opening_view(), 0)
    assert len(features) == len(value_model.FEATURES)


def test_the_hard_level_spec_parses():
    spec = difficulty("hard", GAME)
    kind, _, params = spec.partition(":")
    assert kind == "ismcts"
    assert _parse_params(params)["rollout"] == "heuristic"


def test_a_short_hard_game_against_the_heuristic_completes():
    # The hard level's own settings at a tenth of its budget, to keep the test short.
    hard = difficulty("hard", GAME)
    short = re.sub(r"iters=(\d+)", lambda m: f"iters={int(m[1]) // 10}", hard)
    assert short != hard
    state = GAME.new_state(7, 2)
    agents = [make_agent(short, GAME, 1), make_agent("heuristic", GAME, 2)]
    while not state.over:
        state.apply(agents[state.to_move].choose(Decision(state)))
    assert state.result.winners
