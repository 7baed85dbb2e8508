"""The observation and its tensor are what they were when they were built one card at a
time: the straightforward reading below (each character's values found on their own,
each tensor slot written from the view) is kept as the reference, and random games
under every value order are compared with it step by step, for every seat and a
watcher, and after resampling."""

from __future__ import annotations

import pytest

from tcglab.engine.rng import Rng
from tcglab.games.pm import GAME, paying, turn
from tcglab.games.pm.encoding import COLOURS, PHASES, STEPS, SUPPORT, PMEncoding
from tcglab.games.pm.places import DECK, on_field, owner, ref
from tcglab.games.pm.plays import MAIN_LIMIT
from tcglab.games.pm.turn import HAND_LIMIT, POINTS_TO_LOSE
from tcglab.games.pm.values import _layers, _timestamps, gate

from .builder import build

np = pytest.importorskip("numpy")


# -- the reference observation ---------------------------------------------------


def reference_values(st, inst):
    card = st.card(inst)
    seat = owner(inst)
    ap, dp = card.ap or 0, card.dp or 0
    own = [m for m in st.mods if m[0] == inst]
    gains = [(st.since[inst], p.ap, p.dp) for p in card.lasting if p.reach == "self"]
    if gains and not gate(st, card, seat):
        gains = []
    if inst in st.main[seat]:
        for other in st.support[seat] + st.main[seat]:
            source = st.card(other)
            for p in source.lasting:
                if p.reach == "aura" and p.trait in card.traits and gate(st, source, seat):
                    gains.append((st.since[other], p.ap, p.dp))
    for sup, host in enumerate(st.host):
        if host == inst:
            gains += [(st.since[sup], p.ap, p.dp) for p in st.card(sup).lasting]
    if all(m[1] == "add" for m in own):
        for m in own:
            ap, dp = ap + m[2], dp + m[3]
        for _, plus_ap, plus_dp in gains:
            ap, dp = ap + plus_ap, dp + plus_dp
    elif st.options["value_order"] == "layers":
        ap, dp = _layers(ap, dp, own, gains)
    else:
        ap, dp = _timestamps(ap, dp, own, gains)
    return max(ap, 0), max(dp, 0)


def reference_character(st, inst):
    card = st.card(inst)
    ap, dp = reference_values(st, inst)
    if not card.has_values:
        ap = dp = None
    return {
        "card": card.id,
        "name": card.name_en,
        "ap": ap,
        "dp": dp,
        "cost": max(card.cost + sum(m[4] for m in st.mods if m[0] == inst), 0),
        "rested": st.rested[inst],
        "new": st.entered[inst] == st.turn,
        "supports": [st.card(s).id for s, h in enumerate(st.host) if h == inst],
    }


def reference_observe(st, seat):
    seats = [
        {
            "seat": s,
            "deck": len(st.deck[s]),
            "hand_size": len(st.hand[s]),
            "discard": [st.card(i).id for i in st.discard[s]],
            "points": [{"card": st.card(i).id, "face_up": not st.down[i]} for i in st.points[s]],
            "main": [reference_character(st, i) for i in st.main[s]],
            "support": [reference_character(st, i) for i in st.support[s]],
            "discount": st.discount[s],
        }
        for s in range(2)
    ]
    obstructor = st.obstructor
    view = {
        "game": "pm",
        "seat": seat,
        "turn": st.turn,
        "current": st.current,
        "first": st.first,
        "to_move": st.to_move,
        "step": st.stack[-1][0] if st.stack else None,
        "phase": turn.phase_of(st),
        "approach": [ref(st, i) for i in st.approach if on_field(st, i)],
        "obstructor": ref(st, obstructor) if obstructor >= 0 and on_field(st, obstructor) else None,
        "playing": [st.card(i).id for i in st.limbo],
        "paying": paying.paying_view(st),
        "seats": seats,
        "options": dict(st.options),
        "result": None if st.result is None else st.result.to_dict(),
    }
    if seat is not None:
        view["hand"] = sorted(st.card(i).id for i in st.hand[seat])
        view["deck_bottom"] = [st.card(i).id for i in st.deck[seat][: st.bottom[seat]]]
    return view


# -- the reference tensor --------------------------------------------------------


