"""The card pool: size, works, keyword coverage, texts, and the loader's complaints."""

import tomllib
from dataclasses import dataclass

import pytest

from tcglab.engine.errors import CardDataError
from tcglab.games.pm.cards import CARD_DIR, card_set, read_card_set
from tcglab.games.pm.parts import PARTS, Part
from tcglab.games.pm.texts import describe_card

HEADER = '[work]\ncode = "XX"\ntitle_ja = "x"\ntitle_en = "x"\n[traits]\nfoo = "フー"\n'


def test_pool_size_and_works():
    cards = card_set()
    assert len(cards.cards) >= 120 and len(cards.works) >= 3
    kinds = {c.kind for c in cards.cards}
    assert kinds == {"character", "event", "support"}
    assert {c.cost for c in cards.cards} == set(range(7))
    assert {c.source for c in cards.cards} == {1, 2}


def test_every_keyword_is_on_several_cards():
    cards = card_set().cards
    counts = {
        "active": sum(c.active for c in cards),
        "natural": sum(c.natural is not None for c in cards),
        "break": sum(c.brk for c in cards),
        "combi": sum(c.combi for c in cards),
        "adversity": sum(c.adversity is not None for c in cards),
        "link": sum(bool(c.link) for c in cards),
        "source3": sum(c.source3 is not None for c in cards),
        "interrupt": sum(c.text is not None and c.text.turn == "interrupt" for c in cards),
        "both": sum(c.text is not None and c.text.turn == "both" for c in cards),
        "coloured text": sum(c.text is not None and bool(c.text.colour) for c in cards),
        "rest text": sum(c.text is not None and c.text.rest for c in cards),
        "support-only": sum(c.kind == "character" and c.ap is None for c in cards),
    }
    assert all(n >= 3 for n in counts.values()), counts


def test_every_part_kind_is_used_by_some_card():
    used = {part.kind for card in card_set().cards for part in card.parts}
    assert used == set(PARTS)


def test_every_printed_text_is_what_the_cards_parts_write():
    cards = card_set()
    printed = {}
    for path in CARD_DIR.glob("*.toml"):
        for entry in tomllib.loads(path.read_text(encoding="utf-8"))["card"]:
            printed[entry["id"]] = (entry.get("printed_ja", ""), entry.get("printed_en", ""))
    names = {card.name_en: card.name_ja for card in cards.cards} | cards.traits
    for card in cards.cards:
        ja, en = describe_card(card, names)
        assert printed[card.id] == (ja, en) == (card.text_ja, card.text_en), card.id
        assert card.info["text"] == en and card.info["text_ja"] == ja
        for part in card.parts:  # each part's own sentence is in the card's text
            assert part.text("ja", names) in ja and part.text("en", names) in en, card.id
    assert sum(bool(ja) for ja, _ in printed.values()) > 90


def test_a_printed_text_that_differs_from_the_parts_is_refused(tmp_path):
    card = (
        '[[card]]\nid = "XX-001"\nno = 1\nname_ja = "x"\nname_en = "x"\nsource = 1\n'
        'colour = "red"\nkind = "event"\ncost = 1\n'
        'text = { phase = "main", turn = "own", effect = { kind = "draw", amount = 2 } }\n'
        'printed_ja = "[メイン/自分]：カードを2枚引く。"\nprinted_en = "[Main/Own]: Draw 1 card."\n'
    )
    (tmp_path / "xx.toml").write_text(HEADER + card)
    with pytest.raises(CardDataError, match=r"field 'printed_en': the card's parts read .*Draw 2"):
        read_card_set(tmp_path)


