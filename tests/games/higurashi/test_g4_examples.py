"""The worked examples of the Higurashi rules digest, G4-WE-1 .. G4-WE-8."""

import pytest

from .builder import build, captured, face_up, hand, ids, inst, play, row, sideways


@pytest.mark.parametrize(
    ("attacker", "defender", "allowed"),
    [
        ("C09", "C04", True),  # attack 4 against defence 2
        ("C07", "C06", False),  # attack 2 against defence 5
        ("C11", "C14", False),  # attack 3 against defence 3: not strictly greater
    ],
)
def test_we1_attack_only_when_attack_beats_defence(attacker, defender, allowed):
    """G4-WE-1 / G4-4.2: 4 may attack 2, 2 may not attack 5, and 3 may not attack 3."""
    st = build([[f"{attacker} up"], [f"{defender} up"]])
    assert ("attack 0" in ids(st)) is allowed
    if allowed:
        play(st, "attack 0")
        assert ids(st) == ["target 1.0"]


def test_we1_only_beaten_defences_are_offered_as_targets():
    """G4-WE-1: attack 4 lists the defences 2 and 3 but not 5 (nor the equal 4)."""
    st = build([["C09 up"], ["C04 up", "C06 up", "C14 up", "C13 up"]])
    play(st, "attack 0")
    assert ids(st) == ["target 1.0", "target 1.2"]


@pytest.mark.parametrize("die", [1, 2, 3, 4, 5, 6])
def test_we2_attack_5_against_defence_2_succeeds_on_4_5_6(die):
    """G4-WE-2 / G4-4.3: difference 3 succeeds on the top three faces, 6, 5 and 4."""
    st = build([["C03 up"], ["C04 up", "C06"]])  # attack 5 / defence 3 against 3 / 2
    play(st, "attack 0")
    assert st.legal_actions()[0].label.endswith("success on 4-6")
    st.rng.force(die)
    play(st, "target 1.0")
    assert (captured(st, 0) == ["C04"]) is (die >= 4)
    assert row(st, 1) == (["C06"] if die >= 4 else ["C04", "C06"])
    assert sideways(st, "C03")  # G4-4.4 whatever the outcome
    assert st.to_move == 0  # C04's attack 3 does not beat defence 3: no counter


def test_we2_success_probability_is_one_half():
    """G4-WE-2: three of the six faces succeed, P = 1/2."""
    wins = 0
    for die in range(1, 7):
        st = build([["C03 up"], ["C04 up", "C06"]])
        st.rng.force(die)
        play(st, "attack 0", "target 1.0")
        wins += captured(st, 0) == ["C04"]
    assert wins == 3


@pytest.mark.parametrize(("die", "found"), [(4, True), (3, False)])
def test_we3_scouting_succeeds_on_4_and_fails_on_3(die, found):
    """G4-WE-3 / G4-3.2: roll 4 turns the named card face-up, roll 3 leaves it hidden;
    the scout turns sideways either way (G4-3.3)."""
    st = build([["C09 up"], ["C04"]])
    st.rng.force(die)
    play(st, "scout 0", "target 1.0")
    assert face_up(st, "C04") is found
    assert sideways(st, "C09")
    assert "scout 0" not in ids(st) and "attack 0" not in ids(st)


def test_we3_scouting_succeeds_half_the_time():
    """G4-WE-3: P(success) = 1/2."""
    results = []
    for die in range(1, 7):
        st = build([["C09 up"], ["C04"]])
        st.rng.force(die)
        play(st, "scout 0", "target 1.0")
        results.append(face_up(st, "C04"))
    assert results == [False, False, False, True, True, True]


def we4_position(defender: str = "C44 up"):
    # X = C02 (attack 5, defence 1), Y = C44 (attack 3, defence 4).
    st = build([["C02 up", "C06"], [defender, "C12"]])
    st.rng.force(4)
    play(st, "attack 0", "target 1.0")
    return st


def test_we4_failed_attack_opens_a_counter_on_5_or_6():
    """G4-WE-4: X needs a 6, rolls 4 and fails; X is sideways; Y survived upright with
    attack 3 above X's defence 1, so Y may counter, succeeding on 6 or 5."""
    st = we4_position()
    assert row(st, 1) == ["C44", "C12"]
    assert sideways(st, "C02")
    assert st.to_move == 1
    assert ids(st) == ["counter", "decline"]
    assert st.legal_actions()[0].label.endswith("success on 5-6")


def test_we4_successful_counter_removes_the_attacker_to_the_counter_side():
    """G4-WE-4 / G4-8.1 / G4-GAP-10: the counter succeeds and Y's owner captures X."""
    st = we4_position()
    st.rng.force(5)
    play(st, "counter")
    assert captured(st, 1) == ["C02"]
    assert row(st, 0) == ["C06"]
    assert st.owner[inst(st, "C02")] == -1
    assert st.to_move == 0 and st.stack[-1] == ("main", 0)  # X's player goes on


