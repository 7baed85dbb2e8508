"""One game's fixed action space and observation tensor, built from the `encoding` tool
the game declares (its capability of that name), so that every environment adapter
shares one translation between the engine and numbers.

A game's encoding is any object satisfying `Encoding`; the games build theirs on the
kernel's `tcglab.engine.encoding.Encoding` and do not import tcglab.rl. The options
block at the end of every tensor is common to all games and comes from the game's rule
options.
"""

from __future__ import annotations

import operator
from array import array
from functools import cache
from typing import TYPE_CHECKING, Protocol

from tcglab.engine import BadOption, Game, IllegalAction, TcglabError
from tcglab.engine.state import canonical_json
from tcglab.rl.extras import need

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tcglab.engine import State


class Encoding(Protocol):
    """What a game's `encoding` tool gives: a fixed vocabulary of actions and a fixed
    layout of numbers for one seat's observation."""

    #: What each index stands for: an action id, or an id pattern where ids that are the
    #: same choice share an index (Precious Memories' "allocate 20/rest").
    actions: Sequence[str]
    #: The length of the game's part of the tensor.
    size: int
    #: (name, start, length, what it holds) for every block of the tensor, in order.
    layout: Sequence[tuple[str, int, int, str]]

    def index(self, action_id: str) -> int:
        """The index of a legal action's id (KeyError for an id outside the vocabulary)."""
        ...

    def write(self, observation: dict, out) -> None:
        """One seat's observation into `out`, a zeroed sequence of `size` numbers."""
        ...

    # Optional: `write_state(state, seat, out)`, the same numbers as
    # `write(state.observe(seat), out)` read straight from the state (Spaces.state_tensor).


class EncodingError(TcglabError):
    """An action the fixed action space has no index for, or two legal actions at one
    index: a gap in the game's encoding, never a player's mistake."""


def encoding_of(game: Game) -> Encoding:
    """The encoding a game declares; BadOption naming what it has if it declares none."""
    return game.capability("encoding").run()


