"""Scouting (G4-3), attacks (G4-4), counter-attacks (G4-5) and die modifiers (G4-8.3)."""

import pytest

from tcglab.engine.rng import Rng

from .builder import build, captured, events, face_up, ids, inst, kinds, play, row, sideways

# -- scouting ----------------------------------------------------------------------


@pytest.mark.parametrize("die", [1, 2, 3, 4, 5, 6])
def test_scout_succeeds_on_4_to_6(die):
    """G4-3.2(c) 4-6 succeeds, 1-3 fails; (d) success turns the card face-up."""
    st = build([["C09 up"], ["C04", "C06"]])
    st.rng.force_for("scout", die)
    play(st, "scout 0", "target 1.1")
    assert face_up(st, "C06") is (die >= 4)
    assert not face_up(st, "C04")
    assert events(st, "scout_result")[0]["success"] is (die >= 4)


def test_scouting_with_a_face_down_card_reveals_it():
    """G4-3.2(a) a face-down scout must be turned face-up, for everyone to see."""
    st = build([["C09", "C04"], ["C06"]])
    play(st, "scout 1")
    assert face_up(st, "C04") and not face_up(st, "C09")
    assert st.observe(1)["seats"][0]["characters"][1]["card"]["id"] == "C04"
    assert st.observe(1)["seats"][0]["characters"][0]["card"] is None
    assert ids(st) == ["target 1.0"]


def test_scout_targets_are_only_face_down_enemies():
    """G4-3.1 only face-down cards need scouting."""
    st = build([["C09 up"], ["C04 up", "C06", "C14 up", "C13"]])
    play(st, "scout 0")
    assert ids(st) == ["target 1.1", "target 1.3"]


def test_no_scouting_when_every_enemy_is_face_up():
    st = build([["C09 up", "C06"], ["C04 up"]])
    assert not any(a.startswith("scout") for a in ids(st))


@pytest.mark.parametrize("die", [1, 6])
def test_scout_turns_sideways_until_its_owners_next_turn(die):
    """G4-3.3 success or failure, the scout is sideways and can neither scout nor
    attack until its owner's next turn (G4-GAP-6)."""
    st = build([["C09 up", "C01 up"], ["C04", "C06 up", "C07"]])
    st.rng.force_for("scout", die)
    play(st, "scout 0", "target 1.0")
    assert sideways(st, "C09")
    assert "scout 0" not in ids(st) and "attack 0" not in ids(st)
    assert "scout 1" in ids(st)  # the other character still may
    play(st, "end")
    assert sideways(st, "C09")  # still down during the opponent's turn
    play(st, "end")
    assert not sideways(st, "C09") and "scout 0" in ids(st)


# -- attacks -----------------------------------------------------------------------


def test_face_down_cards_cannot_be_attacked():
    """G4-3.1 / G4-4.1 only face-up enemies are attack targets."""
    st = build([["C01 up"], ["C20", "C04 up"]])
    play(st, "attack 0")
    assert ids(st) == ["target 1.1"]


def test_no_attack_while_every_enemy_is_face_down():
    st = build([["C01 up"], ["C20", "C04"]])
    assert ids(st) == ["scout 0", "end"]


def test_every_face_up_character_may_attack_in_one_turn():
    """G4-8.3 every character that meets the condition may attack."""
    st = build([["C01 up", "C18 up", "C43 up"], ["C06 up", "C53 up", "C27 up"]])
    for slot, target in ((0, "1.0"), (1, "1.0"), (2, "1.0")):
        st.rng.force_for("dice", 1)
        play(st, f"attack {slot}", f"target {target}")
        if st.to_move == 1:
            play(st, "decline")
    assert all(sideways(st, c) for c in ("C01", "C18", "C43"))
    assert [a for a in ids(st) if a.startswith("attack")] == []


# C01 has attack 6; these defenders have defence 5, 4, 3, 2 and 1.
DEFENCE = {1: "C06", 2: "C05", 3: "C11", 4: "C04", 5: "C07"}


@pytest.mark.parametrize("difference", [1, 2, 3, 4, 5])
def test_attack_succeeds_on_the_top_difference_faces(difference):
    """G4-4.3 success exactly on the top `difference` faces: 7 - difference succeeds,
    6 - difference fails (G4-WE-2 general form)."""
    for die, success in ((7 - difference, True), (6 - difference, False)):
        defender = DEFENCE[difference]
        st = build([["C01 up"], [f"{defender} up", "C14"]])
        st.rng.force_for("dice", die)
        play(st, "attack 0", "target 1.0")
        result = events(st, "attack_result")[0]
        assert result["success"] is success
        assert result["needed"] == 7 - difference
        assert (captured(st, 0) == [defender]) is success


