"""Every interpretation of the rules digest (PM-GAP-1 to PM-GAP-23), both settings
where a rule option switches it. tcglab's own PM-GAP-24 (how value changes combine)
is in test_values.py."""

import pytest

from tcglab.engine.errors import CardDataError, IllegalAction
from tcglab.games.pm import GAME, turn
from tcglab.games.pm.cards import read_card_set

from .builder import build, cards, events, ids, pass_windows, play, values


def test_pm_gap_1_one_redraw():
    """PM-GAP-1 (Opening hand and mulligan)."""
    st = GAME.new_state(5, options={"first_player": "p1"})
    assert st.to_move == 0 and ids(st) == ["keep", "redraw"]
    first_hand = sorted(st.hand[0])
    play(st, "redraw")
    assert len(st.hand[0]) == 7 and sorted(st.deck[0][:7]) == first_hand
    assert st.observe(0)["deck_bottom"] and len(st.observe(0)["deck_bottom"]) == 7
    assert "deck_bottom" not in st.observe(None)
    assert st.to_move == 1 and ids(st) == ["keep", "redraw"]
    play(st, "keep")
    assert st.turn == 1  # no second redraw for anyone
    off = GAME.new_state(5, options={"first_player": "p1", "redraw": False})
    assert off.turn == 1 and off.stack[-1][0] == "window"


def test_pm_gap_2_setup_order():
    """PM-GAP-2 shuffle, coin toss, 7 each, then the first player's turn 1 draws 1."""
    st = GAME.new_state(9, options={"redraw": False})
    first = st.first
    assert [e.kind for e in st.log[:4]] == ["first_player", "draw", "draw", "turn"]
    assert len(st.hand[first]) == 8 and len(st.hand[1 - first]) == 7
    assert len(st.deck[first]) == 52 and len(st.deck[1 - first]) == 53
    firsts = {GAME.new_state(s, options={"redraw": False}).first for s in range(20)}
    assert firsts == {0, 1}


def test_pm_gap_3_two_passes_end_the_approach_timing_and_obstruction_follows():
    """PM-GAP-3 (1.10.6.2 says "the main phase ends" inside the approach phase)."""
    st = build(main=(["SHD-002"], ["SHD-007"]), at="approach")
    play(st, "approach M1")
    assert st.stack[-1][:4] == ("window", 0, "approach", 0)
    play(st, "pass")
    assert st.to_move == 1
    play(st, "pass")
    assert st.stack[-1][0] == "obstruct" and st.to_move == 1


def test_pm_gap_4_timings_after_obstruction_and_after_the_exit_check():
    """PM-GAP-4 (The card-use timings at approach steps 4 and 6 are not described)."""
    st = build(
        main=(["SHD-002"], ["SHD-007"]),
        hand=(["SHD-020", "SHD-014"], ["SHD-020", "SHD-014"]),
        at="approach",
    )
    play(st, "approach M1", "allow", "pass", "pass", "obstruct M1")
    assert st.stack[-1][1:] == (0, "approach", 0, 4) and "play SHD-020" in ids(st)
    play(st, "pass")
    assert st.to_move == 1 and "play SHD-020" in ids(st)
    play(st, "play SHD-020", "pay SHD-014", "allow")  # the non-turn player uses a [両方] event
    assert values(st, "p2.M1") == (30, 50)
    assert st.to_move == 0  # the alternation goes on: two passes needed again
    play(st, "pass", "pass")
    assert events(st, "exit_check")[0]["retired"] == ["p1.M1"]  # 30 >= 30; 40 < 50
    assert st.stack[-1][1:] == (0, "approach", 0, 6)


def test_pm_gap_5_repeated_approaches():
    """PM-GAP-5 (Number of approaches per turn)."""
    for setting, after in (("repeat", ["approach M2", "end"]), ("once", None)):
        st = build(
            main=(["SHD-002", "SHD-010"], []), at="approach", options={"approaches": setting}
        )
        play(st, "approach M1")
        pass_windows(st)
        if after:
            assert ids(st) == after  # M1 is rested, so only M2 may go
            play(st, "approach M2")
            pass_windows(st)
            assert len(st.points[1]) == 2
        else:
            assert st.current == 1 and len(st.points[1]) == 1


