"""Exact odds for the command line: `odds_report` for one expression and target, and
`chart_text`, the probability chart the rulebook promised (PGT-11.6, PGT-GAP-23)."""

from __future__ import annotations

from tcglab.engine.errors import TcglabError
from tcglab.games.pgt.dice import format_chart, format_fraction, odds_table, parse_expr


class BadExpression(TcglabError):
    """A dice expression that does not parse."""


def parsed(expr_text):
    """The dice expression of `expr_text`, or a one-line BadExpression."""
    try:
        return parse_expr(expr_text)
    except ValueError as exc:  # its message says what is wrong and what is accepted
        raise BadExpression(str(exc)) from None
    except TypeError:
        raise BadExpression(
            f"cannot read dice expression {expr_text!r}: expected something like 3D+1 or 3D+2D-4"
        ) from None


def odds_report(expr_text: str, target: int) -> dict:
    """Every dice count of an "nD+a" check against `target`, exactly (PGT-11.4)."""
    expr = parsed(expr_text)
    rows = odds_table(expr, target)
    best = max(rows, key=lambda o: (o.p_success, -o.dice)).dice
    return {
        "expression": str(expr),
        "target": target,
        "by_dice": [
            {
                "dice": o.dice,
                "p_success": format_fraction(o.p_success),
                "p_fumble": format_fraction(o.p_fumble),
                "p_critical": format_fraction(o.p_critical),
                "success": round(float(o.p_success), 4),
            }
            for o in rows
        ],
        "best_dice": best,
    }


def report_text(report: dict) -> str:
    """The report as a table for people."""
    lines = [
        f"{report['expression']} against {report['target']}:",
        "dice  success            fumble      critical",
    ]
    for row in report["by_dice"]:
        mark = "  <- best" if row["dice"] == report["best_dice"] else ""
        lines.append(
            f"{row['dice']:>4}  {row['p_success']:>9} ({row['success']:.4f})  "
            f"{row['p_fumble']:>10}  {row['p_critical']:>8}{mark}"
        )
    return "\n".join(lines)


def chart_text(expr_text: str | None = None) -> str:
    """PGT-GAP-23 success chance of exactly k dice for targets 2 to 30: of 1 to 5 dice
    with no modifier, or of the dice and modifier of an expression."""
    max_dice, modifier = 5, 0
    if expr_text is not None:
        expr = parsed(expr_text)
        max_dice, modifier = expr.dice, expr.modifier
    return (
        "Success probability rolling exactly k dice (any 1 = fumble 0, all 6 = critical 99)\n"
        + format_chart(max_dice, modifier)
    )
