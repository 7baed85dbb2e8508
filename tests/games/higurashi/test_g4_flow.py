"""The flow of a game (G4-2, G4-7): dealing, the start roll, turns, draws, elimination
and the end of a game with its scores."""

import pytest

from tcglab.engine.errors import BadOption, IllegalAction
from tcglab.games.higurashi import GAME
from tcglab.games.higurashi.state import HigurashiState
from tcglab.games.higurashi.turn import set_up

from .builder import build, captured, events, hand, ids, kinds, play, row


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_deal_five_face_down_characters_each(players):
    """G4-2.1 five characters each, face-down; the rest is the character pile."""
    st = GAME.new_state(7, players)
    assert [len(r) for r in st.rows] == [5] * players
    dealt = [i for r in st.rows for i in r]
    assert len(set(dealt)) == 5 * players
    assert not any(st.up[i] or st.side[i] for i in dealt)
    assert len(st.char_pile) == 60 - 5 * players
    assert not set(st.char_pile) & set(dealt)


def test_each_seat_sees_only_its_own_face_down_cards():
    """G4-2.1 each player looks at their own cards only; spectators see none."""
    st = GAME.new_state(3, 3)
    for seat in range(3):
        view = st.observe(seat)
        for other in view["seats"]:
            cards = [c["card"] for c in other["characters"]]
            if other["seat"] == seat:
                ids_seen = [c["id"] for c in cards]
                assert ids_seen == [st.char(i).id for i in st.rows[seat]]
            else:
                assert cards == [None] * 5
                assert [c["attack"] for c in other["characters"]] == [None] * 5
    spectator = st.observe(None)
    assert all(c["card"] is None for s in spectator["seats"] for c in s["characters"])
    assert "hand" not in spectator


def fresh(players: int, *dice: int) -> HigurashiState:
    st = HigurashiState(GAME, 11, players, GAME.resolve_options())
    st.rng.force_for("first_player", *dice)
    set_up(st)
    st.advance()
    return st


def test_start_roll_highest_begins():
    """G4-2.2 each rolls once; the highest starts."""
    st = fresh(3, 2, 5, 3)
    assert events(st, "start_roll") == [{"rolls": {"0": 2, "1": 5, "2": 3}, "tied": False}]
    assert st.to_move == st.current == st.first == 1


def test_start_roll_only_tied_highest_roll_again():
    """G4-2.2 / G4-GAP-14: P1 and P2 tie on 6 and roll again; P3's 5 is out."""
    st = fresh(3, 6, 6, 5, 2, 3)
    assert events(st, "start_roll") == [
        {"rolls": {"0": 6, "1": 6, "2": 5}, "tied": True},
        {"rolls": {"0": 2, "1": 3}, "tied": False},
    ]
    assert st.first == st.to_move == 1


def test_start_roll_repeated_ties():
    """G4-GAP-14: ties go on until one of the tied players is highest alone."""
    st = fresh(4, 4, 4, 4, 1, 3, 3, 2, 6, 5)
    rolls = [e["rolls"] for e in events(st, "start_roll")]
    assert rolls == [
        {"0": 4, "1": 4, "2": 4, "3": 1},
        {"0": 3, "1": 3, "2": 2},
        {"0": 6, "1": 5},
    ]
    assert st.first == 0


def test_new_game_starts_with_the_first_players_draw():
    """G4-2.3 / G4-GAP-4: one shared event deck, hands start empty, the first player
    draws one; the first round is round 1."""
    st = fresh(3, 1, 2, 6)
    assert [len(h) for h in st.hands] == [0, 0, 1]
    assert len(st.event_deck) == 59
    assert st.round == 1 and st.turn == 1
    assert st.stack[-1] == ("main", 2)


def test_turns_go_clockwise():
    """G4-2.2 clockwise from the first player, wrapping round to seat 0."""
    st = build([["C01"], ["C02"], ["C03"]], to_move=1)
    seen = []
    for _ in range(4):
        play(st, "end")
        seen.append(st.to_move)
    assert seen == [2, 0, 1, 2]


def test_turn_order_skips_eliminated_players():
    """G4-GAP-15: an eliminated player no longer takes turns."""
    st = build([["C01"], ["C02"], [], ["C04"]], out=[2], to_move=1)
    seen = []
    for _ in range(3):
        play(st, "end")
        seen.append(st.to_move)
    assert seen == [3, 0, 1]


# A player knocked out mid-game, its hand discarded and its turns skipped (G4-2.7,
# G4-GAP-15): tests/scenarios/higurashi/G4-GAP-15.toml.


def test_draw_one_event_per_turn():
    """G4-2.3 at the start of a turn draw exactly one event card."""
    st = build([["C01"], ["C02"]], deck=["E05", "E09"])
    size = len(st.event_deck)
    play(st, "end")
    assert hand(st, 1) == ["E05"] and len(st.event_deck) == size - 1
    play(st, "end")
    assert hand(st, 0) == ["E09"] and len(st.event_deck) == size - 2
    assert [e["seat"] for e in events(st, "draw")] == [1, 0]


def test_empty_event_deck_is_rebuilt_from_the_discard():
    """G4-GAP-4 the discard is shuffled into a new deck when the deck runs out."""
    st = build([["C01"], ["C02"]])
    st.discard, st.event_deck = st.event_deck, []
    play(st, "end")
    assert "reshuffle" in kinds(st)
    assert len(st.hands[1]) == 1
    assert len(st.event_deck) == 59 and st.discard == []


