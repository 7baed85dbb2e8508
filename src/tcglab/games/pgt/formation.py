"""Setting up (PGT-6) and forming a party (PGT-8).

A formation is built slot by slot, F1 F2 F3 then B1 B2 B3: for each slot the player
keeps a character already on the field there or elsewhere (PGT-8.4 free rearrangement),
puts one from the hand face-down (PGT-8.2), or leaves it empty. Face-up characters must
all be placed again (PGT-8.3); face-down ones left out go back to the hand (PGT-12.6).
Every choice offered keeps the party completable within PGT-8.1, so a formation never
ends illegal. Until the sixth slot settles the layout, "undo" takes back the last
choice (PGT-8.4: formation is over once the layout is fixed), at most TAKE_BACKS times
a formation: without a limit, placing and taking back one card would be a loop that
never ends the game. The count rides on the formation's own step, ("form", seat,
initial, take-backs so far), so each formation starts from none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.engine.actions import Action

try:
    import cython  # the compiled build reads the C types below from this very line
except ModuleNotFoundError:
    from tcglab.engine import _cy as cython
from tcglab.engine.unavailable import Why, why
from tcglab.games.pgt.procedure import automatic, decision
from tcglab.games.pgt.words import say

if TYPE_CHECKING:
    from tcglab.games.pgt.state import PgtState

HAND_SIZE = 10  # PGT-6.1
SCORE_CAP = 10  # PGT-8.1.1
SLOTS = ("F1", "F2", "F3", "B1", "B2", "B3")  # PGT-8 a party: front row, then back row
TAKE_BACKS = 12  # "undo"s a formation allows: room to rebuild a whole party twice


def set_up(st: PgtState) -> None:
    """PGT-6.1 shuffle and deal 10 each (PGT-15.2 from each player's own deck);
    PGT-6.2 both form parties, simultaneously (PGT-GAP-4); PGT-6.3 roll for first."""
    for deck in st.decks:
        st.rng.shuffle(deck)
    for seat in (0, 1):
        for _ in range(HAND_SIZE):
            draw(st, seat, quiet=True)
    st.emit("deal", each=HAND_SIZE, decks=[len(d) for d in st.decks])
    st.stack += [("round_start",), ("first_roll", 1), ("commit_initial",)]
    st.stack += [("form", 1, True), ("form", 0, True)]


def draw(st: PgtState, seat: int, quiet: bool = False) -> bool:
    """Draw one card; PGT-GAP-2 an empty deck is skipped, not a loss."""
    deck = st.deck_of(seat)
    if not deck:
        st.emit("deck_empty", seat=seat)
        return False
    inst = deck.pop()
    st.hands[seat].append(inst)
    st.known[inst] |= 1 << seat
    if not quiet:
        card = st.card(inst)
        st.emit("draw", {seat: {"card": card.id, "name": card.name_en}}, seat=seat)
    return True


def latest_draws(st: PgtState, seat: int, window: int = 40) -> list[str]:
    """The cards `seat` drew in its latest run of draws (within the last `window`
    events), in the order drawn: the hand is shown sorted, so the order is said here."""
    drawn: list[str] = []
    for event in reversed(st.log[-window:]):
        mine = event.kind == "draw" and event.data["seat"] == seat and event.secret
        if mine:
            drawn.append(event.secret[seat]["card"])
        elif drawn:
            break
    return drawn[::-1]


def roll_off(st: PgtState) -> int:
    """PGT-6.3 / PGT-7.8(1) each rolls one die, the higher goes first; PGT-GAP-5 a tie
    is rolled again."""
    while True:
        a, b = st.rng.roll(6, "first_player"), st.rng.roll(6, "first_player")
        st.emit("first_roll", rolls=[a, b])
        if a != b:
            return 0 if a > b else 1


@automatic("first_roll")
def first_roll(st: PgtState, _game_start: int) -> None:
    st.first = roll_off(st)
    st.emit("first_player", seat=st.first, round=st.round + 1)


# -- building a formation (PGT-8) -----------------------------------------------------


def hand_choices(st: PgtState, seat: int) -> list[int]:
    """Hand cards not yet placed, in card-id order: 'put H1' is the first of them."""
    placed = st.forming[seat]
    cards, cid = st.cards.cards, st.cid
    free = [i for i in st.hands[seat] if i not in placed]
    free.sort(key=lambda i: cards[cid[i]].id)
    return free


@cython.cfunc
@cython.locals(total=cython.long)
def _budget(st: PgtState, seat: int, placed: list[int]) -> tuple[int, list[int]]:
    """Score already committed (placed plus face-up characters that must stay, PGT-8.3)
    and those face-up characters still to place."""
    cards, cid, up = st.cards.cards, st.cid, st.up
    total = 0
    for inst in placed:
        if inst >= 0:
            total += cards[cid[inst]].score
    must = []
    for inst in st.field[seat]:
        if inst >= 0 and up[inst] and inst not in placed:
            must.append(inst)
            total += cards[cid[inst]].score
    return total, must


@cython.cfunc
@cython.returns(cython.long)
@cython.locals(filled=cython.bint, slot=cython.long, room=cython.long, front=cython.long)
def _room(placed: list[int], filled: bool) -> int:
    """Free slots left once the next slot is `filled` (or left empty): PGT-8.1.3 a back
    slot behind an empty front slot must stay empty."""
    slot = len(placed)
    room = 5 - slot
    # the front slots whose back slots are still to come: slot - 2 .. slot, within F1-F3
    for front in range(slot - 2 if slot > 2 else 0, slot + 1 if slot < 2 else 3):
        if not (filled if front == slot else placed[front] >= 0):
            room -= 1
    return room


@cython.locals(
    slot=cython.Py_ssize_t,
    total=cython.long,
    spare=cython.long,
    old=cython.Py_ssize_t,
    inst=cython.Py_ssize_t,
    n=cython.Py_ssize_t,
)
def _form_actions(st: PgtState, seat: int, initial: bool, taken_back: int = 0) -> list[Action]:
    """The choices for the next slot that keep the party completable: PGT-8.1.1 the
    score cap, PGT-8.1.2/8.1.3 room left for the face-up characters that must stay
    (PGT-8.3); and "undo" while a choice is made and take-backs are left."""
    placed = st.forming[seat]
    slot = len(placed)
    total, must = _budget(st, seat, placed)
    cards, cid, up = st.cards.cards, st.cid, st.up
    # a card here leaves _room(placed, True) slots; one of `must` here needs one fewer
    spare = _room(placed, True) - len(must)
    acts = []
    for old, inst in enumerate(st.field[seat]):
        if inst < 0 or inst in placed:
            continue
        card = cards[cid[inst]]
        # one of `must` is already in the total and needs no slot beyond its own
        fits = spare >= -1 if inst in must else spare >= 0 and total + card.score <= SCORE_CAP
        if fits:
            acts.append(_choice(card, keep_choice, slot, old * 2 + up[inst]))
    if spare >= 0:  # hand cards are never among `must`
        for n, inst in enumerate(hand_choices(st, seat), start=1):
            card = cards[cid[inst]]
            if total + card.score <= SCORE_CAP:
                acts.append(_choice(card, put_choice, slot, n))
    if _room(placed, False) >= len(must):
        acts.append(EMPTY[slot])
    if placed and taken_back < TAKE_BACKS:
        acts.append(UNDO[last_choice(placed)])
    return acts


# Formation labels recur all game long, so each choice is built once: those naming a
# card kept by the card (`Card.action`), the others here.


@cython.cfunc
@cython.locals(slot=cython.Py_ssize_t, n=cython.Py_ssize_t, table=dict, made=dict)
def _choice(card, build, slot: int, n: int) -> Action:
    """`card.action(build, slot, n)` read straight from the card's table: a formation
    offers a dozen of these at every slot, and a method call costs more than the look-up."""
    table = card.actions
    made = table.get(build)
    if made is not None:
        action = made.get(n * 6 + slot)
        if action is not None:
            return action
    return card.action(build, slot, n)


def keep_choice(card, slot: int, where: int) -> Action:
    """Keep for `slot` this character, now at SLOTS[where // 2] and face-up if where is
    odd."""
    old = SLOTS[where // 2]
    data = {"slot": SLOTS[slot], "en": card.name_en, "ja": card.name_ja}
    return say(f"keep {old}", "keep", **data, up=bool(where % 2), arg=old)


def put_choice(card, slot: int, n: int) -> Action:
    """Put hand card H`n` (this card) face-down in `slot`."""
    data = {"slot": SLOTS[slot], "en": card.name_en, "ja": card.name_ja}
    return say(f"put H{n}", "put", **data, score=card.score)


EMPTY = tuple(say("empty", "empty", slot=slot) for slot in SLOTS)
UNDO = tuple(say("undo", "undo", slot=slot) for slot in SLOTS)


def last_choice(placed: list[int]) -> int:
    """The slot of the last placement the player chose: back slots behind an empty front
    slot are left empty by the rules, not by a choice (PGT-8.1.3)."""
    last = len(placed) - 1
    while last >= 3 and placed[last - 3] < 0:
        last -= 1
    return last


def form_step(seat: int, initial: bool, taken_back: int) -> tuple:
    """The step of a formation under way; the count of take-backs is left off while
    there are none, as the turn structure pushes it."""
    return ("form", seat, initial, taken_back) if taken_back else ("form", seat, initial)


@decision("form", _form_actions)
def form(st: PgtState, action: Action, seat: int, initial: bool, taken_back: int = 0) -> None:
    """PGT-8 one slot of the formation; after the sixth the party is settled."""
    placed = st.forming[seat]
    verb, _, arg = action.id.partition(" ")
    if verb == "undo":
        del placed[last_choice(placed) :]  # PGT-8.4 the layout is not fixed yet
        st.stack.append(form_step(seat, initial, taken_back + 1))
        return
    if verb == "keep":
        placed.append(st.field[seat][SLOTS.index(arg)])
    elif verb == "put":
        placed.append(hand_choices(st, seat)[int(arg[1:]) - 1])
    else:
        placed.append(-1)
    while 3 <= len(placed) < 6 and placed[len(placed) - 3] < 0:
        placed.append(-1)  # PGT-8.1.3 nothing may stand behind an empty front slot
    if len(placed) < 6:
        st.stack.append(form_step(seat, initial, taken_back))
    elif not initial:
        commit(st, seat)  # PGT-7.8(3)(4) re-formation is public at once


def party_as_seen(st: PgtState, seat: int, viewer: int | None) -> tuple[list[int], list[int]]:
    """The six places and the hand of `seat` as `viewer` sees them. While a formation is
    being built its owner (PGT-12.3) and, at a re-formation, which is made in the open
    (PGT-7.8(3)(4)), everyone see the slots decided so far filled and those cards out of
    the hand; a first formation stays hidden from the others until both are placed
    (PGT-GAP-4)."""
    placed = st.forming[seat]
    row, hand = st.field[seat], st.hands[seat]
    if not _forming_seen(st, seat, viewer):
        return row, hand
    rest = [-1 if inst in placed else inst for inst in row[len(placed) :]]
    return [*placed, *rest], [inst for inst in hand if inst not in placed]


def waiting(st: PgtState, seat: int, viewer: int | None) -> list[tuple[int, int]]:
    """The characters of `seat`'s party, as `viewer` sees it being re-formed, that still
    wait for a place while their old slot already shows the new formation (party_as_seen):
    (old slot, character), the slot that "keep S" names them by (PGT-8.4)."""
    if not _forming_seen(st, seat, viewer):
        return []
    placed, row = st.forming[seat], st.field[seat]
    return [(k, row[k]) for k in range(len(placed)) if row[k] >= 0 and row[k] not in placed]


def _forming_seen(st: PgtState, seat: int, viewer: int | None) -> bool:
    """Whether `viewer` sees a formation of `seat` in progress (see party_as_seen)."""
    return bool(st.forming[seat]) and (viewer == seat or st.round != 0)


def progress(st: PgtState, seat: int) -> dict | None:
    """What its owner sees of a formation to be made or in progress: the next slot and
    the party points already committed against the cap (PGT-8.1.1; face-up characters
    that must stay count, PGT-8.3)."""
    placed = st.forming[seat]
    if not placed and not any(step[0] == "form" and step[1] == seat for step in st.stack):
        return None
    points, _ = _budget(st, seat, placed)
    slot = SLOTS[len(placed)] if len(placed) < len(SLOTS) else None
    return {"slot": slot, "points": points, "limit": SCORE_CAP}


@automatic("commit_initial")
def commit_initial(st: PgtState) -> None:
    """PGT-GAP-4 both parties, placed simultaneously, are revealed together."""
    commit(st, 0)
    commit(st, 1)


def commit(st: PgtState, seat: int) -> None:
    """Put the settled formation on the field: hand cards face-down (PGT-8.2, PGT-12.1),
    face-down characters left out back to the hand (PGT-8.3, PGT-12.6)."""
    placed = st.forming[seat]
    st.forming[seat] = []
    row = st.field[seat]
    for inst in row:
        if inst >= 0 and inst not in placed:
            st.loc[inst] = -1
            st.hands[seat].append(inst)
            _forget(st, inst)
    hand = st.hands[seat]
    for slot, inst in enumerate(placed):
        row[slot] = inst
        if inst < 0:
            continue
        if inst in hand:
            hand.remove(inst)
            st.up[inst] = False
            st.tapped[inst] = False
        st.loc[inst] = seat * 6 + slot
    public = [
        None if i < 0 else (st.card(i).id if st.known[i] == 0xFF else "face-down") for i in placed
    ]
    mine = [None if i < 0 else st.card(i).id for i in placed]
    total = sum(st.card(i).score for i in placed if i >= 0)
    st.emit("formation", {seat: {"cards": mine, "total": total}}, seat=seat, slots=public)


def _forget(st: PgtState, inst: int) -> None:
    st.counters.pop(inst, None)
    st.mods.pop(inst, None)


def placement_problem(st: PgtState, seat: int, inst: int) -> Why | None:
    """Why a character (in the hand, or on the field and not yet placed again) cannot
    take the next slot of the formation being built (what `_form_actions` tests), or
    None if it can."""
    placed = st.forming[seat]
    total, must = _budget(st, seat, placed)
    spare = _room(placed, True) - len(must)
    if inst in must:  # already counted; it needs no slot beyond its own
        return None if spare >= -1 else why("no_room", "PGT-8.3")
    score = st.card(inst).score
    if total + score > SCORE_CAP:  # PGT-8.1.1
        return why("over_cap", "PGT-8.1.1", score=score, total=total + score, cap=SCORE_CAP)
    if spare < 0:  # PGT-8.1.2 / PGT-8.1.3 the slots left go to the face-up characters
        return why("no_room", "PGT-8.3")
    return None


def empty_problem(st: PgtState, seat: int) -> Why | None:
    """Why the next slot cannot be left empty: the face-up characters that must stay
    (PGT-8.3) need it, or a slot behind it (PGT-8.1.3)."""
    placed = st.forming[seat]
    _, must = _budget(st, seat, placed)
    return None if _room(placed, False) >= len(must) else why("must_fill", "PGT-8.3")


def undo_problem(st: PgtState, seat: int) -> Why | None:
    """Why "undo" is refused once something is placed: the formation's take-backs are
    used up (TAKE_BACKS)."""
    step = st.stack[-1]
    if st.forming[seat] and len(step) > 3 and step[3] >= TAKE_BACKS:
        return why("take_backs", "PGT-8.4", limit=TAKE_BACKS)
    return None


def why_not(st: PgtState, seat: int, action_id: str) -> Why | None:
    """Why a formation choice is refused, for the error message (PGT-8.1)."""
    placed = st.forming[seat]
    verb, _, arg = action_id.partition(" ")
    inst = -2
    if verb == "put" and arg[1:].isdigit():
        free = hand_choices(st, seat)
        n = int(arg[1:])
        inst = free[n - 1] if 1 <= n <= len(free) else -2
    elif verb == "keep" and arg in SLOTS:
        inst = st.field[seat][SLOTS.index(arg)]
    elif verb == "empty":
        return empty_problem(st, seat)
    elif verb == "undo":
        return undo_problem(st, seat)
    if inst < 0 or inst in placed:
        return None
    return placement_problem(st, seat, inst)
