"""The words Higurashi scenario files use: seats, points of the turn, pending steps,
forced-random purposes. Reading (`reading.py`) and writing (`writing.py`) share them,
so a file says the same thing both ways."""

from __future__ import annotations

from tcglab.games.higurashi.table import EVERYONE

__all__ = ["EVERYONE"]

POINTS = {
    "turn.start": "the turn begins: its player stands up and draws an event card (G4-2.3)",
    "main": "the turn player chooses: scout, attack, play an event or end the turn",
    "hand_limit": "over the hand limit: use or discard down to it (G4-6.2, G4-GAP-5)",
    "scout.target": "a scout is chosen (and turned face-up): name the card it scouts (G4-3.2)",
    "attack.target": "an attacker is chosen: name the face-up enemy it attacks (G4-4.1)",
    "event.target": "an event card is being played: choose the character it acts on",
    "roll.own": "the die is rolled: the roller may add its own die cards (G4-8.3)",
    "roll.enemy": "the die is rolled: the defending player may play die cards against it",
    "counter": "an attack failed: the defender may counter-attack (G4-5)",
    "over": "the game is over; `reason` says why",
}

PURPOSES = {
    "dice": "the die of each attack and counter-attack, in order (G4-4.3, G4-5.2)",
    "scout": "the die of each scouting, in order (G4-3.2)",
    "chance": "the die an event card rolls for its effect (Sweet Talk, Pitfall Trap)",
    "first_player": "the start roll, one die per player in seat order, ties rolling again "
    "(G4-2.2, G4-GAP-14)",
}

# tcglab's step names and the scenario's; a die window is named by its timing.
STEP_NAMES = {
    "turn_start": "turn.start",
    "main": "main",
    "trim": "hand_limit",
    "scout_target": "scout.target",
    "attack_target": "attack.target",
    "event_target": "event.target",
    "counter": "counter",
    "resolve_roll": "roll.resolve",
}
WINDOW_NAMES = {"own_roll": "roll.own", "enemy_roll": "roll.enemy"}
STEPS = {name: step for step, name in STEP_NAMES.items()}
WINDOWS = {name: timing for timing, name in WINDOW_NAMES.items()}
# What each pending step names besides its seat: characters (by card id) or an event.
STEP_FIELDS = {
    "turn.start": (),
    "main": (),
    "hand_limit": (),
    "scout.target": ("actor",),
    "attack.target": ("actor",),
    "event.target": ("card",),
    "counter": ("defender", "attacker"),
    "roll.own": (),
    "roll.enemy": (),
    "roll.resolve": (),
}
ROLL_KINDS = ("scout", "attack", "counter")
REASONS = ("last_standing", "pile_empty", "round_limit")
UNTIL = ("end_of_turn", "next_turn")  # how long a modifier lasts (continuous.py)
REST = ("shuffled", "aside")  # where the cards a position does not place go


def seat_key(seat: int) -> str:
    """A seat as files write it: seat 0 is "p1"."""
    return f"p{seat + 1}"


def seat_keys(players: int) -> list[str]:
    return [seat_key(s) for s in range(players)]


def step_name(step: tuple) -> str:
    """The scenario's name of a pending step."""
    if step[0] == "window":
        return WINDOW_NAMES[step[2]]
    return STEP_NAMES[step[0]]


def known_seats(bits: int, players: int) -> str | list[str]:
    """Who knows a character, as files write it: "all", or the seats."""
    if bits == EVERYONE:
        return "all"
    return [seat_key(s) for s in range(players) if bits & (1 << s)]
