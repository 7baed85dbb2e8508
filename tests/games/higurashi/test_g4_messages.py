"""Event messages and hidden information: what each seat reads, and what it never sees."""

import re

import pytest

from tcglab.engine.messages import named as naming
from tcglab.engine.rng import Rng
from tcglab.games.higurashi import GAME
from tcglab.games.higurashi.messages import describe
from tcglab.games.higurashi.state import SPECTATOR

from .builder import build, messages, play

SCENE = [
    "P1's Rinka Akagi (attack 5) attacks Principal Taizō Karita (defence 4)",
    "P1 rolls 4",
    "The attack fails (4, needed 6)",
    "Principal Taizō Karita counter-attacks Rinka Akagi",
    "P2 rolls 5",
    "The counter-attack succeeds (5, needed 5)",
    "P2 captures Rinka Akagi (3 points) from P1",
]


def test_an_attack_and_counter_read_like_the_rules():
    """G4-4.3 / G4-5: the log tells the story in plain words, the same for everyone."""
    st = build([["C02 up", "C06"], ["C44 up", "C12"]])
    st.rng.force_for("dice", 4, 5)
    play(st, "attack 0", "target 1.0", "counter")
    for seat in (0, 1, None):
        assert messages(st, seat) == SCENE


def test_scouting_messages_name_a_hidden_card_by_its_place():
    st = build([["C09", "C04"], ["C06"]])
    st.rng.force_for("scout", 5)
    play(st, "scout 1", "target 1.0")
    assert messages(st, None) == [
        "Momiji Tokita of P1 is turned face-up",
        "P1 scouts face-down card 1 of P2 with Momiji Tokita",
        "P1 rolls 5",
        "The scouting succeeds (5)",
        "Old Gen the Drummer of P2 is turned face-up",
    ]


def test_drawn_card_is_named_to_its_drawer_only():
    """G4-2.3 the drawn event is secret: only the drawer reads its name."""
    st = build([["C01"], ["C02"], ["C03"]], deck=["E08"])
    play(st, "end")
    assert messages(st, 1)[-1] == "P2 draws Great-Blessing Fortune Slip"
    for seat in (0, 2, None):
        assert messages(st, seat)[-1] == "P2 draws an event card"
        assert "card" not in st.events_for(seat)[-1]
    assert st.events_for(1)[-1]["card"] == "E08"


def test_peek_is_named_to_the_peeker_only():
    """E19: the peeker reads the card's name; the others read only that it happened."""
    st = build([["C01 up"], ["C02", "C06"], ["C03"]], hands={0: ["E19"]})
    play(st, "play E19", "target 1.1")
    assert messages(st, 0)[-1] == "P1 looks at Old Gen the Drummer"
    for seat in (1, 2, None):
        assert messages(st, seat)[-1] == "P1 secretly looks at face-down card 2 of P2"
        assert "Old Gen" not in str(st.events_for(seat))


def test_a_hidden_card_is_named_by_the_table_name_of_its_owner():
    """A face-down character's place names its owner as the table does, not P2."""
    st = build([["C01 up"], ["C02", "C06"], ["C03"]], hands={0: ["E19"]})
    play(st, "play E19", "target 1.1")
    names = ["Ann", "Bob", "Cal"]
    assert st.events_for(1, 0, "en", names)[-1]["message"] == (
        "Ann secretly looks at face-down card 2 of Bob"
    )
    assert st.events_for(1, 0, "ja", names)[-1]["message"] == (
        "AnnがBobの列の2枚目（裏向き）をこっそり見た"
    )
    data = {"seat": 0, "targets": ["face-down card 2 of P2"], "attack": 1, "defence": 0}
    with naming(names):
        assert describe("modified", data) == "face-down card 2 of Bob: +1 attack, +0 defence"
        assert describe("modified", data, "ja") == "Bobの列の2枚目（裏向き）：攻撃力+1、防御力±0"
    assert describe("modified", data) == "face-down card 2 of P2: +1 attack, +0 defence"


def test_recruit_is_named_to_the_recruiter_only():
    """E22: the new face-down character is known to its new owner alone."""
    st = build([["C01 up"], ["C02"], ["C03"]], hands={0: ["E22"]}, pile=["C27", "C28"])
    play(st, "play E22")
    assert messages(st, 0)[-1] == "P1 recruits Granny Ume the Herb Gatherer face-down"
    for seat in (1, 2, None):
        assert messages(st, seat)[-1] == "P1 recruits a face-down character"
        assert "C27" not in str(st.events_for(seat))


def test_game_over_message():
    st = build([["C08 up"], ["C04 up"]], captured={0: ["C01"]})
    st.rng.force_for("dice", 5)
    play(st, "attack 0", "target 1.0")
    assert messages(st, None)[-3:] == [
        "P1 captures Momiji Tokita (2 points) from P2",
        "P2 has no characters left and is out",
        "Game over (one player is left): P1 wins; scores P1 9, P2 0",
    ]


# -- no leaks in whole games -------------------------------------------------------

CHARACTER_ID = re.compile(r"\bC\d\d\b")


def character_names(st):
    names = {}
    for i in range(len(st.cid)):
        card = st.char(i)
        names[card.id] = names[card.name_en] = i
    return names


def named(text: str, names: dict) -> set[int]:
    return {inst for name, inst in names.items() if name in text}


def check_decision(st, names):
    """Action ids name no character; labels name only characters the mover knows."""
    seat = st.to_move
    for action in st.legal_actions():
        assert not CHARACTER_ID.search(action.id), action.id
        for inst in named(action.label, names):
            assert st.known[inst] & (1 << seat), (action.label, st.char(inst).name_en)


def check_events(st, start, names):
    """Every event a seat reads names only characters it knows by then."""
    for seat in (*range(st.players), None):
        bit = SPECTATOR if seat is None else 1 << seat
        for view in st.events_for(seat, start):
            text = " ".join(str(v) for k, v in view.items() if k != "kind")
            for inst in named(text, names):
                assert st.known[inst] & bit, (seat, view)


@pytest.mark.parametrize("seed", range(12))
def test_random_games_leak_no_hidden_character(seed):
    """Hidden information: action ids never name hidden cards, and no message or event
    reaches a seat with a card it does not know."""
    players = 2 + seed % 4
    st = GAME.new_state(seed, players, {"round_limit": 15})
    names = character_names(st)
    chooser = Rng(seed)
    check_events(st, 0, names)
    while not st.over:
        check_decision(st, names)
        start = len(st.log)
        st.apply(chooser.choice(st.legal_actions()))
        check_events(st, start, names)
    assert st.result.reason in ("last_standing", "pile_empty", "round_limit")


@pytest.mark.parametrize("seed", range(6))
def test_observations_hide_what_a_seat_does_not_know(seed):
    """observe(seat) shows a card's identity only where that seat knows it."""
    st = GAME.new_state(seed, 4, {"round_limit": 10})
    chooser = Rng(seed)
    while not st.over:
        for seat in (*range(4), None):
            bit = SPECTATOR if seat is None else 1 << seat
            view = st.observe(seat)
            for s, data in enumerate(view["seats"]):
                for inst, shown in zip(st.rows[s], data["characters"], strict=True):
                    assert (shown["card"] is not None) == bool(st.known[inst] & bit)
            if seat is not None:
                assert len(view["hand"]) == len(st.hands[seat])
        st.apply(chooser.choice(st.legal_actions()))
