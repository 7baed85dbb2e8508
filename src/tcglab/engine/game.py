"""Games and their rule options.

A Game is one ruleset: immutable, shared by every state it creates. Rule options carry
the interpretations that the rules digest marks as choices; each default is the
digest's proposal.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from tcglab.engine.capabilities import Capability
from tcglab.engine.decklist import DeckList
from tcglab.engine.errors import BadOption
from tcglab.engine.state import State

SAFE_INTEGER = 2**53  # beyond this a whole number does not survive JSON (a double) exactly
LONGEST_NUMBER_TEXT = 20  # characters: longer whole numbers are refused before they are read


@dataclass(frozen=True)
class RuleOption:
    name: str
    default: Any
    help: str
    rule: str  # the rule or interpretation ID the option switches
    choices: tuple = ()  # allowed values; empty = any value of the default's type
    minimum: int | None = None
    maximum: int | None = None

    def accepted(self) -> str:
        if self.choices:
            return " or ".join(_show(c) for c in self.choices)
        if isinstance(self.default, bool):
            return "true or false"
        if isinstance(self.default, int):
            return "a whole number" + self._bounds()
        return "text"

    def _bounds(self) -> str:
        low, high = self.minimum, self.maximum
        if low is not None and high is not None:
            return f" from {low} to {high}"
        if low is not None:
            return f" >= {low}"
        if high is not None:
            return f" <= {high}"
        return ""

    def check(self, value: Any) -> Any:
        if isinstance(value, str):
            value = self.parse(value)
        same_kind = isinstance(value, bool) == isinstance(self.default, bool)
        ok = same_kind and isinstance(value, type(self.default))
        if ok and self.choices:
            ok = value in self.choices
        if ok and isinstance(value, int) and not isinstance(value, bool):
            ok = self.in_range(value)
        if not ok:
            raise BadOption(f"option {self.name} takes {self.accepted()}, not {_show(value)}")
        return value

    def in_range(self, value: int) -> bool:
        """Within the option's bounds, and never past what JSON carries exactly (a table's
        options are stored and sent as JSON)."""
        if abs(value) > SAFE_INTEGER:
            return False
        if self.minimum is not None and value < self.minimum:
            return False
        return self.maximum is None or value <= self.maximum

    def parse(self, text: str) -> Any:
        if isinstance(self.default, bool):
            low = text.strip().lower()
            if low in ("true", "yes", "on", "1"):
                return True
            if low in ("false", "no", "off", "0"):
                return False
        elif isinstance(self.default, int):
            if len(text.strip()) <= LONGEST_NUMBER_TEXT:
                try:
                    return int(text)
                except ValueError:
                    pass
        else:
            return text
        raise BadOption(f"option {self.name} takes {self.accepted()}, not {_show(text)}")


def _show(value: Any) -> str:
    """A value as a person would type it, cut short where it is very long."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and abs(value) >= 10**LONGEST_NUMBER_TEXT:
        return f"a number of about {value.bit_length() * 30103 // 100000 + 1} digits"
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Game(ABC):
    """A ruleset. Subclasses set the class attributes and implement `_new_state`."""

    id: str
    name: str
    min_players: int
    max_players: int
    default_players: int
    options: tuple[RuleOption, ...] = ()
    # The game's own agent class, built as `heuristic_agent(seed)`; None if it has none.
    heuristic_agent: type | None = None
    # Every game ends: its rules cap its length (a round limit no option switches off,
    # decks that run out). This is the number of actions the conformance suite holds
    # random games to, under the option sets most likely to run long; each game says
    # beside it how its rules end a game.
    max_actions: int | None = None
    # Formats and tools beyond single games (a match, a draft, dice odds), found by name
    # through `capability`; see tcglab.engine.capabilities.
    capabilities: tuple[Capability, ...] = ()
    # The agent spec each difficulty level stands for where the game sets its own
    # (e.g. {"hard": "ismcts:iters=200,rollout=heuristic"}, a budget measured to keep
    # decisions to a second or two); levels it leaves out get tcglab's defaults.
    levels: Mapping[str, str] = MappingProxyType({})
    # The action ids that decline to do anything (pass a timing, let a roll stand, end
    # a step with nothing left to do). A table plays such an action for a person when it
    # is the only legal one; a lone action that does something stays their choice.
    pass_ids: frozenset[str] = frozenset({"pass"})

    # Whether the rules ever roll a die (State.rng.roll). A game that only shuffles and
    # draws lots says False, and tcglab.rl.openspiel then never looks for dice to show
    # as chance nodes.
    rolls_dice: bool = True

    # Whether each seat plays a constructed deck of its own (a prebuilt one where none is
    # named), so that each player may bring theirs: a server table then deals only once
    # every person has taken a seat and chosen. A game whose default setup is not one
    # deck per seat (a shared pile) leaves it False.
    decks_by_seat: bool = False

    # The beginnings of action ids that only finish a choice the same seat has just made
    # (the one target of the attack it declared): a table plays a lone one for a person
    # too, as card clients pick a sole legal target by themselves.
    completion_prefixes: tuple[str, ...] = ()

    def is_pass(self, action) -> bool:
        """Whether an action (or its id) only declines: see `pass_ids`."""
        return (action if isinstance(action, str) else action.id) in self.pass_ids

    def completes(self, action) -> bool:
        """Whether an action (or its id) only finishes its seat's own last choice: see
        `completion_prefixes`."""
        action_id = action if isinstance(action, str) else action.id
        return bool(self.completion_prefixes) and action_id.startswith(self.completion_prefixes)

    def plays_for_person(self, legal: list, follows_own: bool) -> bool:
        """Whether a table may play a person's only legal action for them: it declines
        (`is_pass`) or, right after their own choice, finishes it (`completes`)."""
        if len(legal) != 1:
            return False
        return self.is_pass(legal[0]) or (follows_own and self.completes(legal[0]))

    def __reduce_ex__(self, protocol):
        """A registered game travels to another process by its id (its card set is
        read there once), not as a copy of its card tables."""
        from tcglab.engine.registry import games, get_game

        if games().get(self.id) is self:
            return (get_game, (self.id,))
        return super().__reduce_ex__(protocol)

    def info(self) -> dict:
        """The game as listings show it (`tcglab games`, the lobby): its id, its name and
        the players it takes, as JSON-able data each listing adds its own facts to."""
        return {
            "id": self.id,
            "name": self.name,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "default_players": self.default_players,
        }

    def capability(self, name: str) -> Capability:
        """The format or tool called `name`; BadOption naming what the game has if none."""
        for capability in self.capabilities:
            if capability.name == name:
                return capability
        formats = [c.name for c in self.capabilities if not c.is_tool]
        tools = [c.name for c in self.capabilities if c.is_tool]
        has = ", ".join(formats) or "single games only"
        if tools:
            has += f" (tools: {', '.join(tools)})"
        raise BadOption(f"{self.id} has no {name}; it has: {has}")

    def table_format(self, players: int) -> Capability | None:
        """The format a table of `players` plays as one state unless another is asked
        for (one not `chosen`), or None for one game."""
        for capability in self.capabilities:
            if capability.table and not capability.chosen and capability.plays(players):
                return capability
        return None

    def table_format_named(self, name: str, players: int | None = None) -> Capability:
        """The table format called `name` (for `players`, if given); BadOption naming the
        game's table formats if it has none such, or the counts it is for."""
        for capability in self.capabilities:
            if capability.table and capability.name == name:
                if players is not None and not capability.plays(players):
                    raise BadOption(
                        f"a {self.id} {name} is for {capability.counts()} players, not {players}"
                    )
                return capability
        tables = ", ".join(c.name for c in self.capabilities if c.table) or "none"
        raise BadOption(f"{self.id} has no table format {name!r}; its table formats: {tables}")

    def option(self, name: str, table: Capability | None = None) -> RuleOption:
        """The rule option called `name`, or the setting of that name of a table format."""
        known = self._known_options(table)
        for option in known:
            if option.name == name:
                return option
        names = ", ".join(o.name for o in known) or "none"
        raise BadOption(f"{self.id} has no rule option {name!r}; options: {names}")

    def resolve_options(
        self, given: Mapping[str, Any] | None = None, format: str | None = None
    ) -> dict[str, Any]:
        """Every option with its value: the given ones checked, the rest defaulted; with
        `format`, the settings of that table format too."""
        table = None if format is None else self.table_format_named(format)
        return self._resolve(given, table)

    def _resolve(self, given: Mapping[str, Any] | None, table: Capability | None) -> dict:
        values = {o.name: o.default for o in self._known_options(table)}
        if given is not None and not isinstance(given, Mapping):
            raise BadOption(
                f"{self.id}'s options are given as a mapping of option name to value "
                f"(such as {{{self.options[0].name!r}: ...}}), not {type(given).__name__}"
                if self.options
                else f"{self.id}'s options are given as a mapping, not {type(given).__name__}"
            )
        for name, value in (given or {}).items():
            values[name] = self.option(name, table).check(value)
        return values

    def _known_options(self, table: Capability | None) -> tuple[RuleOption, ...]:
        """The game's rule options, and the settings of the table format if one is played."""
        return self.options if table is None else self.options + tuple(table.options)

    def check_players(self, players: int | None) -> int:
        if players is None:
            return self.default_players
        # bool is an int to Python, but True players is a mistake, not one player
        if (
            not isinstance(players, int)
            or isinstance(players, bool)
            or not self.min_players <= players <= self.max_players
        ):
            counts = (
                str(self.min_players)
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            raise BadOption(f"{self.id} is played by {counts} players, not {players!r}")
        return players

    def new_state(
        self,
        seed: int,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        decks: list | None = None,
        format: str | None = None,
    ) -> State:
        """A new game, shuffled and dealt from `seed`, stopped at its first decision.
        `format` names a table format to play as one state (its settings among
        `options`); without one, a player count a table format declares (and that is
        not `chosen`) plays that format, any other count one game."""
        players = self.check_players(players)
        if format is None:
            table = self.table_format(players)
        else:
            table = self.table_format_named(format, players)
        options = self._resolve(options, table)
        if table is not None:
            return table.run(self, seed, players, options, decks)
        return self._new_state(seed, players, options, decks)

    @abstractmethod
    def _new_state(self, seed: int, players: int, options: dict, decks: list | None) -> State: ...

    @property
    def cards(self):
        """The printed card set, or None for a game without one. A game's set has `cards`
        (each with its `id` and `info`, the public data its face shows) and `digest` (a
        hash of what it was read from); `card_faces` and `card_digest` come from it."""
        return None

    def card_digest(self) -> str:
        """A hash of the card set, so a replay can tell it was made with other cards."""
        if self.cards is None:
            raise NotImplementedError(f"{self.id} has no card set; it must give its digest")
        return self.cards.digest

    def card_faces(self) -> dict[str, dict]:
        """Every printed card by id, as the public data its face shows."""
        if self.cards is None:
            return {}
        return {card.id: card.info for card in self.cards.cards}

    def render(self, observation: dict) -> str:
        """A text picture of one seat's observation, for the terminal."""
        return json.dumps(observation, indent=1, ensure_ascii=False)

    # Games played with constructed decks override `deck_list` and `deck_rules`; the
    # kernel checks and reads deck lists with them.

    def prebuilt_decks(self) -> dict[str, list[str]]:
        """The decks shipped with the game, by name, as lists of card ids."""
        return {}

    def deck_list(self, text: str) -> DeckList:
        """A deck list as the kernel's reader reads it in the game's `DeckFormat`."""
        raise BadOption(f"{self.id} is not played with constructed decks")

    def deck_rules(self, deck: DeckList) -> list[str]:
        """What the game's rules of deck building (size, copies) find wrong with a list."""
        return []

    def check_deck(self, text: str) -> list[str]:
        """Every problem of a deck list (one line each, with its line number)."""
        return self.deck_list(text).judged_by(self.deck_rules)

    def deck_ids(self, text: str) -> list[str]:
        """The card ids of a deck list already found legal by `check_deck`."""
        return self.deck_list(text).ids()

    def read_deck(self, text: str) -> list[str]:
        """The card ids of a legal deck list; BadOption lists every problem otherwise."""
        problems = self.check_deck(text)
        if problems:
            raise BadOption(f"the deck list is not legal: {'; '.join(problems)}")
        return self.deck_ids(text)
