"""The card pool: size, works, keyword coverage, texts, and the loader's complaints."""

import pytest

from tcglab.engine.errors import CardDataError
from tcglab.games.pm.cards import card_set, read_card_set

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
    effects = {c.text.effect.kind for c in cards if c.text is not None}
    assert effects == {
        "buff", "set", "swap", "draw", "rest", "activate", "cost_down", "retire", "negate",
        "script",
    }  # fmt: skip


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
        ('kind = "character"\ncost = 1\naura = [10, 0]\naura_trait = "bar"\n', "'aura_trait'"),
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


def test_a_free_character_text_is_refused(tmp_path):
    card = (
        '[[card]]\nid = "XX-001"\nno = 1\nname_ja = "x"\nname_en = "x"\nsource = 1\n'
        'colour = "red"\nkind = "character"\ncost = 1\n'
        'text = { phase = "main", turn = "own", effect = { kind = "draw", amount = 1 } }\n'
    )
    (tmp_path / "xx.toml").write_text(HEADER + card)
    with pytest.raises(CardDataError, match="must rest the character or cost sources"):
        read_card_set(tmp_path)
