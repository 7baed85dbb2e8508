"""Piles of card instances a state keeps (hands, decks, discards): plain lists of
instance numbers, each naming its card through the game's own look-up."""

from __future__ import annotations

from collections.abc import Callable


def take_card(pile: list[int], card_id: str, card_of: Callable[[int], object]) -> int:
    """Take out of `pile` the first instance whose card (`card_of(instance)`) has the id
    `card_id`, and return it; KeyError if the pile holds no such card. Action ids name
    a card in a player's own hand by its id, so this is how a chosen card is found."""
    for inst in pile:
        if card_of(inst).id == card_id:
            pile.remove(inst)
            return inst
    raise KeyError(card_id)
