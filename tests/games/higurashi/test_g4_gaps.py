"""The digest's interpretations G4-GAP-1 .. G4-GAP-18, with both settings of each
switchable one where it changes play."""

from tcglab.engine import get_game
from tcglab.games.higurashi import GAME
from tcglab.games.higurashi.cards import card_set

from .builder import build, captured, events, face_up, hand, ids, inst, kinds, play, row, sideways

CARDS = card_set()


def test_gap1_the_game_is_registered_as_higurashi():
    """G4-GAP-1 the fan game of the higurasicard wiki, with its take-home event."""
    assert get_game("higurashi") is GAME
    assert (GAME.min_players, GAME.max_players) == (2, 5)  # G4-1.4
    assert any(part.kind == "steal" for card in CARDS.events for part in card.parts)


def test_gap2_no_tag_cards():
    """G4-GAP-2 tag cards are left out: 60 plain characters and nothing else."""
    assert len(CARDS.characters) == 60
    assert not any("tag" in (c.name_en + c.id).lower() for c in CARDS.characters)
    assert set(CARDS.characters[0].info) == {
        "id",
        "name",
        "name_ja",
        "attack",
        "defence",
        "points",
        "colour",
    }


def test_gap3_every_effect_primitive_is_on_some_card():
    """G4-GAP-3 stat up and down, die up and down (own and enemy roll), steal, capture,
    equipment, with their timing and area tags."""
    events = CARDS.events
    parts = [(card, part) for card in events for part in card.parts]
    assert {"stat", "die", "steal", "capture", "equip"} <= {p.kind for _, p in parts}
    stat = [p for _, p in parts if p.kind == "stat"]
    assert any(p.attack > 0 for p in stat) and any(p.defence > 0 for p in stat)
    assert any(p.attack < 0 for p in stat) and any(p.defence < 0 for p in stat)
    die = [(c, p) for c, p in parts if p.kind == "die"]
    assert {c.timing for c, _ in die} == {"own_roll", "enemy_roll"}
    assert any(p.amount > 0 for _, p in die) and any(p.amount < 0 for _, p in die)
    assert {p.duration for p in stat} == {"turn", "next_turn"}
    assert {p.area for _, p in parts} == {"own_char", "enemy_char", "all_own", "roll", "self"}
    assert all(c.text_ja and c.text_en for c in events)


def test_gap4_shared_event_deck_and_character_pile():
    """G4-GAP-4 one shared event deck (hands start empty, 1 drawn per turn), a shared
    discard, and the undealt characters as the pile that E22 draws from."""
    st = GAME.new_state(5, 5)
    assert sum(len(h) for h in st.hands) == 1 and len(st.event_deck) == 59
    assert len(st.char_pile) == 35
    first = st.to_move
    play(st, "end")
    assert len(st.hands[first]) == 1 and len(st.event_deck) == 58


def test_gap5_five_is_fine_a_sixth_must_go():
    """G4-GAP-5 holding five is allowed; only a sixth forces use or discard."""
    st = build([["C11"], ["C14"]], hands={0: ["E01", "E02", "E03", "E04"]}, at="turn_start")
    assert len(st.hands[0]) == 5 and st.stack[-1] == ("main", 0)
    st = build([["C11"], ["C14"]], hands={0: ["E01", "E02", "E03", "E04", "E05"]}, at="turn_start")
    assert len(st.hands[0]) == 6 and st.stack[-1] == ("trim", 0)


def gap6_table(option: str):
    """P1's C44 scouts and is sideways; on P2's turn C02 attacks it and fails."""
    st = build(
        [["C44 up"], ["C02 up", "C06"]],
        deck=["E01", "E02"],
        options={"sideways_until": option},
    )
    st.rng.force_for("scout", 1)
    play(st, "scout 0", "target 1.1", "end")
    return st


