"""Pretty Good Tactics rules as positions with forced dice: the PGT-GAP interpretations, the
odds examples (PGT-WE-2 to 4) and what a scenario cannot say; the worked examples that are
positions are scenario files in tests/scenarios/pgt/."""

import pytest
from pgt_position import act, at, card, events, ids, plain, position

from tcglab.engine.errors import IllegalAction
from tcglab.engine.rng import Rng
from tcglab.games.pgt import GAME
from tcglab.games.pgt.odds import odds_report

A, B, C, D, E = plain(5)  # "Ａ：P3D+1" only; P-def 7 (E: 6)
BOOST = "009"  # Ｔ：アタック+2D-4, Ａ：P2D
P3D = "006"  # カウンター P3D, Ａ：P3D (P-def 9)
COUNTER = "002"  # Ａ：P3D+2, カウンター P2D+1 (P-def 9)
INNOCENT = "005"  # イノセンス M(風)2D+2, Ａ：M(風)2D+1 レンジ2 (P-def 5, M-def 9)
BODYGUARD = "025"  # 護衛, Ａ：P2D (P-def 10)
SNIPER = "004"  # Ａ：P2D+2 レンジ3
STRIKER = "026"  # Ｔ：M(地)2D+1 レンジ3
WALL = "007"  # 護衛, Ｔ：P-def+3
VOLLEY = "016"  # Ａ：P2D+1 レンジ2 対象3
STARS = "014"  # Ｒ：星cnt+2, 星cnt(1)：アタック+1D+1, 星cnt(2)：M(水)3D レンジ3
TRICK = "017"  # Ｒ：表向き, Ｔ：裏向き, Ａ：P2D+1
REROLL, ENEMY_REROLL, DISRUPT, PLUS1D = "011", "012", "013", "010"


def test_we2_target_8_three_dice_beat_two():
    """PGT-WE-2: 3D+1 against 8 is 31/54, better than 2D+1 at 19/36."""
    report = odds_report("3D+1", 8)
    assert [r["p_success"] for r in report["by_dice"]] == ["1/6", "19/36", "31/54"]
    assert report["best_dice"] == 3


@pytest.mark.parametrize("expr, target", [("2D", 10), ("3D", 14), ("4D", 18), ("5D", 22)])
def test_we3_one_die_at_least_as_good_from_the_thresholds(expr, target):
    """PGT-WE-3: the 10/14/18/22 thresholds hold exactly (2D at 10 is a tie)."""
    rows = odds_report(expr, target)["by_dice"]
    assert rows[0]["p_success"] == "1/6"
    assert all(r["success"] <= rows[0]["success"] for r in rows)
    below = odds_report(expr, target - 1)["by_dice"]
    assert below[-1]["success"] > below[0]["success"]


def test_we4_reference_table_and_fumble_odds():
    """PGT-WE-4: rows of the reference table and the fumble/critical chances."""
    rows = odds_report("5D", 14)["by_dice"]
    assert [r["success"] for r in rows] == [0.1667, 0.0278, 0.162, 0.3881, 0.3947]
    assert [r["p_fumble"] for r in rows] == ["1/6", "11/36", "91/216", "671/1296", "4651/7776"]
    assert odds_report("5D", 14)["best_dice"] == 5


def _innocence(options=None):
    st = position({"F1": A}, {"F1": INNOCENT}, options=options)
    act(st, "attack F1 1", "target P2.F1")
    assert ids(st) == ["innocence", "decline"]
    st.rng.force_for("dice", 3, 4)
    act(st, "innocence", "roll 2")  # PGT-GAP-14 the card's M(風)2D+2: 9 >= M-def 5
    st.rng.force_for("dice", 6, 6, 6)
    act(st, "roll 3")
    return st


def test_gap15_option_innocence_retires_the_attacker():
    st = _innocence({"innocence_retires": True})
    assert at(st, "P1.F1") is None and st.score == [0, 2]


@pytest.mark.parametrize("always_fails, retired", [(True, False), (False, True)])
def test_gap16_invalid_attack_against_defence_0(always_fails, retired):
    """PGT-GAP-16: an invalid multi-target attack against a face-down (0) target."""
    options = {"invalid_always_fails": always_fails}
    st = position({"F1": VOLLEY}, {"F1": INNOCENT, "F2": (A, False)}, options=options)
    act(st, "pass", "attack F1 1", "target P2.F1", "target P2.F2", "pass", "pass")
    st.rng.force_for("dice", 3, 4)
    act(st, "innocence", "pass", "roll 2", "pass")
    st.rng.force_for("dice", 2, 2)
    act(st, "roll 2", "pass")
    assert (at(st, "P2.F2") is None) == retired