def test_texts_in_both_languages():
    for card in card_set().cards:
        if card.text is not None or card.kind == "support":
            assert card.text_en and card.text_ja, card.id
    link = next(c for c in card_set().cards if c.id == "SHD-007")
    assert link.text_ja == "〔連携:港町〕" and link.text_en == "[Link: harbor]"
    named = next(c for c in card_set().cards if c.id == "SHD-002")  # a link to a card name
    assert named.text_ja == "〔連携:潮見 なぎ〕" and named.text_en == "[Link: Nagi Shiomi]"
    event = next(c for c in card_set().cards if c.id == "SHD-018")
    assert event.text_ja.startswith("[アプローチ/自分]")
    assert "+20/+20" in event.text_en


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ('kind = "character"\ncost = 9\n', "'cost'"),
        ('kind = "character"\n', "'cost': missing"),
        (
            'kind = "character"\ncost = 1\nlasting = [{ kind = "aura", trait = "bar", ap = 10 }]\n',
            "'lasting.trait'",
        ),
        ('kind = "support"\ncost = 1\nlasting = [{ kind = "bonus", ap = 10 }]\n', "'lasting.kind'"),
        ('kind = "support"\ncost = 1\nlasting = [{ kind = "lend", ap = 15 }]\n', "'lasting.ap'"),
        ('kind = "character"\ncost = 1\nap = 15\ndp = 10\n', "'ap'"),
        ('kind = "character"\ncost = 1\nap = 10\n', "'ap'"),
        ('kind = "event"\ncost = 1\n', "'text'"),
        ('kind = "character"\ncost = 1\ntraits = ["bar"]\n', "'traits'"),
        ('kind = "character"\ncost = 1\ncombi = true\n', "'name_en'"),
        ('kind = "support"\ncost = 1\nactive = true\n', "'active'"),
    ],
)
def test_loader_names_file_card_and_field(tmp_path, body, field):
    card = '[[card]]\nid = "XX-001"\nno = 1\nname_ja = "x"\nname_en = "x"\nsource = 1\n'
    card += f'colour = "red"\n{body}'
    (tmp_path / "xx.toml").write_text(HEADER + card)
    with pytest.raises(CardDataError, match=rf"xx\.toml: card XX-001: field {field}"):
        read_card_set(tmp_path)


def test_a_text_effect_names_a_known_part_with_known_fields(tmp_path):
    text = 'text = { phase = "main", turn = "own", effect = { kind = "draw", size = 1 } }\n'
    card = (
        '[[card]]\nid = "XX-001"\nno = 1\nname_ja = "x"\nname_en = "x"\nsource = 1\n'
        f'colour = "red"\nkind = "event"\ncost = 1\n{text}'
    )
    (tmp_path / "xx.toml").write_text(HEADER + card)
    with pytest.raises(CardDataError, match=r"field 'text.effect.size': unknown field"):
        read_card_set(tmp_path)
    (tmp_path / "xx.toml").write_text(
        HEADER + card.replace('kind = "draw", size = 1', 'kind = "x"')
    )
    with pytest.raises(CardDataError, match=r"field 'text.effect.kind': must be one of buff"):
        read_card_set(tmp_path)


def test_a_free_character_text_is_refused(tmp_path):
    card = (
        '[[card]]\nid = "XX-001"\nno = 1\nname_ja = "x"\nname_en = "x"\nsource = 1\n'
        'colour = "red"\nkind = "character"\ncost = 1\n'
        'text = { phase = "main", turn = "own", effect = { kind = "draw", amount = 1 } }\n'
    )
    (tmp_path / "xx.toml").write_text(HEADER + card)
    with pytest.raises(CardDataError, match="must rest the character or cost sources"):
        read_card_set(tmp_path)


def test_a_new_mechanic_is_one_new_part(tmp_path, monkeypatch):
    @dataclass(frozen=True)
    class Mend(Part):  # a part no shipped card has: its whole definition
        amount: int = 1
        kind = "mend"
        bounds = (("amount", 1, 3),)

        def text(self, lang, names):
            return f"回復{self.amount}。" if lang == "ja" else f"Mend {self.amount}."

    monkeypatch.setitem(PARTS, "mend", Mend)
    card = (
        '[[card]]\nid = "XX-001"\nno = 1\nname_ja = "x"\nname_en = "x"\nsource = 1\n'
        'colour = "red"\nkind = "event"\ncost = 1\n'
        'text = { phase = "main", turn = "own", effect = { kind = "mend", amount = 2 } }\n'
        'printed_ja = "[メイン/自分]：回復2。"\nprinted_en = "[Main/Own]: Mend 2."\n'
    )
    (tmp_path / "xx.toml").write_text(HEADER + card)
    (made,) = read_card_set(tmp_path).cards
    assert made.text.effect == Mend(amount=2) and made.info["effect"] == "mend"
    (tmp_path / "xx.toml").write_text(HEADER + card.replace("amount = 2", "amount = 4"))
    with pytest.raises(CardDataError, match=r"field 'text.effect.amount': must be a whole"):
        read_card_set(tmp_path)
