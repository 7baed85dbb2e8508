"""Human messages for Higurashi events, in English and Japanese, written from the data
the viewer may see. The Japanese wording uses the terms of the original rules: 偵察,
攻撃, カウンター攻撃, 賽, 獲得, 装備品, 表向き / 裏向き / 横向き."""

from __future__ import annotations

import re
from functools import cache

from tcglab.games.higurashi.cards import card_set


def _p(seat) -> str:
    return f"P{int(seat) + 1}"


def _who(data: dict, key: str = "name", ref: str = "target") -> str:
    if data.get(key):
        return data[key]
    seat, slot = str(data[ref]).split(".")
    return f"face-down card {int(slot) + 1} of {_p(seat)}"


def _start_roll(d):
    rolls = ", ".join(f"{_p(s)} rolled {v}" for s, v in d["rolls"].items())
    return rolls + ("; a tie for highest, those players roll again" if d["tied"] else "")


def _draw(d):
    return (
        f"{_p(d['seat'])} draws {d['name']}"
        if "name" in d
        else f"{_p(d['seat'])} draws an event card"
    )


def _result(d, what):
    outcome = "succeeds" if d["success"] else "fails"
    return f"The {what} {outcome} ({d['total']}, needed {max(1, d['needed'])})"


def _steal(d):
    taken = d.get("name", "a face-down character")
    return f"{_p(d['seat'])} takes {taken} from {_p(d['victim'])} as their own"


def _game_over(d):
    why = {
        "last_standing": "one player is left",
        "pile_empty": "the character pile ran out",
        "round_limit": "the round limit was reached",
    }[d["reason"]]
    scores = ", ".join(f"{_p(s)} {v}" for s, v in enumerate(d["scores"]))
    return f"Game over ({why}): {' and '.join(_p(w) for w in d['winners'])} wins; scores {scores}"


MESSAGES = {
    "deal": lambda d: f"Each of {d['players']} players is dealt {d['each']} face-down characters",
    "start_roll": _start_roll,
    "first_player": lambda d: f"{_p(d['seat'])} goes first",
    "turn": lambda d: f"Turn {d['turn']} (round {d['round']}): {_p(d['seat'])} to play",
    "draw": _draw,
    "deck_empty": lambda d: f"{_p(d['seat'])} cannot draw: no event cards are left",
    "reshuffle": lambda d: f"The event discard is shuffled into a new deck of {d['cards']}",
    "discard": lambda d: f"{_p(d['seat'])} discards {d['name']}",
    "reveal": lambda d: f"{d['name']} of {_p(d['seat'])} is turned face-up",
    "scout": lambda d: f"{_p(d['seat'])} scouts {_who(d, 'none')} with {d['name']}",
    "attack": lambda d: (
        f"{_p(d['seat'])}'s {d['name']} (attack {d['attack']}) attacks "
        f"{d['target_name']} (defence {d['defence']})"
    ),
    "counter": lambda d: f"{d['name']} counter-attacks {d['target_name']}",
    "no_counter": lambda d: f"{_p(d['seat'])} does not counter-attack",
    "roll": lambda d: f"{_p(d['seat'])} rolls {d['die']}",
    "modify": lambda d: f"{_p(d['seat'])} plays {d['name']}: the roll now counts as {d['total']}",
    "scout_result": lambda d: (
        f"The scouting {'succeeds' if d['success'] else 'fails'} ({d['total']})"
    ),
    "attack_result": lambda d: _result(d, "attack"),
    "counter_result": lambda d: _result(d, "counter-attack"),
    "capture": lambda d: (
        f"{_p(d['by'])} captures {d['name']} ({d['points']} points) from {_p(d['seat'])}"
    ),
    "eliminated": lambda d: f"{_p(d['seat'])} has no characters left and is out",
    "end_turn": lambda d: f"{_p(d['seat'])} ends the turn",
    "play": lambda d: f"{_p(d['seat'])} plays {d['name']}",
    "fizzle": lambda d: f"{d['name']} has no effect",
    "modified": lambda d: (
        f"{', '.join(d['targets'])}: {d['attack']:+d} attack, {d['defence']:+d} defence"
    ),
    "steal": _steal,
    "equip": lambda d: f"{_p(d['seat'])} equips {d['targets'][0]} with {d['name']}",
    "peek": lambda d: (
        f"{_p(d['seat'])} looks at {d['name']}"
        if "name" in d
        else f"{_p(d['seat'])} secretly looks at {_who(d, 'none')}"
    ),
    "ready": lambda d: f"{d['name']} stands up again",
    "recruit": lambda d: (
        f"{_p(d['seat'])} recruits {d['name']} face-down"
        if "name" in d
        else f"{_p(d['seat'])} recruits a face-down character"
    ),
    "hide": lambda d: f"{d['name']} is turned face-down again",
    "game_over": _game_over,
}


