"""Rule options: the readings the Princess Scramble text leaves open, each defaulting
to the rules digest's proposal."""

from tcglab.engine.game import RuleOption
from tcglab.games.ps.decks import DECK_MAX, DECK_MIN

# PS-3.1 a deck has 25 to 50 cards: no hand can open with or draw more than the smallest
# deck holds, nor hold more than the largest.
SMALLEST_DECK, LARGEST_DECK = DECK_MIN, DECK_MAX

OPTIONS = (
    RuleOption(
        "energy_from",
        "deck",
        "energy is placed from the top of the deck, face-down, or from any card in hand",
        "PS-GAP-1",
        choices=("deck", "hand"),
    ),
    RuleOption(
        "opening_hand",
        5,
        "cards each player draws at the start",
        "PS-GAP-2, PS-3.1",
        minimum=0,
        maximum=SMALLEST_DECK,
    ),
    RuleOption(
        "mulligan",
        False,
        "each player may once shuffle the opening hand back and draw a new one",
        "PS-GAP-3",
    ),
    RuleOption(
        "draw_count",
        1,
        "cards drawn in the draw phase",
        "PS-GAP-4, PS-3.1",
        minimum=1,
        maximum=SMALLEST_DECK,
    ),
    RuleOption(
        "first_turn_draw",
        True,
        "the first player also draws in the draw phase of the very first turn",
        "PS-GAP-4, PS-4.4",
    ),
    RuleOption(
        "summoning_sickness",
        "attack",
        "what a character placed this turn may not do: attack and exhaust for abilities "
        "(attack), that and defend too (full), or nothing (none)",
        "PS-GAP-6",
        choices=("attack", "full", "none"),
    ),
    RuleOption(
        "hit_player_past_defenders",
        False,
        "the attacker may choose the player as target even when defenders were declared",
        "PS-GAP-8",
    ),
    RuleOption(
        "defenders_gone",
        "no_damage",
        "when every declared defender has left the field before the target is picked: "
        "the battle deals no damage (no_damage), or the defending player takes it (player)",
        "PS-GAP-19, PS-6.8, PS-9.4",
        choices=("no_damage", "player"),
    ),
    RuleOption(
        "support_tiers",
        "exclusive",
        "only the support entry matching the count applies, or every entry up to it",
        "PS-GAP-11",
        choices=("exclusive", "cumulative"),
    ),
    RuleOption(
        "hand_limit",
        5,
        "hand size the turn player discards down to",
        "PS-4.2, PS-3.1",
        minimum=1,
        maximum=LARGEST_DECK,
    ),
)
