"""The lobby: every table of one server, its seats, and the rules of who may do what.

A Table (`table.py`) owns one game state. Only the table applies actions to it: a
human seat's action after its token, turn and legality are checked, an AI seat's from a
background task that runs the agent in a worker thread. Every action is committed to
the store before anyone is told of it; on start every unfinished table is rebuilt from
its record and its AI seats play on.

A game of one deck per seat (`Game.decks_by_seat`) whose table waits for people is not
dealt when it is created: it keeps its seed, options and the decks fixed so far, each
person joining may bring a deck, and the last to join deals it (`Lobby.join`). Until
then a view holds no game at all.

Every Lobby method checks and prepares everything first (each field of a request by
`inputs.py`), then writes to the store, and only then changes what it holds in memory:
a refused request, or a write the store refuses, leaves no trace.

What the lobby holds is bounded. A game ends at its result, or at `max_actions`
actions (reason "action_limit", no winner). A finished table leaves memory once nobody
watches it; its summary, view, replay and replay steps are read from the store. The
final states of the FINISHED_KEPT finished games viewed last are kept for their views;
another is rebuilt from its record on a thread of its own (`Lobby.restore`), as replay
steps are played, so a long game's rebuild holds up no request on the event loop. An
open table nobody has touched for `expire_after` seconds is deleted; a running one that
long untouched (its humans gone quiet) lets go of its game state, and is rebuilt from
its record when someone comes back.
"""

from __future__ import annotations

import asyncio
import hashlib
import heapq
import hmac
import json
import logging
import secrets
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from itertools import islice

from tcglab.agents import Decision
from tcglab.agents.specs import make_agent
from tcglab.engine import BadOption, Game, State, TcglabError, get_game
from tcglab.engine.replay import record
from tcglab.server import catalogue, inputs, notes, scenarios
from tcglab.server.errors import Conflict, Forbidden, NotFound, ServerError
from tcglab.server.seats import (
    absence,
    computer_name,
    name_computers,
    open_seat,
    public_seat,
    rematch_seat,
    rotated,
    table_level,
    taken_over,
)
from tcglab.server.store import Ending, Note, SeatRow, Store, StoreError, TableRow
from tcglab.server.table import Table, played_on, rebuild, row_summary

log = logging.getLogger("tcglab.server")

DEFAULT_MAX_ACTIONS = 20_000  # the longest real games take a few thousand
DEFAULT_EXPIRE_AFTER = 24 * 3600.0  # seconds
MAX_TABLES_PER_CREATOR = 20  # unfinished tables one client address keeps at once
STEPPED_KEPT = 16  # finished games whose last replay step asked is kept to play on from
FINISHED_KEPT = 32  # finished games let go of whose final state is kept for their views


