"""Taking the card a player chose out of a pile of card instances."""

from typing import NamedTuple

import pytest

from tcglab.engine.piles import take_card


class Card(NamedTuple):
    id: str


CARDS = {10: Card("ember"), 11: Card("frost"), 12: Card("ember")}


def test_the_first_instance_of_the_card_is_taken():
    pile = [11, 12, 10]
    assert take_card(pile, "ember", CARDS.__getitem__) == 12
    assert pile == [11, 10]
    assert take_card(pile, "ember", CARDS.__getitem__) == 10
    assert pile == [11]


def test_a_card_the_pile_does_not_hold_is_a_key_error_and_changes_nothing():
    pile = [11]
    with pytest.raises(KeyError):
        take_card(pile, "ember", CARDS.__getitem__)
    assert pile == [11]
