"""The terminal's field: the keywords of face-up cards under the board, `inspect PLACE`
for a card's whole face and state in the chosen language, and `help` naming it; never
more than the seat may know."""

import io

import pytest

from tcglab.agents import Decision
from tcglab.agents.specs import make_agent
from tcglab.cli.terminal import Board
from tcglab.engine import get_game

PGT = get_game("pgt")


def pgt_position(predicate):
    """The first decision of a random Pretty Good Tactics game where `predicate` holds."""
    for seed in range(30):
        state = PGT.new_state(seed)
        agents = [make_agent("random", PGT, seed * 10 + s) for s in range(2)]
        while not state.over:
            if predicate(state):
                return state
            state.apply(agents[state.to_move].choose(Decision(state)))
    pytest.fail("no random game reached the position")


def enemy_up_and_down(state) -> bool:
    """P2 has a face-up, tapped character and a face-down one P1 has not seen."""
    row = state.field[1]
    up = [i for i in row if i >= 0 and state.up[i] and state.tapped[i]]
    down = [i for i in row if i >= 0 and not state.up[i] and not state.known[i] & 1]
    return bool(up and down)


def places(state, face_up: bool) -> list[tuple[str, object]]:
    return [
        (state.ref(i), state.card(i))
        for i in state.field[1]
        if i >= 0 and state.up[i] == face_up and (face_up or not state.known[i] & 1)
    ]


def test_face_up_field_cards_show_their_keywords_under_the_board():
    state = pgt_position(enemy_up_and_down)
    text = Board(PGT, state.observe(0)).text()
    assert "Keywords on the field:" in text
    for ref, card in places(state, face_up=True):
        assert f"  {ref} {card.name_en}: " + " | ".join(card.info["abilities"]) in text
    for _, card in places(state, face_up=False):  # an unseen face-down card: no name
        assert card.name_en not in text and card.name_ja not in text


def test_inspect_prints_the_whole_face_and_its_state_in_english_and_japanese():
    state = pgt_position(enemy_up_and_down)
    ref, card = next((r, c) for r, c in places(state, face_up=True) if state.tapped[state.at(r)])
    face = Board(PGT, state.observe(0)).inspect(ref)
    assert face.splitlines()[0] == f"{ref}: {card.name_en} ({card.id}), face-up"
    assert f"score {card.score} · pdef {card.pdef} · mdef {card.mdef}" in face
    assert "keywords: " + " | ".join(card.info["abilities"]) in face
    for line in card.info["abilities_en"]:  # the full text, in the chosen language
        assert f"  {line}" in face.splitlines()
    assert "now: tapped" in face
    ja = Board(PGT, state.observe(0), "ja").inspect(ref)
    assert card.name_ja in ja
    for line in card.info["abilities"]:
        assert f"  {line}" in ja.splitlines()


def test_inspect_keeps_a_face_down_enemy_hidden_and_names_the_places():
    state = pgt_position(enemy_up_and_down)
    board = Board(PGT, state.observe(0))
    ref, card = places(state, face_up=False)[0]
    hidden = board.inspect(ref)
    assert hidden == f"{ref}: a face-down card; its face is hidden from you."
    assert card.name_en not in hidden
    listing = board.inspect("")
    assert listing.startswith("Inspect which card?") and ref in listing
    assert board.inspect("P9.F1").startswith("'P9.F1' is not a place with a card")


def test_inspect_finds_a_character_waiting_for_a_place_by_the_slot_it_left():
    """PGT-8.4: in a re-formation, F1's old character, moved aside by the new F1, is
    P1.waiting.F1 (or P2's); P1.F1 is the character now there."""

    def f2_may_move_to_f1(state) -> bool:
        seat = state.to_move
        reforming = state.stack[-1] == ("form", seat, False) and not state.forming[seat]
        both = all(i >= 0 for i in state.field[seat][:2])
        return reforming and both and any(a.id == "keep F2" for a in state.legal)

    state = pgt_position(f2_may_move_to_f1)
    seat = state.to_move
    old_f1, new_f1 = (state.card(i) for i in state.field[seat][:2])
    state.apply("keep F2")
    board = Board(PGT, state.observe(seat))
    me = f"P{seat + 1}"
    assert board.inspect(f"{me}.waiting.F1").startswith(
        f"{me}.waiting.F1: {old_f1.name_en} ({old_f1.id})"
    )
    assert board.inspect(f"{me}.F1").startswith(f"{me}.F1: {new_f1.name_en} ({new_f1.id})")


@pytest.mark.parametrize("game_id", ["pm", "ps", "higurashi"])
def test_every_game_names_its_field_places_as_its_actions_do(game_id):
    game = get_game(game_id)
    state = game.new_state(3)
    agents = [make_agent("random", game, 30 + s) for s in range(state.players)]
    for _ in range(120):
        if state.over:
            break
        state.apply(agents[state.to_move].choose(Decision(state)))
    board = Board(game, state.observe(0))
    assert board.places, "a field with cards on it"
    ref = next(iter(board.places))
    info, _ = board.places[ref]
    assert board.inspect(ref).startswith(f"{ref}: ")
    if info:
        assert info["name"] in board.inspect(ref)


def test_help_lists_inspect_and_inspect_answers_at_the_prompt(cli, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("help\ninspect P1.F1\nq\n"))
    code, out, err = cli("play", "pgt", "--seed", "1")
    assert code == 0 and err == ""
    assert "inspect PLACE" in out and "help " in out
    assert "There is no card on the field to inspect." in out  # nothing placed yet
    assert out.count("Your choice (1-") == 3  # help and inspect ask again
