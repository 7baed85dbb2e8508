"""The Higurashi board as plain text, drawn from one seat's observation and nothing else.

Card ids found in the observation are looked up in the shipped card set for their
names; ids the observation does not hold (a face-down card the seat has not seen)
never reach the picture, so the board cannot show more than the seat may know.
"""

from __future__ import annotations

import textwrap
from collections import Counter
from functools import cache

from tcglab.engine.messages import seat_name
from tcglab.games.higurashi.cards import card_set

HIDDEN = "[ ? ]"
FACE_DOWN = "▼ face-down"
SIDEWAYS = "↷ sideways"
WIDTH = 100

# What the seat to move is doing at each decision step.
STEPS = {
    "main": "acting",
    "trim": "over the hand limit: use or discard",
    "window": "may change the roll with an event",
    "counter": "may counter-attack",
    "scout_target": "choosing a card to scout",
    "attack_target": "choosing a card to attack",
    "event_target": "choosing a target for an event",
}
TIMINGS = {
    "main": "on your turn",
    "own_roll": "after your own roll",
    "enemy_roll": "after an enemy roll against you",
}
AREAS = {
    "own_char": "one of your characters",
    "enemy_char": "one enemy character",
    "all_own": "all your characters",
    "roll": "the die roll",
    "self": "you",
}
REASONS = {
    "last_standing": "one player is left",
    "pile_empty": "the character pile ran out",
    "round_limit": "the round limit was reached",
}


@cache
def _names() -> dict[str, tuple[str, str]]:
    """Every card id of the shipped set with its English and Japanese names."""
    cards = card_set()
    return {c.id: (c.name_en, c.name_ja) for c in (*cards.characters, *cards.events)}


def _card_name(card_id: str, japanese: bool = True) -> str:
    """A public card id as its name (both languages unless asked for English only)."""
    names = _names().get(card_id)
    if names is None:
        return card_id
    return " ".join(names) if japanese else names[0]


def render(view: dict) -> str:
    """A readable board for the seat `view` was observed from (None = spectator)."""
    lines = [_heading(view), _piles(view), ""]
    for seat in view["seats"]:
        lines += _seat_block(view, seat)
    if view.get("roll"):
        lines.append(_roll_line(view))
    pending = _pending_line(view)
    if pending:
        lines.append(pending)
    if view.get("hand") is not None:
        lines += _hand_block(view)
    if view.get("result"):
        lines.append(_result_line(view["result"]))
    return "\n".join(lines).rstrip() + "\n"


def _heading(view: dict) -> str:
    who = "spectator" if view["seat"] is None else f"you are {seat_name(view['seat'])}"
    parts = [f"Turn {view['turn']} (round {view['round']})"]
    if view["current"] >= 0:
        parts.append(f"{seat_name(view['current'])}'s turn")
    if view.get("to_move") is not None:
        doing = STEPS.get(view.get("step"), "deciding")
        parts.append(f"{seat_name(view['to_move'])} {doing}")
    return " · ".join(parts) + f"   [{who}]"


def _piles(view: dict) -> str:
    discard = view["event_discard"]
    top = f" (top: {_card_name(discard[-1])})" if discard else ""
    return (
        f"Character pile {view['character_pile']} · event deck {view['event_deck']}"
        f" · event discard {len(discard)}{top}"
    )


def _seat_block(view: dict, seat: dict) -> list[str]:
    index = seat["seat"]
    hand = seat["hand_size"]
    marks = [
        seat_name(index) + (" (you)" if index == view["seat"] else ""),
        "in the game" if seat["alive"] else "OUT",
        f"{hand} event card{'' if hand == 1 else 's'} in hand",
    ]
    pointer = "▶ " if index == view["current"] and seat["alive"] else "  "
    lines = [pointer + " · ".join(marks)]
    for character in seat["characters"]:
        lines.append(f"    #{character['slot'] + 1} {_character(character)}")
    if seat["alive"] and not seat["characters"]:
        lines.append("    (no characters)")
    captured = ", ".join(_card_name(c, japanese=False) for c in seat["captured"])
    if captured:
        lines += textwrap.wrap(
            f"captured ({seat['captured_points']} points): {captured}",
            WIDTH,
            initial_indent="    ",
            subsequent_indent="        ",
        )
    lines.append("")
    return lines


