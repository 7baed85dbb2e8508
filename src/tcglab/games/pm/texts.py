"""Card texts in Japanese and English, written from a card's data so that what a card
says is exactly what the engine does with it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcglab.games.pm.cards import COLOURS, PHASES, TURNS

if TYPE_CHECKING:
    from tcglab.games.pm.cards import Card, Effect, Text

_TARGET_EN = {
    "self": "this character",
    "own": "one of your characters",
    "opp": "one of your opponent's main characters",
    "all_own": "each of your main characters",
    "own_in_approach": "one of your characters taking part in the approach",
    "opp_in_approach": "one of your opponent's characters taking part in the approach",
}
_TARGET_JA = {
    "self": "このキャラ",
    "own": "自分のキャラ1枚",
    "opp": "相手のメインエリアのキャラ1枚",
    "all_own": "自分のメインエリアの全てのキャラ",
    "own_in_approach": "アプローチに参加している自分のキャラ1枚",
    "opp_in_approach": "アプローチに参加している相手のキャラ1枚",
}
_TRIGGER_EN = {
    "event": "when your opponent uses an event",
    "approach": "when your opponent declares an approach",
}
_TRIGGER_JA = {"event": "相手がイベントを使用した時", "approach": "相手がアプローチを宣言した時"}


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else ("±0" if value == 0 else str(value))


def effect_text(fx: Effect, traits: dict) -> tuple[str, str]:
    en_who, ja_who = _TARGET_EN.get(fx.target, ""), _TARGET_JA.get(fx.target, "")
    if fx.trait:
        en_who = f"each of your main characters with the trait {fx.trait}"
        ja_who = f"自分のメインエリアの特徴【{traits.get(fx.trait, fx.trait)}】を持つ全てのキャラ"
    kind = fx.kind
    if kind == "buff":
        values = f"{signed(fx.ap)}/{signed(fx.dp)}"
        en = f"{en_who[0].upper()}{en_who[1:]} gets {values}"
        ja = f"{ja_who}は、ターン終了時まで{values}を得る"
        if fx.cost:
            en += f" and {signed(fx.cost)} cost"
            ja += f"。さらにコスト{signed(fx.cost)}"
        return ja + "。", en + " until end of turn."
    if kind == "set":
        return (
            f"{ja_who}のAP/DPは、ターン終了時まで{fx.ap}/{fx.dp}になる。",
            f"{en_who[0].upper()}{en_who[1:]} has AP/DP {fx.ap}/{fx.dp} until end of turn.",
        )
    if kind == "swap":
        return (
            f"{ja_who}のAPとDPを、ターン終了時まで入れ替える。",
            f"Swap the AP and DP of {en_who} until end of turn.",
        )
    if kind == "draw":
        return f"カードを{fx.amount}枚引く。", f"Draw {fx.amount} card{'s' * (fx.amount > 1)}."
    if kind == "rest":
        return f"{ja_who}を休息状態にする。", f"Rest {en_who}."
    if kind == "activate":
        return f"{ja_who}を活動状態にする。", f"Make {en_who} active."
    if kind == "cost_down":
        return (
            f"このターン、次に自分が登場させるキャラのコストは{fx.amount}少なくなる。",
            f"The next character you make appear this turn costs {fx.amount} less.",
        )
    if kind == "retire":
        return (
            f"DP{fx.max_dp}以下の{ja_who}を退場させる。",
            f"Retire {en_who} with DP {fx.max_dp} or less.",
        )
    if kind == "negate":
        return (
            f"そのイベント（コスト{fx.max_cost}以下）の効果を打ち消し、捨て札にする。",
            f"Cancel that event if its cost is {fx.max_cost} or less; it goes to the discard.",
        )
    if fx.script == "refresh":
        return (
            "自分のポイント置き場の裏向きのカードのうちソースが最も大きい1枚を表向きにする。",
            "Turn the face-down card with the highest source in your point area face-up.",
        )
    return (
        "自分のメインエリアの休息状態のキャラ全てを活動状態にする。",
        "Make every rested character in your main area active.",
    )


def text_line(text: Text, traits: dict) -> tuple[str, str]:
    turn_ja = TURNS[text.turn]
    tag_ja = f"[{PHASES[text.phase]}/{turn_ja}]"
    tag_en = f"[{text.phase.capitalize()}/{_turn_en(text.turn)}]"
    ja, en = effect_text(text.effect, traits)
    if text.trigger:
        tag_ja += f"（割り込み対象：{_TRIGGER_JA[text.trigger]}）"
        tag_en += f" ({_TRIGGER_EN[text.trigger]})"
    costs_ja, costs_en = [], []
    if text.rest:
        costs_ja.append("〔休息〕")
        costs_en.append("rest this character")
    if text.pay:
        colour_ja = COLOURS[text.colour] if text.colour else ""
        costs_ja.append(f"〔{colour_ja}{text.pay}〕")
        costs_en.append(f"pay {text.pay} {text.colour + ' ' if text.colour else ''}source")
    if costs_ja:
        tag_ja += "".join(costs_ja)
        tag_en += " " + " and ".join(costs_en)
    return f"{tag_ja}：{ja}", f"{tag_en}: {en}"


def _turn_en(turn: str) -> str:
    return {"own": "Own", "opp": "Opponent", "both": "Both", "interrupt": "Interrupt"}[turn]


def describe_card(card: Card, traits: dict) -> tuple[str, str]:
    ja, en = [], []
    if card.combi:
        ja.append("〔コンビ〕")
        en.append("[Combi] (pay with a card named " + " or ".join(card.name_en.split(" & ")) + ")")
    if card.active:
        ja.append("〔アクティブ〕")
        en.append("[Active]")
    if card.natural is not None:
        ja.append(f"〔天然{card.natural}〕")
        en.append(f"[Natural {card.natural}]")
    if card.link:
        link_ja = traits.get(card.link, card.link)
        ja.append(f"〔連携:{link_ja}〕")
        en.append(f"[Link: {card.link}]")
    if card.brk:
        ja.append("〔ブレイク〕")
        en.append("[Break]")
    if card.source3 is not None:
        ja.append(
            f"自分のポイント置き場にカードが{card.source3}枚以上ある場合、このカードのソースは3。"
        )
        en.append(f"With {card.source3} or more cards in your point area, this card's source is 3.")
    gate_ja = f"〔逆境{card.adversity}〕" if card.adversity else ""
    gate_en = f"[Adversity {card.adversity}] " if card.adversity else ""
    if card.static != (0, 0):
        values = f"{signed(card.static[0])}/{signed(card.static[1])}"
        ja.append(f"{gate_ja}このキャラは{values}を得る。")
        en.append(f"{gate_en}This character gets {values}.")
    if card.aura != (0, 0):
        values = f"{signed(card.aura[0])}/{signed(card.aura[1])}"
        trait = card.aura_trait
        ja.append(
            f"自分のメインエリアの特徴【{traits.get(trait, trait)}】を持つキャラは{values}を得る。"
        )
        en.append(f"Your main characters with the trait {trait} get {values}.")
    if card.kind == "support":
        values = f"{signed(card.lend[0])}/{signed(card.lend[1])}"
        extra_ja = "と〔アクティブ〕" if card.grant_active else ""
        extra_en = " and [Active]" if card.grant_active else ""
        ja.append(f"自分のキャラ1枚にセットする。そのキャラは{values}{extra_ja}を得る。")
        en.append(f"Set on one of your characters: it gets {values}{extra_en}.")
    if card.text is not None:
        line_ja, line_en = text_line(card.text, traits)
        ja.append(gate_ja + line_ja)
        en.append(gate_en + line_en)
    return " ".join(ja), " ".join(en)
