"""The websocket protocol: one connection watches one table as one seat or as a
spectator, and may act for its seat.

Client to server (JSON text, one object per message; `ref` is echoed in the reply):
    {"type": "hello", "seat": 0 | null, "token": "...", "since": 0, "lang": "en" | "ja"}
    {"type": "act", "seat": 0, "token": "...", "action": "<id>", "expected_version": 12}
    {"type": "ping"}
Server to client:
    {"type": "view", ...}   the seat's observation, its events from `since`, its legal
                            actions when it is to move, labels and messages in `lang`
                            (sent after hello and on change; hello again to switch);
                            the first view after an action is stored acknowledges it
                            with "ack": {"version": 13, "ref": ...}
    {"type": "error", "error": "one line", "status": 409}
    {"type": "pong"}
A rejected message changes nothing; the connection stays open.
"""

from __future__ import annotations

import asyncio
import contextlib
import json

import orjson
from starlette.websockets import WebSocketDisconnect

from tcglab.engine import BadOption, TcglabError
from tcglab.server.errors import Conflict, status_of
from tcglab.server.tables import Lobby, Table, language

MAX_MESSAGE = 64 * 1024


def dumps(message: dict) -> str:
    """A message as compact JSON text (orjson: views are encoded on every change).
    Keys that are not text, which observations may use, take orjson's slower path."""
    try:
        return orjson.dumps(message).decode()
    except TypeError:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def error_reply(error: TcglabError, ref=None) -> dict:
    reply = {"type": "error", "error": str(error), "status": status_of(error)}
    if ref is not None:
        reply["ref"] = ref
    return reply


class RawSocket:
    """A websocket spoken as plain ASGI messages, the two calls a Connection makes. A
    view goes out on every change, and the framework's layers cost more per message
    than encoding the view does."""

    def __init__(self, receive, send) -> None:
        self._receive, self._send = receive, send

    async def accept(self) -> None:
        if (await self._receive())["type"] != "websocket.connect":
            raise WebSocketDisconnect(1006)
        await self._send({"type": "websocket.accept"})

    async def receive_text(self) -> str:
        message = await self._receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        text = message.get("text")
        return text if text is not None else (message.get("bytes") or b"").decode(errors="replace")

    async def send_text(self, text: str) -> None:
        try:
            await self._send({"type": "websocket.send", "text": text})
        except OSError:
            raise WebSocketDisconnect(1006) from None


def table_sockets(app, lobby: Lobby, prefix: str = "/ws/tables/"):
    """ASGI middleware: a table's websocket goes straight to its Connection."""

    async def asgi(scope, receive, send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "websocket" or not path.startswith(prefix):
            await app(scope, receive, send)
            return
        socket = RawSocket(receive, send)
        await socket.accept()
        await Connection(socket, lobby, path[len(prefix) :]).run()

    return asgi


class Connection:
    """One websocket. A reader handles requests; a single writer sends replies and
    views in order, so a burst of changes is sent as one up-to-date view. An action's
    acknowledgement rides on the view that shows it: one message, not two."""

    def __init__(self, websocket: RawSocket, lobby: Lobby, table_id: str) -> None:
        self.ws = websocket
        self.lobby = lobby
        self.table_id = table_id
        self.table: Table | None = None
        self.seat: int | None = None
        self.token_hash: str | None = None
        self.since = 0
        self.lang = "en"
        self.queue: asyncio.Queue = asyncio.Queue()
        self.dirty = False
        self.ack: dict | None = None  # the stored action the next view acknowledges

    async def run(self) -> None:
        writer = asyncio.create_task(self._write())
        try:
            while True:
                text = await self.ws.receive_text()
                reply = self.handle(text)
                if reply is not None:
                    self.queue.put_nowait(reply)
        except WebSocketDisconnect:
            pass
        finally:
            if self.table is not None:
                self.table.listeners.discard(self.poke)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await writer

    def poke(self) -> None:
        """The table changed: queue one view, however many changes come before it goes."""
        if not self.dirty:
            self.dirty = True
            self.queue.put_nowait(None)

    async def _write(self) -> None:
        while True:
            item = await self.queue.get()
            if item is None:
                self.dirty = False
                item = self._view()
                if self.ack is not None:
                    item["ack"], self.ack = self.ack, None
            try:
                await self.ws.send_text(dumps(item))
            except (WebSocketDisconnect, RuntimeError):
                return

    def _view(self) -> dict:
        seat = self.table.seats[self.seat] if self.seat is not None else None
        if seat is not None and seat.token_hash != self.token_hash:  # the seat was left
            self.table.listeners.discard(self.poke)
            self.table = None
            return {"type": "error", "error": "this seat was left; join again", "status": 403}
        view = self.table.view(self.seat, self.since, self.lang)
        self.since = view["next"]
        return view

    def handle(self, text: str) -> dict | None:
        """The reply to one client message (None when a view will follow)."""
        message: dict = {}
        try:
            if len(text) > MAX_MESSAGE:
                raise BadOption(f"a message may have at most {MAX_MESSAGE} characters")
            try:
                message = json.loads(text)
            except json.JSONDecodeError:
                message = None
            if not isinstance(message, dict):
                message = {}
                raise BadOption('a message must be a JSON object, e.g. {"type": "ping"}')
            kind = message.get("type")
            if kind == "hello":
                return self._hello(message)
            if kind == "act":
                return self._act(message)
            if kind == "ping":
                return {"type": "pong"}
            raise BadOption(f"unknown message type {kind!r}; types: hello, act, ping")
        except TcglabError as error:
            return error_reply(error, message.get("ref"))

    def _hello(self, message: dict) -> None:
        table = self.lobby.table(self.table_id)
        seat = message.get("seat")
        if seat is not None:
            seat = self.lobby.authorize(table, seat, message.get("token"))
        since = message.get("since", 0)
        if isinstance(since, bool) or not isinstance(since, int) or since < 0:
            raise BadOption("since must be the number of events already received (0 or more)")
        lang = language(message.get("lang"))
        if self.table is not None:
            self.table.listeners.discard(self.poke)
        self.table, self.seat, self.since, self.lang = table, seat, since, lang
        self.token_hash = table.seats[seat].token_hash if seat is not None else None
        table.listeners.add(self.poke)
        self.poke()

    def _act(self, message: dict) -> None:
        if self.table is None:
            raise Conflict("say hello with your seat and token before acting")
        if message.get("seat") != self.seat:
            raise Conflict(f"this connection plays seat {self.seat}, not {message.get('seat')!r}")
        self.ack = {"version": self.lobby.act(self.table.id, message)}
        if message.get("ref") is not None:
            self.ack["ref"] = message["ref"]
        self.poke()  # the table has poked already, unless this connection left its seat
