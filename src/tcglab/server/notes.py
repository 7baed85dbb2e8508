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


def auto_pass(state: State, seat: int, action: Action) -> Note:
    """The note of a lone pass the table plays for `seat`, told to it alone."""
    labels = {"label_en": action.text("en"), "label_ja": action.text("ja")}
    return Note(len(state.log), seat, "auto_pass", {"seat": seat, **labels})


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


def outcome(game: str, result: dict | None, names: list[str], lang: str) -> dict | None:
    """A finished game's end in words, in `lang`: per seat its name and what its score
    counts ("2/7 points dealt"; None where the game's scores count nothing a player
    would read), and the reason where the table ended the game (a concession, the
    action cap; None for an end by the game's rules, which the game's own words tell)."""
    if result is None:
        return None
    scores = result.get("scores") or []
    key = f"{game}_{result.get('reason')}"
    with named(names):
        seats = [
            {"seat": n, "name": seat_name(n), "score": score_words(game, key, s, lang)}
            for n, s in enumerate(scores)
        ]
        reason = None
        if f"ended_{result.get('reason')}" in MESSAGES.kinds():
            data = {"seat": result.get("conceded", 0), "winner": (result["winners"] or [0])[0]}
            reason = MESSAGES.describe(f"ended_{result['reason']}", data, lang)
    return {"reason": reason, "seats": seats}


def score_words(game: str, key: str, score: int, lang: str) -> str | None:
    for term in (key, game):
        try:
            return MESSAGES.describe("score", {"key": term, "score": score}, lang)
        except KeyError:  # no words for this game's scores (or this reason's)
            continue
    return None


def note_view(note: Note, lang: str) -> dict:
    message = MESSAGES.describe(note.kind, note.data, lang)
    return {"kind": note.kind, **note.data, "table": True, "message": message}
