"""Weights of the Higurashi position value, one per value_model.FEATURES entry;
written by tools/fit_higurashi_value.py --games 10000 --seed 1 --at turns.
"""

WEIGHTS = (
    -0.1593,  # characters
    -0.3389,  # last_one
    0.5491,  # face_down
    0.0909,  # attack
    0.1126,  # defence
    -0.0089,  # best_attack
    -0.0675,  # ready
    -0.0396,  # exposed
    0.0657,  # hand
    0.0341,  # captured_points
    0.0377,  # to_move
    -0.0218,  # danger
    -0.8581,  # most_danger
    0.1721,  # can_strike
    0.2537,  # equipment
    -0.1976,  # modifiers
)
