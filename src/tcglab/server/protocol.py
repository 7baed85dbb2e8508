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
Every message gets one reply: a view (after hello, or after act as its
acknowledgement), a pong or an error; `ref` is echoed in errors and pongs too.
A rejected message changes nothing; the connection stays open.

Limits: a message is at most 64 KiB of JSON text, nested at most 16 deep, with numbers
of at most 40 digits; unknown fields are refused by name; seats are 0-7, tokens at most
64 characters of A-Z a-z 0-9 _ -, `ref` text of at most 64 characters or a whole number
within ±2**53, `since` and `expected_version` whole numbers from 0 to 2**53.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import orjson
from starlette.websockets import WebSocketDisconnect

from tcglab.engine import TcglabError
from tcglab.server.errors import Conflict, Failed, ServerError, status_of
from tcglab.server.models import (
    Hello,
    Ping,
    SocketAct,
    echoable_ref,
    message_model,
    read_json,
    validated,
)
from tcglab.server.tables import Lobby, Table

log = logging.getLogger("tcglab.server")

MAX_MESSAGE = 64 * 1024
EXAMPLE = ', e.g. {"type": "ping"}'


class Unencodable(Failed):
    """A reply that cannot be written as JSON text (a number past 64 bits, text that
    is not valid Unicode, nesting past orjson's limit)."""


def dumps(message: dict) -> str:
    """A message as compact JSON text (orjson: views are encoded on every change).
    Keys that are not text, which observations may use, take orjson's slower path.
    Raises Unencodable rather than sending something a client cannot read."""
    try:
        return orjson.dumps(message).decode()
    except TypeError:
        pass
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError as exc:
        raise Unencodable(f"a reply could not be encoded as JSON: {exc}") from None


def error_reply(error: TcglabError, ref=None) -> dict:
    reply = {"type": "error", "error": str(error).split("\n")[0], "status": status_of(error)}
    if ref is not None:
        reply["ref"] = ref
    return reply


def unsent_reply(item: dict | None) -> dict:
    """What a client gets instead of a reply that could not be made: an error, with the
    acknowledgement the reply carried, so an action stored is still acknowledged."""
    reply = error_reply(Failed("the server could not make this reply; the failure is logged"))
    ack = item.get("ack") if isinstance(item, dict) else None
    if ack is not None:
        with contextlib.suppress(Unencodable):
            dumps(ack)
            reply["ack"] = ack
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
            self._unwatch()
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
            text = self._reply_text(item)
            if text is None:
                continue
            try:
                await self.ws.send_text(text)
            except (WebSocketDisconnect, RuntimeError):
                return

    def _reply_text(self, item: dict | None) -> str | None:
        """The text of a queued reply (None: the table's next view), or of an error
        reply when it cannot be made: the writer must outlive any one reply."""
        try:
            if item is None:
                self.dirty = False
                if self.table is None:  # the seat was left since this view was queued
                    return None
                item = self._view()
                if self.ack is not None:
                    item["ack"], self.ack = self.ack, None
            return dumps(item)
        except Exception:
            log.exception("a reply at table %s could not be made", self.table_id)
            return dumps(unsent_reply(item))

    def _view(self) -> dict:
        seat = self.table.seats[self.seat] if self.seat is not None else None
        if seat is not None and seat.token_hash != self.token_hash:  # the seat was left
            self._unwatch()
            return {"type": "error", "error": "this seat was left; join again", "status": 403}
        view = self.table.view(self.seat, self.since, self.lang)
        self.since = view["next"]
        return view

    def handle(self, text: str) -> dict | None:
        """The reply to one client message (None when a view will follow). Whatever the
        message holds, the reply is an error at worst: the connection stays open."""
        ref = None
        try:
            if len(text) > MAX_MESSAGE:
                raise ServerError(f"a message may have at most {MAX_MESSAGE} characters")
            message = read_json(text, "a message", EXAMPLE)
            ref = echoable_ref(message)
            request = validated(message_model(message), message)
            if isinstance(request, Hello):
                return self._hello(request)
            if isinstance(request, SocketAct):
                return self._act(request)
            return self._pong(request)
        except TcglabError as error:
            return error_reply(error, ref)
        except Exception:
            log.exception("a message at table %s failed", self.table_id)
            failed = Failed("the server failed on this message; the failure is logged")
            return error_reply(failed, ref)

    def _pong(self, ping: Ping) -> dict:
        return {"type": "pong"} if ping.ref is None else {"type": "pong", "ref": ping.ref}

    def _hello(self, hello: Hello) -> None:
        table = self.lobby.table(self.table_id)
        seat = hello.seat
        if seat is not None:
            seat = self.lobby.authorize(table, seat, hello.token)
        self._unwatch()
        self.table, self.seat, self.since = table, seat, hello.since
        self.lang = hello.lang or "en"
        self.token_hash = table.seats[seat].token_hash if seat is not None else None
        table.listeners.add(self.poke)
        self.lobby.arrive(table, seat)
        self.poke()

    def _unwatch(self) -> None:
        """Stop watching the table (its seat counts this connection gone)."""
        if self.table is not None:
            self.table.listeners.discard(self.poke)
            self.lobby.depart(self.table, self.seat)
            self.table = None

    def _act(self, act: SocketAct) -> None:
        if self.table is None:
            raise Conflict("say hello with your seat and token before acting")
        if act.seat != self.seat:
            raise Conflict(f"this connection plays seat {self.seat}, not {act.seat}")
        self.ack = {"version": self.lobby.act(self.table.id, act.lobby_body())}
        if act.ref is not None:
            self.ack["ref"] = act.ref
        self.poke()  # the table has poked already, unless this connection left its seat
