"""Card texts in Japanese and English, written from a card's keywords and parts so
that what a card says is exactly what the engine does with it: each part writes its
own sentence (parts.py); the keywords, the [phase/turn] tag and the costs of a text
are written here."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tcglab.games.pm.cards import Card, Text

COLOURS = {"red": "赤", "blue": "青", "yellow": "黄", "green": "緑"}
PHASES = {"main": "メイン", "approach": "アプローチ"}
TURNS = {"own": "自分", "opp": "相手", "both": "両方", "interrupt": "割り込み"}
_TURN_EN = {"own": "Own", "opp": "Opponent", "both": "Both", "interrupt": "Interrupt"}
_TRIGGER_EN = {
    "event": "when your opponent uses an event",
    "approach": "when your opponent declares an approach",
}
_TRIGGER_JA = {"event": "相手がイベントを使用した時", "approach": "相手がアプローチを宣言した時"}


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else ("±0" if value == 0 else str(value))


def text_line(text: Text, names: dict) -> tuple[str, str]:
    """PM-1.8.1 the [phase/turn] tag, the costs of PM-1.7.4, then the effect."""
    tag_ja = f"[{PHASES[text.phase]}/{TURNS[text.turn]}]"
    tag_en = f"[{text.phase.capitalize()}/{_TURN_EN[text.turn]}]"
    ja, en = text.effect.text("ja", names), text.effect.text("en", names)
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


def describe_card(card: Card, names: dict) -> tuple[str, str]:
    """A card's whole text: keywords (PM-1.11), lasting parts, then its text."""
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
        link_ja = names.get(card.link, card.link)
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
    for lasting in card.lasting:
        ja.append(gate_ja + lasting.text("ja", names))
        en.append(gate_en + lasting.text("en", names))
    if card.text is not None:
        line_ja, line_en = text_line(card.text, names)
        ja.append(gate_ja + line_ja)
        en.append(gate_en + line_en)
    return " ".join(ja), " ".join(en)
