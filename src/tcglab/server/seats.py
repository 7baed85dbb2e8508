"""Seats: who plays each one, what the others are told of it, when a seat counts as
abandoned, and how a rematch seats the same players.

A human seat is open until someone joins it. Left before the game is under way (some
seat still open), it is open again; left mid-game, it is closed to everyone, and the
computer plays it once the table's `grace` has passed. A seat whose player has been
away that long (no websocket and no request) is taken over the same way.
"""

from __future__ import annotations

from dataclasses import replace

from tcglab.server.store import SeatRow, TableRow

DEFAULT_LEVEL = "normal"  # who takes over at a table of humans only
# What a table of several computer seats calls them, so a log or a bracket tells them
# apart: names that read the same in English and Japanese.
COMPUTER_NAMES = ("Aoi", "Ren", "Mio", "Sora", "Kai", "Yui", "Rin", "Nao")


def open_seat(seat: SeatRow) -> bool:
    return seat.kind == "human" and seat.token_hash is None and seat.left_at is None


def public_seat(seat: SeatRow) -> dict:
    return {
        "seat": seat.seat,
        "kind": seat.kind,
        "level": seat.agent if seat.kind == "ai" else "",
        "name": seat.name,
        "open": open_seat(seat),
        "left": seat.left_at is not None,
    }


def taken(seat: SeatRow, token_hash: str, name: str, auto_pass: bool) -> SeatRow:
    """The seat as a player joining it makes it."""
    return replace(
        seat,
        token_hash=token_hash,
        name=name or f"P{seat.seat + 1}",
        auto_pass=auto_pass,
        left_at=None,
    )


def computer_name(level: str) -> str:
    return f"AI ({level})"


def name_computers(seats: list[SeatRow]) -> None:
    """Give each computer seat a name of its own where a table has more than one."""
    computers = [s for s in seats if s.kind == "ai"]
    if len(computers) < 2:
        return
    for seat, name in zip(computers, COMPUTER_NAMES, strict=False):
        seat.name = f"{name} (AI, {seat.agent})"


def table_level(row: TableRow) -> str:
    """The level the computer plays a taken-over seat at: the table's own computer
    seats' (the first of them), else normal."""
    return next((s.agent for s in row.seats if s.kind == "ai" and s.agent), DEFAULT_LEVEL)


def taken_over(seat: SeatRow, level: str) -> SeatRow:
    """The seat as the computer plays it on: the player's name stays, for the log."""
    return replace(seat, kind="ai", agent=level, token_hash=None, left_at=None)


def absence(seat: SeatRow, now: float, grace: float, present: int, seen: float) -> str:
    """Why the computer should take this human seat over now: "left" (its player left
    it `grace` seconds ago), "away" (no websocket and no request for that long), or ""."""
    if seat.kind != "human":
        return ""
    if seat.left_at is not None:
        return "left" if now - seat.left_at >= grace else ""
    if seat.token_hash is not None and not present and now - seen >= grace:
        return "away"
    return ""


def rotated(seats: list[SeatRow], by: int = 1) -> list[SeatRow]:
    """A rematch's seats: the same players (names, levels, seat tokens) `by` places on,
    so with 1 the seat that sat second sits first (0: a position played again, where
    each seat is its own). Open or left seats come back open, without a name."""
    count = len(seats)
    out = []
    for number in range(count):
        old = seats[(number + by) % count]
        token = old.token_hash if old.kind == "human" else None
        out.append(
            SeatRow(
                number,
                old.kind,
                agent=old.agent,
                name=old.name if token is not None or old.kind != "human" else "",
                token_hash=token,
                auto_pass=old.auto_pass,
            )
        )
    return out


def rematch_seat(old_seat: int, count: int, by: int = 1) -> int:
    """Where the player of `old_seat` sits in the rematch (see `rotated`)."""
    return (old_seat - by) % count