def test_we12_formation_cap_and_columns():
    """PGT-WE-12 / PGT-8.1: 3+2 front, 2+3 back = 10 is legal; B3 without F3 is never
    offered (PGT-GAP-7); an eleventh point is refused."""
    hand = ("001", "002", "006", "008", "027")  # scores 2, 3, 3, 1, 2
    st = position({}, {}, hands=(hand, ()), step=("form", 0, False))
    act(st, "put H1", "put H1", "put H1")  # F1 001, F2 002, F3 006: 8 points
    act(st, "put H2")  # B1 027: 10 points
    assert ids(st) == ["empty", "undo"]  # B2: 008 would make 11
    with pytest.raises(IllegalAction, match="over 10"):
        st.apply("put H1")


def test_gap1_retirement_scores_the_printed_score():
    """PGT-GAP-1: the 3-point character gives 3."""
    st = position({"F1": A}, {"F1": COUNTER})
    st.rng.force_for("dice", 6, 6, 6)
    act(st, "attack F1 1", "target P2.F1", "roll 3")
    assert st.score == [3, 0] and events(st, "retire")[0]["points"] == 3


def test_gap2_gap3_empty_deck_and_no_hand_limit():
    """PGT-GAP-2 an empty deck skips the draw; PGT-GAP-3 no hand limit."""
    hand = ("100", "101", "102", "103", "104")
    st = GAME.new_state(1)
    st.rng.force_for("dice", 4, 2)
    st = position({"F1": (A, True, True)}, {"F1": (B, True, True)}, hands=(hand, ()), deck=False)
    assert events(st, "round_over") and events(st, "deck_empty") and st.result is None
    assert len(st.hands[0]) == 5


def test_gap4_initial_formation_is_hidden_until_both_have_placed():
    """PGT-GAP-4: simultaneous placement, revealed together."""
    st = GAME.new_state(7)
    while st.to_move == 0:
        st.apply(st.legal_actions()[0])
    view = st.observe(1)
    assert all(v is None for v in view["sides"][0]["field"].values())
    assert view["sides"][0]["hand_size"] == 10
    while st.to_move == 1 and st.round == 0:
        st.apply(st.legal_actions()[0])
    assert events(st, "formation") and st.characters(0)


def test_gap5_tied_first_rolls_are_rolled_again():
    """PGT-GAP-5 (PGT-6.3): 3-3 ties, then 2-5: P2 goes first."""
    st = position({"F1": A}, {"F1": B}, step=("first_roll", 1))
    assert st.first in (0, 1)
    st = position({"F1": A}, {"F1": B}, step=("round_end",))
    st.stack.clear()
    st.log.clear()
    st.rng.force_for("first_player", 3, 3, 2, 5)
    from tcglab.games.pgt.formation import roll_off

    assert roll_off(st) == 1 and len(events(st, "first_roll")) == 2


def test_gap6_at_least_one_die():
    """PGT-GAP-6: the dice count runs from 1 to n, chosen before the roll."""
    st = position({"F1": A}, {"F1": B})
    act(st, "attack F1 1", "target P2.F1")
    assert ids(st) == ["roll 1", "roll 2", "roll 3"] and st.procs[0]["faces"] is None


def test_gap7_back_character_stays_when_its_front_retires():
    """PGT-GAP-7: the column rule binds formation only; ranges still count rows."""
    st = position({"F1": A, "F2": (B, True, True)}, {"F1": C, "B1": D})
    st.rng.force_for("dice", 6, 6, 6)
    act(st, "attack F1 1", "target P2.F1", "roll 3")
    assert at(st, "P2.B1") == D and at(st, "P2.F1") is None
    from tcglab.games.pgt.abilities import candidates

    attacker = st.at("P1.F1")
    assert candidates(st, 0, attacker, card(A).abilities[0], ()) == []  # range 1 never to B1


def test_bodyguard_guards_from_anywhere():
    """護衛: may guard any friendly character (a guard helper)."""
    st = position({"F1": SNIPER}, {"F1": B, "F3": BODYGUARD, "B3": C})
    act(st, "attack F1 1", "target P2.F1")
    assert "guard F3 F1" in ids(st)


def test_gap10_declining_to_attack_counts_toward_round_end():
    """PGT-GAP-10: a player may pass the attack; the turn still ends normally."""
    st = position({"F1": A}, {"F1": B})
    act(st, "no attack")
    assert st.streak == 1 and st.turn_player == 1


