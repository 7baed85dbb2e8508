"""What a Princess Scramble seat cannot choose now, and why (`State.unavailable`): the
cards in its hand, energy, its characters' abilities and battles, each with the reason
a player reads in English and Japanese, and the same reason for a typed id."""

from __future__ import annotations

import pytest

from tcglab.engine.errors import IllegalAction

from .builder import build, ids, play


def listed(st, lang: str = "en") -> dict[str, dict]:
    return {option["id"]: option for option in st.unavailable(lang)}


def test_cards_in_hand_that_cannot_be_placed():
    """PS-10.3.2 a card needs unoccupied energy equal to its level: L2 (level 2) against
    1 free energy, 3 held by L3; PS-GAP-12 a battle event outside a battle; PS-8.3.3 an
    event with nothing to act on (no damaged character to heal)."""
    st = build([["L3 energy=3"], []], hands={0: ["L2", "E_SNIPE", "E_HEAL"]}, energy=[4, 0])
    assert ids(st) == ["energy", "attack 1", "end"]
    options = listed(st)
    assert options["play L2"] == {
        "id": "play L2",
        "label": "Place character L2 (level 2)",
        "why": "needs 2 unoccupied energy, you have 1 (3 held by cards on the field)",
    }
    assert options["play E_SNIPE"]["why"] == "only during a battle"
    assert options["play E_HEAL"]["why"] == "nothing for it to act on now"
    ja = listed(st, "ja")["play L2"]
    assert ja["label"] == "キャラクター「L2」を配置する（レベル2）"
    assert ja["why"] == "未占有のエナジーが2枚必要、あるのは1枚（3枚は場のカードが占有中）"
    with pytest.raises(IllegalAction, match=r"you have 1 \(3 held by cards on the field\)"):
        st.apply("play L2")


def test_a_full_field_a_name_already_there_and_energy_placed():
    """PS-11.1.2 four characters at most; PS-6.7 names are unique on one's side;
    PS-8.3.1 one energy a turn."""
    full = build([["A1", "A3", "A4", "D1"], []], hands={0: ["X2"]})
    assert listed(full)["play X2"]["why"] == "you already have 4 characters on the field"
    assert listed(full, "ja")["play X2"]["why"] == "自分の場にすでにキャラクターが4体いる"
    st = build([["A4"], []], hands={0: ["A4"]})
    play(st, "energy")
    options = listed(st)
    assert options["play A4"]["why"] == "A4 is already on your field (names are unique)"
    assert options["energy"] == {
        "id": "energy",
        "label": "Place the top card of your deck as energy",
        "why": "energy was already placed this turn (once a turn)",
    }


def test_abilities_and_battles_that_cannot_be_used():
    """PS-GAP-16 an ability once a turn; PS-6.4 / PS-GAP-6 a character placed this turn
    neither attacks nor exhausts itself; PS-9.1 an exhausted character starts no battle."""
    st = build([["A4 exhausted", "Q1 sick", "Q2"], []])
    play(st, "use 3")
    options = listed(st)
    assert options["use 3"]["why"] == "already used this turn (once a turn)"
    assert options["use 2"]["why"] == "placed this turn (summoning sickness)"
    assert options["attack 1"] == {
        "id": "attack 1",
        "label": "Battle with A4",
        "why": "exhausted: only a standby character starts a battle",
    }
    assert options["attack 2"]["why"] == "placed this turn (summoning sickness)"
    assert listed(st, "ja")["attack 2"]["why"] == "このターンに配置された（召喚酔い）"
    assert "attack 3" in ids(st) and "attack 3" not in options


def test_no_energy_from_an_empty_deck():
    """PS-GAP-1 with an empty deck no energy is placed."""
    st = build([[], []], decks={0: []})
    assert listed(st)["energy"]["why"] == "your deck is empty"
    with pytest.raises(IllegalAction, match=r"your deck is empty \(PS-GAP-1\)"):
        st.apply("energy")
