"""Running a scenario's checks: play its script and solution, and at each `[[expect]]`
compare what the file says with what the position shows; at the end, the puzzle's
goal. Each mismatch is a `Failure` naming the file, the line, the field, what was
expected and what was found.
"""

from __future__ import annotations

from dataclasses import dataclass

from tcglab.engine.scenario_file import NOBODY, Expectation, Goal, Scenario, seat_key, toml_inline
from tcglab.engine.state import State

__all__ = ["Failure", "goal_missed", "run_scenario"]

SHOWN = 12  # names, ids or messages listed in one failure before "... (N in all)"


@dataclass(frozen=True)
class Failure:
    file: str
    line: int | None
    field: str
    message: str  # "expected 1, found 2"

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.field}: {self.message}"


def run_scenario(scenario: Scenario) -> list[Failure]:
    """Play the script and the solution, checking each expectation after its number of
    actions and the goal at the end; no failures means the scenario holds. A script
    action that is not legal is a ScenarioError, as when the scenario starts."""
    run = Run(scenario)
    steps = scenario.steps(solve=True)
    due: dict[int, list[Expectation]] = {}
    for expect in scenario.expectations:
        due.setdefault(len(steps) if expect.after is None else expect.after, []).append(expect)
    for done in range(len(steps) + 1):
        for expect in due.get(done, ()):
            run.expect(expect)
        if done < len(steps):
            scenario.take(run.state, steps[done])
    run.finish_goal()
    return run.failures


class Run:
    """One scenario being played, and the failures found so far."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.format = scenario.format
        self.state: State = scenario.build()
        # the events of a new deal count (who went first); a built position has none
        self.start = 0 if scenario.dealt else len(self.state.log)
        self.failures: list[Failure] = []

    def fail(self, field: str, message: str) -> None:
        source = self.scenario.source
        self.failures.append(Failure(source.name, source.line_of(field), field, message))

    # -- expectations ---------------------------------------------------------

    def expect(self, expect: Expectation) -> None:
        fields = expect.fields
        for name in CHECKS:
            if fields.has(name):
                CHECKS[name](self, fields.field(name), fields.get(name))

    def to_move(self, field: str, wanted: str) -> None:
        found = NOBODY if self.state.to_move is None else seat_key(self.state.to_move)
        if found != wanted:
            self.fail(field, f"expected {wanted} to move, found {found}")

    def legal(self, field: str, wanted: list[str]) -> None:
        ids = [a.id for a in self.state.legal_actions()]
        for action in wanted:
            if action not in ids:
                self.fail(field, f"expected {action!r} to be legal; legal: {listed(ids)}")

    def illegal(self, field: str, wanted: list[str]) -> None:
        ids = {a.id for a in self.state.legal_actions()}
        for action in wanted:
            if action in ids:
                self.fail(field, f"expected {action!r} not to be legal, and it is")

    def zones(self, field: str, wanted: dict) -> None:
        self.compare(field, wanted, self.format.zones(self.state), "zone")

    def values(self, field: str, wanted: dict) -> None:
        self.compare(field, wanted, self.format.values(self.state), "value")

    def compare(self, field: str, wanted: dict, found: dict, kind: str) -> None:
        """Each named zone or value is exactly as written; a name the game does not
        have fails with every name it has."""
        for name, value in wanted.items():
            if name not in found:
                self.fail(f"{field}.{name}", f"no such {kind}; {kind}s: {', '.join(found)}")
            elif found[name] != value:
                self.fail(f"{field}.{name}", mismatch(value, found[name]))

    def events(self, field: str, fragments: list[str]) -> None:
        messages = self.messages()
        for fragment in fragments:
            if not any(fragment in message for message in messages):
                self.fail(field, f"expected an event with {fragment!r}; {seen(messages)}")

    def no_events(self, field: str, fragments: list[str]) -> None:
        messages = self.messages()
        for fragment in fragments:
            hits = [message for message in messages if fragment in message]
            if hits:
                self.fail(field, f"expected no event with {fragment!r}, found {hits[0]!r}")

    def messages(self) -> list[str]:
        """The English messages since the position, as the spectator and each seat saw
        them (a seat's own secrets, such as the card it drew, show only in its view)."""
        state, out = self.state, []
        for seat in (None, *range(state.players)):
            out += [e["message"] for e in state.events_for(seat, self.start)]
        return list(dict.fromkeys(out))

    def winner(self, field: str, wanted: str) -> None:
        self.winners(field, [] if wanted == NOBODY else [wanted])

    def winners(self, field: str, wanted: list[str]) -> None:
        result = self.state.result
        if result is None:
            self.fail(field, f"expected {names(wanted)} to win, found the game not over")
            return
        found = [seat_key(s) for s in result.winners]
        if sorted(found) != sorted(wanted):
            self.fail(field, f"expected {names(wanted)} to win, found {names(found)}")

    def reason(self, field: str, wanted: str) -> None:
        result = self.state.result
        found = "the game not over" if result is None else repr(result.reason)
        if result is None or result.reason != wanted:
            self.fail(field, f"expected the game to end by {wanted!r}, found {found}")

    # -- the goal ---------------------------------------------------------------

    def finish_goal(self) -> None:
        goal = self.scenario.goal
        if goal is not None:
            missed = goal_missed(goal, self.state, self.format)
            if missed:
                self.fail("goal", missed)


def goal_missed(goal: Goal, state: State, fmt) -> str | None:
    """What keeps `state` from meeting the goal, or None once it is met. A survive
    goal is met once turn `until` has begun with the seat still in the game (a game
    ends once, and a seat once out stays out, so a seat that lost at that turn or later
    had not lost when it began) or the seat is among the winners."""
    seat = seat_key(goal.seat)
    won = state.over and goal.seat in state.result.winners
    out = not state.over and fmt.out(state, goal.seat)  # lost while the others play on
    if won:
        return None
    if goal.kind == "survive" and not out and fmt.values(state).get("turn", 0) >= goal.until:
        return None
    if goal.kind == "win":
        wanted = f"expected {seat} to win"
    else:
        wanted = f"expected {seat} not to lose before turn {goal.until} begins"
    if out:
        return f"{wanted}, found {seat} out of the game"
    if not state.over:
        return f"{wanted}, found the game going on at turn {fmt.values(state).get('turn')}"
    return f"{wanted}, found {names([seat_key(s) for s in state.result.winners])} winning"


CHECKS = {
    "to_move": Run.to_move,
    "legal": Run.legal,
    "illegal": Run.illegal,
    "zones": Run.zones,
    "values": Run.values,
    "events": Run.events,
    "no_events": Run.no_events,
    "winner": Run.winner,
    "winners": Run.winners,
    "reason": Run.reason,
}


def mismatch(wanted, found) -> str:
    return f"expected {toml_inline(wanted)}, found {toml_inline(found)}"


def names(seats: list[str]) -> str:
    return " and ".join(seats) if seats else "nobody"


def listed(items: list[str]) -> str:
    if not items:
        return "none"
    more = f" ... ({len(items)} in all)" if len(items) > SHOWN else ""
    return ", ".join(items[:SHOWN]) + more


def seen(messages: list[str]) -> str:
    if not messages:
        return "no events since the position"
    return "events: " + "; ".join(messages[-SHOWN:])
