"""The websocket protocol: one connection watches one table as one seat or as a
spectator, and may act for its seat.

Client to server (JSON text, one object per message; `ref` is echoed in the reply):
    {"type": "hello", "seat": 0 | null, "token": "...", "since": 0, "lang": "en" | "ja"}
    {"type": "act", "seat": 0, "token": "...", "action": "<id>", "expected_version": 12}
    {"type": "ping"}
Server to client:
    {"type": "view", ...}   the seat's observation, its events from `since`, its legal
                            actions when it is to move, labels and messages in `lang`
                            (the reply to hello and to act, and sent on change; hello
                            again to switch); the reply to an act acknowledges it with
                            "ack": {"version": 13, "ref": ...}
    {"type": "error", "error": "one line", "status": 409}
    {"type": "pong"}
Every message gets exactly one reply, in the order the messages came: a view (its
hello's, or carrying its act's ack), a pong or an error; `ref` is echoed in errors and
pongs too. Views on change come between them; a view made after several changes (or
acts) shows them all. A rejected message changes nothing; the connection stays open.

Limits: a message is at most 64 KiB of JSON text (MAX_MESSAGE characters; a longer one
gets an error reply, and a frame past MAX_FRAME bytes closes the connection with 1009
unread), nested at most 16 deep, with numbers of at most 40 digits; unknown fields are
refused by name; seats are 0-7, tokens at most 64 characters of A-Z a-z 0-9 _ -, `ref`
text of at most 64 characters or a whole number within ±2**53, `since` and
`expected_version` whole numbers from 0 to 2**53. A client that leaves more than
MAX_PENDING replies unread while it sends more is closed with 1008, and so is a
connection past the MAX_SOCKETS_PER_ADDRESS one client address has open.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter, deque
from dataclasses import dataclass

import orjson
from starlette.websockets import WebSocketDisconnect

from tcglab.engine import TcglabError
from tcglab.server.errors import Conflict, Failed, Forbidden, ServerError, status_of
from tcglab.server.models import (
    Hello,
    Ping,
    SocketAct,
    echoable_ref,
    message_model,
    read_json,
    validated,
)
from tcglab.server.table import Table
from tcglab.server.tables import Lobby

log = logging.getLogger("tcglab.server")

MAX_MESSAGE = 64 * 1024
# The largest frame the socket reads (uvicorn's ws_max_size, in bytes): any message of
# MAX_MESSAGE characters fits in UTF-8, and one past MAX_MESSAGE but within this gets
# the one-line reply; a larger frame closes the connection (1009) unread.
MAX_FRAME = 4 * MAX_MESSAGE
MAX_PENDING = 64  # replies left unread before the connection is closed
MAX_SOCKETS_PER_ADDRESS = 32  # websockets one client address keeps open at once
UNREAD = f"more than {MAX_PENDING} replies were left unread; read replies as they come"
CLOSE_WAIT = 10.0  # seconds a close waits for a client to read what is before it
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


def left_reply(ack: dict | None) -> dict:
    """The reply of a view for a seat left since its hello: an error, with the ack of
    an action stored before, so that it is still acknowledged."""
    reply = error_reply(Forbidden("this seat was left; join again"))
    if ack is not None:
        reply["ack"] = ack
    return reply


def unsent_reply(item) -> dict:
    """What a client gets instead of a reply that could not be made: an error, with the
    acknowledgement the reply carried, so an action stored is still acknowledged."""
    reply = error_reply(Failed("the server could not make this reply; the failure is logged"))
    ack = item.get("ack") if isinstance(item, dict) else getattr(item, "ack", None)
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

    async def close(self, code: int, reason: str) -> None:
        """Close with `code`. The close frame waits behind what the client left unread;
        a client that reads nothing for CLOSE_WAIT seconds is not waited for (the server
        then drops the connection without it)."""
        message = {"type": "websocket.close", "code": code, "reason": reason}
        with contextlib.suppress(OSError, RuntimeError, TimeoutError):
            await asyncio.wait_for(self._send(message), CLOSE_WAIT)


def table_sockets(
    app, lobby: Lobby, per_address: int = MAX_SOCKETS_PER_ADDRESS, prefix: str = "/ws/tables/"
):
    """ASGI middleware: a table's websocket goes straight to its Connection. One client
    address keeps at most `per_address` open at once: each holds memory and a file
    descriptor, and each watcher of a table is sent a view of every change, so one
    client with thousands could starve the server, or another player's game."""
    open_by: Counter[str] = Counter()

    async def asgi(scope, receive, send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "websocket" or not path.startswith(prefix):
            await app(scope, receive, send)
            return
        socket = RawSocket(receive, send)
        await socket.accept()
        address = (scope.get("client") or ("",))[0]
        if open_by[address] >= per_address:
            await socket.close(1008, f"at most {per_address} connections from one address")
            return
        open_by[address] += 1
        try:
            await Connection(socket, lobby, path[len(prefix) :]).run()
        finally:
            open_by[address] -= 1
            if not open_by[address]:
                del open_by[address]

    return asgi


@dataclass
class Watch:
    """What a hello asked for: the table seen from a seat (its token's hash then) or as
    a spectator, in a language, its events from `since` on (moved on by each view)."""

    table: Table
    seat: int | None
    token_hash: str | None
    lang: str
    since: int


@dataclass
class ViewDue:
    """A view to send when the writer reaches it, made then from the table as it is. A
    hello's reply starts the views of what it watches; an act's carries its ack."""

    watch: Watch | None = None
    ack: dict | None = None


def is_change_view(item) -> bool:
    """A view waiting only because the table changed: the reply to no message."""
    return isinstance(item, ViewDue) and item.watch is None and item.ack is None


def is_left(watch: Watch) -> bool:
    """Whether the seat watched was left (or taken over) since its hello."""
    return watch.table.seats[watch.seat].token_hash != watch.token_hash


class Connection:
    """One websocket. A reader handles requests; a single writer sends replies and
    views in order, so a burst of changes is sent as one up-to-date view. An action's
    acknowledgement rides on the view that shows it: one message, not two.

    Replies wait in `pending` in the order of the messages they answer: a ready reply
    (a pong, an error) or a ViewDue. A change of the table adds a ViewDue only when none
    waits, since any waiting view will show it; an act's ack rides on such a view when
    it is the last thing waiting, else on a view of its own. A client that leaves more
    than MAX_PENDING replies unread is disconnected (1008) rather than buffered."""

    def __init__(self, websocket: RawSocket, lobby: Lobby, table_id: str) -> None:
        self.ws = websocket
        self.lobby = lobby
        self.table_id = table_id
        self.watch: Watch | None = None  # the last hello's: what acts and changes are for
        self.shown: Watch | None = None  # what the writer's views show now
        self.pending: deque[dict | ViewDue] = deque()  # at most MAX_PENDING
        self.ready = asyncio.Event()  # set when `pending` has something

    async def run(self) -> None:
        writer = asyncio.create_task(self._write())
        overflow = False
        try:
            while True:
                text = await self.ws.receive_text()
                if len(self.pending) >= MAX_PENDING:
                    overflow = True  # this message is left unhandled: it changes nothing
                    break
                reply = await self.handle(text)
                if reply is not None:
                    self._put(reply)
        except WebSocketDisconnect:
            pass
        finally:
            self._unwatch()
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await writer
        if overflow:
            log.info("a websocket at table %s left its replies unread; closed", self.table_id)
            await self.ws.close(1008, UNREAD)

    def _put(self, item: dict | ViewDue) -> None:
        self.pending.append(item)
        self.ready.set()

    def poke(self) -> None:
        """The table changed: a view is due, unless one waits already (it will show this)."""
        if not any(isinstance(item, ViewDue) for item in self.pending):
            self._put(ViewDue())

    async def _write(self) -> None:
        while True:
            while not self.pending:
                self.ready.clear()
                await self.ready.wait()
            item = self.pending.popleft()  # a change from now on needs a view of its own
            text = self._reply_text(item)
            if text is None:
                continue
            try:
                await self.ws.send_text(text)
            except (WebSocketDisconnect, RuntimeError):
                return

    def _reply_text(self, item: dict | ViewDue) -> str | None:
        """The text of a waiting reply, or of an error reply when it cannot be made: the
        writer must outlive any one reply. None: nothing to send (a change's view after
        the seat was left)."""
        try:
            if isinstance(item, ViewDue):
                item = self._view(item)
                if item is None:
                    return None
            return dumps(item)
        except Exception:
            log.exception("a reply at table %s could not be made", self.table_id)
            return dumps(unsent_reply(item))

    def _view(self, due: ViewDue) -> dict | None:
        """The view `due` asks for, with its ack; an error (with the ack) when the seat
        shown was left; None for a change's view once that error was sent."""
        if due.watch is not None:
            self.shown = due.watch
        shown = self.shown
        if shown is not None and shown.seat is not None and is_left(shown):
            if self.watch is shown:
                self._unwatch()
            self.shown = None
            return left_reply(due.ack)
        if shown is None:
            return None if due.ack is None else left_reply(due.ack)
        view = shown.table.view(shown.seat, shown.since, shown.lang)
        shown.since = view["next"]
        if due.ack is not None:
            view["ack"] = due.ack
        return view

    async def handle(self, text: str) -> dict | ViewDue | None:
        """The reply to one client message: a ready reply or a view due (None: an ack
        put on a view already waiting). Whatever the message holds, the reply is an
        error at worst: the connection stays open."""
        ref = None
        try:
            if len(text) > MAX_MESSAGE:
                raise ServerError(f"a message may have at most {MAX_MESSAGE} characters")
            message = read_json(text, "a message", EXAMPLE)
            ref = echoable_ref(message)
            request = validated(message_model(message), message)
            if isinstance(request, Hello):
                return await self._hello(request)
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

    async def _hello(self, hello: Hello) -> ViewDue:
        table = self.lobby.hold(self.lobby.table(self.table_id))
        seat = hello.seat
        if seat is not None:
            seat = self.lobby.authorize(table, seat, hello.token)
        await self.lobby.restore(table)  # a finished game let go of; later messages wait
        self._unwatch()
        self._drop_change_views()
        token_hash = table.seats[seat].token_hash if seat is not None else None
        self.watch = Watch(table, seat, token_hash, hello.lang or "en", hello.since)
        table.listeners.add(self.poke)
        self.lobby.arrive(table, seat)
        return ViewDue(watch=self.watch)

    def _drop_change_views(self) -> None:
        """Forget the views of changes still waiting (no reply rides on them): what they
        would show, the hello's view shows, as the hello asked."""
        self.pending = deque(item for item in self.pending if not is_change_view(item))

    def _unwatch(self) -> None:
        """Stop watching the table (its seat counts this connection gone)."""
        if self.watch is not None:
            self.watch.table.listeners.discard(self.poke)
            self.lobby.depart(self.watch.table, self.watch.seat)
            self.watch = None

    def _act(self, act: SocketAct) -> ViewDue | None:
        watch = self.watch
        if watch is None:
            raise Conflict("say hello with your seat and token before acting")
        if act.seat != watch.seat:
            playing = "watches as a spectator" if watch.seat is None else f"plays seat {watch.seat}"
            raise Conflict(f"this connection {playing}, not seat {act.seat}")
        ack = {"version": self.lobby.act(watch.table.id, act.lobby_body())}
        if act.ref is not None:
            ack["ref"] = act.ref
        last = self.pending[-1] if self.pending else None
        if is_change_view(last):
            last.ack = ack  # the view of this change, still to be made, is the reply
            return None
        return ViewDue(ack=ack)
