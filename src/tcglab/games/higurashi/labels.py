"""How the engine names seats and face-down characters outside the catalogues: the
state's English names of hidden characters and their Japanese reading in events."""

from __future__ import annotations

from tcglab.engine.messages import seat_name

# Seat names as the state prints them, worked out once: they are used at every decision.
SEATS = tuple(seat_name(seat) for seat in range(8))


def hidden_ja(seat: int, slot: int, owner: str | None = None) -> str:
    """A face-down character the viewer does not know, named by its place in a row (of
    `owner`, a seat name: a message gives the table's; else P1, P2 ...)."""
    return f"{SEATS[seat] if owner is None else owner}の列の{slot + 1}枚目（裏向き）"
