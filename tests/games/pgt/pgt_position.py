"""Building Pretty Good Tactics positions for rule tests: chosen cards in chosen slots,
a chosen step, forced dice."""

from __future__ import annotations

from tcglab.games.pgt import GAME
from tcglab.games.pgt.state import SLOTS, PgtState

CARDS = GAME.cards


def find(text: str, *more: str) -> str:
    """The id of the first card whose abilities are exactly these texts."""
    want = (text, *more)
    for card in CARDS.cards:
        if tuple(card.info["abilities"]) == want:
            return card.id
    raise LookupError(want)


def plain(count: int, ability: str = "Ａ：P3D+1") -> list[str]:
    """Cards that have only this one ability (no window abilities to get in the way)."""
    return [c.id for c in CARDS.cards if c.info["abilities"] == [ability]][:count]


def card(card_id: str):
    return CARDS.card(card_id)


def _entry(value) -> tuple[str, bool, bool]:
    if isinstance(value, str):
        return value, True, False
    return (*value, False)[:3] if len(value) == 2 else tuple(value)


def position(
    p1: dict,
    p2: dict,
    turn_player: int = 0,
    options: dict | None = None,
    hands: tuple = ((), ()),
    score: tuple = (0, 0),
    step: tuple | None = None,
    deck: bool = True,
) -> PgtState:
    """A game in round 1 at the start of `turn_player`'s turn (or at `step`). Field
    entries are a card id (face-up, untapped) or (card id, face_up[, tapped])."""
    st = GAME.new_state(1, options=options)
    n = len(st.cid)
    st.stack.clear()
    st.procs.clear()
    st.hands, st.field, st.forming = [[], []], [[-1] * 6, [-1] * 6], [[], []]
    st.loc, st.up, st.tapped, st.known = [-1] * n, [False] * n, [False] * n, [0] * n
    st.won, st.score = [[], []], list(score)
    pool = list(range(n))
    for seat, spec in enumerate((p1, p2)):
        for slot, value in spec.items():
            card_id, up, tapped = _entry(value)
            inst = st.cid.index(CARDS.by_id[card_id])
            pool.remove(inst)
            st.field[seat][SLOTS.index(slot)] = inst
            st.loc[inst] = seat * 6 + SLOTS.index(slot)
            st.up[inst], st.tapped[inst] = up, tapped
            st.known[inst] = 0xFF if up else 1 << seat
        for card_id in hands[seat]:
            inst = st.cid.index(CARDS.by_id[card_id])
            pool.remove(inst)
            st.hands[seat].append(inst)
            st.known[inst] = 1 << seat
    st.decks = [pool if deck else []]
    st.round, st.turn = 1, 0
    st.first = st.turn_player = turn_player
    st.history.clear()
    st.log.clear()
    st.stack.append(step or ("turn", turn_player))
    st.advance()
    return st


def act(st: PgtState, *action_ids: str) -> None:
    for action_id in action_ids:
        st.apply(action_id)


def ids(st: PgtState) -> list[str]:
    return [a.id for a in st.legal_actions()]


def events(st: PgtState, kind: str) -> list[dict]:
    return [e.data for e in st.log if e.kind == kind]


def at(st: PgtState, ref: str) -> str | None:
    inst = st.at(ref)
    return None if inst < 0 else st.card(inst).id
