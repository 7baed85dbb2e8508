"""A text picture of one seat's observation, for the terminal."""

from __future__ import annotations

STEPS = {
    "main": "main phase",
    "window": "end phase / battle window",
    "defend": "declaring defenders",
    "pick_target": "choosing the battle target",
    "target": "choosing a target",
    "trim": "reset phase: discarding to the hand limit",
    "mulligan": "mulligan",
}


def _unit(u: dict) -> str:
    card = u["card"]
    state = "EXH" if u["exhausted"] else "std"
    flags = " new" if u["sick"] else ""
    bonus = f"{u['technique_bonus']:+d}" if u["technique_bonus"] else ""
    guard = f" guard {u['guard']}" if u["guard"] else ""
    title = f", {card['title']}" if card.get("title") else ""
    return (
        f"  {u['slot']}. [{state}{flags}] {card['name']}{title} ({card['id']}, {card['work']}) "
        f"L{card['level']} tech {card['technique']}{bonus} sense {u['sense']} "
        f"life {u['life'] - u['damage']}/{u['life']}{guard} energy {u['energy']}"
    )


def _side(s: dict, label: str) -> list[str]:
    lines = [
        f"{label} P{s['seat'] + 1}: damage {s['damage']}/{s['life']}  deck {s['deck']}  "
        f"hand {s['hand_size']}  energy {s['free_energy']} free of {s['energy']}  "
        f"trash {len(s['trash'])}"
    ]
    lines += [_unit(u) for u in s["characters"]] or ["  (no characters)"]
    for e in s["events"]:
        lines.append(f"  event: {e['card']['name']} ({e['card']['id']}), energy {e['energy']}")
    return lines


def render(obs: dict) -> str:
    seat = obs["seat"]
    me = 0 if seat is None else seat
    out = [f"Princess Scramble - turn {obs['turn']}, P{obs['current'] + 1} to play"]
    if obs["result"]:
        winners = " and ".join(f"P{w + 1}" for w in obs["result"]["winners"])
        out.append(f"Game over: {winners} wins ({obs['result']['reason']})")
    out += _side(obs["seats"][1 - me], "Opponent" if seat is not None else "Seat")
    out.append("-" * 60)
    out += _side(obs["seats"][me], "You" if seat is not None else "Seat")
    battle = obs["battle"]
    if battle:
        defenders = ", ".join(str(d) for d in battle["defenders"] if d) or "none"
        out.append(
            f"Battle: P{battle['attacker_seat'] + 1}'s character {battle['attacker']} attacks; "
            f"defenders {defenders}"
        )
    if "hand" in obs:
        out.append("Hand:")
        for pos, card in enumerate(obs["hand"], start=1):
            if card["kind"] == "character":
                what = (
                    f"character L{card['level']} tech {card['technique']} sense {card['sense']} "
                    f"life {card['life']} ({card['work']})"
                )
            else:
                what = f"event L{card['level']}: {card['text']}"
            out.append(f"  {pos}. {card['name']} ({card['id']}) {what}")
    if obs["to_move"] is not None:
        step = STEPS.get(obs["step"], obs["step"])
        if obs.get("pending"):
            step += f" for {obs['pending']['card']} ({obs['pending']['effect']})"
        out.append(f"P{obs['to_move'] + 1} decides: {step}")
    return "\n".join(out)