def test_gap6_sideways_until_the_owners_next_turn():
    """G4-GAP-6 (default own_turn): C44 stays sideways through P2's turn, so it cannot
    counter; it stands up at P1's next turn."""
    st = gap6_table("own_turn")
    assert sideways(st, "C44")
    st.rng.force_for("dice", 1)
    play(st, "attack 0", "target 0.0")
    assert st.to_move == 1 and "counter" not in ids(st)
    play(st, "end")
    assert not sideways(st, "C44")


def test_gap6_option_next_turn_stands_up_at_anyones_turn():
    """G4-GAP-6 with sideways_until = next_turn: C44 stands up at P2's turn and counters."""
    st = gap6_table("next_turn")
    assert not sideways(st, "C44")
    st.rng.force_for("dice", 1)
    play(st, "attack 0", "target 0.0")
    assert st.to_move == 0 and ids(st) == ["counter", "decline"]


def gap7_table(turns_sideways: bool):
    """C02 and C23 (attack 5, defence 1) attack C44 (attack 3, defence 4) in turn."""
    st = build(
        [["C02 up", "C23 up"], ["C44 up", "C12"]],
        options={"counter_turns_sideways": turns_sideways},
    )
    st.rng.force_for("dice", 1, 1, 1)
    play(st, "attack 0", "target 1.0", "counter", "attack 1", "target 1.0")
    return st


def test_gap7_counter_turns_sideways():
    """G4-GAP-7 (default): after countering C02, C44 is sideways and cannot counter C23."""
    st = gap7_table(True)
    assert sideways(st, "C44")
    assert st.to_move == 0 and kinds(st).count("counter") == 1


def test_gap7_option_off_lets_a_defender_counter_again():
    """G4-GAP-7 off: C44 stays upright and may counter the second attacker too."""
    st = gap7_table(False)
    assert not sideways(st, "C44")
    assert st.to_move == 1 and ids(st) == ["counter", "decline"]


def gap8_table(auto: bool):
    """C01 (attack 6) against C20 (defence 0), die 1, and P2's E09 makes it 0."""
    st = build(
        [["C01 up"], ["C20 up", "C14"]], hands={1: ["E09"]}, options={"auto_success_at_6": auto}
    )
    st.rng.force_for("dice", 1)
    play(st, "attack 0", "target 1.0", "play E09")
    return st


def test_gap8_difference_six_always_succeeds():
    """G4-GAP-8 (default) a difference of 6 succeeds even on a modified 0."""
    st = gap8_table(True)
    assert captured(st, 0) == ["C20"]


def test_gap8_option_off_needs_a_total_of_one():
    """G4-GAP-8 off: a difference of 6 needs 1 or more; the modified 0 fails."""
    st = gap8_table(False)
    assert events(st, "attack_result")[0]["success"] is False
    assert row(st, 1) == ["C20", "C14"]


def test_gap9_a_face_down_card_may_reveal_itself_to_attack():
    """G4-GAP-9 (default) declaring an attack with a face-down card reveals it."""
    st = build([["C01"], ["C04 up"]])
    assert ids(st) == ["attack 0", "end"]
    play(st, "attack 0")
    assert face_up(st, "C01") and events(st, "reveal")[0]["why"] == "attack"
    assert ids(st) == ["target 1.0"]


def test_gap9_option_off_only_face_up_cards_attack():
    """G4-GAP-9 off: the face-down card must be revealed some other way first."""
    st = build([["C01", "C09 up"], ["C04 up", "C06"]], options={"reveal_to_attack": False})
    assert ids(st) == ["scout 0", "scout 1", "attack 1", "end"]


def test_gap10_the_winner_of_the_fight_captures():
    """G4-GAP-10 the attacker's owner captures on success; the card is nobody's."""
    st = build([["C01 up"], ["C04 up", "C06"], ["C14"]])
    st.rng.force_for("dice", 6)
    play(st, "attack 0", "target 1.0")
    c04 = inst(st, "C04")
    assert captured(st, 0) == ["C04"] and st.owner[c04] == -1
    assert all(c04 not in r for r in st.rows)


