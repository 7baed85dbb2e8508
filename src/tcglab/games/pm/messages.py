"""Human messages for Precious Memories events in English and Japanese, written from
the data the viewer may see (a drawn card's name only reaches the player who drew it).
Japanese messages name cards by their Japanese names and use the rules' own terms."""

from __future__ import annotations

from functools import cache

from tcglab.engine.errors import CardDataError
from tcglab.games.pm.cards import card_set
from tcglab.games.pm.texts import signed


def _p(seat) -> str:
    return f"P{int(seat) + 1}"


def _draw(d):
    if "cards" in d:
        return f"{_p(d['seat'])} draws {', '.join(d['cards']) or 'nothing'}"
    return f"{_p(d['seat'])} draws {d['count']} card{'s' * (d['count'] != 1)}"


def _game_over(d):
    if not d["winners"]:
        return f"Both players meet a victory condition at once: a draw ({d['reason']})"
    why = {"seven_points": "seven point cards", "deck_out": "an empty deck"}[d["reason"]]
    return f"{_p(d['winners'][0])} wins: the opponent has {why}"


def _modified(d):
    if d["how"] == "set":
        change = f"becomes {d['ap']}/{d['dp']}"
    elif d["how"] == "swap":
        change = "swaps AP and DP"
    else:
        change = f"gets {d['ap']:+d}/{d['dp']:+d}" + (f", cost {d['cost']:+d}" if d["cost"] else "")
    now = ", ".join(f"{n} ({a}/{b})" for n, (a, b) in zip(d["names"], d["now"], strict=True))
    return f"{now}: {change} until end of turn" if now else "No character to change"


MESSAGES = {
    "first_player": lambda d: f"{_p(d['seat'])} goes first ({d['how']})",
    "keep_hand": lambda d: f"{_p(d['seat'])} keeps the opening hand",
    "redraw": lambda d: f"{_p(d['seat'])} puts the hand on the bottom of the deck and redraws",
    "turn": lambda d: f"Turn {d['turn']}: {_p(d['seat'])}",
    "draw": _draw,
    "activate": lambda d: f"{_p(d['seat'])} activates {d['count']} rested character(s)",
    "pass": lambda d: f"{_p(d['seat'])} passes",
    "play": lambda d: f"{_p(d['seat'])} plays {d['name']} ({d['card']})",
    "use": lambda d: f"{_p(d['seat'])} uses the text of {d['name']} at {d['actor']}",
    "pay": lambda d: (
        f"{_p(d['seat'])} pays {d['source']} with {d['card']} ({d['how']}), {d['left']} to go"
    ),
    "appear": lambda d: f"{d['name']} appears at {d['at']}",
    "set": lambda d: f"{d['name']} is set on {d['target']}",
    "modified": _modified,
    "fizzle": lambda d: f"{d['name']} has no target left and does nothing",
    "negated": lambda d: f"{d['name']} is cancelled",
    "rest": lambda d: f"{d['name']} at {d['target']} is rested",
    "wake": lambda d: f"{d['name']} at {d['target']} becomes active",
    "discount": lambda d: f"{_p(d['seat'])}'s next character costs {d['amount']} less",
    "refresh": lambda d: f"{_p(d['seat'])} turns {d['card']} at {d['target']} face-up",
    "rally": lambda d: f"{_p(d['seat'])} makes {d['count']} main character(s) active",
    "approach": lambda d: f"{_p(d['seat'])} approaches with " + " and ".join(d["names"]),
    "no_approach": lambda d: f"{_p(d['seat'])} approaches no more",
    "obstruct": lambda d: f"{_p(d['seat'])} obstructs with {d['name']} {d['values']}",
    "unobstructed": lambda d: f"{_p(d['seat'])} does not obstruct",
    "point": lambda d: f"{d['name']} goes into {_p(d['seat'])}'s point area ({d['total']})",
    "break": lambda d: f"{_p(d['seat'])} turns {d['name']} face-down to play it",
    "allocate": lambda d: f"{_p(d['seat'])} splits the obstructor's AP as {d['parts']}",
    "exit_check": lambda d: (
        f"Exit check: AP {d['approach']} against DP {d['obstructor_dp']}; "
        + (f"retired {', '.join(d['retired'])}" if d["retired"] else "nobody exits")
    ),
    "retire": lambda d: f"{', '.join(d['names'])} exit(s) to the discard ({d['why']})",
    "approach_broken": lambda d: "A character left the approach: no exit check and no point",
    "approach_over": lambda d: "The approach ends",
    "discard": lambda d: f"{_p(d['seat'])} discards {d['name']} ({d['why']})",
    "end_turn": lambda d: f"{_p(d['seat'])} ends the turn",
    "game_over": _game_over,
}


