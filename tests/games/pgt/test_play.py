"""Whole games: random and heuristic play finish; clones and samples behave."""

from tcglab.agents import Decision, RandomAgent
from tcglab.engine.rng import Rng
from tcglab.games.pgt import GAME, PgtAgent


def test_random_games_finish_and_clone_equivalently():
    for seed in range(6):
        st = GAME.new_state(seed)
        agent = RandomAgent(seed)
        while not st.over:
            action = agent.choose(Decision(st))
            twin = st.clone()
            st.apply(action)
            twin.apply(action)
            assert twin.digest() == st.digest()
        assert st.result.reason in ("score", "empty_party", "round_limit")


def test_samples_match_the_seat_view():
    st = GAME.new_state(11)
    agent = RandomAgent(3)
    for step in range(400):
        if st.over:
            break
        if step % 25 == 0:
            for seat in (0, 1):
                sample = st.determinize(seat, Rng(step))
                assert sample.observe(seat) == st.observe(seat)
        st.apply(agent.choose(Decision(st)))


def test_heuristic_beats_random():
    wins = 0
    for seed in range(10):
        agents = [PgtAgent(seed), RandomAgent(seed)]
        if seed % 2:
            agents.reverse()
        st = GAME.new_state(seed)
        while not st.over:
            st.apply(agents[st.to_move].choose(Decision(st)))
        wins += (seed % 2) in st.result.winners
    assert wins >= 7


def test_render_shows_both_rows_and_hides_face_down():
    st = GAME.new_state(2)
    while st.round == 0:
        st.apply(st.legal_actions()[0])
    text = GAME.render(st.observe(1))
    assert "F1:" in text and "B1:" in text and "[face-down]" in text
