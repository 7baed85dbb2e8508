"""What a game offers beyond single games: formats (a match, a draft, a championship)
and tools (the odds of a dice check), each a named `Capability` the game declares in
its `capabilities` tuple. The command line and the server find them by name through
`Game.capability(name)` and never by asking which game it is.

A capability's `run` is what carries it out; what it takes depends on its kind:

- a format played by agents (`table=False`, e.g. "match"):
  `run(game, seed, agents, *, decks=None, options=None, **settings) -> Standing`,
  one agent per seat; `settings` are the format's own.
- a table format (`table=True`, e.g. "draft", "championship"): `run(game, seed, players,
  options, decks) -> State`, the whole format as one game state, built by
  `Game.new_state`. A table of a player count the format declares plays it like any
  game, unless the format is `chosen`: then it is played only when asked for by name,
  `new_state(..., format="championship")` (every player count of a Higurashi
  championship is also a single game). A table format may also offer `agents`, the
  agents' path above (`Standing` and all), for commands that play many formats through
  and report who won them.
- a tool (no player counts, e.g. "odds"): an object whose methods the tool's command
  documents (odds: `report(expression, target)`, `text(report)`, `chart()`).

A table format's own settings (a championship's number of games) are `options`: rule
options the format declares, given among the game's rule options in `new_state`'s
`options` and checked the same way, so a state's `options` (and so a replay record)
holds them and a format is set up again from its record alone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Capability:
    name: str  # what commands and the server ask for: "match", "draft", "odds" ...
    title: str  # a few words for a menu: "best-of-three match"
    summary: str  # one sentence saying what it is
    run: Any  # a callable, a class or a tool object: see above
    rule: str = ""  # the rule ID that defines it, e.g. PGT-5.3
    players: tuple[int, ...] = ()  # the player counts it is played by; none for a tool
    table: bool = False  # played as one game state built by `new_state`
    chosen: bool = False  # a table format played only when asked for by name
    options: tuple = ()  # a table format's own settings, as RuleOptions (see above)
    agents: Any = None  # a table format's agents' path, if it has one (see above)
    decks: bool = True  # the players bring decks (a draft builds its own)
    title_ja: str = ""
    summary_ja: str = ""

    @property
    def is_tool(self) -> bool:
        return not self.players

    @property
    def by_agents(self) -> Any:
        """The format played through by agents, returning a `Standing`: `run` of a format
        played by agents, `agents` of a table format; None for a tool."""
        if self.table:
            return self.agents
        return None if self.is_tool else self.run

    def plays(self, players: int) -> bool:
        return players in self.players

    def counts(self) -> str:
        """The player counts as a person reads them: "2", "3 or 4", "2 to 5"."""
        counts = self.players
        if len(counts) == 1:
            return str(counts[0])
        if list(counts) == list(range(counts[0], counts[-1] + 1)) and len(counts) > 2:
            return f"{counts[0]} to {counts[-1]}"
        return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}"


@dataclass(frozen=True)
class Standing:
    """How a format played by agents ended: who won it (several when it is shared, none
    when nobody did), each seat's total in the format's own tally (games won in a
    match, points in a championship) and a record of every game played."""

    winners: tuple[int, ...]
    totals: tuple[int, ...]
    tally: str  # what the totals count: "games", "points"
    games: tuple[dict, ...]  # {"seats", "winners", "scores", "reason"}, in format seats


def game_record(seats, result) -> dict:
    """One finished game of a format, its players named by their seats in the format."""
    seats = list(seats)
    return {
        "seats": seats,
        "winners": [seats[w] for w in result.winners],
        "scores": list(result.scores),
        "reason": result.reason,
    }
