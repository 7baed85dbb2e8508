"""Turn structure, set-up and the end of a game (PS-2, PS-4, PS-7, PS-8) with the gaps
PS-GAP-2 to 5, 12, 13 and 16 (PS-WE-7 and PS-WE-8 are scenario files in
tests/scenarios/ps/)."""

from tcglab.games.ps import GAME, values

from .builder import build, events, field, hand, ids, kinds, next_turn, play, trash, unit


def test_ps_gap_2_and_5_opening_hand_random_first_player_empty_fields():
    # PS-GAP-2
    firsts = set()
    for seed in range(12):
        st = GAME.new_state(seed)
        firsts.add(st.first)
        obs = st.observe(None)
        # PS-GAP-5 nothing laid out; PS-GAP-2 five cards, the first player has drawn one
        assert all(s["energy"] == 0 and s["characters"] == [] for s in obs["seats"])
        assert obs["seats"][st.first]["hand_size"] == 6
        assert obs["seats"][1 - st.first]["hand_size"] == 5
    assert firsts == {0, 1}


def test_ps_gap_2_opening_hand_option():
    # PS-GAP-2
    st = GAME.new_state(4, options={"opening_hand": 3})
    assert len(st.hand[1 - st.first]) == 3


def test_ps_gap_3_no_mulligan_by_default_and_one_with_the_option():
    # PS-GAP-3
    st = GAME.new_state(2)
    assert st.stack[-1][0] == "main"
    st = GAME.new_state(2, options={"mulligan": True})
    first = st.first
    assert st.to_move == first and [a.id for a in st.legal_actions()] == ["keep", "mulligan"]
    before = list(st.hand[first])
    st.apply("mulligan")
    assert len(st.hand[first]) == 5 and st.hand[first] != before
    st.apply("keep")
    assert st.to_move == first and st.stack[-1][0] == "main"


def test_ps_gap_4_draw_one_and_the_first_player_draws_on_turn_one():
    # PS-GAP-4
    st = build([[], []], at="turn_start", decks={0: ["X2", "Y2"]})
    assert hand(st, 0) == ["X2"]
    st = GAME.new_state(1, options={"first_turn_draw": False})
    assert len(st.hand[st.first]) == 5 and "no_first_draw" in [e.kind for e in st.log]
    st = GAME.new_state(1, options={"draw_count": 2})
    assert len(st.hand[st.first]) == 7


def test_ps_2_2_a_player_who_cannot_draw_loses():
    st = build([[], []], at="turn_start", decks={0: []})
    assert st.over and st.result.winners == (1,) and st.result.reason == "deck_out"


def test_ps_8_1_start_phase_stands_characters_up_and_destroys_own_events():
    st = build(
        [["A1 exhausted sick"], ["D1 exhausted"]],
        events={0: ["E_GUARD"], 1: ["E_GUARD"]},
        energy=[2, 2],
        at="turn_start",
    )
    assert not unit(st, 0, "A1").exhausted and not unit(st, 0, "A1").sick
    assert unit(st, 1, "D1").exhausted  # only the turn player's characters
    assert st.events[0] == [] and trash(st, 0) == ["E_GUARD"] and st.free_energy(0) == 2
    assert len(st.events[1]) == 1


def test_ps_gap_13_only_the_turn_player_adjusts_the_hand():
    # PS-GAP-13
    st = build([[], []], hands={1: ["A1", "A3", "A4", "X2", "Y2", "Z2", "L2"]})
    next_turn(st)
    assert st.current == 1 and len(st.hand[1]) == 8  # seven kept, plus the draw


