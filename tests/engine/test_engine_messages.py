"""The message catalogue: templates as data, chosen by the fields an event carries."""

import pytest

from tcglab.engine.errors import CardDataError
from tcglab.engine.messages import Messages, named, seat_name

EN = """
[messages]
draw = ["{seat:seat} draws {name:card}", "{seat:seat} draws a card"]
damage = "{seat:seat} takes {amount} damage{why:why}"
over = "Game over: {winners:seats} win ({reason:reason})"
buff = "{name:card} gets {amount:+d}"
move = "{name:card} moves to {at:place}"

[terms.why]
battle = ""
effect = " (card effect, {amount} in all)"

[terms.reason]
damage = "damage reached 10"
"""

JA = """
[messages]
draw = ["{seat:seat}が「{name:card}」を引いた", "{seat:seat}がカードを1枚引いた"]
damage = "{seat:seat}が{amount}点のダメージを受けた{why:why}"
over = "ゲーム終了：{winners:seats}の勝利（{reason:reason}）"
buff = "「{name:card}」{amount:+d}"
move = "「{name:card}」が{at:place}へ移動"

[terms.why]
battle = ""
effect = "（効果）"

[terms.reason]
damage = "ダメージが10点に達した"
"""


def _catalogue(tmp_path, en=EN, ja=JA, **kwargs):
    (tmp_path / "en.toml").write_text(en, encoding="utf-8")
    (tmp_path / "ja.toml").write_text(ja, encoding="utf-8")
    return Messages(tmp_path, **kwargs)


def test_the_first_template_whose_fields_are_given_is_used(tmp_path):
    messages = _catalogue(tmp_path)
    assert messages.describe("draw", {"seat": 0, "name": "Ember"}) == "P1 draws Ember"
    assert messages.describe("draw", {"seat": 1}) == "P2 draws a card"
    assert messages.describe("draw", {"seat": 1}, "ja") == "P2がカードを1枚引いた"


def test_terms_are_templates_filled_from_the_same_event(tmp_path):
    messages = _catalogue(tmp_path)
    data = {"seat": 0, "amount": 3, "why": "effect"}
    assert messages.describe("damage", data) == "P1 takes 3 damage (card effect, 3 in all)"
    assert messages.describe("damage", {**data, "why": "battle"}) == "P1 takes 3 damage"
    over = {"winners": [0, 2], "reason": "damage"}
    assert messages.describe("over", over) == "Game over: P1, P3 win (damage reached 10)"
    assert (
        messages.describe("over", over, "ja")
        == "ゲーム終了：P1・P3の勝利（ダメージが10点に達した）"
    )


def test_card_names_follow_the_language_and_derived_fields_are_added(tmp_path):
    names = {"Ember": "残り火"}
    messages = _catalogue(
        tmp_path,
        card_name=lambda name, lang: names.get(name, name) if lang == "ja" else name,
        derive={"buff": lambda d: {"amount": -d["amount"]}},
    )
    assert messages.describe("buff", {"name": "Ember", "amount": 2}) == "Ember gets -2"
    assert messages.describe("buff", {"name": "Ember", "amount": 2}, "ja") == "「残り火」-2"
    assert messages.describe("draw", {"seat": 0, "name": "Ember"}, "xx") == "P1 draws Ember"


def _place(ref, lang):
    """A toy game's position refs, "s2.back": seat 1's back row."""
    seat, row = ref.split(".")
    words = {"en": f"{row} row", "ja": {"back": "後列", "front": "前列"}[row]}
    return int(seat[1:]) - 1, words[lang]


def test_a_place_is_its_seats_name_and_the_games_words_for_the_slot(tmp_path):
    messages = _catalogue(tmp_path, place=_place)
    data = {"name": "Ember", "at": "s2.back"}
    assert messages.describe("move", data) == "Ember moves to P2's back row"
    assert messages.describe("move", data, "ja") == "「Ember」がP2の後列へ移動"
    with named(["Ann", "Bo"]):
        assert messages.describe("move", data) == "Ember moves to Bo's back row"
        assert messages.describe("move", data, "ja") == "「Ember」がBoの後列へ移動"
    several = {"name": "Ember", "at": ["s1.front", "s2.back"]}
    assert messages.describe("move", several) == "Ember moves to P1's front row, P2's back row"
    assert messages.describe("move", several, "ja") == "「Ember」がP1の前列、P2の後列へ移動"


