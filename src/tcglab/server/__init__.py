"""The game server: tables with seats and spectators over HTTP and websockets, kept in
SQLite so no game is lost to a restart, and the browser client served beside it."""

from tcglab.server.app import create_app, serve
from tcglab.server.store import default_db_path

__all__ = ["create_app", "default_db_path", "serve"]
