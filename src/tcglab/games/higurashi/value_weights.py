"""Weights of the Higurashi position value, one per value_model.FEATURES entry;
written by tools/fit_higurashi_value.py --games 10000 --seed 1 --at turns.
"""

WEIGHTS = (
    -0.1761,  # characters
    -0.3283,  # last_one
    0.5696,  # face_down
    0.0867,  # attack
    0.1175,  # defence
    0.0200,  # best_attack
    -0.0641,  # ready
    -0.0421,  # exposed
    0.0744,  # hand
    0.0333,  # captured_points
    0.0695,  # to_move
    0.0331,  # danger
    -0.8639,  # most_danger
    0.1771,  # can_strike
)
