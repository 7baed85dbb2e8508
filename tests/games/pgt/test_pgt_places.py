"""The log names a place on the table as players read it, by its seat's name and its
slot ("Tester's B1", "TesterのB1"), never by the slot ref the event data carry
("P1.B1", which replays, scenarios and records read)."""

import random
import re

import pytest
from pgt_position import act, plain, position

from tcglab.engine.messages import named
from tcglab.games.pgt import GAME
from tcglab.games.pgt.messages import describe

A, B = plain(2)  # "Ａ：P3D+1" only
DRAWER = "125"  # Ｒ：ドロー1, Ａ：M(光)2D
REF = re.compile(r"\bP[1-4]\.[FB][1-3]\b")


def told(st, lang, names=None, seat=None):
    """The messages `seat` reads after the turn began (position() logs the turn first)."""
    return [e["message"] for e in st.events_for(seat, 1, lang, names)]


def flipped_at_b1():
    """P1 turns its face-down character at B1 face-up and uses the ability it has then."""
    st = position({"F1": A, "B1": (DRAWER, False)}, {"F1": B})
    act(st, "flip B1", "use B1 1")
    return st


@pytest.mark.parametrize(
    ("names", "seat"), [(["Tester", "AI (normal)"], "Tester"), (None, "P1"), (["", "Bot"], "P1")]
)
def test_a_character_is_named_by_its_seat_and_slot_in_english(names, seat):
    st = flipped_at_b1()
    name = GAME.cards.card(DRAWER).name_en
    assert told(st, "en", names)[:3] == [
        f"{seat}: the face-down character at {seat}'s B1 uses 0: turn this character face-up",
        f"{name} at {seat}'s B1 is turned face-up",
        f"{seat}: {name} at {seat}'s B1 uses On flip: draw 1 card",
    ]


@pytest.mark.parametrize(("names", "seat"), [(["Tester", "AI (normal)"], "Tester"), (None, "P1")])
def test_a_character_is_named_by_its_seat_and_slot_in_japanese(names, seat):
    st = flipped_at_b1()
    name = GAME.cards.card(DRAWER).name_ja
    assert told(st, "ja", names)[:3] == [
        f"{seat}：裏向きキャラ（{seat}のB1）が「０：このキャラを表向きにする」を使用",
        f"{name}（{seat}のB1）が表向きになった",
        f"{seat}：{name}（{seat}のB1）が「Ｒ：ドロー1」を使用",
    ]


def test_the_event_data_keep_the_slot_ref():
    st = flipped_at_b1()
    use, flip = st.log[1], st.log[2]
    assert (use.kind, use.data["actor"], flip.kind, flip.data["at"]) == (
        "use",
        "P1.B1",
        "flip",
        "P1.B1",
    )
    for lang in ("en", "ja"):
        assert not any(REF.search(m) for m in told(st, lang, ["Tester", ""]))


def test_an_attack_names_the_places_of_both_seats():
    st = position({"F1": A}, {"F1": B})
    st.rng.force_for("dice", 6, 6, 6)
    act(st, "attack F1 1", "target P2.F1", "roll 3")
    names = ["Tester", "AI (normal)"]
    english, japanese = told(st, "en", names), told(st, "ja", names)
    victim = GAME.cards.card(B)
    assert "Tester: " + GAME.cards.card(A).name_en + " at Tester's F1 uses" in english[0]
    assert english[0].endswith(" on AI (normal)'s F1")
    assert "Attack power 99 against P-def 7 of AI (normal)'s F1: success" in english
    assert any(m.startswith(f"{victim.name_en} (AI (normal)'s F1) retires") for m in english)
    assert japanese[0].endswith("（対象：AI (normal)のF1）")
    assert "攻撃力99とAI (normal)のF1のP-def 7を比較：攻撃成功" in japanese


@pytest.mark.parametrize(
    ("kind", "data", "en", "ja"),
    [
        (
            "guard",
            {"seat": 1, "guard": "P2.F2", "target": "P2.B2"},
            "Bo's F2 guards Bo's B2 and becomes the target",
            "BoのF2がBoのB2をガードし、攻撃対象になった",
        ),
        (
            "defence",
            {"at": "P1.F1", "mode": "P", "amount": 2},
            "Ann's F1 gets P-def +2 this round",
            "AnnのF1のP-defがこのラウンド中+2",
        ),
        (
            "invalid",
            {"at": "P1.B3"},
            "Innocence succeeds: the attack by Ann's B3 is invalid",
            "イノセンス成功：AnnのB3のアタックは無効になった",
        ),
        (
            "peek",
            {"seat": 0, "at": "P2.F3"},
            "Ann secretly looks at Bo's F3",
            "AnnがBoのF3をこっそり見た",
        ),
        (
            "first_roll",
            {"rolls": [2, 5]},
            "First-player roll: Ann 2, Bo 5",
            "先攻を決めるサイコロ：Annは2、Boは5",
        ),
    ],
)
def test_each_kind_that_names_a_place_reads_it(kind, data, en, ja):
    with named(["Ann", "Bo"]):
        assert describe(kind, data) == en
        assert describe(kind, data, "ja") == ja
    assert describe(kind, data) == en.replace("Ann", "P1").replace("Bo", "P2")
    assert describe(kind, data, "ja") == ja.replace("Ann", "P1").replace("Bo", "P2")


def test_no_log_line_of_a_random_game_names_a_slot_ref():
    for seed in range(3):
        st = GAME.new_state(seed)
        rng = random.Random(seed)
        while not st.over:
            st.apply(rng.choice(st.legal_actions()))
        for seat in (None, 0, 1):
            for lang in ("en", "ja"):
                for names in (None, ["Tester", ""]):
                    lines = told(st, lang, names, seat)
                    assert not [m for m in lines if REF.search(m)], seed


def test_a_roll_lists_its_faces_as_words_not_a_list():
    data = {"seat": 0, "dice": 3, "faces": [6, 2, 5]}
    assert describe("roll", data) == "P1 rolls 3 dice: 6, 2, 5"
    assert describe("roll", data, "ja") == "P1がサイコロを3個振った：出目 6・2・5"
