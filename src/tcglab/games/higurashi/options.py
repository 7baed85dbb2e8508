"""Rule options: the interpretations the digest marks as choices, defaulting to its
proposals, plus the bonus rule (G4-9) and the round limit that ends every game."""

from tcglab.engine.game import RuleOption

EVENT_CARDS = 60  # the event deck: a higher hand limit is the same as none
# G4-2.4 and G4-7.1 end a game only when one player is left or the character pile runs
# out, and G4-GAP-18 lets every player end a turn without acting: nothing in the rules
# stops a game that nobody pushes on. tcglab's round limit does, and cannot be
# switched off (at least 1 round, at most ROUND_CAP).
ROUND_CAP = 100

OPTIONS = (
    RuleOption(
        "hand_limit",
        5,
        "most event cards a player may hold; on drawing past it, use or discard",
        "G4-6.2, G4-GAP-5",
        minimum=1,
        maximum=EVENT_CARDS,
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
        "end the game after this many rounds as if one player were left standing",
        "tcglab, G4-2.4, G4-7.1, G4-GAP-18",
        minimum=1,
        maximum=ROUND_CAP,
    ),
)
