"""The draft phase of a draft table (PGT-15.3), one pick at a time.

The kernel lets one seat decide at a time, so within one pass the seats pick in seat
order (P1, P2, ...); the packs move on only when every seat has picked (PGT-15.3(2)),
which is what the simultaneous picks of the printed rules amount to."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.engine.actions import Action
from tcglab.games.pgt import cup
from tcglab.games.pgt.draft import LEFT, RIGHT, deal_round, pass_packs
from tcglab.games.pgt.words import say

if TYPE_CHECKING:
    from tcglab.games.pgt.draft_state import DraftState

DEALS = 2  # PGT-15.3(1) and (5)


def direction(st: DraftState) -> int:
    """PGT-15.3(2) the first deal is passed left, (6) the second right."""
    return LEFT if st.deal == 1 else RIGHT


def deal(st: DraftState) -> None:
    """PGT-15.3(1)/(5) shuffle the cards aside and deal 9 to each player."""
    st.deal += 1
    st.packs = deal_round(st.rng, st.pool, st.players)
    show_packs(st)
    st.emit("draft_deal", deal=st.deal, each=len(st.packs[0]), aside=len(st.pool))
    st.to_move = 0


def show_packs(st: DraftState) -> None:
    """Each player now holds a pack and has seen every card in it."""
    seen = st.seen
    for seat, pack in enumerate(st.packs):
        bit = 1 << seat
        for card in pack:
            seen[card] |= bit


def pick_actions(st: DraftState) -> list[Action]:
    """PGT-15.3(2)/(6) any one card of the pack in front of the seat to move."""
    cards = st.cards.cards
    pack = sorted(st.packs[st.to_move], key=lambda c: cards[c].id)
    return [pick_action(cards[c]) for c in pack]


def pick_action(card) -> Action:
    stats = {"score": card.score, "pdef": card.pdef, "mdef": card.mdef}
    return say(f"pick {card.id}", "pick", card=card, **stats)


def pick(st: DraftState, card_id: str) -> None:
    """PGT-15.3(2)/(6) the card goes face-down in front of the picker."""
    seat = st.to_move
    card = st.cards.by_id[card_id]
    st.packs[seat].remove(card)
    st.picks[seat].append(card)
    info = st.cards.cards[card]
    secret = {seat: {"card": info.id, "name": info.name_en, "name_ja": info.name_ja}}
    st.emit("pick", secret, seat=seat, deal=st.deal, count=len(st.picks[seat]))
    if seat + 1 < st.players:
        st.to_move = seat + 1
    else:
        end_of_pass(st)


def end_of_pass(st: DraftState) -> None:
    """PGT-15.3(3)/(7) pass what is left, or go on once the packs are used up."""
    if any(st.packs):
        st.packs = pass_packs(st.packs, st.order, direction(st))
        show_packs(st)
        st.emit("pass", deal=st.deal, direction="left" if direction(st) == LEFT else "right")
        st.to_move = 0
    elif st.deal < DEALS:
        deal(st)  # (4) each player may look at their picks: the observation shows them
    else:
        st.packs = []
        st.emit("decks", size=len(st.picks[0]))  # (8) the decks are complete
        cup.start(st)
