"""Errors of the game server. Each is a TcglabError with a one-line message and the HTTP
status it is answered with; a websocket client gets the same message in an error reply."""

from __future__ import annotations

from tcglab.engine.errors import TcglabError


class ServerError(TcglabError):
    """A request the server refuses; nothing was changed."""

    status = 400


class NotFound(ServerError):
    status = 404


class Forbidden(ServerError):
    """A missing or wrong seat token."""

    status = 403


class Conflict(ServerError):
    """A request that was right once but not now: not the seat's turn, a stale version."""

    status = 409


class TooLarge(ServerError):
    """A request body over the server's limit, refused before it is read whole."""

    status = 413


class Failed(ServerError):
    """The server failed on a request it should have handled; the failure is logged."""

    status = 500


def status_of(error: TcglabError) -> int:
    return getattr(error, "status", 400)
