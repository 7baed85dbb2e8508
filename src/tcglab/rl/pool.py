"""Many games of one seat against tcglab agents, each stepped as soon as it is ready.

A lockstep vector (`gymnasium.make_vec`) steps every game at once and waits for the
slowest; in a turn-based game against searching opponents, the slowest is whichever
game's opponents happen to think at that step, and the other workers wait with it. A
pool hands the learner whichever games are ready instead, as EnvPool's asynchronous
interface does: `send(actions, env_ids)` gives actions to games that asked for them and
returns at once, `recv()` waits for the next `batch_size` games with a decision (or an
end) to show, whichever they are. A game's own course is the single environment's
(`TcglabGym`): its first deal comes from `seed + env_id`, and the same actions give the
same game; only which games come back together depends on timing.

With `self_play=True` the learner plays every seat (`tcglab.rl.selfplay`): each row
shows the seat that must decide (`info["seat"]`) and rewards are one number a seat.

Games are spread over `workers` processes (0: played in this process, as they are sent).
After a game ends, the action sent for it is ignored and a new game is dealt, as in
Gymnasium's vectors. Indices are checked here, before anything is sent: an illegal one
raises IllegalAction naming the legal ones and nothing is played.
"""

from __future__ import annotations

import multiprocessing
import operator
import os
import selectors
import struct
import traceback
from collections import deque

from tcglab.engine import BadOption, IllegalAction
from tcglab.rl.extras import need
from tcglab.rl.selfplay import SelfPlay
from tcglab.rl.single import TcglabGym

np = need("numpy")
gym = need("gymnasium")

# Between the learner and a worker only fixed-width records travel, on plain pipes, so
# that a cheap game's step is not spent pickling: a command is (game, STEP, RESET or
# NEXT, action), a result (game, seat, PLAYING, OVER or FAILED, the rewards shown). Each
# record is written as soon as it is ready and they are read many at a time; tensors and
# masks go through shared memory. A pipe holds 64 KiB, thousands of records; when the
# commands for a worker of more games than that fill its pipe, the learner takes in
# results while it waits, since the worker may itself be waiting to write them.
COMMAND = struct.Struct("<iBq")
STEP, RESET, NEXT = 0, 1, 2  # play the action; deal from the seed sent; deal the next
WHOLE = 2**63  # a command's action field holds -WHOLE to WHOLE - 1; seeds travel in it
PLAYING, OVER, FAILED = 0, 1, 2  # after FAILED comes the game's traceback, then nothing
READ = 1 << 16  # bytes read from a pipe at a time


