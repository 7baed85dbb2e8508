"""The State base class on a tiny game: taking actions, refusing illegal ones without
changing anything, fresh lists, digests, and a game played with forced dice."""

import pytest
from toy_game import GAME, RaceState

from tcglab.engine import Action, BadOption, IllegalAction, Result, Rng, TcglabError
from tcglab.engine.procedure import Procedure, StepState
from tcglab.engine.state import canonical_json, digest_of


def unchanged(state) -> tuple:
    return (state.digest(), state.events_digest(), list(state.history), state.to_move)


def test_every_state_begins_with_its_seat_count_options_and_generator():
    state = RaceState(GAME, 5, 3, GAME.resolve_options())
    assert (state.game, state.seed, state.players) == (GAME, 5, 3)
    assert state.options == GAME.resolve_options()
    assert state.rng.snapshot() == Rng(5).snapshot()
    assert state.history == [] and state.log == [] and state.legal_actions() == []
    assert state.to_move is None and not state.over


class Steps(StepState):
    procedure = Procedure()

    def observe(self, seat):
        return {}


def test_a_step_state_begins_with_no_step_pending():
    state = Steps()
    state.begin(GAME, 9, 2, {})
    assert state.stack == [] and state.rng.snapshot() == Rng(9).snapshot()
    state.advance()
    assert state.to_move is None and state.legal_actions() == []


def test_errors_are_user_errors():
    for error in (IllegalAction, BadOption):
        assert issubclass(error, TcglabError)


def test_actions_are_immutable_and_print_as_their_id():
    action = Action("roll", "Roll the d6")
    assert str(action) == "roll"
    with pytest.raises(AttributeError):
        action.id = "rest"


def test_a_race_won_with_forced_dice():
    """P1 rolls 6, P2 rests, P1 rolls 5: 11 reaches the target of 10 and wins."""
    state = GAME.new_state(99)
    assert (state.to_move, [a.id for a in state.legal_actions()]) == (0, ["roll", "play", "rest"])
    state.rng.force_for("dice", 6, 5)
    state.apply("roll")
    state.apply(Action("rest", "Rest"))
    state.apply("roll")
    assert state.result == Result((0,), (11, 0), "target")
    assert state.over and state.to_move is None and state.legal_actions() == []
    assert state.history == ["roll", "rest", "roll"]
    assert state.events_for(None)[-1]["message"] == "Game over (target): winners [0]"


def test_an_illegal_action_changes_nothing():
    state = GAME.new_state(99)
    before = unchanged(state)
    with pytest.raises(IllegalAction) as caught:
        state.apply("fly")
    assert (
        str(caught.value) == "'fly' is not a legal action for seat 0 now; legal: roll, play, rest"
    )
    assert unchanged(state) == before


@pytest.mark.parametrize("given", [None, 3, ("roll",)])
def test_something_that_is_not_an_action_is_refused_in_one_line(given):
    state = GAME.new_state(99)
    before = unchanged(state)
    with pytest.raises(IllegalAction) as caught:
        state.apply(given)
    assert str(caught.value) == (
        f"{given!r} is not an action: give an action id (a str) or an Action from legal_actions()"
    )
    assert unchanged(state) == before


def test_an_action_after_the_end_is_refused():
    state = GAME.new_state(99, options={"target": 1})
    state.apply("roll")
    before = unchanged(state)
    with pytest.raises(IllegalAction) as caught:
        state.apply("roll")
    assert str(caught.value) == "'roll' is not legal: the game is over"
    assert unchanged(state) == before


def test_a_long_list_of_legal_actions_is_cut_short_in_the_message():
    state = GAME.new_state(99)
    state._legal = [Action(f"move {i}", f"Move {i}") for i in range(20)]
    with pytest.raises(IllegalAction) as caught:
        state.apply("move 20")
    message = str(caught.value)
    assert "move 11 ... (20 in all)" in message and "move 12" not in message
    assert "\n" not in message


def test_legal_actions_is_a_fresh_list():
    state = GAME.new_state(99)
    listed = state.legal_actions()
    listed.clear()
    assert [a.id for a in state.legal_actions()] == ["roll", "play", "rest"]


def test_equal_games_have_equal_digests():
    state, twin = GAME.new_state(99), GAME.new_state(99)
    assert state.digest() == twin.digest()
    state.apply("rest")
    assert state.digest() != twin.digest()
    twin.apply("rest")
    assert state.digest() == twin.digest()
    assert GAME.new_state(98).digest() != GAME.new_state(99).digest()


def test_a_clone_goes_its_own_way():
    state = GAME.new_state(99)
    twin = state.clone()
    twin.rng.force_for("dice", 6)
    twin.apply("roll")
    assert state.history == [] and state.observe(None)["scores"] == [0, 0]
    assert twin.observe(None)["scores"] == [6, 0]


def test_canonical_json_ignores_key_order():
    assert canonical_json({"b": 1, "a": [1, 2]}) == '{"a":[1,2],"b":1}'
    assert digest_of({"b": 1, "a": 2}) == digest_of({"a": 2, "b": 1})
    assert digest_of({"a": 1}) != digest_of({"a": 2})


def test_determinize_hides_only_what_the_seat_cannot_see():
    state = GAME.new_state(99, 3)
    mine = state.observe(1)
    seen = set()
    for sample in range(40):
        twin = state.determinize(1, Rng(sample))
        assert twin.observe(1) == mine
        seen.add(twin.boost(0).id)
    assert len(seen) > 1, "the other seats' cards are resampled"
