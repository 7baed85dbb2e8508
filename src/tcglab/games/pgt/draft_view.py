"""What one seat may know of a draft table, and its text picture for the terminal.

A seat sees the pack in front of it and its own picks, and of the others only how
many cards they hold and have picked; the bracket is public; of the game being
played it sees what a player of that game sees, or what a spectator sees."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.games.pgt.cards import card_set
from tcglab.games.pgt.draft import LEFT, neighbour

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
