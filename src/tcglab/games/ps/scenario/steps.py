"""Where a scenario stands in the turn: the points `at` names, the pending steps each
point stands for, and those steps written out as text (`pending = [...]`) for a
position the points do not cover.

A point and the few facts beside it (`to_act`, `passed`, `aim`) give the whole stack
of pending steps of a position; `export` writes `pending` only when they would not.
"""

from __future__ import annotations

POINTS = {
    "start": "just before the start phase of the turn player (stands up, clears events, draws)",
    "mulligan": "before the first turn: a player keeps the opening hand or redraws (PS-GAP-3)",
    "main": "the main phase of the turn player (PS-8.3)",
    "main.aim": "the main phase: an event or ability waits for its target",
    "end": "the end phase: a player may place an event or use an ability, or pass (PS-8.4)",
    "end.aim": "the end phase: an event or ability waits for its target",
    "battle.defend": "a battle: the defending player declares defenders one at a time (PS-9.3)",
    "battle.window": "a battle: a player may play a card marked for battles, or pass (PS-GAP-12)",
    "battle.aim": "a battle window: an event or ability waits for its target",
    "battle.target": "a battle: the attacking player picks the defender to damage (PS-9.4)",
    "discard": "the reset phase: the turn player discards down to the hand limit (PS-8.5.2)",
    "over": "the game has ended",
}
# Points at which `to_act` (who decides) may differ from the turn player, and at which
# the other player may just have passed.
CHOOSER_POINTS = ("mulligan", "end", "end.aim", "battle.window", "battle.aim")
PASS_POINTS = ("end", "battle.window")
AIM_POINTS = ("main.aim", "end.aim", "battle.aim")
BATTLE_POINTS = ("battle.defend", "battle.window", "battle.aim", "battle.target")

# Steps whose only argument is a seat, by the name a file gives them.
SEAT_STEPS = {
    "turn_start": "start",
    "draw_phase": "draw",
    "main": "main",
    "reset": "reset",
    "trim": "discard",
    "mulligan": "mulligan",
    "defend": "defend",
    "pick_target": "battle-target",
    "attack_damage": "attack-damage",
    "strike_back": "strike-back",
    "battle_end": "battle-end",
}
WINDOWS = {"end": "end-phase", "battle": "battle-window"}
STEP_WORDS = (*SEAT_STEPS.values(), *WINDOWS.values(), "aim")
_STEP_OF = {word: step for step, word in SEAT_STEPS.items()}
_MOMENT_OF = {word: moment for moment, word in WINDOWS.items()}


# PS-9 what a declared battle still has to do, bottom first (battle.declare)
BATTLE_STEPS = ("battle_end", "strike_back", "attack_damage", "pick_target")


def stack_at(at: str, seat: int, chooser: int, passed: bool, aim: tuple | None) -> list[tuple]:
    """The pending steps (bottom first) of point `at` in `seat`'s turn, with `chooser`
    deciding where a point lets either player decide, `passed` if the other player
    passed just before, and `aim` = (card number, source uid) of an effect waiting
    for its target."""
    other, passes = 1 - seat, int(passed)
    aiming = [] if aim is None else [("target", chooser, *aim)]
    if at == "start":
        return [("turn_start", seat)]
    if at == "mulligan":
        return [("turn_start", seat), ("mulligan", other)] + (
            [("mulligan", seat)] if chooser == seat else []
        )
    if at == "discard":
        return [("turn_start", other), ("trim", seat)]
    if at == "over":
        return []
    if at == "end":
        return [("reset", seat), ("window", chooser, "end", passes)]
    if at == "end.aim":
        return [("reset", seat), ("window", 1 - chooser, "end", 0), *aiming]
    main = [("reset", seat), ("window", seat, "end", 0), ("main", seat)]
    if at.startswith("main"):
        return main + aiming
    battle = main + [(name, seat) for name in BATTLE_STEPS]
    if at == "battle.defend":
        return [*battle, ("window", seat, "battle", 0), ("defend", other)]
    if at == "battle.window":
        return [*battle, ("window", chooser, "battle", passes)]
    if at == "battle.aim":
        return [*battle, ("window", 1 - chooser, "battle", 0), *aiming]
    return battle  # battle.target


def point_of(stack: list[tuple], over: bool) -> str:
    """The point a stack of pending steps stands at (its top decision)."""
    if over:
        return "over"
    top = stack[-1]
    if top[0] == "target":
        below = stack[-2] if len(stack) > 1 else ("main",)
        if below[0] == "window":
            return "end.aim" if below[2] == "end" else "battle.aim"
        return "main.aim"
    if top[0] == "window":
        return "end" if top[2] == "end" else "battle.window"
    return {
        "main": "main",
        "defend": "battle.defend",
        "pick_target": "battle.target",
        "trim": "discard",
        "mulligan": "mulligan",
    }.get(top[0], "start")


# -- steps as text ------------------------------------------------------------------------


def step_text(step: tuple, seat_key, source_slot) -> str:
    """One pending step as a file writes it: "main p1", "end-phase p2 passed",
    "aim p1 E2" (the effect of the card in that slot waits for its target)."""
    name, seat = step[0], seat_key(step[1])
    if name == "window":
        return f"{WINDOWS[step[2]]} {seat}" + (" passed" if step[3] else "")
    if name == "target":
        return f"aim {seat} {source_slot(step[1], step[3])}"
    return f"{SEAT_STEPS[name]} {seat}"


def read_step(text: str, seat_of, source_of, fail) -> tuple:
    """The step a `pending` entry names; `fail(problem)` for one it cannot read."""
    words = text.split() if isinstance(text, str) else []
    if len(words) < 2 or words[0] not in STEP_WORDS:
        raise fail(f"{text!r} is not a step; steps: {', '.join(STEP_WORDS)} (then a seat)")
    word, seat, rest = words[0], seat_of(words[1]), words[2:]
    if word in _STEP_OF and not rest:
        return (_STEP_OF[word], seat)
    if word in _MOMENT_OF and rest in ([], ["passed"]):
        return ("window", seat, _MOMENT_OF[word], len(rest))
    if word == "aim" and len(rest) == 1:
        return ("target", seat, *source_of(seat, rest[0]))
    raise fail(f"{text!r}: unexpected words after the seat")
