"""Japanese action labels and event messages of Precious Memories: every label and
message of many games reads in Japanese, with Japanese card names and the rules' own
terms, and typical ones read exactly as a player expects."""

import dataclasses
import re

import pytest

from tcglab.agents import Decision
from tcglab.engine.errors import CardDataError
from tcglab.engine.messages import named
from tcglab.engine.rng import Rng
from tcglab.games.pm import GAME, effects, messages
from tcglab.games.pm.agent import PMAgent
from tcglab.games.pm.cards import card_set
from tcglab.games.pm.messages import catalogue, describe, japanese_names

from .builder import build, pass_windows, passes, play

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")  # seat names (P1) and AP/DP are shorter
DECKS = GAME.prebuilt_decks()
VARIANTS = [
    {},
    {"unique_names": False},
    {"redraw": False},
    {"approaches": "once"},
    {"break_pays_cost": True, "first_player": "p2"},
]
# No card of the pool can lose its target between choosing and resolving, and the
# other three are rare in random play; the built positions below read each of them.
BUILT_ONLY = {"fizzle", "rally", "refresh", "wake"}


def assert_japanese(text: str) -> None:
    assert text and JAPANESE.search(text), text
    assert not ENGLISH_WORD.search(text), text


def ja_log(st, seat=0, start=0) -> list[str]:
    return [event["message"] for event in st.events_for(seat, start, "ja")]


def labels(st) -> dict[str, str]:
    return {action.id: action.ja for action in st.legal_actions()}


# -- whole games -------------------------------------------------------------------


def play_checked(options: dict, seed: int, verbs: set, kinds: set) -> None:
    """A seeded game, random or half heuristic, checking every legal action and every
    new event message in Japanese for both seats and the spectator."""
    names = list(DECKS)
    decks = [DECKS[names[seed % 4]], DECKS[names[(seed * 3 + 1) % 4]]]
    st = GAME.new_state(seed, options=options, decks=decks)
    rng, agent = Rng(seed), PMAgent(seed) if seed % 2 else None
    seen = 0
    while True:
        for viewer in (0, 1, None):
            for event in st.events_for(viewer, seen, "ja"):
                kinds.add(event["kind"])
                assert_japanese(event["message"])
                if event["kind"] == "draw" and viewer != event["seat"]:
                    assert "「" not in event["message"]  # drawn cards stay hidden
        seen = len(st.log)
        if st.over:
            return
        actions = st.legal_actions()
        for action in actions:
            verbs.add(action.id.split(" ")[0])
            assert_japanese(action.ja)
        heuristic = agent is not None and st.to_move == 0
        st.apply(agent.choose(Decision(st)) if heuristic else rng.choice(actions))


def test_every_label_and_message_of_many_games_reads_in_japanese():
    verbs, kinds = set(), set()
    for options in VARIANTS:
        for seed in range(20):
            play_checked(options, seed, verbs, kinds)
    assert kinds == catalogue().kinds() - BUILT_ONLY
    assert verbs >= {"allocate", "break", "discard", "flip", "link", "main", "pay", "use"}
    assert verbs >= {"allow", "approach", "end", "keep", "let", "obstruct", "pass", "play"}
    assert verbs >= {"redraw", "support", "target"}


def test_every_event_kind_has_a_japanese_message_picked_by_lang():
    by_lang = catalogue().by_lang
    assert set(by_lang["ja"].messages) == set(by_lang["en"].messages)
    data = {"seat": 1, "turn": 4}
    assert describe("turn", data) == describe("turn", data, "en") == "Turn 4: P2"
    assert describe("turn", data, "ja") == "ターン4：P2の手番"
    assert describe("draw", {"seat": 0, "count": 0, "cards": []}, "ja") == "P1は引けるカードがない"
    assert describe("no_such_kind", {}, "ja") == "no_such_kind"


# -- card names ----------------------------------------------------------------------


def test_english_and_japanese_card_names_correspond_one_to_one():
    names = japanese_names()
    assert {card.name_en for card in card_set().cards} == set(names)
    assert len(set(names.values())) == len(names)
    assert names["Akari Umino & Nagi Shiomi"] == "海野 あかり&潮見 なぎ"


