"""Game records: run.json and the Parquet tables of a small seeded run, checked against
the same games played again and against `sim --json`."""

import json
from collections import Counter

import pytest

from tcglab.engine import get_game
from tcglab.lab.facts import hand_ids
from tcglab.lab.records import connect
from tcglab.sim import run_batch

pytest.importorskip("duckdb")


def rows(folder, query):
    return connect([folder]).execute(query).fetchall()


def test_run_json_says_what_was_played(ps_run):
    folder, _ = ps_run
    facts = json.loads((folder / "run.json").read_text())
    game = get_game("ps")
    assert facts["game"] == "ps" and facts["kind"] == "sim"
    assert facts["card_digest"] == game.card_digest()
    assert (facts["games"], facts["seed"], facts["players"]) == (24, 5, 2)
    assert facts["agents"] == ["random", "random"]
    assert facts["options"] == game.resolve_options()
    assert facts["command"][:2] == ["sim", "ps"]
    assert facts["command"][facts["command"].index("--games") + 1] == "24"
    assert facts["summary"]["games"] == 24


def test_each_game_row_matches_the_summary(ps_run):
    folder, summary = ps_run
    games = rows(folder, "SELECT game, winners, players, turns, actions, first, decks FROM games")
    assert [g[0] for g in games] == list(range(24))
    wins = [0.0, 0.0]
    for _, winners, *_ in games:
        for seat in winners:
            wins[seat] += 1 / len(winners)
    assert wins == summary["wins"]
    assert sum(g[4] for g in games) / 24 == pytest.approx(summary["mean_actions"])
    assert {g[5] for g in games} <= {0, 1}
    assert {tuple(g[6]) for g in games} == {("starlight", "skyport")}  # the game's defaults


def test_cards_of_the_opening_hand_and_the_draws_are_counted(ps_run):
    """The same games played again: what seat 0 held at the start of game 3 is its
    opening hand in the records, and every card it drew later has its first turn."""
    folder, _ = ps_run
    played = {}
    run_batch(get_game("ps"), 4, 5, on_game=lambda index, state: played.setdefault(index, state))
    state = played[3]
    cards = rows(folder, "SELECT card, opening, drawn_turn, copies FROM cards "
                         "WHERE game = 3 AND seat = 0")  # fmt: skip
    opening = {card: count for card, count, _, _ in cards if count}
    fresh = get_game("ps").new_state(state.seed, 2)
    assert opening == Counter(hand_ids(fresh.observe(0)))
    deck = get_game("ps").prebuilt_decks()["starlight"]
    assert sum(copies for *_, copies in cards) == len(deck)  # the whole deck has its rows
    turn, drawn = 0, {}
    for event in state.log[len(fresh.log) :]:
        turn += event.kind == "turn"
        if event.kind == "draw" and event.data["seat"] == 0:
            drawn.setdefault(event.secret[0]["card"], turn)
    assert drawn, "seat 0 drew in game 3"
    assert {card: turn for card, _, turn, _ in cards if turn is not None} == drawn


def test_the_winner_rows_of_cards_carry_the_win(ps_run):
    folder, _ = ps_run
    mismatched = rows(
        folder,
        "SELECT count(*) FROM cards c JOIN games g USING (run, game) "
        "WHERE c.win <> CASE WHEN list_contains(g.winners, c.seat) THEN 1.0 ELSE 0 END",
    )
    assert mismatched == [(0,)]


def test_a_draft_keeps_the_picks_taken_and_last_seen(draft_run):
    """PGT-15: every seat takes 18 cards; a card taken was last seen no earlier than
    the pick that took it... and no later, since a taken card leaves the pack."""
    folder, summary = draft_run
    picks = rows(folder, "SELECT game, seat, count(*), min(pick_taken), max(pick_taken) "
                         "FROM cards WHERE pick_taken IS NOT NULL GROUP BY game, seat")  # fmt: skip
    assert len(picks) == 8
    assert {(n, low, high) for *_, n, low, high in picks} == {(18, 1, 18)}
    assert rows(folder, "SELECT count(*) FROM cards WHERE pick_taken <> pick_last_seen") == [(0,)]
    unseen = rows(folder, "SELECT count(*) FROM cards WHERE pick_last_seen IS NULL")
    assert unseen == rows(folder, "SELECT count(*) FROM cards WHERE pick_taken IS NULL AND "
                                  "pick_last_seen IS NULL")  # fmt: skip
    wins = [0] * 4
    for (winners,) in rows(folder, "SELECT winners FROM games"):
        for seat in winners:
            wins[seat] += 1
    assert wins == summary["wins"]  # one champion a table


def test_records_refuse_a_folder_that_holds_a_run(tcglab, ps_run):
    folder, _ = ps_run
    status, out, err = tcglab("sim", "ps", "--games", "2", "--records", folder)
    assert status == 2 and out == ""
    assert err == f"tcglab: error: {folder} already holds a run; give --records a new folder\n"


def test_records_of_a_match_are_refused(tcglab, tmp_path):
    status, _, err = tcglab("sim", "pgt", "--match", "--games", "1", "--records", tmp_path / "m")
    assert status == 2
    assert "--records writes single games or tables, not a match" in err


def test_higurashi_records_the_characters_each_seat_was_dealt(tmp_path, recorded):
    """G4-2.1 five face-down characters each: the records keep them as the opening
    cards of their seat, read from the seat's own secret of the deal."""
    folder = tmp_path / "higurashi"
    recorded(folder, "higurashi", "--players", 3, "--games", 2, "--seed", 4, "--backend", "local")
    game, played = get_game("higurashi"), {}
    run_batch(game, 2, 4, players=3, on_game=lambda index, state: played.setdefault(index, state))
    for index, finished in played.items():
        state = game.new_state(finished.seed, 3)  # the same game, as it was dealt
        for seat in range(3):
            dealt = {state.char(i).id for i in state.rows[seat]}
            kept = rows(folder, f"SELECT card FROM cards WHERE game = {index} AND seat = {seat} "
                                "AND card LIKE 'C%' AND opening = 1")  # fmt: skip
            assert {card for (card,) in kept} == dealt


def test_a_pretty_good_tactics_ability_use_counts_as_the_card_played(tmp_path, recorded):
    """PGT-14: a character that uses an ability has been played, in the turn it did."""
    folder = tmp_path / "pgt"
    recorded(folder, "pgt", "--games", 3, "--seed", 9, "--backend", "local")
    played = {}
    run_batch(get_game("pgt"), 3, 9, on_game=lambda index, state: played.setdefault(index, state))
    for index, state in played.items():
        turn, used = 0, {}
        for event in state.log:
            turn += event.kind == "turn"
            if event.kind in ("use", "flip") and event.data["seat"] == 0:
                card = event.data.get("card") or event.secret[0]["card"]
                used.setdefault(card, turn)
        kept = rows(folder, f"SELECT card, played_turn FROM cards WHERE game = {index} "
                            "AND seat = 0 AND played_turn IS NOT NULL")  # fmt: skip
        assert dict(kept) == used and used
