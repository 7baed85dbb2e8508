"""Rare Precious Memories choices have their place in the fixed action space too."""

from tcglab.engine import get_game


def test_a_sixth_main_character_has_an_index_for_every_place_it_may_take():
    """PM-1.4.4: with five characters in the main area, a sixth appears over one of
    them; each such choice is an action of its own."""
    encoding = get_game("pm").capability("encoding").run()
    ids = [f"main over M{n}" for n in range(1, 6)]
    indexes = [encoding.index(i) for i in ids]
    assert len(set(indexes)) == 5
    assert [encoding.actions[i] for i in indexes] == ids
