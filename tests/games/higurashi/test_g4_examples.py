"""The worked examples of the Higurashi rules digest, G4-WE-1 .. G4-WE-8: each position
is a scenario file in tests/scenarios/higurashi/ (run by tests/scenarios); what a single
position cannot say (a chance over all six faces, what the opponent sees) is here."""

from .builder import build, captured, face_up, play


def test_we2_success_probability_is_one_half():
    """G4-WE-2: three of the six faces succeed, P = 1/2."""
    wins = 0
    for die in range(1, 7):
        st = build([["C03 up"], ["C04 up", "C06"]])
        st.rng.force_for("dice", die)
        play(st, "attack 0", "target 1.0")
        wins += captured(st, 0) == ["C04"]
    assert wins == 3


def test_we3_scouting_succeeds_half_the_time():
    """G4-WE-3: P(success) = 1/2."""
    results = []
    for die in range(1, 7):
        st = build([["C09 up"], ["C04"]])
        st.rng.force_for("scout", die)
        play(st, "scout 0", "target 1.0")
        results.append(face_up(st, "C04"))
    assert results == [False, False, False, True, True, True]


RED_FIVE = ["C11 up", "C04 up", "C12 up", "C09 up", "C10 up"]


def test_we8_the_opponent_sees_the_bonus():
    """G4-WE-8 / G4-9.1: the +1 / +1 of five face-up red cards is what the opponent sees."""
    st = build([RED_FIVE, ["C14 up"]], options={"bonus_rule": True})
    seen = st.observe(1)["seats"][0]["characters"][0]
    assert (seen["attack"], seen["defence"]) == (4, 4)
