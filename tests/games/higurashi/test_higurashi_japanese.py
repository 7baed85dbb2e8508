"""Japanese action labels and event messages: every label and message a player can
meet has natural Japanese with the cards' Japanese names, and the Japanese text never
names a card its reader does not know."""

import re
from functools import cache

import pytest

from tcglab.engine.rng import Rng
from tcglab.games.higurashi import GAME
from tcglab.games.higurashi.cards import card_set
from tcglab.games.higurashi.messages import KINDS, japanese_names
from tcglab.games.higurashi.state import SPECTATOR

from .builder import build, play

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")  # kana or kanji
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")
ALLOWED_WORDS: frozenset[str] = frozenset()  # seats are P1..P5, dice read 4+1: no words

# Rule options that change which actions and events occur: the trim decision
# (hand_limit), the empty deck (reshuffle_events), the reveal-to-attack choice, counters
# and sideways timing, the bonus rule, and the three ways a game ends.
VARIANTS = (
    {"round_limit": 10},
    {"round_limit": 10, "hand_limit": 2},
    {
        "round_limit": 10,
        "reveal_to_attack": False,
        "sideways_until": "next_turn",
        "counter_turns_sideways": False,
        "auto_success_at_6": False,
        "bonus_rule": True,
    },
    {"round_limit": 40, "reshuffle_events": False},
    {},
)
GAMES = [(players, v) for players in range(2, 6) for v in range(len(VARIANTS))]


def untranslated(text: str) -> list[str]:
    return [w for w in ENGLISH_WORD.findall(text) if w not in ALLOWED_WORDS]


def is_japanese(text: str) -> bool:
    return bool(text) and bool(JAPANESE.search(text)) and not untranslated(text)


def japanese_names_of(st) -> dict[str, int]:
    """Japanese character name -> the physical card that carries it in this game."""
    return {st.char(i).name_ja: i for i in range(len(st.cid))}


@cache
def played(players: int, variant: int) -> tuple[list[str], frozenset, frozenset]:
    """Play one seeded random game; return the problems found, the event kinds seen
    and the (step, verb) pairs of the actions offered."""
    seed = 100 * players + variant
    st = GAME.new_state(seed, players, VARIANTS[variant])
    names = japanese_names_of(st)
    chooser = Rng(seed)
    problems: list[str] = []
    kinds, offered = set(), set()
    start = 0
    while True:
        problems += check_events(st, start, names)
        kinds.update(event.kind for event in st.log[start:])
        start = len(st.log)
        if st.over:
            break
        step = st.stack[-1][0]
        for action in st.legal_actions():
            offered.add((step, action.id.split(" ")[0]))
            problems += check_action(st, action, names)
        st.apply(chooser.choice(st.legal_actions()))
    return problems, frozenset(kinds), frozenset(offered)


def check_action(st, action, names) -> list[str]:
    seat = st.to_move
    if not is_japanese(action.ja) or action.text("ja") != action.ja:
        return [f"{action.id}: {action.ja!r}"]
    hidden = [n for n, i in names.items() if n in action.ja and not st.known[i] & (1 << seat)]
    return [f"{action.id}: {action.ja!r} names {hidden}"] if hidden else []


def check_events(st, start, names) -> list[str]:
    problems = []
    for seat in (*range(st.players), None):
        bit = SPECTATOR if seat is None else 1 << seat
        for view in st.events_for(seat, start, "ja"):
            text = view["message"]
            if not is_japanese(text):
                problems.append(f"seat {seat}: {view['kind']}: {text!r}")
            for name, inst in names.items():
                if name in text and not st.known[inst] & bit:
                    problems.append(f"seat {seat} reads hidden {name}: {text!r}")
    return problems


@pytest.mark.parametrize(("players", "variant"), GAMES)
def test_random_games_read_in_japanese(players, variant):
    """Every legal action and every event message, for every seat and the spectator,
    is Japanese with no English word left, and names no card its reader does not know."""
    problems, _, _ = played(players, variant)
    assert problems == []


