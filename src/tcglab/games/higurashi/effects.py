"""Event cards (G4-6): who may play which card when, on what, and what it does.

Each card names one generic effect (G4-GAP-3) with its timing and area of effect
(G4-6.1). Any number may be played in a turn (G4-8.7).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from tcglab.engine.actions import Action
from tcglab.games.higurashi import combat, turn
from tcglab.games.higurashi.cards import EventCard
from tcglab.games.higurashi.messages import hidden_ja
from tcglab.games.higurashi.procedure import decision

if TYPE_CHECKING:
    from tcglab.games.higurashi.state import HigurashiState


def take_from_hand(st: HigurashiState, seat: int, card_id: str) -> int:
    hand = st.hands[seat]
    for inst in hand:
        if st.event_card(inst).id == card_id:
            hand.remove(inst)
            return inst
    raise KeyError(card_id)


def _fits(st: HigurashiState, inst: int, card: EventCard) -> bool:
    want = card.target
    if want == "face_up" and not st.up[inst]:
        return False
    if want == "face_down" and st.up[inst]:
        return False
    if want == "sideways" and not st.side[inst]:
        return False
    return card.max_defence is None or (st.up[inst] and st.defence(inst) <= card.max_defence)


def targets(st: HigurashiState, seat: int, card: EventCard) -> list[int]:
    """The characters a card may be played on (G4-6.1 area of effect)."""
    if card.area == "own_char":
        return [i for i in st.rows[seat] if _fits(st, i, card)]
    if card.area == "enemy_char":
        return [i for i in st.enemies(seat) if _fits(st, i, card)]
    return []


class Survey(NamedTuple):
    """The kinds of character on the table as one player sees targets, worked out once
    per decision so that each card in hand needs no scan of the rows of its own."""

    own: frozenset[str]  # target kinds (any, face_up, face_down, sideways) of own characters
    enemy: frozenset[str]  # the same among the opponents' characters
    weakest: int | None  # the lowest defence of a face-up enemy


def survey(st: HigurashiState, seat: int) -> Survey:
    up, side = st.up, st.side
    kinds: tuple[set[str], set[str]] = (set(), set())
    weakest = None
    for group, insts in ((0, st.rows[seat]), (1, st.enemies(seat))):
        found = kinds[group]
        for i in insts:
            found.add("face_up" if up[i] else "face_down")
            if side[i]:
                found.add("sideways")
            if group and up[i]:
                defence = st.defence(i)
                if weakest is None or defence < weakest:
                    weakest = defence
        if found:
            found.add("any")
    return Survey(frozenset(kinds[0]), frozenset(kinds[1]), weakest)


def playable(st: HigurashiState, seat: int, card: EventCard, table: Survey) -> bool:
    if card.timing != "main":
        return False
    if card.area == "own_char":
        return card.target in table.own
    if card.area == "enemy_char":
        if card.target not in table.enemy:
            return False
        if card.max_defence is None:
            return True
        if card.target in ("any", "face_up"):  # the weakest face-up enemy decides
            return table.weakest is not None and table.weakest <= card.max_defence
        return bool(targets(st, seat, card))
    if card.effect == "recruit":
        return bool(st.char_pile)
    return card.area == "self" or bool(st.rows[seat])


def main_plays(st: HigurashiState, seat: int, table: Survey | None = None) -> list[Action]:
    """One action per distinct card in hand that can be used now on the player's turn."""
    table = table or survey(st, seat)
    seen, acts = set(), []
    for inst in st.hands[seat]:
        card = st.event_card(inst)
        if card.id not in seen:
            seen.add(card.id)
            if playable(st, seat, card, table):
                acts.append(play_action(card))
    acts.sort()
    return acts


@cache
def play_action(card: EventCard) -> Action:
    return Action(
        f"play {card.id}",
        f"Play {card.name_en}: {card.text_en}",
        f"「{card.name_ja}」を使う：{card.text_ja}",
    )


def begin_play(st: HigurashiState, seat: int, card_id: str) -> None:
    inst = take_from_hand(st, seat, card_id)
    card = st.event_card(inst)
    st.emit("play", seat=seat, card=card.id, name=card.name_en, text=card.text_en)
    if card.area in ("own_char", "enemy_char"):
        st.stack.append(("event_target", seat, inst))
    else:
        resolve(st, seat, inst, None)


def _target_actions(st: HigurashiState, seat: int, inst: int) -> list[Action]:
    card = st.event_card(inst)
    return [
        Action(
            f"target {st.ref(i)}",
            f"{card.name_en} on {st.name(i, seat)} (P{st.owner[i] + 1})",
            f"「{card.name_ja}」を{character_ja(st, i, seat)}に使う",
        )
        for i in targets(st, seat, card)
    ]


