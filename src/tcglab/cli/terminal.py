"""Playing at the terminal: the person's seat sees what happened, the board as that
seat sees it and its numbered choices; the other seats are agents."""

from __future__ import annotations

from tcglab.engine import Action, Game, State
from tcglab.engine.decision import Decision
from tcglab.engine.messages import seat_name


class Quit(Exception):
    """The person at the terminal left."""


class TerminalPlayer:
    """The person at the terminal, as an agent for formats of several games: sees the
    seat's view, picks a number."""

    name = "you"

    def __init__(self, game: Game, lang: str = "en") -> None:
        self.game = game
        self.lang = lang
        self.seen = 0

    def choose(self, decision: Decision) -> Action:
        events = decision.events(0, self.lang)
        if len(events) < self.seen:  # a new game of the format has begun
            self.seen = 0
        for event in events[self.seen :]:
            print(f"  · {event['message']}")
        self.seen = len(events)
        print()
        print(self.game.render(decision.observation))
        action = ask(decision.legal, self.lang)
        if action is None:
            raise Quit
        return action


def play_to_end(state: State, me: int, agents: dict, game: Game, lang: str = "en") -> bool:
    """Alternate between the person at `me` and the AI seats; False if the person quits."""
    seen = 0
    while not state.over:
        seat = state.to_move
        if seat == me:
            seen = show_events(state, me, seen, lang)
            print()
            print(game.render(state.observe(me)))
            action = ask(state.legal_actions(), lang)
            if action is None:
                return False
            state.apply(action)
        else:
            state.apply(agents[seat].choose(Decision(state)))
        seen = show_events(state, me, seen, lang)
    return True


def show_events(state: State, seat: int, start: int, lang: str = "en") -> int:
    """Print what happened since `start`, as `seat` may see it; returns the new start."""
    for event in state.events_for(seat, start, lang):
        print(f"  · {event['message']}")
    return len(state.log)


def ask(actions: list[Action], lang: str = "en") -> Action | None:
    """Number the actions and read a pick until it is valid; None to quit."""
    count = len(actions)
    print("Your choices:")
    for number, action in enumerate(actions, start=1):
        print(f"  {number:>2}. {action.text(lang)}")
    hint = f"type a number from 1 to {count}, or q to quit"
    while True:
        try:
            text = input(f"Your choice (1-{count}, q quits): ").strip()
        except EOFError:
            print()
            return None
        except UnicodeDecodeError:  # bytes the terminal's encoding cannot read
            print(f"That was not readable text: {hint}.")
            continue
        if text.lower() in ("q", "quit", "exit"):
            return None
        if not text:
            print(f"Nothing typed: {hint}.")
            continue
        try:
            number = int(text)
        except ValueError:
            print(f"{text!r} is not a number: {hint}.")
            continue
        if not 1 <= number <= count:
            print(f"{number} is not a choice: {hint}.")
            continue
        return actions[number - 1]


def result_text(state: State, me: int | None) -> str:
    result = state.result
    names = [seat_name(s) + (" (you)" if s == me else "") for s in range(state.players)]
    winners = " and ".join(names[s] for s in result.winners) or "nobody"
    scores = ", ".join(f"{names[s]} {score}" for s, score in enumerate(result.scores))
    return f"\nGame over: {winners} won ({result.reason}).\nScores: {scores}."


def who(seats) -> str:
    """Seats as a person reads them: "P1 and P3", or "nobody"."""
    return " and ".join(seat_name(s) for s in seats) or "nobody"