def test_a_game_that_names_no_places_says_so(tmp_path):
    with pytest.raises(KeyError, match="names no places"):
        _catalogue(tmp_path).describe("move", {"name": "Ember", "at": "s1.front"})


def test_a_language_missing_a_message_is_refused_on_load(tmp_path):
    ja = JA.replace('buff = "「{name:card}」{amount:+d}"\n', "")
    with pytest.raises(
        CardDataError, match=r"ja.toml: \[messages\] differs from English: missing \['buff'\]"
    ):
        _catalogue(tmp_path, ja=ja)


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ('draw = "{seat:seat"', "draw"),
        ('draw = "{seat!r}"', "plain name"),
        ('draw = "{seat:{name}}"', "plain name"),  # a spec is the template's own words
        ("draw = 3", "must be text"),
    ],
)
def test_a_broken_template_names_the_file_and_the_message(tmp_path, line, words):
    en = EN.replace('draw = ["{seat:seat} draws {name:card}", "{seat:seat} draws a card"]', line)
    with pytest.raises(CardDataError, match=words):
        _catalogue(tmp_path, en=en)


def test_an_event_without_the_fields_of_any_template_says_which_it_needs(tmp_path):
    messages = _catalogue(tmp_path)
    with pytest.raises(KeyError, match="damage"):
        messages.describe("damage", {"seat": 0})


def test_seats_are_named_from_one():
    assert [seat_name(s) for s in range(3)] == ["P1", "P2", "P3"]


# -- action labels: the [actions] table, filled only when a label is read ------------

ACTIONS_EN = """
[actions]
play = "Play {card:name} ({cost})"
use = "{card:name}: {card:text}"
roll = "Roll {k}D{k:odds}"
aim = ["Aim at {card:name}", "Aim at face-down card {place}"]
"""

ACTIONS_JA = """
[actions]
play = "「{card:name}」をプレイ（コスト{cost}）"
use = "「{card:name}」：{card:text}"
roll = "{k}Dを振る{k:odds}"
aim = ["「{card:name}」を狙う", "裏向きの{place}枚目を狙う"]
"""


class Card:
    def __init__(self, en: str, ja: str, text_en: str = "", text_ja: str = "") -> None:
        self.name_en, self.name_ja, self.text_en, self.text_ja = en, ja, text_en, text_ja


def _actions(tmp_path, **kwargs):
    return _catalogue(tmp_path, ACTIONS_EN, ACTIONS_JA, **kwargs)


def test_an_action_label_is_made_from_its_data_in_each_language(tmp_path):
    words = _actions(tmp_path, specs={"odds": lambda k, lang: f" ({k * 10}%)"})
    ember = Card("Ember", "残り火", "Deal 1 damage", "1点のダメージ")
    play = words.action("play ember", "play", card=ember, cost=3)
    assert (play.id, play.label, play.ja) == (
        "play ember",
        "Play Ember (3)",
        "「残り火」をプレイ（コスト3）",
    )
    use = words.action("use M1", "use", card=ember)
    assert use.text("ja") == "「残り火」：1点のダメージ"
    assert words.action("roll 2", "roll", k=2).text("en") == "Roll 2D (20%)"


def test_a_card_without_japanese_text_reads_in_english(tmp_path):
    words = _actions(tmp_path)
    plain = Card("Frost", "霜", "Freeze a character", "")
    assert words.action("use M2", "use", card=plain).ja == "「霜」：Freeze a character"


def test_an_action_label_picks_the_wording_its_data_allows(tmp_path):
    """A face-down character the chooser does not know is named by its place only."""
    words = _actions(tmp_path)
    assert words.action("aim 1", "aim", card=Card("Ember", "残り火")).label == "Aim at Ember"
    assert words.action("aim 2", "aim", place=2).ja == "裏向きの2枚目を狙う"


def test_an_action_missing_from_a_language_is_refused_on_load(tmp_path):
    ja = ACTIONS_JA.replace('roll = "{k}Dを振る{k:odds}"\n', "")
    with pytest.raises(
        CardDataError, match=r"ja.toml: \[actions\] differs from English: missing \['roll'\]"
    ):
        _catalogue(tmp_path, ACTIONS_EN, ja)


def test_labels_are_not_made_until_read(tmp_path):
    """A playout asks for legal actions at every step and reads no label."""
    made = []
    words = _actions(tmp_path, specs={"odds": lambda k, lang: made.append(lang) or ""})
    roll = words.action("roll 3", "roll", k=3)
    assert made == []
    assert roll.text("ja") == "3Dを振る" and made == ["ja"]
