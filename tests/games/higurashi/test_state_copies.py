"""Copying a Higurashi state (its LAYOUT): a clone shares nothing that changes, and the
snapshot holds everything that can, the roll in flight and the equipment included."""

from tcglab.engine.rng import Rng

from .builder import build, play


def in_a_die_window():
    """P1 attacks with C03 (equipped with E15), the die shows 3 and P1 has played E07."""
    st = build([["C03 up"], ["C04 up", "C06"]], hands={0: ["E15", "E07", "E08"], 1: ["E09"]})
    st.rng.force_for("dice", 3)
    play(st, "play E15", "target 0.0", "attack 0", "target 1.0", "play E07")
    assert st.stack[-1][0] == "window" and st.roll[5] == 1
    return st


def test_a_clone_shares_nothing_that_changes():
    st = in_a_die_window()
    before = st.snapshot()
    twin = st.clone()
    twin.apply("play E08")  # changes the roll in flight in place
    twin.attached.clear()
    twin.known[0] = 0
    twin.rows[1].append(59)
    twin.hands[1].clear()
    twin.captured[0].append(58)
    assert st.snapshot() == before and st.roll[5] == 1


def test_the_snapshot_covers_the_roll_the_equipment_and_the_modifiers():
    st = in_a_die_window()
    snap = st.snapshot()
    assert snap["roll"] == st.roll and snap["attached"] == sorted(st.attached.items())
    assert snap["datk"][st.rows[0][0]] == 1
    for change in (
        lambda s: setattr(s, "roll", (*s.roll[:5], 2)),
        lambda s: setattr(s, "mods", ()),
        lambda s: s.attached.clear(),
        lambda s: setattr(s, "datk", [0] * len(s.datk)),
        lambda s: s.hands[1].clear(),
    ):
        twin = st.clone()
        change(twin)
        assert twin.digest() != st.digest()


def test_a_determinized_state_keeps_what_the_seat_knows():
    """Resampling deals again only what the seat cannot see; its own row and hand and
    every face-up card stay as they are."""
    st = in_a_die_window()
    sample = st.determinize(0, Rng(3))
    assert [sample.char(i).id for i in sample.rows[0]] == [st.char(i).id for i in st.rows[0]]
    assert sample.char(st.rows[1][0]).id == "C04"  # face-up
    assert sorted(sample.eid[e] for e in sample.hands[0]) == sorted(st.eid[e] for e in st.hands[0])
    assert sample.observe(0) == st.observe(0)
