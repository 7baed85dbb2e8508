"""Replay records: game id, engine version, rule options, card-set digest, seed, seats,
the table format it was played as where one was asked for by name (`table_format`, left
out otherwise: the file's own "format" field says it is a replay) and the action ids.
Re-running a record must reproduce every event and the final state digest exactly;
`rerun` says whether it did, or where it diverged.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
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
    table_format: str | None = None  # e.g. "championship"; None plays as the counts say

    def to_json(self) -> str:
        data = asdict(self)
        if self.table_format is None:
            del data["table_format"]  # absent, as in records made before formats had names
        return json.dumps({"format": FORMAT, "format_version": FORMAT_VERSION, **data}, indent=1)

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
    """The record of a state, with the table format it names in `table_format` if it is
    one asked for by name (a championship)."""
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
        table_format=getattr(state, "table_format", None),
    )


# What a replay file may hold. The bounds are far above any real game's (the longest
# action id is a few dozen characters, a long game a few thousand actions) and keep a
# damaged or hostile file from costing much memory or time before it is refused.
MAX_BYTES = 64 * 1024 * 1024
MAX_DEPTH = 8  # a real replay nests 3 deep: the record, its decks, one deck
MAX_SEED = 2**64 - 1  # the engine's Rng keeps 64 bits of its seed
MAX_PLAYERS = 16
MAX_ACTIONS = 1_000_000
MAX_TEXT = 200  # an action id, a seat's agent, a digest, a card id
MAX_CARDS = 1_000  # cards in one seat's deck
MAX_OPTIONS = 64
LONGEST_NUMBER = 40  # digits: longer numbers are not read, only refused


class _LongNumber:
    """A whole number too long to be worth reading, kept only to be named in an error."""

    def __init__(self, digits: str) -> None:
        self.digits = len(digits.lstrip("-"))


def _read_int(digits: str) -> int | _LongNumber:
    return _LongNumber(digits) if len(digits) > LONGEST_NUMBER else int(digits)


# A field's check returns None for a value it accepts, else what it found instead.
Check = Callable[[object], str | None]


def _whole(low: int, high: int) -> Check:
    def check(value) -> str | None:
        return None if type(value) is int and low <= value <= high else _show(value)

    return check


def _text(longest: int) -> Check:
    def check(value) -> str | None:
        return None if isinstance(value, str) and 0 < len(value) <= longest else _show(value)

    return check


def _texts(most: int, longest: int) -> Check:
    """A list of at most `most` texts, each of at most `longest` characters."""
    one = _text(longest)

    def check(value) -> str | None:
        if not isinstance(value, list):
            return _show(value)
        if len(value) > most:
            return f"a list of {len(value):,} entries"
        for number, item in enumerate(value, start=1):
            if one(item) is not None:
                return f"{_show(item)} (entry {number})"
        return None

    return check


def _options(value) -> str | None:
    if not isinstance(value, dict):
        return _show(value)
    if len(value) > MAX_OPTIONS:
        return f"an object of {len(value):,} options"
    for name, option in value.items():
        if len(name) > 64 or not isinstance(option, bool | int | str):
            return f"{_show(option)} for {_show(name)}"
        if isinstance(option, str) and len(option) > MAX_TEXT:
            return f"text of {len(option):,} characters for {_show(name)}"
    return None


def _decks(value, players: int) -> str | None:
    """None (each game's default decks), or one list of card ids per seat."""
    if value is None:
        return None
    if not isinstance(value, list):
        return _show(value)
    if len(value) != players:
        return f"{len(value)} decks for {players} players"
    cards = _texts(MAX_CARDS, 64)
    for seat, deck in enumerate(value, start=1):
        found = cards(deck)
        if found is not None:
            return f"{found} for seat {seat}"
    return None


_TEXT = f"text of 1 to {MAX_TEXT} characters"
# Each field: its check, and what it accepts in words.
_FIELDS: dict[str, tuple[Check, str]] = {
    "game": (_text(64), "a game id (text)"),
    "seed": (_whole(0, MAX_SEED), f"a whole number from 0 to {MAX_SEED}"),
    "players": (_whole(1, MAX_PLAYERS), f"a whole number from 1 to {MAX_PLAYERS}"),
    "options": (_options, "an object of rule options, each true/false, a whole number or text"),
    "actions": (
        _texts(MAX_ACTIONS, MAX_TEXT),
        f"a list of at most {MAX_ACTIONS:,} action ids, each {_TEXT}",
    ),
    "card_digest": (_text(MAX_TEXT), _TEXT),
    "final_digest": (_text(MAX_TEXT), _TEXT),
    "events_digest": (_text(MAX_TEXT), _TEXT),
    "engine_version": (_text(64), "a version (text)"),
    "seats": (_texts(MAX_PLAYERS, MAX_TEXT), f"a list of at most {MAX_PLAYERS} seat names (text)"),
}
_DECKS = f"null, or one list per seat of at most {MAX_CARDS:,} card ids (text)"


def load(path: str | Path) -> Replay:
    """Read a replay file, or raise ReplayError saying what is wrong with it."""
    return parse(read_text(path), str(path))


def read_text(path: str | Path) -> str:
    """The text of a replay file, or ReplayError: unreadable, a folder, too large or not
    UTF-8."""
    path = Path(path)
    if path.is_dir():
        raise ReplayError(f"cannot read replay {path}: it is a folder; give a replay file")
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ReplayError(f"cannot read replay {path}: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise ReplayError(
            f"cannot read replay {path}: it is larger than {_size(MAX_BYTES)}, "
            "the most a replay file may be"
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ReplayError(
            f"cannot read replay {path}: not UTF-8 text (byte {exc.object[exc.start]:#04x} "
            f"at offset {exc.start})"
        ) from None


def _size(count: int) -> str:
    return f"{count / 2**20:g} MB" if count >= 2**20 else f"{count:,} bytes"


def parse(text: str, name: str = "replay") -> Replay:
    """A replay from the text of a replay file (`name` is how errors call the file), every
    field checked; ReplayError says what is wrong and what is accepted."""
    data = _json(text, name)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReplayError(f'{name} is not a tcglab replay (no "format": "{FORMAT}" field)')
    if data.get("format_version") != FORMAT_VERSION:
        found = "format_version" in data and _show(data["format_version"])
        has = f"replay format version {found}" if found else "no replay format version"
        raise ReplayError(f"{name} has {has}; this tcglab reads version {FORMAT_VERSION}")
    for key, (check, accepted) in _FIELDS.items():
        if key not in data:
            raise ReplayError(f"{name}: field {key!r} is missing; it must be {accepted}")
        found = check(data[key])
        if found is not None:
            raise ReplayError(f"{name}: field {key!r} must be {accepted}, not {found}")
    found = _decks(data.get("decks"), data["players"])
    if found is not None:
        raise ReplayError(f"{name}: field 'decks' must be {_DECKS}, not {found}")
    found = "table_format" in data and _text(64)(data["table_format"])
    if found:
        raise ReplayError(
            f"{name}: field 'table_format' must be a format's name (text), not {found}"
        )
    return Replay(**{k: data[k] for k in (*_FIELDS, "decks", "table_format") if k in data})


def _json(text: str, name: str):
    """The JSON of a replay file, refused if it nests deeper than a replay does."""
    invalid = f"{name} is not valid JSON"
    try:
        data = json.loads(text, parse_int=_read_int)
    except json.JSONDecodeError as exc:
        raise ReplayError(f"{invalid} (line {exc.lineno}): not a tcglab replay") from None
    except RecursionError:
        raise ReplayError(
            f"{name} nests lists or objects too deeply: not a tcglab replay "
            f"(a replay nests at most {MAX_DEPTH} deep)"
        ) from None
    except ValueError as exc:  # e.g. a float too long to convert
        raise ReplayError(f"{invalid} ({exc}): not a tcglab replay") from None
    if _depth(data) > MAX_DEPTH:
        raise ReplayError(
            f"{name} nests lists or objects more than {MAX_DEPTH} deep: not a tcglab replay"
        )
    return data


def _depth(data) -> int:
    """How deeply lists and objects nest in `data`, worked out without recursion."""
    deepest, pending = 0, [(data, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, dict):
            value = list(value.values())
        if isinstance(value, list):
            deepest = max(deepest, depth)
            if depth <= MAX_DEPTH:  # deeper is refused anyway: no need to look further
                pending.extend((child, depth + 1) for child in value)
    return deepest


def _show(value) -> str:
    """A value found in a file, as JSON would write it, cut short where it is long."""
    if isinstance(value, _LongNumber):
        return f"a number of {value.digits:,} digits"
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
        return text if len(text) <= 40 else text[:36] + '..."'
    return str(value)


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
        state = game.new_state(
            replay.seed, replay.players, replay.options, replay.decks, replay.table_format
        )
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
