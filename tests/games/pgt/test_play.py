"""Whole games: random and heuristic play finish; clones and samples behave; a game in
which nobody attacks still ends."""

import pytest

from tcglab.agents import Decision, RandomAgent
from tcglab.engine import BadOption
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


@pytest.mark.parametrize(("players", "limit"), [(2, 0), (4, 0), (2, 101), (2, 2**64)])
def test_round_limit_cannot_be_switched_off(players, limit):
    """PGT-5 ends a game only by score or an empty party, and PGT-GAP-10 lets a player
    decline to attack: the round limit (1 to 100) is what ends a game nobody pushes on,
    in a two-player game and at a draft table alike."""
    with pytest.raises(BadOption) as caught:
        GAME.new_state(3, players, {"round_limit": limit})
    assert str(caught.value).startswith("option round_limit takes a whole number from 1 to 100")


def passive(ids: list[str]) -> str:
    """Never attack: pass wherever passing is allowed, else the first choice."""
    return next((i for i in ids if i == "pass"), ids[0])


def test_a_game_where_nobody_attacks_ends_at_the_hundredth_round():
    """PGT-7.7 two turns without an attack end each round; at round_limit 100 the
    game ends after the hundredth, scores equal: a draw."""
    st = GAME.new_state(3, 2, {"round_limit": 100})
    for _ in range(GAME.max_actions):
        if st.over:
            break
        st.apply(passive([action.id for action in st.legal_actions()]))
    assert st.over and st.result.reason == "round_limit"
    assert st.result.winners == () and st.result.scores == (0, 0)
    assert [e.data["round"] for e in st.log if e.kind == "round_over"][-1] == 100
