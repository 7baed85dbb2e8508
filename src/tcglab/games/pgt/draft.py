"""The draft (PGT-15): 3-4 players draft 18-card decks from 9-card packs, then play a
knockout tournament of best-of-three matches (PGT-GAP-25).

The steps are small functions shared by the batch `draft` and `tournament` below
(pickers and agents decide everything at once) and by the draft table's state
(`draft_state.DraftState`, where players decide one action at a time)."""

from __future__ import annotations

from tcglab.engine.errors import BadOption
from tcglab.engine.rng import Rng
from tcglab.games.pgt.cards import card_set
from tcglab.games.pgt.match import play_match

PACK = 9  # PGT-15.3(1)
LEFT, RIGHT = +1, -1  # PGT-15.3(2) the first deal is passed left, (6) the second right


class AiPicker:
    """Picks the card worth most to a party per point of score."""

    def pick(self, seat: int, pack: list[str], picked: list[str]) -> str:
        cards = card_set()
        return best_pick([cards.card(i).info for i in pack])


def best_pick(pack: list[dict]) -> str:
    """The id of the card worth most to a party per point of score (ties: highest id)."""
    from tcglab.games.pgt.agent import card_value

    return max(pack, key=lambda info: (card_value(info), info["id"]))["id"]


def seating(rng: Rng, players: int) -> list[int]:
    """PGT-15.3(1) the seats around the table in random order, clockwise: each seat's
    left neighbour is the next one in this list."""
    order = list(range(players))
    rng.shuffle(order)
    return order


def neighbour(order: list[int], seat: int, direction: int) -> int:
    """The seat a pack goes to from `seat`: to the left (+1) or to the right (-1)."""
    return order[(order.index(seat) + direction) % len(order)]


def deal_round(rng: Rng, pool: list[int], players: int) -> list[list[int]]:
    """PGT-15.3(1)/(5) shuffle the pool and deal 9 to each; the rest stays aside."""
    rng.shuffle(pool)
    return [[pool.pop() for _ in range(PACK)] for _ in range(players)]


def pass_packs(packs: list[list[int]], order: list[int], direction: int) -> list[list[int]]:
    """PGT-15.3(2)/(6) every pack moves to the neighbour on one side."""
    passed: list[list[int]] = [[] for _ in packs]
    for seat, pack in enumerate(packs):
        passed[neighbour(order, seat, direction)] = pack
    return passed


def pick_round(packs, pickers, picked, order: list[int], direction: int) -> None:
    """PGT-15.3(2)(3) / (6)(7) each picks one, the rest passes on, until none is left."""
    cards = card_set().cards
    while any(packs):
        for seat in range(len(packs)):
            ids = [cards[i].id for i in packs[seat]]
            choice = pickers[seat].pick(seat, ids, [cards[i].id for i in picked[seat]])
            if choice not in ids:
                raise BadOption(f"seat {seat + 1} picked {choice!r}, not in its pack: {ids}")
            picked[seat].append(packs[seat].pop(ids.index(choice)))
        packs[:] = pass_packs(packs, order, direction)


def draft(seed: int, pickers: list) -> dict:
    """PGT-15.3 build an 18-card deck for each of 3 or 4 players (PGT-15.1)."""
    players = len(pickers)
    if players not in (3, 4):
        raise BadOption(f"a draft takes 3 or 4 players, not {players}")
    rng = Rng(seed)
    order = seating(rng, players)
    pool = list(range(len(card_set().cards)))
    picked: list[list[int]] = [[] for _ in range(players)]
    packs = deal_round(rng, pool, players)
    aside_after_first = len(pool)
    pick_round(packs, pickers, picked, order, LEFT)
    packs = deal_round(rng, pool, players)
    pick_round(packs, pickers, picked, order, RIGHT)
    cards = card_set().cards
    return {
        "decks": [[cards[i].id for i in deck] for deck in picked],
        "seating": order,
        "set_aside_after_first_deal": aside_after_first,
        "unused": len(pool),
    }


# -- the knockout (PGT-15.4, PGT-GAP-25) ------------------------------------------------


def draw_order(rng: Rng, players: int) -> list[int]:
    """PGT-15.4 the pairings are drawn at random: the seats in drawn order."""
    seats = list(range(players))
    rng.shuffle(seats)
    return seats


def pairings(seats: list[int]) -> tuple[list[tuple[int, int]], int | None]:
    """One knockout round: pairs in drawn order; PGT-GAP-25 with an odd number the last
    drawn has a bye."""
    bye = seats[-1] if len(seats) % 2 else None
    paired = seats[:-1] if bye is not None else seats
    return list(zip(paired[::2], paired[1::2], strict=True)), bye


def advancing(pair: tuple[int, int], winner: int | None) -> int:
    """Who goes on from a match; a match with no winner goes to the first drawn."""
    return pair[1] if winner == 1 else pair[0]


def tournament(game, seed: int, decks: list[list[str]], agents: list) -> dict:
    """PGT-15.4 random pairings, knockout; matches are best of three with the drafted
    decks (PGT-GAP-25)."""
    rng = Rng(seed)
    seats = draw_order(rng, len(decks))
    rounds = []
    while len(seats) > 1:
        pairs, bye = pairings(seats)
        matches = [] if bye is None else [{"bye": bye}]
        winners = [] if bye is None else [bye]
        for a, b in pairs:
            result = play_match(game, rng.next_u64(), [agents[a], agents[b]], [decks[a], decks[b]])
            won = advancing((a, b), result["winner"])
            matches.append({"players": [a, b], "wins": result["wins"], "winner": won})
            winners.append(won)
        rounds.append(matches)
        seats = winners
    return {"rounds": rounds, "champion": seats[0]}


def sample_decks() -> dict[str, list[str]]:
    """Four decks from an all-AI draft, as examples of the deck format."""
    result = draft(2026, [AiPicker() for _ in range(4)])
    return {f"draft-{n + 1}": deck for n, deck in enumerate(result["decks"])}
