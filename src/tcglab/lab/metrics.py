"""What a designer reads from game records, computed in DuckDB over the `games` and
`cards` views (`tcglab.lab.records.connect`).

Every figure is a `Rate` with its sample size `n` and 95% Wilson interval; a figure
from fewer than `MIN_GAMES` games is "n too small" and never shown as a number alone.
The per-card win rates are 17lands' (a card's rows are its games in a seat whose deck
held it or that saw it):

- GIH WR: games in hand, the card in the opening hand or drawn later;
- OH WR: in the opening hand;  GD WR: drawn after the opening hand;
- GNS WR: in the deck and never seen;  IWD: GIH WR minus GNS WR;
- ATA, ALSA: in a draft, the mean pick number it was taken at and last seen at.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tcglab.sim.ratings import Z95, wilson

MIN_GAMES = 20


@dataclass(frozen=True)
class Rate:
    """A win rate (or any share) over `n` games: `wins` of them, 95% Wilson interval."""

    wins: float
    n: int

    @property
    def enough(self) -> bool:
        return self.n >= MIN_GAMES

    @property
    def rate(self) -> float | None:
        return self.wins / self.n if self.n else None

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.n)

    def text(self) -> str:
        """`54.1% (49.8-58.3%, n=520)`, or `n too small (n=7)`."""
        if not self.enough:
            return f"n too small (n={self.n})"
        low, high = self.interval
        return f"{self.rate:.1%} ({low:.1%}-{high:.1%}, n={self.n})"

    def json(self) -> dict:
        low, high = self.interval
        shown = self.enough
        return {
            "n": self.n,
            "rate": self.rate if shown else None,
            "low": low if shown else None,
            "high": high if shown else None,
        }


def difference(a: Rate, b: Rate) -> dict:
    """`a - b` in points of rate, with a 95% normal interval; None where either is small."""
    if not (a.enough and b.enough):
        return {"value": None, "low": None, "high": None, "n": [a.n, b.n]}
    pa, pb = a.rate, b.rate
    half = Z95 * math.sqrt(pa * (1 - pa) / a.n + pb * (1 - pb) / b.n)
    value = pa - pb
    return {"value": value, "low": value - half, "high": value + half, "n": [a.n, b.n]}


CARDS = """
SELECT card,
  count(*) FILTER (WHERE copies > 0) AS in_deck,
  count(*) FILTER (WHERE opening > 0 OR drawn_turn IS NOT NULL) AS gih_n,
  coalesce(sum(win) FILTER (WHERE opening > 0 OR drawn_turn IS NOT NULL), 0) AS gih_w,
  count(*) FILTER (WHERE opening > 0) AS oh_n,
  coalesce(sum(win) FILTER (WHERE opening > 0), 0) AS oh_w,
  count(*) FILTER (WHERE drawn_turn IS NOT NULL) AS gd_n,
  coalesce(sum(win) FILTER (WHERE drawn_turn IS NOT NULL), 0) AS gd_w,
  count(*) FILTER (WHERE copies > 0 AND opening = 0 AND drawn_turn IS NULL
                   AND played_turn IS NULL) AS gns_n,
  coalesce(sum(win) FILTER (WHERE copies > 0 AND opening = 0 AND drawn_turn IS NULL
                            AND played_turn IS NULL), 0) AS gns_w,
  count(*) FILTER (WHERE played_turn IS NOT NULL) AS played_n,
  avg(played_turn) AS mean_turn_played,
  count(pick_taken) AS taken_n, avg(pick_taken) AS ata,
  coalesce(sum(win) FILTER (WHERE pick_taken IS NOT NULL), 0) AS taken_w,
  count(pick_last_seen) AS seen_n, avg(pick_last_seen) AS alsa
FROM cards GROUP BY card ORDER BY card
"""


def card_metrics(con) -> list[dict]:
    """Per card: the 17lands rates, play rate (of games in hand), mean turn played,
    and in a draft ATA, ALSA and the win rate of decks that took it."""
    out = []
    for row in con.execute(CARDS).fetchall():
        (card, in_deck, gih_n, gih_w, oh_n, oh_w, gd_n, gd_w, gns_n, gns_w, played_n,
         mean_turn, taken_n, ata, taken_w, seen_n, alsa) = row  # fmt: skip
        gih, gns = Rate(gih_w, gih_n), Rate(gns_w, gns_n)
        out.append(
            {
                "card": card,
                "in_deck": in_deck,
                "gih": gih,
                "oh": Rate(oh_w, oh_n),
                "gd": Rate(gd_w, gd_n),
                "gns": gns,
                "iwd": difference(gih, gns),
                "play_rate": Rate(min(played_n, gih_n), gih_n) if gih_n else Rate(0, 0),
                "played": played_n,
                "mean_turn_played": mean_turn,
                "ata": ata,
                "taken": taken_n,
                "alsa": alsa,
                "seen": seen_n,
                "picked": Rate(taken_w, taken_n),
            }
        )
    return out


MATCHUPS = """
SELECT decks[1] AS a, decks[2] AS b, count(*) AS n,
  sum(CASE WHEN len(winners) = 0 THEN 0
           ELSE (CASE WHEN list_contains(winners, 0) THEN 1.0 ELSE 0 END) / len(winners)
      END) AS a_wins