class Spaces:
    """A game's action indices, masks, observation tensors and information states."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.encoding = encoding_of(game)
        self.actions = tuple(self.encoding.actions)
        self.num_actions = len(self.actions)
        self.options_at = self.encoding.size
        self._options = []  # (name, start, option) of each option with a number
        at = self.options_at
        for option in game.options:
            width = _option_width(option)
            if width:
                self._options.append((option.name, at, option))
                at += width
        self.size = at
        self._blocks = {}  # option values -> their block (_options_block)
        # (option values, their block, a tensor's starting bytes) of the last tensor
        self._last_options = (None, None, b"")
        # Each action id met so far at its index: ids repeat across steps and games, so
        # the vocabulary (a pattern match for some games) is asked once per id.
        self._indexes: dict[str, int] = {}
        # The game's straight writer (Spaces.state_tensor), looked up once.
        self._write_state = getattr(self.encoding, "write_state", None)
        self.layout = (
            *self.encoding.layout,
            (
                "options",
                self.options_at,
                at - self.options_at,
                "the rule options: a truth value as 0 or 1, a whole number scaled to its "
                "bounds, a choice one-hot",
            ),
        )

    # -- actions ---------------------------------------------------------------

    def index(self, action_id: str) -> int:
        i = self._indexes.get(action_id)
        if i is None:
            try:
                i = self.encoding.index(action_id)
            except (KeyError, ValueError):
                raise EncodingError(
                    f"{self.game.id}: action {action_id!r} has no index in the fixed action space"
                ) from None
            self._indexes[action_id] = i
        return i

    def legal(self, state: State) -> dict[int, str]:
        """The legal actions of the seat to move, by index."""
        return self.legal_and_flags(state)[0]

    def legal_and_flags(self, state: State) -> tuple[dict[int, str], bytearray]:
        """The legal actions of the seat to move by index, and the mask's bytes (1 at
        each legal index), found in one pass over the actions."""
        indexes = self._indexes
        found: dict[int, str] = {}
        flags = bytearray(self.num_actions)
        actions = state.legal  # read only: no copy
        for action in actions:
            action_id = action.id
            i = indexes.get(action_id)
            if i is None:
                i = self.index(action_id)
            found[i] = action_id
            flags[i] = 1
        if len(found) != len(actions):  # two ids at one index: name them
            self._shared_index(actions)
        return found, flags

    def _shared_index(self, actions) -> None:
        seen: dict[int, str] = {}
        for action in actions:
            i = self.index(action.id)
            if i in seen:
                raise EncodingError(
                    f"{self.game.id}: legal actions {seen[i]!r} and {action.id!r} share index {i}"
                )
            seen[i] = action.id

    def mask(self, state: State, legal: dict[int, str] | None = None):
        """The int8 action mask: 1 at each legal index."""
        if legal is None:
            flags = self.legal_and_flags(state)[1]
        else:
            # Set in a bytearray, then seen as numpy without a copy: a step's few legal
            # indices cost less this way than through numpy's indexing.
            flags = bytearray(self.num_actions)
            for i in legal:
                flags[i] = 1
        return _numpy().frombuffer(flags, dtype=_numpy().int8)

    def action_id(self, state: State, index, legal: dict[int, str] | None = None) -> str:
        """The legal action at `index`; IllegalAction naming the legal indices if none is."""
        legal = self.legal(state) if legal is None else legal
        try:
            # operator.index takes ints and numpy integers but no float: 1.5 is refused,
            # never played as 1
            return legal[operator.index(index)]
        except (KeyError, TypeError, ValueError):
            shown = ", ".join(f"{i} ({a})" for i, a in sorted(legal.items())[:12])
            more = f" ... ({len(legal)} in all)" if len(legal) > 12 else ""
            if state.over:
                raise IllegalAction(f"index {index!r} is not legal: the game is over") from None
            raise IllegalAction(
                f"index {index!r} is not a legal action for seat {state.to_move} now; "
                f"legal: {shown}{more}"
            ) from None

    # -- observations ----------------------------------------------------------

    def tensor(self, observation: dict):
        """One seat's observation (`state.observe(seat)`) as float32 numbers."""
        np = _numpy()
        out = np.zeros(self.size, dtype=np.float32)
        self.encoding.write(observation, out)
        out[self.options_at :] = self._options_block(observation.get("options", {}))
        return out

    def state_tensor(self, state: State, seat: int | None):
        """`tensor(state.observe(seat))`, written straight from the state where the
        game's encoding can (its `write_state`), without building the observation."""
        np = _numpy()
        write_state = self._write_state
        if write_state is None:  # an encoding without the kernel base: observe first
            out = np.zeros(self.size, dtype=np.float32)
            observation = state.observe(seat)
            self.encoding.write(observation, out)
            out[self.options_at :] = self._options_block(observation.get("options", {}))
            return out
        # Written into a plain float32 buffer, whose items take numbers faster than a
        # numpy array's, that starts as zeros and the options block; then seen as numpy
        # without a copy.
        options = state.options
        last = self._last_options
        if options != last[0]:  # one table's options, observed step after step
            self._options_block(options)
            last = self._last_options
        buffer = array("f", last[2])
        write_state(state, seat, buffer)
        return np.frombuffer(buffer, dtype=np.float32)

    def _options_block(self, values: dict):
        """The options block for these option values, written once per setting."""
        last_values, last_block, _ = self._last_options
        if values == last_values:  # one table's options, observed step after step
            return last_block
        key = tuple(values.get(name, option.default) for name, _, option in self._options)
        block = self._blocks.get(key)
        if block is None:
            np = _numpy()
            block = np.zeros(self.size - self.options_at, dtype=np.float32)
            for (_, at, option), value in zip(self._options, key, strict=True):
                _write_option(option, value, at - self.options_at, block)
            self._blocks[key] = block
        # A whole tensor's bytes before the game writes its part (state_tensor).
        start = bytes(4 * self.options_at) + block.tobytes()
        self._last_options = (dict(values), block, start)
        return block

    def info_state(self, observation: dict) -> str:
        """The observation as canonical text: equal for states the seat cannot tell apart."""
        return canonical_json(observation)


@cache
def _numpy():
    """numpy, imported once (need() imports on every call)."""
    return need("numpy")


def _option_width(option) -> int:
    if option.choices:
        return len(option.choices)
    if isinstance(option.default, bool | int):
        return 1
    return 0  # free text: no number stands for it


def _write_option(option, value, at: int, out) -> None:
    if option.choices:
        if value in option.choices:
            out[at + option.choices.index(value)] = 1.0
    elif isinstance(option.default, bool):
        out[at] = float(bool(value))
    elif option.minimum is not None and option.maximum is not None:
        out[at] = (value - option.minimum) / max(1, option.maximum - option.minimum)
    else:
        out[at] = float(value)


def resolve_decks(game: Game, decks) -> list | None:
    """Decks per seat as card-id lists: a prebuilt deck's name or a list of card ids
    (the game's own new_state checks the lists)."""
    if decks is None:
        return None
    if isinstance(decks, str) or not isinstance(decks, list | tuple):
        raise BadOption("decks are given as a list, one per seat: prebuilt names or card ids")
    prebuilt = game.prebuilt_decks()
    resolved = []
    for deck in decks:
        if isinstance(deck, str):
            if deck not in prebuilt:
                names = ", ".join(prebuilt) or "none"
                raise BadOption(
                    f"{deck!r} is not a prebuilt {game.id} deck ({names}); give a prebuilt "
                    "deck's name or a list of card ids"
                )
            deck = prebuilt[deck]
        resolved.append(list(deck))
    return resolved
