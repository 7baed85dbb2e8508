"""Rule options: the interpretations the digest marks as choices, defaulting to its
proposals, plus the round limit that ends every game."""

from tcglab.engine.game import RuleOption

# PGT-5 ends a game only by score or by an empty party, and PGT-GAP-10 lets a player
# decline to attack, so PGT-7.7 can end round after round with nothing changing.
# tcglab's round limit ends such a game and cannot be switched off (at least 1 round,
# at most ROUND_CAP). A match replays at most three drawn games (PGT-5.3, match.py),
# so a draft tournament ends too.
ROUND_CAP = 100

OPTIONS = (
    RuleOption(
        "empty_party_check",
        "after_reformation",
        "when a player with no character on the field loses: after or before re-formation",
        "PGT-5.2, PGT-GAP-11",
        choices=("after_reformation", "before_reformation"),
    ),
    RuleOption(
        "guard_from_behind",
        False,
        "a back-row character may also guard the front-row character in its column",
        "PGT-10.3, PGT-14.2.3, PGT-GAP-8",
    ),
    RuleOption(
        "invalid_always_fails",
        True,
        "an attack made invalid by Innocence fails even against a defence of 0",
        "PGT-14.2.8, PGT-GAP-16",
    ),
    RuleOption(
        "innocence_retires",
        False,
        "a successful Innocence also retires the attacker (not only invalidates the attack)",
        "PGT-13.10, PGT-GAP-15",
    ),
    RuleOption(
        "counter_needs_range1",
        True,
        "Counter needs both characters in their front rows (a legal range-1 attack)",
        "PGT-13.11, PGT-GAP-18",
    ),
    RuleOption(
        "round_limit",
        30,
        "end the game after this many rounds; the higher score wins, equal scores draw",
        "tcglab, PGT-5, PGT-7.7, PGT-GAP-10",
        minimum=1,
        maximum=ROUND_CAP,
    ),
)
