"""Exact action-check odds for Pretty Good Tactics (PGT-11, PGT-WE-1..4, Appendix B)."""

from fractions import Fraction
from itertools import product

import pytest

from tcglab.games.pgt.dice import (
    CRITICAL_VALUE,
    FUMBLE_VALUE,
    DiceExpr,
    Odds,
    best_dice,
    chart,
    check_distribution,
    critical_probability,
    format_chart,
    format_fraction,
    fumble_probability,
    odds_table,
    parse_expr,
    roll_value,
    success_probability,
)


def brute_force(k: int, modifier: int) -> dict[int, Fraction]:
    """PGT-11.2/11.3 applied literally to every one of the 6**k outcomes."""
    counts: dict[int, int] = {}
    for faces in product(range(1, 7), repeat=k):
        if 1 in faces:
            value = 0
        elif all(face == 6 for face in faces):
            value = 99
        else:
            value = sum(faces) + modifier
        counts[value] = counts.get(value, 0) + 1
    return {value: Fraction(n, 6**k) for value, n in counts.items()}


# --- PGT-11.1 .. PGT-11.3: the distribution itself ----------------------------------------


@pytest.mark.parametrize("k", [1, 2, 3, 4])
@pytest.mark.parametrize("modifier", [-6, -4, 0, 1, 3, 10])
def test_distribution_matches_brute_force(k: int, modifier: int) -> None:
    assert check_distribution(k, modifier) == brute_force(k, modifier)


@pytest.mark.parametrize("k", range(1, 11))
@pytest.mark.parametrize("modifier", [-6, 0, 5])
def test_distribution_sums_to_one(k: int, modifier: int) -> None:
    assert sum(check_distribution(k, modifier).values()) == 1


@pytest.mark.parametrize("k", range(1, 11))
def test_fumble_and_critical_mass(k: int) -> None:
    """PGT-11.2/11.3: value 0 carries exactly the fumbles, value 99 exactly the criticals."""
    dist = check_distribution(k, 0)
    assert dist[FUMBLE_VALUE] == fumble_probability(k) == 1 - Fraction(5, 6) ** k
    assert dist[CRITICAL_VALUE] == critical_probability(k) == Fraction(1, 6) ** k


def test_single_die_six_is_critical_and_one_is_fumble() -> None:
    """PGT-11.2 with one die: a 6 is "all dice show 6", a 1 is "any die shows 1"."""
    assert roll_value([6], -3) == CRITICAL_VALUE
    assert roll_value([1], 10) == FUMBLE_VALUE
    assert check_distribution(1, 0) == {
        0: Fraction(1, 6),
        2: Fraction(1, 6),
        3: Fraction(1, 6),
        4: Fraction(1, 6),
        5: Fraction(1, 6),
        99: Fraction(1, 6),
    }


def test_fumble_value_can_coincide_with_a_normal_value() -> None:
    """1D-2 showing 2 is worth 0, the same as a fumble; the probabilities add up."""
    assert check_distribution(1, -2)[0] == Fraction(2, 6)


def test_returned_distribution_is_a_fresh_dict() -> None:
    check_distribution(2, 0).clear()
    assert sum(check_distribution(2, 0).values()) == 1


def test_face_down_defence_zero_is_met_by_a_fumble() -> None:
    """PGT-WE-9 / PGT-GAP-17: 0 >= 0, so every roll of 2D beats defence 0."""
    assert success_probability(2, 0, 0) == 1


@pytest.mark.parametrize("bad", [0, -1])
def test_a_check_rolls_at_least_one_die(bad: int) -> None:
    """PGT-GAP-6: at least one die is rolled."""
    with pytest.raises(ValueError, match="number of dice"):
        check_distribution(bad, 0)
    with pytest.raises(ValueError, match="number of dice"):
        DiceExpr(bad, 0)


@pytest.mark.parametrize("k", [11, 12, 30, 60])
def test_no_rule_caps_the_dice_of_a_check(k: int) -> None:
    """PGT-11.1 / PGT-11.5 set no upper limit: a check of many dice (an attack with
    several boosts folded in) has exact odds like any other. (From 17 dice on, a plain
    sum can itself be 99: values are kept literally, so 99 holds more than criticals.)"""
    dist = check_distribution(k, -12)
    assert sum(dist.values()) == 1
    assert dist[FUMBLE_VALUE] == fumble_probability(k) == 1 - Fraction(5, 6) ** k
    assert dist[CRITICAL_VALUE] >= critical_probability(k) == Fraction(1, 6) ** k
    assert max(v for v in dist if v != CRITICAL_VALUE) == 6 * k - 1 - 12
    assert DiceExpr(k, -12).dice == k
    faces = [5] * (k - 1) + [6]
    assert roll_value(faces, -12) == sum(faces) - 12