def character_ja(st: HigurashiState, inst: int, seat: int) -> str:
    """How `seat` names a character in Japanese (HigurashiState.name in English): its
    name and owner if known, else its place in a row."""
    owner = st.owner[inst]
    if st.known[inst] & (1 << seat):
        return f"{st.char(inst).name_ja}（P{owner + 1}）"
    return hidden_ja(owner, st.rows[owner].index(inst))


@decision("event_target", _target_actions)
def choose_target(st: HigurashiState, action: Action, seat: int, inst: int) -> None:
    resolve(st, seat, inst, st.at(action.id.split(" ")[1]))


def resolve(st: HigurashiState, seat: int, inst: int, target: int | None) -> None:
    card = st.event_card(inst)
    EFFECTS[card.effect](st, seat, card, target)
    if card.effect == "equip":
        st.attached[inst] = target  # G4-6.2 equipment stays out of the hand
        st.refresh_modifiers()
    else:
        st.discard.append(inst)


def _passes(st: HigurashiState, seat: int, card: EventCard) -> bool:
    """Cards with a `need` roll the die and work only on that number or more."""
    if not card.need:
        return True
    die = st.rng.roll()
    st.emit("roll", seat=seat, die=die, purpose=card.id)
    if die < card.need:
        st.emit("fizzle", seat=seat, card=card.id, name=card.name_en)
        return False
    return True


def _stat(st, seat, card, target):
    ends = ("end", st.turn) if card.duration == "turn" else ("start", seat)
    chosen = list(st.rows[seat]) if card.area == "all_own" else [target]
    for inst in chosen:
        st.mods.append((inst, card.attack, card.defence, *ends))
    st.refresh_modifiers()
    st.emit(
        "modified",
        _names(st, chosen, seat),
        seat=seat,
        card=card.id,
        targets=[st.name(i, None) for i in chosen],
        attack=card.attack,
        defence=card.defence,
        until=card.duration,
    )


def _steal(st, seat, card, target):
    """G4-8.5 / G4-8.6 the character becomes the player's own (rows may grow past 5);
    it is not captured."""
    if not _passes(st, seat, card):
        return
    was = st.ref(target)
    victim = turn.leave_row(st, target, keep_equipment=True)
    st.rows[seat].append(target)
    st.owner[target] = seat
    st.known[target] |= 1 << seat
    secret = {seat: {"name": st.char(target).name_en, "card": st.char(target).id}}
    public = {"name": st.char(target).name_en, "card": st.char(target).id} if st.up[target] else {}
    st.emit("steal", secret, seat=seat, victim=victim, was=was, now=st.ref(target), **public)
    turn.check_elimination(st, victim)


def _capture(st, seat, card, target):
    if _passes(st, seat, card):
        turn.capture(st, target, seat, "subjugate")


def _equip(st, seat, card, target):
    st.emit(
        "equip",
        _names(st, [target], seat),
        seat=seat,
        card=card.id,
        name=card.name_en,
        targets=[st.name(target, None)],
    )


def _names(st: HigurashiState, chosen: list[int], seat: int) -> dict | None:
    """The player's own view of the characters named, where it knows more than the table."""
    own = [st.name(i, seat) for i in chosen]
    return None if own == [st.name(i, None) for i in chosen] else {seat: {"targets": own}}


def _reveal(st, seat, card, target):
    combat.reveal(st, target, card.id)


def _peek(st, seat, card, target):
    st.known[target] |= 1 << seat
    info = st.char(target)
    st.emit(
        "peek", {seat: {"card": info.id, "name": info.name_en}}, seat=seat, target=st.ref(target)
    )


def _ready(st, seat, card, target):
    st.side[target] = False
    st.emit("ready", seat=seat, target=st.ref(target), name=st.char(target).name_en)


def _draw(st, seat, card, target):
    turn.draw(st, seat, card.amount)
    st.stack.append(("trim", seat))  # G4-GAP-5 drawing past the limit: use or discard


def _recruit(st, seat, card, target):
    """Take from the character pile (G4-GAP-4); the game ends if it runs out (G4-7.1)."""
    for _ in range(card.amount):
        if not st.char_pile:
            break
        inst = st.char_pile.pop()
        st.rows[seat].append(inst)
        st.owner[inst] = seat
        st.up[inst] = st.side[inst] = False
        st.known[inst] = 1 << seat
        info = st.char(inst)
        st.emit(
            "recruit",
            {seat: {"card": info.id, "name": info.name_en}},
            seat=seat,
            slot=len(st.rows[seat]) - 1,
            pile=len(st.char_pile),
        )
    if not st.char_pile:
        turn.end_game(st, "pile_empty")


def _hide(st, seat, card, target):
    st.up[target] = False  # everyone who saw it still knows it
    st.emit("hide", seat=seat, target=st.ref(target), name=st.char(target).name_en)


EFFECTS = {
    "stat": _stat,
    "steal": _steal,
    "capture": _capture,
    "equip": _equip,
    "reveal": _reveal,
    "peek": _peek,
    "ready": _ready,
    "draw": _draw,
    "recruit": _recruit,
    "hide": _hide,
}
