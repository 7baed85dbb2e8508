"""Decks chosen as people join: a Precious Memories or Princess Scramble table with a
seat still open is not dealt when it is created; each person joining may bring a kept
deck or a prebuilt one, the last to join deals the game with the decks chosen, and
until then nobody is told anything of a game. Every refusal is one line naming the
field and changes nothing; a waiting table survives a restart as it was."""

from __future__ import annotations

import json

import pytest

from tcglab.engine import get_game

from .helpers import (
    create,
    deck_text,
    hello,
    humans,
    join,
    keep,
    lobby_of,
    next_view,
    prebuilt_text,
    rejected,
    running,
    vs_ai,
)

SEED = 424_242
PM = get_game("pm")
# Four copies each of fifteen cards (PM-1.2.1 sixty cards, PM-1.2.2 at most four of one):
# a legal deck of the first cards of the set, which no prebuilt deck is.
FIFTEEN = [card.id for card in PM.cards.cards[:15]]
FIFTEEN_TEXT = "\n".join(f"4 {card}" for card in FIFTEEN)
WALL = "academy-wall"
DRAFT = "4 CWA-001\n4 CWA-004"  # every card exists; 8 cards is no deck (PM-1.2.1)


@pytest.fixture
def client(tmp_path):
    with running(tmp_path / "t.db") as client:
        yield client


def ids_of(text: str) -> list[str]:
    return PM.read_deck(text)


def waiting_table(client, decks=None, join_at=0) -> tuple[str, str | None]:
    """A Precious Memories table of two human seats; `join_at` (None: nobody) is taken
    at creation by Ann."""
    return create(client, "pm", humans(2), join=join_at, seed=SEED, name="Ann", decks=decks)


def summary(client, table_id) -> dict:
    return client.get(f"/api/tables/{table_id}").json()


def view_of(client, table_id, seat=None, token=None) -> dict:
    body = {} if seat is None else {"seat": seat, "token": token}
    reply = client.post(f"/api/tables/{table_id}/view", json=body)
    assert reply.status_code == 200, reply.text
    return reply.json()


def dealt_alike(client, decks) -> str:
    """The digest of the same game with every deck named at creation (seat 1 the
    computer's, so that it is dealt there and then)."""
    table_id, _ = create(client, "pm", vs_ai(2), seed=SEED, decks=decks)
    return lobby_of(client).table(table_id).state.digest()


# -- the deal waits for the last person ----------------------------------------


def test_a_kept_deck_brought_to_the_last_seat_deals_the_game_with_it(client):
    mine = keep(client, prebuilt_text("pm", WALL), name="wall")
    theirs = keep(client, FIFTEEN_TEXT, name="fifteen by four")
    table_id, ann = waiting_table(client, decks=[{"kept": mine["id"]}, None])
    assert summary(client, table_id)["dealt"] is False
    assert summary(client, table_id)["status"] == "open"

    bo = join(client, table_id, seat=1, name="Bo", deck={"kept": theirs["id"]})

    table = lobby_of(client).table(table_id)
    assert summary(client, table_id)["dealt"] is True
    assert summary(client, table_id)["status"] == "running"
    assert table.row.decks == [ids_of(prebuilt_text("pm", WALL)), ids_of(FIFTEEN_TEXT)]
    assert table.state.digest() == dealt_alike(client, [WALL, ids_of(FIFTEEN_TEXT)])
    seen = view_of(client, table_id, 1, bo)["observation"]
    assert set(seen["hand"]) <= set(FIFTEEN)  # Bo holds cards of the deck he brought
    assert len(seen["hand"]) + seen["seats"][1]["deck"] == 60

    # The record of the game carries the decks played: here, once Ann concedes.
    concede = client.post(f"/api/tables/{table_id}/concede", json={"seat": 0, "token": ann})
    assert concede.status_code == 200, concede.text
    replay = client.get(f"/api/tables/{table_id}/replay").json()
    assert replay["decks"] == [ids_of(prebuilt_text("pm", WALL)), ids_of(FIFTEEN_TEXT)]