@pytest.mark.parametrize(
    "check, lost", [("after_reformation", False), ("before_reformation", True)]
)
def test_gap11_empty_party_check(check, lost):
    """PGT-GAP-11 / PGT-5.2: a player who lost every character may redeploy from hand,
    unless the check comes before re-formation."""
    st = position(
        {"F1": A, "F2": (B, True, True)},
        {"F1": C},
        hands=((), ("131",)),
        options={"empty_party_check": check},
    )
    st.rng.force_for("dice", 6, 6, 6)
    act(st, "attack F1 1", "target P2.F1", "roll 3")
    st.rng.force_for("dice", 5, 2)
    act(st)  # P2 has no character: its turn passes by itself, then P1's
    assert (st.result is not None and st.result.winners == (0,)) == lost
    if not lost:
        assert st.stack[-1] == ("form", 0, False)


def test_gap13_window_closes_after_both_pass():
    """PGT-GAP-13: alternate chances, turn player first; two passes in a row close it."""
    st = position({"F1": STRIKER}, {"F1": WALL})
    assert st.to_move == 0 and "pass" in ids(st)
    act(st, "pass")
    assert st.to_move == 1
    act(st, "pass")
    assert ("combat", 0) not in st.stack and st.to_move == 0  # on to the post-combat phase


def test_gap19_r_ability_on_each_flip():
    """PGT-GAP-19 / PGT-9.5.3: Ｒ is used as the character turns face-up; turned down
    again (裏向き), the next flip offers it again."""
    st = position({"F1": (STARS, False)}, {"F1": B})
    act(st, "flip F1")
    assert ids(st) == ["use F1 1", "skip"]
    act(st, "use F1 1")
    inst = st.at("P1.F1")
    assert st.counters[inst] == (("星", 2),)


def test_gap19_hidden_again_then_flipped_again():
    st = position({"F1": (TRICK, False)}, {"F1": (B, False)})
    act(st, "flip F1")
    act(st, "pass") if "pass" in ids(st) else None
    assert "use F1 1" in ids(st)  # Ｒ：表向き on the enemy face-down
    act(st, "use F1 1", "target P2.F1", "pass", "pass")
    assert st.up[st.at("P2.F1")]


def test_gap20_counters_only_from_effects_and_paid_as_cost():
    """PGT-GAP-20 / PGT-9.5.4: 星cnt(2) removes two counters put there by its Ｒ."""
    st = position({"F1": (STARS, False)}, {"F1": B})
    act(st, "flip F1", "use F1 1")
    inst = st.at("P1.F1")
    act(st, "use F1 3", "target P2.F1")
    assert inst not in st.counters


def test_gap21_multi_target_one_check_separate_comparisons():
    """PGT-GAP-21: one roll, one comparison per target."""
    st = position({"F1": VOLLEY}, {"F1": A, "F2": E, "B1": BODYGUARD})
    act(st, "attack F1 1", "target P2.F1", "target P2.F2", "target P2.B1")
    st.rng.force_for("dice", 3, 3)  # 3+3+1 = 7
    act(st, "roll 2")
    assert len(events(st, "roll")) == 1
    assert [c["success"] for c in events(st, "compare")] == [True, True, False]


def test_gap22_first_to_ten_wins_at_once():
    """PGT-GAP-22 / PGT-5.1: of two retirements, the first reaching 10 ends the game."""
    st = position({"F1": VOLLEY}, {"F1": A, "F2": E}, score=(8, 0))
    act(st, "attack F1 1", "target P2.F1", "target P2.F2")
    st.rng.force_for("dice", 5, 5)
    act(st, "roll 2")
    assert st.result.winners == (0,) and st.result.reason == "score"
    assert len(events(st, "retire")) == 1


def test_gap24_reroll_window_offers_only_rerolls():
    """PGT-GAP-24 / PGT-14.2.7: in the reroll step only reroll abilities."""
    st = position({"F1": A, "F2": REROLL, "F3": PLUS1D}, {"F1": B})
    act(st, "attack F1 1", "target P2.F1", "pass", "pass")
    st.rng.force_for("dice", 1, 1, 1)
    act(st, "roll 3")
    assert ids(st) == ["use F2 1", "pass"]
    st.rng.force_for("reroll", 4, 4, 4)
    act(st, "use F2 1")
    assert events(st, "reroll")[0]["faces"] == [4, 4, 4]
    assert events(st, "check")[0]["value"] == 13


def test_disrupt_and_enemy_reroll():
    """妨害 lowers the opponent's pending check; 敵振りなおし rerolls it."""
    st = position({"F1": A}, {"F1": B, "F2": DISRUPT, "F3": ENEMY_REROLL})
    act(st, "attack F1 1", "target P2.F1", "use F2 1")
    assert st.procs[0]["mod"] == -2
    st.rng.force_for("dice", 6, 6, 6)
    st.rng.force_for("reroll", 1, 2, 3)
    act(st, "roll 3", "use F3 1")
    assert events(st, "check")[0]["value"] == 0


