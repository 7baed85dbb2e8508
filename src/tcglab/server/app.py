"""The web application: the JSON API, the websocket and the static client, in one
FastAPI app over one Lobby.

HTTP errors are JSON objects with a one-line `error`. Seat tokens travel only in
request bodies and websocket messages, never in URLs the server sees. A request body is
read only when it is sent as application/json, which a page on another site cannot
make a browser send without a CORS preflight, and the server grants none.
"""

from __future__ import annotations

import gc
import json
import logging
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TypeVar

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel
from starlette.exceptions import HTTPException

from tcglab.engine import TcglabError, get_game
from tcglab.engine.registry import games
from tcglab.server import catalogue, scenarios
from tcglab.server.decks import DeckShelf
from tcglab.server.errors import NotJSON, ServerError, TooLarge, status_of
from tcglab.server.models import (
    Act,
    CheckDeck,
    CreateTable,
    DeleteDeck,
    EditDeck,
    Join,
    KeepDeck,
    Listing,
    ReplayAsSeat,
    ReplayStep,
    SeatProof,
    SeatSetting,
    TestDeck,
    View,
    query_of,
    read_json,
    refused,
    validated,
)
from tcglab.server.protocol import MAX_FRAME, MAX_SOCKETS_PER_ADDRESS, table_sockets
from tcglab.server.store import Store, default_db_path
from tcglab.server.tables import (
    DEFAULT_EXPIRE_AFTER,
    DEFAULT_MAX_ACTIONS,
    MAX_TABLES_PER_CREATOR,
    Lobby,
)
from tcglab.server.trials import TrialRunner

log = logging.getLogger("tcglab.server")

WEB = Path(__file__).resolve().parent.parent / "web"
MAX_BODY = 256 * 1024
M = TypeVar("M", bound=BaseModel)


async def body_bytes(request: Request) -> bytes:
    """The request body, refused (413) as soon as it is known to pass MAX_BODY: by its
    Content-Length before reading, else while it streams in, never read whole."""
    too_large = TooLarge(f"a request body may have at most {MAX_BODY} bytes")
    length = request.headers.get("content-length")
    if length is not None:
        if not (length.isascii() and length.isdigit()):
            raise ServerError("Content-Length must be a whole number of bytes")
        if len(length) > 12 or int(length) > MAX_BODY:
            raise too_large
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise too_large
        chunks.append(chunk)
    return b"".join(chunks)


def client_address(request: Request) -> str:
    """The address a request came from (behind a trusted proxy, its client's), which
    the bounds per address count by."""
    return request.client.host if request.client else ""


def require_json(request: Request) -> None:
    """Refuse (415) a body not sent as application/json (parameters such as charset
    allowed), empty or not: text/plain, a form or no type at all is what a page on
    another site can make a visitor's browser send without a CORS preflight."""
    given = request.headers.get("content-type")
    media = (given or "").split(";", 1)[0].strip().lower()
    if media != "application/json":
        sent = "; this request had no Content-Type" if given is None else refused(media)
        raise NotJSON(
            f"the request body must be JSON, sent with Content-Type: application/json{sent}"
        )


async def body_of(request: Request, model: type[M]) -> tuple[M, dict]:
    """The request body checked against `model`, and as the plain object it was."""
    require_json(request)
    body = read_json(await body_bytes(request), "the request body")
    return validated(model, body), body


class JSONReply(JSONResponse):
    """A JSON reply that always encodes: text no reply should hold (a lone surrogate,
    which the boundary refuses) goes out escaped instead of failing the reply. The
    routes that answer with a game's views and replays return one themselves: their
    content is plain JSON already, and the framework's own encoding pass over a long
    game's log would cost the event loop several times the writing of it."""

    def render(self, content) -> bytes:
        try:
            return super().render(content)
        except UnicodeEncodeError:
            log.error("a reply held text that is not valid Unicode; it was sent escaped")
            return json.dumps(content, separators=(",", ":")).encode()


def error_response(status: int, message: str) -> JSONResponse:
    return JSONReply({"error": message.splitlines()[0] if message else "error"}, status)


def seat_request(model: type[BaseModel], handle):
    """The route of one seat request: `handle(table_id, body)` on a body `model` accepts."""

    async def answer(table_id: str, request: Request):
        _, body = await body_of(request, model)
        return handle(table_id, body) or {"ok": True}

    return answer


