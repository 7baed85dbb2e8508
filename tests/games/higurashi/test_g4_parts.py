"""Event cards as effect parts (G4-GAP-3, G4-6.1): the text a player reads is written
from the parts, every kind of part is on some card, and parts combine into new cards."""

import re
from dataclasses import dataclass

from tcglab.games.higurashi import GAME
from tcglab.games.higurashi.cards import CardSet, card_set, read_events
from tcglab.games.higurashi.effects import play_action
from tcglab.games.higurashi.parts import PARTS, Part
from tcglab.games.higurashi.parts.chance import Chance
from tcglab.games.higurashi.parts.draw import Draw
from tcglab.games.higurashi.parts.stat import Stat
from tcglab.games.higurashi.parts.wording import Wording, card_text

from .builder import build, events, hand, play

CARDS = card_set()
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def test_every_card_prints_what_its_parts_generate():
    """The card face the server shows, the card object and the play action all carry
    the text written from the card's parts, in both languages."""
    faces = GAME.card_faces()
    for card in CARDS.events:
        en = card_text(card.timing, card.parts, "en")
        ja = card_text(card.timing, card.parts, "ja")
        assert (card.text_en, card.text_ja) == (en, ja)
        assert (faces[card.id]["text"], faces[card.id]["text_ja"]) == (en, ja)
        action = play_action(card)
        assert action.label.endswith(en) and action.ja.endswith(ja)


def test_every_kind_of_part_is_on_some_card():
    used = {part.kind for card in CARDS.events for part in card.parts}
    assert used == set(PARTS)


def test_card_texts_read_naturally():
    """A few whole texts, one per way of writing them: a chosen character, all of yours,
    a roll the rest depends on (the character is named once, then "it"), equipment,
    a die modifier."""
    text = {card.id: (card.text_en, card.text_ja) for card in CARDS.events}
    assert text["E03"] == (
        "On your turn, give one of your characters +1 attack and +1 defence until the "
        "start of your next turn.",
        "自分のターン中に、自分のキャラクター1体の攻撃力と防御力を次の自分のターンの開始まで+1する。",
    )
    assert text["E04"][0] == (
        "On your turn, give all of your characters +1 attack until the end of this turn."
    )
    assert text["E12"] == (
        "On your turn, choose one face-up enemy character and roll the die: on a 5 or 6, "
        "move it into your row as your own character.",
        "自分のターン中に、表向きの相手キャラクター1体を選んで賽を振り、5か6なら"
        "そのキャラクターを自分の列に移し、自分のキャラクターにする。",
    )
    assert text["E13"][0] == (
        "On your turn, subjugate one face-up enemy character with defence 1 or less and "
        "put it in your captured pile."
    )
    assert text["E17"] == (
        "On your turn, attach this to one of your characters as equipment, giving it "
        "+2 attack and -1 defence (it no longer counts toward your hand).",
        "自分のターン中に、装備品として自分のキャラクター1体に付け、そのキャラクターの"
        "攻撃力を+2、防御力を-1する（装備中は手札に数えない）。",
    )
    assert text["E10"] == (
        "Right after an opponent rolls the die against one of your characters, subtract 2 "
        "from that roll.",
        "相手が自分のキャラクターに対して賽を振った直後に、その出目から2を引く。",
    )


def test_parts_combine_into_new_texts():
    """Parts no shipped card combines still write a sound text: clauses in order joined
    by "then", and a roll with no chosen character."""
    boost = Stat(area="all_own", attack=1, duration="turn")
    parts = (Draw(area="self", amount=1), boost)
    assert card_text("main", parts, "en") == (
        "On your turn, draw 1 event card, then give all of your characters +1 attack "
        "until the end of this turn."
    )
    assert card_text("main", parts, "ja") == (
        "自分のターン中に、イベントカードを1枚引く。その後、自分のキャラクター全員の"
        "攻撃力をこのターンの終わりまで+1する。"
    )
    gamble = (Chance(area="self", at_least=4), Draw(area="self", amount=2))
    assert card_text("main", gamble, "en") == (
        "On your turn, roll the die: on a 4 or higher, draw 2 event cards."
    )
    assert (
        card_text("main", gamble, "ja")
        == "自分のターン中に、賽を振り、4以上ならイベントカードを2枚引く。"
    )


def test_a_failed_roll_stops_the_parts_after_it():
    """E14 is a roll and a capture: on a 5 the capture never happens, and the card is
    spent all the same."""
    st = build([["C11 up"], ["C13 up", "C14"]], hands={0: ["E14"]})
    st.rng.force_for("chance", 5)
    play(st, "play E14", "target 1.0")
    assert events(st, "fizzle") and not events(st, "capture")
    assert [st.event_card(e).id for e in st.discard] == ["E14"]


def test_every_part_writes_a_clause_in_both_languages():
    for card in CARDS.events:
        for part in card.parts:
            en = part.text(Wording("en", card.aim))
            ja = part.text(Wording("ja", card.aim))
            assert en.strip() and ja.strip() and en != ja, (card.id, part.kind)
            assert JAPANESE.search(ja) and not JAPANESE.search(en), (card.id, part.kind)


@dataclass(frozen=True, kw_only=True)
class Rally(Part):
    """A kind no shipped card has: all of the player's characters stand up."""

    kind = "rally"
    areas = ("all_own",)
    keep = 3

    def apply(self, st, seat, event, target):
        for inst in st.rows[seat]:
            st.side[inst] = False
        return True

    def text(self, words):
        mine = words.target(self)
        return words.say(f"turn {mine} upright", f"{mine}を縦向きに戻す")


RALLY_CARD = """
[[event]]
id = "X01"
name_ja = "朝の体操"
name_en = "Morning Exercises"
copies = 1
timing = "main"
effects = [{ kind = "rally" }]
"""


def test_a_new_mechanic_is_one_new_part(tmp_path, monkeypatch):
    """A kind defined in one class is read from a card file, writes the card's text
    and plays by the rules, with nothing else changed."""
    monkeypatch.setitem(PARTS, "rally", Rally)
    path = tmp_path / "events.toml"
    path.write_text(RALLY_CARD, encoding="utf-8")
    (card,) = read_events(path)
    assert card.text_en == "On your turn, turn all of your characters upright."
    assert card.text_ja == "自分のターン中に、自分のキャラクター全員を縦向きに戻す。"
    cards = CardSet(CARDS.characters, (*CARDS.events, card), CARDS.digest)
    monkeypatch.setattr(type(GAME), "cards", property(lambda game: cards))
    st = build([["C01 up", "C02 up sideways", "C03 sideways"], ["C14"]], hands={0: ["X01"]})
    play(st, "play X01")
    assert not any(st.side[i] for i in st.rows[0]) and hand(st, 0) == []