# -- Japanese ----------------------------------------------------------------------

# How the English data name a character the viewer does not know (HigurashiState.name).
_HIDDEN_EN = re.compile(r"face-down card (\d+) of P(\d+)")
_ROLLS_JA = {"scout": "偵察", "attack": "攻撃", "counter": "カウンター攻撃"}


@cache
def japanese_names() -> dict[str, str]:
    """English card name -> Japanese card name over the shipped card set. Event data
    carry the English name the viewer may read; this gives the same card in Japanese."""
    cards = card_set()
    return {card.name_en: card.name_ja for card in (*cards.characters, *cards.events)}


def hidden_ja(seat: int, slot: int) -> str:
    """A face-down character the viewer does not know, named by its place in a row."""
    return f"P{seat + 1}の列の{slot + 1}枚目（裏向き）"


def name_ja(name: str) -> str:
    """A character as the English data name it, in Japanese."""
    found = japanese_names().get(name)
    if found is not None:
        return found
    hidden = _HIDDEN_EN.fullmatch(name)
    if hidden:
        return hidden_ja(int(hidden[2]) - 1, int(hidden[1]) - 1)
    return name


def card_ja(name: str) -> str:
    """An event card's Japanese name in the brackets Japanese card texts use."""
    return f"「{name_ja(name)}」"


def roll_ja(kind: str) -> str:
    """The action a die roll decides, in Japanese."""
    return _ROLLS_JA[kind]


def faces_ja(need: int) -> str:
    """The die faces that succeed, as a Japanese phrase (combat.faces in English)."""
    if need <= 1:
        return "どの目でも成功"
    return "6で成功" if need == 6 else f"{need}〜6で成功"


def _who_ja(data: dict, key: str = "name", ref: str = "target") -> str:
    if data.get(key):
        return name_ja(data[key])
    seat, slot = str(data[ref]).split(".")
    return hidden_ja(int(seat), int(slot))


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "±0"


def _start_roll_ja(d):
    rolls = "、".join(f"{_p(s)}は{v}" for s, v in d["rolls"].items())
    tie = "（最大の目が同点のため、その人たちで振り直す）" if d["tied"] else ""
    return f"スタートを決める賽：{rolls}{tie}"


def _draw_ja(d):
    if "name" in d:
        return f"{_p(d['seat'])}が{card_ja(d['name'])}を引いた"
    return f"{_p(d['seat'])}がイベントカードを1枚引いた"


def _result_ja(d, what):
    outcome = "成功" if d["success"] else "失敗"
    return f"{what}は{outcome}（出目{d['total']}、必要な目{max(1, d['needed'])}以上）"


def _steal_ja(d):
    taken = name_ja(d["name"]) if "name" in d else "裏向きのキャラクター"
    return f"{_p(d['seat'])}が{_p(d['victim'])}から{taken}を奪い、自分のキャラクターにした"


def _game_over_ja(d):
    why = {
        "last_standing": "生き残りが1人になった",
        "pile_empty": "キャラクターカードの山が無くなった",
        "round_limit": "ラウンド数の上限に達した",
    }[d["reason"]]
    scores = "、".join(f"{_p(s)} {v}点" for s, v in enumerate(d["scores"]))
    winners = "と".join(_p(w) for w in d["winners"])
    return f"ゲーム終了（{why}）：{winners}の勝ち。得点は{scores}"


