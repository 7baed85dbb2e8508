"""Reasons an option cannot be taken now (`tcglab.engine.unavailable`): a `Why` worded
by the `[terms.unable]` table of a game's catalogues in either language, listed as
`State.unavailable` returns them and told to a person who types the id; every game
words every reason in both languages."""

from __future__ import annotations

from tcglab.engine import Action, games
from tcglab.engine.messages import Messages
from tcglab.engine.unavailable import Reasons, Refusal, reworded, why

EN = """
[messages]
draw = "{seat:seat} draws"

[terms.unable]
cost = "cost {cost}, you can pay {have}"  # TOY-1
used = "{name:card} was already used {when:when}"

[terms.when]
turn = "this turn"
"""

JA = """
[messages]
draw = "{seat:seat}が引いた"

[terms.unable]
cost = "コスト{cost}、支払えるのは{have}"
used = "{name:card}はすでに{when:when}使った"

[terms.when]
turn = "このターンに"
"""

EMBER = Action("play E1", "Play Ember (4)", "「エンバー」をプレイ（コスト4）")


def reasons(tmp_path) -> Reasons:
    (tmp_path / "en.toml").write_text(EN, encoding="utf-8")
    (tmp_path / "ja.toml").write_text(JA, encoding="utf-8")
    names = {"Ember": "エンバー"}
    messages = Messages(tmp_path, card_name=lambda n, lang: names[n] if lang == "ja" else n)
    return Reasons(lambda: messages)


def test_a_reason_in_either_language(tmp_path):
    said = reasons(tmp_path)
    cost = why("cost", "TOY-1", cost=4, have=2)
    assert said.say(cost) == "cost 4, you can pay 2"
    assert said.say(cost, "ja") == "コスト4、支払えるのは2"
    used = why("used", "TOY-2", name="Ember", when="turn")
    assert said.say(used, "ja") == "エンバーはすでにこのターンに使った"
    assert said.say(used, "fr") == "Ember was already used this turn"  # English otherwise


def test_options_are_listed_once_each_in_the_language_asked(tmp_path):
    said = reasons(tmp_path)
    cost = why("cost", "TOY-1", cost=4, have=2)
    refusals = [
        Refusal(EMBER, cost),
        Refusal(EMBER, why("used", "TOY-2", name="Ember", when="turn")),
    ]
    assert said.options(refusals) == [
        {"id": "play E1", "label": "Play Ember (4)", "why": "cost 4, you can pay 2"}
    ]
    assert said.options(refusals, "ja") == [
        {
            "id": "play E1",
            "label": "「エンバー」をプレイ（コスト4）",
            "why": "コスト4、支払えるのは2",
        }
    ]


def test_a_typed_id_is_told_the_same_reason_with_its_rule(tmp_path):
    said = reasons(tmp_path)
    refusals = [Refusal(EMBER, why("cost", "TOY-1", cost=4, have=2))]
    assert said.why_not(refusals, "play E1") == (
        "'play E1' is not possible now: cost 4, you can pay 2 (TOY-1)"
    )
    assert said.why_not(refusals, "play E2") is None
    assert said.typed("play E9", "E9 is not in your hand") == "E9 is not in your hand"


def test_every_game_words_its_reasons_in_both_languages():
    for game in games().values():
        state = game.new_state(1)
        assert isinstance(state.unavailable(), list)
        catalogue = type(state).__module__.rsplit(".", 1)[0] + ".messages"
        module = __import__(catalogue, fromlist=["REASONS"])
        messages = module.REASONS.messages
        english, japanese = (messages.by_lang[lang].terms.get("unable") for lang in ("en", "ja"))
        assert english, f"{game.id}: no [terms.unable] table"
        assert set(english) == set(japanese), f"{game.id}: [terms.unable] differs by language"
        for key, template in (*english.items(), *japanese.items()):
            # Reasons are kept once worded (Reasons.say), so none may name a seat or a
            # place, whose words depend on the table telling them.
            for spec in (":seat", ":place"):
                assert spec not in template.text, f"{game.id}: [terms.unable] {key} names a seat"


def test_a_reworded_refusal_renames_the_players_but_keeps_the_id_as_typed():
    def rename(text):
        return text.replace("P2", "P4")

    message = "'attack P2.1' is not possible now: P2's card is face down (G4-4.1)"
    assert reworded(message, "attack P2.1", rename) == (
        "'attack P2.1' is not possible now: P4's card is face down (G4-4.1)"
    )
    assert reworded(None, "attack P2.1", rename) is None
