"""The heuristic agent and the terminal board."""

from tcglab.agents import Decision, RandomAgent
from tcglab.games.pm import GAME
from tcglab.games.pm.agent import PMAgent

from .builder import build, ids, pass_windows, play


def choose(st) -> str:
    return PMAgent(0).choose(Decision(st)).id


def test_agent_beats_random_play():
    wins = 0
    for seed in range(12):
        st = GAME.new_state(seed)
        agents = {seed % 2: PMAgent(seed), 1 - seed % 2: RandomAgent(seed)}
        while not st.over:
            action = agents[st.to_move].choose(Decision(st))
            assert action in st.legal_actions()
            st.apply(action)
        wins += st.result.winners == (seed % 2,)
    assert wins >= 9


def test_agent_obstructs_to_win_and_lets_bad_trades_through():
    st = build(main=(["SHD-002"], ["SHD-013", "SHD-006"]), at="approach")
    play(st, "approach M1")
    pass_windows(st)
    assert choose(st) == "obstruct M1"  # 70/70 retires the 40/30 and stays
    st = build(main=(["CWA-010"], ["SHD-004"]), at="approach")
    play(st, "approach M1")
    pass_windows(st)
    assert choose(st) == "let through"


def test_agent_holds_back_an_approach_that_would_be_punished():
    st = build(main=(["SHD-001"], ["SHD-013"]), at="approach")
    assert ids(st) == ["approach M1", "end"] and choose(st) == "end"
    st = build(main=(["SHD-013"], ["SHD-001"]), at="approach")
    assert choose(st) == "approach M1"


def test_agent_plays_an_event_that_saves_its_character():
    st = build(
        main=(["SHD-002"], ["SHD-009"]),
        hand=(["SHD-018", "SHD-014"], []),
        at="approach",
    )
    play(st, "approach M1", "pass", "pass", "obstruct M1")
    assert choose(st) == "play SHD-018"  # 60/50 against 30/40: it retires, and survives


def test_agent_pays_with_point_cards_first():
    st = build(hand=(["SHD-004", "SHD-001"], []), points=(["SHD-014"], []), at="main")
    play(st, "play SHD-004")
    assert choose(st) == "flip p1.P1"


def test_render_shows_both_sides_and_only_ones_own_hand():
    st = build(
        main=(["SHD-002 rested +SHD-027"], ["SHD-007"]),
        hand=(["SHD-018"], ["CWA-023"]),
        points=([], ["SHD-014 down"]),
    )
    text = GAME.render(st.observe(0))
    assert "Akari Umino 50/40" in text and "rested" in text and "+SHD-027" in text
    assert "SHD-014(down)" in text and "SHD-018 Rising Tide Momentum" in text
    assert "CWA-023" not in text
    spectator = GAME.render(st.observe(None))
    assert "Hand" not in spectator and "spectator" in spectator