def test_one_english_name_with_two_japanese_names_is_refused(monkeypatch):
    real = card_set()
    twin = dataclasses.replace(real.cards[0], id="CWA-999", name_ja="別の名前")
    fake = dataclasses.replace(real, cards=(*real.cards, twin))
    monkeypatch.setattr(messages, "card_set", lambda: fake)
    japanese_names.cache_clear()
    try:
        with pytest.raises(CardDataError, match="Kokone Haguruma"):
            japanese_names()
    finally:
        japanese_names.cache_clear()


# -- what a player reads -------------------------------------------------------------


def test_setup_labels_and_messages():
    st = GAME.new_state(5, options={"first_player": "p1"})
    assert ja_log(st, None)[0] == "P1が先手（指定）"
    assert labels(st) == {
        "keep": "この手札で始める",
        "redraw": "この7枚をデッキの一番下に置き、新たに7枚引く",
    }
    play(st, "redraw", "keep")
    assert ja_log(st, None)[3:7] == [
        "P1は手札をデッキの一番下に置いて引き直す",
        "P1がカードを7枚引いた",
        "P2は最初の手札をそのまま使う",
        "ターン1：P1の手番",
    ]


def test_a_draw_names_its_cards_to_the_drawer_only():
    st = build(deck_top=(["SHD-014", "SHD-002"], []), at="turn_start")
    mine, theirs, watching = ja_log(st, 0), ja_log(st, 1), ja_log(st, None)
    assert mine[:2] == ["ターン3：P1の手番", "P1がカードを引いた：「海野 あかり」、「浜辺 こなみ」"]
    assert theirs[1] == watching[1] == "P1がカードを2枚引いた"
    assert st.events_for(0, 1)[0]["message"] == "P1 draws Akari Umino, Konami Hamabe"
    assert st.events_for(0, 1)[0]["cards"] == ["SHD-002", "SHD-014"]  # the data keeps the ids


def test_an_approach_obstructed_and_the_exit_check():
    """PM-WE-1's table: 40/30 approaches, 20/40 obstructs and exits."""
    st = build(main=(["SHD-002"], ["SHD-007"]), at="approach")
    assert labels(st) == {
        "approach M1": "「海野 あかり」（40/30）でアプローチする",
        "end": "このターンはもうアプローチしない",
    }
    play(st, "approach M1")
    pass_windows(st)
    assert labels(st) == {
        "obstruct M1": "「星川 さよ」（20/40）で妨害する",
        "let through": "妨害しない：自分のデッキの一番上のカードをポイント置き場に置く",
    }
    play(st, "obstruct M1")
    pass_windows(st)
    log = ja_log(st)
    assert log[0] == "P1が「海野 あかり」でアプローチを宣言した"
    assert log[1] == "P1がタイミングを放棄した（アプローチフェイズ）"
    assert log[3] == "P2が「星川 さよ」（20/40）で妨害を宣言した"
    assert log[6:8] == [
        "退場判定：アプローチ側のAP40、妨害キャラのDP40。P2のメインエリア1のキャラが退場",
        "「星川 さよ」が退場し、捨て札になった（退場判定）",
    ]
    assert log[-4:-2] == ["アプローチが終了した", "P1がターンを終了した"]


def test_a_linked_approach_and_the_split_of_the_obstructors_ap():
    st = build(main=(["SHD-002", "SHD-004"], ["SHD-007"]), at="approach")
    assert labels(st)["link M1+M2"] == "「海野 あかり」と「潮見 なぎ」で連携してアプローチする"
    play(st, "link M1+M2")
    pass_windows(st)
    play(st, "obstruct M1")
    pass_windows(st)
    assert labels(st) == {
        "allocate 0/20": "妨害キャラのAPを「海野 あかり」に0、「潮見 なぎ」に20割り振る",
        "allocate 10/10": "妨害キャラのAPを「海野 あかり」に10、「潮見 なぎ」に10割り振る",
        "allocate 20/0": "妨害キャラのAPを「海野 あかり」に20、「潮見 なぎ」に0割り振る",
    }
    start = len(st.log)
    play(st, "allocate 0/20")
    assert ja_log(st, 1, start)[:3] == [
        "P2が妨害キャラのAPを0と20に割り振った",
        "退場判定：アプローチ側のAP70、妨害キャラのDP40。P2のメインエリア1、P1のメインエリア2のキャラが退場",
        "「星川 さよ」、「潮見 なぎ」が退場し、捨て札になった（退場判定）",
    ]


