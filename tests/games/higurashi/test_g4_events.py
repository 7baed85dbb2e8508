"""Event cards (G4-6, G4-8.4 .. G4-8.7): each effect, the hand limit and the bonus rule."""

import pytest

from .builder import (
    build,
    captured,
    events,
    face_up,
    hand,
    ids,
    inst,
    kinds,
    play,
    row,
    sideways,
)


def stats(st, card_id):
    i = inst(st, card_id)
    return st.attack(i), st.defence(i)


# -- stat modifiers ----------------------------------------------------------------


def test_stat_until_end_of_turn_expires_when_the_turn_ends():
    """E01 +2 attack until the end of this turn."""
    st = build([["C11 up"], ["C14 up"]], hands={0: ["E01"]})
    play(st, "play E01", "target 0.0")
    assert stats(st, "C11") == (5, 3)
    assert st.observe(1)["seats"][0]["characters"][0]["attack_mod"] == 2
    play(st, "end")
    assert stats(st, "C11") == (3, 3)


def test_stat_until_next_turn_lasts_through_the_opponents_turn():
    """E02 +2 defence until the start of your next turn: it guards during P2's turn."""
    st = build([["C11 up"], ["C02 up"]], hands={0: ["E02"]})
    play(st, "play E02", "target 0.0")
    play(st, "end")
    assert stats(st, "C11") == (3, 5)
    assert "attack 0" not in ids(st)  # P2's C02 (attack 5) no longer beats defence 5
    play(st, "end")
    assert stats(st, "C11") == (3, 3)


def test_stat_on_an_enemy_until_next_turn():
    """E06 -2 attack on a face-up enemy until the start of your next turn; its area
    (G4-6.1) lists face-up enemies only."""
    st = build([["C14 up"], ["C02 up", "C04"]], hands={0: ["E06"]})
    play(st, "play E06")
    assert ids(st) == ["target 1.0"]  # face-up enemies only
    play(st, "target 1.0", "end")
    assert stats(st, "C02") == (3, 1) and "attack 0" not in ids(st)
    play(st, "end")
    assert stats(st, "C02") == (5, 1)


def test_stat_on_all_own_characters():
    """E04 +1 attack to all your characters, face-down ones included, this turn."""
    st = build([["C11 up", "C04", "C12 up"], ["C14 up"]], hands={0: ["E04"]})
    play(st, "play E04")
    assert [stats(st, c)[0] for c in ("C11", "C04", "C12")] == [4, 4, 4]
    play(st, "end")
    assert [stats(st, c)[0] for c in ("C11", "C04", "C12")] == [3, 3, 3]


def test_defence_loss_opens_an_attack():
    """E05 -2 defence on a face-up enemy makes attack 3 beat defence 3."""
    st = build([["C11 up"], ["C14 up", "C06"]], hands={0: ["E05"]})
    play(st, "play E05")
    assert ids(st) == ["target 1.0"]
    play(st, "target 1.0")
    assert "attack 0" in ids(st)


def test_values_never_drop_below_zero():
    st = build([["C14 up"], ["C20 up"]], hands={0: ["E05"]})
    play(st, "play E05", "target 1.0")
    assert stats(st, "C20") == (5, 0)


# -- steal -------------------------------------------------------------------------


def test_steal_makes_the_character_your_own_not_captured():
    """G4-8.5 / G4-8.6 E11 takes a sideways enemy as your own: not captured, and your
    row may grow beyond the five dealt."""
    mine = ["C11 up", "C04", "C12", "C09", "C10"]
    st = build([mine, ["C13 up sideways", "C14"]], hands={0: ["E11"]})
    play(st, "play E11")
    assert ids(st) == ["target 1.0"]  # sideways enemies only
    play(st, "target 1.0")
    assert row(st, 0) == ["C11", "C04", "C12", "C09", "C10", "C13"]
    assert row(st, 1) == ["C14"]
    assert st.owner[inst(st, "C13")] == 0
    assert captured(st, 0) == []


