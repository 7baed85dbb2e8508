"""Replay records: game id, engine version, rule options, card-set digest, seed, seats
and the action ids. Re-running a record must reproduce every event and the final
state digest exactly; `rerun` says whether it did, or where it diverged.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path

import tcglab
from tcglab.engine.errors import ReplayError, TcglabError
from tcglab.engine.registry import get_game
from tcglab.engine.state import State

FORMAT = "tcglab-replay"
FORMAT_VERSION = 1


@dataclass
class Replay:
    game: str
    seed: int
    players: int
    options: dict
    actions: list[str]
    card_digest: str
    final_digest: str
    events_digest: str
    engine_version: str = tcglab.__version__
    seats: list[str] = field(default_factory=list)
    decks: list | None = None

    def to_json(self) -> str:
        return json.dumps(
            {"format": FORMAT, "format_version": FORMAT_VERSION, **asdict(self)}, indent=1
        )

    def save(self, path: str | Path) -> None:
        """Write atomically, so a replay file is either whole or absent."""
        path = Path(path)
        try:
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".part")
        except OSError as exc:
            raise ReplayError(f"cannot write replay {path}: {exc.strerror or exc}") from None
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(self.to_json())
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise


def record(state: State, seats: list[str] | None = None, decks: list | None = None) -> Replay:
    return Replay(
        game=state.game.id,
        seed=state.seed,
        players=state.players,
        options=dict(state.options),
        actions=list(state.history),
        card_digest=state.game.card_digest(),
        final_digest=state.digest(),
        events_digest=state.events_digest(),
        seats=list(seats or []),
        decks=decks,
    )


_KIND_WORDS = {str: "text", int: "a whole number", dict: "an object", list: "a list"}
_FIELDS = {
    "game": str,
    "seed": int,
    "players": int,
    "options": dict,
    "actions": list,
    "card_digest": str,
    "final_digest": str,
    "events_digest": str,
    "engine_version": str,
    "seats": list,
}


def load(path: str | Path) -> Replay:
    """Read a replay file, or raise ReplayError saying what is wrong with it."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ReplayError(
            f"cannot read replay {name}: {getattr(exc, 'strerror', None) or exc}"
        ) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReplayError(
            f"{name} is not valid JSON (line {exc.lineno}): not a tcglab replay"
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReplayError(f'{name} is not a tcglab replay (no "format": "{FORMAT}" field)')
    if data.get("format_version") != FORMAT_VERSION:
        raise ReplayError(
            f"{name} has replay format version {data.get('format_version')!r}; "
            f"this tcglab reads version {FORMAT_VERSION}"
        )
    for key, kind in _FIELDS.items():
        if not isinstance(data.get(key), kind) or (kind is int and isinstance(data[key], bool)):
            raise ReplayError(f"{name}: field {key!r} is missing or not {_KIND_WORDS[kind]}")
    if not all(isinstance(a, str) for a in data["actions"]):
        raise ReplayError(f"{name}: every entry of 'actions' must be an action id string")
    return Replay(**{k: data[k] for k in (*_FIELDS, "decks") if k in data})


@dataclass
class Outcome:
    ok: bool
    message: str
    state: State | None = None
    diverged_at: int | None = None  # 1-based index of the first action that failed


def rerun(replay: Replay) -> Outcome:
    """Play the record again from its seed and compare everything it promises."""
    try:
        game = get_game(replay.game)
    except TcglabError as exc:
        return Outcome(False, str(exc))
    if game.card_digest() != replay.card_digest:
        return Outcome(False, f"made with another {replay.game} card set (card digest differs)")
    try:
        state = game.new_state(replay.seed, replay.players, replay.options, replay.decks)
    except TcglabError as exc:
        return Outcome(False, f"cannot set the game up again: {exc}")
    for index, action_id in enumerate(replay.actions, start=1):
        try:
            state.apply(action_id)
        except TcglabError as exc:
            return Outcome(False, f"diverged at action {index} ({action_id}): {exc}", state, index)
    if state.events_digest() != replay.events_digest:
        return Outcome(False, "the events differ from the recorded game", state)
    if state.digest() != replay.final_digest:
        return Outcome(False, "the final state differs from the recorded game", state)
    return Outcome(True, f"reproduced exactly: {len(replay.actions)} actions", state)
