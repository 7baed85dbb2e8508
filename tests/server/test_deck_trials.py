"""Testing a kept deck: computer games against every prebuilt deck, polled and
cancelled, with the numbers `tcglab sim` gives for the same games."""

from __future__ import annotations

import time

import pytest

from tcglab.engine import get_game
from tcglab.server.trials import MAX_PER_ADDRESS, play_one

from .helpers import running
from .test_decks import keep, prebuilt_text, rejected

PS_DECK = prebuilt_text("ps", "starlight")


@pytest.fixture
def client(tmp_path):
    with running(tmp_path / "t.db") as client:
        yield client


def finished(client, trial_id, seconds=120.0) -> dict:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        trial = client.get(f"/api/trials/{trial_id}").json()
        if trial["state"] not in ("waiting", "running"):
            return trial
        time.sleep(0.05)
    raise AssertionError(f"deck test {trial_id} still running after {seconds} s")


def test_a_deck_is_tested_against_every_prebuilt_deck(client):
    kept = keep(client, PS_DECK, game="ps", name="stars")
    reply = client.post(f"/api/decks/{kept['id']}/trials", json={"games": 10})
    assert reply.status_code == 202, reply.text
    trial = finished(client, reply.json()["id"])
    assert trial["state"] == "done" and trial["done"] == trial["total"]
    game = get_game("ps")
    assert [row["deck"] for row in trial["opponents"]] == list(game.prebuilt_decks())
    mine = game.deck_ids(PS_DECK)
    for row in trial["opponents"]:
        theirs = game.prebuilt_decks()[row["deck"]]
        assert row["games"] == 10  # seats alternate; game i is dealt from seed i
        assert row["wins"] == sum(play_one(game, i, mine, theirs) for i in range(10))
        assert row["low"] <= row["rate"] <= row["high"]


def test_a_test_can_be_cancelled(client):
    kept = keep(client, PS_DECK, game="ps", name="stars")
    started = client.post(f"/api/decks/{kept['id']}/trials", json={"games": 200}).json()
    cancelled = client.delete(f"/api/trials/{started['id']}").json()
    assert cancelled["state"] in ("cancelled", "running")
    trial = finished(client, started["id"])
    assert trial["state"] == "cancelled" and trial["done"] < trial["total"]


def test_one_address_keeps_a_bounded_number_of_tests_under_way(client):
    """Nobody takes every place in the queue: past MAX_PER_ADDRESS runs under way, the
    next from the same address is refused until one of its runs ends."""
    kept = keep(client, PS_DECK, game="ps", name="stars")
    url = f"/api/decks/{kept['id']}/trials"
    started = [client.post(url, json={"games": 200}).json() for _ in range(MAX_PER_ADDRESS)]
    rejected(client.post(url, json={"games": 10}), 409, "deck tests you asked for are still")
    client.delete(f"/api/trials/{started[0]['id']}")
    assert finished(client, started[0]["id"])["state"] == "cancelled"
    again = client.post(url, json={"games": 10})
    assert again.status_code == 202, again.text
    for trial in [*started[1:], again.json()]:
        client.delete(f"/api/trials/{trial['id']}")
        finished(client, trial["id"])


@pytest.mark.parametrize(("games", "words"), [(5, "games"), (201, "games"), ("x", "games")])
def test_a_run_of_the_wrong_size_is_refused(client, games, words):
    kept = keep(client, PS_DECK, game="ps", name="stars")
    reply = client.post(f"/api/decks/{kept['id']}/trials", json={"games": games})
    rejected(reply, 400, words)


def test_a_draft_or_an_unknown_deck_is_not_tested(client):
    draft = keep(client, "4 CWA-001\n4 CWA-004", name="draft")
    rejected(client.post(f"/api/decks/{draft['id']}/trials", json={}), 409, "is a draft")
    rejected(client.post("/api/decks/nope/trials", json={}), 404, "no kept deck")
    rejected(client.get("/api/trials/nope"), 404, "no deck test")


def test_a_pgt_deck_meets_only_the_prebuilt_decks_it_shares_no_card_with(client):
    """In Pretty Good Tactics each card exists once, so a copy of the draft-1 deck is
    tested against the three other drafted decks, and the view says why not draft-1."""
    kept = keep(client, prebuilt_text("pgt", "draft-1"), game="pgt", name="copy")
    reply = client.post(f"/api/decks/{kept['id']}/trials", json={"games": 10})
    assert reply.status_code == 202, reply.text
    trial = finished(client, reply.json()["id"])
    assert trial["state"] == "done", trial["error"]
    assert [row["deck"] for row in trial["opponents"]] == ["draft-2", "draft-3", "draft-4"]
    assert all(row["games"] == 10 for row in trial["opponents"])
    [skipped] = trial["skipped"]
    assert skipped["deck"] == "draft-1"
    card = skipped["why"].split()[1]  # the card's number, then its name to know it by
    name = get_game("pgt").cards.card(card).name_en
    assert skipped["why"].startswith(f"card {card} ({name}) is in both decks")


def test_a_pgt_deck_that_can_meet_no_prebuilt_deck_is_refused_at_once(client):
    decks = get_game("pgt").prebuilt_decks()
    mixed = [*decks["draft-1"][:5], *decks["draft-2"][:5], *decks["draft-3"][:4]]
    text = "\n".join(f"1 {card}" for card in [*mixed, *decks["draft-4"][:4]])
    kept = keep(client, text, game="pgt", name="mixed")
    reply = client.post(f"/api/decks/{kept['id']}/trials", json={"games": 10})
    rejected(reply, 409, "this deck can meet none of the prebuilt pgt decks (draft-1: card")
