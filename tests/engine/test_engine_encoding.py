"""The kernel's encoding pieces: a vocabulary at fixed indexes, a tensor cut into named
blocks, the shared writing steps, and the capability every game declares with them."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tcglab.engine.encoding import Encoding, card_indexes, encoding_capability


class Tiny(Encoding):
    def __init__(self) -> None:
        super().__init__(("pass", "end", "play A"), (("game", 3, "turn"), ("hand", 2, "cards")))


def test_blocks_follow_one_another_and_actions_keep_their_index():
    tiny = Tiny()
    assert tiny.layout == [("game", 0, 3, "turn"), ("hand", 3, 2, "cards")]
    assert tiny.size == 5
    assert tiny.index("play A") == 2
    with pytest.raises(KeyError):
        tiny.index("play B")


def test_one_of_has_a_slot_for_anything_else():
    out = [0.0] * 4
    Encoding.one_of(out, 0, "trim", ("main", "trim", "window"))
    Encoding.one_of(out, 0, "unheard of", ("main", "trim", "window"))
    assert out == [0.0, 1.0, 0.0, 1.0]


def test_seats_are_counted_from_the_observer_and_nobody_marks_nothing():
    out = [0.0] * 9
    Encoding.mark_seats(out, 0, (2, None, -1), me=1, players=3, width=3)
    assert out == [0.0, 1.0, 0.0] + [0.0] * 6


def test_cards_are_counted_by_their_place_in_id_order():
    cards = [SimpleNamespace(id=name) for name in ("C", "A", "B")]
    indexes = card_indexes(cards)
    assert indexes == {"A": 0, "B": 1, "C": 2}
    out = [0.0] * 4
    Encoding.count_cards(out, 1, indexes, ["C", "A", "C"])
    assert out == [0.0, 1.0, 0.0, 2.0]


def test_the_capability_builds_the_encoding_once_as_a_tool():
    capability = encoding_capability(Tiny, rule="PS-11.1.2")
    assert capability.name == "encoding" and capability.is_tool
    assert capability.rule == "PS-11.1.2"
    assert capability.run().size == 5
    assert capability.run() is capability.run()
