"""Rule options: the interpretations the digest marks as choices, each defaulting to
its proposal, and how the first player is chosen."""

from tcglab.engine.game import RuleOption

OPTIONS = (
    RuleOption(
        "unique_names",
        True,
        "a player may not have two characters of the same name on their field",
        "PM-GAP-10",
    ),
    RuleOption(
        "redraw",
        True,
        "each player may once put the opening 7 on the bottom of the deck and draw 7 anew",
        "PM-GAP-1",
    ),
    RuleOption(
        "approaches",
        "repeat",
        "after an approach ends the turn player may declare another, or only one per turn",
        "PM-GAP-5",
        choices=("repeat", "once"),
    ),
    RuleOption(
        "break_pays_cost",
        False,
        "playing a [Break] event from the point area also costs its usual sources",
        "PM-GAP-15",
    ),
    RuleOption(
        "value_order",
        "timestamp",
        "how AP/DP changes combine: in the order they took effect, or every 'becomes' "
        "first, then additions, then swaps",
        "PM-GAP-24",
        choices=("timestamp", "layers"),
    ),
    RuleOption(
        "first_player",
        "random",
        "who takes the first turn: decided by a coin toss, or fixed",
        "PM-1.10.1",
        choices=("random", "p1", "p2"),
    ),
)
