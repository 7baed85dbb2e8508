"""What one seat may know of a game (DESIGN section 2): positions, faces, taps and the
identities that seat has seen; never a hidden card's identity or instance number."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.games.pgt.formation import SLOTS, latest_draws, party_as_seen, progress, waiting

if TYPE_CHECKING:
    from tcglab.games.pgt.state import PgtState

SPECTATOR = 1 << 7  # the bit of `known` for what every spectator knows


def _character(st: PgtState, inst: int, bit: int) -> dict:
    known = bool(st.known[inst] & bit)
    up = st.up[inst]
    return {
        "face_up": up,
        "tapped": st.tapped[inst],
        "card": dict(st.card(inst).info) if known else None,
        "pdef": st.defence(inst, "P"),
        "mdef": st.defence(inst, "M"),
        "counters": dict(st.counters.get(inst, ())),
        "mods": list(st.mods.get(inst, (0, 0))),
    }


def _proc(st: PgtState, p: dict, bit: int) -> dict:
    actor = p["actor"]
    on_field = st.loc[actor] >= 0
    ab = None if p["ab"] < 0 else st.card(actor).abilities[p["ab"]]
    shown = ab is not None and (st.known[actor] & bit or st.up[actor])
    return {
        "kind": p["kind"],
        "seat": p["seat"],
        "actor": st.ref(actor) if on_field else None,
        "ability": ab.text if shown else None,
        "targets": [st.ref(t) if st.loc[t] >= 0 else None for t in p["targets"]],
        "mode": p.get("mode_pm"),
        "dice": p.get("dice"),
        "mod": p.get("mod"),
        "rolled": p["k"],
        "faces": None if p["faces"] is None else list(p["faces"]),
        "value": p["value"],
        "invalid": p["invalid"],
        "purpose": p["purpose"],
        "stage": p["stage"],
    }


def observe(st: PgtState, seat: int | None) -> dict:
    bit = SPECTATOR if seat is None else 1 << seat
    cards, cid = st.cards.cards, st.cid
    sides = []
    for s in (0, 1):
        row, hand = party_as_seen(st, s, seat)
        field = {
            SLOTS[slot]: (None if inst < 0 else _character(st, inst, bit))
            for slot, inst in enumerate(row)
        }
        sides.append(
            {
                "seat": s,
                "field": field,
                "hand_size": len(hand),
                "known_in_hand": sorted(cards[cid[i]].id for i in hand if st.known[i] & bit)
                if s != seat
                else [],
                "deck_size": len(st.deck_of(s)),
                "score": st.score[s],
                "retired_enemies": [cards[cid[i]].id for i in st.won[s]],
                # a party being re-formed: characters yet to place, by their old slot
                "waiting": {SLOTS[k]: _character(st, i, bit) for k, i in waiting(st, s, seat)},
            }
        )
    view = {
        "game": "pgt",
        "seat": seat,
        "round": st.round,
        "turn": st.turn,
        "turn_player": st.turn_player,
        "first": st.first,
        "no_attack_turns": st.streak,
        "attacked": st.attacked,
        "to_move": st.to_move,
        "step": st.stack[-1][0] if st.stack else None,
        "sides": sides,
        "procs": [_proc(st, p, bit) for p in st.procs],
        "options": dict(st.options),
        "result": None
        if st.result is None
        else {
            "winners": list(st.result.winners),
            "scores": list(st.result.scores),
            "reason": st.result.reason,
        },
    }
    if seat is not None:
        _, hand = party_as_seen(st, seat, seat)
        hand = sorted(hand, key=lambda i: cards[cid[i]].id)  # as "put HN" numbers them
        view["hand"] = [dict(cards[cid[i]].info) for i in hand]
        view["drawn"] = latest_draws(st, seat)
        placed = st.forming[seat]
        view["forming"] = [None if i < 0 else cards[cid[i]].id for i in placed] or None
        view["formation"] = progress(st, seat)
    return view