# -- Japanese ------------------------------------------------------------------


@cache
def japanese_names() -> dict[str, str]:
    """English card name -> Japanese name. Events carry the English name of a card on
    the table; every card of one English name must have one Japanese name."""
    names: dict[str, str] = {}
    for card in card_set().cards:
        if names.setdefault(card.name_en, card.name_ja) != card.name_ja:
            raise CardDataError(
                f"card {card.id}: field 'name_ja': {card.name_en!r} is already called "
                f"{names[card.name_en]!r}; one English name needs one Japanese name"
            )
    return names


def _n(name: str) -> str:
    return f"「{japanese_names()[name]}」"


def _c(card_id: str) -> str:
    cards = card_set()
    return f"「{cards.cards[cards.index(card_id)].name_ja}」"


def _names(names: list[str]) -> str:
    return "、".join(map(_n, names))


def _values(pair) -> str:
    return f"{pair[0]}/{pair[1]}"


_PHASE_JA = {"main": "メインフェイズ", "approach": "アプローチフェイズ"}
_HOW_FIRST_JA = {"coin toss": "コイントス", "fixed": "指定"}
_WHY_JA = {
    "main area full": "メインエリアが満杯",
    "exit check": "退場判定",
    "effect": "効果",
    "hand limit": "手札調整",
}
_KIND_JA = {"character": "キャラ", "support": "サポートカード", "event": "イベント"}


def _draw_ja(d):
    who = _p(d["seat"])
    if not d["count"]:
        return f"{who}は引けるカードがない"
    if "cards" in d:  # the drawer's own view
        return f"{who}がカードを引いた：{'、'.join(map(_c, d['cards']))}"
    return f"{who}がカードを{d['count']}枚引いた"


def _game_over_ja(d):
    if not d["winners"]:
        return "両プレイヤーが同時に勝利条件を満たした：引き分け"
    why = {
        "seven_points": "相手のポイント置き場にカードが7枚置かれた",
        "deck_out": "相手のデッキ置き場にカードがなくなった",
    }[d["reason"]]
    return f"{_p(d['winners'][0])}の勝利：{why}"


def _modified_ja(d):
    if d["how"] == "set":
        change = f"AP/DPが{d['ap']}/{d['dp']}になる"
    elif d["how"] == "swap":
        change = "APとDPが入れ替わる"
    else:
        change = f"{signed(d['ap'])}/{signed(d['dp'])}を得る"
        change += f"（コスト{signed(d['cost'])}）" if d["cost"] else ""
    now = "、".join(f"{_n(n)}（{_values(v)}）" for n, v in zip(d["names"], d["now"], strict=True))
    return f"{now}：ターン終了時まで{change}" if now else "変化するキャラがいない"


def _play_ja(d):
    if d["type"] == "interrupt":
        return f"{_p(d['seat'])}が{_n(d['name'])}で割り込んだ"
    return f"{_p(d['seat'])}が{_KIND_JA[d['type']]}{_n(d['name'])}をプレイした"


def _pay_ja(d):
    how = "を捨てて" if d["how"] == "discard" else "を裏向きにして"
    where = "" if d["how"] == "discard" else "ポイント置き場の"
    return (
        f"{_p(d['seat'])}が{where}{_c(d['card'])}{how}ソース{d['source']}を支払った"
        f"（残り{d['left']}）"
    )


