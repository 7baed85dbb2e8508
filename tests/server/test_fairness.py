"""No one client crowds out the others: one address keeps a bounded number of games
unfinished, and games of computers only think on a worker of their own, so a person's
opponent never waits behind them."""

from __future__ import annotations

import asyncio
import threading

import pytest

from tcglab.server.errors import Conflict
from tcglab.server.store import Store
from tcglab.server.tables import Lobby

from .helpers import pick, run_apart

HUMANS = [{"kind": "human"}, {"kind": "human"}]
COMPUTERS = [{"kind": "ai", "level": "easy"}, {"kind": "ai", "level": "easy"}]


@pytest.fixture
def lobby(tmp_path):
    store = Store(tmp_path / "fair.db")
    yield Lobby(store, allow_seed=True, max_tables_per_creator=3)
    store.close()


def stored_tables(lobby) -> int:
    return len(lobby.store.unfinished_tables())


def test_one_address_keeps_a_bounded_number_of_games_unfinished(lobby):
    made = [lobby.create({"game": "ps", "seats": HUMANS, "join": 0}, "10.0.0.1") for _ in range(3)]
    with pytest.raises(Conflict, match="at most 3 games open or under way") as refused:
        lobby.create({"game": "ps", "seats": HUMANS, "join": 0}, "10.0.0.1")
    assert "\n" not in str(refused.value)
    assert stored_tables(lobby) == 3  # the refused table left no trace
    lobby.create({"game": "ps", "seats": HUMANS}, "10.0.0.2")  # another address is not held up
    table, _ = made[0]
    other = lobby.join(table.id, {"seat": 1, "name": "Bo"})
    lobby.concede(table.id, {"seat": 1, "token": other["token"]})
    assert table.finished
    lobby.create({"game": "ps", "seats": HUMANS}, "10.0.0.1")  # a finished game frees a place


class Thinks:
    """An agent that plays its first legal action once `done` is set (at once if set)."""

    def __init__(self, done: threading.Event) -> None:
        self.done = done

    def choose(self, decision):
        assert self.done.wait(10), "the test never let the computer answer"
        return decision.legal[0]


def test_a_persons_opponent_answers_while_games_of_computers_think(lobby, monkeypatch):
    lobby.max_tables_per_creator = 20
    stuck, quick = threading.Event(), threading.Event()
    quick.set()
    agent = {"now": Thinks(stuck)}
    monkeypatch.setattr("tcglab.server.tables.make_agent", lambda *args: agent["now"])

    async def play() -> bool:
        watched = []
        for _ in range(4):  # games of computers, every one lost in thought
            table, _ = lobby.create({"game": "ps", "seats": COMPUTERS, "seed": 5}, "watcher")
            watched.append(table.ai_task)
            await asyncio.sleep(0.02)
        agent["now"] = Thinks(quick)
        seats = [{"kind": "human"}, {"kind": "ai", "level": "easy"}]
        mine, joined = lobby.create({"game": "ps", "seats": seats, "seed": 5, "join": 0}, "me")
        while mine.state.to_move != 1:
            view = mine.view(0, since=10**9)
            lobby.act(mine.id, {"seat": 0, "token": joined["token"], "action": pick(view)})
        before = mine.version
        for _ in range(300):
            if mine.version > before:
                break
            await asyncio.sleep(0.01)
        answered = mine.version > before
        stuck.set()
        await asyncio.gather(*watched, return_exceptions=True)
        return answered

    assert run_apart(play()), "my opponent waited behind the games of computers"
