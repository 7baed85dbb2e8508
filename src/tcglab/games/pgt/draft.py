"""The draft (PGT-15): 3-4 players draft 18-card decks from 9-card packs, then play a
knockout tournament of best-of-three matches (PGT-GAP-25)."""

from __future__ import annotations

from tcglab.engine.errors import BadOption
from tcglab.engine.rng import Rng
from tcglab.games.pgt.cards import card_set
from tcglab.games.pgt.match import play_match

PACK = 9  # PGT-15.3(1)


class AiPicker:
    """Picks the card worth most to a party per point of score."""

    def pick(self, seat: int, pack: list[str], picked: list[str]) -> str:
        from tcglab.games.pgt.agent import card_value

        cards = card_set()
        return max(pack, key=lambda i: (card_value(cards.card(i).info), i))


def deal_round(rng: Rng, pool: list[int], players: int) -> list[list[int]]:
    rng.shuffle(pool)
    return [[pool.pop() for _ in range(PACK)] for _ in range(players)]


def pick_round(packs, pickers, picked, direction: int) -> None:
    """PGT-15.3(2)(3) / (6)(7) pick one, pass the rest left (+1) or right (-1)."""
    cards = card_set().cards
    players = len(packs)
    while any(packs):
        for seat in range(players):
            ids = [cards[i].id for i in packs[seat]]
            choice = pickers[seat].pick(seat, ids, [cards[i].id for i in picked[seat]])
            if choice not in ids:
                raise BadOption(f"seat {seat + 1} picked {choice!r}, not in its pack: {ids}")
            index = ids.index(choice)
            picked[seat].append(packs[seat].pop(index))
        packs[:] = [packs[(seat - direction) % players] for seat in range(players)]


def draft(seed: int, pickers: list) -> dict:
    """PGT-15.3 build an 18-card deck for each of 3 or 4 players (PGT-15.1)."""
    players = len(pickers)
    if players not in (3, 4):
        raise BadOption(f"a draft takes 3 or 4 players, not {players}")
    rng = Rng(seed)
    pool = list(range(len(card_set().cards)))
    picked: list[list[int]] = [[] for _ in range(players)]
    packs = deal_round(rng, pool, players)  # (1) the rest is set aside
    aside_after_first = len(pool)
    pick_round(packs, pickers, picked, +1)  # (2)(3) passed left
    packs = deal_round(rng, pool, players)  # (5)
    pick_round(packs, pickers, picked, -1)  # (6)(7) passed right
    cards = card_set().cards
    return {
        "decks": [[cards[i].id for i in deck] for deck in picked],
        "set_aside_after_first_deal": aside_after_first,
        "unused": len(pool),
    }


def tournament(game, seed: int, decks: list[list[str]], agents: list) -> dict:
    """PGT-15.4 random pairings, knockout; PGT-GAP-25 with 3 players one random player
    has a first-round bye; matches are best of three with the drafted decks."""
    rng = Rng(seed)
    seats = list(range(len(decks)))
    rng.shuffle(seats)
    rounds = []
    while len(seats) > 1:
        matches, winners = [], []
        if len(seats) % 2:
            winners.append(seats.pop())  # the bye
            matches.append({"bye": winners[0]})
        for a, b in zip(seats[::2], seats[1::2], strict=True):
            result = play_match(game, rng.next_u64(), [agents[a], agents[b]], [decks[a], decks[b]])
            won = a if result["winner"] in (0, None) else b
            matches.append({"players": [a, b], "wins": result["wins"], "winner": won})
            winners.append(won)
        rounds.append(matches)
        seats = winners
    return {"rounds": rounds, "champion": seats[0]}


def sample_decks() -> dict[str, list[str]]:
    """Four decks from an all-AI draft, as examples of the deck format."""
    result = draft(2026, [AiPicker() for _ in range(4)])
    return {f"draft-{n + 1}": deck for n, deck in enumerate(result["decks"])}
