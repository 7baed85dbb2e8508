"""Battles (PS-9): the sense arithmetic of PS-WE-2 and the battle gaps. The worked
examples PS-WE-1 to PS-WE-4 themselves are scenario files in tests/scenarios/ps/."""

import pytest

from tcglab.engine.errors import IllegalAction
from tcglab.games.ps.cards import parse_sense

from .builder import build, events, field, ids, next_turn, play, unit


@pytest.mark.parametrize(
    ("sense", "technique", "expected"),
    [("x1/2", 3, 2), ("-3", 1, 0), ("/2", 5, 3), ("x3/2", 3, 5), ("x2", 2, 4), ("+1", 2, 3)],
)
def test_ps_we_2_sense_arithmetic_rounds_up_and_never_goes_below_zero(sense, technique, expected):
    # PS-WE-2 3 x 1/2 = 1.5 -> 2; 1 - 3 = -2 -> 0 (PS-9.5.1)
    assert parse_sense(sense).apply(technique, 0) == expected


def test_ps_gap_8_a_declared_defender_must_be_the_target():
    # PS-GAP-8
    st = build([["A4"], ["D1"]])
    play(st, "attack 1", "defend 1")
    assert ids(st) == ["target 1"]
    with pytest.raises(IllegalAction):
        st.apply("target player")


def test_ps_gap_8_option_lets_the_attacker_pass_the_defenders():
    # PS-GAP-8
    st = build([["A4"], ["D1"]], options={"hit_player_past_defenders": True})
    play(st, "attack 1", "defend 1")
    assert ids(st) == ["target 1", "target player"]
    play(st, "target player")
    assert st.hurt == [0, 4]
    assert unit(st, 0, "A4").damage == 2  # the defender still strikes back (PS-9.7)


def test_ps_gap_9_the_player_takes_current_technique_without_sense():
    # PS-GAP-9
    st = build([["A4"], []], hands={0: ["E_BOOST"]}, energy=[1, 0])
    play(st, "play E_BOOST", "target 1", "attack 1")
    assert st.hurt == [0, 6]


def test_ps_gap_10_defenders_strike_in_declared_order_and_stop_at_the_down():
    # PS-GAP-10
    st = build([["A5 damage=2"], ["X2", "Y2", "Z2"]])
    play(st, "attack 1", "defend 3", "defend 1", "defend 2", "target 1")  # Z, X, then Y
    strikers = [h["by"] for h in events(st, "hit")[1:]]
    assert strikers == ["Z2"]  # X went down first; A goes down at 4; Y never strikes
    assert field(st, 0) == [] and field(st, 1) == ["Y2", "Z2"]


def test_ps_gap_14_one_battle_per_standby_character():
    # PS-GAP-14
    st = build([["A4", "A3"], []])
    play(st, "attack 1", "attack 2")
    assert not [i for i in ids(st) if i.startswith("attack")]
    assert st.hurt == [0, 7]


def test_ps_gap_15_a_defender_attacks_on_its_owners_next_turn():
    # PS-GAP-15
    st = build([["A1"], ["D1"]])
    play(st, "attack 1", "defend 1", "target 1")
    next_turn(st)
    assert "attack 1" in ids(st) and st.current == 1


def test_ps_9_1_no_battle_without_a_standby_character():
    st = build([["A4 exhausted"], []])
    assert "attack 1" not in ids(st)
    with pytest.raises(IllegalAction):
        st.apply("attack 1")


def test_ps_9_3_exhausted_characters_cannot_defend():
    st = build([["A4"], ["D1 exhausted", "X2"]])
    play(st, "attack 1")
    assert ids(st) == ["defend 2", "done"]


def test_ps_gap_12_battle_timed_cards_in_the_battle_window():
    # PS-GAP-12
    st = build([["A4"], ["D1"]], hands={1: ["E_COVER"], 0: ["E_BOOST"]}, energy=[1, 1])
    play(st, "attack 1", "defend 1")
    assert st.to_move == 0 and ids(st) == ["pass"]  # E_BOOST is no battle card
    play(st, "pass")
    assert st.to_move == 1 and ids(st) == ["play E_COVER", "pass"]  # only cards that allow it
    play(st, "play E_COVER", "target 1", "pass", "target 1")
    assert unit(st, 1, "D1").damage == 0  # 4 - 1 - 3 = 0
    assert unit(st, 0, "A4").damage == 2


def test_ps_gap_12_battle_ability_of_a_defender():
    # PS-GAP-12
    st = build([["A4"], ["Q3"]])
    play(st, "attack 1", "defend 1", "use 1", "target 1", "target 1")
    assert events(st, "hit")[0]["amount"] == 2  # 4 - 2 guard


def battle_with_a_defender_struck_down(options=None):
    """A4 attacks, X2 (life 2) defends, and in the battle window the attacker's Sucker
    Punch-like strike (2 damage, battle timing) takes the only defender off the field."""
    st = build([["A4"], ["X2"]], hands={0: ["E_SNIPE"]}, energy=[1, 0], options=options)
    play(st, "attack 1", "defend 1", "play E_SNIPE", "target 1")
    assert field(st, 1) == [] and "pick_target" not in [s[0] for s in st.stack]
    return st


def test_ps_gap_19_every_defender_gone_the_battle_ends_without_damage():
    # PS-GAP-19 (PS-6.8, PS-9.4): a defender was designated, so the player is no target
    st = battle_with_a_defender_struck_down()
    assert st.hurt == [0, 0]  # and PS-9.5.3 costs nothing: the down was an effect's
    assert [e["name"] for e in events(st, "no_target")] == ["A4"]
    assert events(st, "attack_player") == [] and events(st, "battle_end")
    assert st.battle is None and st.to_move == 0 and "end" in ids(st)


def test_ps_gap_19_option_the_defending_player_takes_the_attack():
    # PS-GAP-19 defenders_gone = player: the current technique, as PS-9.5.4 / PS-GAP-9
    st = battle_with_a_defender_struck_down({"defenders_gone": "player"})
    assert st.hurt == [0, 4] and events(st, "no_target") == []
    assert events(st, "attack_player")[0]["amount"] == 4


def test_ps_gap_19_with_the_player_a_target_all_along():
    # PS-GAP-19 / PS-GAP-8 past declared defenders the player may be hit anyway
    st = battle_with_a_defender_struck_down({"hit_player_past_defenders": True})
    assert st.hurt == [0, 4]


def test_ps_9_4_an_attacker_struck_down_in_the_window_deals_no_damage():
    # PS-9.4 / PS-9.5 no attacking character, no damage: the player is not hit either
    st = build([["X2"], ["A1"]], hands={1: ["E_SNIPE"]}, energy=[0, 1])
    play(st, "attack 1", "done", "play E_SNIPE", "target 1")
    assert field(st, 0) == [] and st.hurt == [0, 0]
    assert events(st, "attack_player") == [] and events(st, "battle_end")
