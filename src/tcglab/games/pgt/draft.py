"""The draft (PGT-15): 3-4 players draft 18-card decks from 9-card packs, then play a
knockout tournament of best-of-three matches (PGT-GAP-25).

The rule steps of the draft table (`draft_state.DraftState`): its draft phase
(`drafting`) deals and passes the packs with these, its tournament (`cup`) draws the
pairings with them."""

from __future__ import annotations

from tcglab.engine.rng import Rng

PACK = 9  # PGT-15.3(1)
LEFT, RIGHT = +1, -1  # PGT-15.3(2) the first deal is passed left, (6) the second right


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
