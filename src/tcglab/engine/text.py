"""Text a person reads as it is shown: a name, a title. A control character (a line
break, an escape a terminal acts on) or an invisible format character (a direction
override, a zero-width space) would let it show as something else, or one name pose as
another ("AI (hard)"), so names and titles hold neither, wherever they come from."""

from __future__ import annotations

import re
import unicodedata

CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")  # Unicode category Cc


def has_hidden_characters(text: str) -> bool:
    """Whether `text` holds a control character (Cc) or an invisible format character
    (Cf, which ASCII has none of)."""
    if CONTROL.search(text):
        return True
    return not text.isascii() and any(unicodedata.category(c) == "Cf" for c in text)


def has_control_characters(text: str, allowed: str = "") -> bool:
    """Whether `text` holds a control character (Cc) other than those `allowed`: a text
    of several lines allows its line breaks and tabs, and one that is parsed line by
    line rather than shown, such as a pasted deck list, its carriage returns too."""
    return any(c not in allowed for c in CONTROL.findall(text))
