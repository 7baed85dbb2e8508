"""What the table says in the log beside the game's events: a pass it played for a
seat, a seat the computer took over, a concession. Each note sits between two game
events (its `at`) and is told to one seat or to everyone; a seat's view numbers its
log with the notes it is told, so `since` and `next` count both.

A note played for one seat (an automatic pass) is told to that seat only: every other
seat's log is exactly what it would be had the player clicked.
"""

from __future__ import annotations

from pathlib import Path

from tcglab.engine import Action, State
from tcglab.engine.messages import Messages, named, seat_name
from tcglab.server.store import Note

MESSAGES = Messages(Path(__file__).resolve().parent / "messages")


def auto_pass(state: State, seat: int, action: Action, passes: bool = True) -> Note:
    """The note of a lone action the table plays for `seat`, told to it alone: a pass,
    or the only way to finish the choice it has just made (`passes` false)."""
    labels = {"label_en": action.text("en"), "label_ja": action.text("ja")}
    kind = "auto_pass" if passes else "auto_choice"
    return Note(len(state.log), seat, kind, {"seat": seat, **labels})


def public(state: State, kind: str, **data) -> Note:
    return Note(len(state.log), None, kind, data)


def told_to(notes: list[Note], seat: int | None) -> list[Note]:
    return [n for n in notes if n.seat is None or n.seat == seat]


def log_length(state: State, notes: list[Note], seat: int | None) -> int:
    """How long `seat`'s log is: the game's events and the notes it is told."""
    return len(state.log) + len(told_to(notes, seat))


def events(
    state: State, notes: list[Note], seat: int | None, since: int, lang: str, names
) -> list[dict]:
    """`seat`'s log from position `since` on: the game's events as it sees them with the
    notes it is told in their places, messages in `lang` naming seats by `names`."""
    mine = told_to(notes, seat)
    skipped = 0  # notes before `since`: a note k sits at position at + k
    while skipped < len(mine) and mine[skipped].at + skipped < since:
        skipped += 1
    start = since - skipped
    told = state.events_for(seat, start, lang, names)
    if skipped == len(mine):
        return told
    out: list[dict] = []
    game_at = start
    with named(names):
        for note in mine[skipped:]:
            while game_at < note.at and game_at - start < len(told):
                out.append(told[game_at - start])
                game_at += 1
            out.append(note_view(note, lang))
    out.extend(told[game_at - start :])
    return out


def outcome(
    game: str, result: dict | None, names: list[str], lang: str, observation: dict | None = None
) -> dict | None:
    """A finished game's end in words, in `lang`: every seat's name and what its score
    counts ("2/7 points dealt"), or where the result's scores count nothing a player
    would read (a concession has none; Princess Scramble's are a win flag) its standing
    in the final `observation` ("damage 10/10"); and the reason where the table ended
    the game (a concession, the action cap; None for an end by the game's rules, which
    the game's own words tell)."""
    if result is None:
        return None
    scores = result.get("scores") or []
    key = f"{game}_{result.get('reason')}"
    standings = observed_seats(observation)
    with named(names):
        seats = []
        for n in range(max(len(names), len(scores))):
            words = score_words(game, key, scores[n], lang) if n < len(scores) else None
            if words is None and n < len(standings):
                words = standing_words(game, standings[n], lang)
            seats.append({"seat": n, "name": seat_name(n), "score": words})
        reason = None
        if f"ended_{result.get('reason')}" in MESSAGES.kinds():
            data = {"seat": result.get("conceded", 0), "winner": (result["winners"] or [0])[0]}
            reason = MESSAGES.describe(f"ended_{result['reason']}", data, lang)
    return {"reason": reason, "seats": seats}


def observed_seats(observation: dict | None) -> list[dict]:
    """Each seat's public entry in an observation (Pretty Good Tactics calls them sides),
    its lists counted: what a standing ("damage 10/10") is worded from."""
    entries = (observation or {}).get("seats") or (observation or {}).get("sides") or []
    if not isinstance(entries, list):
        return []
    return [
        {k: len(v) if isinstance(v, list) else v for k, v in e.items()}
        for e in entries
        if isinstance(e, dict)
    ]


def score_words(game: str, key: str, score: int, lang: str) -> str | None:
    for term in (key, game):
        try:
            return MESSAGES.describe("score", {"key": term, "score": score}, lang)
        except KeyError:  # no words for this game's scores (or this reason's)
            continue
    return None


def standing_words(game: str, seat: dict, lang: str) -> str | None:
    """A seat's standing in the game's words, or None where the game has none or the
    observation lacks a field of it."""
    try:
        return MESSAGES.describe("standing", {**seat, "key": game}, lang)
    except (KeyError, ValueError):
        return None


def note_view(note: Note, lang: str) -> dict:
    message = MESSAGES.describe(note.kind, note.data, lang)
    return {"kind": note.kind, **note.data, "table": True, "message": message}
