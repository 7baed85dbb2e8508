"""A text picture of one seat's observation: both parties in two rows each (the
viewer's at the bottom, front rows facing each other), face-down characters as unknown,
hands, scores and the check in progress."""

from __future__ import annotations

from tcglab.engine.messages import seat_name

FRONT, BACK = ("F1", "F2", "F3"), ("B1", "B2", "B3")
WIDTH = 24


def _cell(held: dict | None) -> str:
    if held is None:
        return "·".center(WIDTH)
    tap = "↷" if held["tapped"] else " "
    card = held["card"]
    if not held["face_up"]:
        name = f"[{card['name']}]" if card else "[face-down]"
        return f"{tap}{name} 0/0"[:WIDTH].ljust(WIDTH)
    counters = "".join(f" {k}{v}" for k, v in held["counters"].items())
    text = f"{tap}{card['name']} s{card['score']} {held['pdef']}/{held['mdef']}{counters}"
    return text[:WIDTH].ljust(WIDTH)


def _row(field: dict, slots) -> str:
    return " ".join(f"{slot}:{_cell(field[slot])}" for slot in slots)


def _proc(p: dict) -> str:
    mod = f"{p['mod']:+d}" if p.get("mod") else ""
    dice = f" {p['mode']}{p['dice']}D{mod}" if p.get("dice") else ""
    faces = f" rolled {p['faces']} -> {p['value']}" if p["faces"] is not None else ""
    who = p["actor"] or "(gone)"
    targets = ", ".join(t or "(gone)" for t in p["targets"])
    what = p["purpose"] or p["kind"]
    by = seat_name(p["seat"])
    return f"  {what} by {by} {who}{dice} on {targets or '-'}{faces} [{p['stage']}]"


def render(obs: dict) -> str:
    me = obs["seat"] if obs["seat"] is not None else 0
    them = 1 - me
    lines = [
        f"Pretty Good Tactics — round {obs['round']}, turn {obs['turn']}, "
        f"turn player {seat_name(obs['turn_player'])}"
        if obs["turn_player"] >= 0
        else "Setting up",
    ]
    for seat, order in ((them, (BACK, FRONT)), (me, (FRONT, BACK))):
        side = obs["sides"][seat]
        lines.append(
            f"{seat_name(seat)}: score {side['score']}  hand {side['hand_size']}  "
            f"deck {side['deck_size']}"
        )
        lines.extend("  " + _row(side["field"], slots) for slots in order)
        if side.get("waiting"):  # re-forming: still to place, by the slot they left
            lines.append("  to place: " + _row(side["waiting"], side["waiting"]))
        if seat == them:
            lines.append("  " + "-" * 60)
    if obs["procs"]:
        lines.append("In progress:")
        lines.extend(_proc(p) for p in obs["procs"])
    if obs.get("hand") is not None:
        lines.append(f"Your hand ({seat_name(me)}):")
        for n, card in enumerate(obs["hand"], start=1):
            lines.append(
                f"  {n:2}. {card['id']} {card['name']} ({card['name_ja']}) score {card['score']} "
                f"P{card['pdef']}/M{card['mdef']} {card['attribute']}  "
                + " | ".join(card["abilities"])
            )
    if obs.get("forming"):
        lines.append("Forming: " + " ".join(str(c or "-") for c in obs["forming"]))
    if obs["result"]:
        r = obs["result"]
        won = " and ".join(seat_name(w) for w in r["winners"]) or "nobody"
        lines.append(f"Game over: {won} wins ({r['reason']}), scores {r['scores']}")
    return "\n".join(lines)
