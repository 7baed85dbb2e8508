"""Attributes that matter (PGT-4.6, PGT-GAP-21): 特攻 and 耐性 on the shipped cards,
as worked examples with forced dice: build a position, attack, read the comparison."""

import pytest
from pgt_position import act, at, card, events, ids, position

from tcglab.games.pgt.notation import NotationError, parse_ability
from tcglab.games.pgt.parts import text

FIRE = "001"  # 火, P-def 7: Ａ：P3D+1
WIND = "027"  # 風, P-def 7: Ａ：P3D+1
EMBER = "073"  # 火, P-def 2: Ｒ：ドロー1, Ｔ：M(火)1D+2 レンジ3
TIDE = "079"  # 水: Ａ：P3D 特攻(火)+2
SURGE = "042"  # 水: Ａ：P2D レンジ2 対象3 特攻(火)+2
DIKE = "028"  # 水, P-def 8, M-def 5: Ａ：P3D+1, カウンター P2D+1, 耐性(火)+2
PYRE = "109"  # 火, M-def 9: イノセンス M(火)2D+2, Ａ：M(火)3D レンジ2


def attack(p1: str, p2: dict, faces: tuple, ability: int = 1):
    """P1's F1 attacks P2's F1 with its `ability`; the check rolls `faces`."""
    st = position({"F1": p1}, p2)
    act(st, f"attack F1 {ability}", "target P2.F1")
    st.rng.force_for("dice", *faces)
    act(st, f"roll {len(faces)}")
    return st


def test_bane_lowers_the_defence_of_a_matching_target():
    """特攻(火)+2 against a face-up 火 character: 2+2+2 = 6 meets P-def 7 counted as 5
    (PGT-14.2.10), so the target retires and P1 scores its 2 points."""
    st = attack(TIDE, {"F1": FIRE}, (2, 2, 2))
    compare = events(st, "compare")[0]
    assert (compare["value"], compare["defence"], compare["success"]) == (6, 5, True)
    assert at(st, "P2.F1") is None and st.score == [2, 0]


def test_bane_leaves_other_attributes_alone():
    """The same 6 against a 風 character with the same P-def 7 fails."""
    st = attack(TIDE, {"F1": WIND}, (2, 2, 2))
    assert events(st, "compare")[0]["defence"] == 7
    assert at(st, "P2.F1") == WIND and st.score == [0, 0]


@pytest.mark.parametrize("faces, retires", [((1, 6, 6), False), ((2, 2, 2), True)])
def test_a_fumble_still_fails_against_a_bane(faces, retires):
    """P-def 2 less 2 counts as 1, not 0: a fumble (0, PGT-11.3) does not retire a
    face-up character however strong the bane."""
    st = attack(TIDE, {"F1": (EMBER, True, True)}, faces)
    assert events(st, "compare")[0]["defence"] == 1
    assert (at(st, "P2.F1") is None) == retires


def test_one_check_is_compared_with_each_target_on_its_own():
    """PGT-GAP-21 one check of 3+3 = 6 for two targets: the 火 one counts P-def 7 as 5
    and retires, the 風 one keeps 7 and stays."""
    st = position({"F1": SURGE}, {"F1": FIRE, "F2": WIND})
    act(st, "attack F1 1", "target P2.F1", "target P2.F2")  # no one is left to choose
    st.rng.force_for("dice", 3, 3)
    act(st, "roll 2")
    assert [(c["defence"], c["success"]) for c in events(st, "compare")] == [(5, True), (7, False)]
    assert at(st, "P2.F1") is None and at(st, "P2.F2") == WIND


def test_ward_raises_the_defence_against_its_attribute():
    """耐性(火)+2: the 火 attacker's 2+2+3+1 = 8 meets P-def 8 but not the 10 it counts
    as, so the attack fails and Counter is offered (PGT-14.2.11)."""
    st = attack(FIRE, {"F1": DIKE}, (2, 2, 3))
    assert events(st, "compare")[0]["defence"] == 10
    assert at(st, "P2.F1") == DIKE and ids(st) == ["counter", "decline"]


def test_ward_does_nothing_against_another_attribute():
    """The same 8 from a 風 attacker retires the P-def 8 character."""
    st = attack(WIND, {"F1": DIKE}, (2, 2, 3))
    assert events(st, "compare")[0]["defence"] == 8
    assert at(st, "P2.F1") is None and st.score == [3, 0]


def test_ward_meets_a_mental_strike_of_its_attribute():
    """PGT-13.10 / PGT-14.3.8 Innocence M(火)2D+2 rolls 2+2+2 = 6: it would meet the
    attacker's M-def 5, but 耐性(火)+2 makes it 7, so the physical attack stays valid."""
    st = position({"F1": DIKE}, {"F1": PYRE})
    act(st, "attack F1 1", "target P2.F1", "innocence")
    st.rng.force_for("dice", 2, 2)
    act(st, "roll 2")
    strike_back = events(st, "compare")[0]
    assert (strike_back["defence"], strike_back["success"]) == (7, False)
    assert not events(st, "invalid") and at(st, "P1.F1") == DIKE


def test_a_face_down_character_has_no_ward():
    """PGT-12.2 / PGT-12.4 / PGT-GAP-17: face-down, the character has defence 0 and no
    耐性, so even a fumble from a 火 attacker retires it."""
    st = position({"F1": FIRE}, {"F1": (DIKE, False)})
    act(st, "pass", "attack F1 1", "target P2.F1", "pass", "pass")
    st.rng.force_for("dice", 1, 2, 3)
    act(st, "roll 3", "pass")
    assert events(st, "compare")[0]["defence"] == 0
    assert at(st, "P2.F1") is None and st.score == [3, 0]


def test_the_card_text_says_what_it_does():
    """The English a player reads is generated from the parsed parts (PGT-4.7)."""
    assert card(TIDE).info["abilities_en"] == [
        "Attack: attack physical 3D, range 1, +2 against Fire characters"
    ]
    assert card(DIKE).info["abilities_en"][2] == (
        "Resist Fire: P-def and M-def +2 against Fire attacks"
    )
    assert card(DIKE).wards == {"火": 2}
    assert (
        text(card(TIDE).abilities[0], "ja") == "アタック：物理攻撃 3D、レンジ1、火属性のキャラに+2"
    )


def test_the_notation_reads_bane_and_ward():
    bane = parse_ability("Ｔ：M(光)2D+1 レンジ3 特攻(闇)+1")
    assert (bane.bane, bane.range, bane.strike.attribute) == (("闇", 1), 3, "光")
    ward = parse_ability("耐性(風)+3")
    assert (ward.keyword, ward.ward, ward.activated) == ("ward", ("風", 3), False)
    assert text(ward) == "Resist Wind: P-def and M-def +3 against Wind attacks"


@pytest.mark.parametrize(
    "text, position",
    [
        ("Ａ：P3D 特攻(雷)+2", 10),  # not one of the six attributes
        ("Ａ：P3D 特攻(闇)+4", 7),  # 1 to 3
        ("Ａ：P3D 特攻(闇)+1 特攻(光)+1", 15),  # one per ability
        ("Ｔ：P-def+2 特攻(火)+1", 3),  # only with an attack
        ("耐性(x)+1", 4),
        ("耐性(火)+0", 1),
    ],
)
def test_notation_errors_point_at_the_attribute_text(text, position):
    with pytest.raises(NotationError, match=f"position {position}:"):
        parse_ability(text)
