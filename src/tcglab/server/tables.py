"""Tables: games in progress, their seats, and the rules of who may do what.

A Table owns one game state. Only the table applies actions to it: a human seat's
action after its token, turn and legality are checked, an AI seat's from a background
task that runs the agent in a worker thread. Every action is committed to the store
before anyone is told of it; on start every unfinished table is rebuilt from its
record and its AI seats play on.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache

from tcglab.agents import Decision
from tcglab.agents.specs import make_agent
from tcglab.engine import BadOption, Game, State, TcglabError, get_game
from tcglab.engine.replay import record
from tcglab.server import catalogue
from tcglab.server.errors import Conflict, Forbidden, NotFound, ServerError
from tcglab.server.store import SeatRow, Store, TableRow

log = logging.getLogger("tcglab.server")

MAX_TITLE = 80
MAX_NAME = 40
LANGUAGES = ("en", "ja")


@lru_cache(maxsize=4096)  # every action carries its token: hash each seat's once
def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def agent_seed(seed: int, seat: int, version: int) -> int:
    """The seed of the agent deciding at one point of one game: the same game always
    gets the same AI moves, so a table rebuilt after a restart plays on identically."""
    digest = hashlib.sha256(f"{seed}:{seat}:{version}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


@dataclass
class Table:
    """One game and its seats, as the server holds it in memory."""

    row: TableRow
    game: Game
    state: State | None = None  # None for a finished table not yet looked at again
    listeners: set = field(default_factory=set)  # callables told of every change
    ai_task: asyncio.Task | None = None
    ai_error: str = ""
    _views: dict = field(default_factory=dict)  # seat -> (version, observation)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def seats(self) -> list[SeatRow]:
        return self.row.seats

    @property
    def finished(self) -> bool:
        return self.row.finished

    @property
    def version(self) -> int:
        """How many actions have been applied: what `expected_version` must name."""
        return len(self.row.actions)

    def ensure_state(self) -> State:
        """The game state, rebuilt from the record if it is not in memory."""
        if self.state is None:
            self.state = rebuild(self.game, self.row)
        return self.state

    def status(self) -> str:
        if self.finished:
            return "finished"
        return "open" if any(open_seat(s) for s in self.seats) else "running"

    def ai_to_move(self) -> SeatRow | None:
        state = self.state
        if state is None or state.over or state.to_move is None:
            return None
        seat = self.seats[state.to_move]
        return seat if seat.kind == "ai" else None

    def observation(self, seat: int | None) -> dict:
        """observe(seat), worked out once per version however many watch."""
        cached = self._views.get(seat)
        if cached is not None and cached[0] == self.version:
            return cached[1]
        observation = self.ensure_state().observe(seat)
        self._views[seat] = (self.version, observation)
        return observation

    def view(self, seat: int | None, since: int = 0, lang: str = "en") -> dict:
        """Everything `seat` (None = spectator) is sent: its observation, the events
        from `since` on as it sees them, and its legal actions when it is to move, with
        labels and messages in `lang`."""
        state = self.ensure_state()
        since = max(0, min(since, len(state.log)))
        legal = []
        if seat is not None and not state.over and state.to_move == seat:
            legal = [{"id": a.id, "label": a.text(lang)} for a in state.legal_actions()]
        return {
            "type": "view",
            "table": self.id,
            "game": self.game.id,
            "version": self.version,
            "seat": seat,
            "to_move": None if state.over else state.to_move,
            "status": self.status(),
            "observation": self.observation(seat),
            "since": since,
            "events": state.events_for(seat, since, lang),
            "next": len(state.log),
            "legal": legal,
            "result": self.row.result,
            "seats": [public_seat(s) for s in self.seats],
            "ai_error": self.ai_error,
        }

    def summary(self) -> dict:
        return {
            "id": self.id,
            "game": self.game.id,
            "title": self.row.title,
            "players": self.row.players,
            "options": self.row.options,
            "status": self.status(),
            "version": self.version,
            "created": self.row.created,
            "seats": [public_seat(s) for s in self.seats],
            "result": self.row.result,
            "ai_error": self.ai_error,
        }

    def notify(self) -> None:
        for listener in list(self.listeners):
            listener()


def open_seat(seat: SeatRow) -> bool:
    return seat.kind == "human" and seat.token_hash is None


def public_seat(seat: SeatRow) -> dict:
    return {
        "seat": seat.seat,
        "kind": seat.kind,
        "level": seat.agent if seat.kind == "ai" else "",
        "name": seat.name,
        "open": open_seat(seat),
    }


def rebuild(game: Game, row: TableRow) -> State:
    """The game of a record: set up from seed, options and decks, then every action."""
    state = game.new_state(row.seed, row.players, row.options, row.decks)
    for action_id in row.actions:
        state.apply(action_id)
    return state


def language(value) -> str:
    """The language a client asked for: "en" (the default) or "ja"."""
    if value is None:
        return "en"
    if value not in LANGUAGES:
        raise BadOption(f"lang must be one of {', '.join(LANGUAGES)}, not {value!r}")
    return value


def _text(body: dict, key: str, limit: int) -> str:
    value = body.get(key, "")
    if not isinstance(value, str) or len(value) > limit:
        raise BadOption(f"{key} must be text of at most {limit} characters")
    return value.strip()


def _seat_number(table: Table, value) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadOption(f"seat must be a seat number 0 to {len(table.seats) - 1}, not {value!r}")
    if not 0 <= value < len(table.seats):
        raise NotFound(f"table {table.id} has seats 0 to {len(table.seats) - 1}, not {value}")
    return value


class Lobby:
    """Every table of one server, backed by one store."""

    def __init__(self, store: Store, ai_delay: float = 0.0, allow_seed: bool = False) -> None:
        self.store = store
        self.ai_delay = ai_delay
        self.allow_seed = allow_seed  # tests and benchmarks may fix a table's seed
        self.tables: dict[str, Table] = {}
        self.pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="tcglab-ai")
        self.on_finish: Callable[[Table], None] | None = None

    # -- start and stop -------------------------------------------------------

    def load(self) -> None:
        """Read every table; rebuild the unfinished ones from their records."""
        for row in self.store.tables():
            try:
                table = Table(row, get_game(row.game))
                if not row.finished:
                    table.state = rebuild(table.game, row)
            except TcglabError as exc:  # a game no longer installed, or changed rules
                log.error("table %s cannot be rebuilt and is left out: %s", row.id, exc)
                continue
            if table.state is not None and table.state.over:  # stopped before its result
                self._finish(table)
            self.tables[row.id] = table

    def start_ai(self) -> None:
        """Let every AI seat that is to move play (needs the running event loop)."""
        for table in self.tables.values():
            self._wake_ai(table)

    async def stop(self) -> None:
        tasks = [t.ai_task for t in self.tables.values() if t.ai_task and not t.ai_task.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.pool.shutdown(wait=True, cancel_futures=True)

    # -- lookups --------------------------------------------------------------

    def table(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise NotFound(f"no table {table_id!r}")
        return table

    def listing(self, status: str | None = None) -> list[dict]:
        tables = sorted(self.tables.values(), key=lambda t: t.row.created, reverse=True)
        return [t.summary() for t in tables if status is None or t.status() == status]

    def authorize(self, table: Table, seat, token) -> int:
        """The seat number a (seat, token) pair proves, or Forbidden."""
        number = _seat_number(table, seat)
        row = table.seats[number]
        if row.kind != "human":
            raise Forbidden(f"seat {number} is played by the computer")
        if not isinstance(token, str) or row.token_hash is None:
            raise Forbidden(f"seat {number} needs its seat token (join the seat to get one)")
        if not hmac.compare_digest(hash_token(token), row.token_hash):
            raise Forbidden(f"wrong token for seat {number}")
        return number

    # -- tables and seats -----------------------------------------------------

    def create(self, body: dict) -> tuple[Table, dict | None]:
        """A new table from a create request; with `join`, that seat is taken too."""
        if not isinstance(body, dict):
            raise BadOption("a table is created from a JSON object")
        game = get_game(body.get("game")) if isinstance(body.get("game"), str) else None
        if game is None:
            raise BadOption("game must be a game id; see GET /api/games")
        seats = body.get("seats")
        if not isinstance(seats, list) or not seats:
            raise BadOption("seats must be a list with one {kind, level} entry per player")
        players = game.check_players(len(seats))
        rows = [self._seat_row(game, n, entry) for n, entry in enumerate(seats)]
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise BadOption("options must be an object of option names and values")
        seed = secrets.randbits(62)
        if body.get("seed") is not None:
            if not self.allow_seed:
                raise BadOption("this server chooses every seed itself; leave seed out")
            if not isinstance(body["seed"], int) or not 0 <= body["seed"] < 2**62:
                raise BadOption("seed must be a whole number from 0 to 2**62 - 1")
            seed = body["seed"]
        decks = catalogue.resolve_decks(game, players, body.get("decks"))
        state = game.new_state(seed, players, options, decks)  # checks options and decks
        row = TableRow(
            id=secrets.token_urlsafe(6),
            game=game.id,
            seed=seed,
            players=players,
            options=dict(state.options),
            decks=decks,
            title=_text(body, "title", MAX_TITLE),
            created=time.time(),
            finished=False,
            seats=rows,
            actions=[],
        )
        joined = None
        if body.get("join") is not None:
            number = body["join"]
            if isinstance(number, bool) or not isinstance(number, int):
                raise BadOption("join must be the number of a human seat")
            if not 0 <= number < players or rows[number].kind != "human":
                raise BadOption(f"join must name a human seat, not {number}")
            joined = self._take(rows[number], _text(body, "name", MAX_NAME))
        table = Table(row, game, state)
        self.store.add_table(row)
        self.tables[row.id] = table
        self._wake_ai(table)
        return table, joined

    def _seat_row(self, game: Game, number: int, entry) -> SeatRow:
        if not isinstance(entry, dict) or entry.get("kind") not in ("human", "ai"):
            raise BadOption(f"seat {number}: kind must be human or ai")
        if entry["kind"] == "human":
            return SeatRow(number, "human")
        level = entry.get("level", "normal")
        if not isinstance(level, str):
            raise BadOption(f"seat {number}: level must be one of {', '.join(catalogue.LEVELS)}")
        make_agent(level, game, 0)  # raises BadOption for a level the game cannot play
        return SeatRow(number, "ai", agent=level, name=f"AI ({level})")

    def _take(self, seat: SeatRow, name: str) -> dict:
        token = secrets.token_urlsafe(24)
        seat.token_hash = hash_token(token)
        seat.name = name or f"P{seat.seat + 1}"
        return {"seat": seat.seat, "token": token, "name": seat.name}

    def join(self, table_id: str, body: dict) -> dict:
        table = self.table(table_id)
        if table.finished:
            raise Conflict(f"table {table_id} is finished; watch its replay instead")
        number = _seat_number(table, body.get("seat"))
        seat = table.seats[number]
        if not open_seat(seat):
            who = "the computer" if seat.kind == "ai" else "someone"
            raise Conflict(f"seat {number} is taken by {who}; open seats can be joined")
        joined = self._take(seat, _text(body, "name", MAX_NAME))
        self.store.set_seat(table.id, seat)
        table.notify()
        return joined

    def leave(self, table_id: str, body: dict) -> None:
        table = self.table(table_id)
        number = self.authorize(table, body.get("seat"), body.get("token"))
        seat = table.seats[number]
        seat.token_hash, seat.name = None, ""
        self.store.set_seat(table.id, seat)
        table.notify()

    # -- playing --------------------------------------------------------------

    def act(self, table_id: str, body: dict) -> int:
        """A human seat's action; returns the new version once it is committed."""
        if not isinstance(body, dict):
            raise BadOption("an action is a JSON object {seat, token, action, expected_version}")
        table = self.table(table_id)
        number = self.authorize(table, body.get("seat"), body.get("token"))
        action_id = body.get("action")
        if not isinstance(action_id, str):
            raise BadOption("action must be the id of one of your legal actions")
        expected = body.get("expected_version")
        if expected is not None and (isinstance(expected, bool) or not isinstance(expected, int)):
            raise BadOption("expected_version must be a whole number (the version you saw)")
        state = table.ensure_state()
        if state.over:
            raise Conflict(f"the game at table {table.id} is over")
        if expected is not None and expected != table.version:
            raise Conflict(
                f"stale action: you saw version {expected}, the table is at {table.version}"
            )
        if state.to_move != number:
            raise Conflict(f"it is not seat {number}'s turn; seat {state.to_move} is to move")
        if action_id not in {a.id for a in state.legal_actions()}:
            raise Conflict(f"{action_id!r} is not one of your legal actions now")
        self._commit(table, number, action_id)
        return table.version

    def _commit(self, table: Table, seat: int, action_id: str) -> None:
        """Store the action, then apply it, then tell everyone and let the AI play."""
        n = table.version
        self.store.add_action(table.id, n, seat, action_id)
        try:
            table.state.apply(action_id)
        except TcglabError:
            self.store.drop_action(table.id, n)
            raise
        table.row.actions.append(action_id)
        if table.state.over:
            self._finish(table)
        table.notify()
        self._wake_ai(table)

    def _finish(self, table: Table) -> None:
        state = table.state
        seats = [s.agent or s.name or "human" for s in table.seats]
        replay = record(state, seats=seats, decks=table.row.decks)
        table.row.result = state.result.to_dict()
        table.row.finished = True
        self.store.finish(table.id, table.row.result, replay.to_json())
        if self.on_finish:
            self.on_finish(table)

    def _wake_ai(self, table: Table) -> None:
        if table.ai_to_move() is None or (table.ai_task and not table.ai_task.done()):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # not serving yet: start_ai wakes it
            return
        table.ai_task = loop.create_task(self._play_ai(table))

    async def _play_ai(self, table: Table) -> None:
        """Play the AI seats of one table for as long as one of them is to move."""
        loop = asyncio.get_running_loop()
        while (seat := table.ai_to_move()) is not None:
            if self.ai_delay:
                await asyncio.sleep(self.ai_delay)
            version = table.version
            agent = make_agent(
                seat.agent, table.game, agent_seed(table.row.seed, seat.seat, version)
            )
            decision = Decision(table.state.clone())
            try:
                action = await loop.run_in_executor(self.pool, agent.choose, decision)
            except Exception as exc:  # an agent failing must not take the server down
                table.ai_error = f"the computer at seat {seat.seat} failed: {exc}"
                log.exception("AI failed at table %s", table.id)
                table.notify()
                return
            if table.version == version:
                self._commit(table, seat.seat, action.id)

    # -- finished games -------------------------------------------------------

    def replay(self, table_id: str) -> dict:
        table = self.table(table_id)
        text = self.store.replay_json(table.id) if table.finished else None
        if text is None:
            raise Conflict(f"table {table_id} is not finished; its replay comes when it ends")
        return json.loads(text)

    def replay_step(self, table_id: str, step, lang: str = "en") -> dict:
        """The spectator's view of a finished game after `step` actions."""
        replay = self.replay(table_id)
        actions = replay["actions"]
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(actions):
            raise BadOption(f"step must be a whole number from 0 to {len(actions)}")
        table = self.table(table_id)
        row = TableRow(**{**vars(table.row), "actions": actions[:step]})
        state = rebuild(table.game, row)
        return {
            "table": table.id,
            "game": table.game.id,
            "step": step,
            "steps": len(actions),
            "observation": state.observe(None),
            "events": state.events_for(None, 0, lang),
            "result": state.result.to_dict() if state.result else None,
            "seats": [public_seat(s) for s in table.seats],
        }


__all__ = ["Forbidden", "Lobby", "NotFound", "ServerError", "Table"]
