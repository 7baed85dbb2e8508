"""What a seat cannot choose now, and why (`State.unavailable`): over random games of
every game, the options listed are well formed in English and Japanese, never legal,
change nothing, tell the seat to move nothing it may not know (a sample of what it
knows lists the same), and give the same reason, with its rule ID, as the message for
the typed id (at a table of several games too: a draft's knockout, a championship). The
message for any id typed that is not legal (`IllegalAction`) tells it nothing hidden
either: a sample of what it knows refuses every id in the same words."""

from __future__ import annotations

import re

import pytest

from tcglab.engine import IllegalAction, Rng, State

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
RULE_ID = re.compile(r"\((PGT|PM|PS|G4)-(GAP-)?[0-9][0-9.]*\)")
TYPED_PER_STATE = 3  # refused ids typed per position, to compare the two reasons
HIDDEN_SAMPLES = 2  # samples of what the seat to move knows, per position
SPREAD = 3  # each position types every SPREAD-th id of the action space, in turn
# What a person might type after a game's verb that no game offers: nothing, a place
# before the first, one past any table, a word that is no place.
SLIP_ENDINGS = ("", " 0", " 999", " ZZZ", " p0.M0", " -1")


def _listed(state: State, lang: str) -> list[dict]:
    options = state.unavailable(lang)
    assert isinstance(options, list)
    for option in options:
        assert isinstance(option, dict) and set(option) == {"id", "label", "why"}, option
        for key in ("id", "label", "why"):
            text = option[key]
            assert isinstance(text, str) and text.strip() and "\n" not in text, option
    return options


def _fingerprint(state: State) -> tuple:
    return state.digest(), state.events_digest(), list(state.history), state.to_move


def test_unavailable_options_are_refused_and_change_nothing(case):
    listed = 0
    for seed in case.seeds(2, "unavailable"):
        for state in case.walk(seed, every=3):
            if state.over:
                assert state.unavailable() == [] and state.unavailable("ja") == []
                continue
            before = _fingerprint(state)
            legal = {a.id for a in state.legal_actions()}
            english, japanese = _listed(state, "en"), _listed(state, "ja")
            ids = [o["id"] for o in english]
            assert len(set(ids)) == len(ids), f"{case}: an id listed twice: {ids}"
            assert not legal & set(ids), f"{case}: listed but legal: {legal & set(ids)}"
            assert [o["id"] for o in japanese] == ids
            for en, ja in zip(english, japanese, strict=True):
                assert not JAPANESE.search(en["label"] + en["why"]), f"{case}: {en}"
                assert JAPANESE.search(ja["why"]), f"{case}: no Japanese reason: {ja}"
            assert _fingerprint(state) == before, f"{case}: unavailable() changed the state"
            for option in english[:TYPED_PER_STATE]:
                with pytest.raises(IllegalAction) as refused:
                    state.apply(option["id"])
                assert option["why"] in str(refused.value), f"{case}: {refused.value}"
                assert RULE_ID.search(str(refused.value)), f"{case}: no rule ID: {refused.value}"
            assert _fingerprint(state) == before
            listed += len(ids)
    if not case.format:
        assert listed, f"{case}: no option was ever unavailable in these games"


def test_unavailable_tells_the_mover_nothing_hidden(case):
    """The list is the same for the state and any sample of what the seat to move
    knows: nothing hidden from it (the other hands, the decks, face-down cards)
    decides what is listed or how it reads."""
    for seed in case.seeds(2, "unavailable-hidden"):
        for state in case.walk(seed, every=5):
            if state.over:
                continue
            seat = state.to_move
            english, japanese = state.unavailable("en"), state.unavailable("ja")
            for sample in (seed, seed ^ 0x5EED):
                twin = state.determinize(seat, Rng(sample))
                assert twin.unavailable("en") == english, f"{case}: seat {seat} learns something"
                assert twin.unavailable("ja") == japanese


def _vocabulary(case) -> list[str]:
    """Every id the game's fixed action space names, if it declares one (`encoding`)."""
    for capability in case.game.capabilities:
        if capability.name == "encoding":
            return sorted(set(capability.run().actions))
    return []


def _slips(ids: set[str]) -> set[str]:
    """Ids cut short or mistyped after each verb of `ids`, and two that are no id."""
    verbs = {action_id.split(" ")[0] for action_id in ids}
    return {"", "x"} | {verb + ending for verb in verbs for ending in SLIP_ENDINGS}


def _message(state: State, action_id: str) -> str:
    with pytest.raises(IllegalAction) as refused:
        state.apply(action_id)
    return str(refused.value)


def test_typed_refusals_tell_the_mover_nothing_hidden(case):
    """The message for an id that is not legal (its rule's reason, a slip of the input,
    or the plain refusal) is the same for the state and samples of what the seat to
    move knows, for the ids of the game's action space (a share of them at each
    position), every id offered earlier in the game, the listed refusals and slips
    after each of their verbs: which cards the others hold, the order of a deck, a
    face-down card or a die to come decides neither the reason nor its wording."""
    vocabulary = _vocabulary(case)
    for seed in case.seeds(1, "typed-hidden"):
        offered: set[str] = set()  # ids legal somewhere in this game so far
        for turn, state in enumerate(case.walk(seed, every=5)):
            if state.over:
                continue
            legal = {action.id for action in state.legal_actions()}
            offered |= legal
            listed = {option["id"] for option in state.unavailable()}
            known = set(vocabulary[turn % SPREAD :: SPREAD]) | offered | listed
            asked = [i for i in sorted(known | _slips(known)) if i not in legal]
            said = {action_id: _message(state, action_id) for action_id in asked}
            seat = state.to_move
            for sample in range(HIDDEN_SAMPLES):
                twin = state.determinize(seat, Rng(seed ^ (0x7E57 + sample)))
                for action_id, message in said.items():
                    assert _message(twin, action_id) == message, (
                        f"{case}: seat {seat} typing {action_id!r} learns something"
                    )
