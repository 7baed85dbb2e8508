"""Decks kept on the server: a deck list a player built, stored under a deck id with a
secret edit token.

Anyone with the id reads a deck (the share view) and may copy or play it; only the
token edits or deletes it. The token is returned once, when the deck is made, and
stored hashed, like a seat's. A deck whose lines all name cards of its game is kept even
when the rules of deck building find it wrong (a draft, its problems shown), but only a
legal deck is chosen for a table. Each creator (a client address) keeps at most
MAX_PER_CREATOR decks; deleting one frees its place.

A table never refers to a kept deck after choosing it: its cards are copied into the
table when it is created or joined (and a deck test takes its cards when it starts), so
an edit or a deletion later changes no table and no test under way.
"""

from __future__ import annotations

import hmac
import secrets
import time

from tcglab.engine import Game, get_game
from tcglab.server.errors import Conflict, Forbidden, NotFound, ServerError
from tcglab.server.inputs import hash_token
from tcglab.server.store import Store

MAX_PER_CREATOR = 50
MAX_ID = 24  # characters of an asked-for deck id repeated in a refusal

COLUMNS = "id, game, name, text, created, updated"


class Draft(ServerError, status=409):
    """A kept deck that breaks the rules of deck building, chosen for a table."""


def judged(game: Game, text: str) -> tuple[list[str], list[str]]:
    """(the problems of the lines, those of the rules of deck building) of a deck list."""
    listed = game.deck_list(text)
    if listed.problems:
        return listed.problems, []
    return [], game.deck_rules(listed)


class DeckShelf:
    """The decks table of the store, and the requests about it."""

    def __init__(self, store: Store, per_creator: int = MAX_PER_CREATOR) -> None:
        self.store = store
        self.per_creator = per_creator

    def _readable(self, game: Game, text: str) -> list[str]:
        """The rules' problems of a list whose every line reads; refused otherwise."""
        lines, rules = judged(game, text)
        if lines:
            raise ServerError(f"the deck list cannot be kept: {lines[0]}")
        return rules

    def create(self, game_id: str, name: str, text: str, creator: str) -> dict:
        """Keep a new deck; its edit token is in this answer only."""
        game = get_game(game_id)
        self._readable(game, text)
        (kept,) = self.store.db.execute(
            "SELECT COUNT(*) FROM decks WHERE creator = ?", (creator,)
        ).fetchone()
        if kept >= self.per_creator:
            raise Conflict(
                f"one creator keeps at most {self.per_creator} decks; delete one first "
                "(DELETE /api/decks/<id> with its edit token, or Delete in the deck builder)"
            )
        deck_id, token, now = secrets.token_urlsafe(9), secrets.token_urlsafe(24), time.time()
        with self.store._writing() as db:  # the store's one kind of transaction
            db.execute(
                f"INSERT INTO decks ({COLUMNS}, token_hash, creator)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (deck_id, game.id, name, text, now, now, hash_token(token), creator),
            )
        return {**self.read(deck_id), "token": token}

    def _owned(self, deck_id: str, token: str) -> str:
        """The game of a kept deck whose edit token is `token`; refused otherwise."""
        row = self.store.db.execute(
            "SELECT game, token_hash FROM decks WHERE id = ?", (deck_id,)
        ).fetchone()
        if row is None:
            raise NotFound(f"no kept deck {deck_id[:MAX_ID]!r}")
        if not hmac.compare_digest(row[1], hash_token(token)):
            raise Forbidden("the edit token does not match this deck")
        return row[0]

    def edit(self, deck_id: str, token: str, name: str, text: str) -> dict:
        """Change a kept deck's name and list: only with its edit token."""
        self._readable(get_game(self._owned(deck_id, token)), text)
        with self.store._writing() as db:
            db.execute(
                "UPDATE decks SET name = ?, text = ?, updated = ? WHERE id = ?",
                (name, text, time.time(), deck_id),
            )
        return self.read(deck_id)

    def delete(self, deck_id: str, token: str) -> dict:
        """Delete a kept deck: only with its edit token. Its creator may keep another."""
        self._owned(deck_id, token)
        with self.store._writing() as db:
            db.execute("DELETE FROM decks WHERE id = ?", (deck_id,))
        return {"ok": True, "deleted": deck_id}

    def read(self, deck_id: str) -> dict:
        """The share view: the deck, its problems and whether it may be played."""
        row = self.store.db.execute(
            f"SELECT {COLUMNS} FROM decks WHERE id = ?", (deck_id,)
        ).fetchone()
        if row is None:
            raise NotFound(f"no kept deck {deck_id[:MAX_ID]!r}")
        deck_id, game_id, name, text, created, updated = row
        lines, rules = judged(get_game(game_id), text)
        problems = lines + rules
        return {
            "id": deck_id,
            "game": game_id,
            "name": name,
            "text": text,
            "legal": not problems,
            "problems": problems,
            "created": created,
            "updated": updated,
        }

    def playable(self, deck_id: str, game_id: str) -> str:
        """The list of a kept deck chosen for a table of `game_id`: legal, that game's."""
        deck = self.read(deck_id)
        if deck["game"] != game_id:
            raise ServerError(f"deck {deck_id!r} is a {deck['game']} deck, not {game_id}")
        if not deck["legal"]:
            raise Draft(f"deck {deck_id!r} is a draft: {deck['problems'][0]}")
        return deck["text"]

    def resolve(self, body: dict) -> dict:
        """A create request with each kept deck ({"kept": id}) replaced by its list."""
        decks = body.get("decks")
        kept = [isinstance(d, dict) and "kept" in d for d in decks or ()]
        if not any(kept):
            return body
        game_id = body.get("game")
        resolved = [
            {"text": self.playable(d["kept"], game_id)} if is_kept else d
            for d, is_kept in zip(decks, kept, strict=True)
        ]
        return {**body, "decks": resolved}