def test_difference_of_six_always_succeeds():
    """G4-GAP-8 attack 6 against defence 0: a 1 still succeeds."""
    st = build([["C01 up"], ["C20 up", "C14"]])
    st.rng.force_for("dice", 1)
    play(st, "attack 0")
    assert st.legal_actions()[0].label.endswith("success on any roll")
    play(st, "target 1.0")
    assert captured(st, 0) == ["C20"]


def test_attacker_turns_sideways_after_a_successful_attack():
    """G4-4.4 success or failure, the attacker is sideways afterwards."""
    st = build([["C01 up"], ["C20 up", "C14"]])
    play(st, "attack 0", "target 1.0")
    assert sideways(st, "C01")


# -- die modifiers -----------------------------------------------------------------


@pytest.mark.parametrize("cards", [["E07"], ["E08"], ["E07", "E08"]])
def test_die_modifiers_never_count_toward_eligibility(cards):
    """G4-8.3 / G4-GAP-11 attack 3 against defence 3 stays illegal with die cards in hand,
    and die cards cannot be played on the main decision."""
    st = build([["C11 up"], ["C14 up"]], hands={0: cards})
    assert ids(st) == ["end"]


def test_own_die_modifier_applies_after_the_roll():
    """G4-8.3 a die card is played once the die is rolled: 3 + 1 reaches 4."""
    st = build([["C03 up"], ["C04 up", "C06"]], hands={0: ["E07", "E01"]})
    st.rng.force_for("dice", 3)
    play(st, "attack 0", "target 1.0")
    assert st.to_move == 0 and ids(st) == ["play E07", "pass"]
    assert st.observe(1)["roll"]["die"] == 3
    play(st, "play E07")
    assert events(st, "modify")[0]["total"] == 4
    assert captured(st, 0) == ["C04"]


def test_enemy_die_modifier_spoils_the_roll():
    """G4-8.3 the defender's die card (E09, -1) turns a 4 into a 3."""
    st = build([["C03 up"], ["C04 up", "C06"]], hands={1: ["E09"]})
    st.rng.force_for("dice", 4)
    play(st, "attack 0", "target 1.0")
    assert st.to_move == 1 and ids(st) == ["play E09", "pass"]
    play(st, "play E09")
    assert events(st, "attack_result")[0] == {
        "seat": 0,
        "success": False,
        "total": 3,
        "needed": 4,
    }
    assert row(st, 1) == ["C04", "C06"]


def test_both_sides_may_modify_and_several_cards_stack():
    """G4-8.7 any number of events: +1 +2 by the roller, then -2 by the defender."""
    st = build([["C09 up"], ["C06", "C14"]], hands={0: ["E07", "E08"], 1: ["E10"]})
    st.rng.force_for("scout", 1)
    play(st, "scout 0", "target 1.0", "play E07")
    assert st.to_move == 0 and ids(st) == ["play E08", "pass"]
    play(st, "play E08")  # the roller's window closes by itself with no die card left
    assert st.to_move == 1 and st.observe(0)["roll"]["modifier"] == 3
    play(st, "play E10")
    assert events(st, "scout_result")[0] == {"seat": 0, "success": False, "total": 2}
    assert not face_up(st, "C06")  # 1 + 1 + 2 - 2 = 2: failure


def test_scout_modified_to_success():
    st = build([["C09 up"], ["C06", "C14"]], hands={0: ["E08"]})
    st.rng.force_for("scout", 2)
    play(st, "scout 0", "target 1.0", "play E08")
    assert face_up(st, "C06")


# -- counter-attacks ---------------------------------------------------------------


def failed_attack(rows, hands=None, options=None, die=1):
    st = build(rows, hands=hands, options=options)
    st.rng.force_for("dice", die)
    play(st, "attack 0", "target 1.0")
    return st


def test_counter_needs_attack_above_the_attackers_defence():
    """G4-5.1 the defender's attack must exceed the attacker's defence: 3 vs 3 cannot."""
    st = failed_attack([["C03 up"], ["C04 up"]])  # C04 attack 3, C03 defence 3
    assert st.to_move == 0 and "counter" not in kinds(st)


