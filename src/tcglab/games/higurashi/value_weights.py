"""Weights of the Higurashi position value, one per value_model.FEATURES entry;
written by tools/fit_higurashi_value.py --games 6000 --seed 1.
"""

WEIGHTS = (
    -0.4351,  # characters
    -0.2443,  # last_one
    0.8042,  # face_down
    0.1310,  # attack
    0.1599,  # defence
    -0.0061,  # best_attack
    0.0220,  # ready
    -0.0881,  # exposed
    0.1034,  # hand
    0.0318,  # captured_points
    -0.0291,  # to_move
)
