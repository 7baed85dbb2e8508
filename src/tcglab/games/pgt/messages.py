"""Human messages for Pretty Good Tactics events, written from the data the viewer may see."""

from __future__ import annotations


def _p(seat) -> str:
    return f"P{int(seat) + 1}"


def _formation(d):
    shown = ", ".join(
        f"{slot}={card}"
        for slot, card in zip(
            ("F1", "F2", "F3", "B1", "B2", "B3"), d.get("cards") or d["slots"], strict=True
        )
        if card
    )
    total = f" (score total {d['total']})" if "total" in d else ""
    return f"{_p(d['seat'])} forms the party: {shown or 'nobody'}{total}"


def _check(d):
    faces = "+".join(str(f) for f in d["faces"])
    mod = f"({d['mod']:+d})" if d["mod"] else ""
    if d["invalid"]:
        return f"{faces}{mod}: the attack is invalid, attack power 0"
    if d["fumble"]:
        return f"{faces}{mod}: fumble, value 0"
    if d["critical"]:
        return f"{faces}{mod}: critical hit, value 99"
    return f"{faces}{mod} = {d['value']}"


def _game_over(d):
    why = {
        "score": "10 points reached",
        "empty_party": "a party was empty at the start of a round",
        "round_limit": "the round limit was reached",
    }[d["reason"]]
    who = " and ".join(_p(w) for w in d["winners"]) or "nobody"
    return f"Game over ({why}): {who} wins; scores {d['scores'][0]}-{d['scores'][1]}"


MESSAGES = {
    "deal": lambda d: f"Each player is dealt {d['each']} cards",
    "draw": lambda d: f"{_p(d['seat'])} draws {d.get('name', 'a card')}",
    "deck_empty": lambda d: f"{_p(d['seat'])} cannot draw: the deck is empty",
    "first_roll": lambda d: f"First-player roll: P1 {d['rolls'][0]}, P2 {d['rolls'][1]}",
    "first_player": lambda d: f"{_p(d['seat'])} goes first in round {d['round']}",
    "formation": _formation,
    "round": lambda d: f"Round {d['round']} begins",
    "round_over": lambda d: f"Round {d['round']} ends: two turns passed without an attack",
    "turn": lambda d: f"Turn {d['turn']}: {_p(d['seat'])} to play",
    "no_attack": lambda d: f"{_p(d['seat'])} does not attack",
    "use": lambda d: (
        f"{_p(d['seat'])}: {d['name']} at {d['actor']} uses {d['ability']}"
        + (f" on {', '.join(d['targets'])}" if d["targets"] else "")
    ),
    "guard": lambda d: f"{d['guard']} guards {d['target']} and becomes the target",
    "roll": lambda d: f"{_p(d['seat'])} rolls {d['dice']} dice: {d['faces']}",
    "reroll": lambda d: f"{_p(d['seat'])} has the dice rerolled: {d['faces']}",
    "check": _check,
    "compare": lambda d: (
        f"Attack power {d['value']} against {d['mode']}-def {d['defence']} of "
        f"{d['target']}: {'success' if d['success'] else 'failure'}"
    ),
    "invalid": lambda d: f"Innocence succeeds: the attack by {d['at']} is invalid",
    "retire": lambda d: (
        f"{d['name']} ({d['at']}) retires: {_p(d['by'])} gains {d['points']} "
        f"(score {d['score'][0]}-{d['score'][1]})"
    ),
    "flip": lambda d: f"{d['name']} at {d['at']} is turned face-up",
    "hide": lambda d: f"{d['name']} at {d['at']} is turned face-down",
    "boost": lambda d: f"{_p(d['of'])}'s check is now {d['dice']}D{d['mod']:+d}",
    "defence": lambda d: f"{d['at']} gets {d['mode']}-def +{d['amount']} this round",
    "counters": lambda d: f"{d['at']} now has {d['count']} {d['name']} counters",
    "peek": lambda d: (
        f"{_p(d['seat'])} looks at {d['at']}: {d['name']}"
        if "name" in d
        else f"{_p(d['seat'])} secretly looks at {d['at']}"
    ),
    "recall": lambda d: f"{d['name']} ({d['at']}) returns to {_p(d['seat'])}'s hand",
    "fizzle": lambda d: f"{d['ability']} has no effect: its targets are gone",
    "game_over": _game_over,
}


def describe(kind: str, data: dict, lang: str = "en") -> str:
    return MESSAGES[kind](data)
