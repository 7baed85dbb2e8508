"""Actions: the choices a seat can make, each with a stable id and a label in English
and Japanese.

A playout asks for thousands of legal actions and reads none of their labels, so a
game's actions carry only what their label needs (`Said`): the words are made when a
client, the terminal or a log asks for them, from a template in the game's catalogue
(the `[actions]` table, see `tcglab.engine.messages`)."""

from __future__ import annotations

from operator import itemgetter
from typing import Protocol


class KeepsActions:
    """A card that keeps the actions naming it, made once each: such choices recur all
    game, and a playout would otherwise build them at every decision. The card (a
    dataclass) gives an `actions` dict field to keep them in."""

    __slots__ = ()
    actions: dict

    def action(self, build, key: int, *args):
        """The action `build(self, *args)`, made on first need and kept under `key` (a
        number standing for `build` and `args` together)."""
        made = self.actions.get(key)
        if made is None:
            made = self.actions[key] = build(self, *args)
        return made


class Action(tuple):
    """An immutable choice. `id` is stable: the same choice in the same position
    always has the same id, which is what logs, replays, clients, tests and equality
    use. This base class holds fixed labels, as a test's toy game writes them."""

    __slots__ = ()

    def __new__(cls, id: str, label: str = "", ja: str = "") -> Action:
        return tuple.__new__(cls, (id, label, ja))

    # the id is the first item, read by a C getter: ids are read at every step of a
    # playout, and a getter written in Python would cost a call each time
    id = property(itemgetter(0), doc="The stable id of the choice.")

    def text(self, lang: str = "en") -> str:
        """The label in `lang` ("en" or "ja"); English where no Japanese is given."""
        return self[2] or self[1] if lang == "ja" else self[1]

    @property
    def label(self) -> str:
        return self.text("en")

    @property
    def ja(self) -> str:
        return self.text("ja")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and other[0] == self[0]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self[0])

    def __lt__(self, other: Action) -> bool:
        return self[0] < other[0]

    def __repr__(self) -> str:
        return f"Action({self[0]!r})"

    def __str__(self) -> str:
        return self[0]

    def __reduce__(self):
        # Pickled (for search workers) with its words made: a catalogue stays home.
        return Action, (self[0], self.text("en"), self.text("ja"))


class Words(Protocol):
    """What says an action: a game's catalogue, or anything that renames one."""

    def label(self, kind: str, data: dict, lang: str) -> str: ...


class Said(Action):
    """An action whose label is made only when asked: the template `kind` of `words`,
    filled from `data` (which holds values, never the state, so it stays true)."""

    __slots__ = ()

    def __new__(cls, id: str, words: Words, kind: str, data: dict) -> Said:
        return tuple.__new__(cls, (id, words, kind, data))

    def text(self, lang: str = "en") -> str:
        return self[1].label(self[2], self[3], lang)


class _Renamed:
    """The words of another action with its seat names rewritten."""

    __slots__ = ("_action", "_rename")

    def __init__(self, action: Action, rename) -> None:
        self._action, self._rename = action, rename

    def label(self, kind: str, data: dict, lang: str) -> str:
        return self._rename(self._action.text(lang), *data["args"])


def renamed(action: Action, rename, *args) -> Action:
    """`action` with its label passed through `rename(text, *args)` in every language:
    a draft or a championship names the players of the game it is playing."""
    return Said(action.id, _Renamed(action, rename), "", {"args": args})
