"""Rules of PM-1 beyond the worked examples: texts, keywords, effects and bad input."""

import re

import pytest

from tcglab.engine.errors import IllegalAction
from tcglab.engine.rng import Rng

from .builder import build, cards, events, ids, pass_windows, play, values


def test_pm_1_7_4_coloured_source_and_rest_texts():
    # Nagi Shiomi (SHD-005): [Approach/Own] pay 1 red source: +10/+10.
    st = build(main=(["SHD-005"], []), hand=(["SHD-008", "SHD-014"], []), at="approach")
    play(st, "approach M1")
    assert "use p1.M1" not in ids(st)  # yellow cards cannot pay a red price
    st = build(main=(["SHD-005"], []), hand=(["SHD-008", "SHD-001"], []), at="approach")
    play(st, "approach M1", "use p1.M1")
    assert ids(st) == ["pay SHD-001"]
    play(st, "pay SHD-001")
    assert values(st, "p1.M1") == (60, 50)
    # Tomoshibi (SHD-016, support area): rest and pay 1 to draw.
    st = build(support=(["SHD-016"], []), hand=(["SHD-014"], []), at="main")
    play(st, "use p1.S1", "pay SHD-014")
    assert st.rested[st.at("p1.S1")] and len(st.hand[0]) == 1
    assert "use p1.S1" not in ids(st) if st.to_move == 0 else True


def test_pm_1_10_4_2_activation_only_of_ones_own():
    st = build(main=(["SHD-001 rested"], ["SHD-004 rested"]), current=1, at="turn_start")
    assert not st.rested[st.at("p2.M1")] and st.rested[st.at("p1.M1")]


def test_pm_1_4_4_no_moving_between_areas_and_support_cannot_obstruct():
    st = build(main=(["SHD-002"], []), support=([], ["SHD-013"]), at="approach")
    play(st, "approach M1")
    pass_windows(st)
    assert len(st.points[1]) == 1  # a support-area character may not obstruct
    assert not any(a.startswith("move") for a in ids(st))


def test_adversity_gates_a_text_and_source_three():
    st = build(main=(["SHD-017"], []), hand=(["SHD-014"], []), points=(["SHD-001"], []))
    play(st, "pass", "pass", "approach M1")
    assert "use p1.M1" not in ids(st)  # [逆境2] with one point card
    st = build(hand=(["SHD-011"], []), points=(["SHD-001"] * 3, []))
    # Hotaru Shioiri (SHD-011) gives 3 with 4 points: not yet with 3.
    assert st.card(st.hand[0][0]).source3 == 4


def test_source_three_pays_three():
    st = build(hand=(["SHD-002", "SHD-011"], []), points=(["SHD-014 down"] * 4, []))
    play(st, "play SHD-002", "pay SHD-011", "main")
    assert events(st, "pay")[0]["source"] == 3 and cards(st, "main", 0) == ["SHD-002"]


def test_aura_and_lent_active():
    st = build(main=(["SHD-014", "SHD-010"], []), support=(["SHD-015"], []))
    assert values(st, "p1.M1") == (30, 20) and values(st, "p1.M2") == (30, 30)
    st = build(main=(["SHD-014 new +SHD-028"], []), at="approach")
    assert ids(st) == ["approach M1", "end"] and values(st, "p1.M1") == (20, 30)


def test_effects_rest_activate_set_swap_retire_discount_scripts():
    st = build(main=([], ["SHD-013"]), hand=(["SHD-023", "SHD-001"], []))
    play(st, "play SHD-023", "pay SHD-001")
    assert st.rested[st.at("p2.M1")]
    st = build(main=(["SHD-014 rested"], []), hand=(["CWA-021", "SHD-001"], []))
    play(st, "play CWA-021", "pay SHD-001")
    assert not st.rested[st.at("p1.M1")]
    st = build(main=(["SHD-013"], ["PCS-008"]), hand=(["PCS-023", "PCS-001", "PCS-001"], []))
    play(st, "play PCS-023", "pay PCS-001", "pay PCS-001")
    assert cards(st, "discard", 1) == ["PCS-008"]
    st = build(hand=(["SHD-024", "SHD-002", "SHD-001"], []))
    play(st, "play SHD-024", "pass", "play SHD-002", "pay SHD-001", "main")
    assert cards(st, "main", 0) == ["SHD-002"] and st.discount == [0, 0]
    st = build(hand=(["CWA-029", "SHD-014"], []), points=(["SHD-001 down", "SHD-006 down"], []))
    play(st, "play CWA-029", "pay SHD-014")
    assert [st.down[i] for i in st.points[0]] == [False, True]  # the 2-source card
    st = build(
        main=(["SHD-001 rested", "SHD-004 rested"], []),
        hand=(["SHD-030", "SHD-001", "SHD-004"], []),
    )
    play(st, "play SHD-030", "pay SHD-001", "pay SHD-004")
    assert not any(st.rested[i] for i in st.main[0])


