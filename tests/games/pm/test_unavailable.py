"""What a Precious Memories seat cannot choose now, and why (`State.unavailable`): the
cards in hand at a card-use timing, the texts of its characters, its interrupts and
its approaches, each with the reason a player reads in English and Japanese, and the
same reason for a person who types the id."""

from __future__ import annotations

import pytest

from tcglab.engine.errors import IllegalAction

from .builder import build, ids, play


def listed(st, lang: str = "en") -> dict[str, dict]:
    return {option["id"]: option for option in st.unavailable(lang)}


def refused(st, action_id: str) -> str:
    before = st.digest()
    with pytest.raises(IllegalAction) as caught:
        st.apply(action_id)
    assert st.digest() == before
    return str(caught.value)


def test_a_card_whose_cost_cannot_be_paid():
    """PM-1.5 / PM-1.6: Isana the Keeper costs 6; the other two cards in hand give 2."""
    st = build(hand=(["SHD-018", "SHD-013", "SHD-006"], []), at="main")
    assert ids(st) == ["play SHD-006", "pass"]
    option = listed(st)["play SHD-013"]
    assert option == {
        "id": "play SHD-013",
        "label": "Play Isana the Keeper (6)",
        "why": "cost 6, you can pay 2",
    }
    ja = listed(st, "ja")["play SHD-013"]
    assert ja["label"] == "「灯台守 いさな」をプレイ（コスト6）"
    assert ja["why"] == "コスト6、支払えるソースは2"
    assert refused(st, "play SHD-013").startswith(
        "'play SHD-013' is not possible now: cost 6, you can pay 2 (PM-1.5); legal: "
    )


def test_an_event_of_another_phase_or_turn_and_characters_off_the_main_phase():
    """PM-1.8 the tag [phase/turn]; PM-1.7.1 only the turn player plays characters, in
    the main phase (PM-GAP-21: the other player may use [Main/Opponent] events)."""
    st = build(hand=(["SHD-018"], []), at="main")
    assert listed(st)["play SHD-018"]["why"] == (
        "used in the approach phase on your own turn; now it is the main phase of your turn"
    )
    assert listed(st, "ja")["play SHD-018"]["why"] == (
        "自分のターンのアプローチフェイズに使うカード（今は自分のターンのメインフェイズ）"
    )
    st = build(hand=(["SHD-001"], ["SHD-021", "SHD-018", "SHD-014", "SHD-022"]))
    play(st, "pass")
    assert st.to_move == 1 and ids(st) == ["play SHD-021", "pass"]
    options = listed(st)
    assert options["play SHD-014"]["why"] == (
        "only the turn player plays a character card, in the main phase"
    )
    assert options["play SHD-022"]["why"] == (
        "used in the main phase on your own turn; now it is the main phase of your opponent's turn"
    )
    assert listed(st, "ja")["play SHD-014"]["why"] == (
        "キャラカードはターンプレイヤーがメインフェイズにのみプレイできる"
    )
    assert "only the turn player plays a character card" in refused(st, "play SHD-014")


def test_a_name_already_on_the_field_and_a_support_card_with_no_character():
    """PM-GAP-10 one character of a name on a field (option unique_names); PM-1.7.3 a
    support card is set on a character of one's own."""
    st = build(main=(["SHD-001"], []), hand=(["SHD-002", "SHD-014", "SHD-014"], []), at="main")
    assert listed(st)["play SHD-002"]["why"] == (
        "Akari Umino is already on your field (one character of a name)"
    )
    clash = listed(st, "ja")["play SHD-002"]["why"]
    assert clash == "同じ名前のキャラ「海野 あかり」がすでに自分の場にいる"
    free = build(
        main=(["SHD-001"], []),
        hand=(["SHD-002", "SHD-014", "SHD-014"], []),
        options={"unique_names": False},
    )
    assert "play SHD-002" in ids(free) and "play SHD-002" not in listed(free)
    st = build(hand=(["SHD-027", "SHD-001", "SHD-014"], []), at="main")
    assert listed(st)["play SHD-027"]["why"] == "no character of yours to set it on"


def test_texts_that_cannot_be_used_now():
    """PM-1.7.4 a text that rests its character cannot be used by a rested one, and its
    price must be payable."""
    rested = build(main=(["CWA-016 rested"], []), hand=(["SHD-001"], []), at="main")
    option = listed(rested)["use p1.M1"]
    assert option["label"].startswith("Use Council Record-Keeper: [Main/Both] rest this character")
    assert option["why"] == "it is rested, and its text rests it"
    ja = listed(rested, "ja")["use p1.M1"]["why"]
    assert ja == "休息状態のため、〔休息〕のテキストは使えない"
    broke = build(main=(["CWA-016"], []), at="main")
    assert listed(broke)["use p1.M1"]["why"] == "its text costs 1 source, you can pay 0"


def test_characters_that_cannot_approach():
    """PM-1.10.6.1 a. not appeared this turn, c. active."""
    st = build(main=(["SHD-002", "SHD-007 new", "SHD-014 rested"], []), at="approach")
    assert ids(st) == ["approach M1", "end"]
    options = listed(st)
    assert options["approach M2"] == {
        "id": "approach M2",
        "label": "Approach with Sayo Hoshikawa (20/40)",
        "why": "it appeared this turn",
    }
    assert options["approach M3"]["why"] == "it is rested"
    said = refused(st, "approach M3")
    assert said == (
        "'approach M3' is not possible now: it is rested (PM-1.10.6.1); legal: approach M1, end"
    )


def test_an_interrupt_that_answers_something_else():
    """PM-1.8.2 an interrupt answers its own interrupt target: Emergency Stop answers an
    opponent's event, not an approach."""
    st = build(
        main=(["SHD-002"], ["SHD-007"]),
        hand=(["SHD-018", "SHD-001"], ["CWA-023", "SHD-014"]),
        at="approach",
    )
    play(st, "approach M1")
    assert st.to_move == 1 and ids(st) == ["allow"]
    assert listed(st)["play CWA-023"] == {
        "id": "play CWA-023",
        "label": "Interrupt with Emergency Stop",
        "why": "it answers an opponent's event, not this",
    }
    assert listed(st, "ja")["play CWA-023"]["why"] == (
        "相手のイベントに割り込むカードで、今の割り込み対象とは違う"
    )