def test_pm_gap_6_one_obstructor():
    """PM-GAP-6 (How many obstructors)."""
    st = build(main=(["SHD-002"], ["SHD-007", "SHD-010"]), at="approach")
    play(st, "approach M1")
    pass_windows(st)
    play(st, "obstruct M1")
    assert st.stack[-1][0] == "window"  # no second obstruction is asked for
    assert not st.rested[st.at("p2.M2")]


def test_pm_gap_7_obstructed_approach_gives_no_point():
    """PM-GAP-7 (Points when obstructed)."""
    st = build(main=(["CWA-010"], ["SHD-006"]), at="approach")
    play(st, "approach M1")
    pass_windows(st)
    play(st, "obstruct M1")
    pass_windows(st)
    assert st.points == [[], []] and cards(st, "discard", 1) == ["SHD-006"]


def test_pm_gap_8_participant_leaving_skips_exit_check_and_point():
    """PM-GAP-8: an [アプローチ/自分] retire on the obstructor: no exit check, no point."""
    st = build(
        main=(["SHD-002"], ["SHD-014"]),
        hand=(["CWA-024", "SHD-001", "SHD-001"], []),
        at="approach",
    )
    play(st, "approach M1", "pass", "pass", "obstruct M1")
    play(st, "play CWA-024", "pay SHD-001", "pay SHD-001")
    assert cards(st, "discard", 1) == ["SHD-014"]
    pass_windows(st)
    kinds = [e.kind for e in st.log]
    assert "approach_broken" in kinds and "exit_check" not in kinds
    assert st.points == [[], []]


def test_pm_gap_9_area_choice():
    """PM-GAP-9 (Where a character is placed when it appears)."""
    st = build(hand=(["SHD-014", "SHD-001", "SHD-015", "SHD-001"], []), at="main")
    play(st, "play SHD-014", "pay SHD-001")
    assert ids(st) == ["main", "support"]
    play(st, "support")
    assert cards(st, "support", 0) == ["SHD-014"]
    play(st, "pass", "pass")
    assert st.stack[-1][0] != "approach_declare" or ids(st) == []  # support cannot approach
    st = build(hand=(["SHD-015", "SHD-001"], []), at="main")
    play(st, "play SHD-015", "pay SHD-001")  # no AP/DP: straight to the support area
    assert cards(st, "support", 0) == ["SHD-015"]


def test_pm_gap_10_unique_names_option():
    """PM-GAP-10 (Uniqueness on the field)."""
    on = build(main=(["SHD-001"], []), hand=(["SHD-002", "SHD-014", "SHD-014"], []), at="main")
    assert "play SHD-002" not in ids(on)
    with pytest.raises(IllegalAction, match="Akari Umino is already on your field"):
        on.apply("play SHD-002")
    off = build(
        main=(["SHD-001"], []),
        hand=(["SHD-002", "SHD-014", "SHD-014"], []),
        options={"unique_names": False},
    )
    assert "play SHD-002" in ids(off)
    combi = build(main=(["SHD-004"], []), hand=(["SHD-012", "SHD-001", "SHD-014"], []))
    assert "play SHD-012" not in ids(combi)  # Nagi Shiomi is one of its two names


def test_pm_gap_11_support_card_goes_with_its_character():
    """PM-GAP-11 (Support cards (1.7.3))."""
    st = build(main=(["SHD-014"], ["SHD-004"]), hand=(["SHD-027", "SHD-006"], []), at="main")
    play(st, "play SHD-027", "pay SHD-006", "target p1.M1")
    assert values(st, "p1.M1") == (30, 30)
    st = build(main=(["SHD-002"], ["SHD-014 +SHD-029"]), at="approach")
    assert values(st, "p2.M1") == (20, 40)
    play(st, "approach M1")
    pass_windows(st)
    play(st, "obstruct M1")
    pass_windows(st)
    assert sorted(cards(st, "discard", 1)) == ["SHD-014", "SHD-029"]
    assert st.host.count(-1) == len(st.host)


def test_pm_gap_12_one_action_per_timing():
    """PM-GAP-12 (What one card-use timing allows)."""
    st = build(hand=(["SHD-006", "SHD-008", "SHD-001"], []), at="main")
    play(st, "play SHD-006", "main")
    assert st.to_move == 1  # the opponent's timing comes before P1 may play again
    play(st, "pass")
    assert st.to_move == 0 and "play SHD-008" in ids(st)


