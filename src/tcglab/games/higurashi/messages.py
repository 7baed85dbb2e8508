"""Human messages for Higurashi events, written from the data the viewer may see."""

from __future__ import annotations


def _p(seat) -> str:
    return f"P{int(seat) + 1}"


def _who(data: dict, key: str = "name", ref: str = "target") -> str:
    if data.get(key):
        return data[key]
    seat, slot = str(data[ref]).split(".")
    return f"face-down card {int(slot) + 1} of {_p(seat)}"


def _start_roll(d):
    rolls = ", ".join(f"{_p(s)} rolled {v}" for s, v in d["rolls"].items())
    return rolls + ("; a tie for highest, those players roll again" if d["tied"] else "")


def _draw(d):
    return (
        f"{_p(d['seat'])} draws {d['name']}"
        if "name" in d
        else f"{_p(d['seat'])} draws an event card"
    )


def _result(d, what):
    outcome = "succeeds" if d["success"] else "fails"
    return f"The {what} {outcome} ({d['total']}, needed {max(1, d['needed'])})"


def _steal(d):
    taken = d.get("name", "a face-down character")
    return f"{_p(d['seat'])} takes {taken} from {_p(d['victim'])} as their own"


def _game_over(d):
    why = {
        "last_standing": "one player is left",
        "pile_empty": "the character pile ran out",
        "round_limit": "the round limit was reached",
    }[d["reason"]]
    scores = ", ".join(f"{_p(s)} {v}" for s, v in enumerate(d["scores"]))
    return f"Game over ({why}): {' and '.join(_p(w) for w in d['winners'])} wins; scores {scores}"


MESSAGES = {
    "deal": lambda d: f"Each of {d['players']} players is dealt {d['each']} face-down characters",
    "start_roll": _start_roll,
    "first_player": lambda d: f"{_p(d['seat'])} goes first",
    "turn": lambda d: f"Turn {d['turn']} (round {d['round']}): {_p(d['seat'])} to play",
    "draw": _draw,
    "deck_empty": lambda d: f"{_p(d['seat'])} cannot draw: no event cards are left",
    "reshuffle": lambda d: f"The event discard is shuffled into a new deck of {d['cards']}",
    "discard": lambda d: f"{_p(d['seat'])} discards {d['name']}",
    "reveal": lambda d: f"{d['name']} of {_p(d['seat'])} is turned face-up",
    "scout": lambda d: f"{_p(d['seat'])} scouts {_who(d, 'none')} with {d['name']}",
    "attack": lambda d: (
        f"{_p(d['seat'])}'s {d['name']} (attack {d['attack']}) attacks "
        f"{d['target_name']} (defence {d['defence']})"
    ),
    "counter": lambda d: f"{d['name']} counter-attacks {d['target_name']}",
    "no_counter": lambda d: f"{_p(d['seat'])} does not counter-attack",
    "roll": lambda d: f"{_p(d['seat'])} rolls {d['die']}",
    "modify": lambda d: f"{_p(d['seat'])} plays {d['name']}: the roll now counts as {d['total']}",
    "scout_result": lambda d: (
        f"The scouting {'succeeds' if d['success'] else 'fails'} ({d['total']})"
    ),
    "attack_result": lambda d: _result(d, "attack"),
    "counter_result": lambda d: _result(d, "counter-attack"),
    "capture": lambda d: (
        f"{_p(d['by'])} captures {d['name']} ({d['points']} points) from {_p(d['seat'])}"
    ),
    "eliminated": lambda d: f"{_p(d['seat'])} has no characters left and is out",
    "end_turn": lambda d: f"{_p(d['seat'])} ends the turn",
    "play": lambda d: f"{_p(d['seat'])} plays {d['name']}",
    "fizzle": lambda d: f"{d['name']} has no effect",
    "modified": lambda d: (
        f"{', '.join(d['targets'])}: {d['attack']:+d} attack, {d['defence']:+d} defence"
    ),
    "steal": _steal,
    "equip": lambda d: f"{_p(d['seat'])} equips {d['targets'][0]} with {d['name']}",
    "peek": lambda d: (
        f"{_p(d['seat'])} looks at {d['name']}"
        if "name" in d
        else f"{_p(d['seat'])} secretly looks at {_who(d, 'none')}"
    ),
    "ready": lambda d: f"{d['name']} stands up again",
    "recruit": lambda d: (
        f"{_p(d['seat'])} recruits {d['name']} face-down"
        if "name" in d
        else f"{_p(d['seat'])} recruits a face-down character"
    ),
    "hide": lambda d: f"{d['name']} is turned face-down again",
    "game_over": _game_over,
}


def describe(kind: str, data: dict, lang: str = "en") -> str:
    return MESSAGES[kind](data)
