"""What one seat may know of a draft table, and its text picture for the terminal.

A seat sees the pack in front of it and its own picks, and of the others only how
many cards they hold and have picked; the bracket is public (every match of every
round: its seats as far as they are known, and whether it is played, being played or
to come); of the game being played it sees what a player of that game sees, or what a
spectator sees."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.games.pgt.cards import card_set
from tcglab.games.pgt.draft import LEFT, neighbour, pairings

if TYPE_CHECKING:
    from tcglab.games.pgt.draft_state import DraftState


def observe(st: DraftState, seat: int | None) -> dict:
    ids = _ids(st.cards.cards)
    view = {
        "game": "pgt",
        "format": "draft",
        "phase": st.phase,
        "seat": seat,
        "players": st.players,
        "seating": list(st.order),
        "to_move": st.to_move,
        "deal": st.deal,
        "direction": "left" if st.deal == 1 else "right",
        "pack_sizes": [len(pack) for pack in st.packs],
        "pick_counts": [len(deck) for deck in st.picks],
        "pack": ids(st.packs[seat]) if seat is not None and st.packs else [],
        "picks": ids(st.picks[seat]) if seat is not None else [],
        "rounds": [[dict(match) for match in matches] for matches in st.rounds],
        "bracket": bracket(st),
        "match": None,
        "options": dict(st.options),
        "result": None if st.result is None else st.result.to_dict(),
    }
    if seat is not None:
        step = LEFT if st.deal == 1 else -LEFT
        view["passes_to"] = neighbour(st.order, seat, step)
        view["receives_from"] = neighbour(st.order, seat, -step)
    if st.sub is not None:
        local = st.local_seat(seat)
        view["match"] = {
            "players": list(st.pair),
            "wins": list(st.wins),
            "games": [dict(g) for g in st.games],
            "local_seat": local,
            "view": st.sub.observe(local),
        }
    return view


def bracket(st: DraftState) -> list[list[dict]]:
    """PGT-15.4 the knockout as everyone may see it, round by round: each match with its
    `players` (None for a winner still to come) and `state` "done" (with `wins` and
    `winner`), "playing" (with `wins` so far and the `game` under way) or "waiting"; a
    bye (PGT-GAP-25) as {"bye": seat, "state": "bye"}. Empty while the draft goes on."""
    rounds = []
    for matches in st.rounds:
        rounds.append([{**m, "state": "bye" if "bye" in m else "done"} for m in matches])
    if not rounds or st.result is not None:
        return rounds
    if st.pair is not None:
        live = {"players": list(st.pair), "state": "playing", "wins": list(st.wins)}
        rounds[-1].append(live | {"game": len(st.games) + 1})
    rounds[-1] += [{"players": list(pair), "state": "waiting"} for pair in st.queue]
    seats = st.advancing + [None] * (len(st.queue) + (st.pair is not None))
    while len(seats) > 1:  # the rounds to come, paired as start_round will pair them
        pairs, bye = pairings(seats)  # a bye of None: a winner still to come
        ahead = [{"bye": bye, "state": "bye"}] if len(seats) % 2 else []
        ahead += [{"players": list(pair), "state": "waiting"} for pair in pairs]
        rounds.append(ahead)
        seats = ([bye] if len(seats) % 2 else []) + [None] * len(pairs)
    return rounds


def _ids(cards):
    """The ids of a group of cards, sorted (the order says nothing hidden); a client
    draws the faces from the printed card list."""

    def ids(group: list[int]) -> list[str]:
        return sorted(cards[c].id for c in group)

    return ids


def render(view: dict) -> str:
    """A text picture of a draft table's observation."""
    lines = []
    seat = view["seat"]
    if view["phase"] == "draft":
        lines.append(
            f"Draft, deal {view['deal']} of 2: packs pass to the {view['direction']}; "
            f"pack sizes {view['pack_sizes']}, picked {view['pick_counts']}"
        )
        if seat is not None:
            lines.append(f"Your pack ({len(view['pack'])}):")
            lines += [_card_line(card_id) for card_id in view["pack"]]
    lines.append(f"Your picks ({len(view['picks'])}): " + ", ".join(view["picks"]))
    for n, matches in enumerate(view["rounds"], start=1):
        lines.append(f"Round {n}: " + "; ".join(_match_line(m) for m in matches))
    match = view["match"]
    if match is not None:
        a, b = match["players"]
        lines.append(f"Match P{a + 1} v P{b + 1}: {match['wins'][0]}-{match['wins'][1]}")
        from tcglab.games.pgt.cup import rename
        from tcglab.games.pgt.render import render as render_game

        lines.append(rename(render_game(match["view"]), tuple(match["players"])))
    if view["result"]:
        lines.append(f"Champion: P{view['result']['winners'][0] + 1}")
    return "\n".join(lines)


def _card_line(card_id: str) -> str:
    c = card_set().card(card_id)
    return f"  {c.id} {c.name_en} (score {c.score}, P{c.pdef}/M{c.mdef})"


def _match_line(m: dict) -> str:
    if "bye" in m:
        return f"P{m['bye'] + 1} bye"
    a, b = m["players"]
    return f"P{a + 1} v P{b + 1} {m['wins'][0]}-{m['wins'][1]}, P{m['winner'] + 1} goes on"