def test_stolen_character_scores_as_your_own():
    """G4-8.6 at the end it counts among your survivors, not your captured cards."""
    st = build([["C11 up"], ["C13 up sideways"]], hands={0: ["E11"]})
    play(st, "play E11", "target 1.0")
    assert st.result.reason == "last_standing"  # the victim has no characters left
    assert st.result.scores == (3 + 4, 0) and captured(st, 0) == []


def test_stolen_character_keeps_its_equipment_and_stands_up_on_its_new_owners_turn():
    """G4-8.6 the stolen character is the thief's own from then on: its sword comes
    along, and it stands up at the thief's next turn (G4-GAP-6)."""
    st = build(
        [["C11 up"], ["C13 up", "C14"]],
        hands={0: ["E11"], 1: ["E15"]},
        deck=["E01", "E02", "E03"],
        to_move=1,
    )
    play(st, "play E15", "target 1.0")
    st.rng.force_for("dice", 1)
    play(st, "attack 0", "target 0.0", "end")  # 5 against 3 fails; C13 is sideways
    play(st, "play E11", "target 1.0")
    assert row(st, 0) == ["C11", "C13"] and stats(st, "C13") == (5, 4)
    assert sideways(st, "C13")
    play(st, "end", "end")
    assert st.to_move == 0 and not sideways(st, "C13")


@pytest.mark.parametrize(("die", "taken"), [(4, False), (5, True)])
def test_steal_with_a_needed_roll(die, taken):
    """E12 works only on a 5 or more."""
    st = build([["C11 up"], ["C13 up", "C14"]], hands={0: ["E12"]})
    st.rng.force_for("chance", die)
    play(st, "play E12", "target 1.0")
    assert (row(st, 0) == ["C11", "C13"]) is taken
    assert ("fizzle" in kinds(st)) is not taken
    assert hand(st, 0) == [] and len(st.discard) == 1


# -- capture -----------------------------------------------------------------------


def test_capture_limited_by_defence():
    """E13 subjugates a face-up enemy of defence 1 or less into your captured pile."""
    st = build([["C11 up"], ["C02 up", "C20 up", "C04 up", "C07"]], hands={0: ["E13"]})
    play(st, "play E13")
    assert ids(st) == ["target 1.0", "target 1.1"]
    play(st, "target 1.1")
    assert captured(st, 0) == ["C20"] and events(st, "capture")[0]["how"] == "subjugate"


@pytest.mark.parametrize(("die", "taken"), [(5, False), (6, True)])
def test_capture_with_a_needed_roll(die, taken):
    """E14 subjugates a face-up enemy only on a 6; captured cards score (G4-8.6)."""
    st = build([["C11 up"], ["C13 up", "C14"]], hands={0: ["E14"]})
    st.rng.force_for("chance", die)
    play(st, "play E14", "target 1.0")
    assert (captured(st, 0) == ["C13"]) is taken


# -- equipment ---------------------------------------------------------------------


def test_equipment_lasts_and_leaves_with_its_character():
    """G4-6.2 equipment stays on the character, outside the hand, turn after turn, and
    goes to the discard when its character is captured."""
    st = build(
        [["C11 up", "C06"], ["C01 up", "C14"]], hands={0: ["E17"]}, deck=["E01", "E02", "E03"]
    )
    play(st, "play E17", "target 0.0")
    assert stats(st, "C11") == (5, 2) and hand(st, 0) == []
    assert st.observe(1)["seats"][0]["characters"][0]["equipment"] == ["E17"]
    play(st, "end", "end", "end")  # to P2's second turn
    assert stats(st, "C11") == (5, 2)
    st.rng.force_for("dice", 6)
    play(st, "attack 0", "target 0.0")  # C01 attack 6 against defence 2
    assert captured(st, 1) == ["C11"]
    assert [st.event_card(e).id for e in st.discard] == ["E17"] and st.attached == {}


# -- information -------------------------------------------------------------------