def test_we4_failed_counter_leaves_both_in_place():
    """G4-WE-4: a counter rolled 4 needs 5-6 and fails; nothing is removed."""
    st = we4_position()
    st.rng.force(4)
    play(st, "counter")
    assert row(st, 0) == ["C02", "C06"] and row(st, 1) == ["C44", "C12"]
    assert captured(st, 0) == captured(st, 1) == []


def test_we4_sideways_defender_cannot_counter():
    """G4-WE-4: had Y acted earlier and been sideways, there is no counter."""
    st = we4_position("C44 up sideways")
    assert st.to_move == 0 and "counter" not in ids(st)


def test_we5_scout_by_revealing_then_act_without_revealing_again():
    """G4-WE-5 / G4-8.2: with no face-up card, reveal one and scout with it; on the
    next turn it scouts or attacks alone while the others stay face-down."""
    st = build([["C09", "C04"], ["C06", "C14 up"]], deck=["E01", "E02"])
    assert {"scout 0", "scout 1"} <= set(ids(st))
    st.rng.force(2)
    play(st, "scout 0")
    assert face_up(st, "C09") and not face_up(st, "C04")
    play(st, "target 1.0")
    play(st, "end", "end")  # P1 ends, then P2
    assert st.to_move == 0 and not sideways(st, "C09")
    assert {"scout 0", "attack 0"} <= set(ids(st))
    st.rng.force(1)
    play(st, "scout 0", "target 1.0")
    assert not face_up(st, "C04")
    assert [e.data["why"] for e in st.log if e.kind == "reveal"] == ["scout"]


def test_we6_sixth_event_must_be_used_or_discarded():
    """G4-WE-6 / G4-6.3 / G4-GAP-5: holding 5 and drawing a 6th, use or discard down to 5."""
    five = ["E01", "E05", "E07", "E09", "E15"]
    st = build([["C02 up"], ["C44 up"]], hands={0: five}, deck=["E18"], at="turn_start")
    assert len(st.hands[0]) == 6 and st.stack[-1][0] == "trim"
    discards = [a for a in ids(st) if a.startswith("discard")]
    assert discards == [f"discard {e}" for e in sorted([*five, "E18"])]
    assert "play E01" in ids(st) and "end" not in ids(st)
    play(st, "discard E09")
    assert hand(st, 0) == ["E01", "E05", "E07", "E15", "E18"]
    assert st.stack[-1] == ("main", 0) and "end" in ids(st)


def test_we6_equipment_does_not_count_toward_the_limit():
    """G4-WE-6 / G4-6.2: an event attached as equipment is out of the hand."""
    st = build([["C02 up"], ["C44 up"]], hands={0: ["E01", "E05", "E07", "E09", "E15"]})
    play(st, "play E15", "target 0.0")
    assert len(st.hands[0]) == 4 and len(st.attached) == 1
    play(st, "end", "end")  # P1 ends, P2 ends, P1 draws a fifth card
    assert len(st.hands[0]) == 5 and st.stack[-1] == ("main", 0)


def test_we7_winner_scores_captured_plus_survivors():
    """G4-WE-7 / G4-2.5: captured 3 + 2 and a surviving 4 make 9; the loser has 0."""
    st = build([["C08 up"], ["C04 up"]], captured={0: ["C01"]})  # C08 4 points, C01 3
    st.rng.force(5)  # attack 4 against defence 2 needs 5-6
    play(st, "attack 0", "target 1.0")
    assert captured(st, 0) == ["C01", "C04"]
    assert st.result.reason == "last_standing"
    assert st.result.winners == (0,)
    assert st.result.scores == (9, 0)
    assert st.to_move is None and not st.alive[1]


def test_we7_pile_exhausted_scores_captured_only():
    """G4-WE-7 / G4-7.2: when the character pile runs out, survivors score only their
    captured points (3 + 2 = 5), not their own characters."""
    st = build(
        [["C08 up"], ["C14 up"]],
        captured={0: ["C01", "C04"]},
        hands={0: ["E22"]},
        pile=["C30"],
    )
    play(st, "play E22")
    assert st.result.reason == "pile_empty"
    assert st.result.scores == (5, 0)
    assert st.result.winners == (0,)


RED_FIVE = ["C11 up", "C04 up", "C12 up", "C09 up", "C10 up"]


def test_we8_five_open_cards_of_one_colour_give_plus_one():
    """G4-WE-8 / G4-9.1: all five face-up and red: every character gets +1 / +1."""
    st = build([RED_FIVE, ["C14 up"]], options={"bonus_rule": True})
    c11 = inst(st, "C11")
    assert (st.attack(c11), st.defence(c11)) == (4, 4)
    assert "attack 0" in ids(st)  # 3 + 1 now beats the enemy's defence 3
    seen = st.observe(1)["seats"][0]["characters"][0]
    assert (seen["attack"], seen["defence"]) == (4, 4)


def test_we8_four_such_cards_give_no_bonus():
    """G4-WE-8: with only four such cards there is no bonus."""
    st = build([RED_FIVE[:4], ["C14 up"]], options={"bonus_rule": True})
    c11 = inst(st, "C11")
    assert (st.attack(c11), st.defence(c11)) == (3, 3)
    assert "attack 0" not in ids(st)
