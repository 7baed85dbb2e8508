"""The metrics against figures worked out by hand on a tiny table of made-up games."""

import pytest

from tcglab.lab import metrics
from tcglab.lab.extras import MissingExtra, need
from tcglab.lab.metrics import Rate
from tcglab.lab.records import RecordWriter, connect

pytest.importorskip("duckdb")


def game(index, decks, first, winners, turns=10):
    return {"game": index, "seed": index, "players": 2, "agents": ["a", "b"], "decks": decks,
            "first": first, "winners": winners, "scores": [0, 0], "reason": "won",
            "turns": turns, "actions": 5 * turns}  # fmt: skip


def card(index, seat, deck, name, opening=0, drawn=None, played=None, win=0.0):
    return (index, seat, deck, name, 2, opening, drawn, played, None, None, win)


@pytest.fixture(scope="module")
def con(tmp_path_factory):
    """60 games of deck red (seat 0) against blue. Red holds card X in every game:
    in the opening hand in games 0-19 (14 won), drawn on turn 4 in games 20-39 (10
    won), never seen in games 40-59 (6 won). Red goes first in the even games."""
    wins = [i < 14 or 20 <= i < 30 or 40 <= i < 46 for i in range(60)]
    games, cards = [], []
    for i, won in enumerate(wins):
        games.append(game(i, ["red", "blue"], i % 2, [0] if won else [1], turns=8 + i % 3))
        where = {"opening": 1} if i < 20 else {"drawn": 4, "played": 5} if i < 40 else {}
        cards.append(card(i, 0, "red", "X", win=float(won), **where))
        cards.append(card(i, 1, "blue", "Y", opening=1, win=float(not won)))
    folder = tmp_path_factory.mktemp("synthetic")
    writer = RecordWriter(folder, {"game": "made-up"})
    writer.add(games, cards)
    writer.close({})
    return connect([folder])


def by_card(con):
    return {c["card"]: c for c in metrics.card_metrics(con)}


def test_17lands_rates_of_a_card(con):
    x = by_card(con)["X"]
    assert (x["oh"].wins, x["oh"].n) == (14, 20)
    assert (x["gd"].wins, x["gd"].n) == (10, 20)
    assert (x["gih"].wins, x["gih"].n) == (24, 40)
    assert (x["gns"].wins, x["gns"].n) == (6, 20)
    assert x["iwd"]["value"] == pytest.approx(24 / 40 - 6 / 20)
    half = 1.959963984540054 * (0.6 * 0.4 / 40 + 0.3 * 0.7 / 20) ** 0.5
    assert x["iwd"]["low"] == pytest.approx(0.3 - half)
    assert x["in_deck"] == 60
    assert (x["played"], x["mean_turn_played"]) == (20, 5)
    assert x["play_rate"].rate == pytest.approx(0.5)


def test_wilson_interval_and_too_few_games():
    assert Rate(12, 20).interval == pytest.approx((0.3865815, 0.7811935))
    assert Rate(12, 20).text() == "60.0% (38.7%-78.1%, n=20)"
    assert Rate(3, 7).text() == "n too small (n=7)"
    assert Rate(3, 7).json() == {"n": 7, "rate": None, "low": None, "high": None}


def test_a_card_never_unseen_has_no_gns_and_no_iwd(con):
    y = by_card(con)["Y"]  # always in blue's opening hand
    assert y["gns"].n == 0 and not y["gns"].enough
    assert y["iwd"]["value"] is None


def test_matchup_matrix_both_ways_round(con):
    table = metrics.matchups(con)
    assert table["decks"] == ["blue", "red"]
    assert (table["cells"][("red", "blue")].wins, table["cells"][("red", "blue")].n) == (30, 60)
    assert table["cells"][("blue", "red")].wins == 30


def test_first_seat_over_all_games_and_per_deck(con):
    seat = metrics.first_seat(con)
    # red first and won: even games among the wins (0-13: 7, 20-29: 5, 40-45: 3) = 15;
    # blue first (odd games) and won: odd games red lost, 30 - 15 = 15.
    assert (seat["first"].wins, seat["first"].n) == (30, 60)
    red = next(d for d in seat["decks"] if d["deck"] == "red")
    assert (red["first"].wins, red["first"].n) == (15, 30)
    assert (red["second"].wins, red["second"].n) == (15, 30)


def test_lengths_and_reasons(con):
    length = metrics.lengths(con)
    assert length["turns"] == [(8, 20), (9, 20), (10, 20)]
    assert length["mean_turns"] == 9 and length["reasons"] == [("won", 60)]


def test_a_missing_package_names_its_extra():
    with pytest.raises(MissingExtra, match=r"pip install 'tcglab\[lab\]'"):
        need("duckdb_not_here")