MESSAGES_JA = {
    "deal": lambda d: (
        f"{d['players']}人のプレーヤーにキャラクターカードを{d['each']}枚ずつ伏せて配った"
    ),
    "start_roll": _start_roll_ja,
    "first_player": lambda d: f"{_p(d['seat'])}からスタート（以後は時計回り）",
    "turn": lambda d: f"第{d['turn']}ターン（第{d['round']}ラウンド）：{_p(d['seat'])}の番",
    "draw": _draw_ja,
    "deck_empty": lambda d: f"イベントカードが残っていないため、{_p(d['seat'])}は引けない",
    "reshuffle": lambda d: f"イベントカードの捨て札を切り直し、{d['cards']}枚の新しい山にした",
    "discard": lambda d: f"{_p(d['seat'])}が{card_ja(d['name'])}を捨てた",
    "reveal": lambda d: f"{_p(d['seat'])}の{name_ja(d['name'])}が表向きになった",
    "scout": lambda d: f"{_p(d['seat'])}が{name_ja(d['name'])}で{_who_ja(d, 'none')}を偵察した",
    "attack": lambda d: (
        f"{_p(d['seat'])}の{name_ja(d['name'])}（攻撃力{d['attack']}）が"
        f"{name_ja(d['target_name'])}（防御力{d['defence']}）を攻撃した"
    ),
    "counter": lambda d: f"{name_ja(d['name'])}が{name_ja(d['target_name'])}にカウンター攻撃した",
    "no_counter": lambda d: f"{_p(d['seat'])}はカウンター攻撃をしなかった",
    "roll": lambda d: f"{_p(d['seat'])}が賽を振って{d['die']}の目が出た",
    "modify": lambda d: f"{_p(d['seat'])}が{card_ja(d['name'])}を使い、出目は{d['total']}になった",
    "scout_result": lambda d: f"偵察は{'成功' if d['success'] else '失敗'}（出目{d['total']}）",
    "attack_result": lambda d: _result_ja(d, "攻撃"),
    "counter_result": lambda d: _result_ja(d, "カウンター攻撃"),
    "capture": lambda d: (
        f"{_p(d['by'])}が{_p(d['seat'])}の{name_ja(d['name'])}（{d['points']}ポイント）を獲得した"
    ),
    "eliminated": lambda d: f"{_p(d['seat'])}はキャラクターが1枚も無くなり、脱落した",
    "end_turn": lambda d: f"{_p(d['seat'])}がターン終了を宣言した",
    "play": lambda d: f"{_p(d['seat'])}が{card_ja(d['name'])}を使った",
    "fizzle": lambda d: f"{card_ja(d['name'])}は効果が無かった",
    "modified": lambda d: (
        f"{'、'.join(name_ja(t) for t in d['targets'])}：攻撃力{_signed(d['attack'])}、"
        f"防御力{_signed(d['defence'])}"
    ),
    "steal": _steal_ja,
    "equip": lambda d: (
        f"{_p(d['seat'])}が{name_ja(d['targets'][0])}に装備品{card_ja(d['name'])}を付けた"
    ),
    "peek": lambda d: (
        f"{_p(d['seat'])}が{name_ja(d['name'])}を見た"
        if "name" in d
        else f"{_p(d['seat'])}が{_who_ja(d, 'none')}をこっそり見た"
    ),
    "ready": lambda d: f"{name_ja(d['name'])}が縦向きに戻った",
    "recruit": lambda d: (
        f"{_p(d['seat'])}が{name_ja(d['name'])}を裏向きのまま自分の列に加えた"
        if "name" in d
        else f"{_p(d['seat'])}がキャラクターを1枚、裏向きのまま自分の列に加えた"
    ),
    "hide": lambda d: f"{name_ja(d['name'])}が裏向きに戻った",
    "game_over": _game_over_ja,
}


def describe(kind: str, data: dict, lang: str = "en") -> str:
    """The message of one event in `lang` ("en" or "ja")."""
    return (MESSAGES_JA if lang == "ja" else MESSAGES)[kind](data)
