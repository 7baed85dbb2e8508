"""Random and heuristic games over every pairing of prebuilt decks and every option
setting finish, replay exactly and keep hidden what they hide."""

import itertools

import pytest

from tcglab.agents import Decision
from tcglab.engine import register
from tcglab.engine.replay import record, rerun
from tcglab.engine.rng import Rng
from tcglab.games.pm import GAME
from tcglab.games.pm.agent import PMAgent

register(GAME)  # so that rerun finds pm before it is installed as an entry point
DECKS = GAME.prebuilt_decks()
VARIANTS = [
    {},
    {"unique_names": False},
    {"redraw": False},
    {"approaches": "once"},
    {"break_pays_cost": True},
]


@pytest.mark.parametrize(("a", "b"), list(itertools.product(DECKS, DECKS)))
def test_every_pairing_finishes_with_heuristic_agents(a, b):
    for seed in range(2):
        st = GAME.new_state(seed, decks=[DECKS[a], DECKS[b]])
        agents = [PMAgent(seed), PMAgent(seed + 1)]
        while not st.over:
            st.apply(agents[st.to_move].choose(Decision(st)))
            assert len(st.history) < 5000
        assert st.result.reason in ("seven_points", "deck_out", "draw")


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(o) or "defaults")
def test_random_games_replay_and_hide(options):
    for seed in range(3):
        st = GAME.new_state(seed, options=options)
        rng = Rng(seed)
        while not st.over:
            if len(st.history) % 25 == 0:
                for seat in (0, 1):
                    twin = st.determinize(seat, Rng(seed))
                    assert twin.observe(seat) == st.observe(seat)
                copy = st.clone()
                assert copy.digest() == st.digest()
            st.apply(rng.choice(st.legal_actions()))
            assert_whole(st)
        assert st.log[-1].kind == "game_over"
        assert rerun(record(st)).ok


def assert_whole(st) -> None:
    """Every card is in exactly one place; main areas hold at most 5 AP/DP characters."""
    places = list(st.limbo) + [i for i, host in enumerate(st.host) if host >= 0]
    for seat in (0, 1):
        for zone in (st.deck, st.hand, st.discard, st.points, st.main, st.support):
            places += zone[seat]
        assert len(st.main[seat]) <= 5
        assert all(st.card(i).has_values for i in st.main[seat])
    assert sorted(places) == list(range(120))