def test_the_random_games_meet_every_event_and_every_kind_of_action():
    """The games above reach every event kind and every kind of choice, so the checks
    cover the whole vocabulary."""
    kinds, offered = set(), set()
    for game in GAMES:
        _, seen, acts = played(*game)
        kinds |= seen
        offered |= acts
    assert kinds == KINDS
    assert offered == {
        ("main", "scout"),
        ("main", "attack"),
        ("main", "play"),
        ("main", "end"),
        ("scout_target", "target"),
        ("attack_target", "target"),
        ("event_target", "target"),
        ("window", "play"),
        ("window", "pass"),
        ("counter", "counter"),
        ("counter", "decline"),
        ("trim", "discard"),
        ("trim", "play"),
    }


def test_card_names_are_unique_so_english_names_map_to_japanese():
    """Event data carry the English name a viewer may read; the Japanese message looks
    the card up by it, which is sound only while no two cards share a name."""
    cards = card_set()
    every = (*cards.characters, *cards.events)
    assert len({card.name_en for card in every}) == len(every)
    assert len({card.name_ja for card in every}) == len(every)
    assert japanese_names() == {card.name_en: card.name_ja for card in every}
    # No Japanese name sits inside another, so finding one in a text finds that card.
    ja = [card.name_ja for card in every]
    assert not [(a, b) for a in ja for b in ja if a != b and a in b]


# -- what a player reads -------------------------------------------------------------


def labels(st) -> dict[str, str]:
    return {action.id: action.text("ja") for action in st.legal_actions()}


def messages_ja(st, seat, start=0) -> list[str]:
    return [view["message"] for view in st.events_for(seat, start, "ja")]


def test_main_decision_labels():
    """G4-2.3 scout, attack, use an event or end the turn; G4-8.2 a face-down character
    is turned face-up to act."""
    st = build([["C02 up", "C06"], ["C44 up", "C12"]], hands={0: ["E05"]})
    assert labels(st) == {
        "scout 0": "赤城 凛花で偵察する",
        "attack 0": "赤城 凛花で攻撃する",
        "scout 1": "太鼓打ちの源爺を表向きにして偵察する",
        "play E05": (
            "「夕立」を使う：自分のターン中に、表向きの相手キャラクター1体の防御力を"
            "このターンの終わりまで-2する。"
        ),
        "end": "ターン終了を宣言する",
    }
    play(st, "attack 0")
    assert labels(st) == {"target 1.0": "校長 苅田 泰造（P2）を攻撃する（6で成功）"}


def test_scout_and_event_targets_name_a_hidden_card_by_its_place():
    st = build([["C09", "C04"], ["C06"]], hands={0: ["E19"]})
    play(st, "scout 1")
    assert labels(st) == {"target 1.0": "P2の列の1枚目（裏向き）を偵察する"}
    st = build([["C01 up"], ["C02", "C06"]], hands={0: ["E19"]})
    play(st, "play E19")
    assert labels(st) == {
        "target 1.0": "「障子の穴」をP2の列の1枚目（裏向き）に使う",
        "target 1.1": "「障子の穴」をP2の列の2枚目（裏向き）に使う",
    }


def test_attack_and_counter_read_the_same_for_everyone():
    """G4-4.3 / G4-5: the story of an attack and its counter in Japanese."""
    st = build([["C02 up", "C06"], ["C44 up", "C12"]])
    st.rng.force_for("dice", 4, 5)
    play(st, "attack 0", "target 1.0")
    assert labels(st) == {
        "counter": "校長 苅田 泰造で赤城 凛花にカウンター攻撃する（5〜6で成功）",
        "decline": "カウンター攻撃しない",
    }
    play(st, "counter")
    scene = [
        "P1の赤城 凛花（攻撃力5）が校長 苅田 泰造（防御力4）を攻撃した",
        "P1が賽を振って4の目が出た",
        "攻撃は失敗（出目4、必要な目6以上）",
        "校長 苅田 泰造が赤城 凛花にカウンター攻撃した",
        "P2が賽を振って5の目が出た",
        "カウンター攻撃は成功（出目5、必要な目5以上）",
        "P2がP1の赤城 凛花（3ポイント）を獲得した",
    ]
    for seat in (0, 1, None):
        assert messages_ja(st, seat) == scene


