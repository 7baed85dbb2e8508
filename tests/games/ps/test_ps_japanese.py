"""Princess Scramble in Japanese: every action label and event message a player can
meet reads in Japanese with the game's own terms (待機状態, 消耗状態, エナジー, ダウン,
ごみ箱 ...) and Japanese card names, and shows no more than the English does."""

import itertools
import re

import pytest

from tcglab.engine.rng import Rng
from tcglab.games.ps import GAME
from tcglab.games.ps.cards import build_card_set, card_set
from tcglab.games.ps.field import Unit
from tcglab.games.ps.messages import MESSAGES, describe
from tcglab.games.ps.state import PSState

CARDS = card_set()
KANA_KANJI = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
# Seats are "P1" and "P2"; no other Latin text is expected in Japanese output.
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")

# Option sets that change which actions and events occur: energy from the hand (hand
# positions, the energy card seen by its owner only), the player as a battle target past
# defenders, mulligans, no first draw, summoning sickness, tiny hand limits (discards)
# and big draws (empty decks, deck-out).
SWEEP = (
    {},
    {"energy_from": "hand", "hit_player_past_defenders": True, "summoning_sickness": "none"},
    {"mulligan": True, "first_turn_draw": False, "summoning_sickness": "full"},
    {"opening_hand": 9, "hand_limit": 2, "draw_count": 3, "support_tiers": "cumulative"},
)
SEEDS_PER_SET = 25
DECK_PAIRS = list(itertools.product(GAME.prebuilt_decks(), repeat=2))


def assert_japanese(text: str, where: str) -> None:
    assert text and KANA_KANJI.search(text), f"{where}: no Japanese in {text!r}"
    assert not ENGLISH_WORD.search(text), f"{where}: English left in {text!r}"


def assert_viewers_read_japanese(st) -> set[str]:
    """Every event in Japanese for both seats and the spectator, and a seat that may
    not see a secret card never reads its name; returns the event kinds met."""
    for seat in (0, 1, None):
        for event, view in zip(st.log, st.events_for(seat, 0, "ja"), strict=True):
            assert_japanese(view["message"], f"{event.kind} seen by {seat}")
            for owner, secret in (event.secret or {}).items():
                if seat != owner:
                    assert CARDS.card(secret["card"]).name_ja not in view["message"]
    return {event.kind for event in st.log}


def random_games(options: dict, first_seed: int):
    decks = GAME.prebuilt_decks()
    for seed in range(first_seed, first_seed + SEEDS_PER_SET):
        a, b = DECK_PAIRS[seed % len(DECK_PAIRS)]
        st = GAME.new_state(seed, options=options, decks=[list(decks[a]), list(decks[b])])
        yield st, Rng(seed * 3 + 1)


@pytest.mark.parametrize("index", range(len(SWEEP)))
def test_every_label_and_message_of_random_games_is_japanese(index):
    kinds, verbs = set(), set()
    for st, rng in random_games(SWEEP[index], index * SEEDS_PER_SET):
        for _ in range(GAME.max_actions):
            if st.over:
                break
            legal = st.legal_actions()
            for action in legal:
                assert_japanese(action.ja, f"action {action.id!r}")
                assert action.text("ja") == action.ja and action.text("en") == action.label
                verbs.add(action.id.split(" ")[0])
            st.apply(rng.choice(legal))
        assert st.over, f"not over after {GAME.max_actions} actions"
        kinds |= assert_viewers_read_japanese(st)
    assert {"draw", "battle", "hit", "player_damage", "game_over"} <= kinds
    assert {"play", "attack", "end", "pass", "discard", "energy"} <= verbs


def test_the_sweep_meets_every_event_kind():
    """Together with the positions below (the same-name arrival, a battle whose
    defenders all left), the random games reach every kind of event there is a message
    for, in both languages."""
    kinds = {"unique", "no_target"}
    for index, options in enumerate(SWEEP):
        for st, rng in random_games(options, index * SEEDS_PER_SET):
            for _ in range(GAME.max_actions):
                if st.over:
                    break
                st.apply(rng.choice(st.legal_actions()))
            assert st.over, f"not over after {GAME.max_actions} actions"
            kinds |= {event.kind for event in st.log}
    assert kinds == MESSAGES.kinds()


# -- names ---------------------------------------------------------------------------


