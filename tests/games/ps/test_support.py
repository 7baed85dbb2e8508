"""Support effects by work (PS-10.1, PS-11.1.5, PS-GAP-11) and same-name uniqueness
(PS-6.7, PS-GAP-7); PS-WE-6 is the scenario file tests/scenarios/ps/PS-WE-6.toml."""

from tcglab.games.ps import values

from .builder import build, events, field, ids, play, trash, unit


def test_support_needs_another_character_of_the_work():
    st = build([["S1", "A1"], []])  # A1 is of another work
    assert values.support(st, 0, unit(st, 0, "S1")) == (0, 0)


def test_ps_gap_11_exclusive_tiers_and_the_highest_entry_past_the_last():
    # PS-GAP-11
    st = build([["S1", "S2", "S3", "S4"], []])
    assert values.support(st, 0, unit(st, 0, "S1")) == (0, 3)  # entry 3 only
    assert values.support(st, 0, unit(st, 0, "S4")) == (0, 1)  # count 3, highest entry is 2
    assert values.support(st, 0, unit(st, 0, "S2")) == (1, 0)


def test_ps_gap_11_cumulative_option():
    # PS-GAP-11
    st = build([["S1", "S2", "S3", "S4"], []], options={"support_tiers": "cumulative"})
    assert values.support(st, 0, unit(st, 0, "S1")) == (3, 3)
    assert values.support(st, 0, unit(st, 0, "S4")) == (1, 1)


def test_support_counts_in_battle_damage():
    # S1 with two work-mates: technique 1 + 2 against X2 (sense 0, life 2)
    st = build([["S1", "S2", "S3"], ["X2"]])
    play(st, "attack 1", "defend 1", "target 1")
    assert events(st, "hit")[0]["amount"] == 3
    # PS-9.5.1 support after sense: 1 x 1/2 + 2 = 2.5 -> 3
    st = build([["S1", "S2", "S3"], ["H2"]])
    play(st, "attack 1", "defend 1", "target 1")
    assert events(st, "hit")[0]["amount"] == 3


def test_guard_support_reduces_damage_taken():
    st = build([["A4"], ["S1", "S2", "S3", "S4"]])
    play(st, "attack 1", "defend 1", "done", "target 1")
    assert events(st, "hit")[0]["amount"] == 1  # 4 - guard 3


def test_ps_gap_7_no_second_character_of_a_name_from_hand():
    # PS-GAP-7
    st = build([["L2"], ["L2"]], hands={0: ["L2B"]}, energy=[2, 0])
    assert "play L2B" not in ids(st)  # the opponent's L2 does not matter


def test_ps_gap_7_a_same_name_arrival_goes_to_the_trash_and_the_first_stays():
    # PS-GAP-7
    st = build([["L2 damage=1", "X2"], []], hands={0: ["E_REVIVE"]}, trashes={0: ["L2B"]})
    play(st, "play E_REVIVE")
    assert field(st, 0) == ["L2", "X2"] and unit(st, 0, "L2").damage == 1
    assert trash(st, 0) == ["L2B"] and "unique" in [e.kind for e in st.log]


def test_revive_brings_back_the_latest_character_sick_and_without_energy():
    st = build([["X2"], []], hands={0: ["E_REVIVE"]}, trashes={0: ["A4", "L3", "E_BOOST"]})
    play(st, "play E_REVIVE")
    assert field(st, 0) == ["X2", "L3"] and trash(st, 0) == ["A4", "E_BOOST"]
    assert unit(st, 0, "L3").occ == 0 and unit(st, 0, "L3").sick


def test_the_opponent_may_field_the_same_name():
    st = build([["L2"], []], hands={1: ["L2"]}, energy=[0, 2], to_move=1)
    assert "play L2" in ids(st)
