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
  translation); `{at:place}` a place on the table, the game's position ref ("P1.B1")
  or a list of them, as players read it: its seat's name (as `{seat:seat}` gives it)
  and the slot in the game's words, "Tester's B1", "TesterのB1" (the game says how a
  ref splits into the two: `place`), so no slot id reaches a log line;
  `{field:NAME}` looks the value up in `[terms.NAME]`, whose entries are templates
  themselves, filled from the same data.
- A game may derive extra fields for some kinds (`derive`), so the wording stays in
  the catalogue and only the arithmetic stays in code.

An `[actions]` table holds the labels of a game's actions in the same form, filled
only when someone reads a label (`Messages.action` makes such an action). Action data
may hold card objects: `{card:name}` and `{card:text}` are a card's name and text in
the catalogue's language (its `name_en` / `name_ja`, `text_en` / `text_ja`);
`{field:said}` is a pair `(function, value)` written as `function(value, lang)`, for
wording that a game's rules already know how to make (an ability's text); and a game can
add specs of its own (`specs`).
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from tcglab.engine.actions import Said
from tcglab.engine.cardfile import read_toml
from tcglab.engine.errors import CardDataError

LANGUAGES = ("en", "ja")

_PARSER = string.Formatter()
_new = tuple.__new__


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


# A place on the table: its seat's name, then the slot in the game's words.
_PLACE = {"en": "{seat}'s {slot}", "ja": "{seat}の{slot}"}


def _no_place(ref: str, lang: str) -> tuple[int, str]:
    raise KeyError(f"this game names no places, given {ref!r}")


def _places(place: Callable[[str, str], tuple[int, str]], refs, lang: str = "en") -> str:
    """A position ref (or a list of them) as players read it: 'Tester's B1'."""
    form, joiner = (_PLACE["ja"], "、") if lang == "ja" else (_PLACE["en"], ", ")
    if isinstance(refs, str):
        refs = (refs,)
    said = []
    for ref in refs:
        seat, slot = place(ref, lang)
        said.append(form.format(seat=seat_name(seat), slot=slot))
    return joiner.join(said)


class Template:
    """One message template, parsed once: its text, its pieces (literal text, then a
    field's name and format spec, or None after the last literal) and the fields it
    needs."""

    __slots__ = ("fields", "pieces", "text")

    def __init__(self, text: str, where: str) -> None:
        if not isinstance(text, str):
            raise CardDataError(f"{where}: a message must be text, not {text!r}")
        try:
            parts = list(_PARSER.parse(text))
        except ValueError as exc:
            raise CardDataError(f"{where}: {exc} in {text!r}") from None
        fields, pieces = [], []
        for literal, name, spec, conversion in parts:
            if name is not None and (
                not name.isidentifier() or conversion is not None or "{" in spec
            ):
                raise CardDataError(f"{where}: field {{{name}}} must be a plain name")
            if name is not None:
                fields.append(name)
            pieces.append((literal, name, spec))
        self.text, self.fields, self.pieces = text, tuple(fields), tuple(pieces)

    def fits(self, data: dict) -> bool:
        return all(name in data for name in self.fields)