def test_counter_needs_an_upright_defender():
    """G4-5.1 a sideways defender cannot counter."""
    st = failed_attack([["C02 up"], ["C44 up sideways"]])
    assert st.to_move == 0


def test_defeated_defender_cannot_counter():
    """G4-5.1 a defender that was beaten is gone: no counter."""
    st = failed_attack([["C02 up"], ["C44 up", "C14"]], die=6)
    assert captured(st, 0) == ["C44"] and st.to_move == 0


def test_counter_is_optional():
    """G4-5.3 declining rolls nothing and changes nothing."""
    st = failed_attack([["C02 up"], ["C44 up"]])
    assert ids(st) == ["counter", "decline"]
    rolls = len(events(st, "roll"))
    play(st, "decline")
    assert len(events(st, "roll")) == rolls
    assert not sideways(st, "C44") and row(st, 0) == ["C02"]
    assert st.to_move == 0


def test_counter_is_resolved_like_an_attack_with_die_windows():
    """G4-5.2 a counter rolls like an attack: the attacker's side may modify it."""
    st = failed_attack([["C02 up"], ["C44 up"]], hands={0: ["E09"], 1: ["E07"]})
    st.rng.force_for("dice", 4)
    play(st, "counter")
    assert st.to_move == 1 and ids(st) == ["play E07", "pass"]
    play(st, "play E07")  # 4 + 1 = 5, enough against difference 2
    assert st.to_move == 0 and ids(st) == ["play E09", "pass"]
    play(st, "play E09")  # back to 4: the counter fails
    assert events(st, "counter_result")[0]["success"] is False
    assert row(st, 0) == ["C02"]


def test_successful_counter_in_three_player_game_goes_to_the_defender():
    """G4-8.1 / G4-GAP-10 the attacker is removed and captured by the counter-attacker's
    owner, not by anyone else."""
    st = build([["C02 up", "C14"], ["C13 up"], ["C44 up"]])
    st.rng.force_for("dice", 1, 6)
    play(st, "attack 0", "target 2.0")
    assert st.to_move == 2
    play(st, "counter")
    assert captured(st, 2) == ["C02"] and captured(st, 1) == captured(st, 0) == []
    assert st.to_move == 0


def test_counter_turns_the_counter_attacker_sideways():
    """G4-GAP-7 a counter is an attack: the counter-attacker turns sideways."""
    st = failed_attack([["C02 up"], ["C44 up"]])
    st.rng.force_for("dice", 1)
    play(st, "counter")
    assert sideways(st, "C44")


def test_counter_eliminating_the_attacker_ends_its_turn():
    """G4-2.7 the attacker's last character falls to a counter: its player is out at
    once and the next player begins; its end-of-turn effects end too (G4-2.3)."""
    st = build([["C02 up"], ["C44 up"], ["C06"]], hands={0: ["E05"]})
    play(st, "play E05", "target 1.0")
    assert st.defence(inst(st, "C44")) == 2
    st.rng.force_for("dice", 1, 6)
    play(st, "attack 0", "target 1.0", "counter")
    assert not st.alive[0] and captured(st, 1) == ["C02"]
    assert st.current == 1 and st.stack[-1] == ("main", 1)
    assert st.defence(inst(st, "C44")) == 4


def test_counter_in_two_player_game_can_win_it():
    st = failed_attack([["C02 up"], ["C44 up"]])
    st.rng.force_for("dice", 6)
    play(st, "counter")
    assert st.result.winners == (1,)
    assert st.result.scores == (0, 3 + 3)  # captured C02 3 + own C44 3


def test_die_windows_do_not_give_away_what_a_hand_holds():
    """A seat holding event cards is asked after every roll against it, die card or
    not, so who is asked tells the table nothing hidden (only hand sizes are public)."""
    with_die = build([["C03 up"], ["C04 up", "C06"]], hands={1: ["E09"]})
    without = build([["C03 up"], ["C04 up", "C06"]], hands={1: ["E01"]})
    for st in (with_die, without):
        st.rng.force_for("dice", 3)
        st.apply("attack 0")
        st.apply("target 1.0")
        assert st.to_move == 1 and st.stack[-1][0] == "window"
        assert st.observe(0) == st.determinize(0, Rng(9)).observe(0)
    assert ids(with_die) == ["play E09", "pass"] and ids(without) == ["pass"]
    empty = build([["C03 up"], ["C04 up", "C06"]])
    empty.rng.force_for("dice", 3)
    play(empty, "attack 0", "target 1.0")
    assert empty.to_move == 0  # an empty hand is public: nobody is asked
