"""Effects made of several parts (PS-11.2): one target for the aimed part, every part
acting in the order the card lists them."""

from .builder import build, events, hand, ids, play, unit


def test_a_two_part_event_aims_once_and_both_parts_act():
    st = build([[], ["X2"]], hands={0: ["E_COMBO"]}, energy=[1, 0], decks={0: ["A4"] * 5})
    play(st, "play E_COMBO")
    assert ids(st) == ["target 1"]  # the strike is aimed; the draw is not
    play(st, "target 1")
    assert unit(st, 1, "X2").damage == 1 and events(st, "strike")[0]["amount"] == 1
    assert hand(st, 0) == ["A4"]


def test_a_card_whose_aimed_part_has_no_target_cannot_be_played():
    st = build([[], []], hands={0: ["E_COMBO"]}, energy=[1, 0])
    assert "play E_COMBO" not in ids(st)


def test_the_target_label_and_the_pending_effect_name_the_aimed_part():
    st = build([[], ["X2"]], hands={0: ["E_COMBO"]}, energy=[1, 0])
    play(st, "play E_COMBO")
    pending = st.observe(0)["pending"]
    assert pending == {"card": "E_COMBO", "effect": "strike", "amount": 1, "side": 1}
    assert [a.label for a in st.legal_actions()] == ["E_COMBO on the opponent's X2"]
