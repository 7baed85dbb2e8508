"""Events: public data for everyone, secrets for the seats allowed to see them."""

from toy_game import GAME

from tcglab.engine import Event
from tcglab.engine.state import State


def describe(kind: str, data: dict, lang: str = "en") -> str:
    if lang == "ja":
        return f"{kind}：{data.get('name', 'カード')}"
    return f"{kind}: {data.get('name', 'a card')}"


DRAW = Event("draw", {"seat": 1}, {1: {"name": "Comet Leap"}})
ROLL = Event("roll", {"seat": 0, "die": 4})


def test_the_seat_with_the_secret_sees_it():
    assert DRAW.view(1, describe) == {
        "kind": "draw",
        "seat": 1,
        "name": "Comet Leap",
        "message": "draw: Comet Leap",
    }


def test_other_seats_and_spectators_see_the_public_part():
    for viewer in (0, 2, None):
        assert DRAW.view(viewer, describe) == {
            "kind": "draw",
            "seat": 1,
            "message": "draw: a card",
        }


def test_secret_data_overrides_public_data_of_the_same_name():
    event = Event("peek", {"name": "a face-down card"}, {0: {"name": "Tide Surge"}})
    assert event.view(0, describe)["name"] == "Tide Surge"
    assert event.view(1, describe)["name"] == "a face-down card"


def test_the_message_comes_in_the_language_asked_for():
    assert DRAW.view(1, describe, "ja")["message"] == "draw：Comet Leap"
    assert DRAW.view(0, describe, "ja")["message"] == "draw：カード"


def test_public_strips_secrets():
    assert DRAW.public() == Event("draw", {"seat": 1})
    assert ROLL.public() is ROLL


def test_the_default_message_is_the_kind_and_its_data():
    state = GAME.new_state(1)
    assert State.describe(state, "roll", {"seat": 0, "die": 4}) == 'roll {"die":4,"seat":0}'


def test_emit_and_events_for_each_seat():
    state = GAME.new_state(7)
    start = len(state.log)
    state.emit("draw", {1: {"name": "Comet Leap"}}, seat=1)
    assert state.log[start:] == [Event("draw", {"seat": 1}, {1: {"name": "Comet Leap"}})]
    assert state.events_for(1, start)[0]["message"] == "P2 draws Comet Leap"
    assert state.events_for(0, start)[0]["message"] == "P2 draws a boost"
    assert state.events_for(None, start)[0]["message"] == "P2 draws a boost"
    assert len(state.events_for(None)) == len(state.log)


def test_the_deal_tells_each_seat_only_its_own_card():
    state = GAME.new_state(7, 3)
    for seat in range(3):
        named = [e["seat"] for e in state.events_for(seat) if e["kind"] == "draw" and "name" in e]
        assert named == [seat]
    assert not [e for e in state.events_for(None) if "name" in e]


def test_public_log_keeps_one_seats_secrets():
    state = GAME.new_state(7, 3)
    kept = state.public_log(2)
    assert len(kept) == len(state.log)
    assert [e.secret for e in kept if e.secret] == [
        {2: e.secret[2]} for e in state.log if e.secret and 2 in e.secret
    ]
    assert all(e.secret is None or set(e.secret) == {2} for e in kept)
    assert [(e.kind, e.data) for e in kept] == [(e.kind, e.data) for e in state.log]


def test_events_digest_covers_secrets():
    state, twin = GAME.new_state(7), GAME.new_state(7)
    assert state.events_digest() == twin.events_digest()
    state.emit("draw", {0: {"name": "Ember Step"}}, seat=0)
    twin.emit("draw", {0: {"name": "Gale Push"}}, seat=0)
    assert state.events_digest() != twin.events_digest()