class GamePool:
    """`num_envs` games of `game_id` for one learner seat, in `workers` processes; the
    keyword arguments are `TcglabGym`'s (opponent, seat, players, options, decks), or
    with `self_play=True` `SelfPlay`'s (players, options, decks)."""

    def __init__(
        self, game_id, num_envs, batch_size=None, workers=0, seed=0, self_play=False, **env_kwargs
    ):
        self.num_envs = _whole("num_envs", num_envs, 1)
        self.batch_size = _whole("batch_size", num_envs if batch_size is None else batch_size, 1)
        if self.batch_size > self.num_envs:
            raise BadOption(
                f"batch_size takes a whole number from 1 to {num_envs}, not {batch_size}"
            )
        self.workers = _whole("workers", workers, 0)
        if self.workers > self.num_envs:
            raise BadOption(f"workers takes a whole number from 0 to {num_envs}, not {workers}")
        self.seed = _seed(seed, self.num_envs)
        if self_play not in (True, False):
            raise BadOption(f"self_play takes True or False, not {self_play!r}")
        if self_play and {"opponent", "seat", "illegal"} & set(env_kwargs):
            raise BadOption("self_play plays every seat: it takes no opponent, seat or illegal")
        kind = SelfPlay if self_play else TcglabGym
        # One environment here checks the arguments (a bad one fails in one line) and
        # gives the spaces; with workers=0 it is game 0.
        first = kind(game_id, **env_kwargs)
        self.self_play = self_play
        self.observation_space = first.observation_space
        self.action_space = gym.spaces.Discrete(first.spaces.num_actions)
        self.checks = getattr(first, "illegal", "raise") == "raise"
        width = first.players if self_play else 1  # rewards a result shows
        self._result = _result_record(width)
        self._over = np.zeros(self.num_envs, bool)
        self._held: set[int] = set()  # games whose observation the learner must answer
        self._playing = 0  # games sent and not yet received
        self._inbox: deque = deque()
        self._last: list[int] = []  # the games the last recv returned
        # per worker: the pipe its commands go down, the pipe its results come up, and
        # the bytes of a record not yet read whole
        self._links: list[tuple] = []
        self._partial: list[bytes] = []
        self._processes, self._ready = [], None
        self._closed = False
        # Each game's last tensor and mask, in one row each that only the game's own
        # player writes (and only when the learner has sent for it), in memory the
        # workers share: a result then travels as a few numbers, not a tensor.
        shape = (self.num_envs, first.spaces.size), (self.num_envs, first.spaces.num_actions)
        if self.workers == 0:
            self._envs = [first] + [kind(game_id, **env_kwargs) for _ in range(num_envs - 1)]
            self._tensors, self._masks = np.zeros(shape[0], np.float32), np.zeros(shape[1], np.int8)
            return
        context = multiprocessing.get_context(
            "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        )
        buffers = (
            context.RawArray("f", shape[0][0] * shape[0][1]),
            context.RawArray("b", shape[1][0] * shape[1][1]),
        )
        self._tensors, self._masks = _rows(buffers, shape)
        for w in range(self.workers):
            commands_in, commands_out = context.Pipe(duplex=False)
            results_in, results_out = context.Pipe(duplex=False)
            ids = list(range(w, self.num_envs, self.workers))
            work = (kind, game_id, env_kwargs, ids, width, commands_in, results_out)
            process = context.Process(target=_work, args=(*work, buffers, shape), daemon=True)
            process.start()
            commands_in.close()
            results_out.close()  # held by the worker alone: its end is the pipe's end
            os.set_blocking(commands_out.fileno(), False)  # see _command
            self._links.append((commands_out, results_in))
            self._partial.append(b"")
            self._processes.append(process)
        # one selector for the pool's life: building one at every wait costs more than
        # a cheap game's step
        self._ready = selectors.DefaultSelector()
        for w, (_, results) in enumerate(self._links):
            self._ready.register(results, selectors.EVENT_READ, w)

    # -- EnvPool's interface -----------------------------------------------------

    def async_reset(self, seed=None) -> None:
        """Deal every game afresh, game i from `seed + i` (the pool's seed when none is
        given), or with a list of seeds from its own (None: the game's next deal);
        `recv` returns them. Games still playing finish first; what they show is dropped."""
        self._check_open()
        seeds = self._seeds(self.seed if seed is None else seed)
        while self._playing:
            self._collect()
        self._inbox.clear()
        self._held.clear()
        self._over[:] = False
        self._dispatch([(i, NEXT, 0) if s is None else (i, RESET, s) for i, s in enumerate(seeds)])

    def send(self, actions, env_ids=None) -> None:
        """Give each game in `env_ids` (games `recv` returned; by default those of the
        last `recv`, in its order) its action index; returns at once. A game that has
        just ended takes any action and deals a new game."""
        self._check_open()
        env_ids = self._last if env_ids is None else env_ids
        ids = [_env_index(i, self.num_envs) for i in _as_list(env_ids, "env_ids")]
        actions = _as_list(actions, "actions")
        if len(actions) != len(ids):
            raise BadOption(f"send takes one action per env_id: {len(actions)} for {len(ids)}")
        if len(set(ids)) != len(ids):
            raise BadOption("send takes each env_id once")
        for i, action in zip(ids, actions, strict=True):
            if i not in self._held:
                waiting = ", ".join(map(str, sorted(self._held))) or "none"
                raise BadOption(f"game {i} is not waiting for an action; waiting: {waiting}")
            if self.checks and not self._over[i]:
                self._check_legal(i, action)
        self._held.difference_update(ids)
        over = self._over
        self._dispatch(
            [
                (i, NEXT if over[i] else STEP, _action_index(a))
                for i, a in zip(ids, actions, strict=True)
            ]
        )

    def recv(self):
        """The next `batch_size` games that are ready: `(observations, rewards,
        terminated, truncated, info)`, stacked, with the games' ids in `info["env_id"]`
        and the seats their observations show in `info["seat"]`. Rewards are one a game,
        or with `self_play` a row a game of one a seat."""
        self._check_open()
        coming = self._playing + len(self._inbox)
        if coming < self.batch_size:
            first = "send actions for the games recv returned" if self._held else "async_reset"
            raise BadOption(
                f"recv waits for {self.batch_size} games but {coming} are playing; "
                f"call {first} first"
            )
        while len(self._inbox) < self.batch_size:
            self._collect()
        batch = [self._inbox.popleft() for _ in range(self.batch_size)]
        ids = np.array([b[0] for b in batch], np.int64)
        self._last = ids.tolist()
        self._held.update(self._last)
        over = np.array([b[2] for b in batch], bool)
        self._over[ids] = over
        # indexing by the ids copies the rows: the learner's arrays stay as they are
        observations = {"observation": self._tensors[ids], "action_mask": self._masks[ids]}
        rewards = np.array([b[1] for b in batch], np.float32)
        info = {"env_id": ids, "seat": np.array([b[3] for b in batch], np.int64)}
        return observations, rewards, over, np.zeros(len(batch), bool), info

    def step(self, actions, env_ids=None):
        """`send`, then `recv`."""
        self.send(actions, env_ids)
        return self.recv()

    def reset(self):
        """`async_reset`, then the first batch: `(observations, info)`."""
        self.async_reset()
        observations, *_, info = self.recv()
        return observations, info

    def close(self) -> None:
        """Stop the workers; the pool takes no more calls."""
        if getattr(self, "_closed", True):  # closed, or never built
            return
        self._closed = True
        if self._ready is not None:
            self._ready.close()
        for commands, results in self._links:
            commands.close()  # the worker reads the end of its commands and stops
            results.close()
        for process in self._processes:
            process.join(timeout=5)
            if process.is_alive():
                process.terminate()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        self.close()

    # -- inside ------------------------------------------------------------------

    def _dispatch(self, commands: list) -> None:
        """Play (game, STEP, RESET or NEXT, action) commands, here or in the workers."""
        self._playing += len(commands)
        if not self._links:  # played here, at once
            for i, kind, action in commands:
                env = self._envs[i]
                self._take(_advance(env, i, kind, action, self._tensors, self._masks))
            return
        by_worker: dict[int, bytearray] = {}
        for i, kind, action in commands:
            by_worker.setdefault(i % self.workers, bytearray()).extend(
                COMMAND.pack(i, kind, action)
            )
        for w, records in by_worker.items():
            self._command(w, records)

    def _command(self, w: int, records) -> None:
        """Write command records down worker w's pipe; while it is full, take in results
        (the worker may be waiting for room in its own pipe to write them)."""
        fd, left = self._links[w][0].fileno(), memoryview(records)
        while left:
            try:
                left = left[os.write(fd, left) :]
            except BlockingIOError:
                self._collect()
            except OSError:
                raise self._lost(w) from None

    def _collect(self) -> None:
        """Take in what the workers have ready, waiting for at least one result."""
        result = self._result
        for key, _ in self._ready.select():
            w = key.data
            try:
                data = os.read(key.fd, READ)
            except OSError:
                data = b""
            if not data:
                raise self._lost(w)
            data = self._partial[w] + data
            at, end = 0, len(data) - result.size
            while at <= end:
                i, seat, state, *reward = result.unpack_from(data, at)
                at += result.size
                if state == FAILED:
                    trace = (data[at:] + _read_to_end(key.fd)).decode(errors="replace")
                    self.close()
                    raise RuntimeError(f"game {i} failed in its worker:\n{trace}")
                self._take((i, reward if self.self_play else reward[0], state == OVER, seat))
            self._partial[w] = data[at:]

    def _take(self, result: tuple) -> None:
        """One game's (env_id, reward, over, seat), ready for `recv`."""
        self._playing -= 1
        self._inbox.append(result)

    def _lost(self, w: int) -> RuntimeError:
        """The error for a worker that has gone; the pool is closed."""
        process = self._processes[w]
        process.join(timeout=1)
        self.close()
        why = f"exit code {process.exitcode}"
        if process.exitcode == 1:  # an error at its start, printed by the worker
            why += "; a script must build the pool under `if __name__ == '__main__':`"
        return RuntimeError(f"a worker process of the pool ended unexpectedly ({why})")

    def _check_legal(self, i: int, action) -> None:
        try:
            index = operator.index(action)
        except TypeError:
            index = -1  # not a whole number: no index
        if not 0 <= index < self._masks.shape[1] or not self._masks[i, index]:
            shown = np.flatnonzero(self._masks[i]).tolist()
            raise IllegalAction(f"index {action!r} is not legal in game {i}; legal: {shown}")

    def _seeds(self, seed) -> list:
        """A seed for each game from a whole number (seed + i) or a list of one a game."""
        if np.ndim(seed) == 0:
            return [_seed(seed, self.num_envs) + i for i in range(self.num_envs)]
        seeds = _as_list(seed, "seed")
        if len(seeds) != self.num_envs:
            raise BadOption(f"seed takes one seed a game: {len(seeds)} for {self.num_envs}")
        return [None if s is None else _seed(s, 1) for s in seeds]

    def _check_open(self) -> None:
        if self._closed:
            raise BadOption("this pool is closed")


def _advance(env: TcglabGym | SelfPlay, i: int, kind: int, action: int, tensors, masks):
    """Play one command on game i, write what its seat now sees in the game's rows of
    `tensors` and `masks`, and return (env_id, reward, over, seat)."""
    if kind == STEP:
        obs, reward, over, *_ = env.step(action)
    else:  # a deal from the seed sent as the action, or the game's next deal
        obs, _ = env.reset(seed=action if kind == RESET else None)
        reward, over = [0.0] * env.players if isinstance(env, SelfPlay) else 0.0, False
    tensors[i] = obs["observation"]
    masks[i] = obs["action_mask"]
    return i, reward, over, env.seat


def _rows(buffers, shape) -> tuple:
    """The shared tensors and masks as numpy arrays of a row a game."""
    tensors, masks = buffers
    return (
        np.frombuffer(tensors, np.float32).reshape(shape[0]),
        np.frombuffer(masks, np.int8).reshape(shape[1]),
    )


def _work(make, game_id, env_kwargs, ids, width, commands, results, buffers, shape) -> None:
    """A worker's loop: play each command it is sent and write back each result as soon
    as it is ready, until its commands end (the pool closed) or a game fails."""
    envs = {i: make(game_id, **env_kwargs) for i in ids}
    tensors, masks = _rows(buffers, shape)
    result = _result_record(width)
    inbox, out = commands.fileno(), results.fileno()
    pending = b""
    try:
        while data := os.read(inbox, READ):
            pending += data
            whole = len(pending) - len(pending) % COMMAND.size
            for i, kind, action in COMMAND.iter_unpack(pending[:whole]):
                try:
                    _, reward, over, seat = _advance(envs[i], i, kind, action, tensors, masks)
                except Exception:  # a defect: shown in the learner's process with its trace
                    failed = result.pack(i, 0, FAILED, *[0.0] * width)
                    _write_all(out, failed + traceback.format_exc().encode())
                    return
                rewards = reward if isinstance(reward, list) else (reward,)
                os.write(out, result.pack(i, seat, OVER if over else PLAYING, *rewards))
            pending = pending[whole:]
    except (OSError, KeyboardInterrupt):
        pass  # the learner's process has gone or is stopping: so does its worker


def _result_record(rewards: int) -> struct.Struct:
    """A result: game, seat, PLAYING/OVER/FAILED, then `rewards` numbers."""
    return struct.Struct(f"<iiB{rewards}f")


def _write_all(fd: int, data) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _read_to_end(fd: int) -> bytes:
    chunks = []
    while chunk := os.read(fd, READ):
        chunks.append(chunk)
    return b"".join(chunks)


def _action_index(action) -> int:
    """An action as the whole number a command carries: anything that is not one (sent
    where indices are not checked, `illegal="lose"`) becomes -1, never legal."""
    try:
        index = operator.index(action)
    except TypeError:
        return -1
    return index if -WHOLE <= index < WHOLE else -1


def _seed(value, games: int) -> int:
    """A seed from which `games` games are dealt (seed + i), each sent in a command."""
    try:
        seed = -1 if isinstance(value, bool) else operator.index(value)
    except TypeError:
        seed = -1
    if not 0 <= seed <= WHOLE - games:
        raise BadOption(f"seed takes a whole number from 0 to {WHOLE - games}, not {value!r}")
    return seed


def _whole(name: str, value, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise BadOption(f"{name} takes a whole number from {least}, not {value!r}")
    return value


def _as_list(values, name: str) -> list:
    try:
        return np.asarray(values).reshape(-1).tolist()  # plain ints, as sent to workers
    except (TypeError, ValueError):
        raise BadOption(f"{name} takes a sequence of whole numbers, not {values!r}") from None


def _env_index(value, num_envs: int) -> int:
    try:
        i = operator.index(value)
    except TypeError:
        raise BadOption(f"env_ids take whole numbers, not {value!r}") from None
    if not 0 <= i < num_envs:
        raise BadOption(f"env_id takes a whole number from 0 to {num_envs - 1}, not {i}")
    return i
