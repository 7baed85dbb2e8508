"""Rule options: the interpretations the digest marks as choices, defaulting to its
proposals, plus the bonus rule (G4-9) and a round limit for simulation."""

from tcglab.engine.game import RuleOption

OPTIONS = (
    RuleOption(
        "hand_limit",
        5,
        "most event cards a player may hold; on drawing past it, use or discard",
        "G4-6.2, G4-GAP-5",
        minimum=1,
    ),
    RuleOption(
        "sideways_until",
        "own_turn",
        "sideways characters stand up at their owner's next turn, or at anyone's next turn",
        "G4-GAP-6",
        choices=("own_turn", "next_turn"),
    ),
    RuleOption(
        "counter_turns_sideways",
        True,
        "a counter-attacking character turns sideways",
        "G4-GAP-7",
    ),
    RuleOption(
        "auto_success_at_6",
        True,
        "an attack whose attack exceeds defence by 6 or more succeeds whatever the die shows",
        "G4-GAP-8",
    ),
    RuleOption(
        "reveal_to_attack",
        True,
        "a face-down character may be turned face-up to attack",
        "G4-GAP-9",
    ),
    RuleOption(
        "reshuffle_events",
        True,
        "the event discard is shuffled into a new deck when the deck runs out",
        "G4-GAP-4",
    ),
    RuleOption(
        "bonus_rule",
        False,
        "all characters face-up, 5 or more, one background colour: all get +1 attack and defence",
        "G4-9, G4-GAP-17",
    ),
    RuleOption(
        "round_limit",
        40,
        "end the game after this many rounds as if one player were left standing (0 = no limit)",
        "tcglab",
        minimum=0,
    ),
)
