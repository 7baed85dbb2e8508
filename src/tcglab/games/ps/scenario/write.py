"""A Princess Scramble state written back as a `[position]` table: what `read.py`
reads, leaving out whatever reading it would assume (docs/scenarios/ps.md)."""

from __future__ import annotations

from tcglab.games.ps import values
from tcglab.games.ps.battle import NOBODY, PLAYER
from tcglab.games.ps.field import Placed, Unit
from tcglab.games.ps.scenario import steps
from tcglab.games.ps.scenario.read import GONE, SEATS, first_of, seat_key
from tcglab.games.ps.state import PSState


def write_position(st: PSState) -> dict:
    """The `[position]` table of `st`, leaving out what reading it would assume."""
    over = st.result is not None
    at = steps.point_of(st.stack, over)
    active = st.first if st.turn == 0 else st.current
    out: dict = {"turn": st.turn, "active": SEATS[active], "at": at}
    if st.first != first_of(st.turn, active):
        out["first"] = SEATS[st.first]
    if st.energy_placed:
        out["energy_placed"] = True
    plain = _plain_serials(st)
    top = st.stack[-1] if st.stack else None
    chooser, passed, aim = active, False, None
    if at in steps.CHOOSER_POINTS:
        chooser = top[1]
        if chooser != active:
            out["to_act"] = SEATS[chooser]
    if at in steps.PASS_POINTS and top[3]:
        out["passed"] = passed = True
    if at in steps.AIM_POINTS:
        aim = top[2:]
        out["aim"] = _slot_of(st, chooser, top[3])
    if st.stack != steps.stack_at(at, active, chooser, passed, aim):
        out["pending"] = [
            steps.step_text(step, seat_key, lambda s, uid: _slot_of(st, s, uid))
            for step in reversed(st.stack)
        ]
    for seat in (0, 1):
        out[SEATS[seat]] = _write_seat(st, seat, plain)
    if st.battle is not None:
        out["battle"] = _write_battle(st, plain)
    if st.lasting:
        out["effects"] = [_write_effect(st, e) for e in st.lasting]
    refs = _serials(st)
    if not plain and st.next_uid != max(refs, default=0) + 1:
        out["next_serial"] = st.next_uid
    if over:
        out["winner"] = SEATS[st.result.winners[0]]
        out["reason"] = st.result.reason
    return out


def _serials(st: PSState) -> list[int]:
    """The serials in the order reading a file hands them out: the field of p1
    (characters, then events), of p2, then the battle's characters that left."""
    refs = [p.uid for seat in (0, 1) for p in (*st.units[seat], *st.events[seat])]
    if st.battle is not None:
        attacker, defenders, _ = st.battle
        refs += [uid for uid in (attacker, *defenders) if st.unit(uid) is None]
    return refs


def _plain_serials(st: PSState) -> bool:
    """Whether the serials are 1, 2, 3 ... in reading order, as a file without them reads."""
    refs = _serials(st)
    return refs == list(range(1, len(refs) + 1)) and st.next_uid == len(refs) + 1


def _slot_of(st: PSState, seat: int, uid: int) -> str:
    for kind, pieces in (("C", st.units[seat]), ("E", st.events[seat])):
        for index, piece in enumerate(pieces, 1):
            if piece.uid == uid:
                return f"{kind}{index}"
    return f"{GONE}:{uid}"


def _write_seat(st: PSState, seat: int, plain: bool) -> dict:
    cards = st.cards.cards
    out: dict = {}
    for name, pile in (
        ("hand", st.hand[seat]),
        ("deck", st.deck[seat][::-1]),
        ("trash", st.trash[seat]),
        ("energy", st.energy[seat]),
    ):
        if pile:
            out[name] = [cards[n].id for n in pile]
    if st.hurt[seat]:
        out["damage"] = st.hurt[seat]
    if st.units[seat]:
        out["characters"] = [_write_character(st, u, plain) for u in st.units[seat]]
    if st.events[seat]:
        out["events"] = [_write_event(st, e, plain) for e in st.events[seat]]
    return out


def _write_character(st: PSState, unit: Unit, plain: bool) -> dict:
    card = st.card(unit.card)
    out: dict = {"card": card.id}
    for name, value, default in (
        ("exhausted", unit.exhausted, False),
        ("sick", unit.sick, False),
        ("damage", unit.damage, 0),
        ("energy", unit.occ, card.level),
        ("used", unit.used, False),
    ):
        if value != default:
            out[name] = value
    if not plain:
        out["serial"] = unit.uid
    return out


def _write_event(st: PSState, placed: Placed, plain: bool) -> dict:
    card = st.card(placed.card)
    out: dict = {"card": card.id}
    if placed.occ != card.level:
        out["energy"] = placed.occ
    if not plain:
        out["serial"] = placed.uid
    return out


def _write_battle(st: PSState, plain: bool) -> dict:
    attacker, defenders, target = st.battle
    active = st.current

    def ref(seat: int, uid: int) -> str:
        slot = _slot_of(st, seat, uid)
        return GONE if plain and slot.startswith(GONE) else slot

    out = {"attacker": ref(active, attacker)}
    if defenders:
        out["defenders"] = [ref(1 - active, uid) for uid in defenders]
    if target == NOBODY:
        out["target"] = "nobody"
    elif target != PLAYER:
        slot = _slot_of(st, 1 - active, target)
        gone = [d for d in defenders if st.unit(d) is None]
        out["target"] = GONE if slot.startswith(GONE) and gone == [target] else slot
    return out


def _write_effect(st: PSState, effect: values.Lasting) -> dict:
    side = SEATS[effect.side]
    on = (
        f"{side}.all"
        if effect.uid == values.EVERY
        else f"{side}.{_slot_of(st, effect.side, effect.uid)}"
    )
    out = {"on": on, "stat": effect.stat, "amount": effect.amount}
    if effect.until != values.TURN:
        for seat in (0, 1):
            slot = _slot_of(st, seat, effect.until)
            if not slot.startswith(GONE):
                out["until"] = f"{SEATS[seat]}.{slot}"
    return out
