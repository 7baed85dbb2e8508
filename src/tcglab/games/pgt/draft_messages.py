"""Human messages of a draft table's events in English and Japanese. A game's own
events are worded by the game's messages, its players renamed as the tournament's."""

from __future__ import annotations

from tcglab.games.pgt import messages


def _p(seat) -> str:
    return f"P{int(seat) + 1}"


def _vs(d) -> str:
    a, b = d["players"]
    return f"{_p(a)} v {_p(b)}"


def _pick_en(d) -> str:
    card = f"{d['card']} {d['name']}" if "card" in d else "a card"
    return f"{_p(d['seat'])} picks {card} ({d['count']} picked)"


def _pick_ja(d) -> str:
    card = f"{d['card']} {d['name_ja']}を" if "card" in d else "カードを1枚"
    return f"{_p(d['seat'])}が{card}取る（{d['count']}枚目）"


def _won_en(d) -> str:
    who = " and ".join(_p(w) for w in d["winners"]) or "nobody (a draw)"
    return f"{_vs(d)}: {who} wins the game; match {d['wins'][0]}-{d['wins'][1]}"


def _won_ja(d) -> str:
    who = "・".join(_p(w) for w in d["winners"])
    won = f"{who}の勝ち" if who else "引き分け"
    return f"{_vs(d)}：{won}。マッチは{d['wins'][0]}-{d['wins'][1]}"


def _match_en(d) -> str:
    high, low = max(d["wins"]), min(d["wins"])
    if high == low:  # six games without two wins: the first drawn goes on
        return f"{_vs(d)}: no winner after six games; {_p(d['winner'])} goes on"
    return f"{_vs(d)}: {_p(d['winner'])} wins the match {high}-{low}"


def _match_ja(d) -> str:
    high, low = max(d["wins"]), min(d["wins"])
    if high == low:
        return f"{_vs(d)}：6ゲームで決着せず、{_p(d['winner'])}が勝ち上がり"
    return f"{_vs(d)}：{_p(d['winner'])}がマッチに勝利（{high}-{low}）"


EN = {
    "draft_deal": lambda d: (
        f"Deal {d['deal']}: {d['each']} cards to each player, {d['aside']} set aside"
    ),
    "pick": _pick_en,
    "pass": lambda d: f"Every player passes the rest of the pack to the {d['direction']}",
    "decks": lambda d: f"The draft is over: every deck has {d['size']} cards",
    "pairings": lambda d: "Pairings drawn: " + ", ".join(_p(s) for s in d["order"]),
    "bye": lambda d: f"{_p(d['seat'])} has a bye in round {d['round']}",
    "match": lambda d: f"Round {d['round']}: {_vs(d)}, best of three",
    "game_won": _won_en,
    "match_won": _match_en,
    "champion": lambda d: f"{_p(d['seat'])} wins the draft tournament",
}

JA = {
    "draft_deal": lambda d: f"第{d['deal']}配布：各プレイヤーに{d['each']}枚、{d['aside']}枚は脇へ",
    "pick": _pick_ja,
    "pass": lambda d: "残りのカードを" + ("左" if d["direction"] == "left" else "右") + "へ渡す",
    "decks": lambda d: f"ドラフト終了：全員の山札が{d['size']}枚になった",
    "pairings": lambda d: "組み合わせ抽選：" + "、".join(_p(s) for s in d["order"]),
    "bye": lambda d: f"{_p(d['seat'])}は{d['round']}回戦不戦勝",
    "match": lambda d: f"{d['round']}回戦：{_vs(d)}（3本勝負）",
    "game_won": _won_ja,
    "match_won": _match_ja,
    "champion": lambda d: f"{_p(d['seat'])}がトーナメント優勝",
}


def describe(kind: str, data: dict, lang: str = "en") -> str:
    pair = data.get("pair")
    if pair is not None:  # an event of a game, relayed
        from tcglab.games.pgt.cup import rename

        return rename(messages.describe(kind, data, lang), tuple(pair))
    return (JA if lang == "ja" else EN)[kind](data)
