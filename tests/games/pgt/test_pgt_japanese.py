"""Pretty Good Tactics in Japanese: every action label and event message, for every seat
and the spectator, in seeded random games; exact wording of typical lines; and no
Japanese text naming a card the English text keeps hidden."""

import re

import pytest
from pgt_position import act, plain, position

from tcglab.engine.rng import Rng
from tcglab.games.pgt import GAME
from tcglab.games.pgt.messages import ability_ja, catalogue, describe

A, B, C = plain(3)  # "Ａ：P3D+1" only
DRAWER = "125"  # Ｒ：ドロー1, Ａ：M(光)2D
PEEKER = "123"  # Ｔ：《見抜き》, Ａ：P2D レンジ2
CARDS = GAME.cards.cards

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
WORD = re.compile(r"[A-Za-z]{3,}")
# Rulebook notation kept as printed: P-def / M-def and ××cnt counters.
ALLOWED = {"def", "cnt"}
NAME_JA = re.compile("|".join(sorted((re.escape(c.name_ja) for c in CARDS), key=len, reverse=True)))
BY_JA = {c.name_ja: c for c in CARDS}

OPTIONS = (
    {},
    {"guard_from_behind": True, "innocence_retires": True, "counter_needs_range1": False},
    {"empty_party_check": "before_reformation", "invalid_always_fails": False, "round_limit": 4},
)


def assert_japanese(text: str, english: str) -> None:
    """Japanese, no untranslated English, and no card named that English leaves unnamed."""
    assert JAPANESE.search(text), text
    assert set(WORD.findall(text)) <= ALLOWED, text
    for name in NAME_JA.findall(text):
        card = BY_JA[name]
        assert card.name_en in english or card.id in english, (text, english)


def seeded_games():
    """(players, options, decks, seed): two-player games from the shared pile and from
    draft decks (which run dry) under each option set, and one whole draft table (with
    short games) for each larger table."""
    decks = list(GAME.prebuilt_decks().values())
    for options in OPTIONS:
        for seed in range(8):
            yield 2, options, [decks[seed % 4], decks[(seed + 1) % 4]] if seed % 2 else None, seed
    for players in range(3, GAME.max_players + 1):
        yield players, OPTIONS[-1], None, players


def test_random_games_speak_japanese_everywhere():
    kinds, verbs = set(), set()
    for players, options, decks, seed in seeded_games():
        st = GAME.new_state(seed, players, options=options, decks=decks)
        rng = Rng(seed)
        while not st.over:
            legal = st.legal_actions()
            for action in legal:
                assert_japanese(action.ja, action.label)
                assert action.text("ja") == action.ja and action.text() == action.label
                verbs.add(action.id.split(" ")[0])
            st.apply(rng.choice(legal))
        for seat in [*range(st.players), None]:
            english = st.events_for(seat, 0, "en")
            for event, en in zip(st.events_for(seat, 0, "ja"), english, strict=True):
                assert_japanese(event["message"], en["message"])
                kinds.add(event["kind"])
    assert catalogue().kinds() <= kinds
    assert {"keep", "put", "empty", "attack", "guard", "target", "roll", "use", "flip"} <= verbs
    assert {"innocence", "counter", "decline", "skip", "done", "pass", "no"} <= verbs


def test_every_ability_of_the_card_set_reads_in_japanese():
    for card in CARDS:
        for ability, english in zip(card.abilities, card.info["abilities_en"], strict=True):
            assert_japanese(ability_ja(ability), english)


def test_card_names_map_one_to_one():
    """Messages find a card's Japanese name from the English name an event carries."""
    assert len({c.name_en for c in CARDS}) == len({c.name_ja for c in CARDS}) == len(CARDS)


def test_every_event_kind_has_a_japanese_message_and_english_is_the_default():
    messages = catalogue()
    assert set(messages.by_lang["ja"].messages) == set(messages.by_lang["en"].messages)
    data = {"seat": 0}
    assert describe("no_attack", data) == "P1 does not attack"
    assert describe("no_attack", data, "ja") == "P1はアタックしない"


def ja_log(st, seat, start=0):
    """The messages `seat` reads from event `start` on (position() logs the turn first)."""
    return [e["message"] for e in st.events_for(seat, start, "ja")]


def labels(st):
    return {a.id: a.ja for a in st.legal_actions()}


