"""What clients send the lobby: the bounds of each field and the checks that refuse
a field out of them with a one-line message naming what is accepted, and seat tokens,
which the server keeps only as hashes.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from typing import TYPE_CHECKING

from tcglab.engine import BadOption, Game
from tcglab.engine.registry import games
from tcglab.server.errors import NotFound
from tcglab.server.seats import taken
from tcglab.server.store import SeatRow

if TYPE_CHECKING:
    from tcglab.server.table import Table

MAX_TITLE = 80
MAX_NAME = 40
MAX_TOKEN = 64  # seat tokens are 32 characters; anything longer is wrong unread
MAX_PAGE = 200  # tables in one listing page
LANGUAGES = ("en", "ja")
STATUSES = ("open", "running", "finished")
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
DEFAULT_GRACE = 60  # seconds a seat left mid-game waits before the computer plays it
MAX_GRACE = 3600


def hash_token(token: str) -> str:
    """A seat token's SHA-256, worked out on every check: a cache keyed by what clients
    send would be memory anyone can fill, and hashing 64 characters costs a microsecond."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def pasted_deck(game: Game, listing: str) -> list[str]:
    """The card ids of a deck list pasted by a person joining: every line must read and
    the deck must keep the rules of deck building, or the join is refused."""
    problems = game.check_deck(listing)
    if problems:
        raise BadOption(f"deck: the pasted list is not a legal {game.id} deck: {problems[0]}")
    return game.deck_ids(listing)


def at_least_one(value, name: str) -> None:
    """Refuse a setting that is not a whole number, 1 or more (nor true or false)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise BadOption(f"{name} must be a whole number, 1 or more, not {value!r}")


def text(body: dict, key: str, limit: int) -> str:
    """An optional text field, stripped: "" where it is left out or null."""
    value = body.get(key)
    if value is None:  # left out, or null: the field is optional
        return ""
    if not isinstance(value, str) or len(value) > limit:
        raise BadOption(f"{key} must be text of at most {limit} characters")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: no reply or database could hold it
        raise BadOption(f"{key} must be valid Unicode text (no lone surrogates)") from None
    return value.strip()


def seat_number(table: Table, value) -> int:
    """A seat of `table` by its number (NotFound for one it does not have)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadOption(f"seat must be a seat number 0 to {len(table.seats) - 1}, not {value!r}")
    if not 0 <= value < len(table.seats):
        raise NotFound(f"table {table.id} has seats 0 to {len(table.seats) - 1}, not {value}")
    return value


def json_object(body, what: str) -> dict:
    """A request body, which must be a JSON object; `what` names the request."""
    if not isinstance(body, dict):
        raise BadOption(f"{what} is a JSON object")
    return body


def taken_by(seat: SeatRow, name: str, passes) -> tuple[SeatRow, dict]:
    """The seat as someone joining it makes it, and what they are told (their token)."""
    token = secrets.token_urlsafe(24)
    made = taken(seat, hash_token(token), name, auto_pass(passes))
    return made, {"seat": seat.seat, "token": token, "name": made.name}


def auto_pass(value) -> bool:
    """Whether the table plays a seat's lone passes: true unless it says false."""
    if value is None:
        return True
    if not isinstance(value, bool):
        raise BadOption("auto_pass must be true (the table plays lone passes) or false")
    return value


def grace(value) -> float:
    """Seconds a seat left mid-game waits before the computer plays it."""
    if value is None:
        return DEFAULT_GRACE
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_GRACE:
        raise BadOption(f"grace must be a whole number of seconds from 0 to {MAX_GRACE}")
    return value


def player_name(body: dict) -> str:
    """The name a player takes a seat under: required, one line, at most MAX_NAME."""
    name = text(body, "name", MAX_NAME)
    if not name:
        raise BadOption(f"name: choose a name of 1 to {MAX_NAME} characters to take a seat")
    return name


def check_page(status, game, offset, limit) -> None:
    """Refuse a listing's filter or page bounds outside what a listing takes."""
    if status is not None and status not in STATUSES:
        raise BadOption("status must be open, running or finished")
    if game is not None and (not isinstance(game, str) or game not in games()):
        raise BadOption(f"game must be one of {', '.join(sorted(games()))}")
    if isinstance(offset, bool) or not isinstance(offset, int) or offset < 0:
        raise BadOption("offset must be a whole number, 0 or more")
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_PAGE:
        raise BadOption(f"limit must be a whole number from 1 to {MAX_PAGE}")