def test_gap10_counter_side_captures_the_attacker():
    """G4-GAP-10 on a successful counter the counter-attacker's owner captures."""
    st = build([["C02 up", "C06"], ["C44 up"], ["C14"]])
    st.rng.force_for("dice", 1, 5)
    play(st, "attack 0", "target 1.0", "counter")
    assert captured(st, 1) == ["C02"] and captured(st, 0) == captured(st, 2) == []


def test_gap11_die_modifiers_are_not_counted_in_advance():
    """G4-GAP-11 attack 3 against defence 3 is no attack, even holding +2 die cards;
    a stat card counts, because it changes the current attack."""
    st = build([["C11 up"], ["C14 up"]], hands={0: ["E08", "E07"]})
    assert ids(st) == ["end"]
    st = build([["C11 up"], ["C14 up"]], hands={0: ["E08", "E04"]})
    play(st, "play E04")
    assert "attack 0" in ids(st)


def test_gap12_every_character_has_points():
    """G4-GAP-12 every character card carries a printed point value."""
    assert all(card.points >= 1 for card in CARDS.characters)


def test_gap13_eliminated_players_score_zero():
    """G4-GAP-13 a player knocked out scores 0 even with captured cards; the winner
    scores captured plus own survivors."""
    st = build(
        [["C01 up", "C18 up"], ["C20 up"], ["C59 up"]],
        captured={1: ["C07", "C42"]},
    )
    play(st, "attack 0", "target 1.0")  # difference 6
    assert not st.alive[1] and st.result is None
    st.rng.force_for("dice", 6)
    play(st, "attack 1", "target 2.0")
    assert st.result.scores == (2 + 2 + 3 + 2, 0, 0)
    assert st.result.winners == (0,)


def test_gap14_tied_highest_start_rolls_are_rerolled():
    """G4-GAP-14 see test_g4_flow: tied highest rollers roll again, others do not."""
    from .test_g4_flow import fresh

    st = fresh(2, 3, 3, 6, 6, 2, 5)
    assert [len(e["rolls"]) for e in events(st, "start_roll")] == [2, 2, 2]
    assert st.first == 1


def test_gap15_any_opponent_may_be_targeted():
    """G4-GAP-15 scouting and attacks may target any opponent."""
    st = build([["C01 up"], ["C04 up", "C06"], ["C07 up", "C14"]])
    play(st, "scout 0")
    assert ids(st) == ["target 1.1", "target 2.1"]
    st = build([["C01 up"], ["C04 up", "C06"], ["C07 up", "C14"]])
    play(st, "attack 0")
    assert ids(st) == ["target 1.0", "target 2.0"]


def test_gap16_a_counter_is_never_countered():
    """G4-GAP-16 even with counters leaving the counter-attacker upright, a failed
    counter gives the first attacker no counter of its own."""
    st = build([["C02 up"], ["C44 up"]], options={"counter_turns_sideways": False})
    st.rng.force_for("dice", 1, 1)
    play(st, "attack 0", "target 1.0", "counter")
    assert st.to_move == 0 and st.stack == [("main", 0)]
    assert kinds(st).count("counter") == 1


def test_gap17_bonus_looks_at_characters_not_event_cards():
    """G4-GAP-17 the hand of the bonus rule is the characters: five open red ones give
    +1 whatever the event cards in hand are."""
    reds = ["C11 up", "C04 up", "C12 up", "C09 up", "C10 up"]
    for events_in_hand in ([], ["E01", "E09", "E15"]):
        st = build([reds, ["C14 up"]], hands={0: events_in_hand}, options={"bonus_rule": True})
        c11 = inst(st, "C11")
        assert (st.attack(c11), st.defence(c11)) == (4, 4)


def test_gap18_the_turn_may_end_without_acting():
    """G4-GAP-18 ending the turn is always possible, attack or no attack."""
    st = build([["C01 up"], ["C04 up"]], hands={0: ["E01"]})
    assert "attack 0" in ids(st) and "end" in ids(st)
    play(st, "end")
    assert st.to_move == 1 and hand(st, 0) == ["E01"]
    assert not sideways(st, "C01")