def test_eleven_dice_match_a_convolution_of_single_dice() -> None:
    """The exact odds for more dice than any table holds agree with adding the dice
    one at a time by hand (PGT-11.2: no face 1 among them)."""
    safe: dict[int, int] = {0: 1}
    for _ in range(11):
        nxt: dict[int, int] = {}
        for total, count in safe.items():
            for face in range(2, 7):
                nxt[total + face] = nxt.get(total + face, 0) + count
        safe = nxt
    at_least_40 = sum(c for total, c in safe.items() if 40 <= total < 66)
    assert success_probability(11, 0, 40) == Fraction(at_least_40 + 1, 6**11)  # + all 6s


# --- PGT-WE-8 and PGT-WE-1: concrete rolls -------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "modifier", "value"),
    [
        ((4, 6, 1), 2, 0),  # PGT-WE-8: fumble
        ((6, 6, 6), -1, 99),  # PGT-WE-8: critical
        ((2, 3, 4), -1, 8),  # PGT-WE-8
        ((6, 6, 6, 6, 6), -4, 99),  # PGT-WE-1
        ((6, 6, 6, 6, 1), -4, 0),  # PGT-WE-1
        ((2, 3, 4, 5, 6), -4, 16),  # PGT-WE-1
    ],
)
def test_roll_value(faces: tuple[int, ...], modifier: int, value: int) -> None:
    assert roll_value(faces, modifier) == value


def test_roll_value_rejects_impossible_faces() -> None:
    with pytest.raises(ValueError, match="die faces"):
        roll_value([0, 7], 0)


# --- PGT-WE-1: folded boost, 5D-4 ----------------------------------------------------------


def test_we1_boost_folds_into_one_check() -> None:
    """PGT-11.5: a +2D-4 boost on a 3D attack is one 5D-4 check, not two."""
    assert parse_expr("3D+2D-4") == DiceExpr(5, -4)
    assert parse_expr("3D").fold(parse_expr("+2D−4")) == DiceExpr(5, -4)


def test_we1_all_sixes_on_five_dice_is_99() -> None:
    dist = check_distribution(5, -4)
    assert dist[99] == Fraction(1, 7776)  # only (6,6,6,6,6): 30-4 = 26 never appears
    assert 26 not in dist
    assert max(v for v in dist if v != 99) == 25  # (6,6,6,6,5) - 4


WE1_TABLE = {  # T: (1D-4, 2D-4, 3D-4, 4D-4, 5D-4), best k
    4: ((0.1667, 0.4167, 0.5602, 0.4823, 0.4019), 3),
    8: ((0.1667, 0.0278, 0.3333, 0.4552, 0.4011), 4),
    10: ((0.1667, 0.0278, 0.1620, 0.3881, 0.3947), 5),
    14: ((0.1667, 0.0278, 0.0046, 0.1466, 0.3135), 5),
    17: ((0.1667, 0.0278, 0.0046, 0.0270, 0.1764), 5),
    18: ((0.1667, 0.0278, 0.0046, 0.0116, 0.1295), 1),
}


@pytest.mark.parametrize("target", sorted(WE1_TABLE))
def test_we1_table(target: int) -> None:
    expected, best = WE1_TABLE[target]
    expr = parse_expr("3D+2D-4")
    table = odds_table(expr, target)
    assert [o.dice for o in table] == [1, 2, 3, 4, 5]
    assert [round(float(o.p_success), 4) for o in table] == list(expected)
    assert best_dice(expr, target) == best


# --- PGT-WE-2: the rulebook's target-8 example is wrong ------------------------------------


def test_we2_target_8() -> None:
    assert success_probability(2, 1, 8) == Fraction(19, 36)
    assert success_probability(3, 1, 8) == Fraction(31, 54)
    assert success_probability(1, 1, 8) == Fraction(1, 6)
    assert best_dice(parse_expr("3D+1"), 8) == 3  # PGT-11.6 text says 2: not confirmed


def test_we2_odds_table_for_3d_plus_1() -> None:
    assert odds_table(DiceExpr(3, 1), 8) == [
        Odds(1, Fraction(1, 6), Fraction(1, 6), Fraction(1, 6)),
        Odds(2, Fraction(19, 36), Fraction(11, 36), Fraction(1, 36)),
        Odds(3, Fraction(31, 54), Fraction(91, 216), Fraction(1, 216)),
    ]


