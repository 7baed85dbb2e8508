"""The web application: the JSON API, the websocket and the static client, in one
FastAPI app over one Lobby.

HTTP errors are JSON objects with a one-line `error`. Seat tokens travel only in
request bodies and websocket messages, never in URLs the server sees.
"""

from __future__ import annotations

import gc
import json
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from tcglab.engine import BadOption, TcglabError, get_game
from tcglab.engine.registry import games
from tcglab.server import catalogue
from tcglab.server.errors import status_of
from tcglab.server.protocol import table_sockets
from tcglab.server.store import Store, default_db_path
from tcglab.server.tables import Lobby, language

WEB = Path(__file__).resolve().parent.parent / "web"
MAX_BODY = 256 * 1024


async def body_of(request: Request) -> dict:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise BadOption(f"a request body may have at most {MAX_BODY} bytes")
    try:
        body = json.loads(raw or b"{}")
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise BadOption("the request body must be a JSON object") from None
    if not isinstance(body, dict):
        raise BadOption("the request body must be a JSON object")
    return body


def error_response(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message.splitlines()[0] if message else "error"}, status)


def create_app(
    db_path: str | Path | None = None, *, ai_delay: float = 0.0, allow_seed: bool = False
) -> FastAPI:
    """The app over the database at `db_path` (default: the user data directory).

    Unfinished tables are rebuilt now; their AI seats play on once the app starts.
    """
    store = Store(db_path or default_db_path())
    lobby = Lobby(store, ai_delay=ai_delay, allow_seed=allow_seed)
    lobby.load()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        lobby.start_ai()
        yield
        await lobby.stop()
        store.close()

    app = FastAPI(title="tcglab", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.lobby = lobby

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

    @app.post("/api/games/{game_id}/check_deck")
    async def check_deck(game_id: str, request: Request):
        body = await body_of(request)
        if not isinstance(body.get("text"), str):
            raise BadOption('check_deck takes {"text": the deck list}')
        game = get_game(game_id)
        problems = game.check_deck(body["text"])
        count = 0 if problems else len(game.deck_ids(body["text"]))
        return {"ok": not problems, "problems": problems, "cards": count}

    # -- tables ---------------------------------------------------------------

    @app.get("/api/tables")
    async def list_tables(status: str | None = None):
        if status not in (None, "open", "running", "finished"):
            raise BadOption("status must be open, running or finished")
        return lobby.listing(status)

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request):
        table, joined = lobby.create(await body_of(request))
        return {"table": table.summary(), "joined": joined}

    @app.get("/api/tables/{table_id}")
    async def table_summary(table_id: str):
        return lobby.table(table_id).summary()

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: Request):
        return lobby.join(table_id, await body_of(request))

    @app.post("/api/tables/{table_id}/leave")
    async def leave(table_id: str, request: Request):
        lobby.leave(table_id, await body_of(request))
        return {"ok": True}

    @app.post("/api/tables/{table_id}/act")
    async def act(table_id: str, request: Request):
        return {"version": lobby.act(table_id, await body_of(request))}

    @app.post("/api/tables/{table_id}/view")
    async def view(table_id: str, request: Request):
        """A seat's view ({seat, token, since, lang}), or the spectator's without a seat."""
        body = await body_of(request)
        table = lobby.table(table_id)
        seat = body.get("seat")
        if seat is not None:
            seat = lobby.authorize(table, seat, body.get("token"))
        since = body.get("since", 0)
        if isinstance(since, bool) or not isinstance(since, int) or since < 0:
            raise BadOption("since must be the number of events already received (0 or more)")
        return table.view(seat, since, language(body.get("lang")))

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str):
        return lobby.replay(table_id)

    @app.get("/api/tables/{table_id}/replay/{step}")
    async def replay_step(table_id: str, step: int, lang: str = "en"):
        return lobby.replay_step(table_id, step, language(lang))

    # /ws/tables/{id}: each table's websocket, served below the framework's routing
    app.add_middleware(table_sockets, lobby=lobby)

    # -- the client -----------------------------------------------------------

    app.mount("/static", StaticFiles(directory=WEB), name="static")

    @app.get("/")
    @app.get("/table/{table_id}")
    @app.get("/replay/{table_id}")
    async def page(table_id: str | None = None):
        return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})

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
) -> None:
    """Run the server until interrupted (`tcglab serve`); optionally open the lobby."""
    import uvicorn

    path = Path(db_path) if db_path else default_db_path()
    app = create_app(path, ai_delay=ai_delay)
    quiet_garbage_collector()
    url = f"http://{host}:{port}/"
    print(f"tcglab: serving {url} (database {path})", flush=True)
    if open_browser:
        import threading
        import webbrowser

        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    # Views are small and sent often: compressing each costs more than it saves.
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_per_message_deflate=False)
