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


def lasting(st: PMState, inst: int, card: Card, seat: int) -> list[tuple[int, int, int]]:
    """The lasting additions on a character as (stamp, ap, dp), from the lasting parts
    (parts.Lasting) that reach it: its own, the auras of its owner's field over its
    traits while it is in the main area, and those of the support cards set on it."""
    since = st.since
    gains = [(since[inst], p.ap, p.dp) for p in card.lasting if p.reach == "self"]
    if gains and not gate(st, card, seat):
        gains = []
    if inst in st.main[seat]:
        pool, cid = st.pool, st.cid
        for other in st.support[seat] + st.main[seat]:
            source = pool[cid[other]]
            for p in source.lasting:
                if p.reach == "aura" and p.trait in card.traits and gate(st, source, seat):
                    gains.append((since[other], p.ap, p.dp))
    if inst in st.host:
        for sup, host in enumerate(st.host):
            if host == inst:
                gains += [(since[sup], p.ap, p.dp) for p in st.card(sup).lasting]
    return gains


def values(st: PMState, inst: int) -> tuple[int, int]:
    """PM-GAP-24 a character's current AP/DP, never below 0."""
    card = st.card(inst)
    ap, dp = card.ap or 0, card.dp or 0
    own = [m for m in st.mods if m[0] == inst] if st.mods else ()
    gains = lasting(st, inst, card, owner(inst))
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
    value = st.card(inst).cost
    for m in st.mods:
        if m[0] == inst:
            value += m[4]
    return max(value, 0)