def _character(character: dict) -> str:
    """One character as a compact card: known values, or `[ ? ]` for an unknown one."""
    card = character["card"]
    if card is None:
        text = HIDDEN + _unknown_mods(character)
    else:
        values = (
            f"A{character['attack']}{_mod(character['attack_mod'])} "
            f"D{character['defence']}{_mod(character['defence_mod'])}"
        )
        text = (
            f"[{card['name']} {card['name_ja']} | {values} | {card['points']}pt {card['colour']}]"
        )
    notes = []
    if card is not None and not character["face_up"]:
        notes.append(FACE_DOWN)
    if character["sideways"]:
        notes.append(SIDEWAYS)
    if character["equipment"]:
        notes.append("equipped: " + ", ".join(_card_name(e) for e in character["equipment"]))
    return " · ".join([text, *notes])


def _mod(amount: int) -> str:
    return f"({amount:+d})" if amount else ""


def _unknown_mods(character: dict) -> str:
    """Modifiers on an unseen card are public even though its values are not."""
    mods = [
        f"{label} {amount:+d}"
        for label, amount in (
            ("attack", character["attack_mod"]),
            ("defence", character["defence_mod"]),
        )
        if amount
    ]
    return f" ({', '.join(mods)})" if mods else ""


def _describe_ref(view: dict, ref: str) -> str:
    """A character named by position, by name if this seat knows it."""
    seat, slot = (int(x) for x in ref.split("."))
    row = view["seats"][seat]["characters"]
    card = row[slot]["card"] if slot < len(row) else None
    where = f"{seat_name(seat)} #{slot + 1}"
    return f"{card['name']} ({where})" if card else f"face-down card {where}"


def _roll_line(view: dict) -> str:
    roll = view["roll"]
    total = roll["die"] + roll["modifier"]
    return (
        f"Roll in progress: {seat_name(roll['roller'])}'s {roll['kind']}, "
        f"{_describe_ref(view, roll['actor'])} against {_describe_ref(view, roll['target'])}: "
        f"die {roll['die']}, modifier {roll['modifier']:+d}, counts as {total}"
    )


def _pending_line(view: dict) -> str:
    """The public details of the open decision: who acts with what, on whom."""
    pending = view.get("pending") or {}
    if "defender" in pending:
        return (
            f"Counter-attack open: {_describe_ref(view, pending['defender'])} may strike back "
            f"at {_describe_ref(view, pending['attacker'])}"
        )
    if "actor" in pending:
        return f"Acting character: {_describe_ref(view, pending['actor'])}"
    if "card" in pending:
        return f"Event being played: {_card_name(pending['card'])}"
    return ""


def _hand_block(view: dict) -> list[str]:
    hand = view["hand"]
    limit = view.get("options", {}).get("hand_limit")
    size = f"{len(hand)} of {limit}" if limit else str(len(hand))
    lines = ["", f"Your hand ({size}):"]
    if not hand:
        lines.append("    (no event cards)")
    copies = Counter(card["id"] for card in hand)
    for card in {card["id"]: card for card in hand}.values():
        count = f" x{copies[card['id']]}" if copies[card["id"]] > 1 else ""
        when = TIMINGS.get(card["timing"], card["timing"])
        area = AREAS.get(card["area"], card["area"])
        lines.append(f"    {card['name']} {card['name_ja']}{count}  [{when}; {area}]")
        for text in (card["text"], card["text_ja"]):
            lines += textwrap.wrap(text, WIDTH, initial_indent=" " * 8, subsequent_indent=" " * 8)
    return lines


def _result_line(result: dict) -> str:
    winners = " and ".join(seat_name(w) for w in result["winners"])
    scores = ", ".join(f"{seat_name(s)} {v}" for s, v in enumerate(result["scores"]))
    why = REASONS.get(result["reason"], result["reason"])
    return f"\nGame over ({why}): {winners} wins · scores {scores}"
