"""What Precious Memories' actions say: each label is a template in
`messages/actions/en.toml` and `ja.toml`, filled from the action's data only when a
client, the terminal or a log reads it."""

from __future__ import annotations

from pathlib import Path

from tcglab.engine.messages import Messages

WORDS = Messages(Path(__file__).with_name("messages") / "actions")
say = WORDS.action
