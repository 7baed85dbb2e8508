"""Human messages for Princess Scramble events, written from the data the viewer may see."""

from __future__ import annotations

from functools import cache

from tcglab.games.ps.cards import card_set


def _p(seat) -> str:
    return f"P{int(seat) + 1}"


def _draw(d):
    what = d.get("name", "a card")
    return f"{_p(d['seat'])} draws {what}"


def _energy(d):
    if d["source"] == "deck":
        what = "the top card of the deck"
    else:
        what = d["name"] if "name" in d else f"hand card {d['position']}"
    return f"{_p(d['seat'])} places {what} face-down as energy ({d['total']} in all)"


def _modify(d):
    stat = "technique" if d["stat"] == "technique" else "guard"
    until = {"turn": "until end of turn", "field": "while the event stays"}[d["until"]]
    return f"{d['name']} ({_p(d['seat'])}) gets {d['amount']:+d} {stat} {until}"


def _player_damage(d):
    why = {"battle": "", "down": " (a character went down)", "effect": " (card effect)"}[d["why"]]
    return f"{_p(d['seat'])} takes {d['amount']} damage{why}: {d['total']} of 10"


def _game_over(d):
    why = {"damage": "damage reached 10", "deck_out": "a draw could not be made"}[d["reason"]]
    return f"Game over ({why}): {_p(d['winner'])} wins"


MESSAGES = {
    "first_player": lambda d: f"{_p(d['seat'])} goes first",
    "keep": lambda d: f"{_p(d['seat'])} keeps the opening hand",
    "mulligan": lambda d: f"{_p(d['seat'])} shuffles {d['cards']} cards back and redraws",
    "draw": _draw,
    "deck_out": lambda d: f"{_p(d['seat'])} must draw from an empty deck",
    "deck_empty": lambda d: f"{_p(d['seat'])} has no card left to draw",
    "turn": lambda d: f"Turn {d['turn']}: {_p(d['seat'])}",
    "no_first_draw": lambda d: f"{_p(d['seat'])} does not draw on the first turn",
    "event_leaves": lambda d: f"{d['name']} of {_p(d['seat'])} goes to the trash",
    "energy": _energy,
    "place": lambda d: f"{_p(d['seat'])} places {d['name']} (level {d['level']})",
    "arrive": lambda d: (
        f"{d['name']} enters {_p(d['seat'])}'s field at slot {d['slot']}, "
        f"occupying {d['energy']} energy"
    ),
    "unique": lambda d: (
        f"{d['name']} is already on {_p(d['seat'])}'s field: the newcomer goes to the trash"
    ),
    "down": lambda d: (
        f"{d['name']} of {_p(d['seat'])} goes down; {d['released']} energy is released"
    ),
    "main_end": lambda d: f"{_p(d['seat'])} ends the main phase",
    "pass": lambda d: f"{_p(d['seat'])} passes",
    "modify": _modify,
    "heal": lambda d: f"{d['name']} ({_p(d['seat'])}) recovers {d['amount']} damage",
    "strike": lambda d: f"{d['name']} ({_p(d['seat'])}) takes {d['amount']} effect damage",
    "ready": lambda d: f"{d['name']} ({_p(d['seat'])}) returns to standby",
    "tire": lambda d: f"{d['name']} ({_p(d['seat'])}) is exhausted",
    "revive": lambda d: f"{_p(d['seat'])} calls {d['name']} back from the trash",
    "ability": lambda d: f"{d['name']} ({_p(d['seat'])}) uses {d['ability']}",
    "battle": lambda d: f"{_p(d['seat'])} declares a battle with {d['name']}",
    "defend": lambda d: f"{_p(d['seat'])} defends with {d['name']}",
    "hit": lambda d: (
        f"{d['by']} deals {d['amount']} damage to {d['name']} ({d['total']}/{d['life']})"
    ),
    "attack_player": lambda d: f"{d['name']} attacks the player directly for {d['amount']}",
    "battle_end": lambda d: "The battle ends",
    "player_damage": _player_damage,
    "reset": lambda d: f"Reset phase of {_p(d['seat'])}",
    "discard": lambda d: f"{_p(d['seat'])} discards {d['name']}",
    "game_over": _game_over,
}


# -- Japanese ---------------------------------------------------------------------------
# Terms follow the Japanese rule text: 待機状態 / 消耗状態, エナジー, 占有, ダウン,
# ごみ箱, 特殊能力, テクニック, 防御側, and the phase names.


@cache
def _ja_names() -> dict[str, str]:
    """English card and ability names of the shipped pool -> Japanese. Every version of
    a heroine shares one name in both languages, so the map is well defined."""
    names = {}
    for card in card_set().cards:
        names[card.name_en] = card.name_ja
        ability = card.info.get("ability")
        if ability:
            names[ability["name"]] = ability["name_ja"]
    return names


def _ja(name: str) -> str:
    """A card or ability name in Japanese brackets; a name outside the shipped pool
    (a test's own cards) is shown as it is."""
    return f"「{_ja_names().get(name, name)}」"


def _draw_ja(d):
    if "name" in d:
        return f"{_p(d['seat'])}が{_ja(d['name'])}を引いた"
    return f"{_p(d['seat'])}がカードを1枚引いた"


