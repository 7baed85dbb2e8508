"""What Precious Memories' actions say: each label is a template in
`messages/actions/en.toml` and `ja.toml`, filled from the action's data only when a
client, the terminal or a log reads it."""

from __future__ import annotations

from pathlib import Path

from tcglab.engine.messages import Messages

# A place on the table (`{at:place}`): the areas of a position ref such as p1.M2.
AREAS = {
    "M": {"en": "main area {n}", "ja": "メインエリア{n}"},
    "S": {"en": "support area {n}", "ja": "サポートエリア{n}"},
    "P": {"en": "point area {n}", "ja": "ポイント置き場{n}"},
}


def place(ref: str, lang: str) -> tuple[int, str]:
    """A position ref the events carry ('p1.M2', places.ref) as its seat and the area
    and place in `lang`'s words ('main area 2')."""
    seat, spot = ref.split(".")
    words = AREAS[spot[0]]
    return int(seat[1:]) - 1, words.get(lang, words["en"]).format(n=spot[1:])


WORDS = Messages(Path(__file__).with_name("messages") / "actions", place=place)
say = WORDS.action
