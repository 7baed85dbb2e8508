"""`tcglab serve`: the game server and the browser client."""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import socket
import sqlite3
from pathlib import Path

from tcglab.cli.arguments import seconds_up_to, whole_number
from tcglab.cli.command import Command
from tcglab.cli.errors import OK, UsageError, quoted
from tcglab.cli.files import check_writable
from tcglab.paths import not_sqlite


def serve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)"
    )
    parser.add_argument(
        "--port", type=whole_number(1, 65535), default=8000, help="port, 1 to 65535 (default 8000)"
    )
    parser.add_argument(
        "--db",
        type=Path,
        metavar="FILE",
        help="SQLite database of tables and games (default: tcglab.db in the user data "
        "folder, $XDG_DATA_HOME/tcglab or ~/.local/share/tcglab)",
    )
    parser.add_argument(
        "--ai-delay",
        type=seconds_up_to(60),
        default=0.4,
        metavar="S",
        help="seconds an AI seat waits before each move, so people can follow, 0 to 60 "
        "(default 0.4)",
    )
    parser.add_argument(
        "--max-actions",
        type=whole_number(1, 1_000_000),
        default=20_000,
        metavar="N",
        help="stop a game after N actions with no winner (reason action_limit), so no "
        "table plays forever, 1 to 1,000,000 (default 20,000; real games take a few "
        "thousand at most)",
    )
    parser.add_argument(
        "--expire-hours",
        type=seconds_up_to(24 * 365, "hours"),
        default=24.0,
        metavar="H",
        help="delete an open table nobody has touched for H hours, and let go of the "
        "memory of a running one (its record stays), 0 to 8760; 0 keeps them for ever "
        "(default 24)",
    )
    parser.add_argument("--open", action="store_true", help="open the lobby in a web browser")


def serve_command(args: argparse.Namespace) -> int:
    try:
        from tcglab.server import default_db_path, serve
    except ImportError as exc:
        raise UsageError(
            f"the web server needs its packages ({exc.name} is missing): pip install 'tcglab[web]'"
        ) from None
    if args.db is not None:
        check_writable(args.db, "--db")
    # Both before the database is opened (or made) and before "serving" is printed.
    check_listening(args.host, args.port)
    path = args.db if args.db is not None else default_db_path()
    check_database(path)
    serve(
        args.host,
        args.port,
        path,
        ai_delay=args.ai_delay,
        open_browser=args.open,
        max_actions=args.max_actions,
        expire_after=args.expire_hours * 3600 or None,
    )
    return OK


def check_listening(host: str, port: int) -> None:
    """Refuse a host that is not an address of this machine and a port that cannot be
    listened on, by binding it once as the server will."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError):
        raise UsageError(
            f"--host {quoted(host)} is not a known host name or address; give an address "
            "of this machine, e.g. 127.0.0.1 (this machine only) or 0.0.0.0 (every network)"
        ) from None
    family, kind, protocol, _, address = found[0]
    try:
        with socket.socket(family, kind, protocol) as probe:
            if os.name != "nt":  # as the server binds: a port left in TIME_WAIT is free
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise UsageError(
                f"port {port} is in use on {host}; choose another --port (1 to 65535) or "
                "stop the program that holds it"
            ) from None
        if exc.errno == errno.EACCES:
            raise UsageError(
                f"no permission to listen on port {port}; ports below 1024 need "
                "administrator rights, so choose another --port (1024 to 65535)"
            ) from None
        if exc.errno == errno.EADDRNOTAVAIL:
            raise UsageError(
                f"--host {quoted(host)} is not an address of this machine; give one of its "
                "addresses, e.g. 127.0.0.1 (this machine only) or 0.0.0.0 (every network)"
            ) from None
        raise UsageError(f"cannot listen on {host} port {port}: {exc.strerror or exc}") from None


def check_database(path: Path) -> None:
    """Refuse an existing file that is not an SQLite database, reading it only."""
    if not path.is_file():
        return  # the server makes a new one
    accepted = "give --db a new file or a database `tcglab serve` made"
    try:
        with contextlib.closing(
            sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)
        ) as db:
            db.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.Error as exc:
        if not_sqlite(exc):
            raise UsageError(
                f"cannot use {path}: it is not an SQLite database; {accepted}"
            ) from None
        raise UsageError(f"cannot use {path} ({exc}); {accepted}") from None


SERVE = Command(
    "serve",
    "run the game server: play in a web browser against AI or friends",
    "Serve the lobby and game tables at http://HOST:PORT/. Create a table, choose "
    "who plays each seat (a person or the computer at a difficulty), and share each "
    "seat's link. Every table and every move is kept in an SQLite database, so games "
    "go on where they stopped after a restart. Ctrl-C stops the server.",
    "tcglab serve --open\ntcglab serve --port 8080 --db ~/games.db\n"
    "tcglab serve --host 0.0.0.0   # reachable from other machines on your network",
    serve_arguments,
    serve_command,
)
