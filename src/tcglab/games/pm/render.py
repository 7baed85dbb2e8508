"""A text picture of one seat's observation for the terminal: the opponent's side on
top, one's own side below, then the hand and what is happening now."""

from __future__ import annotations

from tcglab.games.pm.cards import CardSet


def _character(ref: str, view: dict) -> str:
    values = "support" if view["ap"] is None else f"{view['ap']}/{view['dp']}"
    marks = " rested" if view["rested"] else ""
    marks += " new" if view["new"] else ""
    gear = f" +{'+'.join(view['supports'])}" if view["supports"] else ""
    return f"{ref} {view['name']} {values} c{view['cost']}{marks}{gear}"


def _side(seat_view: dict, label: str) -> list[str]:
    s = seat_view["seat"] + 1
    points = " ".join(p["card"] + ("" if p["face_up"] else "(down)") for p in seat_view["points"])
    lines = [
        f"{label} P{s}: deck {seat_view['deck']}, hand {seat_view['hand_size']}, "
        f"discard {len(seat_view['discard'])}, points {len(seat_view['points'])}/7 {points}",
    ]
    main = [_character(f"M{n}", v) for n, v in enumerate(seat_view["main"], start=1)]
    support = [_character(f"S{n}", v) for n, v in enumerate(seat_view["support"], start=1)]
    lines.append("  main:    " + (" | ".join(main) or "-"))
    lines.append("  support: " + (" | ".join(support) or "-"))
    return lines


def _hand_line(cards: CardSet, card_id: str) -> str:
    card = cards.cards[cards.index(card_id)]
    values = f" {card.ap}/{card.dp}" if card.ap is not None else ""
    text = f" {card.text_en}" if card.text_en else ""
    return (
        f"  {card.id} {card.name_en} [{card.kind} cost {card.cost} source {card.source} "
        f"{card.colour}{values}]{text}"
    )


def render(cards: CardSet, obs: dict) -> str:
    seat = obs["seat"]
    me = 0 if seat is None else seat
    whose = f"P{obs['current'] + 1}'s turn" if obs["current"] >= 0 else "setting up"
    you = "spectator" if seat is None else f"you are P{seat + 1}"
    lines = [f"Precious Memories: turn {obs['turn']}, {whose}, {obs['phase']} phase ({you})"]
    lines += _side(obs["seats"][1 - me], "   ")
    lines.append("  " + "-" * 60)
    lines += _side(obs["seats"][me], "   ")
    if obs["approach"]:
        against = f" obstructed by {obs['obstructor']}" if obs["obstructor"] else ""
        lines.append(f"Approach: {' + '.join(obs['approach'])}{against}")
    if obs["playing"]:
        lines.append(f"Being played: {', '.join(obs['playing'])}")
    if obs["paying"]:
        pay = obs["paying"]
        lines.append(f"Paying for {pay['card']}: {pay['left']} source to go")
    if "hand" in obs:
        lines.append(f"Hand ({len(obs['hand'])}):")
        lines += [_hand_line(cards, card_id) for card_id in obs["hand"]]
    if obs["result"]:
        result = obs["result"]
        winners = ", ".join(f"P{w + 1}" for w in result["winners"]) or "nobody (a draw)"
        lines.append(f"Game over: {winners} ({result['reason']})")
    elif obs["to_move"] is not None:
        lines.append(f"P{obs['to_move'] + 1} to decide ({obs['step']})")
    return "\n".join(lines)
