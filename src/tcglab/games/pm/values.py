"""A character's current AP, DP and cost: every effect that changes them, in one place
and composed by one rule (PM-GAP-24, rule option `value_order`).

What changes values:

- effects until end of turn (PM-GAP-20), kept in the state's `mods` as
  `(instance, how, ap, dp, cost, stamp)`: `add` (+AP/+DP and cost), `set` (AP/DP
  become X/Y) and `swap` (AP and DP change places);
- lasting effects of cards on the field: a character's own bonus (gated by its
  [逆境X], PM-1.11.5), an aura of a character over its owner's main characters of
  one trait (gated the same way; it covers a character that arrives later for as
  long as its source stays), and the values a support card lends the character it is
  set on (PM-1.7.3).

Each carries a timestamp: an effect until end of turn the moment it took effect, a
lasting one the moment its card came onto the field (a support card: when it was
set). `value_order = "timestamp"` (the default) applies them all in that order, so a
later "becomes X/Y" overwrites what came before and anything later is added on top;
`"layers"` applies every "becomes" first, then every addition, then swaps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.games.pm.places import owner

if TYPE_CHECKING:
    from tcglab.games.pm.cards import Card
    from tcglab.games.pm.state import PMState

ORDERS = ("timestamp", "layers")


def stamp(st: PMState) -> int:
    """The next timestamp: one per effect taking effect or card arriving."""
    st.clock += 1
    return st.clock


def change(st: PMState, inst: int, how: str, ap: int = 0, dp: int = 0, cost: int = 0) -> None:
    """PM-GAP-20 an effect until end of turn on one character: `add`, `set` or `swap`."""
    st.mods.append((inst, how, ap, dp, cost, stamp(st)))


def gate(st: PMState, card: Card, seat: int) -> bool:
    """PM-1.11.5 [逆境X]: the text works with X or more cards in one's point area
    (face-down ones too, PM-GAP-14)."""
    return card.adversity is None or len(st.points[seat]) >= card.adversity


def auras(st: PMState, seat: int) -> list[tuple[int, str, int, int]]:
    """The auras of a seat's field that work now, as (stamp, trait, ap, dp): lasting
    parts over its owner's main characters of one trait, gated by [逆境X]."""
    pool, cid, since = st.pool, st.cid, st.since
    found = []
    for other in st.support[seat] + st.main[seat]:
        source = pool[cid[other]]
        for p in source.lasting:
            if p.reach == "aura" and gate(st, source, seat):
                found.append((since[other], p.trait, p.ap, p.dp))
    return found


def hosted(st: PMState) -> dict[int, list[int]]:
    """The support cards set on each character (PM-1.7.3), in instance order."""
    found: dict[int, list[int]] = {}
    if st.host.count(-1) == len(st.host):  # none set, the usual case: one quick count
        return found
    for sup, host in enumerate(st.host):
        if host >= 0:
            found.setdefault(host, []).append(sup)
    return found


def lasting(
    st: PMState, inst: int, card: Card, seat: int, over: list[tuple], supports: list[int]
) -> list[tuple[int, int, int]]:
    """The lasting additions on a character as (stamp, ap, dp), from the lasting parts
    (parts.Lasting) that reach it: its own, the auras `over` it (its owner's, while it
    is in the main area) that name one of its traits, and those of its `supports`."""
    since = st.since
    gains = [(since[inst], p.ap, p.dp) for p in card.lasting if p.reach == "self"]
    if gains and not gate(st, card, seat):
        gains = []
    if over:
        traits = card.traits
        gains += [(when, ap, dp) for when, trait, ap, dp in over if trait in traits]
    if supports:
        pool, cid = st.pool, st.cid
        for sup in supports:
            gains += [(since[sup], p.ap, p.dp) for p in pool[cid[sup]].lasting]
    return gains


def values(st: PMState, inst: int) -> tuple[int, int]:
    """PM-GAP-24 a character's current AP/DP, never below 0."""
    seat = owner(inst)
    over = auras(st, seat) if inst in st.main[seat] else ()
    supports = hosted(st).get(inst, ()) if inst in st.host else ()
    own = [m for m in st.mods if m[0] == inst]
    return _compose(st, inst, st.pool[st.cid[inst]], seat, own, over, supports)


