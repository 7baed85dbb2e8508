"""Tables started from a position: a shipped puzzle or a pasted scenario file
(docs/scenarios.md), and a puzzle's goal as its table shows it.

A table keeps its scenario's text and is rebuilt from it: the position with the
script played, then the table's actions. The text holds every hidden card of the
position, so it stays on the server: no view, summary, listing or replay file holds
it. What the lobby lists of a shipped puzzle is what a player reads before playing:
its title, what it is about and its goal, never its position or its solution.
"""

from __future__ import annotations

from dataclasses import dataclass

from tcglab.engine import BadOption, Game, State, get_game
from tcglab.engine.messages import named
from tcglab.engine.registry import games
from tcglab.engine.scenario_check import goal_missed
from tcglab.engine.scenario_file import Goal, Scenario, load_scenario, shipped_puzzles
from tcglab.server.notes import MESSAGES

MAX_SCENARIO = 64 * 1024  # bytes of a pasted scenario: a position and a few checks
PASTED = "scenario.toml"  # the file a pasted scenario's errors name


@dataclass(frozen=True)
class Chosen:
    """The scenario a create request names: its text, and how its errors name it."""

    name: str
    text: str


def chosen(value) -> Chosen:
    """`{"puzzle": "<game>/<file>.toml"}` (as `tcglab scenario list` names it) or
    `{"text": "<TOML>"}`; a one-line BadOption for anything else."""
    if not isinstance(value, dict) or len(value) != 1 or not {"puzzle", "text"} & set(value):
        raise BadOption('scenario must be {"puzzle": "<game>/<file>.toml"} or {"text": "<TOML>"}')
    if "text" in value:
        text = value["text"]
        if not isinstance(text, str) or len(text.encode("utf-8", "surrogatepass")) > MAX_SCENARIO:
            raise BadOption(f"scenario.text: a scenario file has at most {MAX_SCENARIO} bytes")
        return Chosen(PASTED, text)
    name = value["puzzle"]
    return Chosen(name, puzzle_text(name))


def puzzle_text(name) -> str:
    """The file of a shipped puzzle named `<game>/<file>.toml`."""
    game_id, _, file = name.partition("/") if isinstance(name, str) else ("", "", "")
    if game_id in games():
        for path in shipped_puzzles(get_game(game_id)):
            if path.name == file:
                return path.read_text(encoding="utf-8")
    shown = repr(name)[:60]
    raise BadOption(f"no shipped puzzle {shown}; GET /api/games/<game>/puzzles lists them")


def loaded(text: str, name: str = PASTED) -> Scenario:
    """The scenario of a table's stored text (its checks were made at create)."""
    return load_scenario(name, text)


def puzzles(game: Game) -> list[dict]:
    """What the lobby shows of each shipped puzzle: name, title, about, goal."""
    out = []
    for path in shipped_puzzles(game):
        puzzle = load_scenario(path)
        goal = puzzle.goal
        out.append(
            {
                "name": f"{game.id}/{path.name}",
                "title": puzzle.title,
                "about": puzzle.about.strip(),
                "players": len(puzzle.players),
                "goal": None if goal is None else goal_info(goal),
            }
        )
    return out


def goal_info(goal: Goal) -> dict:
    """A goal as a client reads it, in both languages."""
    return {
        "seat": goal.seat,
        "kind": goal.kind,
        "until": goal.until,
        "text": {"en": goal.text, "ja": goal.text_ja or goal.text},
    }


def decided(goal: Goal, state: State, scenario: Scenario) -> bool:
    """Whether the goal can no longer change: the game is over, the seat is out, or
    (a survive goal) turn `until` has begun."""
    fmt = scenario.format
    if state.over or fmt.out(state, goal.seat):
        return True
    return goal.kind == "survive" and fmt.values(state).get("turn", 0) >= goal.until


def goal_status(scenario: Scenario, state: State, result: dict | None) -> dict | None:
    """The goal and, once decided, whether it was met: `met` is None while it is open;
    `missed` is why not (a message kind and its fields). `result` is the table's: a
    game it ended (a concession, the action cap) decides the goal too."""
    goal = scenario.goal
    if goal is None:
        return None
    status = {**goal_info(goal), "met": None, "missed": None}
    if result is None and not decided(goal, state, scenario):
        return status
    status["met"] = goal_missed(goal, state, scenario.format) is None
    if not status["met"]:
        winners = state.result.winners if state.over else (result or {}).get("winners")
        if winners is None:
            status["missed"] = {"kind": "goal_out", "seat": goal.seat}
        elif winners:
            status["missed"] = {"kind": "goal_lost", "seats": list(winners)}
        else:
            status["missed"] = {"kind": "goal_drawn"}
    return status


def goal_view(status: dict | None, lang: str, names: list[str]) -> dict | None:
    """The goal in the view: its text in `lang`, and why it was missed in words."""
    if status is None:
        return None
    view = {k: v for k, v in status.items() if k != "missed"}
    view["text"] = status["text"][lang]
    view["missed"] = None
    if status["missed"] is not None:
        with named(names):
            view["missed"] = MESSAGES.describe(status["missed"]["kind"], status["missed"], lang)
    return view


__all__ = [
    "MAX_SCENARIO",
    "Chosen",
    "chosen",
    "goal_status",
    "goal_view",
    "loaded",
    "puzzles",
]