def test_reveal_turns_an_enemy_face_up_for_everyone():
    """E18 turns a face-down enemy face-up; every seat now knows it."""
    st = build([["C11 up"], ["C04 up", "C06"], ["C14"]], hands={0: ["E18"]})
    play(st, "play E18")
    assert ids(st) == ["target 1.1", "target 2.0"]
    play(st, "target 1.1")
    assert face_up(st, "C06")
    assert st.observe(2)["seats"][1]["characters"][1]["card"]["id"] == "C06"


def test_peek_shows_the_card_to_the_peeker_only():
    """E19 the peeker learns the card; it stays face-down and hidden from the others."""
    st = build([["C11 up"], ["C04 up", "C06"], ["C14"]], hands={0: ["E19"]})
    play(st, "play E19", "target 1.1")
    assert not face_up(st, "C06")
    assert st.observe(0)["seats"][1]["characters"][1]["card"]["id"] == "C06"
    assert st.observe(2)["seats"][1]["characters"][1]["card"] is None
    assert st.observe(None)["seats"][1]["characters"][1]["card"] is None
    assert "C06" not in str(st.log[-1].data)
    play(st, "scout 0")  # knowing it does not make it attackable: it must be scouted
    assert "target 1.1" in ids(st)


# -- readiness, cards and characters -----------------------------------------------


def test_ready_stands_a_sideways_character_up():
    """E20 a sideways character of yours stands up and may act again."""
    st = build([["C01 up"], ["C06 up", "C05 up"]], hands={0: ["E20"]})
    assert "play E20" not in ids(st)  # nothing sideways yet
    st.rng.force_for("dice", 1)
    play(st, "attack 0", "target 1.0", "decline")
    assert "play E20" in ids(st)
    play(st, "play E20", "target 0.0")
    assert not sideways(st, "C01") and "attack 0" in ids(st)


def test_draw_two_then_trim():
    """E21 draws two; past the limit, use or discard (G4-GAP-5)."""
    st = build([["C11"], ["C14"]], hands={0: ["E21", "E01"]}, deck=["E05", "E06"])
    play(st, "play E21")
    assert hand(st, 0) == ["E01", "E05", "E06"] and st.stack[-1] == ("main", 0)
    st = build(
        [["C11"], ["C14"]], hands={0: ["E21", "E01", "E02", "E03", "E04"]}, deck=["E05", "E06"]
    )
    play(st, "play E21")
    assert len(st.hands[0]) == 6 and st.stack[-1] == ("trim", 0)
    play(st, "discard E06")
    assert len(st.hands[0]) == 5 and st.stack[-1] == ("main", 0)


def test_recruit_takes_a_face_down_character_from_the_pile():
    """E22 (G4-GAP-4) the top of the character pile joins your row face-down, known to
    you only; the game goes on while the pile has cards."""
    st = build([["C11 up"], ["C14"]], hands={0: ["E22"]}, pile=["C30", "C31", "C32"])
    play(st, "play E22")
    assert row(st, 0) == ["C11", "C30"] and not face_up(st, "C30")
    assert len(st.char_pile) == 2 and st.result is None
    assert st.observe(0)["seats"][0]["characters"][1]["card"]["id"] == "C30"
    assert st.observe(1)["seats"][0]["characters"][1]["card"] is None
    assert "scout 1" in ids(st)


def test_recruit_not_offered_on_an_empty_pile():
    st = build([["C11 up"], ["C14"]], hands={0: ["E22"]}, pile=[])
    assert "play E22" not in ids(st)


def test_hide_turns_your_character_face_down_again():
    """E23 a face-up character of yours turns face-down: it must be scouted again
    before it can be attacked (G4-3.1)."""
    st = build([["C11 up", "C04"], ["C01 up"]], hands={0: ["E23"]})
    play(st, "play E23", "target 0.0", "end")
    assert not face_up(st, "C11")
    assert [a for a in ids(st) if a.startswith("attack")] == []
    play(st, "scout 0")
    assert ids(st) == ["target 0.0", "target 0.1"]


