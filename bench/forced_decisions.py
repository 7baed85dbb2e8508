"""How often the table asks a person to click when there is nothing to choose.

For each game, `--games` tables with the default options and player count: seat 0 a
person who chooses at random, every other seat the computer at the default level. The
games are played through the server's own table logic (a Lobby over a scratch
database, its computer seats played by its own task), with the table's defaults, so
lone passes are played for the person. Printed per game: the decisions put to the
person, how many of those had exactly one legal action, and their share (the target
is at most 10%).

    .venv/bin/python bench/forced_decisions.py [--games 20] [--game pm] [--full-control]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
from pathlib import Path

from tcglab.engine.registry import games
from tcglab.server.store import Store
from tcglab.server.tables import Lobby

LEVEL = "normal"
TARGET = 0.10


async def play_one(lobby: Lobby, game_id: str, seed: int, auto_pass: bool) -> tuple[int, int]:
    """One table played to its end: (decisions put to seat 0, those with one action)."""
    players = games()[game_id].default_players
    seats = [{"kind": "human"}] + [{"kind": "ai", "level": LEVEL}] * (players - 1)
    body = {"game": game_id, "seats": seats, "seed": seed, "join": 0, "name": "Ann"}
    table, joined = lobby.create(body | {"auto_pass": auto_pass})
    chooser = random.Random(seed)
    asked = lone = 0
    while not table.finished:
        if table.ai_task is not None and not table.ai_task.done():
            await table.ai_task
            continue
        legal = table.view(0, since=10**9)["legal"]
        if not legal:
            raise RuntimeError(f"table {table.id} waits for nobody")
        asked += 1
        lone += len(legal) == 1
        action = chooser.choice(legal)["id"]
        lobby.act(table.id, {"seat": 0, "token": joined["token"], "action": action})
    return asked, lone


async def measure(game_ids: list[str], count: int, auto_pass: bool) -> list[tuple]:
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "bench.db")
        lobby = Lobby(store, allow_seed=True)
        try:
            for game_id in game_ids:
                asked = lone = 0
                for n in range(count):
                    a, one = await play_one(lobby, game_id, 1000 + n, auto_pass)
                    asked, lone = asked + a, lone + one
                rows.append((game_id, count, asked, lone, lone / asked if asked else 0.0))
        finally:
            await lobby.stop()
            store.close()
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="tables per game (default 20)")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument(
        "--full-control", action="store_true", help="the person is asked at every decision"
    )
    args = parser.parse_args(argv)
    game_ids = args.game or sorted(games())
    rows = asyncio.run(measure(game_ids, args.games, not args.full_control))
    print(f"{'game':<10} {'tables':>6} {'asked':>7} {'one action':>10} {'share':>6}")
    for game_id, count, asked, lone, share in rows:
        print(f"{game_id:<10} {count:>6} {asked:>7} {lone:>10} {share:>6.1%}")
    over = [row[0] for row in rows if row[4] > TARGET]
    if over and not args.full_control:
        print(f"over the {TARGET:.0%} target: {', '.join(over)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