def test_we2_appendix_b_heuristic_fails_in_47_of_1503_cases() -> None:
    """PGT-WE-2 / Appendix B, following the stated method exactly.

    A case is (k, n, a, T) with k < n <= 5, a in -6..+10, T in 1..39 where the PGT-11.6
    heuristic applies (3.5*k + a >= T, so it predicts k dice do at least as well as n).
    It fails when k dice do strictly worse.
    """
    cases = failures = ties = 0
    shapes = set()
    for k in range(1, 5):
        for n in range(k + 1, 6):
            for a in range(-6, 11):
                for target in range(1, 40):
                    if 2 * k * 7 < 4 * (target - a):  # 3.5*k + a < T, kept exact
                        continue
                    cases += 1
                    fewer = success_probability(k, a, target)
                    more = success_probability(n, a, target)
                    if fewer < more:
                        failures += 1
                        shapes.add((n, k, target - a, fewer, more))
                    elif fewer == more:
                        ties += 1
    assert (cases, failures, ties) == (1503, 47, 0)
    assert shapes == {
        (2, 1, 3, Fraction(2, 3), Fraction(25, 36)),
        (3, 2, 7, Fraction(19, 36), Fraction(31, 54)),
        (5, 4, 14, Fraction(503, 1296), Fraction(341, 864)),
    }


# --- PGT-WE-3: 1D beats nD from 10/14/18/22 ------------------------------------------------


@pytest.mark.parametrize(
    ("n", "target", "p"),
    [
        (2, 9, Fraction(5, 18)),
        (2, 10, Fraction(1, 6)),
        (2, 11, Fraction(1, 12)),
        (2, 12, Fraction(1, 36)),
        (3, 13, Fraction(53, 216)),
        (3, 14, Fraction(35, 216)),
        (4, 17, Fraction(5, 24)),
        (4, 18, Fraction(95, 648)),
        (5, 21, Fraction(343, 1944)),
        (5, 22, Fraction(1007, 7776)),
    ],
)
def test_we3_exact_values(n: int, target: int, p: Fraction) -> None:
    assert success_probability(n, 0, target) == p
    assert success_probability(1, 0, target) == Fraction(1, 6)  # only a critical (T >= 6)


@pytest.mark.parametrize("a", range(-6, 11))
def test_we3_thresholds_are_minimal_for_every_modifier(a: int) -> None:
    """Smallest T with 1D >= nD for every target from T up is 10/14/18/22 + a."""
    targets = range(a - 10, 120)
    for n, threshold in [(2, 10), (3, 14), (4, 18), (5, 22)]:
        worse = [t for t in targets if success_probability(1, a, t) < success_probability(n, a, t)]
        assert max(worse) + 1 == threshold + a


def test_we3_tie_only_at_2d_target_10() -> None:
    assert success_probability(2, 0, 10) == success_probability(1, 0, 10)
    for n, threshold in [(3, 14), (4, 18), (5, 22)]:
        assert success_probability(n, 0, threshold) < success_probability(1, 0, threshold)


# --- PGT-WE-4: reference table, fumble and critical odds, best k ---------------------------

WE4_TABLE = {  # T: (1D, 2D, 3D, 4D, 5D), a = 0
    1: (0.8333, 0.6944, 0.5787, 0.4823, 0.4019),
    2: (0.8333, 0.6944, 0.5787, 0.4823, 0.4019),
    3: (0.6667, 0.6944, 0.5787, 0.4823, 0.4019),
    4: (0.5000, 0.6944, 0.5787, 0.4823, 0.4019),
    5: (0.3333, 0.6667, 0.5787, 0.4823, 0.4019),
    6: (0.1667, 0.6111, 0.5787, 0.4823, 0.4019),
    7: (0.1667, 0.5278, 0.5741, 0.4823, 0.4019),
    8: (0.1667, 0.4167, 0.5602, 0.4823, 0.4019),
    9: (0.1667, 0.2778, 0.5324, 0.4815, 0.4019),
    10: (0.1667, 0.1667, 0.4861, 0.4784, 0.4019),
    11: (0.1667, 0.0833, 0.4167, 0.4707, 0.4017),
    12: (0.1667, 0.0278, 0.3333, 0.4552, 0.4011),
    14: (0.1667, 0.0278, 0.1620, 0.3881, 0.3947),
    18: (0.1667, 0.0278, 0.0046, 0.1466, 0.3135),
    22: (0.1667, 0.0278, 0.0046, 0.0116, 0.1295),
}


