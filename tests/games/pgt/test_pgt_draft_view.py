"""The bracket a draft table (PGT-15.4, PGT-GAP-25) shows everyone: every match of
every round with its seats and its state, and the game under way as a seat that does
not play it may watch it."""

from __future__ import annotations

from tcglab.agents import Decision
from tcglab.engine import Rng
from tcglab.games.pgt import GAME, PgtAgent
from tcglab.games.pgt.draft_state import DraftState

SHORT = {"round_limit": 2}


def brackets(players: int, seed: int) -> tuple[DraftState, list[list[list[dict]]]]:
    """A table played to its champion by the heuristic agent, and every bracket it
    showed on the way (each once)."""
    st = GAME.new_state(seed, players, SHORT)
    agents = [PgtAgent(seat) for seat in range(players)]
    seen = []
    while not st.over:
        bracket = st.observe(None)["bracket"]
        if not seen or seen[-1] != bracket:
            seen.append(bracket)
        st.apply(agents[st.to_move].choose(Decision(st)))
    seen.append(st.observe(None)["bracket"])
    return st, seen


def states(bracket) -> list[list[str]]:
    return [[m["state"] for m in matches] for matches in bracket]


def test_pgt15_4_four_players_see_both_rounds_from_the_first_game():
    st, seen = brackets(4, 5)
    assert seen[0] == []  # no pairings while the draft goes on
    first = seen[1]
    assert states(first) == [["playing", "waiting"], ["waiting"]]
    assert first[1] == [{"players": [None, None], "state": "waiting"}]  # two winners to come
    live = first[0][0]
    assert live["wins"] == [0, 0] and live["game"] == 1
    assert sorted(live["players"] + first[0][1]["players"]) == [0, 1, 2, 3]
    second = next(b for b in seen if states(b)[:1] == [["done", "playing"]])
    winner = second[0][0]["winner"]
    assert second[1] == [{"players": [winner, None], "state": "waiting"}]
    final = seen[-1]
    assert states(final) == [["done", "done"], ["done"]]
    assert final[1][0]["winner"] == st.result.winners[0]
    assert [m["winner"] for m in final[0]] == final[1][0]["players"]


def test_gap25_three_players_see_the_bye_meet_the_winner_to_come():
    _, seen = brackets(3, 2)
    first = seen[1]
    assert states(first) == [["bye", "playing"], ["waiting"]]
    assert first[1][0]["players"] == [first[0][0]["bye"], None]
    assert states(seen[-1]) == [["bye", "done"], ["done"]]


def test_the_bracket_and_the_game_under_way_are_the_same_for_every_watcher():
    """A seat whose match is not being played watches it as a spectator does: the same
    bracket, the same view of the game, and nothing more after a determinize."""
    st = GAME.new_state(5, 4, SHORT)
    agents = [PgtAgent(seat) for seat in range(4)]
    while st.phase == "draft" or st.sub.to_move is None or len(st.sub.history) < 12:
        st.apply(agents[st.to_move].choose(Decision(st)))
    watcher = next(seat for seat in range(4) if seat not in st.pair)
    watched = st.observe(watcher)
    spectator = st.observe(None)
    assert watched["bracket"] == spectator["bracket"]
    assert watched["match"]["local_seat"] is None
    assert watched["match"]["view"] == spectator["match"]["view"]
    player = st.observe(st.pair[0])
    assert player["bracket"] == spectator["bracket"]
    assert player["match"]["view"] != spectator["match"]["view"]  # a player sees its hand
    sample = st.determinize(watcher, Rng(11))
    assert sample.observe(watcher) == watched