def test_own_decks_deal_ten_and_keep_eight():
    """PGT-15.2 / PGT-WE-14: with two 18-card decks each player is dealt 10 from their
    own deck and draws from its other 8; a sample keeps each deck's cards its own."""
    ids = [card.id for card in GAME.cards.cards]
    mine, theirs = ids[:18], ids[18:36]
    st = GAME.new_state(1, decks=[mine, theirs])
    assert [len(d) for d in st.decks] == [8, 8] and [len(h) for h in st.hands] == [10, 10]
    sample = st.determinize(0, Rng(5))
    assert {sample.card(i).id for i in sample.hands[1] + sample.decks[1]} == set(theirs)


def test_gap23_gap26_chart_and_the_180_card_set():
    """PGT-GAP-23 the engine's exact chart; PGT-GAP-26 the 180-card version (PGT-3.1)."""
    from tcglab.games.pgt.odds import chart_text

    assert "| 7 | 0.1667 | 0.5278 | 0.5741 |" in chart_text()
    assert len(GAME.cards.cards) == 180


DARK_CASTER = "023"  # Ａ：M(闇)4D レンジ3, イノセンス M(闇)3D
PLUS2D = ("009", "035", "139")  # Ｔ：アタック+2D-4, Ａ：P2D
COUNTER_4D = "022"  # Ａ：P4D+1, カウンター P2D+2 (P-def 10)


def test_boosts_fold_past_ten_dice():
    """PGT-11.1 / PGT-11.5 / PGT-WE-1: no rule caps a check's dice. A 4D attack with
    three +2D-4 boosts and a +1D boost is one check of up to 11 dice at -12: all 11 are
    offered, rolled and summed."""
    party = {"F1": DARK_CASTER, "F2": PLUS2D[0], "F3": PLUS2D[1], "B1": PLUS2D[2], "B2": PLUS1D}
    st = position(party, {"F1": A})
    act(st, "attack F1 1", "target P2.F1", "use F2 1", "use F3 1", "use B1 1", "use B2 1")
    assert (st.procs[0]["dice"], st.procs[0]["mod"]) == (11, -12)
    assert ids(st) == [f"roll {k}" for k in range(1, 12)]
    faces = (2, 3, 4, 5, 6, 2, 3, 4, 5, 6, 2)
    st.rng.force_for("dice", *faces)
    act(st, "roll 11")
    assert events(st, "roll")[0]["faces"] == list(faces)
    assert events(st, "check")[0]["value"] == sum(faces) - 12  # 42 - 12 = 30
    assert at(st, "P2.F1") is None


def test_attack_boosts_are_not_offered_to_an_effect_with_attack_power():
    """PGT-11.5 adds "+nD+a" to an attack, and PGT-13.6 makes an attack the use of an
    Ａ ability: a Ｔ strike (PGT-14.3) takes no attack boost."""
    st = position({"F1": STRIKER, "F2": BOOST}, {"F1": A})
    act(st, "use F1 1", "target P2.F1")
    assert "use F2 1" not in ids(st)
    assert st.procs[0]["kind"] == "strike" and ids(st) == ["roll 1", "roll 2"]


def test_attack_boosts_are_not_offered_to_counter():
    """PGT-11.5 / PGT-13.6 / PGT-13.11: Counter is an effect with attack power, not an
    attack, so its player's +2D-4 is not offered for its check."""
    st = position({"F1": A}, {"F1": COUNTER_4D, "F2": BOOST})
    act(st, "attack F1 1", "target P2.F1", "no guard")
    st.rng.force_for("dice", 2, 2, 2)
    act(st, "roll 3")  # 7 < P-def 10
    assert ids(st) == ["counter", "decline"]
    act(st, "counter")
    assert st.procs[-1]["purpose"] == "counter"
    assert "use F2 1" not in ids(st) and ids(st) == ["roll 1", "roll 2"]


def test_attack_boost_still_offered_to_the_attack():
    """PGT-11.5: the same +2D-4 is offered while the player's own attack waits."""
    st = position({"F1": A, "F2": BOOST}, {"F1": B})
    act(st, "attack F1 1", "target P2.F1")
    assert ids(st) == ["use F2 1", "pass"]


def test_gap11_before_reformation_still_checks_round_one():
    """PGT-5.2 applies at every round start. With empty_party_check=before_reformation
    (PGT-GAP-11) later rounds are checked before re-formation; round 1 has none before
    it, so it is checked as it starts: a player who forms an empty party loses then."""
    st = GAME.new_state(2, options={"empty_party_check": "before_reformation"})
    while st.to_move == 0:
        st.apply(next((a for a in ids(st) if a.startswith("put")), "empty"))
    assert st.to_move == 1 and st.round == 0
    while st.to_move == 1:
        st.apply("empty")
    assert st.over and st.result.winners == (0,) and st.result.reason == "empty_party"
    assert st.round == 1 and not events(st, "round")