def test_we4_reference_table() -> None:
    targets = sorted(WE4_TABLE)
    rows = chart(max_dice=5, modifier=0, targets=targets)
    assert [tuple(round(float(p), 4) for p in row) for row in rows] == [
        WE4_TABLE[t] for t in targets
    ]


def test_we4_fumble_and_critical_probabilities() -> None:
    assert [format_fraction(fumble_probability(k)) for k in range(1, 6)] == [
        "1/6",
        "11/36",
        "91/216",
        "671/1296",
        "4651/7776",
    ]
    assert [critical_probability(k) for k in range(1, 6)] == [
        Fraction(1, 6**k) for k in range(1, 6)
    ]


def test_we4_best_k_up_to_5_dice() -> None:
    """T<=2 -> 1D; 3-6 -> 2D; 7-10 -> 3D; 11-13 -> 4D; 14-21 -> 5D; T>=22 -> 1D."""
    bands = [(range(1, 3), 1), (range(3, 7), 2), (range(7, 11), 3), (range(11, 14), 4)]
    bands += [(range(14, 22), 5), (range(22, 40), 1)]
    expected = {t: k for targets, k in bands for t in targets}
    assert {t: best_dice(DiceExpr(5, 0), t) for t in range(1, 40)} == expected


def test_best_dice_breaks_ties_towards_fewer_dice() -> None:
    """Against 100 every choice fails (99 < 100), so the fewest dice win the tie."""
    assert best_dice(DiceExpr(5, 0), 100) == 1
    assert best_dice(DiceExpr(5, 0), 0) == 1  # every roll meets defence 0


# --- PGT-GAP-23: the missing appendix chart ------------------------------------------------


def test_chart_shape_and_defaults() -> None:
    rows = chart()
    assert len(rows) == len(range(2, 31))
    assert all(len(row) == 5 for row in rows)
    assert rows[0] == [success_probability(k, 0, 2) for k in range(1, 6)]


def test_format_chart_row() -> None:
    text = format_chart(modifier=-4, targets=[18])
    assert text.splitlines() == [
        "| T | 1D-4 | 2D-4 | 3D-4 | 4D-4 | 5D-4 | best k |",
        "|---|---|---|---|---|---|---|",
        "| 18 | 0.1667 | 0.0278 | 0.0046 | 0.0116 | 0.1295 | 1 |",
    ]


def test_format_fraction() -> None:
    assert format_fraction(Fraction(31, 54)) == "31/54"
    assert format_fraction(Fraction(1)) == "1"
    assert format_fraction(Fraction(0)) == "0"


# --- parse_expr (PGT-11.1, PGT-11.5) --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expr"),
    [
        ("3D+1", DiceExpr(3, 1)),
        ("3d", DiceExpr(3, 0)),
        ("2D-4", DiceExpr(2, -4)),
        ("3D+2D-4", DiceExpr(5, -4)),
        ("+2D−4", DiceExpr(2, -4)),  # a boost as printed, with U+2212
        ("３Ｄ＋１", DiceExpr(3, 1)),
        ("２Ｄ－４", DiceExpr(2, -4)),
        ("  3 D + 2 d - 4 ", DiceExpr(5, -4)),
        ("3D+1+1", DiceExpr(3, 2)),
        ("10D", DiceExpr(10, 0)),
        ("1D+0", DiceExpr(1, 0)),
    ],
)
def test_parse_expr(text: str, expr: DiceExpr) -> None:
    assert parse_expr(text) == expr


@pytest.mark.parametrize(
    "text", ["x3", "", "3", "D", "3D1", "3D+", "3D++1", "3D-1D", "0D", "-3D", "3D*2", "P3D"]
)
def test_parse_expr_rejects(text: str) -> None:
    with pytest.raises(ValueError, match="expected something like 3D\\+1") as err:
        parse_expr(text)
    assert repr(text) in str(err.value)
    assert "\n" not in str(err.value)


def test_parse_expr_error_message_exact() -> None:
    with pytest.raises(ValueError) as err:
        parse_expr("x3")
    assert str(err.value) == (
        "cannot read dice expression 'x3': it must start with its dice, nD; expected "
        "something like 3D+1 or 3D+2D-4"
    )


@pytest.mark.parametrize("text", ["11D", "6D+5D", "3D+2D+3D+3D"])
def test_parse_expr_rejects_more_than_10_dice(text: str) -> None:
    with pytest.raises(ValueError, match="dice must total 1 to 10"):
        parse_expr(text)


def test_dice_expr_str() -> None:
    assert str(DiceExpr(5, -4)) == "5D-4"
    assert str(DiceExpr(3, 1)) == "3D+1"
    assert str(DiceExpr(3, 0)) == "3D"
