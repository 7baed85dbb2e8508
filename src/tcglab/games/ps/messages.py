"""Human messages for Princess Scramble events, written from the data the viewer may see."""

from __future__ import annotations


def _p(seat) -> str:
    return f"P{int(seat) + 1}"


def _draw(d):
    what = d.get("name", "a card")
    return f"{_p(d['seat'])} draws {what}"


def _energy(d):
    if d["source"] == "deck":
        what = "the top card of the deck"
    else:
        what = d["name"] if "name" in d else f"hand card {d['position']}"
    return f"{_p(d['seat'])} places {what} face-down as energy ({d['total']} in all)"


def _modify(d):
    stat = "technique" if d["stat"] == "technique" else "guard"
    until = {"turn": "until end of turn", "field": "while the event stays"}[d["until"]]
    return f"{d['name']} ({_p(d['seat'])}) gets {d['amount']:+d} {stat} {until}"


def _player_damage(d):
    why = {"battle": "", "down": " (a character went down)", "effect": " (card effect)"}[d["why"]]
    return f"{_p(d['seat'])} takes {d['amount']} damage{why}: {d['total']} of 10"


def _game_over(d):
    why = {"damage": "damage reached 10", "deck_out": "a draw could not be made"}[d["reason"]]
    return f"Game over ({why}): {_p(d['winner'])} wins"


MESSAGES = {
    "first_player": lambda d: f"{_p(d['seat'])} goes first",
    "keep": lambda d: f"{_p(d['seat'])} keeps the opening hand",
    "mulligan": lambda d: f"{_p(d['seat'])} shuffles {d['cards']} cards back and redraws",
    "draw": _draw,
    "deck_out": lambda d: f"{_p(d['seat'])} must draw from an empty deck",
    "deck_empty": lambda d: f"{_p(d['seat'])} has no card left to draw",
    "turn": lambda d: f"Turn {d['turn']}: {_p(d['seat'])}",
    "no_first_draw": lambda d: f"{_p(d['seat'])} does not draw on the first turn",
    "event_leaves": lambda d: f"{d['name']} of {_p(d['seat'])} goes to the trash",
    "energy": _energy,
    "place": lambda d: f"{_p(d['seat'])} places {d['name']} (level {d['level']})",
    "arrive": lambda d: (
        f"{d['name']} enters {_p(d['seat'])}'s field at slot {d['slot']}, "
        f"occupying {d['energy']} energy"
    ),
    "unique": lambda d: (
        f"{d['name']} is already on {_p(d['seat'])}'s field: the newcomer goes to the trash"
    ),
    "down": lambda d: (
        f"{d['name']} of {_p(d['seat'])} goes down; {d['released']} energy is released"
    ),
    "main_end": lambda d: f"{_p(d['seat'])} ends the main phase",
    "pass": lambda d: f"{_p(d['seat'])} passes",
    "modify": _modify,
    "heal": lambda d: f"{d['name']} ({_p(d['seat'])}) recovers {d['amount']} damage",
    "strike": lambda d: f"{d['name']} ({_p(d['seat'])}) takes {d['amount']} effect damage",
    "ready": lambda d: f"{d['name']} ({_p(d['seat'])}) returns to standby",
    "tire": lambda d: f"{d['name']} ({_p(d['seat'])}) is exhausted",
    "revive": lambda d: f"{_p(d['seat'])} calls {d['name']} back from the trash",
    "ability": lambda d: f"{d['name']} ({_p(d['seat'])}) uses {d['ability']}",
    "battle": lambda d: f"{_p(d['seat'])} declares a battle with {d['name']}",
    "defend": lambda d: f"{_p(d['seat'])} defends with {d['name']}",
    "hit": lambda d: (
        f"{d['by']} deals {d['amount']} damage to {d['name']} ({d['total']}/{d['life']})"
    ),
    "attack_player": lambda d: f"{d['name']} attacks the player directly for {d['amount']}",
    "battle_end": lambda d: "The battle ends",
    "player_damage": _player_damage,
    "reset": lambda d: f"Reset phase of {_p(d['seat'])}",
    "discard": lambda d: f"{_p(d['seat'])} discards {d['name']}",
    "game_over": _game_over,
}


def describe(kind: str, data: dict, lang: str = "en") -> str:
    return MESSAGES[kind](data)
