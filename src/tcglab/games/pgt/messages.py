"""Human messages for Pretty Good Tactics events in English and Japanese, written from the
data the viewer may see, and the Japanese wording of abilities for action labels.

The Japanese uses the rulebook's own terms (キャラ, パーティー, アタック, 行動判定,
リタイヤ ...). Events name cards in English; the Japanese messages look each name up in
the card set, where English names are unique, so a viewer reads exactly the card it was
shown and nothing more.
"""

from __future__ import annotations

from functools import cache

from tcglab.games.pgt.cards import card_set
from tcglab.games.pgt.notation import Ability, Strike


def _p(seat) -> str:
    return f"P{int(seat) + 1}"


def _scores(scores) -> str:
    """Each score beside its player, so the line still reads right when a draft table
    renames the players of one of its games."""
    return " ".join(f"{_p(seat)} {score}" for seat, score in enumerate(scores))


def _scores_ja(scores) -> str:
    return "・".join(f"{_p(seat)} {score}点" for seat, score in enumerate(scores))


def _formation(d):
    shown = ", ".join(
        f"{slot}={card}"
        for slot, card in zip(
            ("F1", "F2", "F3", "B1", "B2", "B3"), d.get("cards") or d["slots"], strict=True
        )
        if card
    )
    total = f" (score total {d['total']})" if "total" in d else ""
    return f"{_p(d['seat'])} forms the party: {shown or 'nobody'}{total}"


def _check(d):
    faces = "+".join(str(f) for f in d["faces"])
    mod = f"({d['mod']:+d})" if d["mod"] else ""
    if d["invalid"]:
        return f"{faces}{mod}: the attack is invalid, attack power 0"
    if d["fumble"]:
        return f"{faces}{mod}: fumble, value 0"
    if d["critical"]:
        return f"{faces}{mod}: critical hit, value 99"
    return f"{faces}{mod} = {d['value']}"


def _game_over(d):
    why = {
        "score": "10 points reached",
        "empty_party": "a party was empty at the start of a round",
        "round_limit": "the round limit was reached",
    }[d["reason"]]
    who = " and ".join(_p(w) for w in d["winners"]) or "nobody"
    return f"Game over ({why}): {who} wins; scores {_scores(d['scores'])}"


MESSAGES = {
    "deal": lambda d: f"Each player is dealt {d['each']} cards",
    "draw": lambda d: f"{_p(d['seat'])} draws {d.get('name', 'a card')}",
    "deck_empty": lambda d: f"{_p(d['seat'])} cannot draw: the deck is empty",
    "first_roll": lambda d: f"First-player roll: P1 {d['rolls'][0]}, P2 {d['rolls'][1]}",
    "first_player": lambda d: f"{_p(d['seat'])} goes first in round {d['round']}",
    "formation": _formation,
    "round": lambda d: f"Round {d['round']} begins",
    "round_over": lambda d: f"Round {d['round']} ends: two turns passed without an attack",
    "turn": lambda d: f"Turn {d['turn']}: {_p(d['seat'])} to play",
    "no_attack": lambda d: f"{_p(d['seat'])} does not attack",
    "use": lambda d: (
        f"{_p(d['seat'])}: {d['name']} at {d['actor']} uses {d['ability']}"
        + (f" on {', '.join(d['targets'])}" if d["targets"] else "")
    ),
    "guard": lambda d: f"{d['guard']} guards {d['target']} and becomes the target",
    "roll": lambda d: f"{_p(d['seat'])} rolls {d['dice']} dice: {d['faces']}",
    "reroll": lambda d: f"{_p(d['seat'])} has the dice rerolled: {d['faces']}",
    "check": _check,
    "compare": lambda d: (
        f"Attack power {d['value']} against {d['mode']}-def {d['defence']} of "
        f"{d['target']}: {'success' if d['success'] else 'failure'}"
    ),
    "invalid": lambda d: f"Innocence succeeds: the attack by {d['at']} is invalid",
    "retire": lambda d: (
        f"{d['name']} ({d['at']}) retires: {_p(d['by'])} gains {d['points']} "
        f"(score {_scores(d['score'])})"
    ),
    "flip": lambda d: f"{d['name']} at {d['at']} is turned face-up",
    "hide": lambda d: f"{d['name']} at {d['at']} is turned face-down",
    "boost": lambda d: f"{_p(d['of'])}'s check is now {d['dice']}D{d['mod']:+d}",
    "defence": lambda d: f"{d['at']} gets {d['mode']}-def +{d['amount']} this round",
    "counters": lambda d: f"{d['at']} now has {d['count']} {d['name']} counters",
    "peek": lambda d: (
        f"{_p(d['seat'])} looks at {d['at']}: {d['name']}"
        if "name" in d
        else f"{_p(d['seat'])} secretly looks at {d['at']}"
    ),
    "recall": lambda d: f"{d['name']} ({d['at']}) returns to {_p(d['seat'])}'s hand",
    "fizzle": lambda d: f"{d['ability']} has no effect: its targets are gone",
    "game_over": _game_over,
}


