"""A state's declared layout gives its clone and snapshot."""

import pytest

from tcglab.engine import get_game
from tcglab.engine.layout import Layout, deal_identities
from tcglab.engine.rng import Rng

_FIELDS = {
    "values": ("turn",),
    "lists": ("score", "roll"),
    "nested": ("hands",),
    "dicts": ("attached",),
    "unsnapped": ("log",),
}


class _Thing:
    LAYOUT = Layout(**_FIELDS)

    def __init__(self):
        self.turn, self.score, self.roll = 1, [0, 0], None
        self.hands, self.attached, self.log, self.history = [[1, 2], [3]], {5: 1}, [], []
        self.rng, self.to_move, self.result, self._legal = Rng(3), 0, None, []


def _change_every_part(twin) -> None:
    """A change to each copied part of a clone: a list, a nested list, a dict, the dice."""
    twin.score[0] = 5
    twin.hands[1].append(9)
    twin.attached[6] = 0
    twin.rng.roll()


def test_a_clone_shares_nothing_that_changes():
    a = _Thing()
    b = _Thing.LAYOUT.clone(a)
    _change_every_part(b)
    assert a.score == [0, 0] and a.hands == [[1, 2], [3]] and a.attached == {5: 1}
    assert a.rng.snapshot() != b.rng.snapshot()
    assert b.roll is None


def test_the_snapshot_holds_what_is_declared_and_the_decision():
    snap = _Thing.LAYOUT.snapshot(_Thing())
    assert snap == {
        "turn": 1,
        "score": [0, 0],
        "roll": None,
        "hands": [[1, 2], [3]],
        "history": [],
        "attached": [(5, 1)],
        "rng": Rng(3).snapshot(),
        "to_move": 0,
        "result": None,
        "legal": [],
    }


def test_dealing_identities_moves_only_the_unknown_ones_and_keeps_them_all():
    identities = ["a", "b", "c", "d", "e"]
    deal_identities(identities, [1, 3, 4], Rng(5))
    assert identities[0] == "a" and identities[2] == "c"
    assert sorted(identities[i] for i in (1, 3, 4)) == ["b", "d", "e"]
    again = ["a", "e", "c", "b", "d"]  # same unknown set, other order: same deal
    deal_identities(again, [1, 3, 4], Rng(5))
    assert again == identities


_SLOTS = ("turn", "score", "roll", "hands", "attached", "log", "history", "rng")
_SLOTS += ("to_move", "result", "_legal", "_shared", "game")


class _SlottedThing:
    """The same fields kept in `__slots__`, as PgtState keeps its own."""

    __slots__ = _SLOTS
    __init__ = _Thing.__init__
    LAYOUT = Layout(**_FIELDS, slots=_SLOTS)


def _slotted() -> _SlottedThing:
    thing = _SlottedThing()
    thing.game, thing._shared = "shared, never changed", False
    return thing


def test_a_slotted_clone_copies_like_a_dict_clone_and_shares_the_log():
    a = _slotted()
    b = _SlottedThing.LAYOUT.clone(a)
    assert not hasattr(b, "__dict__")
    _change_every_part(b)
    assert a.score == [0, 0] and a.hands == [[1, 2], [3]] and a.attached == {5: 1}
    assert a.rng.snapshot() != b.rng.snapshot()
    assert b.game is a.game and b.log is a.log and b.history is a.history
    assert a._shared and b._shared  # whichever writes first copies the log (own_log)
    assert _SlottedThing.LAYOUT.snapshot(b) == _Thing.LAYOUT.snapshot(_Thing()) | {
        "score": [5, 0],
        "hands": [[1, 2], [3, 9]],
        "attached": [(5, 1), (6, 0)],
        "rng": b.rng.snapshot(),
    }


def test_a_slotted_layout_must_hold_every_named_field():
    with pytest.raises(ValueError, match="score"):
        Layout(values=("turn",), lists=("score",), slots=("turn", "log", "history", "rng"))


@pytest.mark.parametrize("game_id", ["higurashi", "pgt", "pm", "ps"])
def test_every_games_state_keeps_its_fields_in_slots(game_id):
    """The compiled build reads a state's fields at every step, and a slot is read without
    a dict look-up: each game's state has no `__dict__`, and its clone copies every slot."""
    game = get_game(game_id)
    state = game.new_state(1, game.default_players)
    assert not hasattr(state, "__dict__")
    twin = state.clone()
    assert [name for name in state.LAYOUT.slots if not hasattr(twin, name)] == []
    assert twin.snapshot() == state.snapshot()