def test_a_die_window_offers_the_card_and_letting_the_roll_stand():
    st = build([["C02 up"], ["C44 up", "C12"]], hands={0: ["E07", "E07"]})
    st.rng.force_for("dice", 5)
    play(st, "attack 0", "target 1.0")
    assert labels(st)["pass"] == "攻撃の出目を5+0のままにする"
    st.apply("play E07")
    assert messages_ja(st, 1)[-1] == "P1が「鎮守の森のお守り」を使い、出目は6になった"
    assert labels(st)["pass"] == "攻撃の出目を5+1のままにする"


def test_a_draw_is_named_to_its_drawer_only():
    """G4-2.3 the drawn event is secret: only the drawer reads its Japanese name."""
    st = build([["C01"], ["C02"], ["C03"]], deck=["E08"])
    play(st, "end")
    assert messages_ja(st, 0) == [
        "P1がターン終了を宣言した",
        "第2ターン（第1ラウンド）：P2の番",
        "P2がイベントカードを1枚引いた",
    ]
    assert messages_ja(st, 1)[-1] == "P2が「大吉のおみくじ」を引いた"
    for seat in (0, 2, None):
        assert messages_ja(st, seat)[-1] == "P2がイベントカードを1枚引いた"


def test_a_peek_is_named_to_the_peeker_only():
    st = build([["C01 up"], ["C02", "C06"], ["C03"]], hands={0: ["E19"]})
    play(st, "play E19", "target 1.1")
    assert messages_ja(st, 0)[-2:] == ["P1が「障子の穴」を使った", "P1が太鼓打ちの源爺を見た"]
    for seat in (1, 2, None):
        assert messages_ja(st, seat)[-1] == "P1がP2の列の2枚目（裏向き）をこっそり見た"


def test_a_stat_card_names_hidden_targets_by_place_to_the_table():
    """The player reads its own face-down character's name; the table reads its place."""
    st = build([["C01 up", "C04"], ["C02 up"]], hands={0: ["E04"]})
    play(st, "play E04")
    assert messages_ja(st, 0)[-1] == "火野 颯太、朱鷺田 紅葉：攻撃力+1、防御力±0"
    assert messages_ja(st, 1)[-1] == "火野 颯太、P1の列の2枚目（裏向き）：攻撃力+1、防御力±0"


def test_game_over_lines():
    """G4-2.4 / G4-7.1: the end of the game and its scores, both ways it can end here."""
    st = build([["C08 up"], ["C04 up"]], captured={0: ["C01"]})
    st.rng.force_for("dice", 5)
    play(st, "attack 0", "target 1.0")
    assert messages_ja(st, None)[-3:] == [
        "P1がP2の朱鷺田 紅葉（2ポイント）を獲得した",
        "P2はキャラクターが1枚も無くなり、脱落した",
        "ゲーム終了（生き残りが1人になった）：P1の勝ち。得点はP1 9点、P2 0点",
    ]
    st = build([["C01 up"], ["C02 up"]], hands={0: ["E22"]}, pile=["C27"], captured={0: ["C03"]})
    play(st, "play E22")
    assert messages_ja(st, 0)[-2:] == [
        "P1が山菜採りのお梅婆を裏向きのまま自分の列に加えた",
        "ゲーム終了（キャラクターカードの山が無くなった）：P1の勝ち。得点はP1 4点、P2 0点",
    ]
    assert messages_ja(st, 1)[-2] == "P1がキャラクターを1枚、裏向きのまま自分の列に加えた"


def test_english_is_still_the_default():
    st = build([["C02 up"], ["C44 up"]])
    play(st, "end")
    assert [a.text() for a in st.legal_actions()][-1] == "End your turn"
    assert st.events_for(None)[0]["message"] == "P1 ends the turn"
    assert st.events_for(None, 0, "ja")[0]["message"] == "P1がターン終了を宣言した"