# -- Japanese ---------------------------------------------------------------------------

FACE_DOWN = "face-down "  # how an event names a character the viewer has not seen


@cache
def _names_ja() -> dict[str, str]:
    cards = card_set().cards
    return {c.name_en: c.name_ja for c in cards} | {c.id: c.name_ja for c in cards}


def name_ja(name: str) -> str:
    """A card's Japanese name from its English name or id; a character the viewer has
    not seen by its position."""
    if name.startswith(FACE_DOWN):
        return f"裏向きキャラ（{name[len(FACE_DOWN) :]}）"
    return _names_ja()[name]


def _who(d) -> str:
    """The character an event names, with its position: 'P1.F2の千草 汐里'."""
    name, where = d["name"], d.get("actor") or d["at"]
    return f"{where}の裏向きキャラ" if name.startswith(FACE_DOWN) else f"{where}の{name_ja(name)}"


def _formation_ja(d):
    shown = "、".join(
        f"{slot}={'裏向き' if card == 'face-down' else name_ja(card)}"
        for slot, card in zip(
            ("F1", "F2", "F3", "B1", "B2", "B3"), d.get("cards") or d["slots"], strict=True
        )
        if card
    )
    total = f"（スコア合計{d['total']}）" if "total" in d else ""
    return f"{_p(d['seat'])}がパーティーを編成：{shown or 'キャラなし'}{total}"


def _check_ja(d):
    faces = "+".join(str(f) for f in d["faces"])
    mod = f"({d['mod']:+d})" if d["mod"] else ""
    if d["invalid"]:
        return f"行動判定 {faces}{mod}：アタックは無効、攻撃力0"
    if d["fumble"]:
        return f"行動判定 {faces}{mod}：ファンブル、値は0"
    if d["critical"]:
        return f"行動判定 {faces}{mod}：クリティカルヒット、値は99"
    return f"行動判定 {faces}{mod} = {d['value']}"


def _faces_ja(faces) -> str:
    return "・".join(str(f) for f in faces)


def _reroll_ja(d):
    own = d["of"] == d["seat"]
    whose = "" if own else f"{_p(d['of'])}の"
    verb = "振りなおした" if own else "振りなおさせた"
    return f"{_p(d['seat'])}が{whose}行動判定のサイコロを{verb}：出目 {_faces_ja(d['faces'])}"


def _game_over_ja(d):
    why = {
        "score": "スコア10点に到達",
        "empty_party": "ラウンド開始時に場にキャラがいないプレイヤーがいた",
        "round_limit": "ラウンド数の上限に到達",
    }[d["reason"]]
    who = "と".join(_p(w) for w in d["winners"])
    outcome = f"{who}の勝ち" if who else "引き分け"
    return f"ゲーム終了（{why}）：{outcome}、スコア {_scores_ja(d['scores'])}"


