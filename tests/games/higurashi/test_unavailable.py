"""What a Higurashi seat cannot choose now, and why (`State.unavailable`): characters
that cannot scout or attack, event cards that cannot be played, each with the reason a
player reads in English and Japanese, and the same reason for a typed id."""

from __future__ import annotations

import pytest

from tcglab.engine.errors import IllegalAction

from .builder import build


def listed(st, lang: str = "en") -> dict[str, dict]:
    return {option["id"]: option for option in st.unavailable(lang)}


def ids(st) -> list[str]:
    return [a.id for a in st.legal_actions()]


def test_characters_that_cannot_scout_or_attack():
    """G4-3.3 / G4-4.4 a sideways character neither scouts nor attacks; G4-4.2 an
    attack must be strictly above the defence (Daigo Sumitani's 2 against Momiji
    Tokita's 2); G4-3.1 only face-down cards are scouted."""
    st = build([["C05 up", "C02 up sideways"], ["C04 up"]])
    assert ids(st) == ["end"]
    options = listed(st)
    assert options["attack 0"] == {
        "id": "attack 0",
        "label": "Attack with Daigo Sumitani",
        "why": "attack 2 is not above the lowest face-up enemy defence, 2",
    }
    assert options["scout 0"]["why"] == "no face-down enemy card to scout"
    sideways = "it is sideways (it scouted or attacked and has not stood up yet)"
    assert options["scout 1"]["why"] == options["attack 1"]["why"] == sideways
    ja = listed(st, "ja")
    assert ja["attack 0"]["label"] == "炭谷 大吾で攻撃する"
    assert ja["attack 0"]["why"] == "攻撃力2が表向きの敵キャラクターの最低防御力2を上回らない"
    assert ja["scout 1"]["why"] == "横向き（偵察か攻撃をして、まだ縦向きに戻っていない）"
    with pytest.raises(IllegalAction) as refused:
        st.apply("attack 0")
    assert str(refused.value) == (
        "'attack 0' is not possible now: attack 2 is not above the lowest face-up enemy "
        "defence, 2 (G4-4.2); legal: end"
    )


def test_attacks_need_a_face_up_enemy_and_a_face_up_attacker():
    """G4-4.1 only face-up cards are attacked; G4-GAP-9 with reveal_to_attack off a
    face-down card does not turn face-up to attack."""
    st = build([["C01 up"], ["C04", "C05"]])
    assert listed(st)["attack 0"]["why"] == "no face-up enemy card to attack"
    st = build([["C01"], ["C04 up"]], options={"reveal_to_attack": False})
    assert listed(st)["attack 0"]["why"] == (
        "face-down cards do not attack (reveal_to_attack is off)"
    )


def test_event_cards_that_cannot_be_played():
    """G4-6.1 a card is played at its timing and on what its area of effect allows: no
    sideways enemy to take, no character left to recruit, a die card with no roll."""
    st = build([["C05 up"], ["C04 up"]], hands={0: ["E11", "E22", "E09"]}, pile=[])
    options = listed(st)
    assert options["play E11"]["why"] == "no character it may be played on now"
    assert options["play E22"]["why"] == "the character pile is empty"
    assert options["play E09"]["why"] == (
        "played only right after an opponent rolls the die against one of your characters"
    )
    ja = listed(st, "ja")
    assert ja["play E22"]["why"] == "キャラクターの山札がない"
    assert ja["play E09"]["why"] == "相手が自分のキャラクターに対して賽を振った直後にのみ使える"


def test_a_die_card_for_the_other_roll():
    """G4-6.1 / G4-8.3 after one's own attack roll only own-roll cards are played."""
    st = build([["C01 up"], ["C04 up"]], hands={0: ["E07", "E09"]})
    st.apply("attack 0")
    st.apply("target 1.0")
    assert st.stack[-1][0] == "window" and ids(st) == ["play E07", "pass"]
    assert list(listed(st)) == ["play E09"]