def test_reshuffle_can_be_switched_off():
    """G4-GAP-4 with reshuffle_events off, an empty deck means no draw."""
    st = build([["C01"], ["C02"]], options={"reshuffle_events": False})
    st.discard, st.event_deck = st.event_deck, []
    play(st, "end")
    assert st.hands[1] == [] and "deck_empty" in kinds(st)
    assert len(st.discard) == 60 and st.stack[-1] == ("main", 1)


def test_game_ends_when_one_player_remains():
    """G4-2.4 the last player standing wins; G4-2.5 captured + own survivors;
    G4-GAP-13 the eliminated score 0 even with captured cards."""
    st = build(
        [["C01 up", "C06", "C13 up"], ["C20 up"], []],
        captured={0: ["C04"], 2: ["C07", "C42"]},
        out=[2],
    )
    play(st, "attack 0", "target 1.0")
    # C04 2 + C20 2 captured; C01 3 + C06 3 + C13 4 survive
    assert st.result.scores == (14, 0, 0)
    assert st.result.winners == (0,) and st.result.reason == "last_standing"
    assert st.to_move is None and st.legal_actions() == []
    with pytest.raises(IllegalAction, match="game is over"):
        st.apply("end")


def test_pile_running_out_ends_the_game_captured_only():
    """G4-7.1 / G4-7.2 the character pile runs out through E22: the game ends at once
    and every survivor scores only captured points; the eliminated score 0."""
    st = build(
        [["C01 up"], ["C13 up", "C14"], [], ["C02"]],
        captured={0: ["C04"], 1: ["C07", "C42"], 2: ["C53"]},
        hands={1: ["E22", "E22"]},
        pile=["C30", "C31"],
        out=[2],
        to_move=1,
    )
    play(st, "play E22")
    assert st.result is None and row(st, 1) == ["C13", "C14", "C30"]
    assert len(st.char_pile) == 1 and "play E22" in ids(st)
    play(st, "play E22")
    assert row(st, 1) == ["C13", "C14", "C30", "C31"]
    assert st.result.reason == "pile_empty"
    assert st.result.scores == (2, 8, 0, 0)  # C04 2; C07 4 + C42 4; out; nothing captured
    assert st.result.winners == (1,)
    assert st.to_move is None and captured(st, 3) == []


def test_round_limit_ends_the_game_after_that_many_rounds():
    """round_limit: after the set number of full rounds the game is scored as if one
    player were left (captured + own survivors)."""
    st = build([["C01"], ["C02"]], captured={1: ["C04"]}, options={"round_limit": 2})
    play(st, "end", "end", "end")
    assert st.result is None and st.round == 2
    play(st, "end")
    assert st.result.reason == "round_limit"
    assert st.result.scores == (3, 5) and st.result.winners == (1,)


def test_round_limit_one_is_one_round_from_a_new_game():
    st = GAME.new_state(4, 3, {"round_limit": 1})
    play(st, "end", "end")
    assert st.result is None
    play(st, "end")
    assert st.result.reason == "round_limit"
    assert [e["round"] for e in events(st, "turn")] == [1, 1, 1]


@pytest.mark.parametrize("limit", [0, -1, 101, 2**64])
def test_round_limit_cannot_be_switched_off(limit):
    """G4-2.4 / G4-7.1 end a game only when one player is left or the pile runs out,
    and G4-GAP-18 lets everyone end their turns doing nothing: the round limit is what
    ends such a game, so it takes 1 to 100 rounds and never 0 (no limit)."""
    with pytest.raises(BadOption) as caught:
        GAME.new_state(4, 2, {"round_limit": limit, "reshuffle_events": False})
    assert str(caught.value).startswith("option round_limit takes a whole number from 1 to 100")


def test_the_longest_round_limit_ends_a_game_where_nobody_acts():
    """Turns of nothing but `end` (G4-GAP-18) with no events left to draw (G4-GAP-4
    off) would go on for ever: the hundredth round is the last."""
    options = {"round_limit": 100, "reshuffle_events": False, "hand_limit": 60}
    st = build([["C01"], ["C02"]], options=options)
    play(st, *["end"] * 199)
    assert st.result is None and st.round == 100 and not st.event_deck
    play(st, "end")
    assert st.result.reason == "round_limit" and st.result.winners == (0, 1)


def test_default_round_limit_is_forty_rounds():
    st = build([["C01"], ["C02"]], options={"hand_limit": 60})
    play(st, *["end"] * 79)
    assert st.result is None and st.round == 40
    play(st, "end")
    assert st.result.reason == "round_limit" and st.result.scores == (3, 3)
    assert st.result.winners == (0, 1)


def test_illegal_action_changes_nothing():
    """Bad input: one line saying what is legal; the state is untouched."""
    st = build([["C01 up"], ["C04 up"]])
    before, log = st.digest(), len(st.log)
    for bad in ("attack 3", "target 1.0", "play E07", "scout", ""):
        with pytest.raises(IllegalAction) as caught:
            st.apply(bad)
        assert "\n" not in str(caught.value) and "legal: attack 0, end" in str(caught.value)
    assert st.digest() == before and len(st.log) == log and st.history == []


@pytest.mark.parametrize(
    ("players", "options", "decks", "words"),
    [
        (1, None, None, "2 to 5 players"),
        (6, None, None, "2 to 5 players"),
        (3, {"hand_limit": 0}, None, "hand_limit"),
        (3, {"sideways_until": "never"}, None, "'own_turn' or 'next_turn'"),
        (3, {"speed": 1}, None, "no rule option 'speed'"),
        (3, None, [["C01"]], "takes no decks"),
    ],
)
def test_bad_game_settings_are_refused(players, options, decks, words):
    with pytest.raises(BadOption) as caught:
        GAME.new_state(1, players, options, decks)
    assert words in str(caught.value) and "\n" not in str(caught.value)