def test_card_and_ability_names_map_one_to_one_between_languages():
    """Events carry English names; the Japanese messages find the Japanese name through
    the card pool, which works because each name stands for one name in the other
    language (versions of a heroine share both), and no ability shares a card's name."""
    to_ja, to_en = {}, {}
    for card in CARDS.cards:
        names = [(card.name_en, card.name_ja)]
        if card.info.get("ability"):
            names.append((card.info["ability"]["name"], card.info["ability"]["name_ja"]))
        for en, ja in names:
            assert to_ja.setdefault(en, ja) == ja, f"{en} has two Japanese names"
            assert to_en.setdefault(ja, en) == en, f"{ja} has two English names"
    characters = {c.name_en for c in CARDS.cards if c.kind == "character"}
    events = {c.name_en for c in CARDS.cards if c.kind == "event"}
    abilities = {c.ability_name_en for c in CARDS.cards if c.kind == "character" and c.ability}
    assert not (characters & events or characters & abilities or events & abilities)


def test_labels_follow_the_card_set_of_the_game():
    """Labels are built once per card set: a card id reused by another set with
    another name gets that set's name."""
    works = {"w": ("作品", "Work")}

    def one_card(name_ja, name_en):
        table = {"id": "C1", "name_ja": name_ja, "name_en": name_en, "work": "w", "level": 0}
        table.update(technique=1, sense="0", life=1, support=[{"technique": 1}])
        return build_card_set(works, [table], [], "cards")

    labels = []
    for cards in (one_card("一番星", "First Star"), one_card("宵の明星", "Evening Star")):
        st = table([["C1"], []], cards=cards, deck="C1")
        labels.append(next(a for a in st.legal_actions() if a.id == "attack 1"))
    assert [a.ja for a in labels] == ["「一番星」でバトルを挑む", "「宵の明星」でバトルを挑む"]
    assert [a.label for a in labels] == ["Battle with First Star", "Battle with Evening Star"]


# -- positions a player would read ------------------------------------------------------


def table(
    fields,
    *,
    hands=None,
    trash=None,
    energy=(0, 0),
    hurt=(0, 0),
    deck="SH09",
    top=None,
    at="main",
    options=None,
    cards=CARDS,
) -> PSState:
    """Seat 0 to move at its main phase (or at the start of its turn), with the shipped
    cards; decks of ten `deck` cards with `top` on top of seat 0's deck."""
    st = PSState(GAME, 1, GAME.resolve_options(options), cards)
    for seat in (0, 1):
        st.deck[seat] = [cards.number(deck)] * 10
        st.hand[seat] = [cards.number(c) for c in (hands or {}).get(seat, [])]
        st.trash[seat] = [cards.number(c) for c in (trash or {}).get(seat, [])]
        st.energy[seat] = [cards.number(deck)] * energy[seat]
        st.units[seat] = [Unit(st.uid(), cards.number(c), sick=False) for c in fields[seat]]
    if top:
        st.deck[0].append(cards.number(top))
    st.hurt = list(hurt)
    st.first = st.current = 0
    st.turn = 3
    if at == "main":
        st.stack = [("reset", 0), ("window", 0, "end", 0), ("main", 0)]
    else:
        st.stack = [("turn_start", 0)]
    st.advance()
    return st


def ja(st, action_id: str) -> str:
    return next(a.ja for a in st.legal_actions() if a.id == action_id)


def said(st, seat, start: int = 0) -> list[str]:
    return [view["message"] for view in st.events_for(seat, start, "ja")]


def test_a_draw_is_named_to_its_owner_only():
    st = table([[], []], top="SH01", at="turn_start")
    assert said(st, 0) == ["ターン4：P1", "P1が「星野 ひかり」を引いた"]
    assert said(st, 1)[1] == said(st, None)[1] == "P1がカードを1枚引いた"
    assert [v["message"] for v in st.events_for(0, 1)] == ["P1 draws Hikari Hoshino"]
    assert [v["message"] for v in st.events_for(1, 1)] == ["P1 draws a card"]


def test_energy_from_the_hand_is_named_to_its_owner_only():
    st = table([[], []], hands={0: ["EV08"]}, options={"energy_from": "hand"})
    assert ja(st, "energy 1") == "手札の「流れ弾」をエナジーとして配置する"
    st.apply("energy 1")
    assert said(st, 0) == ["P1が手札の「流れ弾」を裏向きのままエナジーにした（計1枚）"]
    assert said(st, 1) == ["P1が手札の1枚目を裏向きのままエナジーにした（計1枚）"]


def test_main_phase_labels():
    st = table([[], ["SH03"]], hands={0: ["SH01", "EV08"]}, energy=(3, 0))
    assert ja(st, "energy") == "デッキの一番上のカードをエナジーとして配置する"
    assert ja(st, "play SH01") == "キャラクター「星野 ひかり」を配置する（レベル2）"
    assert ja(st, "play EV08") == "イベント「流れ弾」を配置する（レベル2）"
    assert ja(st, "end") == "メインフェイズを終了する"
    st.apply("play SH01")
    assert said(st, 1) == [
        "P1が「星野 ひかり」（レベル2）を配置した",
        "「星野 ひかり」がP1の場の1番目に登場し、エナジー2枚を占有した",
    ]