def reference_tensor(enc, view):
    out = np.zeros(enc.size, dtype=np.float32)
    cards, n = enc.cards, len(enc.cards)
    me, at = enc.start_two_seat(view, out, 60, STEPS)
    if view["phase"] in PHASES:
        out[at + PHASES.index(view["phase"])] = 1.0
    at += len(PHASES)
    out[at] = float(view["result"] is not None)
    out[at + 1] = float(view["seat"] is None)
    at = enc._start["playing"]
    enc.count_cards(out, at, cards, view["playing"])
    pay = view["paying"]
    at += n
    if pay is not None:
        out[at] = 1.0
        out[at + 1 + (pay["seat"] - me) % 2] = 1.0
        out[at + 3 + cards[pay["card"]]] = 1.0
        out[at + 3 + n] = pay["left"] / 10
        if pay["colour"] in COLOURS:
            out[at + 4 + n + COLOURS.index(pay["colour"])] = 1.0
        out[at + 4 + n + len(COLOURS)] = float(bool(pay.get("needs_name")))
    marks = {ref: 0 for ref in view["approach"]}
    if view["obstructor"]:
        marks[view["obstructor"]] = 1
    place_size = 10 + 2 * n
    side_size = 7 + 3 * n + (MAIN_LIMIT + SUPPORT) * place_size
    for side in view["seats"]:
        at = enc._start["sides"] + (side["seat"] - me) % 2 * side_size
        points = side["points"]
        out[at] = side["deck"] / DECK
        out[at + 1] = side["hand_size"] / HAND_LIMIT
        out[at + 2] = side["discount"] / 5
        out[at + 3] = len(side["discard"]) / DECK
        out[at + 4] = len(points) / POINTS_TO_LOSE
        out[at + 5] = sum(p["face_up"] for p in points) / POINTS_TO_LOSE
        out[at + 6] = len(side["support"]) / SUPPORT
        at += 7
        enc.count_cards(out, at, cards, side["discard"])
        for point in points:
            out[at + n + cards[point["card"]]] += 1.0
            if point["face_up"]:
                out[at + 2 * n + cards[point["card"]]] += 1.0
        at += 3 * n
        who = f"p{side['seat'] + 1}."
        shown = [(f"M{k + 1}", p) for k, p in enumerate(side["main"][:MAIN_LIMIT])]
        shown += [(f"S{k + 1}", p) for k, p in enumerate(side["support"][:SUPPORT])]
        for k, (name, place) in enumerate(shown):
            slot = at + (k if name[0] == "M" else MAIN_LIMIT + int(name[1:]) - 1) * place_size
            out[slot] = 1.0
            if place["ap"] is not None:
                out[slot + 1] = place["ap"] / 100
                out[slot + 2] = place["dp"] / 100
                out[slot + 3] = 1.0
            out[slot + 4] = place["cost"] / 5
            out[slot + 5] = float(place["rested"])
            out[slot + 6] = float(place["new"])
            mark = marks.get(who + name)
            if mark is not None:
                out[slot + 7 + mark] = 1.0
            out[slot + 9] = len(place["supports"]) / 3
            out[slot + 10 + cards[place["card"]]] = 1.0
            enc.count_cards(out, slot + 10 + n, cards, place["supports"])
    at = enc._start["hand"]
    enc.count_cards(out, at, cards, view.get("hand", ()))
    bottom = view.get("deck_bottom", ())
    out[at + n] = len(bottom) / 10
    enc.count_cards(out, at + n + 1, cards, bottom)
    return out


# -- the comparison ----------------------------------------------------------------


def positions(st, seed):
    """Every position of a random game from `st`, and a resampled copy of every tenth."""
    rng = Rng(seed)
    found = 0
    while not st.over:
        yield st
        if found % 10 == 0:
            yield st.determinize(st.to_move, rng.derive())
        found += 1
        st.apply(rng.choice(st.legal_actions()).id)
    yield st


def assert_matches(start, seed):
    enc = PMEncoding()
    seen = set()
    for st in positions(start, seed):
        for seat in (0, 1, None):
            view = st.observe(seat)
            assert view == reference_observe(st, seat)
            out = np.zeros(enc.size, dtype=np.float32)
            enc.write(view, out)
            assert np.array_equal(out, reference_tensor(enc, view))
        seen.update(m[1] for m in st.mods)
    return seen


@pytest.mark.parametrize("order", ["timestamp", "layers"])
@pytest.mark.parametrize("seed", range(3))
def test_random_games_match_the_reference(order, seed):
    seen = assert_matches(GAME.new_state(seed, options={"value_order": order}), seed)
    assert "add" in seen  # the games reached effects until end of turn


@pytest.mark.parametrize("order", ["timestamp", "layers"])
@pytest.mark.parametrize("seed", range(2))
def test_auras_supports_and_adversity_match_the_reference(order, seed):
    # Zenjiro the Caretaker (CWA-015) lends engineers +0/+10 from both areas; Aoi
    # Shinchu (CWA-008) carries Silver Pocket Watch (CWA-026); Kokone Haguruma (CWA-003)
    # has [逆境4] with four point cards; P2 can answer with Reset to Standard (CWA-022).
    st = build(
        main=(["CWA-008 +CWA-026", "CWA-015", "CWA-003", "CWA-004"], ["CWA-015", "CWA-008"]),
        support=(["CWA-015"], []),
        points=(["SHD-001"] * 4, ["SHD-001 down"]),
        hand=(["CWA-022", "SHD-014", "CWA-014"], ["CWA-022", "SHD-014", "SHD-014"]),
        at="main",
        options={"value_order": order},
        seed=seed,
    )
    assert_matches(st, seed)
