"""The one check of what text may hold, which names, titles, scenario texts and pasted
deck lists all go through (tcglab.engine.text)."""

from __future__ import annotations

import pytest

from tcglab.engine.text import has_control_characters, has_hidden_characters


@pytest.mark.parametrize(
    "name", ["Mika", "ミカ", "Mika (second seat)", "Zoë", "👍 team", "Anne-Marie"]
)
def test_a_plain_name_shows_as_it_reads(name):
    assert not has_hidden_characters(name)


@pytest.mark.parametrize(
    "name",
    ["Mika\n(hard)", "a\tb", "\x1b[31mred", "AI\u202e)drah(", "AI\u200b (hard)", "x\x7f", "x\x85"],
)
def test_a_line_break_an_escape_or_an_invisible_mark_is_hidden(name):
    assert has_hidden_characters(name)


def test_a_text_of_several_lines_allows_only_the_breaks_it_names():
    assert not has_control_characters("goal\n\tkeep both", allowed="\n\t")
    assert has_control_characters("goal\r\nkeep", allowed="\n\t")  # \r can overwrite a line
    assert not has_control_characters("3 star-01\r\n2 star-02", allowed="\n\r\t")
    assert has_control_characters("3 star-01\x1b[2J", allowed="\n\r\t")
    assert has_control_characters("bell\x07")