def test_an_ability_and_its_target():
    st = table([["SK04"], ["SH03"]])
    text = CARDS.card("SK04").ability_text_ja
    assert ja(st, "use 1") == f"「ナディア・クイル」の特殊能力：{text}"
    st.apply("use 1")
    assert ja(st, "target 1") == "「ナディア・クイル」の対象：相手の「星野 ひかり」"
    st.apply("target 1")
    assert said(st, 1) == [
        "「ナディア・クイル」（P1）が特殊能力「狙い撃ち」を使用した",
        "「星野 ひかり」（P2）が効果で1点のダメージを受けた",
    ]


def test_a_battle_against_a_defender():
    st = table([["SK02"], ["SH03"]])
    assert ja(st, "attack 1") == "「リーゼル・ファロウ」でバトルを挑む"
    st.apply("attack 1")
    assert st.to_move == 1
    assert ja(st, "defend 1") == "「星野 ひかり」で防御する"
    assert ja(st, "done") == "防御しない"
    st.apply("defend 1")
    assert ja(st, "target 1") == "「星野 ひかり」にダメージを与える（6点）"
    st.apply("target 1")
    assert said(st, None) == [
        "P1が「リーゼル・ファロウ」でバトルを宣言した",
        "P2が「星野 ひかり」で防御した",
        "「リーゼル・ファロウ」が「星野 ひかり」に6点のダメージを与えた（累計6／ライフ2）",
        "P2の「星野 ひかり」がダウンし、エナジー0枚が開放された",
        "P2が1点のダメージを受けた（キャラクターのダウン）：累計1／10",
        "バトル終了",
    ]


def test_the_player_past_defenders_and_the_game_over_line():
    options = {"hit_player_past_defenders": True}
    st = table([["SK02"], ["SH03", "SH04"]], hurt=(0, 9), options=options)
    st.apply("attack 1")
    st.apply("defend 1")
    assert ja(st, "done") == "これ以上防御しない"
    st.apply("done")
    assert ja(st, "target player") == "防御側プレイヤーにダメージを与える"
    st.apply("target player")
    expected = [
        "「リーゼル・ファロウ」が防御側プレイヤーに直接6点のダメージを与えた",
        "P2が6点のダメージを受けた：累計15／10",
        "ゲーム終了（ダメージが10点に達した）：P1の勝利",
    ]
    for seat in (0, 1, None):
        assert said(st, seat)[-3:] == expected
    assert st.events_for(None, 0)[-1]["message"] == "Game over (damage reached 10): P1 wins"


def test_a_revived_heroine_already_on_the_field():
    """PS-GAP-7 the newcomer of a name already on its side goes to the trash."""
    st = table([["SH02"], []], hands={0: ["EV16"]}, trash={0: ["SH01"]}, energy=(3, 0))
    st.apply("play EV16")
    assert said(st, 1) == [
        "P1が「もう一度だけ」（レベル3）を配置した",
        "P1が「星野 ひかり」をごみ箱から場に戻した",
        "「星野 ひかり」はすでにP1の場にいるため、後から来た方はごみ箱へ送られた",
    ]


def test_discarding_down_to_the_hand_limit():
    """PS-8.5.2 the labels count the cards still to discard."""
    st = table([[], []], hands={0: ["SH01"] * 6 + ["EV08"]})
    st.apply("end")
    for _ in range(4):  # the end phase: both players pass
        if st.stack[-1][0] != "window":
            break
        st.apply("pass")
    assert st.stack[-1][0] == "trim"
    assert ja(st, "discard EV08") == "「流れ弾」を捨てる（あと2枚）"
    st.apply("discard EV08")
    assert ja(st, "discard SH01") == "「星野 ひかり」を捨てる（あと1枚）"
    st.apply("discard SH01")
    discards = [m for m in said(st, 1) if "捨てた" in m]
    assert discards == ["P1が「流れ弾」を捨てた", "P1が「星野 ひかり」を捨てた"]


def test_lasting_effects_in_japanese():
    data = {"seat": 0, "slot": 1, "name": "Hikari Hoshino", "amount": 2}
    technique = {**data, "stat": "technique", "until": "turn"}
    guard = {**data, "stat": "guard", "until": "field"}
    assert describe("modify", technique, "ja") == (
        "「星野 ひかり」（P1）のテクニックがターン終了時まで+2された"
    )
    assert describe("modify", guard, "ja") == (
        "「星野 ひかり」（P1）が受けるダメージがこのイベントが場にある間2減る"
    )
    assert describe("modify", guard) == ("Hikari Hoshino (P1) gets +2 guard while the event stays")
