"""Paying costs (PM-1.5, PM-1.6): sources from the hand and the point area, coloured
prices (PM-1.7.4), the [コンビ] rule (PM-1.11.4), one source card at a time."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.engine.actions import Action
from tcglab.games.pm.procedure import decision
from tcglab.games.pm.turn import take_from_hand
from tcglab.games.pm.words import say

if TYPE_CHECKING:
    from tcglab.games.pm.cards import Card
    from tcglab.games.pm.state import PMState


def source_of(st: PMState, seat: int, inst: int) -> int:
    """PM-1.6.1 the printed source; some cards give 3 once enough points are down."""
    return card_source(st, seat, st.card(inst))


def card_source(st: PMState, seat: int, card: Card) -> int:
    if card.source3 is not None and len(st.points[seat]) >= card.source3:
        return 3
    return card.source


def matches(card: Card, names: frozenset) -> bool:
    """PM-1.11.4 / PM-GAP-16 a character card carrying one of the [コンビ] names."""
    return card.is_character and not names.isdisjoint(card.names)


def sources(st: PMState, seat: int, colour: str, exclude: int) -> list[int]:
    """PM-1.6.2 cards that can pay: the hand (discarded) and face-up point cards
    (turned face-down, PM-GAP-13); a coloured price takes only that colour (PM-1.7.4)."""
    found = [i for i in st.hand[seat] if i != exclude]
    found += [i for i in st.points[seat] if not st.down[i] and i != exclude]
    if colour:
        found = [i for i in found if st.card(i).colour == colour]
    return found


def payable(st: PMState, seat: int, cost: int, colour: str, exclude: int, names) -> bool:
    pool = sources(st, seat, colour, exclude)
    if sum(source_of(st, seat, i) for i in pool) < cost:
        return False
    return not names or any(matches(st.card(i), names) for i in pool)


def character_cost(st: PMState, seat: int, card: Card) -> int:
    return max(card.cost - st.discount[seat], 0)


def push_pay(st: PMState, seat: int, inst: int, cost: int, colour: str, combi: bool) -> None:
    """PM-1.5.1 pay at least the cost; overpaying is allowed (PM-GAP-13)."""
    if cost > 0 or combi:
        st.stack.append(("pay", seat, inst, cost, colour, combi))


def _pay_actions(st, seat, inst, left, colour, combi) -> list[Action]:
    names = st.card(inst).names if combi else None
    acts, seen = [], set()
    for i in sources(st, seat, colour, -1):
        card = st.card(i)
        in_hand = i in st.hand[seat]
        key = (in_hand, card.id)
        if key in seen:
            continue
        seen.add(key)
        given = source_of(st, seat, i)
        # PM-GAP-16 the payment may not end before it includes a same-name character.
        if names and not matches(card, names) and given >= left:
            continue
        if in_hand:
            acts.append(say(f"pay {card.id}", "pay", card=card, given=given))
        else:
            acts.append(say(f"flip {st.ref(i)}", "flip", card=card, given=given))
    return acts


@decision("pay", _pay_actions)
def pay(st: PMState, action: Action, seat: int, inst: int, left: int, colour: str, combi: bool):
    """PM-1.6.2 one source card at a time until the cost is covered."""
    verb, arg = action.id.split(" ", 1)
    if verb == "pay":
        used = take_from_hand(st, seat, arg)
        st.discard[seat].append(used)
    else:
        used = st.at(arg)
        st.down[used] = True
    given = source_of(st, seat, used)
    left -= given
    if combi and matches(st.card(used), st.card(inst).names):
        combi = False
    how = "discard" if verb == "pay" else "flip"
    st.emit("pay", seat=seat, card=st.card(used).id, how=how, source=given, left=max(left, 0))
    if left > 0 or combi:
        st.stack.append(("pay", seat, inst, left, colour, combi))


def paying_view(st: PMState) -> dict | None:
    step = st.stack[-1] if st.stack else None
    if not step or step[0] != "pay":
        return None
    _, seat, inst, left, colour, combi = step
    view = {"seat": seat, "card": st.card(inst).id, "left": max(left, 0), "colour": colour}
    if combi:
        view["needs_name"] = sorted(st.card(inst).names)
    return view


def pay_problem(st: PMState, seat: int, verb: str, arg: str, step: tuple) -> str:
    """Why a payment action cannot be taken, for the person who typed it."""
    _, _, inst, left, colour, combi = step
    what = f"'{verb} {arg}'"
    hand = sorted(st.card(i).id for i in st.hand[seat])
    if verb == "pay" and arg not in hand:
        return f"{what}: {arg} is not in your hand; hand: {', '.join(hand)}"
    if verb == "flip":
        try:
            used = st.at(arg)
        except (ValueError, KeyError, IndexError):
            return f"{what}: no card at {arg}; name a point card of yours like p1.P1"
        if used not in st.points[seat] or st.down[used]:
            return f"{what}: only a face-up card of your own point area can pay (PM-1.6.2)"
    if colour:
        return f"{what}: {left} more {colour} source is needed; only {colour} cards pay it"
    if combi:
        names = " or ".join(sorted(st.card(inst).names))
        return f"{what}: the payment must include a character named {names} (PM-1.11.4)"
    return f"{what} cannot pay now"


# -- payments under way, for determinize -------------------------------------------------


def payments_under_way(st: PMState, seat: int) -> list[tuple]:
    return [step for step in st.stack if step[0] == "pay" and step[1] == seat]


def can_finish(st: PMState, seat: int) -> bool:
    """PM-1.5.1 a card is played only when its cost can be paid, so a payment under way
    can always be finished from the payer's hand and face-up points. A sample of a hand
    nobody else has seen must keep that true."""
    for _, _, inst, left, colour, combi in payments_under_way(st, seat):
        names = st.card(inst).names if combi else None
        if not payable(st, seat, left, colour, -1, names):
            return False
    return True


def fit_payment(st: PMState, seat: int, unknown: list[int]) -> None:
    """Rearrange the identities of `unknown` (the payer's hand, then its deck) so that
    the hand can finish the payment under way: the [コンビ] name card and the best
    sources of the price's colour go into the hand, every other card keeps its sampled
    order. Highest sources first covers the price with the fewest cards, so this finds
    such a hand whenever one exists, and the true hand shows that one does."""
    _, _, inst, left, colour, combi = payments_under_way(st, seat)[-1]
    points = [i for i in sources(st, seat, colour, -1) if i not in st.hand[seat]]
    left -= sum(source_of(st, seat, i) for i in points)
    names = st.card(inst).names if combi else None
    if names and any(matches(st.card(i), names) for i in points):
        names = None  # a face-up point card already carries the name
    cards = [st.card(i) for i in unknown]
    worth = [card_source(st, seat, card) for card in cards]
    fitting = [k for k, card in enumerate(cards) if not colour or card.colour == colour]
    fitting.sort(key=worth.__getitem__, reverse=True)  # stable: ties keep the sampled order
    chosen = [k for k in fitting if names and matches(cards[k], names)][:1]
    for k in fitting:
        if sum(worth[c] for c in chosen) >= left or len(chosen) == len(st.hand[seat]):
            break
        if k not in chosen:
            chosen.append(k)
    rest = [k for k in range(len(unknown)) if k not in chosen]
    identities = [st.cid[unknown[k]] for k in chosen + rest]
    for inst_in_order, identity in zip(unknown, identities, strict=True):
        st.cid[inst_in_order] = identity
