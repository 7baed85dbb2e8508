"""Continuous effects (continuous.py): attack and defence modifiers until the end of a
turn, until the start of the player's next turn, or while equipped, and die modifiers,
all composed by one rule: in timestamp order, the sum read as at least 0 (G4-GAP-19)."""

from .builder import build, events, inst, play


def values(st, card_id):
    i = inst(st, card_id)
    return st.attack(i), st.defence(i)


def test_each_modifier_ends_by_its_own_lifetime():
    """E01 ends with P1's turn, E02 at the start of P1's next turn, E15 stays while it
    is attached (G4-2.3, G4-6.2)."""
    st = build([["C11 up"], ["C14"]], hands={0: ["E01", "E02", "E15"]}, deck=["E03", "E04", "E05"])
    play(st, "play E01", "target 0.0", "play E02", "target 0.0", "play E15", "target 0.0")
    assert values(st, "C11") == (3 + 2 + 1, 3 + 2)
    play(st, "end")  # P1's turn ends: so does E01
    assert values(st, "C11") == (3 + 1, 3 + 2)
    play(st, "end")  # P1's next turn begins: E02 ends
    assert values(st, "C11") == (3 + 1, 3)
    assert [m[3][0] for m in st.mods] == ["equipped"]


def test_modifiers_add_up_and_only_the_sum_is_read_as_at_least_zero():
    """G4-GAP-19 C01 (defence 0) takes a sickle (-1 defence) and then a shield (+1): the
    defence reads 0 throughout, since -1 + 1 is 0; the shield does not count from 0."""
    st = build([["C01 up"], ["C14"]], hands={0: ["E17", "E16"]})
    play(st, "play E17", "target 0.0")
    assert values(st, "C01") == (8, 0)
    assert st.observe(0)["seats"][0]["characters"][0]["defence_mod"] == -1
    play(st, "play E16", "target 0.0")
    assert values(st, "C01") == (8, 0)


def test_a_lowered_defence_below_zero_opens_no_more_than_zero_would():
    """G4-GAP-19 an attack is judged on defence read as 0, not as -2: attack 3 against
    C20 (defence 0, -2 from E05) needs a 4, as against defence 0."""
    st = build([["C11 up"], ["C20 up", "C14"]], hands={0: ["E05"]})
    play(st, "play E05", "target 1.0", "attack 0")
    assert st.legal_actions()[0].label.endswith("success on 4-6")


def test_the_bonus_rule_adds_to_equipment_and_stat_cards():
    """G4-9 / G4-GAP-17 the bonus comes on top of every modifier."""
    reds = ["C11 up", "C04 up", "C12 up", "C09 up", "C10 up"]
    st = build([reds, ["C14 up"]], hands={0: ["E15", "E01"]}, options={"bonus_rule": True})
    play(st, "play E15", "target 0.0", "play E01", "target 0.0")
    assert values(st, "C11") == (3 + 1 + 2 + 1, 3 + 1)


def test_die_modifiers_add_in_the_order_played_without_bounds():
    """G4-8.3 a 6 with +1 and +2 counts as 9; the total is not held to the die's faces."""
    st = build([["C09 up"], ["C06", "C14"]], hands={0: ["E07", "E08"]})
    st.rng.force_for("scout", 6)
    play(st, "scout 0", "target 1.0", "play E07", "play E08")
    assert [e["total"] for e in events(st, "modify")] == [7, 9]
    assert events(st, "scout_result")[0]["total"] == 9