def test_the_deal_comes_only_at_the_last_join_with_every_deck_chosen(client):
    theirs = keep(client, FIFTEEN_TEXT)
    table_id, _ = waiting_table(client, join_at=None)
    ann = join(client, table_id, seat=0, name="Ann", deck="moon-links")
    table = lobby_of(client).table(table_id)
    assert table.state is None and not table.row.dealt  # one seat still open: no deal
    assert view_of(client, table_id, 0, ann)["observation"] is None

    join(client, table_id, seat=1, name="Bo", deck={"kept": theirs["id"]})
    moon = PM.prebuilt_decks()["moon-links"]
    assert table.row.dealt and table.row.decks == [moon, ids_of(FIFTEEN_TEXT)]
    assert table.state.digest() == dealt_alike(client, ["moon-links", ids_of(FIFTEEN_TEXT)])
    assert view_of(client, table_id, 0, ann)["observation"]["hand"]


def test_a_seat_left_before_the_deal_forgets_its_deck(client):
    theirs = keep(client, FIFTEEN_TEXT)
    table_id, _ = waiting_table(client, join_at=None)
    bo = join(client, table_id, seat=1, name="Bo", deck={"kept": theirs["id"]})
    left = client.post(f"/api/tables/{table_id}/leave", json={"seat": 1, "token": bo})
    assert left.status_code == 200, left.text
    assert summary(client, table_id)["seats"][1]["open"]
    join(client, table_id, seat=0, name="Ann")
    join(client, table_id, seat=1, name="Cy")  # the seat's default, not Bo's deck
    assert lobby_of(client).table(table_id).state.digest() == dealt_alike(client, None)


def test_no_deck_named_anywhere_deals_as_a_table_made_in_one_go(client):
    table_id, _ = waiting_table(client)
    join(client, table_id, seat=1, name="Bo")
    table = lobby_of(client).table(table_id)
    assert table.row.decks is None and table.state.digest() == dealt_alike(client, None)


def test_a_seat_fixed_at_creation_keeps_its_deck_and_the_joiner_overrides_their_own(client):
    table_id, _ = waiting_table(client, decks=["moon-links", "harbor-rush"])
    join(client, table_id, seat=1, name="Bo", deck="squadron-heavy")
    decks = PM.prebuilt_decks()
    assert lobby_of(client).table(table_id).row.decks == [
        decks["moon-links"],
        decks["squadron-heavy"],
    ]


