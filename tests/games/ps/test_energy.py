"""Energy and costs (PS-10.2, PS-10.3, PS-WE-5, PS-GAP-1, PS-GAP-17) and the refusals
the issue names: a fifth character, occupied energy, a second energy placement."""

import pytest

from tcglab.engine.errors import IllegalAction

from .builder import build, events, hand, ids, play


def test_the_opponent_sees_how_much_energy_is_free():
    # PS-WE-5 itself is tests/scenarios/ps/PS-WE-5.toml; what a scenario cannot say is
    # that the occupied energy shows in the opponent's observation too
    st = build([[], []], hands={0: ["L2"]}, energy=[3, 0])
    play(st, "play L2")
    assert st.observe(1)["seats"][0]["free_energy"] == 1


def test_ps_gap_1_energy_comes_from_the_deck_top_face_down_once_a_turn():
    # PS-GAP-1
    st = build([[], []], decks={0: ["L3", "A1"]})
    assert [i for i in ids(st) if i.startswith("energy")] == ["energy"]
    play(st, "energy")
    assert len(st.energy[0]) == 1 and st.card(st.energy[0][0]).id == "L3"
    assert st.observe(0)["seats"][0]["energy"] == 1
    assert "L3" not in str(st.observe(0)) and "L3" not in str(st.events_for(0))
    assert "energy" not in ids(st)


def test_ps_gap_1_option_energy_from_any_hand_card():
    # PS-GAP-1
    st = build([[], []], hands={0: ["L3", "A4"]}, options={"energy_from": "hand"})
    assert [i for i in ids(st) if i.startswith("energy")] == ["energy 1", "energy 2"]
    play(st, "energy 2")
    assert hand(st, 0) == ["L3"] and st.card(st.energy[0][0]).id == "A4"
    seen_by_other = str(st.events_for(1))
    assert "A4" not in seen_by_other and "A4" in str(st.events_for(0))


def test_ps_gap_1_no_energy_from_an_empty_deck_and_no_loss():
    # PS-GAP-1
    st = build([[], []], decks={0: []})
    assert "energy" not in ids(st)
    assert not st.over


def test_ps_gap_17_level_is_the_cost_of_events_too():
    # PS-GAP-17
    st = build([["A1"], []], hands={0: ["E_GUARD"]}, energy=[1, 0])
    assert "play E_GUARD" not in ids(st)  # level 2 against 1 free energy
    play(st, "energy")
    play(st, "play E_GUARD", "target 1")
    assert st.free_energy(0) == 0 and st.events[0][0].occ == 2


def _refused(st, action_id, text):
    before = st.digest()
    with pytest.raises(IllegalAction, match=text):
        st.apply(action_id)
    assert st.digest() == before


def test_bad_input_a_second_energy_placement():
    st = build([[], []])
    play(st, "energy")
    _refused(st, "energy", r"energy was already placed this turn \(once a turn\) \(PS-8\.3\.1\)")


def test_bad_input_paying_with_occupied_energy():
    st = build([["L3 energy=3"], []], hands={0: ["L2"]}, energy=[4, 0])
    held = r"needs 2 unoccupied energy, you have 1 \(3 held by cards on the field\) \(PS-10\.3\.2\)"
    _refused(st, "play L2", held)


def test_bad_input_a_fifth_character():
    st = build([["A1", "A3", "A4", "D1"], []], hands={0: ["X2"]})
    _refused(st, "play X2", "you already have 4 characters on the field")


def test_bad_input_a_card_not_in_hand_and_an_unknown_card():
    st = build([[], []], hands={0: ["X2"]})
    _refused(st, "play Y2", "has no Y2")
    _refused(st, "play NOPE", "no card has the id")
    _refused(st, "dance", "not a legal action")


def test_placing_an_event_announces_it_and_its_level():
    st = build([["A1"], []], hands={0: ["E_BOOST"]}, energy=[1, 0])
    play(st, "play E_BOOST", "target 1")
    assert events(st, "place")[0]["level"] == 1