def test_set_and_swap_in_the_approach():
    st = build(main=(["SHD-013"], ["SHD-007"]), hand=([], ["CWA-022", "SHD-014"]), at="approach")
    play(st, "approach M1", "allow", "pass", "play CWA-022", "pay SHD-014")
    assert values(st, "p1.M1") == (30, 30)
    st = build(main=(["SHD-002"], ["SHD-007"]), hand=(["CWA-019", "SHD-014"], []), at="approach")
    play(st, "approach M1", "pass", "pass", "obstruct M1", "play CWA-019", "pay SHD-014")
    assert values(st, "p2.M1") == (40, 20)
    pass_windows(st)
    # 40 >= 20 and the swapped AP 40 >= 30: both exit.
    assert cards(st, "discard", 1) == ["SHD-007"] and cards(st, "main", 0) == []


def test_bad_input_changes_nothing():
    st = build(hand=(["SHD-018", "SHD-013", "SHD-006"], []), at="main")
    before, log = st.digest(), len(st.log)
    for action_id, reason in (
        ("play SHD-018", r"approach phase on your own turn; now it is the main phase"),
        ("play SHD-013", r"cost 6, you can pay 2 \(PM-1\.5\)"),
        ("play SHD-999", r"SHD-999 is not in your hand; hand: SHD-006, SHD-013, SHD-018"),
        ("use p1.M1", r"no card at p1.M1"),
    ):
        with pytest.raises(IllegalAction, match=reason) as caught:
            st.apply(action_id)
        assert "\n" not in str(caught.value)
    assert st.digest() == before and len(st.log) == log


def test_a_place_numbered_zero_or_below_names_no_card():
    """p1.M0 is no place: it does not read as the last character of the area, nor p0
    as the other player's side."""
    st = build(main=(["SHD-005", "SHD-007"], ["SHD-006"]), at="main")
    before = st.digest()
    for action_id in ("use p1.M0", "use p0.M1", "use p1.M-1"):
        place = action_id.split()[1]
        with pytest.raises(IllegalAction, match=f"no card at {re.escape(place)}"):
            st.apply(action_id)
    assert st.digest() == before


def test_bad_payments_say_why():
    st = build(hand=(["SHD-012", "SHD-014", "SHD-001"], []), points=(["SHD-006 down"], []))
    play(st, "play SHD-012", "pay SHD-014")
    before = st.digest()
    for action_id, reason in (
        ("pay SHD-014", "SHD-014 is not in your hand; hand: SHD-001"),
        ("flip p1.P1", "only a face-up card of your own point area can pay"),
        ("flip p2.P9", "no card at p2.P9"),
    ):
        with pytest.raises(IllegalAction, match=reason):
            st.apply(action_id)
    assert st.digest() == before
    st = build(hand=(["SHD-012", "SHD-014", "SHD-008", "SHD-001"], []))
    play(st, "play SHD-012", "pay SHD-014")
    with pytest.raises(IllegalAction, match="must include a character named Akari Umino or Nagi"):
        st.apply("pay SHD-008")
    st = build(main=(["SHD-005"], []), hand=(["SHD-001", "SHD-008"], []), at="approach")
    play(st, "approach M1", "use p1.M1")
    with pytest.raises(IllegalAction, match="1 more red source is needed"):
        st.apply("pay SHD-008")


def test_hidden_hand_and_deck():
    st = build(hand=(["SHD-018"], ["CWA-023", "SHD-013"]), at="main")
    view = st.observe(0)
    assert view["hand"] == ["SHD-018"] and view["seats"][1]["hand_size"] == 2
    assert "CWA-023" not in str(view) and "SHD-013" not in str(st.observe(None))
    assert all("CWA-023" not in e["message"] for e in st.events_for(0))


def test_determinize_when_the_opponent_decides():
    st = build(
        main=(["SHD-002"], ["SHD-007"]),
        hand=(["SHD-020", "SHD-001"], ["CWA-023", "SHD-014", "SHD-021"]),
        at="approach",
    )
    play(st, "approach M1", "allow", "play SHD-020", "pay SHD-001")
    assert st.to_move == 1
    for seed in range(10):
        twin = st.determinize(0, Rng(seed))
        assert twin.observe(0) == st.observe(0)
        assert twin.legal_actions() and "allow" in [a.id for a in twin.legal_actions()]
        while not twin.over:
            twin.apply(Rng(seed).choice(twin.legal_actions()))
