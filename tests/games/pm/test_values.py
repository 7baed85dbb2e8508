"""PM-GAP-24 how changes of AP/DP combine (rule option `value_order`): in the order they
took effect (`timestamp`, the default) or every "becomes" first, then additions, then
swaps (`layers`). Each position is played out with cards of the shipped set."""

import pytest

from .builder import build, cards, pass_windows, play, values

ORDERS = ("timestamp", "layers")


def reset_on_the_approacher(order: str, main: list[str], **table):
    """P1 approaches with its first main character; P2 answers in the first timing with
    Reset to Standard (CWA-022: AP/DP become 30/30 until end of turn), paid with a
    2-source card (PM-1.6)."""
    st = build(
        main=(main, []),
        hand=([], ["CWA-022", "SHD-014"]),
        at="approach",
        options={"value_order": order},
        **table,
    )
    play(st, "approach M1", "allow", "pass", "play CWA-022", "pay SHD-014")
    return st


@pytest.mark.parametrize(("order", "expected"), [("timestamp", (30, 30)), ("layers", (40, 50))])
def test_pm_gap_24_a_later_becomes_against_a_support_cards_lent_values(order, expected):
    # Aoi Shinchu (CWA-008, 20/50) carries Silver Pocket Watch (CWA-026, +10/+20, PM-1.7.3)
    # from before the approach: 30/70, then Reset to Standard.
    st = build(main=(["CWA-008 +CWA-026"], []), at="approach", options={"value_order": order})
    assert values(st, "p1.M1") == (30, 70)
    st = reset_on_the_approacher(order, ["CWA-008 +CWA-026"])
    assert values(st, "p1.M1") == expected


@pytest.mark.parametrize(("order", "expected"), [("timestamp", (30, 30)), ("layers", (30, 40))])
def test_pm_gap_24_a_later_becomes_against_an_aura(order, expected):
    # Zenjiro the Caretaker (CWA-015, support area) gives each engineer of P1's main area
    # +0/+10: Aoi Shinchu (CWA-008, engineer) is 20/60 before the reset.
    st = reset_on_the_approacher(order, ["CWA-008"], support=(["CWA-015"], []))
    assert values(st, "p1.M1") == expected


@pytest.mark.parametrize(("order", "expected"), [("timestamp", (30, 30)), ("layers", (40, 50))])
def test_pm_gap_24_a_later_becomes_against_an_adversity_bonus(order, expected):
    # Kokone Haguruma (CWA-003, 50/60, [逆境4] +10/+20, PM-1.11.5) with four point cards
    # is 60/80 before the reset.
    points = (["SHD-001"] * 4, [])
    st = build(main=(["CWA-003"], []), points=points, at="approach")
    assert values(st, "p1.M1") == (60, 80)
    st = reset_on_the_approacher(order, ["CWA-003"], points=points)
    assert values(st, "p1.M1") == expected


@pytest.mark.parametrize(
    ("order", "blocker", "gone"),
    [("timestamp", (40, 50), ["SHD-002"]), ("layers", (70, 20), ["SHD-002", "SHD-007"])],
)
def test_pm_gap_24_a_swap_then_a_buff(order, blocker, gone):
    # P1's Akari Umino (SHD-002, 40/30) approaches; P2's Sayo Hoshikawa (SHD-007, 20/40)
    # obstructs. P1 swaps her with Reverse Rotation (CWA-019): 40/20. P2 answers with
    # Precision Tuning (CWA-018: +0/+30 to a character of hers in the approach).
    st = build(
        main=(["SHD-002"], ["SHD-007"]),
        hand=(["CWA-019", "SHD-014"], ["CWA-018", "SHD-014"]),
        at="approach",
        options={"value_order": order},
    )
    play(st, "approach M1", "allow", "pass", "pass", "obstruct M1")
    play(st, "play CWA-019", "pay SHD-014", "allow")
    assert values(st, "p2.M1") == (40, 20)
    play(st, "play CWA-018", "pay SHD-014")
    assert values(st, "p2.M1") == blocker
    pass_windows(st)  # the exit check (PM-1.10.6.4): AP 40 against her DP, hers against 30
    assert sorted(cards(st, "discard", 0) + cards(st, "discard", 1)) == sorted(
        [*gone, "CWA-018", "CWA-019", "SHD-014", "SHD-014"]
    )


@pytest.mark.parametrize("order", ORDERS)
def test_pm_gap_24_an_addition_after_a_becomes_counts_in_both_orders(order):
    # After the reset to 30/30, P1 answers with Night Before the Exam (CWA-030, +10/+10).
    st = build(
        main=(["CWA-008"], []),
        hand=(["CWA-030", "SHD-014"], ["CWA-022", "SHD-014"]),
        at="approach",
        options={"value_order": order},
    )
    play(st, "approach M1", "allow", "pass", "play CWA-022", "pay SHD-014", "allow")
    assert values(st, "p1.M1") == (30, 30)
    play(st, "play CWA-030", "pay SHD-014")
    assert values(st, "p1.M1") == (40, 40)


def test_pm_gap_24_an_aura_covers_a_character_arriving_later_while_its_source_stays():
    # Zenjiro the Caretaker (CWA-015) is in P1's support area; Rin Nejimaki (CWA-004,
    # 20/30, engineer) appears afterwards and gets +0/+10 too.
    st = build(support=(["CWA-015"], []), hand=(["CWA-004", "SHD-014"], []), at="main")
    play(st, "play CWA-004", "pay SHD-014", "main")
    assert values(st, "p1.M1") == (20, 40)
    # And in the main area too, where the aura's source does not itself gain anything.
    st = build(main=(["CWA-008"], []), support=(["CWA-015"], []), hand=(["CWA-014", "SHD-014"], []))
    play(st, "play CWA-014", "pay SHD-014", "main")
    assert values(st, "p1.M1") == (20, 60) and values(st, "p1.M2") == (20, 20)