def agent_seed(seed: int, seat: int, version: int) -> int:
    """The seed of the agent deciding at one point of one game: the same game always
    gets the same AI moves, so a table rebuilt after a restart plays on identically."""
    digest = hashlib.sha256(f"{seed}:{seat}:{version}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def action_limit_result() -> dict:
    """The result of a game the server stopped at its action cap: nobody won."""
    return {"winners": [], "scores": [], "reason": "action_limit"}


class Kept:
    """At most `size` values by key; past that, the one longest not asked for leaves."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._values: dict = {}  # oldest first: a dict keeps the order keys came in

    def get(self, key):
        """The value, kept on as the one asked for last (None: none kept)."""
        value = self._values.pop(key, None)
        if value is not None:
            self._values[key] = value
        return value

    def take(self, key):
        """The value, no longer kept (None: none kept)."""
        return self._values.pop(key, None)

    def put(self, key, value) -> None:
        self._values.pop(key, None)
        self._values[key] = value
        if len(self._values) > self.size:
            self._values.pop(next(iter(self._values)))


def _newest_first(table: Table) -> tuple[float, str]:
    return (table.row.created, table.id)


class Lobby:
    """Every table of one server, backed by one store."""

    SWEEP_EVERY = 60.0  # seconds between looks for tables to let go of
    AWAY_EVERY = 5.0  # seconds between looks for seats the computer should take over

    def __init__(
        self,
        store: Store,
        ai_delay: float = 0.0,
        allow_seed: bool = False,
        max_actions: int = DEFAULT_MAX_ACTIONS,
        expire_after: float | None = DEFAULT_EXPIRE_AFTER,
        clock: Callable[[], float] = time.time,
        max_tables_per_creator: int = MAX_TABLES_PER_CREATOR,
    ) -> None:
        inputs.at_least_one(max_actions, "max_actions")
        inputs.at_least_one(max_tables_per_creator, "tables per address")
        if expire_after is not None and not expire_after > 0:
            raise BadOption(
                f"expire_after must be a number of seconds above 0, not {expire_after!r}"
            )
        self.store = store
        self.ai_delay = ai_delay
        self.allow_seed = allow_seed  # tests and benchmarks may fix a table's seed
        self.max_actions = max_actions
        self.expire_after = expire_after  # None: open tables never expire
        self.clock = clock
        self.tables: dict[str, Table] = {}  # every unfinished table, and finished ones watched
        self.finished_counts: Counter[str] = Counter()  # finished tables per game
        self.max_tables_per_creator = max_tables_per_creator
        self.pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="tcglab-ai")
        # Games of computers only think on a core of their own, so however many of them
        # run, a person's opponent is never queued behind them.
        self.watch_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tcglab-watch")
        # Finished games are rebuilt and replays stepped on a thread of their own: a long
        # game takes tens of milliseconds, and one such thread at a time competing with
        # the event loop for the interpreter lock bounds how much anyone asking slows it.
        self.replay_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tcglab-replay")
        self.on_finish: Callable[[Table], None] | None = None
        # The list of a legal kept deck of a game by its id (DeckShelf.playable), for a
        # person joining with one; refused with the shelf's errors.
        self.kept_deck: Callable[[str, str], str] | None = None
        self._housekeeping: asyncio.Task | None = None
        # table id -> (step, state) of the replay step last asked for (`_stepped_to`)
        self._stepped = Kept(STEPPED_KEPT)
        # table id -> the final state of a finished game let go of (`restore`)
        self._finished = Kept(FINISHED_KEPT)

    # -- start and stop -------------------------------------------------------

    def load(self) -> None:
        """Count the finished tables; rebuild the unfinished ones from their records,
        finishing those that ended (or reached the action cap) before a stop."""
        self.finished_counts = Counter(self.store.finished_counts())
        for row in self.store.unfinished_tables():
            try:
                table = self._table_of(row)
                if row.dealt:  # else it waits for its players as it did
                    table.state = rebuild(table.game, row)
                ending = None if table.state is None else self._ending(row, table.state)
            except TcglabError as exc:  # a game no longer installed, or changed rules
                log.error("table %s cannot be rebuilt and is left out: %s", row.id, exc)
                continue
            self.tables[row.id] = table
            if ending is not None:
                try:
                    self.store.finish(row.id, ending)
                except StoreError as exc:
                    log.error("table %s ended but its result is not stored: %s", row.id, exc)
                    continue
                self._close(table, ending.result)
            else:
                self._play_forced(table)

    def start_ai(self) -> None:
        """Let every AI seat that is to move play, and start the housekeeping that lets
        go of finished and abandoned tables (needs the running event loop)."""
        for table in self.tables.values():
            self._wake_ai(table)
        if self._housekeeping is None or self._housekeeping.done():
            self._housekeeping = asyncio.get_running_loop().create_task(self._keep_house())

    async def stop(self) -> None:
        tasks = [t.ai_task for t in self.tables.values() if t.ai_task and not t.ai_task.done()]
        if self._housekeeping is not None:
            tasks.append(self._housekeeping)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for pool in (self.pool, self.watch_pool, self.replay_pool):
            pool.shutdown(wait=True, cancel_futures=True)

    async def _keep_house(self) -> None:
        swept = self.clock()
        while True:
            await asyncio.sleep(self.AWAY_EVERY)
            try:
                self.take_over_absent()
                if self.clock() - swept >= self.SWEEP_EVERY:
                    swept = self.clock()
                    self.sweep()
            except Exception:  # housekeeping failing must not take the server down
                log.exception("housekeeping failed")

    def sweep(self) -> None:
        """Let go of what nobody needs: a finished table nobody watches leaves memory;
        an open table untouched for `expire_after` is deleted (nobody ever played it
        through, and the database should not keep it); a running table untouched that
        long keeps its seats and record but lets go of its game state."""
        now = self.clock()
        for table in list(self.tables.values()):
            if table.listeners or (table.ai_task is not None and not table.ai_task.done()):
                continue
            if table.finished:
                self._forget(table)
            elif self.expire_after is not None and now - table.row.touched >= self.expire_after:
                if table.status() == "open":
                    self._expire(table)
                else:
                    table.let_go()

    def _expire(self, table: Table) -> None:
        try:
            self.store.delete_table(table.id)
        except StoreError as exc:
            log.error("table %s could not be expired: %s", table.id, exc)
            return
        self._forget(table)
        for other in self.tables.values():  # a watched game whose rematch this was
            if other.row.rematch == table.id:
                other.row.rematch = None

    def _forget(self, table: Table) -> None:
        """Out of memory. A finished table's AI task ends by itself; dropping the link
        to it leaves no table-task cycle for the garbage collector to find later."""
        self.tables.pop(table.id, None)
        table.ai_task = None
        table.let_go()

    # -- lookups --------------------------------------------------------------

    def table(self, table_id) -> Table:
        """The table, from memory or (a finished one) from the store; being asked for
        counts as a touch that keeps it from expiring."""
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is not None:
            table.row.touched = self.clock()
            return table
        shown = repr(table_id)[:40]
        if not isinstance(table_id, str) or not inputs.TABLE_ID.fullmatch(table_id):
            raise NotFound(f"no table {shown}")
        row = self.store.finished_tables([table_id]).get(table_id)
        if row is None:
            raise NotFound(f"no table {shown}")
        try:
            return self._table_of(row)
        except TcglabError:
            raise NotFound(
                f"table {shown} is a game of {row.game}, which this server lacks"
            ) from None

    def hold(self, table: Table) -> Table:
        """The table a websocket is to watch, held in memory while it is watched: a
        finished table read from the store joins the tables held (or one already held
        is watched instead), so that every watcher hears of its rematch or of a player
        leaving, whoever asks for them. `sweep` lets it go once nobody watches."""
        return self.tables.setdefault(table.id, table)

    async def restore(self, table: Table) -> None:
        """Before a view: a finished table let go of gets its final state back, one of
        those kept, else rebuilt from its record on the replay thread (and kept). A kept
        state serves every view of its game: a view only reads it, and nothing plays a
        finished game on. Any other table is left as it is."""
        if not table.finished or table.state is not None or not table.row.dealt:
            return
        state = self._finished.get(table.id)
        if state is None:
            actions = self.store.actions(table.id)
            state = await self._apart(rebuild, table.game, table.row, actions)
            self._finished.put(table.id, state)
        table.state = state

    async def _apart(self, work: Callable, *args):
        """`work(*args)` on the replay thread; the event loop serves others meanwhile."""
        return await asyncio.get_running_loop().run_in_executor(self.replay_pool, work, *args)

    def _table_of(self, row: TableRow, state: State | None = None) -> Table:
        game = get_game(row.game)
        return Table(row, game, state, stored_actions=self.store.actions, opened=self.clock())

    def listing(
        self, status: str | None = None, game: str | None = None, offset: int = 0, limit: int = 50
    ) -> dict:
        """One page of table summaries, newest first: `limit` of them from `offset`,
        of those with `status` and `game` (None: any), and how many there are in all.
        Only the page's summaries are made; finished tables are read from the store."""
        inputs.check_page(status, game, offset, limit)
        live = []
        if status != "finished":
            live = sorted(
                (
                    t
                    for t in self.tables.values()
                    if not t.finished
                    and (game is None or t.game.id == game)
                    and (status is None or t.status() == status)
                ),
                key=_newest_first,
                reverse=True,
            )
        if status in ("open", "running"):
            page = [t.summary() for t in live[offset : offset + limit]]
            return {"tables": page, "total": len(live), "offset": offset, "limit": limit}
        total = len(live) + self._finished_total(game)
        if offset >= total:  # past the end: nothing to read
            keys = []
        elif status == "finished":
            keys = self.store.finished_keys(game, offset, limit)
        else:  # both kinds, merged by age: the stored ones are read up to the page's end
            stored = self.store.finished_keys(game, 0, offset + limit)
            merged = heapq.merge(map(_newest_first, live), stored, reverse=True)
            keys = list(islice(merged, offset, offset + limit))
        page = self._summaries([table_id for _, table_id in keys])
        return {"tables": page, "total": total, "offset": offset, "limit": limit}

    def _finished_total(self, game: str | None) -> int:
        return self.finished_counts[game] if game else sum(self.finished_counts.values())

    def _summaries(self, ids: list[str]) -> list[dict]:
        stored = self.store.finished_tables([i for i in ids if i not in self.tables])
        out = []
        for table_id in ids:
            if table_id in self.tables:
                out.append(self.tables[table_id].summary())
            elif table_id in stored:
                row = stored[table_id]
                out.append(row_summary(row, row.final_version))
        return out

    def authorize(self, table: Table, seat, token) -> int:
        """The seat number a (seat, token) pair proves, or Forbidden."""
        number = inputs.seat_number(table, seat)
        row = table.seats[number]
        if row.kind != "human":
            raise Forbidden(f"seat {number} is played by the computer")
        if not isinstance(token, str) or row.token_hash is None:
            raise Forbidden(f"seat {number} needs its seat token (join the seat to get one)")
        if len(token) > inputs.MAX_TOKEN or not hmac.compare_digest(
            inputs.hash_token(token), row.token_hash
        ):
            raise Forbidden(f"wrong token for seat {number}")
        table.seen[number] = self.clock()
        return number

    # -- tables and seats -----------------------------------------------------

    def create(self, body: dict, creator: str = "") -> tuple[Table, dict | None]:
        """A new table from a create request; with `join`, that seat is taken too. A
        game that is over as it is set up is finished at once, with its replay. With
        `scenario` the table starts from that position (see `_from_scenario`). A game
        of one deck per seat with a seat still open is not dealt: each person joining
        brings a deck, and the last deals (see `join`). One `creator` (a client
        address) keeps at most `max_tables_per_creator` games unfinished at once."""
        body = inputs.json_object(body, "a table is created from")
        under_way = sum(t.creator == creator and not t.finished for t in self.tables.values())
        if under_way >= self.max_tables_per_creator:
            raise Conflict(
                f"one address keeps at most {self.max_tables_per_creator} games open or under "
                "way at once; finish or concede one first (a table nobody joins expires)"
            )
        if body.get("scenario") is not None:
            table, joined = self._from_scenario(body)
        else:
            table, joined = self._new_table(body)
        table.creator = creator
        return table, joined

    def _new_table(self, body: dict) -> tuple[Table, dict | None]:
        if body.get("level") is not None:
            raise BadOption("level: a table from a scenario takes it; give each seat its level")
        game = get_game(body.get("game")) if isinstance(body.get("game"), str) else None
        if game is None:
            raise BadOption("game: required; a game id (see GET /api/games) or a scenario")
        rows = self._seat_rows(game, body.get("seats"))
        players = len(rows)
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise BadOption("options must be an object of option names and values")
        seed = self._seed(body.get("seed"))
        decks = catalogue.resolve_decks(game, players, body.get("decks"))
        table_format = catalogue.table_format(game, players, body.get("format"))
        # new_state checks the options (with the format's settings) and the decks
        state = game.new_state(seed, players, options, decks, format=table_format)
        row = self._new_row(game, state, decks, rows, inputs.text(body, "title", inputs.MAX_TITLE))
        row.grace = inputs.grace(body.get("grace"))
        row.format = table_format
        joined = self._join_at_create(body, rows)
        if catalogue.decks_at_join(game, players, table_format) and any(map(open_seat, rows)):
            row.dealt, state = False, None  # the deal above only checked what was given
            if decks is not None:  # the decks named; a seat named none keeps its default
                given = zip(body["decks"], decks, strict=True)
                row.decks = [deck if entry is not None else None for entry, deck in given]
        return self._open(row, state), joined

    def _from_scenario(self, body: dict) -> tuple[Table, dict | None]:
        """A table from a shipped puzzle or a pasted scenario file: the scenario fixes
        the game (the body's `game`, if given, must be it), the player count, the rule
        options and the position, the script played. Without `seats`, the solver (the
        goal's seat, else the first) is a human seat the creator takes (unless `join`
        says otherwise) and the computer plays the others at `level` (default normal).
        Each seat is named as the scenario names its players. The text is stored with
        the table, and a rebuild starts it again."""
        chosen = scenarios.chosen(body["scenario"])
        scenario = scenarios.loaded(chosen.text, chosen.name)
        game = scenario.game
        if body.get("game") is not None and body["game"] != game.id:
            raise BadOption(f"game: the scenario is a game of {game.id}, not {body['game']!r}")
        for key in ("options", "decks", "format", "seed"):
            if body.get(key) is not None:
                raise BadOption(f"{key}: a scenario sets the game up itself; leave {key} out")
        players = len(scenario.players)
        solver = scenario.goal.seat if scenario.goal else 0
        seats = body.get("seats")
        if seats is None:
            level = body.get("level") or "normal"
            seats = [{"kind": "ai", "level": level} for _ in range(players)]
            seats[solver] = {"kind": "human"}
            body = {"join": solver} | {k: v for k, v in body.items() if v is not None}
        elif body.get("level") is not None:
            raise BadOption("level: the computer's level is given in each seat of seats")
        if isinstance(seats, list) and len(seats) != players:
            raise BadOption(f"seats: the scenario is played by {players} players, not {len(seats)}")
        rows = self._seat_rows(game, seats)
        for seat, name in zip(rows, scenario.players, strict=True):
            seat.name = name  # the puzzle's texts speak of its players by these names
        state = scenario.start()
        title = inputs.text(body, "title", inputs.MAX_TITLE) or scenario.title[: inputs.MAX_TITLE]
        row = self._new_row(game, state, None, rows, title)
        row.grace = inputs.grace(body.get("grace"))
        row.scenario = chosen.text
        joined = self._join_at_create(body, rows)
        return self._open(row, state), joined

    def _seat_rows(self, game: Game, seats) -> list[SeatRow]:
        if not isinstance(seats, list) or not seats:
            raise BadOption("seats must be a list with one {kind, level} entry per player")
        game.check_players(len(seats))
        rows = [self._seat_row(game, n, entry) for n, entry in enumerate(seats)]
        name_computers(rows)
        return rows

    def _join_at_create(self, body: dict, rows: list[SeatRow]) -> dict | None:
        """The seat a create request's `join` takes, under its `name` (else the name
        the seat already has), and what its player is told."""
        if body.get("join") is None:
            return None
        number = body["join"]
        if isinstance(number, bool) or not isinstance(number, int):
            raise BadOption("join must be the number of a human seat")
        if not 0 <= number < len(rows) or rows[number].kind != "human":
            raise BadOption(f"join must name a human seat, not {number}")
        name = inputs.text(body, "name", inputs.MAX_NAME) or rows[number].name
        rows[number], joined = inputs.taken_by(rows[number], name, body.get("auto_pass"))
        return joined

    def _new_row(self, game: Game, state: State, decks, seats: list[SeatRow], title: str):
        now = self.clock()
        return TableRow(
            id=secrets.token_urlsafe(6),
            game=game.id,
            seed=state.seed,
            players=state.players,
            options=dict(state.options),
            decks=decks,
            title=title,
            created=now,
            finished=False,
            seats=seats,
            actions=[],
            touched=now,
        )

    def _open(self, row: TableRow, state: State | None, rematch_of: str | None = None) -> Table:
        """Store a new table and take it up (`state` None: not dealt yet): finished at
        once if its game is over as it is set up; else the table passes for a human
        seat or wakes the computer."""
        ending = None if state is None else self._ending(row, state)
        self.store.add_table(row, ending, rematch_of)
        table = self._table_of(row, state)
        self.tables[row.id] = table
        if ending is not None:
            self._close(table, ending.result)
        else:
            self._play_forced(table)
        self._wake_ai(table)
        return table

    def _seed(self, given) -> int:
        if given is None:
            return secrets.randbits(62)
        if not self.allow_seed:
            raise BadOption("this server chooses every seed itself; leave seed out")
        if isinstance(given, bool) or not isinstance(given, int) or not 0 <= given < 2**62:
            raise BadOption("seed must be a whole number from 0 to 2**62 - 1")
        return given

    def _seat_row(self, game: Game, number: int, entry) -> SeatRow:
        if not isinstance(entry, dict) or entry.get("kind") not in ("human", "ai"):
            raise BadOption(f"seat {number}: kind must be human or ai")
        if entry["kind"] == "human":
            return SeatRow(number, "human")
        level = entry.get("level", "normal")
        usable = catalogue.levels(game)  # of catalogue.LEVELS; never an agent spec
        if not isinstance(level, str) or level not in usable:
            raise BadOption(f"seat {number}: level must be one of {', '.join(usable)}")
        return SeatRow(number, "ai", agent=level, name=computer_name(level))

    def join(self, table_id: str, body: dict) -> dict:
        """An open seat taken under a name; at a table not dealt yet with the deck its
        player brings, and the last seat taken deals the game (see `_deal`)."""
        body = inputs.json_object(body, "a join request")
        table = self.table(table_id)
        if table.finished:
            raise Conflict(f"table {table.id} is finished; watch its replay instead")
        number = inputs.seat_number(table, body.get("seat"))
        seat = table.seats[number]
        if not open_seat(seat):
            who = "the computer" if seat.kind == "ai" else "someone"
            raise Conflict(f"seat {number} is taken by {who}; open seats can be joined")
        deck = self._deck_at_join(table, body.get("deck"))
        made, joined = inputs.taken_by(seat, inputs.player_name(body), body.get("auto_pass"))
        made = replace(made, deck=deck)
        if not table.row.dealt and not any(open_seat(s) for s in table.seats if s is not seat):
            self._deal(table, made)
        else:
            self.store.set_seat(table.id, made)
            table.seats[number] = made
        table.seen[number] = self.clock()
        self._play_forced(table)
        table.notify()
        self._wake_ai(table)
        return joined

    def _deck_at_join(self, table: Table, entry) -> list[str] | None:
        """The card ids of the deck a person joining brings (None: the seat's default):
        a prebuilt deck's name, or {"kept": id}, a legal kept deck of the table's game.
        Only a table not dealt yet takes one."""
        if entry is None:
            return None
        game = table.game
        if table.row.dealt:
            raise BadOption(
                f"deck: table {table.id} was dealt when it was created; leave deck out "
                "(a deck is brought only to a table still to be dealt)"
            )
        prebuilt = game.prebuilt_decks()
        accepted = (
            f"a seat takes a prebuilt deck ({', '.join(sorted(prebuilt))}), "
            f'{{"text": a legal {game.id} deck list}}, '
            f'{{"kept": the id of a legal {game.id} deck}} or null for its default'
        )
        if isinstance(entry, str):
            if entry not in prebuilt:
                raise BadOption(f"deck: no prebuilt deck {entry[:40]!r}; {accepted}")
            return list(prebuilt[entry])
        if isinstance(entry, dict) and isinstance(entry.get("text"), str) and len(entry) == 1:
            return inputs.pasted_deck(game, entry["text"])
        if not (isinstance(entry, dict) and isinstance(entry.get("kept"), str) and len(entry) == 1):
            raise BadOption(f"deck: {accepted}")
        if self.kept_deck is None:
            raise BadOption("deck: this server keeps no decks; a prebuilt deck's name or null")
        try:
            text = self.kept_deck(entry["kept"], game.id)
        except ServerError as refused:  # unknown (404), another game's (400), a draft (409)
            raise type(refused)(f"deck: {refused}; {accepted}") from None
        return game.read_deck(text)

    def _deal(self, table: Table, last: SeatRow) -> None:
        """The last open seat taken: deal with each seat's deck (its player's choice,
        else the one the table was created with, else the game's default, as a create
        naming them all would) and store the deal and the seat together."""
        row = table.row
        seats = [last if s.seat == last.seat else s for s in row.seats]
        fixed = row.decks or [None] * row.players
        chosen = [s.deck if s.deck is not None else d for s, d in zip(seats, fixed, strict=True)]
        decks = catalogue.resolve_decks(table.game, row.players, chosen)
        state = table.game.new_state(row.seed, row.players, row.options, decks, format=row.format)
        ending = self._ending(replace(row, seats=seats, decks=decks), state)
        self.store.deal(table.id, last, decks, ending)
        row.seats[last.seat], row.decks, row.dealt = last, decks, True
        table.state = state
        if ending is not None:
            self._close(table, ending.result)

    def leave(self, table_id: str, body: dict) -> None:
        """Before the game is under way (a seat still open) the seat is open again;
        mid-game it is closed, and the computer plays it once the grace has passed;
        after the end the player has gone home, and the record keeps their name."""
        body = inputs.json_object(body, "a leave request")
        table = self.table(table_id)
        number = self.authorize(table, body.get("seat"), body.get("token"))
        seat = table.seats[number]
        if not table.finished and table.status() == "open":
            left = replace(seat, token_hash=None, name="", deck=None)
        else:
            left = replace(seat, token_hash=None, left_at=self.clock())
        self.store.set_seat(table.id, left)
        table.seats[number] = left
        table.notify()
        if left.left_at is not None and table.row.grace == 0 and not table.finished:
            self._take_over(table, number, "left")

    def set_auto_pass(self, table_id: str, body: dict) -> None:
        """A seat's choice: the table plays its lone passes (true), or it is asked at
        every decision ("full control", false)."""
        body = inputs.json_object(body, "a seat setting {seat, token, auto_pass}")
        table = self.table(table_id)
        number = self.authorize(table, body.get("seat"), body.get("token"))
        if not isinstance(body.get("auto_pass"), bool):
            raise BadOption("auto_pass must be true or false")
        changed = replace(table.seats[number], auto_pass=body["auto_pass"])
        self.store.set_seat(table.id, changed)
        table.seats[number] = changed
        if not table.finished:
            self._play_forced(table)
        table.notify()
        self._wake_ai(table)

    def concede(self, table_id: str, body: dict) -> None:
        """A seat gives the game up. With two seats the other wins (reason "concede");
        with more, the game goes on and the computer plays the seat (a state cannot
        drop a seat mid-game), with a note in the log."""
        body = inputs.json_object(body, "a concession {seat, token}")
        table = self.table(table_id)
        number = self.authorize(table, body.get("seat"), body.get("token"))
        if table.finished or table.ensure_state().over:
            raise Conflict(f"the game at table {table.id} is over")
        if table.row.players > 2:
            self._take_over(table, number, "concede")
            return
        result = {"winners": [1 - number], "scores": [], "reason": "concede", "conceded": number}
        note = notes.public(table.state, "conceded", seat=number)
        ending = self._ending(table.row, table.state, result)
        self.store.finish(table.id, ending, note)
        table.row.notes.append(note)
        self._close(table, result)
        table.notify()

    def _take_over(self, table: Table, number: int, why: str) -> None:
        """The computer plays the seat from here on, at the table's level; the log says
        so to everyone."""
        level = table_level(table.row)
        seat = taken_over(table.seats[number], level)
        note = notes.public(table.ensure_state(), "took_over", seat=number, level=level, why=why)
        self.store.set_seat(table.id, seat, note)
        table.seats[number] = seat
        table.row.notes.append(note)
        table.notify()
        self._wake_ai(table)

    def take_over_absent(self) -> None:
        """Let the computer play every seat of a game under way whose player left it,
        or has been away, for longer than the table's grace."""
        now = self.clock()
        for table in list(self.tables.values()):
            if table.finished or table.status() != "running":
                continue
            for seat in table.seats:
                present = table.present[seat.seat]
                seen = table.seen.get(seat.seat, table.opened)
                why = absence(seat, now, table.row.grace, present, seen)
                if why:
                    self._take_over(table, seat.seat, why)

    def arrive(self, table: Table, seat: int | None) -> None:
        """A websocket plays `seat` now (None: it watches)."""
        if seat is not None:
            table.present[seat] += 1
            table.seen[seat] = self.clock()

    def depart(self, table: Table, seat: int | None) -> None:
        if seat is not None:
            table.present[seat] -= 1
            table.seen[seat] = self.clock()

    def rematch(self, table_id: str, body: dict) -> dict:
        """A finished table's rematch, made by the first of its players to ask: the
        same game, options, decks and players, seated one place on. Each player's seat
        token of this table holds their seat there (only its hash is copied, so no
        token travels again); whoever asks later is told the same table. A table
        started from a scenario starts it again, everyone in the same seat (a puzzle's
        solver solves it again). A seat whose player left comes back open; at a game
        whose players bring their decks, the rematch is dealt when it is taken."""
        body = inputs.json_object(body, "a rematch request {seat, token}")
        old = self.table(table_id)
        number = self.authorize(old, body.get("seat"), body.get("token"))
        if not old.finished:
            raise Conflict(f"table {old.id} is still playing; a rematch comes after its end")
        row = old.row
        by = 0 if row.scenario is not None else 1
        if row.rematch is None:
            seats = rotated(row.seats, by)
            decks = None if row.decks is None else row.decks[1:] + row.decks[:1]
            if row.scenario is not None:
                state = old.scenario().start()
            else:
                state = old.game.new_state(
                    self._seed(None), row.players, row.options, decks, format=row.format
                )
            made = self._new_row(old.game, state, decks, seats, row.title)
            made.grace = row.grace
            made.format = row.format
            made.scenario = row.scenario
            brought = row.scenario is None and catalogue.decks_at_join(
                old.game, row.players, row.format
            )
            if brought and any(map(open_seat, seats)):
                # Whoever takes a reopened seat brings a deck (the old one left with its
                # player) and the last to join deals, as at a new table.
                made.dealt, state = False, None
                if decks is not None:
                    made.decks = [
                        None if open_seat(s) else d for s, d in zip(seats, decks, strict=True)
                    ]
            self._open(made, state, rematch_of=old.id)
            row.rematch = made.id
            old.notify()
        new = self.table(row.rematch)
        return {"table": new.summary(), "seat": rematch_seat(number, row.players, by)}

    # -- playing --------------------------------------------------------------

    def act(self, table_id: str, body: dict) -> int:
        """A human seat's action; returns the new version once it is committed."""
        body = inputs.json_object(body, "an action {seat, token, action, expected_version}")
        table = self.table(table_id)
        number = self.authorize(table, body.get("seat"), body.get("token"))
        action_id = body.get("action")
        if not isinstance(action_id, str):
            raise BadOption("action must be the id of one of your legal actions")
        expected = body.get("expected_version")
        if expected is not None and (isinstance(expected, bool) or not isinstance(expected, int)):
            raise BadOption("expected_version must be a whole number (the version you saw)")
        if table.finished or table.ensure_state().over:
            raise Conflict(f"the game at table {table.id} is over")
        state = table.state
        if expected is not None and expected != table.version:
            raise Conflict(
                f"stale action: you saw version {expected}, the table is at {table.version}"
            )
        if state.to_move != number:
            raise Conflict(f"it is not seat {number}'s turn; seat {state.to_move} is to move")
        if action_id not in {a.id for a in state.legal_actions()}:
            why = next((o["why"] for o in state.unavailable() if o["id"] == action_id), "")
            said = f": {why}" if why else ""  # an option the seat cannot take now, and why
            raise Conflict(f"{action_id!r} is not one of your legal actions now{said}")
        self._commit(table, number, action_id)
        return table.version

    def _commit(self, table: Table, seat: int, action_id: str) -> None:
        """Store the action and play the lone passes that follow it for human seats,
        then tell everyone and let the AI play."""
        self._store_action(table, seat, action_id)
        self._play_forced(table)
        table.notify()
        self._wake_ai(table)

    def _play_forced(self, table: Table) -> None:
        """While a human seat that lets the table pass for it is to move and can only
        pass, pass for it: the others see what they would see had it clicked; the seat
        itself has a note in its log."""
        while (forced := table.forced_pass()) is not None:
            seat, action = forced
            passes = table.game.is_pass(action)
            self._store_action(
                table, seat, action.id, notes.auto_pass(table.state, seat, action, passes)
            )

    def _store_action(self, table: Table, seat: int, action_id: str, note: Note | None = None):
        """Apply the action to a copy, store it (with its note and the game's end, if it
        ends here) in one transaction, and only then take the copy. A failure anywhere
        before leaves the table as it was."""
        if table.finished:
            raise Conflict(f"the game at table {table.id} is over")
        after = table.ensure_state().clone()
        after.apply(action_id)
        ending = self._ending(table.row, after)
        self.store.add_action(table.id, table.version, seat, action_id, ending, note)
        table.state, table.last_actor = after, seat
        table.row.actions.append(action_id)
        table.row.touched = self.clock()
        if note is not None:
            table.row.notes.append(note)
        if ending is not None:
            self._close(table, ending.result)

    def _ending(self, row: TableRow, state: State, result: dict | None = None) -> Ending | None:
        """What to store if this state ends the game: over by its rules, by `result`
        (a concession), or at the server's action cap, which stops a game that would
        never end."""
        if result is None and state.over:
            result = state.result.to_dict()
        elif result is None and len(state.history) >= self.max_actions:
            result = action_limit_result()
        if result is None:
            return None
        seats = [s.agent or s.name or "human" for s in row.seats]
        return Ending(result, record(state, seats=seats, decks=row.decks).to_json())

    def _close(self, table: Table, result: dict) -> None:
        """The stored end of a game, in memory: its result, and the actions handed back
        to the store (the state stays only while someone watches)."""
        table.row.result = result
        table.row.finished = True
        table.row.final_version = len(table.row.actions)
        table.row.actions = []
        self.finished_counts[table.game.id] += 1
        if not table.listeners:
            self._forget(table)
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
                people = any(s.kind == "human" for s in table.seats)
                pool = self.pool if people else self.watch_pool
                action = await loop.run_in_executor(pool, agent.choose, decision)
                # While the agent thought, a person may have moved or ended the game (a
                # concession keeps the version): then its choice answers nothing.
                if not table.finished and table.version == version:
                    self._commit(table, seat.seat, action.id)
            except Exception as exc:  # an agent or a write failing must not stop the server
                table.ai_error = f"the computer at seat {seat.seat} failed: {exc}"
                log.exception("AI failed at table %s", table.id)
                table.notify()
                return

    # -- finished games -------------------------------------------------------

    def replay(self, table_id: str) -> dict:
        """A finished game's replay file. A table started from a scenario has none to
        give: its start is the scenario, whose text holds every card hidden there, and
        no seed re-deals it; its replay is watched step by step."""
        table = self.table(table_id)
        if table.row.scenario is not None:
            raise Conflict(
                f"table {table.id} started from a scenario, which stays on the server; "
                "watch its replay step by step"
            )
        return self._replay_of(table)

    def _replay_of(self, table: Table) -> dict:
        text = self.store.replay_json(table.id) if table.finished else None
        if text is None:
            raise Conflict(f"table {table.id} is not finished; its replay comes when it ends")
        return json.loads(text)

    async def replay_step(
        self, table_id: str, step, lang: str = "en", proof: dict | None = None
    ) -> dict:
        """A finished game after `step` actions, as a spectator saw it, or with `proof`
        ({seat, token} of a seat that played it) as that seat saw it: its observation
        and its events, never another seat's."""
        table = self.table(table_id)
        if table.row.scenario is not None:  # the scenario's script is not the table's
            self._replay_of(table)  # refused until the game is over
            actions = self.store.actions(table.id)
        else:
            actions = self._replay_of(table)["actions"]
        seat = (
            None if proof is None else self.authorize(table, proof.get("seat"), proof.get("token"))
        )
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(actions):
            raise BadOption(f"step must be a whole number from 0 to {len(actions)}")
        state = await self._stepped_to(table, actions, step)
        result = state.result.to_dict() if state.result else None
        if result is None and step == len(actions):  # stopped by the server, not the rules
            result = table.row.result
        names = table.names()
        outcome = None
        if result is not None:
            outcome = notes.outcome(table.game.id, result, names, lang, state.observe(None))
        return {
            "table": table.id,
            "game": table.game.id,
            "step": step,
            "steps": len(actions),
            "seat": seat,
            "observation": state.observe(seat),
            "events": state.events_for(seat, 0, lang, names),
            "result": result,
            "outcome": outcome,
            "seats": [public_seat(s) for s in table.seats],
        }

    async def _stepped_to(self, table: Table, actions: list[str], step: int) -> State:
        """A finished game after `step` actions, played on the replay thread. A replay
        is stepped through forwards, so the last step asked of a few tables is kept and
        played on from; any other step is rebuilt. Stepping through a game of n actions
        then costs n actions in all, where rebuilding every step would cost n*n/2."""
        kept = self._stepped.take(table.id)  # taken out: only this request holds it
        if kept is not None and kept[0] <= step:
            state = await self._apart(played_on, kept[1], actions[kept[0] : step])
        else:
            state = await self._apart(rebuild, table.game, table.row, actions[:step])
        self._stepped.put(table.id, (step, state))
        return state


__all__ = ["Forbidden", "Lobby", "NotFound", "ServerError", "StoreError", "Table"]
