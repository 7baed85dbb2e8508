"""Every worked example of the rules digest (PM-WE-1 to PM-WE-15) as a built position."""

from tcglab.games.pm.state import PMState

from .builder import build, cards, events, ids, pass_windows, play, values


def approach_and_obstruct(st: PMState, approach: str, obstruct: str | None) -> None:
    play(st, approach)
    pass_windows(st)
    play(st, f"obstruct {obstruct}" if obstruct else "let through")


def test_pm_we_1_exit_check_text_example():
    """PM-WE-1: 40/30 approaches, 20/40 obstructs: the obstructor exits, the
    approacher stays; no point; the approacher stays rested."""
    st = build(main=(["SHD-002"], ["SHD-007"]), at="approach")
    assert values(st, "p1.M1") == (40, 30) and values(st, "p2.M1") == (20, 40)
    approach_and_obstruct(st, "approach M1", "M1")
    pass_windows(st)
    assert cards(st, "main", 0) == ["SHD-002"]
    assert cards(st, "main", 1) == []
    assert cards(st, "discard", 1) == ["SHD-007"]
    assert st.points == [[], []]
    assert st.rested[st.at("p1.M1")]
    assert events(st, "exit_check")[0]["retired"] == ["p2.M1"]


def test_pm_we_2_mutual_exit():
    """PM-WE-2: 30/30 against 30/30: AP = DP both ways, both exit."""
    st = build(main=(["SHD-010"], ["MTS-009"]), at="approach")
    approach_and_obstruct(st, "approach M1", "M1")
    pass_windows(st)
    assert cards(st, "main", 0) == [] and cards(st, "main", 1) == []
    assert cards(st, "discard", 0) == ["SHD-010"] and cards(st, "discard", 1) == ["MTS-009"]


def test_pm_we_3_no_obstruction_gives_own_deck_top_point():
    """PM-WE-3: no obstruction: no exit check, the non-turn player's own deck top goes
    face-up into their own point area."""
    st = build(main=(["SHD-002"], ["SHD-007"]), deck_top=(["SHD-014"], ["CWA-001"]), at="approach")
    approach_and_obstruct(st, "approach M1", None)
    assert cards(st, "points", 1) == ["CWA-001"] and not st.down[st.points[1][0]]
    assert cards(st, "points", 0) == []
    assert "exit_check" not in [e.kind for e in st.log]


def test_pm_we_3_seventh_point_wins():
    st = build(main=(["SHD-002"], []), points=([], ["SHD-014"] * 6), at="approach")
    play(st, "approach M1")
    pass_windows(st)
    assert st.result is not None and st.result.winners == (0,)
    assert st.result.reason == "seven_points"


def test_pm_we_3_point_that_empties_the_deck_wins():
    st = build(main=(["SHD-002"], []), at="approach")
    st.deck[1] = st.deck[1][-1:]
    play(st, "approach M1")
    pass_windows(st)
    assert st.result.winners == (0,) and st.result.reason == "deck_out"


def test_pm_we_4_link_both_allocations():
    """PM-WE-4: 30/30 [連携:pilot] with a 40/40 pilot against 30/50: 70 >= 50, the
    obstructor exits; its AP 30 goes wherever its owner says."""
    for split, gone in (("30/0", ["PCS-005"]), ("0/30", [])):
        st = build(main=(["PCS-005", "PCS-010"], ["PCS-017"]), at="approach")
        assert "link M1+M2" in ids(st)
        approach_and_obstruct(st, "link M1+M2", "M1")
        pass_windows(st)
        assert st.to_move == 1 and "allocate 30/0" in ids(st) and "allocate 0/30" in ids(st)
        play(st, f"allocate {split}")
        assert cards(st, "discard", 1) == ["PCS-017"]
        assert cards(st, "discard", 0) == gone
        assert events(st, "exit_check")[0]["approach"] == 70


def test_pm_we_5_link_unobstructed_gives_one_point():
    """PM-WE-5: a linked pair let through gives one point, not two."""
    st = build(main=(["PCS-005", "PCS-010"], []), at="approach")
    play(st, "link M1+M2")
    pass_windows(st)
    assert len(st.points[1]) == 1
    assert st.rested[st.at("p1.M1")] and st.rested[st.at("p1.M2")]


def test_pm_we_6_first_player_turn_one():
    """PM-WE-6: the first player draws 1 on turn 1 and cannot approach, even with
    [アクティブ]; the second player draws 2 on its first turn."""
    st = build(main=(["SHD-001 new"], []), hand=(["SHD-004"], []), turn=1, at="turn_start")
    assert len(st.hand[0]) == 2  # one drawn
    pass_windows(st)
    assert st.current == 1 and st.turn == 2  # no approach was offered to P1
    assert events(st, "draw")[-1]["count"] == 2
    assert "no_approach" not in [e.kind for e in st.log]


def test_pm_we_7_active_approaches_the_turn_it_appears():
    """PM-WE-7: an [アクティブ] character may approach the turn it appears."""
    st = build(hand=(["SHD-001", "SHD-006", "PCS-004"], []), at="main")
    play(st, "play SHD-001", "pay PCS-004", "main")
    pass_windows(st)
    assert ids(st) == ["approach M1", "end"]
    st = build(hand=(["SHD-014", "SHD-006", "PCS-004"], []), at="main")
    play(st, "play SHD-014", "pay PCS-004", "main")
    pass_windows(st)
    assert st.current == 1  # a plain character must wait a turn


