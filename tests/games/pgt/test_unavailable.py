"""What a Pretty Good Tactics seat cannot choose now, and why (`State.unavailable`):
formation choices over the party's point limit, abilities whose condition cannot be
met, attacks that cannot be made, each with the reason a player reads in English and
Japanese, and the same reason for a typed id."""

from __future__ import annotations

import pytest
from pgt_position import act, ids, plain, position

from tcglab.engine.errors import IllegalAction

A, B, C, D, E = plain(5)  # "Ａ：P3D+1" only
WALL = "007"  # 護衛, Ｔ：P-def+3
STARS = "014"  # Ｒ：星cnt+2, 星cnt(1)：アタック+1D+1, 星cnt(2)：M(水)3D レンジ3
GUARD_UP = "008"  # Ｔ：M-def+3, Ａ：P2D (score 1)


def listed(st, lang: str = "en") -> dict[str, dict]:
    return {option["id"]: option for option in st.unavailable(lang)}


def test_a_placement_over_the_ten_point_limit():
    """PGT-8.1.1 the party's scores add up to 10 or less (PGT-WE-12's hand): with 10
    points placed, Sagi Mikuriya (score 1) would make 11."""
    hand = ("001", "002", "006", "008", "027")  # scores 2, 3, 3, 1, 2
    st = position({}, {}, hands=(hand, ()), step=("form", 0, False))
    act(st, "put H1", "put H1", "put H1", "put H2")
    assert ids(st) == ["empty", "undo"]
    assert st.unavailable() == [
        {
            "id": "put H1",
            "label": "B2: Sagi Mikuriya from the hand (score 1)",
            "why": "score 1 would make the party 11, over 10",
        }
    ]
    ja = listed(st, "ja")["put H1"]
    assert ja["label"] == "B2：手札から御厨 鷺（スコア1）"
    assert ja["why"] == "スコア1を加えるとパーティーの合計が11になり、10を超える"
    with pytest.raises(IllegalAction, match=r"over 10 \(PGT-8\.1\.1\)"):
        st.apply("put H1")


def test_abilities_whose_condition_cannot_be_met():
    """PGT-9.5.2 a Ｔ ability taps its user, so a tapped one cannot; PGT-9.5.4 a
    counter price needs the counters (Sakon Shiomi has none)."""
    st = position({"F1": (WALL, True, True), "F2": STARS, "F3": GUARD_UP}, {"F1": C})
    assert ids(st) == ["use F3 1", "pass"]
    options = listed(st)
    assert options["use F1 2"] == {
        "id": "use F1 2",
        "label": "Saki Shiina (F1): Tap: a friendly character gets P-def +3 this round",
        "why": "it is tapped, and the ability taps it",
    }
    assert options["use F2 3"]["why"] == "needs 2 Star counter(s), it has 0"
    assert listed(st, "ja")["use F2 3"]["why"] == "星cntが2個必要、今は0個"
    with pytest.raises(IllegalAction, match=r"it is tapped, and the ability taps it \(PGT-9\.5"):
        st.apply("use F1 2")


def test_attacks_that_cannot_be_made():
    """PGT-9.5.1 one untapped character attacks; PGT-12.4 a face-down character's
    printed abilities do not work; PGT-10.2 / PGT-13.9.2 range 1 reaches only from the
    front row to the enemy front row."""
    st = position({"F1": (A, True, True), "F2": B, "B1": (C, False), "B2": D}, {"F1": E})
    act(st, "pass")
    assert st.stack[-1][0] == "combat" and ids(st) == ["attack F2 1", "no attack"]
    options = listed(st)
    assert options["attack F1 1"]["why"] == "it is tapped, and the ability taps it"
    assert options["attack B1 1"]["why"] == "face-down: its abilities work once it is face-up"
    assert options["attack B2 1"]["why"] == "no enemy within range 1"
    assert listed(st, "ja")["attack B2 1"]["why"] == "レンジ1内に敵キャラがいない"