def test_pm_gap_13_overpay_mix_and_no_second_use_of_a_point():
    """PM-GAP-13 (Paying cost)."""
    st = build(hand=(["SHD-004", "SHD-001"], []), points=(["SHD-006"], []), at="main")
    play(st, "play SHD-004", "flip p1.P1")
    assert "flip p1.P1" not in ids(st) and ids(st) == ["pay SHD-001"]
    play(st, "pay SHD-001", "main")  # 1 + 2 = 3 for a cost of 2: the extra is lost
    assert events(st, "pay")[-1]["left"] == 0
    assert st.down[st.points[0][0]]


def test_pm_gap_14_face_down_points_count_for_victory():
    """PM-GAP-14 (Face-down point cards)."""
    st = build(main=(["SHD-002"], []), points=([], ["SHD-014 down"] * 6), at="approach")
    play(st, "approach M1")
    pass_windows(st)
    assert st.result.winners == (0,) and st.result.reason == "seven_points"


def test_pm_gap_15_break_is_free_unless_the_option_says_otherwise():
    """PM-GAP-15 ([ブレイク] cost and timing)."""
    st = build(main=(["SHD-002"], []), deck_top=([], ["SHD-021"]), at="approach")
    play(st, "approach M1")
    pass_windows(st)
    play(st, "break")
    assert events(st, "pay") == []
    poor = build(
        main=(["SHD-002"], []),
        deck_top=([], ["SHD-021"]),
        at="approach",
        options={"break_pays_cost": True},
    )
    play(poor, "approach M1")
    pass_windows(poor)
    assert poor.stack[-1][0] != "break"  # nothing to pay with: no break offered
    rich = build(
        main=(["SHD-002"], []),
        hand=([], ["SHD-014"]),
        deck_top=([], ["SHD-021"]),
        at="approach",
        options={"break_pays_cost": True},
    )
    play(rich, "approach M1")
    pass_windows(rich)
    play(rich, "break", "pay SHD-014")
    assert events(rich, "pay")[0]["card"] == "SHD-014"


def test_pm_gap_16_combi_needs_a_same_name_source():
    """PM-GAP-16 ([コンビ] details)."""
    st = build(hand=(["SHD-012", "SHD-014", "SHD-014"], []), at="main")
    assert "play SHD-012" not in ids(st)
    with pytest.raises(
        IllegalAction, match="must be paid with a character named Akari Umino or Nagi"
    ):
        st.apply("play SHD-012")
    st = build(hand=(["SHD-012", "SHD-014", "SHD-001"], []), at="main")
    play(st, "play SHD-012")
    assert sorted(ids(st)) == ["pay SHD-001", "pay SHD-014"]
    play(st, "pay SHD-014")
    assert ids(st) == ["pay SHD-001"]  # the payment may not end without Akari or Nagi
    play(st, "pay SHD-001", "main")
    assert cards(st, "main", 0) == ["SHD-012"]
    st = build(hand=(["SHD-012"], []), points=(["SHD-004", "SHD-014"], []), at="main")
    play(st, "play SHD-012", "flip p1.P1", "flip p1.P2", "main")  # from the point area
    assert cards(st, "main", 0) == ["SHD-012"]
    st = build(hand=(["MTS-012", "MTS-004"], []), at="main")
    play(st, "play MTS-012", "pay MTS-004", "main")
    assert cards(st, "main", 0) == ["MTS-012"]


def test_pm_gap_17_natural_reads_the_current_cost():
    """PM-GAP-17 ([天然X] "cost")."""
    st = build(
        main=(["CWA-002"], ["CWA-004"]),
        hand=([], ["CWA-025", "SHD-014", "SHD-014"]),
        at="main",
    )
    play(st, "pass", "play CWA-025", "pay SHD-014")  # [メイン/両方]: +2 cost until end of turn
    assert st.cost(st.at("p2.M1")) == 4
    pass_windows(st)
    play(st, "approach M1")
    pass_windows(st)
    assert ids(st) == ["obstruct M1", "let through"]


def test_pm_gap_18_link_partner_rules():
    """PM-GAP-18 ([連携] details)."""
    st = build(main=(["PCS-005", "PCS-010 rested"], []), at="approach")
    assert ids(st) == ["approach M1", "end"]  # (c) a rested partner cannot link
    st = build(main=(["PCS-005"], []), support=(["PCS-010"], []), at="approach")
    assert ids(st) == ["approach M1", "end"]  # (d) not from the support area
    st = build(main=(["PCS-005", "PCS-012"], []), at="approach")
    assert "link M1+M2" not in ids(st)  # a [コンビ] character is never a partner