def test_ps_gap_12_end_phase_turn_player_first_then_alternating():
    # PS-GAP-12
    st = build([[], []], hands={0: ["E_DRAW"], 1: ["E_BURN", "E_DRAW"]}, energy=[1, 2])
    play(st, "end")
    assert st.to_move == 0 and ids(st) == ["play E_DRAW", "pass"]
    play(st, "pass")
    assert st.to_move == 1 and ids(st) == ["play E_BURN", "play E_DRAW", "pass"]
    play(st, "play E_BURN")
    assert st.hurt == [2, 0]
    assert st.to_move == 0  # after an action the other player may answer
    play(st, "play E_DRAW")
    assert st.to_move == 1
    play(st, "pass", "pass")  # two passes in a row close the window
    assert len(st.events[1]) == 0  # its own event left at its own start phase


def test_ps_gap_12_the_opponent_acts_in_no_other_phase():
    # PS-GAP-12
    st = build([["A1"], []], hands={1: ["E_BURN"]}, energy=[0, 1])
    play(st, "attack 1")  # no defenders; in the battle window E_BURN is not allowed
    assert st.to_move == 1 and ids(st) == ["pass"]
    play(st, "pass")
    assert st.to_move == 0 and st.hurt == [0, 1]


def test_ps_gap_16_abilities_in_main_and_end_phase_once_a_turn():
    # PS-GAP-16
    st = build([["Q2"], ["Q2"]])
    assert "use 1" in ids(st)
    play(st, "use 1")
    assert "use 1" not in ids(st) and len(st.hand[0]) == 1
    play(st, "end", "pass")
    assert st.to_move == 1 and ids(st) == ["use 1", "pass"]  # the opponent's own ability
    play(st, "use 1")
    assert st.to_move == 0 and ids(st) == ["pass"]  # seat 0 may answer
    next_turn(st)
    assert st.current == 1 and len(st.hand[1]) == 2  # the ability's card and the draw


def test_ps_gap_6_summoning_sickness_default():
    # PS-GAP-6
    st = build([["Q1 sick", "A4 sick"], ["X2 sick"]])
    assert "attack 1" not in ids(st) and "use 1" not in ids(st)
    st = build([["A4"], ["X2 sick"]])
    play(st, "attack 1")
    assert ids(st) == ["defend 1", "done"]  # a new character may defend


def test_ps_gap_6_summoning_sickness_options():
    # PS-GAP-6
    st = build([["A4"], ["X2 sick"]], options={"summoning_sickness": "full"})
    play(st, "attack 1")
    assert st.hurt == [0, 4]  # no defence was possible
    st = build([["Q1 sick", "A4 sick"], []], options={"summoning_sickness": "none"})
    assert {"attack 1", "attack 2", "use 1"} <= set(ids(st))


def test_a_placed_character_is_sick_until_its_owners_next_turn():
    st = build([[], []], hands={0: ["A4"]}, energy=[1, 0])
    play(st, "play A4")
    assert "attack 1" not in ids(st)
    next_turn(st)
    next_turn(st)
    assert "attack 1" in ids(st)


def test_reset_phase_ends_turn_effects_on_both_fields():
    st = build([["A4"], ["X2"]], hands={0: ["E_WEAKEN"]})
    play(st, "play E_WEAKEN", "target 1")
    assert values.technique(st, 1, unit(st, 1, "X2")) == 0
    next_turn(st)
    assert values.technique(st, 1, unit(st, 1, "X2")) == 2
    assert "reset" in kinds(st)


def test_effects_strike_heal_ready_tire_burn_rally():
    st = build(
        [["A1 exhausted damage=2", "A3"], ["X2", "Y2"]],
        hands={0: ["E_STRIKE", "E_HEAL", "E_READY", "E_TIRE", "E_RALLY"]},
        energy=[5, 0],
    )
    play(st, "play E_STRIKE", "target 1")
    assert field(st, 1) == ["Y2"] and st.hurt == [0, 0]  # effect damage: no player damage
    play(st, "play E_HEAL", "target 1", "play E_READY", "target 1", "play E_TIRE", "target 1")
    assert unit(st, 0, "A1").damage == 0 and not unit(st, 0, "A1").exhausted
    assert unit(st, 1, "Y2").exhausted
    play(st, "play E_RALLY")
    assert [m["amount"] for m in events(st, "modify")] == [1, 1]