def test_the_seventh_point_and_the_game_over_line():
    st = build(
        main=(["SHD-002"], []), points=([], ["SHD-014"] * 6), deck_top=([], ["SHD-023"]),
        at="approach",
    )  # fmt: skip
    play(st, "approach M1")
    pass_windows(st)
    assert ja_log(st, None)[-3:] == [
        "P2は妨害しなかった",
        "「霧笛」がP2のポイント置き場に置かれた（7枚目）",
        "P1の勝利：相手のポイント置き場にカードが7枚置かれた",
    ]


def test_both_players_losing_at_once_reads_as_a_draw():
    st = build(points=(["SHD-014"] * 7, []), at="main")
    st.deck[1] = st.deck[1][-2:]
    passes(st)
    assert st.result.winners == ()
    assert ja_log(st, None)[-1] == "両プレイヤーが同時に勝利条件を満たした：引き分け"


def test_playing_and_paying_for_a_combi_character():
    st = build(hand=(["SHD-012", "SHD-001"], []), points=(["SHD-014"], []), at="main")
    assert labels(st)["play SHD-012"] == "「海野 あかり&潮見 なぎ」をプレイ（コスト3）"
    play(st, "play SHD-012")
    assert labels(st) == {
        "pay SHD-001": "「海野 あかり」を捨てる（ソース2）",
        "flip p1.P1": "ポイント置き場の「浜辺 こなみ」を裏向きにする（ソース2）",
    }
    play(st, "pay SHD-001", "flip p1.P1")
    assert labels(st) == {
        "main": "「海野 あかり&潮見 なぎ」をメインエリアに登場させる",
        "support": "「海野 あかり&潮見 なぎ」をサポートエリアに登場させる",
    }
    play(st, "main")
    assert ja_log(st, 1) == [
        "P1がキャラ「海野 あかり&潮見 なぎ」をプレイした",
        "P1が「海野 あかり」を捨ててソース2を支払った（残り1）",
        "P1がポイント置き場の「浜辺 こなみ」を裏向きにしてソース2を支払った（残り0）",
        "「海野 あかり&潮見 なぎ」がP1のメインエリア1に登場した",
    ]


def test_a_sixth_main_character_and_a_support_card():
    five = ["SHD-014", "SHD-006", "MTS-004", "PCS-004", "CWA-006"]
    st = build(main=(five, []), hand=(["SHD-001", "SHD-029", "SHD-021"], []), at="main")
    play(st, "play SHD-001", "pay SHD-021")
    assert labels(st)["main over M1"] == (
        "「海野 あかり」をメインエリアに登場させ、「浜辺 こなみ」を捨て札にする"
    )
    play(st, "main over M1")
    assert ja_log(st)[-2:] == [
        "「浜辺 こなみ」が退場し、捨て札になった（メインエリアが満杯）",
        "「海野 あかり」がP1のメインエリア5に登場した",
    ]


def test_an_interrupt_cancels_an_event():
    st = build(
        main=(["SHD-002"], []), hand=(["SHD-020", "SHD-014"], ["CWA-023", "SHD-014"]),
        at="approach",
    )  # fmt: skip
    play(st, "approach M1")
    assert labels(st) == {"allow": "割り込まない"}
    play(st, "allow", "play SHD-020", "pay SHD-014")
    assert labels(st) == {"play CWA-023": "「強制停止」で割り込む", "allow": "割り込まない"}
    play(st, "play CWA-023", "pay SHD-014")
    assert ja_log(st)[1:] == [
        "P1がイベント「夜釣りの合図」をプレイした",
        "P1が「浜辺 こなみ」を捨ててソース2を支払った（残り0）",
        "P2が「強制停止」で割り込んだ",
        "P2が「浜辺 こなみ」を捨ててソース2を支払った（残り0）",
        "「夜釣りの合図」は打ち消された",
    ]


