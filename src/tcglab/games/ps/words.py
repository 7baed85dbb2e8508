"""What Princess Scramble's actions say: each label is a template in
`messages/actions/en.toml` and `ja.toml`, filled from the action's data only when a
client, the terminal or a log reads it."""

from __future__ import annotations

from operator import itemgetter
from pathlib import Path

from tcglab.engine.messages import Messages


def _ability(card, lang: str) -> str:
    """A character's ability text in `lang`."""
    return card.ability_text_ja if lang == "ja" else card.ability_text_en


WORDS = Messages(Path(__file__).with_name("messages") / "actions", specs={"ability": _ability})
say = WORDS.action


# Actions offered at nearly every decision whose words depend only on the card are made
# once and kept by the card (`Card.action`), under `slot * 4 + KEYS[verb]`.
KEYS = {"play": 0, "use": 1, "attack": 2, "defend": 3}

# The sort key of actions listed in the order of their ids: Action's own order, without
# calling its __lt__ at every comparison (an Action is a tuple led by its id).
BY_ID = itemgetter(0)
