"""What Princess Scramble's actions say: each label is a template in
`messages/actions/en.toml` and `ja.toml`, filled from the action's data only when a
client, the terminal or a log reads it."""

from __future__ import annotations

from pathlib import Path

from tcglab.engine.actions import Action
from tcglab.engine.messages import Messages


def _ability(card, lang: str) -> str:
    """A character's ability text in `lang`."""
    return card.ability_text_ja if lang == "ja" else card.ability_text_en


WORDS = Messages(Path(__file__).with_name("messages") / "actions", specs={"ability": _ability})
say = WORDS.action


# Actions offered at nearly every decision whose words depend only on the card set are
# made once per set (by its digest) and kept: `kept(st, key)` finds one, `keep` adds it.
_KEPT: dict[tuple, Action] = {}


def kept(st, *key) -> Action | None:
    return _KEPT.get((st.cards.digest, *key))


def keep(st, action: Action, *key) -> Action:
    _KEPT[(st.cards.digest, *key)] = action
    return action