def test_a_break_card_played_from_the_point_area():
    st = build(main=(["SHD-002"], ["SHD-014 rested"]), deck_top=([], ["PCS-022"]), at="approach")
    play(st, "approach M1")
    pass_windows(st)
    assert labels(st) == {
        "break": "「緊急発進」を裏向きにしてプレイする："
        "〔ブレイク〕 [メイン/自分]：自分のキャラ1枚を活動状態にする。",
        "keep": "「緊急発進」を表向きのままにする",
    }
    play(st, "break")
    assert ja_log(st)[-2:] == [
        "P2が「緊急発進」を裏向きにしてプレイした（ブレイク）",
        "P2のメインエリア1の「浜辺 こなみ」が活動状態になった",
    ]


def test_a_character_text_a_refresh_and_a_rally():
    st = build(
        main=(["SHD-014 rested", "SHD-002 rested"], []),
        support=(["SHD-016"], []),
        hand=(["CWA-029", "SHD-030", "SHD-013", "SHD-021"], []),
        points=(["SHD-003 down", "SHD-014 down", "SHD-021"], []),
        at="main",
    )
    assert labels(st)["use p1.S1"] == (
        "「灯台の猫 ともしび」のテキストを使用：[メイン/自分]〔休息〕〔1〕：カードを1枚引く。"
    )
    play(st, "play CWA-029", "flip p1.P3", "pass", "play SHD-030")
    play(st, "pay SHD-013", "pay SHD-021")
    assert "P1がP1のポイント置き場2の「浜辺 こなみ」を表向きにした" in ja_log(st)
    assert ja_log(st)[-1] == "P1のメインエリアのキャラ2枚が活動状態になった"


def test_an_effect_whose_target_is_gone_does_nothing():
    st = build(main=([], ["SHD-014"]), hand=(["SHD-023"], []), at="main")
    foghorn = st.hand[0][0]
    effects.apply(st, 0, st.card(foghorn).text.effect, foghorn, -1)
    assert ja_log(st)[-1] == "「霧笛」は対象がいなくなり、何も起こらなかった"


def test_trimming_the_hand_and_a_cost_change():
    st = build(hand=(["SHD-014"] * 8 + ["SHD-024"], []), at="main")
    play(st, "play SHD-024")
    assert ja_log(st)[-1] == "P1が次に登場させるキャラのコストは1少なくなる"
    passes(st)
    assert labels(st) == {"discard SHD-014": "「浜辺 こなみ」を捨てる（手札調整：あと1枚）"}
    play(st, "discard SHD-014")
    assert ja_log(st)[-4:-2] == ["P1が「浜辺 こなみ」を捨てた（手札調整）", "P1がターンを終了した"]


def test_places_and_cards_are_named_by_seat_and_area_never_by_ref_or_id():
    """A place reads "Ann's main area 2" ("Annのメインエリア2"), a card its name, in both
    languages; the event data keep the ref (p1.M2) and the id."""
    cases = [
        ("appear", {"seat": 0, "card": "SHD-002", "name": "Akari Umino", "at": "p1.M2"}),
        ("refresh", {"seat": 1, "target": "p2.P3", "card": "SHD-014"}),
        ("pay", {"seat": 0, "card": "SHD-014", "how": "discard", "source": 2, "left": 0}),
        ("play", {"seat": 0, "card": "SHD-002", "name": "Akari Umino", "type": "character"}),
        ("set", {"seat": 0, "card": "SHD-016", "name": "Akari Umino", "target": "p1.S1"}),
    ]
    with named(["Ann", "Bo"]):
        said = {kind: (describe(kind, data), describe(kind, data, "ja")) for kind, data in cases}
    assert said == {
        "appear": (
            "Akari Umino appears in Ann's main area 2",
            "「海野 あかり」がAnnのメインエリア2に登場した",
        ),
        "refresh": (
            "Bo turns Konami Hamabe in Bo's point area 3 face-up",
            "BoがBoのポイント置き場3の「浜辺 こなみ」を表向きにした",
        ),
        "pay": (
            "Ann pays 2 with Konami Hamabe (discard), 0 to go",
            "Annが「浜辺 こなみ」を捨ててソース2を支払った（残り0）",
        ),
        "play": ("Ann plays Akari Umino", "Annがキャラ「海野 あかり」をプレイした"),
        "set": (
            "Akari Umino is set on the character in Ann's support area 1",
            "「海野 あかり」がAnnのサポートエリア1のキャラにセットされた",
        ),
    }