def test_pm_gap_19_deck_out_is_checked_at_once():
    """PM-GAP-19 (When deck-out applies)."""
    st = build(at="main", current=0)
    st.deck[1] = st.deck[1][-1:]  # P2 will draw its last card and a second it lacks
    st.stack = [("turn_start", 1)]
    st.advance()
    assert st.result.winners == (0,) and st.result.reason == "deck_out"
    assert len(st.hand[1]) == 1 and st.to_move is None
    both = build(at="main")
    both.deck = [[], []]
    turn.check_victory(both)
    assert both.result.winners == () and both.result.reason == "draw"


def test_pm_gap_20_until_end_of_turn():
    """PM-GAP-20 (Until-end-of-turn effects)."""
    st = build(main=(["SHD-014 new"], []), hand=(["SHD-022", "SHD-001"], []), at="main")
    play(st, "play SHD-022", "pay SHD-001")
    assert values(st, "p1.M1") == (30, 20)
    pass_windows(st)
    assert values(st, "p1.M1") == (20, 20) and st.mods == []


def test_pm_gap_21_non_turn_player_in_the_main_phase():
    """PM-GAP-21 (Who uses events in the main phase)."""
    st = build(hand=(["SHD-001"], ["SHD-021", "SHD-018", "SHD-014", "SHD-022", "SHD-001"]))
    play(st, "pass")
    assert st.to_move == 1 and ids(st) == ["play SHD-021", "pass"]
    with pytest.raises(IllegalAction, match=r"approach phase on your own turn.*PM-1\.8"):
        st.apply("play SHD-018")
    with pytest.raises(IllegalAction, match="only the turn player"):
        st.apply("play SHD-014")


def test_pm_gap_22_interrupts():
    """PM-GAP-22 (Interrupt ([割り込み]) timing)."""
    st = build(
        main=(["SHD-002"], ["SHD-007"]),
        hand=(["SHD-018", "SHD-001"], ["CWA-023", "SHD-014"]),
        at="approach",
    )
    play(st, "approach M1", "allow")
    assert st.to_move == 0 and "play SHD-018" in ids(st)
    st2 = build(
        main=(["SHD-002"], ["SHD-007"]),
        hand=(["SHD-020", "SHD-001"], ["CWA-023", "SHD-014"]),
        at="approach",
    )
    play(st2, "approach M1", "allow", "play SHD-020", "pay SHD-001")
    assert st2.to_move == 1 and ids(st2) == ["play CWA-023", "allow"]
    play(st2, "play CWA-023", "pay SHD-014")
    assert values(st2, "p1.M1") == (40, 30)  # cancelled before it could resolve
    assert cards(st2, "discard", 0) == ["SHD-001", "SHD-020"]
    assert [e.kind for e in st2.log].count("negated") == 1
    # A [割り込み] on an approach: answered at once, before the first timing.
    st3 = build(main=(["SHD-002"], ["SHD-007"]), hand=([], ["SHD-025", "SHD-014"]), at="approach")
    play(st3, "approach M1")
    assert st3.to_move == 1 and ids(st3) == ["play SHD-025", "allow"]
    play(st3, "play SHD-025", "pay SHD-014")
    assert values(st3, "p1.M1") == (30, 30)
    assert st3.stack[-1][:4] == ("window", 0, "approach", 0)


def test_pm_gap_23_no_ex_deck_and_no_later_keywords(tmp_path):
    """PM-GAP-23 (Later rule additions not in this text)."""
    assert GAME.check_deck("4 SHD-001\n" * 15 + "4 SHD-004\n" * 3 + "3 SHD-014\n")
    (tmp_path / "x.toml").write_text(
        '[work]\ncode = "XX"\ntitle_ja = "x"\ntitle_en = "x"\n[[card]]\nid = "XX-001"\nno = 1\n'
        'kind = "character"\nname_ja = "x"\nname_en = "x"\ncost = 1\nsource = 1\n'
        'colour = "red"\nap = 10\ndp = 10\nforced_approach = true\n'
    )
    with pytest.raises(CardDataError, match="forced_approach"):
        read_card_set(tmp_path)