def main_values(st: PMState, seat: int, insts: list[int]) -> list[tuple[int, int]]:
    """`values` of characters in `seat`'s main area, the auras over it and the supports
    set found once for all of them."""
    over = auras(st, seat)
    supported = hosted(st)
    pool, cid, mods = st.pool, st.cid, st.mods
    return [
        _compose(
            st,
            inst,
            pool[cid[inst]],
            seat,
            [m for m in mods if m[0] == inst],
            over,
            supported.get(inst, ()),
        )
        for inst in insts
    ]


def area(
    st: PMState, insts: list[int], over: list[tuple], hosted: dict[int, list[int]]
) -> list[tuple[int | None, int | None, int]]:
    """(AP, DP, cost) of every card of one area, AP and DP None for a card without
    them, for readers of the whole field: the auras `over` the area (its owner's for
    a main area, none for a support area) and the supports set on each character
    (`hosted`) found once for all of them."""
    pool, cid, mods = st.pool, st.cid, st.mods
    found = []
    for inst in insts:
        card = pool[cid[inst]]
        own = [m for m in mods if m[0] == inst] if mods else ()
        ap = dp = None
        if card.has_values:
            supports = hosted.get(inst, ())
            ap, dp = _compose(st, inst, card, owner(inst), own, over, supports)
        found.append((ap, dp, _cost(card, own)))
    return found


def _compose(
    st: PMState, inst: int, card: Card, seat: int, own: list, over: list, supports: list
) -> tuple[int, int]:
    """PM-GAP-24 the printed AP/DP with the effects until end of turn on it (`own`) and
    its lasting additions, in the order `value_order` gives."""
    ap, dp = card.ap or 0, card.dp or 0
    gains = (
        lasting(st, inst, card, seat, over, supports) if card.lasting or over or supports else ()
    )
    if not own or all(m[1] == "add" for m in own):  # additions alone: any order, one sum
        for m in own:
            ap, dp = ap + m[2], dp + m[3]
        for _, plus_ap, plus_dp in gains:
            ap, dp = ap + plus_ap, dp + plus_dp
    elif st.options["value_order"] == "layers":
        ap, dp = _layers(ap, dp, own, gains)
    else:
        ap, dp = _timestamps(ap, dp, own, gains)
    return max(ap, 0), max(dp, 0)


def _timestamps(ap: int, dp: int, own: list[tuple], gains: list[tuple]) -> tuple[int, int]:
    """Every change in the order it took effect (the Yu-Gi-Oh! reading)."""
    steps = [(m[5], m[1], m[2], m[3]) for m in own]
    steps += [(when, "add", plus_ap, plus_dp) for when, plus_ap, plus_dp in gains]
    steps.sort(key=lambda step: step[0])
    for _, how, x, y in steps:
        if how == "set":
            ap, dp = x, y
        elif how == "swap":
            ap, dp = dp, ap
        else:
            ap, dp = ap + x, dp + y
    return ap, dp


def _layers(ap: int, dp: int, own: list[tuple], gains: list[tuple]) -> tuple[int, int]:
    """Every "becomes" (the latest wins), then every addition, then the swaps (the
    layers of Magic: the Gathering's rule 613)."""
    swaps = 0
    for m in own:
        if m[1] == "set":
            ap, dp = m[2], m[3]
    for m in own:
        if m[1] == "add":
            ap, dp = ap + m[2], dp + m[3]
        elif m[1] == "swap":
            swaps += 1
    for _, plus_ap, plus_dp in gains:
        ap, dp = ap + plus_ap, dp + plus_dp
    return (dp, ap) if swaps % 2 else (ap, dp)


def cost(st: PMState, inst: int) -> int:
    """PM-GAP-17 a character's current cost: printed cost plus modifications."""
    return _cost(st.pool[st.cid[inst]], [m for m in st.mods if m[0] == inst])


def _cost(card: Card, own: list) -> int:
    value = card.cost
    for m in own:
        value += m[4]
    return max(value, 0)