def test_a_draw_reads_differently_for_its_owner_and_the_others():
    st = position({"F1": (DRAWER, False)}, {"F1": B})
    assert labels(st) == {"flip F1": "鷹取 翠を表向きにする", "pass": "今は能力を使わない"}
    act(st, "flip F1")
    assert labels(st) == {
        "use F1 1": "表向きにした時：カードを1枚引く",
        "skip": "表向きにした時の能力を使わない",
    }
    top = st.card(st.deck_of(0)[-1])
    act(st, "use F1 1")
    assert ja_log(st, None, start=1) == [
        "P1：裏向きキャラ（P1のF1）が「０：このキャラを表向きにする」を使用",
        "鷹取 翠（P1のF1）が表向きになった",
        "P1：鷹取 翠（P1のF1）が「Ｒ：ドロー1」を使用",
        "P1がカードを1枚引いた",
    ]
    assert ja_log(st, 1)[-1] == "P1がカードを1枚引いた"
    assert ja_log(st, 0)[-1] == f"P1が{top.name_ja}を引いた"
    assert top.name_en in st.events_for(0, 0)[-1]["message"]


def test_an_attack_to_victory_as_a_player_reads_it():
    st = position({"F1": A}, {"F1": B, "F2": C}, score=(9, 0))
    assert labels(st) == {
        "attack F1 1": "千草 汐里：アタック：物理攻撃 3D+1、レンジ1",
        "no attack": "このターンはアタックしない",
    }
    act(st, "attack F1 1")
    assert labels(st) == {
        "target P2.F1": "白樺 柚葉を対象にする",
        "target P2.F2": f"{GAME.cards.card(C).name_ja}を対象にする",
    }
    act(st, "target P2.F1")
    assert labels(st) == {
        "guard F2 F1": f"{GAME.cards.card(C).name_ja}がF1をガード（F2をタップ）",
        "no guard": "ガードしない",
    }
    act(st, "no guard")
    assert labels(st)["roll 2"] == "サイコロを3個中2個振る（2D+1）"
    st.rng.force_for("dice", 3, 4, 5)
    act(st, "roll 3")
    assert ja_log(st, 1, start=1) == [
        "P1：千草 汐里（P1のF1）が「Ａ：P3D+1」を使用（対象：P2のF1）",
        "P1がサイコロを3個振った：出目 3・4・5",
        "行動判定 3+4+5(+1) = 13",
        "攻撃力13とP2のF1のP-def 7を比較：攻撃成功",
        "白樺 柚葉（P2のF1）がリタイヤ：P1が2点獲得（スコア P1 11点・P2 0点）",
        "ゲーム終了（スコア10点に到達）：P1の勝ち、スコア P1 11点・P2 0点",
    ]


def test_a_face_down_target_is_named_by_its_place():
    st = position({"F1": A}, {"F1": (B, False)})
    act(st, "pass", "attack F1 1")
    assert labels(st) == {"target P2.F1": "裏向きキャラ（P2のF1）を対象にする"}


def test_a_peek_names_the_card_only_to_the_one_who_looked():
    st = position({"F1": PEEKER}, {"F1": (B, False)})
    assert labels(st)["use F1 1"] == "七尾 汐里（F1）：タップ：敵軍の裏向きキャラ1人をこっそり見る"
    act(st, "use F1 1", "target P2.F1", "pass")
    assert ja_log(st, 0)[-1] == "P1がP2のF1を見た：白樺 柚葉"
    assert ja_log(st, 1)[-1] == ja_log(st, None)[-1] == "P1がP2のF1をこっそり見た"


def test_the_first_formations_show_names_to_their_owner_only():
    st = GAME.new_state(5)
    while st.round == 0:
        st.apply(st.legal_actions()[0])
    mine, theirs = (
        next(m for m in ja_log(st, seat) if m.startswith("P1がパーティーを編成")) for seat in (0, 1)
    )
    assert "スコア合計" in mine and "裏向き" not in mine
    assert re.fullmatch(r"P1がパーティーを編成：((F|B)[123]=裏向き、?)+", theirs)


@pytest.mark.parametrize(
    "p2, options, line",
    [
        ({}, {}, "ゲーム終了（ラウンド開始時に場にキャラがいないプレイヤーがいた）：P1の勝ち、"),
        ({"F1": B}, {"round_limit": 1}, "ゲーム終了（ラウンド数の上限に到達）：引き分け、"),
    ],
)
def test_game_over_lines_at_the_start_of_a_round(p2, options, line):
    st = position({"F1": A}, p2, options=options, step=("round_start",))
    assert st.over and ja_log(st, None) == [line + "スコア P1 0点・P2 0点"]