def test_a_watcher_is_sent_the_game_once_the_last_seat_deals_it(client):
    table_id, ann = waiting_table(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        first = hello(ws, 0, ann)
        assert first["dealt"] is False and first["observation"] is None
        join(client, table_id, seat=1, name="Bo", deck="harbor-rush")
        dealt = next_view(ws)
    assert dealt["dealt"] is True and dealt["status"] == "running"
    assert len(dealt["observation"]["hand"]) == 7 and dealt["events"]


def test_a_game_over_as_it_is_dealt_is_finished_at_the_last_join(client):
    ps = get_game("ps")
    short = ps.prebuilt_decks()["moonlit"][:25]  # PS-3.1; an opening hand of 25 empties it
    body = {"options": {"opening_hand": 25}, "decks": [short, None], "seed": SEED}
    table_id, _ = create(client, "ps", humans(2), **body)
    short_kept = keep(client, deck_text(short), game="ps")
    join(client, table_id, seat=1, name="Bo", deck={"kept": short_kept["id"]})
    finished = summary(client, table_id)
    assert finished["status"] == "finished" and finished["result"]["reason"] == "deck_out"
    assert client.get(f"/api/tables/{table_id}/replay").json()["decks"] == [short, short]


def test_a_rematch_of_a_game_dealt_at_the_join_rotates_the_decks_played(client):
    theirs = keep(client, FIFTEEN_TEXT)
    table_id, ann = waiting_table(client)
    join(client, table_id, seat=1, name="Bo", deck={"kept": theirs["id"]})
    played = lobby_of(client).table(table_id).row.decks
    client.post(f"/api/tables/{table_id}/concede", json={"seat": 0, "token": ann})
    reply = client.post(f"/api/tables/{table_id}/rematch", json={"seat": 0, "token": ann})
    assert reply.status_code == 201, reply.text
    rematch = lobby_of(client).table(reply.json()["table"]["id"])
    assert rematch.row.dealt and rematch.row.decks == [played[1], played[0]]
    assert rematch.state is not None


def test_a_rematch_whose_seat_reopened_waits_for_a_newcomer_and_their_deck(client):
    theirs = keep(client, FIFTEEN_TEXT)
    table_id, ann = waiting_table(client)
    bo = join(client, table_id, seat=1, name="Bo", deck={"kept": theirs["id"]})
    ann_deck = lobby_of(client).table(table_id).row.decks[0]
    client.post(f"/api/tables/{table_id}/concede", json={"seat": 0, "token": ann})
    client.post(f"/api/tables/{table_id}/leave", json={"seat": 1, "token": bo})
    reply = client.post(f"/api/tables/{table_id}/rematch", json={"seat": 0, "token": ann})
    assert reply.status_code == 201, reply.text
    rematch_id = reply.json()["table"]["id"]
    # Bo's seat comes round first and open; Bo's deck left with Bo, Ann keeps hers.
    waiting = summary(client, rematch_id)
    assert waiting["dealt"] is False and waiting["status"] == "open"
    assert view_of(client, rematch_id)["observation"] is None
    assert lobby_of(client).table(rematch_id).row.decks == [None, ann_deck]
    join(client, rematch_id, seat=0, name="Cy", deck="harbor-rush")
    dealt = lobby_of(client).table(rematch_id)
    assert dealt.row.dealt and dealt.state is not None
    assert dealt.row.decks == [list(PM.prebuilt_decks()["harbor-rush"]), ann_deck]


@pytest.mark.parametrize(
    ("game", "seats"), [("pgt", humans(2)), ("higurashi", humans(3)), ("ps", vs_ai(2))]
)
def test_tables_whose_decks_are_not_brought_deal_when_they_are_created(client, game, seats):
    table_id, _ = create(client, game, seats, join=0 if game == "ps" else None)
    assert summary(client, table_id)["dealt"] is True
    assert view_of(client, table_id)["observation"] is not None


# -- nothing of the game before the deal ---------------------------------------


def test_a_waiting_table_tells_nobody_anything_of_a_game(client):
    mine = keep(client, FIFTEEN_TEXT)
    table_id, ann = waiting_table(client, decks=[{"kept": mine["id"]}, None])
    for view in (view_of(client, table_id), view_of(client, table_id, 0, ann)):
        assert view["observation"] is None and view["events"] == [] and view["legal"] == []
        assert view["to_move"] is None and view["status"] == "open" and view["version"] == 0
        text = json.dumps(view)
        assert str(SEED) not in text and "seed" not in text
        assert not any(card.id in text for card in PM.cards.cards)  # no card at all
    assert "seed" not in json.dumps(summary(client, table_id))
    for refused in ("act", "concede"):
        body = {"seat": 0, "token": ann} | ({"action": "pass"} if refused == "act" else {})
        reply = client.post(f"/api/tables/{table_id}/{refused}", json=body)
        rejected(reply, 409, "not dealt yet")
    rejected(client.get(f"/api/tables/{table_id}/replay/0"), 409, "not finished")


# -- refusals: one line naming the field, and the seat stays free ---------------


def refused_join(client, table_id, deck, status, words):
    before = (summary(client, table_id), lobby_of(client).store.db.total_changes)
    reply = client.post(
        f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Bo", "deck": deck}
    )
    error = rejected(reply, status, words)
    assert error.startswith("deck"), error
    assert (summary(client, table_id), lobby_of(client).store.db.total_changes) == before
    assert summary(client, table_id)["seats"][1]["open"]
    return error


def test_refused_an_unknown_kept_deck(client):
    table_id, _ = waiting_table(client)
    error = refused_join(client, table_id, {"kept": "nosuchdeck"}, 404, "no kept deck")
    assert "a seat takes a prebuilt deck (academy-wall, harbor-rush" in error


def test_refused_another_games_deck(client):
    table_id, _ = waiting_table(client)
    other = keep(client, prebuilt_text("ps", "moonlit"), game="ps")
    refused_join(client, table_id, {"kept": other["id"]}, 400, "is a ps deck, not pm")


def test_refused_a_draft(client):
    table_id, _ = waiting_table(client)
    draft = keep(client, DRAFT)
    error = refused_join(client, table_id, {"kept": draft["id"]}, 409, "is a draft")
    assert "exactly 60" in error


def test_refused_an_unknown_prebuilt_deck(client):
    table_id, _ = waiting_table(client)
    refused_join(client, table_id, "no-such-deck", 400, "no prebuilt deck 'no-such-deck'")


@pytest.mark.parametrize(
    "deck",
    [5, True, ["CWA-001"] * 60, {"text": 5}, {"text": "a", "kept": "b"}, {"kept": 5}],
)
def test_refused_a_deck_of_the_wrong_type(client, deck):
    table_id, _ = waiting_table(client)
    error = refused_join(client, table_id, deck, 400, "deck: null (the seat's default)")
    assert '{"text": a deck list of at most' in error and '{"kept": a kept deck\'s id}' in error


def test_a_pasted_list_brought_to_the_last_seat_deals_the_game_with_it(client):
    table_id, _ = waiting_table(client)
    join(client, table_id, seat=1, name="Bo", deck={"text": FIFTEEN_TEXT})
    table = lobby_of(client).table(table_id)
    assert table.row.dealt and table.row.decks[1] == ids_of(FIFTEEN_TEXT)
    assert table.state.digest() == dealt_alike(client, [None, ids_of(FIFTEEN_TEXT)])


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (DRAFT, "the deck has 8 cards; a deck has exactly 60"),
        ("4 CWA-001\n4 NO-SUCH-CARD", "line 2: unknown card id 'NO-SUCH-CARD'"),
        ("", "the deck has 0 cards"),
    ],
)
def test_a_pasted_list_that_is_no_legal_deck_is_refused_and_changes_nothing(client, text, words):
    table_id, _ = waiting_table(client)
    before = summary(client, table_id)
    error = refused_join(client, table_id, {"text": text}, 400, "not a legal pm deck")
    assert words in error
    assert summary(client, table_id) == before and before["seats"][1]["open"]