def _exit_check_ja(d):
    gone = f"{'、'.join(d['retired'])}が退場" if d["retired"] else "退場するキャラはいない"
    return f"退場判定：アプローチ側のAP{d['approach']}、妨害キャラのDP{d['obstructor_dp']}。{gone}"


MESSAGES_JA = {
    "first_player": lambda d: f"{_p(d['seat'])}が先手（{_HOW_FIRST_JA[d['how']]}）",
    "keep_hand": lambda d: f"{_p(d['seat'])}は最初の手札をそのまま使う",
    "redraw": lambda d: f"{_p(d['seat'])}は手札をデッキの一番下に置いて引き直す",
    "turn": lambda d: f"ターン{d['turn']}：{_p(d['seat'])}の手番",
    "draw": _draw_ja,
    "activate": lambda d: f"{_p(d['seat'])}の休息状態のキャラ{d['count']}枚が活動状態になった",
    "pass": lambda d: f"{_p(d['seat'])}がタイミングを放棄した（{_PHASE_JA[d['phase']]}）",
    "play": _play_ja,
    "use": lambda d: f"{_p(d['seat'])}が{d['actor']}の{_n(d['name'])}のテキストを使用した",
    "pay": _pay_ja,
    "appear": lambda d: f"{_n(d['name'])}が{d['at']}に登場した",
    "set": lambda d: f"{_n(d['name'])}が{d['target']}のキャラにセットされた",
    "modified": _modified_ja,
    "fizzle": lambda d: f"{_n(d['name'])}は対象がいなくなり、何も起こらなかった",
    "negated": lambda d: f"{_n(d['name'])}は打ち消された",
    "rest": lambda d: f"{d['target']}の{_n(d['name'])}が休息状態になった",
    "wake": lambda d: f"{d['target']}の{_n(d['name'])}が活動状態になった",
    "discount": lambda d: f"{_p(d['seat'])}が次に登場させるキャラのコストは{d['amount']}少なくなる",
    "refresh": lambda d: f"{_p(d['seat'])}が{d['target']}の{_c(d['card'])}を表向きにした",
    "rally": lambda d: f"{_p(d['seat'])}のメインエリアのキャラ{d['count']}枚が活動状態になった",
    "approach": lambda d: (
        f"{_p(d['seat'])}が{'と'.join(map(_n, d['names']))}でアプローチを宣言した"
    ),
    "no_approach": lambda d: f"{_p(d['seat'])}はこれ以上アプローチしない",
    "obstruct": lambda d: (
        f"{_p(d['seat'])}が{_n(d['name'])}（{_values(d['values'])}）で妨害を宣言した"
    ),
    "unobstructed": lambda d: f"{_p(d['seat'])}は妨害しなかった",
    "point": lambda d: (
        f"{_n(d['name'])}が{_p(d['seat'])}のポイント置き場に置かれた（{d['total']}枚目）"
    ),
    "break": lambda d: f"{_p(d['seat'])}が{_n(d['name'])}を裏向きにしてプレイした（ブレイク）",
    "allocate": lambda d: (
        f"{_p(d['seat'])}が妨害キャラのAPを{d['parts'][0]}と{d['parts'][1]}に割り振った"
    ),
    "exit_check": _exit_check_ja,
    "retire": lambda d: f"{_names(d['names'])}が退場し、捨て札になった（{_WHY_JA[d['why']]}）",
    "approach_broken": lambda d: "アプローチに参加したキャラが場を離れた：退場判定もポイントもない",
    "approach_over": lambda d: "アプローチが終了した",
    "discard": lambda d: f"{_p(d['seat'])}が{_n(d['name'])}を捨てた（{_WHY_JA[d['why']]}）",
    "end_turn": lambda d: f"{_p(d['seat'])}がターンを終了した",
    "game_over": _game_over_ja,
}


def describe(kind: str, data: dict, lang: str = "en") -> str:
    """The message of one event in `lang` ("en" or "ja"); the kind itself if unknown."""
    write = (MESSAGES_JA if lang == "ja" else MESSAGES).get(kind)
    return write(data) if write else kind