def _energy_ja(d):
    if d["source"] == "deck":
        what = "デッキの一番上のカード"
    else:
        what = f"手札の{_ja(d['name'])}" if "name" in d else f"手札の{d['position']}枚目"
    return f"{_p(d['seat'])}が{what}を裏向きのままエナジーにした（計{d['total']}枚）"


def _modify_ja(d):
    who = f"{_ja(d['name'])}（{_p(d['seat'])}）"
    until = {"turn": "ターン終了時まで", "field": "このイベントが場にある間"}[d["until"]]
    amount = d["amount"]
    if d["stat"] == "technique":
        return f"{who}のテクニックが{until}{amount:+d}された"
    change = f"{amount}減る" if amount >= 0 else f"{-amount}増える"
    return f"{who}が受けるダメージが{until}{change}"


def _player_damage_ja(d):
    why = {"battle": "", "down": "（キャラクターのダウン）", "effect": "（カードの効果）"}
    return (
        f"{_p(d['seat'])}が{d['amount']}点のダメージを受けた{why[d['why']]}：累計{d['total']}／10"
    )


def _game_over_ja(d):
    why = {"damage": "ダメージが10点に達した", "deck_out": "デッキ切れでドローできなかった"}
    return f"ゲーム終了（{why[d['reason']]}）：{_p(d['winner'])}の勝利"


MESSAGES_JA = {
    "first_player": lambda d: f"{_p(d['seat'])}が先攻",
    "keep": lambda d: f"{_p(d['seat'])}は開始手札をそのまま使うことにした",
    "mulligan": lambda d: (
        f"{_p(d['seat'])}がマリガン：手札{d['cards']}枚をデッキに戻してシャッフルし、引き直した"
    ),
    "draw": _draw_ja,
    "deck_out": lambda d: f"{_p(d['seat'])}はデッキが尽きていてドローできない",
    "deck_empty": lambda d: f"{_p(d['seat'])}のデッキにはもう引けるカードがない",
    "turn": lambda d: f"ターン{d['turn']}：{_p(d['seat'])}",
    "no_first_draw": lambda d: f"{_p(d['seat'])}は最初のターンなのでドローしない",
    "event_leaves": lambda d: (
        f"{_p(d['seat'])}のイベント{_ja(d['name'])}が破棄され、ごみ箱へ送られた"
    ),
    "energy": _energy_ja,
    "place": lambda d: f"{_p(d['seat'])}が{_ja(d['name'])}（レベル{d['level']}）を配置した",
    "arrive": lambda d: (
        f"{_ja(d['name'])}が{_p(d['seat'])}の場の{d['slot']}番目に登場し、"
        f"エナジー{d['energy']}枚を占有した"
    ),
    "unique": lambda d: (
        f"{_ja(d['name'])}はすでに{_p(d['seat'])}の場にいるため、後から来た方はごみ箱へ送られた"
    ),
    "down": lambda d: (
        f"{_p(d['seat'])}の{_ja(d['name'])}がダウンし、エナジー{d['released']}枚が開放された"
    ),
    "main_end": lambda d: f"{_p(d['seat'])}がメインフェイズを終了した",
    "pass": lambda d: f"{_p(d['seat'])}はパスした",
    "modify": _modify_ja,
    "heal": lambda d: (
        f"{_ja(d['name'])}（{_p(d['seat'])}）からダメージが{d['amount']}点取り除かれた"
    ),
    "strike": lambda d: (
        f"{_ja(d['name'])}（{_p(d['seat'])}）が効果で{d['amount']}点のダメージを受けた"
    ),
    "ready": lambda d: f"{_ja(d['name'])}（{_p(d['seat'])}）が待機状態に戻った",
    "tire": lambda d: f"{_ja(d['name'])}（{_p(d['seat'])}）が消耗状態になった",
    "revive": lambda d: f"{_p(d['seat'])}が{_ja(d['name'])}をごみ箱から場に戻した",
    "ability": lambda d: (
        f"{_ja(d['name'])}（{_p(d['seat'])}）が特殊能力{_ja(d['ability'])}を使用した"
    ),
    "battle": lambda d: f"{_p(d['seat'])}が{_ja(d['name'])}でバトルを宣言した",
    "defend": lambda d: f"{_p(d['seat'])}が{_ja(d['name'])}で防御した",
    "hit": lambda d: (
        f"{_ja(d['by'])}が{_ja(d['name'])}に{d['amount']}点のダメージを与えた"
        f"（累計{d['total']}／ライフ{d['life']}）"
    ),
    "attack_player": lambda d: (
        f"{_ja(d['name'])}が防御側プレイヤーに直接{d['amount']}点のダメージを与えた"
    ),
    "battle_end": lambda d: "バトル終了",
    "player_damage": _player_damage_ja,
    "reset": lambda d: f"{_p(d['seat'])}のリセットフェイズ",
    "discard": lambda d: f"{_p(d['seat'])}が{_ja(d['name'])}を捨てた",
    "game_over": _game_over_ja,
}


def describe(kind: str, data: dict, lang: str = "en") -> str:
    """The message of one event, in Japanese for "ja" and in English otherwise."""
    return (MESSAGES_JA if lang == "ja" else MESSAGES)[kind](data)
