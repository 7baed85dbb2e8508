"""Errors of the game server. Each is a TcglabError with a one-line message and the HTTP
status it is answered with; a websocket client gets the same message in an error reply."""

from __future__ import annotations

from tcglab.engine.errors import TcglabError


class ServerError(TcglabError):
    """A request the server refuses; nothing was changed. Each kind of refusal is a
    subclass naming its HTTP status: `class NotFound(ServerError, status=404)`."""

    status = 400

    def __init_subclass__(cls, status: int | None = None, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if status is not None:
            cls.status = status


class NotFound(ServerError, status=404):
    """No such table or seat."""


class Forbidden(ServerError, status=403):
    """A missing or wrong seat token."""


class Conflict(ServerError, status=409):
    """A request that was right once but not now: not the seat's turn, a stale version."""


class TooLarge(ServerError, status=413):
    """A request body over the server's limit, refused before it is read whole."""


class NotJSON(ServerError, status=415):
    """A request body not sent as application/json: a page on another site may send
    text/plain or a form without the browser asking the server first."""


class Failed(ServerError, status=500):
    """The server failed on a request it should have handled; the failure is logged."""


def status_of(error: TcglabError) -> int:
    return getattr(error, "status", 400)
