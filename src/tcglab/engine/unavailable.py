"""Options a seat cannot take now, and why (`State.unavailable`).

A game's rules know why a card in hand cannot be played or an ability cannot be used:
its cost cannot be paid, its timing is another, it has nothing to act on. Each such
reason is a `Why`: a key of the `[terms.unable]` table of the game's message
catalogues (`messages/en.toml`, `messages/ja.toml`), the rule ID it follows, and the
fields its wording needs:

    [terms.unable]
    cost = "cost {cost}, you can pay {have}"    # PM-1.5, PM-1.6

    return why("cost", "PM-1.5", cost=4, have=2)

One reason serves both places a player meets it: the greyed-out option of
`State.unavailable(lang)` (a `Refusal`: the option as it would be offered, and why it
is not), and the message of an id a person typed that is not legal
(`Reasons.typed`, in English with the rule ID).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from tcglab.engine.actions import Action
    from tcglab.engine.messages import Messages

TABLE = "unable"  # the [terms.NAME] table of a catalogue that words the reasons
MEMO = 4096  # reasons kept worded, per game


def _frozen(value):
    return tuple(value) if isinstance(value, list) else value


class Why(NamedTuple):
    """Why an option cannot be taken now: a `[terms.unable]` key, the rule it follows
    and the fields its wording reads (numbers, card names as events carry them)."""

    key: str
    rule: str
    data: dict


def why(key: str, rule: str, **data) -> Why:
    """A reason: `why("cost", "PM-1.5", cost=4, have=2)`."""
    return Why(key, rule, data)


class Refusal(NamedTuple):
    """An option the seat to move could ordinarily choose at this kind of decision but
    cannot now: the action as it would be offered (its id and labels), and why not."""

    option: Action
    why: Why


class Reasons:
    """A game's reasons in words, read from its catalogues' `[terms.unable]` table.
    `messages` returns the game's `Messages` (called on first use, so a game may build
    its catalogues lazily)."""

    def __init__(self, messages: Callable[[], Messages]) -> None:
        self._messages = messages
        # The same few reasons recur at every decision and filling a template is slow,
        # so each wording is kept once made (reasons name no seats, test_engine_unavailable).
        self._said: dict[tuple, str] = {}

    @property
    def messages(self) -> Messages:
        """The game's catalogues the reasons are worded in."""
        return self._messages()

    def say(self, reason: Why, lang: str = "en") -> str:
        """The reason as a player reads it, in `lang`."""
        try:
            memo = (reason.key, lang, *((k, _frozen(v)) for k, v in reason.data.items()))
        except TypeError:  # a value that cannot be a key: worded every time
            return self.messages.term(TABLE, reason.key, reason.data, lang)
        said = self._said.get(memo)
        if said is None:
            if len(self._said) >= MEMO:
                self._said.clear()
            said = self._said[memo] = self.messages.term(TABLE, reason.key, reason.data, lang)
        return said

    def typed(self, action_id: str, reason: Why | str) -> str:
        """The message for the person who typed the refused `action_id`: the reason in
        English with its rule ID. A plain string (a slip of the input, not a rule) is
        kept as it is."""
        if isinstance(reason, str):
            return reason
        return f"'{action_id}' is not possible now: {self.say(reason, 'en')} ({reason.rule})"

    def options(self, refusals: Iterable[Refusal], lang: str = "en") -> list[dict]:
        """`State.unavailable`'s list: one entry per id (the first reason found for it),
        each `{"id", "label", "why"}` in `lang`."""
        out, seen = [], set()
        for option, reason in refusals:
            if option.id in seen:
                continue
            seen.add(option.id)
            out.append({"id": option.id, "label": option.text(lang), "why": self.say(reason, lang)})
        return out

    def why_not(self, refusals: Iterable[Refusal], action_id: str) -> str | None:
        """The typed message of `action_id` if it is one of the refused options."""
        for option, reason in refusals:
            if option.id == action_id:
                return self.typed(action_id, reason)
        return None


class Refusals:
    """A game's refused options at each kind of decision: `by_step[name](state, seat,
    step)` lists them for the step on top of the stack, worded by `reasons`; `own(state,
    action_id)`, where a game has one, gives a typed id's reason before the refused
    options are looked at (a slip of the input, or a rule the options do not list)."""

    def __init__(
        self,
        reasons: Reasons,
        by_step: dict[str, Callable[..., list[Refusal]]],
        own: Callable[..., Why | str | None] | None = None,
    ) -> None:
        self.reasons, self.by_step, self.own = reasons, by_step, own

    def at(self, state) -> list[Refusal]:
        """Every option the seat to move cannot take at the open decision, with why."""
        if state.result is not None or state.to_move is None or not state.stack:
            return []
        step = state.stack[-1]
        find = self.by_step.get(step[0])
        return [] if find is None else find(state, state.to_move, step)

    def unavailable(self, state, lang: str = "en") -> list[dict]:
        """`State.unavailable`: the refused options in `lang`."""
        return self.reasons.options(self.at(state), lang)

    def why_not(self, state, action_id: str) -> str | None:
        """The message for the person who typed `action_id`, if it is refused here."""
        own = None if self.own is None else self.own(state, action_id)
        if own is not None:
            return self.reasons.typed(action_id, own)
        return self.reasons.why_not(self.at(state), action_id)


def reworded(message: str | None, action_id: str, rename: Callable[[str], str]) -> str | None:
    """A refusal message of a game played at a table of several (a draft's knockout, a
    championship), its players named as the table's by `rename`, while the id stays
    quoted as the person typed it (the game's ids name its own seats)."""
    if message is None:
        return None
    quoted = f"'{action_id}'"
    return quoted.join(rename(part) for part in message.split(quoted))
