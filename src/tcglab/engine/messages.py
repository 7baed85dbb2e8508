"""Event messages as data: one TOML catalogue per game and language, which a
translator can edit without reading Python.

A catalogue file (`messages/en.toml`, `messages/ja.toml` in a game's package) has a
`[messages]` table, one entry per event kind, and optional `[terms.NAME]` tables:

    [messages]
    draw = ["{seat:seat} draws {name:card}", "{seat:seat} draws a card"]
    game_over = "Game over ({reason:reason}): {winner:seat} wins"

    [terms.reason]
    damage = "damage reached 10"
    deck_out = "a draw could not be made"

- A message is a template, or a list of templates: the first whose fields are all in
  the event's data is used (so a secret a viewer may not see picks the wording that
  does without it).
- `{field}` is the value as it is; `{field:+d}` any Python format spec;
  `{seat:seat}` a seat's name (P1, P2 ..., or the names a table gives its seats,
  see `named`) and `{seats:seats}` a list of them;
  `{name:card}` a card's name in the catalogue's language (the game supplies the
  translation); `{field:NAME}` looks the value up in `[terms.NAME]`, whose entries
  are templates themselves, filled from the same data.
- A game may derive extra fields for some kinds (`derive`), so the wording stays in
  the catalogue and only the arithmetic stays in code.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from tcglab.engine.cardfile import read_toml
from tcglab.engine.errors import CardDataError

LANGUAGES = ("en", "ja")

_PARSER = string.Formatter()


# The names a table gave its seats, while its events are told (`named`); else none.
_NAMES: ContextVar[tuple[str, ...]] = ContextVar("seat_names", default=())


@contextmanager
def named(names) -> Iterator[None]:
    """Tell messages with these seat names (a name per seat; an empty one keeps P1)."""
    reset = _NAMES.set(tuple(names or ()))
    try:
        yield
    finally:
        _NAMES.reset(reset)


def seat_name(seat) -> str:
    """A seat as players read it: its name at a table that named it, else seat 0 is P1."""
    number = int(seat)
    names = _NAMES.get()
    if 0 <= number < len(names) and names[number]:
        return names[number]
    return f"P{number + 1}"


def seat_names(seats, lang: str = "en") -> str:
    joiner = "・" if lang == "ja" else ", "
    return joiner.join(seat_name(s) for s in seats)


class Template:
    """One message template, parsed once: its text and the fields it needs."""

    __slots__ = ("fields", "text")

    def __init__(self, text: str, where: str) -> None:
        if not isinstance(text, str):
            raise CardDataError(f"{where}: a message must be text, not {text!r}")
        try:
            parts = list(_PARSER.parse(text))
        except ValueError as exc:
            raise CardDataError(f"{where}: {exc} in {text!r}") from None
        fields = []
        for _literal, name, _spec, conversion in parts:
            if name is None:
                continue
            if not name.isidentifier() or conversion is not None:
                raise CardDataError(f"{where}: field {{{name}}} must be a plain name")
            fields.append(name)
        self.text, self.fields = text, tuple(fields)

    def fits(self, data: dict) -> bool:
        return all(name in data for name in self.fields)


class _Filler(string.Formatter):
    """Fills templates for one language, reading the special format specs."""

    def __init__(self, catalogue: Catalogue) -> None:
        super().__init__()
        self.catalogue = catalogue

    def fill(self, template: Template, data: dict) -> str:
        self.data = data
        return self.vformat(template.text, (), data)

    def format_field(self, value, spec: str) -> str:
        cat = self.catalogue
        if spec == "seat":
            return seat_name(value)
        if spec == "seats":
            return seat_names(value, cat.lang)
        if spec == "card":
            return cat.card_name(value, cat.lang)
        terms = cat.terms.get(spec)
        if terms is None:
            return format(value, spec)
        term = terms.get(str(value).lower() if isinstance(value, bool) else str(value))
        if term is None:
            raise KeyError(f"{cat.path}: no [terms.{spec}] entry for {value!r}")
        return self.fill(term, self.data)


class Catalogue:
    """The messages of one game in one language."""

    def __init__(
        self,
        path: Path,
        lang: str,
        card_name: Callable[[str, str], str],
    ) -> None:
        data = read_toml(path)
        unknown = set(data) - {"messages", "terms"}
        if unknown:
            raise CardDataError(
                f"{path}: unknown table(s) {sorted(unknown)}; tables: messages, terms"
            )
        self.path, self.lang, self.card_name = path, lang, card_name
        self.messages: dict[str, tuple[Template, ...]] = {}
        for kind, entry in _table(path, data, "messages").items():
            texts = entry if isinstance(entry, list) else [entry]
            where = f"{path}: message {kind!r}"
            self.messages[kind] = tuple(Template(t, where) for t in texts)
        self.terms: dict[str, dict[str, Template]] = {}
        for name, table in _table(path, data, "terms").items():
            if not isinstance(table, dict):
                raise CardDataError(f"{path}: [terms.{name}] must be a table")
            where = f"{path}: [terms.{name}]"
            self.terms[name] = {key: Template(t, f"{where} {key!r}") for key, t in table.items()}
        self._filler = _Filler(self)

    def describe(self, kind: str, data: dict) -> str:
        for template in self.messages[kind]:
            if template.fits(data):
                return self._filler.fill(template, data)
        needed = " or ".join(str(list(t.fields)) for t in self.messages[kind])
        raise KeyError(f"{self.path}: {kind!r} needs the fields {needed}, given {sorted(data)}")

    def term(self, name: str, key: str, data: dict) -> str:
        """One entry of `[terms.NAME]` filled from `data`: words a game says outside
        its events (why an option cannot be taken now, `tcglab.engine.unavailable`)."""
        table = self.terms.get(name)
        if table is None or key not in table:
            raise KeyError(f"{self.path}: no [terms.{name}] entry {key!r}")
        template = table[key]
        if not template.fits(data):
            missing = sorted(set(template.fields) - set(data))
            raise KeyError(f"{self.path}: [terms.{name}] {key!r} needs the fields {missing}")
        return self._filler.fill(template, data)


def _table(path: Path, data: dict, key: str) -> dict:
    table = data.get(key, {})
    if not isinstance(table, dict):
        raise CardDataError(f"{path}: [{key}] must be a table")
    return table


def _same_name(name: str, lang: str) -> str:
    return name


class Messages:
    """A game's event messages in every language, with English as the fallback.

    `folder` holds `en.toml` and `ja.toml`; `card_name(name, lang)` translates a card
    name the events carry (in English) into `lang`; `derive[kind](data)` returns extra
    fields a kind's templates use.
    """

    def __init__(
        self,
        folder: Path,
        card_name: Callable[[str, str], str] = _same_name,
        derive: dict[str, Callable[[dict], dict]] | None = None,
    ) -> None:
        self.by_lang = {
            lang: Catalogue(folder / f"{lang}.toml", lang, card_name) for lang in LANGUAGES
        }
        self.derive = derive or {}
        english = set(self.by_lang["en"].messages)
        for catalogue in self.by_lang.values():
            missing = english - set(catalogue.messages)
            extra = set(catalogue.messages) - english
            if missing or extra:
                raise CardDataError(
                    f"{catalogue.path}: messages differ from English: "
                    f"missing {sorted(missing)}, extra {sorted(extra)}"
                )

    def kinds(self) -> set[str]:
        return set(self.by_lang["en"].messages)

    def describe(self, kind: str, data: dict, lang: str = "en") -> str:
        """The message of one event in `lang` ("ja", or English for anything else)."""
        derive = self.derive.get(kind)
        if derive is not None:
            data = {**data, **derive(data)}
        return self.by_lang.get(lang, self.by_lang["en"]).describe(kind, data)

    def term(self, name: str, key: str, data: dict, lang: str = "en") -> str:
        """An entry of `[terms.NAME]` in `lang` ("ja", or English for anything else),
        filled from `data`."""
        return self.by_lang.get(lang, self.by_lang["en"]).term(name, key, data)