def create_app(
    db_path: str | Path | None = None,
    *,
    ai_delay: float = 0.0,
    allow_seed: bool = False,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    expire_after: float | None = DEFAULT_EXPIRE_AFTER,
    tables_per_address: int = MAX_TABLES_PER_CREATOR,
    sockets_per_address: int = MAX_SOCKETS_PER_ADDRESS,
) -> FastAPI:
    """The app over the database at `db_path` (default: the user data directory).

    Unfinished tables are rebuilt now; their AI seats play on once the app starts. A
    game is stopped at `max_actions` actions; an open table nobody touches for
    `expire_after` seconds is deleted (None: never); one client address keeps at most
    `tables_per_address` games open or under way, and `sockets_per_address` websockets.
    """
    store = Store(db_path or default_db_path())
    lobby = Lobby(
        store,
        ai_delay=ai_delay,
        allow_seed=allow_seed,
        max_actions=max_actions,
        expire_after=expire_after,
        max_tables_per_creator=tables_per_address,
    )
    lobby.load()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        lobby.start_ai()
        yield
        trials.close()
        await lobby.stop()
        store.close()

    app = FastAPI(
        title="tcglab",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        default_response_class=JSONReply,
    )
    app.state.lobby = lobby
    shelf = DeckShelf(store)
    lobby.kept_deck = shelf.playable  # a person joining may bring a kept deck
    trials = TrialRunner(shelf)

    @app.exception_handler(TcglabError)
    async def tcglab_error(request: Request, exc: TcglabError):
        return error_response(status_of(exc), str(exc))

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException):
        return error_response(exc.status_code, str(exc.detail))

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError):
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()))
        return error_response(422, f"{where}: {first.get('msg', 'invalid request')}")

    @app.exception_handler(Exception)
    async def unexpected_error(request: Request, exc: Exception):
        log.exception("%s %s failed", request.method, request.url.path)
        return error_response(500, "the server failed on this request; the failure is logged")

    # -- games ----------------------------------------------------------------

    @app.get("/api/games")
    async def list_games():
        return [catalogue.game_info(g) for g in games().values()]

    @app.get("/api/games/{game_id}/cards")
    async def game_cards(game_id: str):
        return catalogue.cards(get_game(game_id))

    @app.get("/api/games/{game_id}/decks")
    async def game_decks(game_id: str):
        return get_game(game_id).prebuilt_decks()

    @app.get("/api/games/{game_id}/puzzles")
    async def game_puzzles(game_id: str):
        """The puzzles the game ships: name, title, about and goal (never a position)."""
        return scenarios.puzzles(get_game(game_id))

    @app.post("/api/games/{game_id}/check_deck")
    async def check_deck(game_id: str, request: Request):
        deck, _ = await body_of(request, CheckDeck)
        game = get_game(game_id)
        problems = game.check_deck(deck.text)
        count = 0 if problems else len(game.deck_ids(deck.text))
        return {"ok": not problems, "problems": problems, "cards": count}

    # -- kept decks (share view by id, edits with the token) --------------------

    @app.post("/api/decks", status_code=201)
    async def keep_deck(request: Request):
        deck, _ = await body_of(request, KeepDeck)
        creator = client_address(request)
        return shelf.create(deck.game, deck.name, deck.text, creator)

    @app.get("/api/decks/{deck_id}")
    async def kept_deck(deck_id: str):
        return shelf.read(deck_id)

    @app.put("/api/decks/{deck_id}")
    async def edit_deck(deck_id: str, request: Request):
        edit, _ = await body_of(request, EditDeck)
        return shelf.edit(deck_id, edit.token, edit.name, edit.text)

    @app.delete("/api/decks/{deck_id}")
    async def delete_deck(deck_id: str, request: Request):
        """Delete a kept deck with its edit token ({token}), freeing its creator's place."""
        asked, _ = await body_of(request, DeleteDeck)
        return shelf.delete(deck_id, asked.token)

    # -- a kept deck tested by computer games ------------------------------------

    @app.post("/api/decks/{deck_id}/trials", status_code=202)
    async def test_deck(deck_id: str, request: Request):
        asked, _ = await body_of(request, TestDeck)
        return trials.start(deck_id, asked.games, client_address(request))

    @app.get("/api/trials/{trial_id}")
    async def deck_trial(trial_id: str):
        return trials.read(trial_id)

    @app.delete("/api/trials/{trial_id}")
    async def cancel_trial(trial_id: str):
        return trials.cancel(trial_id)

    # -- tables ---------------------------------------------------------------

    @app.get("/api/tables")
    async def list_tables(request: Request):
        """A page of tables (`?status=&game=&offset=&limit=`), newest first."""
        query = query_of(Listing, request.query_params)
        return lobby.listing(
            status=query.status, game=query.game, offset=query.offset, limit=query.limit
        )

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request):
        _, body = await body_of(request, CreateTable)
        creator = client_address(request)
        table, joined = lobby.create(shelf.resolve(body), creator)
        return {"table": table.summary(), "joined": joined}

    @app.get("/api/tables/{table_id}")
    async def table_summary(table_id: str):
        return lobby.table(table_id).summary()

    # A player's requests about a seat: the body checked against its model, then the
    # Lobby's answer ({"ok": true} where it has none to give).
    seat_requests = {
        "join": (Join, lobby.join, 200),
        "leave": (SeatProof, lobby.leave, 200),
        "concede": (SeatProof, lobby.concede, 200),
        "seat": (SeatSetting, lobby.set_auto_pass, 200),  # {seat, token, auto_pass}
        "rematch": (SeatProof, lobby.rematch, 201),
    }
    for name, (model, handle, status) in seat_requests.items():
        app.post(f"/api/tables/{{table_id}}/{name}", status_code=status, name=name)(
            seat_request(model, handle)
        )

    @app.post("/api/tables/{table_id}/act")
    async def act(table_id: str, request: Request):
        action, _ = await body_of(request, Act)
        return {"version": lobby.act(table_id, action.lobby_body())}

    @app.post("/api/tables/{table_id}/view")
    async def view(table_id: str, request: Request):
        """A seat's view ({seat, token, since, lang}), or the spectator's without a seat."""
        asked, _ = await body_of(request, View)
        table = lobby.table(table_id)
        seat = asked.seat
        if seat is not None:
            seat = lobby.authorize(table, seat, asked.token)
        await lobby.restore(table)
        return JSONReply(table.view(seat, asked.since, asked.lang or "en"))

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str):
        return JSONReply(lobby.replay(table_id))

    @app.get("/api/tables/{table_id}/replay/{step}")
    async def replay_step(table_id: str, step: str, request: Request):
        query = query_of(ReplayStep, request.query_params, step=step)
        return JSONReply(await lobby.replay_step(table_id, query.step, query.lang))

    @app.post("/api/tables/{table_id}/replay/{step}")
    async def replay_step_as_seat(table_id: str, step: str, request: Request):
        """A replay step from the seat of a player ({seat, token, lang}): the token in
        the body, never in the URL."""
        query = query_of(ReplayStep, {}, step=step)
        asked, _ = await body_of(request, ReplayAsSeat)
        proof = {"seat": asked.seat, "token": asked.token}
        return JSONReply(await lobby.replay_step(table_id, query.step, asked.lang or "en", proof))

    # /ws/tables/{id}: each table's websocket, served below the framework's routing
    app.add_middleware(table_sockets, lobby=lobby, per_address=sockets_per_address)

    # -- the client -----------------------------------------------------------

    app.mount("/static", StaticFiles(directory=WEB), name="static")

    @app.get("/")
    @app.get("/table/{table_id}")
    @app.get("/replay/{table_id}")
    async def page(table_id: str | None = None):
        return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/cards/{game_id}")
    @app.get("/cards/{game_id}/{card_id}")
    @app.get("/decks/{deck_id}")
    async def cards_page(game_id: str = "", card_id: str = "", deck_id: str = ""):
        """The card gallery and deck builder: a page of its own."""
        return FileResponse(WEB / "cards.html", headers={"Cache-Control": "no-cache"})

    return app


def quiet_garbage_collector() -> None:
    """Keep the cycle collector from pausing every table at once. What is loaded by now
    (modules, cards, rebuilt games) lives as long as the server and is set aside; the
    young generation is collected less often, and full sweeps over every game in memory
    (which took 50-110 ms under load) rarely."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 50, 1000)


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db_path: str | Path | None = None,
    ai_delay: float = 0.4,
    open_browser: bool = False,
    **settings,
) -> None:
    """Run the server until interrupted (`tcglab serve`); optionally open the lobby.
    `settings` are create_app's (max_actions, expire_after)."""
    import uvicorn

    path = Path(db_path) if db_path else default_db_path()
    app = create_app(path, ai_delay=ai_delay, **settings)
    quiet_garbage_collector()
    url = f"http://{host}:{port}/"
    print(f"tcglab: serving {url} (database {path})", flush=True)
    if open_browser:
        import threading
        import webbrowser

        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    # Views are small and sent often: compressing each costs more than it saves. A frame
    # past MAX_FRAME closes its websocket (1009) before it is read whole.
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_per_message_deflate=False,
        ws_max_size=MAX_FRAME,
    )
