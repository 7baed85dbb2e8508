"""Every game speaks English and Japanese: each legal action has a Japanese label and
each event a Japanese message, told from what the seat may see, like the English."""

from __future__ import annotations

import re

from tcglab.engine import Rng

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def test_every_action_has_a_japanese_label(case):
    for seed in case.seeds(2, "labels"):
        for state in case.walk(seed, every=3):
            for action in state.legal_actions():
                assert JAPANESE.search(action.ja), f"{case}: no Japanese label for {action}"
                assert action.text("ja") == action.ja and action.text("en") == action.label


def test_every_event_has_a_japanese_message(case):
    for seed in case.seeds(2, "messages"):
        state = case.play(seed)
        for seat in [*range(state.players), None]:
            english = state.events_for(seat)
            japanese = state.events_for(seat, lang="ja")
            assert [e["kind"] for e in japanese] == [e["kind"] for e in english]
            for event in japanese:
                assert JAPANESE.search(event["message"]), f"{case}: {event}"


def test_japanese_events_need_no_peeking(case):
    """A sample of what a seat may know tells it the same Japanese story as the truth."""
    for seed in case.seeds(1, "peek-ja"):
        for state in case.walk(seed, every=50):
            for seat in range(state.players):
                told = state.events_for(seat, lang="ja")
                assert state.determinize(seat, Rng(5)).events_for(seat, lang="ja") == told


def test_english_reads_in_english(case):
    """No Japanese in an English label or message: card names, abilities, attributes and
    counters are all given their English words."""
    for seed in case.seeds(2, "english"):
        state = case.play(seed)
        for seat in [*range(state.players), None]:
            for event in state.events_for(seat):
                assert not JAPANESE.search(event["message"]), f"{case}: {event['message']}"
        for state in case.walk(seed, every=7):
            for action in state.legal_actions():
                assert not JAPANESE.search(action.label), f"{case}: {action.label}"


def test_a_label_read_later_says_what_it_said_when_offered(case):
    """Labels are made when read, from values the action kept: a client may read them
    after the game has moved on (a log, a replay) and must read the same words."""
    for seed in case.seeds(1, "late-labels"):
        offered = []
        for state in case.walk(seed, every=5):
            legal = state.legal_actions()
            offered.append((legal, [(a.label, a.ja) for a in legal]))
        for legal, said in offered:
            assert [(a.label, a.ja) for a in legal] == said, f"{case}: a label changed"