def test_pm_we_8_natural_blocks_cheap_obstructors():
    """PM-WE-8: [天然2] against a cost-2 and a cost-3 character: only the cost-3
    character may obstruct."""
    st = build(main=(["CWA-002"], ["CWA-004", "CWA-008"]), at="approach")
    play(st, "approach M1")
    pass_windows(st)
    assert ids(st) == ["obstruct M2", "let through"]


def test_pm_we_9_paying_three_with_two_source_cards():
    """PM-WE-9: a cost-3 card paid by two 2-source cards (4, the extra is lost), or a
    2-source and a 1-source, or face-up point cards."""
    st = build(hand=(["SHD-002", "SHD-001", "SHD-004"], []), at="main")
    play(st, "play SHD-002", "pay SHD-001")
    assert st.stack[-1][0] == "pay" and st.stack[-1][3] == 1
    play(st, "pay SHD-004", "main")
    assert cards(st, "main", 0) == ["SHD-002"] and len(st.hand[0]) == 0
    st = build(hand=(["SHD-002", "SHD-001", "SHD-006"], []), at="main")
    play(st, "play SHD-002", "pay SHD-001", "pay SHD-006", "main")
    assert cards(st, "discard", 0) == ["SHD-001", "SHD-006"]
    st = build(hand=(["SHD-002"], []), points=(["SHD-001", "SHD-004"], []), at="main")
    play(st, "play SHD-002", "flip p1.P1", "flip p1.P2", "main")
    assert all(st.down[i] for i in st.points[0]) and len(st.points[0]) == 2


def test_pm_we_10_cards_spent_per_cost():
    """PM-WE-10: with 2-source cards a cost-2 card spends 2 cards, cost 3 and cost 4
    spend 3, which is why 2- and 4-cost cards are the efficient ones."""
    spent = {}
    for card_id, cost in (("SHD-004", 2), ("SHD-002", 3), ("SHD-011", 4)):
        st = build(hand=([card_id, "SHD-001", "SHD-001", "SHD-001"], []), at="main")
        play(st, f"play {card_id}")
        while st.stack[-1][0] == "pay":
            play(st, "pay SHD-001")
        spent[cost] = 4 - len(st.hand[0])
    assert spent == {2: 2, 3: 3, 4: 3}


def test_pm_we_11_hand_adjustment():
    """PM-WE-11: the turn player ends with 9 cards and discards 2; the other keeps 9."""
    st = build(hand=(["SHD-014"] * 9, ["SHD-014"] * 9), at="end")
    assert st.to_move == 0 and ids(st) == ["discard SHD-014"]
    play(st, "discard SHD-014", "discard SHD-014")
    assert len(st.discard[0]) == 2 and len(st.discard[1]) == 0
    assert st.current == 1  # the next turn began: P2 has drawn 2 and keeps all 11
    assert len(st.hand[1]) == 11


def test_pm_we_12_sixth_main_character_discards_one():
    """PM-WE-12: a sixth main character puts one of the five into the discard."""
    st = build(
        main=(["SHD-001", "SHD-004", "SHD-008", "SHD-010", "SHD-014"], []),
        hand=(["SHD-006"], []),
        at="main",
    )
    play(st, "play SHD-006")
    assert ids(st) == [f"main over M{n}" for n in range(1, 6)] + ["support"]
    play(st, "main over M2")
    assert cards(st, "main", 0) == ["SHD-001", "SHD-008", "SHD-010", "SHD-014", "SHD-006"]
    assert cards(st, "discard", 0) == ["SHD-004"]


def test_pm_we_13_adversity_counts_face_down_points():
    """PM-WE-13: [逆境3] works with 3 point cards, face-down ones included."""
    st = build(main=(["SHD-009"], []), points=(["SHD-014", "SHD-014 down"], []))
    assert values(st, "p1.M1") == (30, 40)
    st = build(main=(["SHD-009"], []), points=(["SHD-014", "SHD-014 down", "SHD-001 down"], []))
    assert values(st, "p1.M1") == (50, 60)


def test_pm_we_14_break_from_the_point_area():
    """PM-WE-14: the point card put face-up is a [ブレイク] event: its owner turns it
    face-down to play it, and it still counts as a point."""
    st = build(main=(["SHD-002"], []), deck_top=([], ["SHD-021"]), at="approach")
    hand_before = len(st.hand[1])
    play(st, "approach M1")
    pass_windows(st)
    assert st.to_move == 1 and ids(st) == ["break", "keep"]
    play(st, "break")
    assert len(st.points[1]) == 1 and st.down[st.points[1][0]]
    assert len(st.hand[1]) == hand_before + 1  # Wish on a Shooting Star drew a card


def test_pm_we_15_trade_arithmetic():
    """PM-WE-15: the opponent's 4-cost costs 3 cards; a 2-cost plus an event costs 3."""
    st = build(hand=(["SHD-011", "SHD-001", "SHD-001"], []), at="main")
    play(st, "play SHD-011", "pay SHD-001", "pay SHD-001", "main")
    assert len(st.hand[0]) == 0 and len(st.discard[0]) == 2
    st = build(hand=(["SHD-004", "SHD-001", "SHD-020", "SHD-001"], []), at="main")
    play(st, "play SHD-004", "pay SHD-001", "main")
    pass_windows(st)
    play(st, "approach M1", "play SHD-020", "pay SHD-001")
    assert len(st.hand[0]) == 0 and len(st.discard[0]) == 3
