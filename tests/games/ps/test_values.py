"""Continuous effects (values.py): damage reduction against every kind of damage,
auras that cover characters arriving while their event stays, and the order lasting
effects compose in (PS-8.5.1, PS-9.5.1, PS-11.2.2, PS-WE-8, PS-GAP-9)."""

from tcglab.games.ps import values

from .builder import build, events, field, next_turn, play, unit


def strike_in_the_end_phase(st, slot=1):
    """Seat 0 ends its main phase; in the end phase seat 1 strikes seat 0's character."""
    play(st, "end")
    if st.to_move == 0:
        play(st, "pass")
    play(st, "play E_STRIKE", f"target {slot}")


def test_damage_reduction_also_reduces_effect_damage():
    """Lucky Charm (EV03) reads "one of your characters takes 1 less damage while this
    event stays on the field", with no limit to battle damage: a 2-damage strike
    (PS-11.1.4) leaves 1 on the shielded character, which survives."""
    st = build([["X2"], []], hands={0: ["E_GUARD"], 1: ["E_STRIKE"]}, energy=[2, 1])
    play(st, "play E_GUARD", "target 1")
    strike_in_the_end_phase(st)
    assert events(st, "strike")[-1]["amount"] == 1
    assert field(st, 0) == ["X2"] and unit(st, 0, "X2").damage == 1


def test_without_reduction_the_same_strike_downs_the_character():
    st = build([["X2"], []], hands={1: ["E_STRIKE"]}, energy=[0, 1])
    strike_in_the_end_phase(st)
    assert field(st, 0) == [] and st.hurt == [0, 0]  # PS-9.5.3 only battles cost a player


def test_guard_from_support_reduces_effect_damage_too():
    # PS-11.1.5 S1 with three work-mates uses entry 3: guard 3, more than the strike's 2
    st = build([["S1", "S2", "S3", "S4"], []], hands={1: ["E_STRIKE"]}, energy=[0, 1])
    strike_in_the_end_phase(st)
    assert events(st, "strike")[-1]["amount"] == 0 and unit(st, 0, "S1").damage == 0


def test_an_aura_covers_characters_that_arrive_while_its_event_stays():
    """ "While this event stays on the field, all your characters get +1 technique"
    (EV02): a character placed after the event gets it too, the opponent's do not, and
    it ends when the event leaves at its owner's next start phase (PS-11.2.2)."""
    st = build([["A1"], ["X2"]], hands={0: ["E_AURA", "A3"]}, energy=[2, 0])
    play(st, "play E_AURA", "play A3")
    a1, a3 = unit(st, 0, "A1"), unit(st, 0, "A3")
    assert values.technique(st, 0, a1) == 2 and values.technique(st, 0, a3) == 4
    assert values.technique(st, 1, unit(st, 1, "X2")) == 2
    assert [c["technique"] for c in st.observe(1)["seats"][0]["characters"]] == [2, 4]
    next_turn(st)  # the aura outlasts the reset phase (PS-WE-8)
    assert values.technique(st, 0, unit(st, 0, "A3")) == 4
    next_turn(st)  # seat 0's start phase: the event goes, and the aura with it
    assert values.technique(st, 0, unit(st, 0, "A3")) == 3 and st.lasting == ()


def test_an_aura_reaches_a_character_brought_back_later():
    st = build([["A1"], []], hands={0: ["E_AURA", "E_REVIVE"]}, trashes={0: ["A4"]}, energy=[1, 0])
    play(st, "play E_AURA", "play E_REVIVE")
    assert values.technique(st, 0, unit(st, 0, "A4")) == 5


def test_until_end_of_turn_for_each_character_reaches_only_those_on_the_field():
    """ "Give each of your characters +1 technique until end of turn" acts once, on the
    characters there when it resolves; one placed afterwards keeps its printed value."""
    st = build([["A1"], []], hands={0: ["E_RALLY", "A3"]}, energy=[2, 0])
    play(st, "play E_RALLY", "play A3")
    assert values.technique(st, 0, unit(st, 0, "A1")) == 2
    assert values.technique(st, 0, unit(st, 0, "A3")) == 3


def test_lasting_effects_compose_in_the_order_they_took_effect_and_clamp_last():
    """A boost and a weaken on one character: the sum in timestamp order, then current
    technique is never below 0 (PS-GAP-9) while the bonus itself may be."""
    st = build([["A1"], ["X2"]], hands={0: ["E_WEAKEN", "E_BOOST"]}, energy=[1, 0])
    play(st, "play E_WEAKEN", "target 1")
    x2 = unit(st, 1, "X2")
    assert values.technique(st, 1, x2) == 0 and values.bonuses(st, 1, x2) == (-2, 0)
    assert [(e.stat, e.amount) for e in st.lasting] == [("technique", -2)]
    play(st, "play E_BOOST", "target 1")
    assert [e.amount for e in st.lasting] == [-2, 2]  # kept in the order applied


def test_a_character_that_leaves_takes_its_lasting_effects_with_it():
    st = build([["X2"], []], hands={0: ["E_BOOST"], 1: ["E_STRIKE"]}, energy=[1, 1])
    play(st, "play E_BOOST", "target 1")
    assert len(st.lasting) == 1
    strike_in_the_end_phase(st)
    assert field(st, 0) == [] and st.lasting == ()


def test_reduction_in_battle_and_in_the_preview_label():
    # PS-9.5.1 technique 4 through sense -1, less guard 1: the label shows the 2 dealt
    st = build([["A4"], ["D1"]], hands={1: ["E_GUARD"]}, energy=[0, 2], to_move=1)
    play(st, "play E_GUARD", "target 1")
    next_turn(st)
    play(st, "attack 1", "defend 1")
    label = next(a.label for a in st.legal_actions() if a.id == "target 1")
    assert label == "Deal damage to D1 (2 damage)"  # 4 - 1 sense - 1 guard
    play(st, "target 1")
    assert events(st, "hit")[0]["amount"] == 2
