"""The Higurashi terminal board: readable, and never more than the seat may know."""

import json

import pytest

from tcglab.agents import Decision
from tcglab.agents.specs import make_agent
from tcglab.engine import get_game
from tcglab.games.higurashi.render import render

GAME = get_game("higurashi")


def positions(seed: int, players: int):
    """Every decision of one random game, as (state, seat to move), state cloned."""
    state = GAME.new_state(seed, players)
    agents = [make_agent("random", GAME, seed * 10 + s) for s in range(players)]
    while not state.over:
        yield state.clone()
        state.apply(agents[state.to_move].choose(Decision(state)))
    yield state


def find(predicate, players: int = 3):
    for seed in range(40):
        for state in positions(seed, players):
            if predicate(state):
                return state
    pytest.fail("no random game reached the position")


def face_down_unknown_to(state, seat):
    """Instances in other rows that `seat` has not seen, with their true cards."""
    return [
        inst
        for s in range(state.players)
        if s != seat
        for inst in state.rows[s]
        if not state.known[inst] & (1 << seat)
    ]


def test_an_opponents_face_down_card_is_never_named():
    state = GAME.new_state(17, 3)
    hidden = state.rows[1][0]  # P2's first card, dealt face-down
    card = state.char(hidden)
    mine = GAME.render(state.observe(0))
    assert card.name_en not in mine and card.name_ja not in mine
    assert "#1 [ ? ]" in mine.split("  P2 ")[1]
    # the owner does see it, with its values, marked face-down
    theirs = GAME.render(state.observe(1))
    line = next(line for line in theirs.splitlines() if card.name_en in line)
    assert f"A{card.attack} D{card.defence} | {card.points}pt {card.colour}]" in line
    assert "▼ face-down" in line


@pytest.mark.parametrize("players", [2, 3, 5])
def test_no_hidden_card_name_reaches_any_seat_during_whole_games(players):
    cards = GAME.cards
    checked = 0
    for state in positions(players * 7, players):
        for seat in [*range(players), None]:
            view = state.observe(seat)
            text = render(view)
            shown = json.dumps(view, ensure_ascii=False)
            for card in (*cards.characters, *cards.events):
                if f'"{card.id}"' not in shown:  # the observation does not hold this card
                    assert card.name_en not in text, (seat, card.id)
                    assert card.name_ja not in text, (seat, card.id)
                    checked += 1
    assert checked > 1000


def test_your_own_face_down_cards_and_hand_are_shown_to_you():
    state = find(lambda s: s.to_move is not None and s.hands[s.to_move])
    seat = state.to_move
    text = render(state.observe(seat))
    assert f"[you are P{seat + 1}]" in text
    for inst in state.rows[seat]:
        assert state.char(inst).name_en in text
    assert f"Your hand ({len(state.hands[seat])} of 5):" in text
    for inst in state.hands[seat]:
        card = state.event_card(inst)
        assert card.name_en in text and card.name_ja in text
        assert card.text_en.split()[0] in text


def test_spectator_sees_no_hand_and_no_face_down_identity():
    state = GAME.new_state(5, 4)
    text = render(state.observe(None))
    assert "[spectator]" in text and "Your hand" not in text
    assert text.count("[ ? ]") == 20


def test_turn_piles_sideways_and_roll_in_progress():
    state = find(lambda s: s.roll is not None and any(s.side))
    view = state.observe(state.to_move)
    text = render(view)
    assert text.startswith(f"Turn {state.turn} (round {state.round}) · P{state.current + 1}'s turn")
    assert f"Character pile {len(state.char_pile)} · event deck {len(state.event_deck)}" in text
    assert "↷ sideways" in text
    kind, roller, _, _, die, modifier = state.roll
    assert f"Roll in progress: P{roller + 1}'s {kind}, " in text
    assert f"die {die}, modifier {modifier:+d}, counts as {die + modifier}" in text


def test_equipment_and_captured_cards_are_shown():
    state = find(lambda s: s.attached and any(s.captured))
    text = render(state.observe(None))
    for event in state.attached:
        assert "equipped: " + state.event_card(event).name_en in text
    for pile in state.captured:
        if pile:
            points = sum(state.char(i).points for i in pile)
            assert f"captured ({points} points): {state.char(pile[0]).name_en}" in text


def test_finished_game_shows_out_players_and_the_result():
    state = find(lambda s: s.over and not all(s.alive))
    text = render(state.observe(0))
    assert " · OUT · " in text
    winners = " and ".join(f"P{w + 1}" for w in state.result.winners)
    assert "Game over (" in text and f"{winners} wins · scores " in text