def test_refused_a_deck_at_a_table_already_dealt(client):
    for game, seats in (("pgt", humans(2)), ("higurashi", humans(2))):
        table_id, _ = create(client, game, seats)
        refused_join(client, table_id, "academy-wall", 400, "was dealt when it was created")
    kept = keep(client, FIFTEEN_TEXT)
    table_id, _ = create(client, "pgt", humans(2))
    refused_join(client, table_id, {"kept": kept["id"]}, 400, "leave deck out")


def test_a_refused_deck_leaves_the_seat_free_for_a_good_one(client):
    table_id, _ = waiting_table(client)
    draft = keep(client, DRAFT)
    refused_join(client, table_id, {"kept": draft["id"]}, 409, "is a draft")
    join(client, table_id, seat=1, name="Bo", deck=WALL)
    assert summary(client, table_id)["status"] == "running"


# -- a restart while the table waits ---------------------------------------------


def test_a_waiting_table_survives_a_restart_and_deals_after_it(tmp_path):
    db = tmp_path / "t.db"
    with running(db) as client:
        mine = keep(client, prebuilt_text("pm", WALL))
        theirs = keep(client, FIFTEEN_TEXT)
        table_id, ann = waiting_table(client, decks=[{"kept": mine["id"]}, None])

    with running(db) as client:
        table = lobby_of(client).table(table_id)
        assert table.state is None and not table.row.dealt
        assert summary(client, table_id)["status"] == "open"
        assert view_of(client, table_id, 0, ann)["observation"] is None  # Ann's token holds
        bo = join(client, table_id, seat=1, name="Bo", deck={"kept": theirs["id"]})
        digest = table.state.digest()
        assert digest == dealt_alike(client, [WALL, ids_of(FIFTEEN_TEXT)])

    with running(db) as client:  # and once dealt, it is rebuilt as dealt
        table = lobby_of(client).table(table_id)
        assert table.row.dealt and table.state.digest() == digest
        assert set(view_of(client, table_id, 1, bo)["observation"]["hand"]) <= set(FIFTEEN)


def test_a_restart_keeps_the_deck_a_person_brought_before_the_last_seat(tmp_path):
    db = tmp_path / "t.db"
    with running(db) as client:
        theirs = keep(client, FIFTEEN_TEXT)
        table_id, _ = waiting_table(client, join_at=None)
        join(client, table_id, seat=1, name="Bo", deck={"kept": theirs["id"]})
    with running(db) as client:
        join(client, table_id, seat=0, name="Ann", deck="moon-links")
        table = lobby_of(client).table(table_id)
        assert table.row.decks == [PM.prebuilt_decks()["moon-links"], ids_of(FIFTEEN_TEXT)]