class _Filler:
    """Fills templates for one language, reading the special format specs. Templates
    are parsed once (`Template.pieces`), so a fill only joins: two to three times faster
    over a whole log than `string.Formatter`, which parses the text again at every call."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue

    def fill(self, template: Template, data: dict) -> str:
        said = []
        for literal, name, spec in template.pieces:
            said.append(literal)
            if name is not None:
                said.append(self.format_field(data[name], spec, data))
        return "".join(said)

    def format_field(self, value, spec: str, data: dict) -> str:
        cat = self.catalogue
        if spec == "seat":
            return seat_name(value)
        if spec == "seats":
            return seat_names(value, cat.lang)
        if spec == "card":
            return cat.card_name(value, cat.lang)
        if spec in ("name", "text"):
            return getattr(value, f"{spec}_{cat.lang}") or getattr(value, f"{spec}_en")
        if spec == "said":
            return value[0](value[1], cat.lang)
        if spec == "place":
            return _places(cat.place, value, cat.lang)
        own = cat.specs.get(spec)
        if own is not None:
            return own(value, cat.lang)
        terms = cat.terms.get(spec)
        if terms is None:
            return format(value, spec)
        term = terms.get(str(value).lower() if isinstance(value, bool) else str(value))
        if term is None:
            raise KeyError(f"{cat.path}: no [terms.{spec}] entry for {value!r}")
        return self.fill(term, data)


class Catalogue:
    """The messages of one game in one language."""

    def __init__(
        self,
        path: Path,
        lang: str,
        card_name: Callable[[str, str], str],
        specs: dict[str, Callable] | None = None,
        place: Callable[[str, str], tuple[int, str]] = _no_place,
    ) -> None:
        data = read_toml(path)
        unknown = set(data) - {"messages", "actions", "terms"}
        if unknown:
            raise CardDataError(
                f"{path}: unknown table(s) {sorted(unknown)}; tables: messages, actions, terms"
            )
        self.path, self.lang, self.card_name, self.place = path, lang, card_name, place
        self.specs = specs or {}
        self.messages = _templates(path, data, "messages", "message")
        self.actions = _templates(path, data, "actions", "action")
        self.terms: dict[str, dict[str, Template]] = {}
        for name, table in _table(path, data, "terms").items():
            if not isinstance(table, dict):
                raise CardDataError(f"{path}: [terms.{name}] must be a table")
            where = f"{path}: [terms.{name}]"
            self.terms[name] = {key: Template(t, f"{where} {key!r}") for key, t in table.items()}
        self._filler = _Filler(self)

    def describe(self, kind: str, data: dict) -> str:
        return self._fill(self.messages[kind], kind, data)

    def label(self, kind: str, data: dict) -> str:
        return self._fill(self.actions[kind], kind, data)

    def _fill(self, templates: tuple[Template, ...], kind: str, data: dict) -> str:
        for template in templates:
            if template.fits(data):
                return self._filler.fill(template, data)
        needed = " or ".join(str(list(t.fields)) for t in templates)
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


def _templates(path: Path, data: dict, key: str, what: str) -> dict[str, tuple[Template, ...]]:
    """A table of templates by kind: a template, or a list tried in order."""
    found = {}
    for kind, entry in _table(path, data, key).items():
        texts = entry if isinstance(entry, list) else [entry]
        where = f"{path}: {what} {kind!r}"
        found[kind] = tuple(Template(t, where) for t in texts)
    return found


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
    name the events carry (in English) into `lang`; `place(ref, lang)` splits a position
    ref the events carry into its seat and the slot in `lang`'s words (`{at:place}`);
    `derive[kind](data)` returns extra fields a kind's templates use.
    """

    def __init__(
        self,
        folder: Path,
        card_name: Callable[[str, str], str] = _same_name,
        derive: dict[str, Callable[[dict], dict]] | None = None,
        specs: dict[str, Callable] | None = None,
        place: Callable[[str, str], tuple[int, str]] = _no_place,
    ) -> None:
        self.by_lang = {
            lang: Catalogue(folder / f"{lang}.toml", lang, card_name, specs, place)
            for lang in LANGUAGES
        }
        self.derive = derive or {}
        english = self.by_lang["en"]
        for catalogue in self.by_lang.values():
            for table in ("messages", "actions"):
                ours, theirs = set(getattr(english, table)), set(getattr(catalogue, table))
                if ours != theirs:
                    raise CardDataError(
                        f"{catalogue.path}: [{table}] differs from English: "
                        f"missing {sorted(ours - theirs)}, extra {sorted(theirs - ours)}"
                    )

    def kinds(self) -> set[str]:
        return set(self.by_lang["en"].messages)

    def describe(self, kind: str, data: dict, lang: str = "en") -> str:
        """The message of one event in `lang` ("ja", or English for anything else)."""
        derive = self.derive.get(kind)
        if derive is not None:
            data = {**data, **derive(data)}
        return self.by_lang.get(lang, self.by_lang["en"]).describe(kind, data)

    def label(self, kind: str, data: dict, lang: str = "en") -> str:
        """The label of one action in `lang` ("ja", or English for anything else)."""
        return self.by_lang.get(lang, self.by_lang["en"]).label(kind, data)

    def action(self, action_id: str, kind: str, /, **data) -> Said:
        """An action labelled by the `[actions]` template `kind`, filled when read."""
        return _new(Said, (action_id, self, kind, data))  # Said(...) without its frame

    def term(self, name: str, key: str, data: dict, lang: str = "en") -> str:
        """An entry of `[terms.NAME]` in `lang` ("ja", or English for anything else),
        filled from `data`."""
        return self.by_lang.get(lang, self.by_lang["en"]).term(name, key, data)