def test_any_number_of_events_in_one_turn():
    """G4-8.7 three events in a row, each taking effect."""
    st = build([["C11 up"], ["C44 up", "C14"]], hands={0: ["E01", "E04", "E05"]})
    play(st, "play E01", "target 0.0", "play E04", "play E05", "target 1.0")
    assert stats(st, "C11") == (6, 3) and stats(st, "C44") == (3, 2)
    assert hand(st, 0) == [] and len(events(st, "play")) == 3


def test_events_may_be_kept_for_later():
    """G4-8.4 unusable or saved events simply stay in hand up to the limit."""
    st = build([["C11 up"], ["C14"]], hands={0: ["E07", "E20", "E13", "E01"]})
    play(st, "end", "end")
    assert len(st.hands[0]) == 5 and st.stack[-1] == ("main", 0)


# -- hand limit --------------------------------------------------------------------


def test_hand_limit_option_changes_the_limit():
    """G4-6.2 / G4-GAP-5 with hand_limit 3, a fourth card must go."""
    st = build(
        [["C11"], ["C14"]],
        hands={0: ["E01", "E02", "E03"]},
        deck=["E04"],
        at="turn_start",
        options={"hand_limit": 3},
    )
    assert st.stack[-1] == ("trim", 0)
    play(st, "play E04")  # using a card counts as well as discarding one
    assert len(st.hands[0]) == 3 and st.stack[-1] == ("main", 0)


def test_trim_keeps_asking_until_the_hand_fits():
    st = build(
        [["C11"], ["C14"]],
        hands={0: ["E21", "E01", "E02", "E03", "E04"]},
        deck=["E05", "E06"],
        options={"hand_limit": 3},
    )
    play(st, "play E21", "discard E01", "discard E02")
    assert st.stack[-1] == ("trim", 0) and len(st.hands[0]) == 4
    play(st, "discard E03")
    assert st.stack[-1] == ("main", 0) and hand(st, 0) == ["E04", "E05", "E06"]


def test_default_hand_limit_is_five():
    st = build([["C11"], ["C14"]], hands={0: ["E01", "E02", "E03", "E04"]}, at="turn_start")
    assert len(st.hands[0]) == 5 and st.stack[-1] == ("main", 0)


# -- the bonus rule ----------------------------------------------------------------

RED = ["C11", "C04", "C12", "C09", "C10", "C08"]


def bonus_table(cards):
    return build(
        [cards, ["C14 up", "C06"]], hands={0: ["E01", "E15"]}, options={"bonus_rule": True}
    )


def test_bonus_off_by_default():
    """G4-9 the bonus rule is optional and off unless chosen."""
    st = build([[f"{c} up" for c in RED[:5]], ["C14 up"]])
    assert stats(st, "C11") == (3, 3)


@pytest.mark.parametrize(
    ("cards", "bonus"),
    [
        ([f"{c} up" for c in RED[:5]], True),  # five, face-up, all red
        ([f"{c} up" for c in RED], True),  # six also qualify
        ([f"{c} up" for c in RED[:4]], False),  # four are too few
        ([f"{c} up" for c in RED[:4]] + ["C10"], False),  # one still face-down
        ([f"{c} up" for c in RED[:4]] + ["C13 up"], False),  # one blue among them
    ],
)
def test_bonus_needs_five_open_characters_of_one_colour(cards, bonus):
    """G4-9 / G4-GAP-17 all character cards open, at least five, one background colour;
    event cards in hand play no part."""
    st = bonus_table(cards)
    assert stats(st, "C11") == ((4, 4) if bonus else (3, 3))


def test_bonus_appears_when_the_last_card_turns_up():
    """G4-GAP-17 revealing the fifth red card by scouting switches the bonus on."""
    st = bonus_table([f"{c} up" for c in RED[:4]] + ["C10"])
    assert stats(st, "C11") == (3, 3)
    play(st, "scout 4")
    assert stats(st, "C11") == (4, 4) and stats(st, "C10") == (5, 2)
