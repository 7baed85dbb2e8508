"""A kept deck's numbers from simulation: "test this deck" plays a bounded run of
computer games against each prebuilt deck of its game, in a worker thread, while the
builder polls its progress and may cancel it.

Both sides are the game's heuristic player; the tested deck takes the first seat in
every other game, and game i of an opponent is dealt from seed i, so a run can be
repeated with `tcglab sim GAME --deck FILE --deck NAME --agents heuristic`. A prebuilt
deck the tested one cannot meet (in Pretty Good Tactics each card exists once, so two
decks may share none) is left out of the run, and the view says why. A run plays
one game at a time, at most MAX_WAITING runs are held (running or waiting), at most
MAX_PER_ADDRESS of them for one client address, and the finished ones are forgotten
oldest first past MAX_KEPT.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from tcglab.agents.specs import make_agent
from tcglab.engine import BadOption, get_game
from tcglab.server.decks import DeckShelf
from tcglab.server.errors import Conflict, NotFound
from tcglab.sim.batch import play_out
from tcglab.sim.ratings import wilson

MAX_GAMES = 200  # games against each prebuilt deck
MAX_WAITING = 4
MAX_PER_ADDRESS = 2  # runs one client address has running or waiting at once
MAX_KEPT = 32
AGENT = "heuristic"


@dataclass
class Trial:
    """One run: the deck, the games against each opponent, and what is done so far."""

    id: str
    game_id: str
    deck_id: str
    games: int
    opponents: list[str]
    record: dict[str, list[float]] = field(default_factory=dict)  # name -> [wins, games]
    skipped: list[dict] = field(default_factory=list)  # {deck, why}: decks it cannot meet
    state: str = "waiting"  # then running, done, cancelled or failed
    error: str = ""
    stop: threading.Event = field(default_factory=threading.Event)
    creator: str = ""  # the client address that asked for it

    def view(self) -> dict:
        played = sum(int(g) for _, g in self.record.values())
        rows = []
        for name in self.opponents:
            wins, games = self.record.get(name, [0.0, 0])
            low, high = wilson(wins, int(games))
            rate = wins / games if games else None
            row = {"deck": name, "games": int(games), "wins": wins, "rate": rate}
            rows.append({**row, "low": low, "high": high})
        return {
            "id": self.id,
            "game": self.game_id,
            "deck": self.deck_id,
            "state": self.state,
            "error": self.error,
            "done": played,
            "total": self.games * len(self.opponents),
            "opponents": rows,
            "skipped": self.skipped,
        }


class TrialRunner:
    """The runs the server holds, played one game at a time by one worker thread."""

    def __init__(self, shelf: DeckShelf) -> None:
        self.shelf = shelf
        self.trials: OrderedDict[str, Trial] = OrderedDict()
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="tcglab-trial")

    def start(self, deck_id: str, games: int, creator: str = "") -> dict:
        """Queue a run of `games` against each prebuilt deck the kept deck can meet. One
        client address has at most MAX_PER_ADDRESS runs under way, so that nobody holds
        every place in the queue."""
        deck = self.shelf.read(deck_id)
        game = get_game(deck["game"])
        text = self.shelf.playable(deck_id, deck["game"])
        prebuilt = game.prebuilt_decks()
        if not prebuilt:
            raise Conflict(f"{game.id} has no prebuilt decks to test a deck against")
        under_way = [t for t in self.trials.values() if t.state in ("waiting", "running")]
        if sum(t.creator == creator for t in under_way) >= MAX_PER_ADDRESS:
            raise Conflict(
                f"{MAX_PER_ADDRESS} deck tests you asked for are still under way; wait for "
                "one to end, or cancel one"
            )
        if len(under_way) >= MAX_WAITING:
            raise Conflict(f"the server is testing {MAX_WAITING} decks already; try again soon")
        mine = game.deck_ids(text)
        opponents, skipped = [], []
        for name, theirs in prebuilt.items():
            why = meeting_problem(game, mine, theirs)
            if why is None:
                opponents.append(name)
            else:
                skipped.append({"deck": name, "why": why})
        if not opponents:
            first = skipped[0]
            raise Conflict(
                f"this deck can meet none of the prebuilt {game.id} decks "
                f"({first['deck']}: {first['why']})"
            )
        token = secrets.token_urlsafe(9)
        trial = Trial(token, game.id, deck_id, games, opponents, creator=creator, skipped=skipped)
        self.trials[trial.id] = trial
        self._forget_old()
        self.pool.submit(self._run, trial, mine)
        return trial.view()

    def read(self, trial_id: str) -> dict:
        return self._trial(trial_id).view()

    def cancel(self, trial_id: str) -> dict:
        trial = self._trial(trial_id)
        trial.stop.set()
        if trial.state == "waiting":
            trial.state = "cancelled"
        return trial.view()

    def close(self) -> None:
        for trial in self.trials.values():
            trial.stop.set()
        self.pool.shutdown(wait=True, cancel_futures=True)

    def _trial(self, trial_id: str) -> Trial:
        trial = self.trials.get(trial_id)
        if trial is None:
            raise NotFound(f"no deck test {trial_id[:24]!r}; tests are kept for a while only")
        return trial

    def _forget_old(self) -> None:
        finished = [k for k, t in self.trials.items() if t.state not in ("waiting", "running")]
        for key in finished[: max(0, len(self.trials) - MAX_KEPT)]:
            del self.trials[key]

    def _run(self, trial: Trial, mine: list[str]) -> None:
        if trial.stop.is_set():
            return
        trial.state = "running"
        try:
            game = get_game(trial.game_id)
            prebuilt = game.prebuilt_decks()
            for name in trial.opponents:
                trial.record[name] = [0.0, 0]
                for index in range(trial.games):
                    if trial.stop.is_set():
                        trial.state = "cancelled"
                        return
                    trial.record[name][0] += play_one(game, index, mine, prebuilt[name])
                    trial.record[name][1] += 1
            trial.state = "done"
        except Exception as error:  # a bug in a game: say so to the builder, keep serving
            trial.state, trial.error = "failed", f"the test stopped: {error}"


def meeting_problem(game, mine: list[str], theirs: list[str]) -> str | None:
    """Why a game of these two decks cannot be dealt (the game's own one line), or None."""
    try:
        game.new_state(0, 2, None, [mine, theirs])
    except BadOption as error:
        return str(error)
    return None


def play_one(game, index: int, mine: list[str], theirs: list[str]) -> float:
    """Game `index` of a run: the tested deck's share of the win (1, 1/2 or 0)."""
    seat = index % 2
    decks = [mine, theirs] if seat == 0 else [theirs, mine]
    state = game.new_state(index, 2, None, decks)
    agents = [make_agent(AGENT, game, index * 2 + s) for s in range(2)]
    play_out(state, agents, max_actions=game.max_actions)
    winners = state.result.winners
    return 1.0 / len(winners) if seat in winners else 0.0
