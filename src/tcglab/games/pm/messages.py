"""Human messages for Precious Memories events, written from the data the viewer may
see (a drawn card's name only reaches the player who drew it)."""

from __future__ import annotations


def _p(seat) -> str:
    return f"P{int(seat) + 1}"


def _draw(d):
    if "cards" in d:
        return f"{_p(d['seat'])} draws {', '.join(d['cards']) or 'nothing'}"
    return f"{_p(d['seat'])} draws {d['count']} card{'s' * (d['count'] != 1)}"


def _game_over(d):
    if not d["winners"]:
        return f"Both players meet a victory condition at once: a draw ({d['reason']})"
    why = {"seven_points": "seven point cards", "deck_out": "an empty deck"}[d["reason"]]
    return f"{_p(d['winners'][0])} wins: the opponent has {why}"


def _modified(d):
    if d["how"] == "set":
        change = f"becomes {d['ap']}/{d['dp']}"
    elif d["how"] == "swap":
        change = "swaps AP and DP"
    else:
        change = f"gets {d['ap']:+d}/{d['dp']:+d}" + (f", cost {d['cost']:+d}" if d["cost"] else "")
    now = ", ".join(f"{n} ({a}/{b})" for n, (a, b) in zip(d["names"], d["now"], strict=True))
    return f"{now}: {change} until end of turn" if now else "No character to change"


_MESSAGES = {
    "first_player": lambda d: f"{_p(d['seat'])} goes first ({d['how']})",
    "keep_hand": lambda d: f"{_p(d['seat'])} keeps the opening hand",
    "redraw": lambda d: f"{_p(d['seat'])} puts the hand on the bottom of the deck and redraws",
    "turn": lambda d: f"Turn {d['turn']}: {_p(d['seat'])}",
    "draw": _draw,
    "activate": lambda d: f"{_p(d['seat'])} activates {d['count']} rested character(s)",
    "pass": lambda d: f"{_p(d['seat'])} passes",
    "play": lambda d: f"{_p(d['seat'])} plays {d['name']} ({d['card']})",
    "use": lambda d: f"{_p(d['seat'])} uses the text of {d['name']} at {d['actor']}",
    "pay": lambda d: (
        f"{_p(d['seat'])} pays {d['source']} with {d['card']} ({d['how']}), {d['left']} to go"
    ),
    "appear": lambda d: f"{d['name']} appears at {d['at']}",
    "set": lambda d: f"{d['name']} is set on {d['target']}",
    "modified": _modified,
    "fizzle": lambda d: f"{d['name']} has no target left and does nothing",
    "negated": lambda d: f"{d['name']} is cancelled",
    "rest": lambda d: f"{d['name']} at {d['target']} is rested",
    "wake": lambda d: f"{d['name']} at {d['target']} becomes active",
    "discount": lambda d: f"{_p(d['seat'])}'s next character costs {d['amount']} less",
    "refresh": lambda d: f"{_p(d['seat'])} turns {d['card']} at {d['target']} face-up",
    "rally": lambda d: f"{_p(d['seat'])} makes {d['count']} main character(s) active",
    "approach": lambda d: f"{_p(d['seat'])} approaches with " + " and ".join(d["names"]),
    "no_approach": lambda d: f"{_p(d['seat'])} approaches no more",
    "obstruct": lambda d: f"{_p(d['seat'])} obstructs with {d['name']} {d['values']}",
    "unobstructed": lambda d: f"{_p(d['seat'])} does not obstruct",
    "point": lambda d: f"{d['name']} goes into {_p(d['seat'])}'s point area ({d['total']})",
    "break": lambda d: f"{_p(d['seat'])} turns {d['name']} face-down to play it",
    "allocate": lambda d: f"{_p(d['seat'])} splits the obstructor's AP as {d['parts']}",
    "exit_check": lambda d: (
        f"Exit check: AP {d['approach']} against DP {d['obstructor_dp']}; "
        + (f"retired {', '.join(d['retired'])}" if d["retired"] else "nobody exits")
    ),
    "retire": lambda d: f"{', '.join(d['names'])} exit(s) to the discard ({d['why']})",
    "approach_broken": lambda d: "A character left the approach: no exit check and no point",
    "approach_over": lambda d: "The approach ends",
    "discard": lambda d: f"{_p(d['seat'])} discards {d['name']} ({d['why']})",
    "end_turn": lambda d: f"{_p(d['seat'])} ends the turn",
    "game_over": _game_over,
}


def describe(kind: str, data: dict, lang: str = "en") -> str:
    write = _MESSAGES.get(kind)
    return write(data) if write else kind