MESSAGES_JA = {
    "deal": lambda d: f"各プレイヤーに手札が{d['each']}枚ずつ配られた",
    "draw": lambda d: (
        f"{_p(d['seat'])}が{name_ja(d['name'])}を引いた"
        if "name" in d
        else f"{_p(d['seat'])}がカードを1枚引いた"
    ),
    "deck_empty": lambda d: f"{_p(d['seat'])}は山札が尽きていてカードを引けない",
    "first_roll": lambda d: f"先攻を決めるサイコロ：P1は{d['rolls'][0]}、P2は{d['rolls'][1]}",
    "first_player": lambda d: f"ラウンド{d['round']}の先攻プレイヤーは{_p(d['seat'])}",
    "formation": _formation_ja,
    "round": lambda d: f"ラウンド{d['round']}開始",
    "round_over": lambda d: f"ラウンド{d['round']}終了：アタックのないターンが2回続いた",
    "turn": lambda d: f"ターン{d['turn']}：{_p(d['seat'])}のターン",
    "no_attack": lambda d: f"{_p(d['seat'])}はアタックしない",
    "use": lambda d: (
        f"{_p(d['seat'])}：{_who(d)}が「{d['ability']}」を使用"
        + (f"（対象：{'、'.join(d['targets'])}）" if d["targets"] else "")
    ),
    "guard": lambda d: f"{d['guard']}が{d['target']}をガードし、攻撃対象になった",
    "roll": lambda d: (
        f"{_p(d['seat'])}がサイコロを{d['dice']}個振った：出目 {_faces_ja(d['faces'])}"
    ),
    "reroll": _reroll_ja,
    "check": _check_ja,
    "compare": lambda d: (
        f"攻撃力{d['value']}と{d['target']}の{d['mode']}-def {d['defence']}を比較："
        f"{'攻撃成功' if d['success'] else '攻撃失敗'}"
    ),
    "invalid": lambda d: f"イノセンス成功：{d['at']}のアタックは無効になった",
    "retire": lambda d: (
        f"{_who(d)}がリタイヤ：{_p(d['by'])}が{d['points']}点獲得"
        f"（スコア {_scores_ja(d['score'])}）"
    ),
    "flip": lambda d: f"{_who(d)}が表向きになった",
    "hide": lambda d: f"{_who(d)}が裏向きになった",
    "boost": lambda d: f"{_p(d['of'])}の行動判定が{d['dice']}D{d['mod']:+d}になった",
    "defence": lambda d: f"{d['at']}の{d['mode']}-defがこのラウンド中+{d['amount']}",
    "counters": lambda d: f"{d['at']}の{d['name']}cntが{d['count']}個になった",
    "peek": lambda d: (
        f"{_p(d['seat'])}が{d['at']}を見た：{name_ja(d['name'])}"
        if "name" in d
        else f"{_p(d['seat'])}が{d['at']}をこっそり見た"
    ),
    "recall": lambda d: f"{_who(d)}が{_p(d['seat'])}の手札に戻った",
    "fizzle": lambda d: f"「{d['ability']}」は効果なし：対象がいなくなった",
    "game_over": _game_over_ja,
}


def describe(kind: str, data: dict, lang: str = "en") -> str:
    return (MESSAGES_JA if lang == "ja" else MESSAGES)[kind](data)


# -- abilities in Japanese, for action labels ------------------------------------------


def _cond_ja(ab: Ability) -> str:
    words = {"A": "アタック", "T": "タップ", "R": "表向きにした時", "0": "条件なし"}
    parts = [words[c] for c in ab.conditions]
    parts += [f"{name}cntを{n}個取り除く" for name, n in ab.counter_cost]
    if ab.once_per_round:
        parts.append("1ラウンド1回")
    return "、".join(parts)


def strike_ja(s: Strike) -> str:
    """'精神攻撃(光) 3D+1': the kind of attack, its attack attribute and its check."""
    kind = "物理攻撃" if s.mode == "P" else "精神攻撃"
    attr = f"({s.attribute})" if s.attribute else ""
    mod = f"{s.modifier:+d}" if s.modifier else ""
    return f"{kind}{attr} {s.dice}D{mod}"


def _effect_ja(e: tuple) -> str:
    kind = e[0]
    if kind == "boost":
        dice = f"+{e[1]}D" if e[1] else ""
        mod = f"{e[2]:+d}" if e[2] else ""
        return f"自分のアタックの行動判定に{dice}{mod}"
    return {
        "disrupt": lambda: f"相手がこれから振る行動判定に{e[1]:+d}",
        "reroll": lambda: "自分の行動判定のサイコロを振りなおす",
        "enemy_reroll": lambda: "相手に行動判定のサイコロを振りなおさせる",
        "defence": lambda: f"味方キャラ1人の{e[1]}-defをこのラウンド中+{e[2]}",
        "add_counters": lambda: f"このキャラに{e[1]}cntを{e[2]}個置く",
        "reveal": lambda: "敵軍の裏向きキャラ1人を表向きにする",
        "hide": lambda: "このキャラを裏向きにする",
        "draw": lambda: f"カードを{e[1]}枚引く",
        "named": lambda: {
            "peek": "敵軍の裏向きキャラ1人をこっそり見る",
            "recall": "このキャラを手札に戻す",
        }[e[1]],
    }[kind]()


@cache
def ability_ja(ab: Ability) -> str:
    """The ability in Japanese, for action labels (the counterpart of notation.describe)."""
    if ab.keyword == "bodyguard":
        return "護衛：味方のどのキャラでもガードできる"
    if ab.keyword:
        name = "イノセンス" if ab.keyword == "innocence" else "カウンター"
        return f"{name} {strike_ja(ab.strike)}"
    if ab.strike:
        what = f"{strike_ja(ab.strike)}、レンジ{ab.range}"
        if ab.max_targets > 1:
            what += f"、対象{ab.max_targets}人まで"
    else:
        what = "、".join(_effect_ja(e) for e in ab.effects)
    return f"{_cond_ja(ab)}：{what}"