FROM games WHERE players = 2 AND decks[1] IS NOT NULL AND decks[2] IS NOT NULL
GROUP BY a, b
"""


def matchups(con) -> dict:
    """Deck against deck (two-player games): the row deck's win rate against the
    column deck, over games either way round. {"decks": [...], "cells": {(a, b): Rate}}"""
    wins: dict[tuple[str, str], list[float]] = {}
    for a, b, n, a_wins in con.execute(MATCHUPS).fetchall():
        for row, col, won in ((a, b, a_wins), (b, a, n - a_wins)):
            cell = wins.setdefault((row, col), [0.0, 0])
            cell[0] += float(won)
            cell[1] += n
    decks = sorted({deck for pair in wins for deck in pair})
    cells = {pair: Rate(w, n) for pair, (w, n) in wins.items()}
    return {"decks": decks, "cells": cells}


FIRST = """
SELECT count(*) AS n,
  sum(CASE WHEN list_contains(winners, first) THEN 1.0 / len(winners) ELSE 0 END) AS w
FROM games WHERE first IS NOT NULL
"""

FIRST_BY_DECK = """
SELECT decks[first + 1] AS deck, count(*) AS n,
  sum(CASE WHEN list_contains(winners, first) THEN 1.0 / len(winners) ELSE 0 END) AS w
FROM games WHERE first IS NOT NULL AND decks[first + 1] IS NOT NULL
GROUP BY deck ORDER BY deck
"""

SECOND_BY_DECK = """
SELECT decks[2 - first] AS deck, count(*) AS n,
  sum(CASE WHEN list_contains(winners, 1 - first) THEN 1.0 / len(winners) ELSE 0 END) AS w
FROM games WHERE first IS NOT NULL AND players = 2 AND decks[2 - first] IS NOT NULL
GROUP BY deck ORDER BY deck
"""


def first_seat(con) -> dict:
    """How often the seat that went first won, over all games and per deck (with the
    deck's rate going second and the difference, in two-player games)."""
    n, w = con.execute(FIRST).fetchone()
    players = con.execute("SELECT min(players), max(players) FROM games").fetchone()
    second = {deck: Rate(float(w), n) for deck, n, w in con.execute(SECOND_BY_DECK).fetchall()}
    decks = []
    for deck, dn, dw in con.execute(FIRST_BY_DECK).fetchall():
        first, later = Rate(float(dw), dn), second.get(deck, Rate(0, 0))
        decks.append(
            {"deck": deck, "first": first, "second": later, "gain": difference(first, later)}
        )
    return {
        "first": Rate(float(w or 0), n),
        "fair": 1 / players[1] if players[1] else None,
        "decks": decks,
    }


def lengths(con) -> dict:
    """Game length in turns and actions (count per value), and the end reasons."""
    turns = con.execute(
        "SELECT turns, count(*) FROM games GROUP BY turns ORDER BY turns"
    ).fetchall()
    actions = con.execute("SELECT actions FROM games ORDER BY actions").fetchall()
    reasons = con.execute(
        "SELECT reason, count(*) AS n FROM games GROUP BY reason ORDER BY n DESC, reason"
    ).fetchall()
    stats = con.execute(
        "SELECT count(*), avg(turns), median(turns), avg(actions), median(actions) FROM games"
    ).fetchone()
    return {
        "games": stats[0],
        "mean_turns": stats[1],
        "median_turns": stats[2],
        "mean_actions": stats[3],
        "median_actions": stats[4],
        "turns": turns,
        "actions": [a for (a,) in actions],
        "reasons": reasons,
    }


def headline(con) -> dict:
    """The figures a script reads first: games, first-seat rate, the cards that most
    improve a deck when drawn (IWD) and the matchups."""
    cards = card_metrics(con)
    ranked = sorted(
        (c for c in cards if c["iwd"]["value"] is not None), key=lambda c: -c["iwd"]["value"]
    )
    seat = first_seat(con)
    table = matchups(con)
    return {
        "games": con.execute("SELECT count(*) FROM games").fetchone()[0],
        "first_seat": seat["first"].json(),
        "top_iwd": [
            {"card": c["card"], "iwd": c["iwd"], "gih": c["gih"].json()} for c in ranked[:5]
        ],
        "matchups": [
            {"deck": a, "against": b, **rate.json()}
            for (a, b), rate in sorted(table["cells"].items())
        ],
    }
