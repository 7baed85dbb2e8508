"""What a client may send the game server: every request body, query and websocket
message as a declared model with its limits, and the JSON reader in front of them.

Text is checked before anything is stored or echoed: valid Unicode (no lone surrogates,
which no reply could encode), no control characters and no invisible format characters
in names and titles (`is_visible_line`), bounded lengths. Whole numbers stay within
what a JavaScript client holds exactly (±2**53).
Unknown fields are refused by name, so a client's typo is told rather than ignored.

A refusal is one line, `where: what is accepted`, raised as a ServerError (400);
`read_json` refuses pathological JSON (deep nesting, huge numbers) before any parser
sees it.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal, TypeVar, get_args, get_origin

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, PlainValidator, ValidationError

from tcglab.engine.registry import games
from tcglab.engine.text import has_control_characters, has_hidden_characters
from tcglab.server.catalogue import LEVELS
from tcglab.server.errors import ServerError
from tcglab.server.inputs import LANGUAGES, MAX_GRACE, MAX_NAME, MAX_TITLE, MAX_TOKEN
from tcglab.server.scenarios import MAX_SCENARIO

MAX_INT = 2**53  # the largest whole number a JavaScript client holds exactly
MAX_SEATS = 8
MAX_REF = 64
MAX_ACTION = 256
MAX_OPTIONS = 32
MAX_OPTION_NAME = 40
MAX_OPTION_TEXT = 40
MAX_DECK_NAME = 64
MAX_DECK_TEXT = 20_000
MAX_DECK_CARDS = 300
MAX_CARD_ID = 32
MAX_DEPTH = 16  # arrays and objects inside one another; real requests use 3
MAX_DIGITS = 40  # digits in one number literal
MAX_QUERY = 200  # characters of one query parameter
MAX_SHOWN = 24  # characters of a refused value repeated in its error
MAX_PUZZLE_NAME = 80

LINE_BREAKS = "\n\r\t"  # what a pasted, parsed text (a deck list, a scenario file) may hold
TOKEN = re.compile(rf"[A-Za-z0-9_-]{{1,{MAX_TOKEN}}}")
PLAIN_KEY = re.compile(r"[A-Za-z0-9_-]{1,40}")
KEPT_ID = re.compile(r"[A-Za-z0-9_-]{1,24}")  # a kept deck's id


# -- text and numbers ---------------------------------------------------------


def is_unicode(text: str) -> bool:
    """False for a string holding a lone surrogate (JSON's "\\ud800" escape makes one)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def is_visible_line(text: str) -> bool:
    """One line that shows as it reads (see tcglab.engine.text): the check of every
    name and title a person reads."""
    return not has_hidden_characters(text)


def is_line(text: str, limit: int) -> bool:
    """One visible line of at most `limit` characters, valid Unicode."""
    return len(text) <= limit and is_unicode(text) and is_visible_line(text)


def one_line(value: str) -> str:
    if not is_visible_line(value):
        raise ValueError("control or format characters")
    return value


def some_lines(value: str) -> str:
    if has_control_characters(value, allowed=LINE_BREAKS):
        raise ValueError("control characters")
    return value


def is_whole(value: Any) -> bool:
    """A whole number (not true/false) within ±2**53."""
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_INT


def Line(limit: int) -> Any:
    """The type of one visible line of at most `limit` characters (is_visible_line)."""
    return Annotated[str, Field(max_length=limit), AfterValidator(one_line)]


Count = Annotated[int, Field(ge=0, le=MAX_INT)]
SeatNumber = Annotated[int, Field(ge=0, lt=MAX_SEATS)]
Token = Annotated[str, Field(pattern=f"^{TOKEN.pattern}$")]
Lang = Literal[LANGUAGES]  # type: ignore[valid-type]
Level = Literal[LEVELS]  # type: ignore[valid-type]
ActionId = Line(MAX_ACTION)
DeckText = Annotated[str, Field(max_length=MAX_DECK_TEXT), AfterValidator(some_lines)]


def registered_game(value: str) -> str:
    if value not in games():
        raise ValueError("not a game")
    return value


GameId = Annotated[str, Field(max_length=40), AfterValidator(registered_game)]
FormatName = Line(40)  # which names a game offers is the Lobby's to check


def check_ref(value: Any) -> Any:
    """A client's label for a message, echoed in the reply: short text or a number."""
    if is_whole(value) or (isinstance(value, str) and is_line(value, MAX_REF)):
        return value
    raise ValueError("not a ref")


def check_option_value(value: Any) -> Any:
    """A rule option's value as JSON gives it; the game checks it against the option.
    Text that reads as a whole number must be in range too: the game converts it."""
    if value is None or isinstance(value, bool) or is_whole(value):
        return value
    if isinstance(value, str) and is_line(value, MAX_OPTION_TEXT):
        try:
            number = int(value)
        except ValueError:
            return value
        if abs(number) <= MAX_INT:
            return value
    raise ValueError("not an option value")


def check_deck(value: Any) -> Any:
    """One seat's deck: null, a prebuilt deck's name, {"text": deck list}, {"kept": id}
    or card ids."""
    if value is None or (isinstance(value, str) and is_line(value, MAX_DECK_NAME)):
        return value
    if isinstance(value, dict) and list(value) == ["text"] and is_deck_text(value["text"]):
        return value
    if isinstance(value, dict) and list(value) == ["kept"] and is_kept_id(value["kept"]):
        return value  # a deck kept on the server, by its id
    if (
        isinstance(value, list)
        and len(value) <= MAX_DECK_CARDS
        and all(isinstance(card, str) and is_line(card, MAX_CARD_ID) for card in value)
    ):
        return value
    raise ValueError("not a deck")


def check_join_deck(value: Any) -> Any:
    """The deck a person joining a seat brings: null (the seat's default), a prebuilt
    deck's name, {"text": deck list} or {"kept": id}. Which decks there are and whether
    a list is legal is the Lobby's to check."""
    if value is None or (isinstance(value, str) and is_line(value, MAX_DECK_NAME)):
        return value
    if isinstance(value, dict) and list(value) == ["text"] and is_deck_text(value["text"]):
        return value
    if isinstance(value, dict) and list(value) == ["kept"] and is_kept_id(value["kept"]):
        return value
    raise ValueError("not a deck to join with")


def is_kept_id(value: Any) -> bool:
    return isinstance(value, str) and KEPT_ID.fullmatch(value) is not None


def is_deck_text(text: Any) -> bool:
    return (
        isinstance(text, str)
        and len(text) <= MAX_DECK_TEXT
        and is_unicode(text)
        and not has_control_characters(text, allowed=LINE_BREAKS)
    )


Ref = Annotated[Any, PlainValidator(check_ref)]
OptionValue = Annotated[Any, PlainValidator(check_option_value)]
Deck = Annotated[Any, PlainValidator(check_deck)]
JoinDeck = Annotated[Any, PlainValidator(check_join_deck)]
Options = Annotated[dict[Line(MAX_OPTION_NAME), OptionValue], Field(max_length=MAX_OPTIONS)]

SEAT = f"a seat number from 0 to {MAX_SEATS - 1}"
TOKEN_TEXT = f"the seat's token (at most {MAX_TOKEN} of A-Z a-z 0-9 _ -)"
WHOLE = "a whole number from 0 to 2**53"
REF = f"text of at most {MAX_REF} characters or a whole number within ±2**53"
LANG = f"one of {', '.join(LANGUAGES)}"
AUTO_PASS = "true (the table plays a lone pass for you) or false (full control)"


def text_of(limit: int) -> str:
    return (
        f"valid Unicode text of at most {limit} characters, without control characters "
        "or invisible format characters (direction overrides, zero-width spaces)"
    )


BUT_LINES = "without control characters other than line breaks and tabs"
DECK_LIST = f"a deck list: valid Unicode text of at most {MAX_DECK_TEXT} characters, {BUT_LINES}"
DECK_TEXT_ENTRY = f'{{"text": a deck list of at most {MAX_DECK_TEXT} characters, {BUT_LINES}}}'


# -- request bodies -----------------------------------------------------------


MAX_TRIAL_GAMES = 200  # a deck test's games against each prebuilt deck (server/trials.py)


class Body(BaseModel):
    """A JSON object with exactly the declared fields, each of exactly its type."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class SeatChoice(Body):
    kind: Literal["human", "ai"] = Field(description="human or ai")
    level: Level = Field("normal", description=f"the computer's level: {', '.join(LEVELS)}")


class ScenarioChoice(Body):
    """Where a table starts from: a shipped puzzle by name, or a scenario file's text
    (its size and contents are the Lobby's to check, each mistake named by line)."""

    puzzle: Line(MAX_PUZZLE_NAME) | None = Field(
        None, description="a shipped puzzle as GET /api/games/<game>/puzzles names it"
    )
    text: Annotated[str, Field(max_length=MAX_SCENARIO), AfterValidator(some_lines)] | None = Field(
        None,
        description=f"a scenario file: valid Unicode text of at most {MAX_SCENARIO} bytes, "
        f"{BUT_LINES}",
    )


class CreateTable(Body):
    game: GameId | None = Field(None, description="a game id (see GET /api/games)")
    seats: list[SeatChoice] | None = Field(
        None,
        min_length=1,
        max_length=MAX_SEATS,
        description=f"a list of 1 to {MAX_SEATS} seats, each {{kind, level}}",
    )
    scenario: ScenarioChoice | None = Field(
        None, description='a position to start from: {"puzzle": name} or {"text": TOML}'
    )
    level: Level | None = Field(
        None, description=f"with a scenario and no seats, the computer's: {', '.join(LEVELS)}"
    )
    options: Options | None = Field(
        None,
        description=f"an object of at most {MAX_OPTIONS} rule options, each a name and "
        "true/false, a whole number within ±2**53 or text of at most "
        f"{MAX_OPTION_TEXT} characters",
    )
    decks: list[Deck] | None = Field(
        None,
        max_length=MAX_SEATS,
        description="one entry per seat: null, a prebuilt deck's name, "
        f"{DECK_TEXT_ENTRY}, "
        f'{{"kept": a kept deck\'s id}} or a list of at most {MAX_DECK_CARDS} card ids',
    )
    format: FormatName | None = Field(
        None, description="a table format the game offers by name (see GET /api/games)"
    )
    join: SeatNumber | None = Field(None, description=f"the human seat you take: {SEAT}")
    name: Line(MAX_NAME) | None = Field(None, description=text_of(MAX_NAME))
    title: Line(MAX_TITLE) | None = Field(None, description=text_of(MAX_TITLE))
    seed: Annotated[int, Field(ge=0, lt=2**62)] | None = Field(
        None, description="a whole number from 0 to 2**62 - 1"
    )
    auto_pass: bool | None = Field(None, description=AUTO_PASS)
    grace: Annotated[int, Field(ge=0, le=MAX_GRACE)] | None = Field(
        None, description=f"a whole number of seconds from 0 to {MAX_GRACE}"
    )


class Join(Body):
    seat: SeatNumber = Field(description=SEAT)
    name: Line(MAX_NAME) | None = Field(None, description=text_of(MAX_NAME))
    auto_pass: bool | None = Field(None, description=AUTO_PASS)
    deck: JoinDeck = Field(
        None,
        description="null (the seat's default), a prebuilt deck's name, "
        f"{DECK_TEXT_ENTRY} or "
        '{"kept": a kept deck\'s id}, at a table still to be dealt',
    )


class SeatProof(Body):
    """A request a seated player makes: leave, concede, rematch."""

    seat: SeatNumber = Field(description=SEAT)
    token: Token | None = Field(None, description=TOKEN_TEXT)


class SeatSetting(SeatProof):
    auto_pass: bool = Field(description=AUTO_PASS)


class Act(Body):
    seat: SeatNumber = Field(description=SEAT)
    token: Token | None = Field(None, description=TOKEN_TEXT)
    action: ActionId = Field(description="the id of one of your legal actions")
    expected_version: Count | None = Field(None, description=f"the version you saw: {WHOLE}")

    def lobby_body(self) -> dict:
        """What the Lobby's act takes."""
        return {
            "seat": self.seat,
            "token": self.token,
            "action": self.action,
            "expected_version": self.expected_version,
        }


class View(Body):
    seat: SeatNumber | None = Field(None, description=f"{SEAT}, or null to watch")
    token: Token | None = Field(None, description=TOKEN_TEXT)
    since: Count = Field(0, description=f"the number of events already received: {WHOLE}")
    lang: Lang | None = Field(None, description=LANG)


class ReplayAsSeat(Body):
    """A replay step asked for by a seat that played the game: seen from that seat."""

    seat: SeatNumber = Field(description=SEAT)
    token: Token | None = Field(None, description=TOKEN_TEXT)
    lang: Lang | None = Field(None, description=LANG)


class CheckDeck(Body):
    text: DeckText = Field(description=DECK_LIST)


class KeepDeck(Body):
    """A deck to keep on the server (POST /api/decks)."""

    game: GameId = Field(description="a game id (see GET /api/games)")
    name: Line(MAX_DECK_NAME) = Field(min_length=1, description=text_of(MAX_DECK_NAME))
    text: DeckText = Field(description=DECK_LIST)


class TestDeck(Body):
    """A run of computer games testing a kept deck (POST /api/decks/<id>/trials)."""

    games: Annotated[int, Field(ge=10, le=MAX_TRIAL_GAMES)] = Field(
        100, description=f"games against each prebuilt deck, from 10 to {MAX_TRIAL_GAMES}"
    )


class EditDeck(Body):
    """A kept deck's new name and list, with its edit token (PUT /api/decks/<id>)."""

    token: Token = Field(description="the deck's edit token (at most 64 of A-Z a-z 0-9 _ -)")
    name: Line(MAX_DECK_NAME) = Field(min_length=1, description=text_of(MAX_DECK_NAME))
    text: DeckText = Field(description=DECK_LIST)


class DeleteDeck(Body):
    """A kept deck's edit token, to delete it (DELETE /api/decks/<id>)."""

    token: Token = Field(description="the deck's edit token (at most 64 of A-Z a-z 0-9 _ -)")


# -- queries (their values arrive as text) ------------------------------------


class Query(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Listing(Query):
    status: Literal["open", "running", "finished"] | None = Field(
        None, description="one of open, running, finished"
    )
    game: GameId | None = Field(None, description="a game id (see GET /api/games)")
    offset: Count = Field(0, description=WHOLE)
    limit: Annotated[int, Field(ge=1, le=200)] = Field(50, description="from 1 to 200")


class ReplayStep(Query):
    step: Count = Field(description="the number of actions to replay: " + WHOLE)
    lang: Lang = Field("en", description=LANG)


# -- websocket messages -------------------------------------------------------


class Hello(Body):
    type: Literal["hello"]
    seat: SeatNumber | None = Field(None, description=f"{SEAT}, or null to watch")
    token: Token | None = Field(None, description=TOKEN_TEXT)
    since: Count = Field(0, description=f"the number of events already received: {WHOLE}")
    lang: Lang | None = Field(None, description=LANG)
    ref: Ref = Field(None, description=REF)


class SocketAct(Act):
    type: Literal["act"]
    ref: Ref = Field(None, description=REF)


class Ping(Body):
    type: Literal["ping"]
    ref: Ref = Field(None, description=REF)


MESSAGES: dict[str, type[Body]] = {"hello": Hello, "act": SocketAct, "ping": Ping}


def echoable_ref(message: dict) -> Any:
    """The message's ref when it may be echoed in the reply, else None."""
    try:
        return check_ref(message.get("ref"))
    except ValueError:
        return None


def message_model(message: dict) -> type[Body]:
    kind = message.get("type")
    model = MESSAGES.get(kind) if isinstance(kind, str) else None
    if model is None:
        raise ServerError(f"type: one of {', '.join(MESSAGES)}{refused(kind)}")
    return model


# -- reading JSON -------------------------------------------------------------

# A JSON string (possessive, and its closing quote optional, so that no input makes
# the scan go back), an opening or closing bracket, or a long run of digits.
_LONG_NUMBER = re.compile(rf"[0-9]{{{MAX_DIGITS + 1},}}")
_TOKENS = re.compile(rf'"(?:[^"\\]++|\\.)*+"?|[\[{{]|[\]}}]|{_LONG_NUMBER.pattern}', re.S)


def check_shape(text: str, what: str) -> None:
    """Refuse JSON nested deeper than MAX_DEPTH or with a number longer than
    MAX_DIGITS digits, before a parser meets it (Python's json recurses once per level
    and refuses integers of more than 4300 digits with exceptions of its own)."""
    brackets = text.count("[") + text.count("{")
    if brackets <= MAX_DEPTH and not _LONG_NUMBER.search(text):
        return  # the common case: nothing to count
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in ("[", "{"):
            depth += 1
            if depth > MAX_DEPTH:
                raise ServerError(f"{what} is nested more than {MAX_DEPTH} levels deep")
        elif token in ("]", "}"):
            depth -= 1
        elif token[0] != '"':
            raise ServerError(f"{what} has a number of more than {MAX_DIGITS} digits")


def refuse_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def read_json(raw: bytes | str, what: str, example: str = "") -> dict:
    """The JSON object in `raw` (an empty body is {}), or a one-line ServerError."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ServerError(f"{what} must be UTF-8 JSON text") from None
    if not raw.strip():
        return {}
    check_shape(raw, what)
    try:
        value = json.loads(raw, parse_constant=refuse_constant)
    except (ValueError, RecursionError):  # JSONDecodeError is a ValueError
        value = None
    if not isinstance(value, dict):
        raise ServerError(f"{what} must be a JSON object{example}")
    return value


# -- refusals -----------------------------------------------------------------

M = TypeVar("M", bound=BaseModel)


def validated(model: type[M], data: dict) -> M:
    """`data` as `model`, or a ServerError saying where it is wrong and what is accepted."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise ServerError(explain(model, exc.errors()[0])) from None


def explain(model: type[BaseModel], error: dict) -> str:
    """One pydantic error as `where: what is accepted`."""
    loc = [part for part in error.get("loc", ()) if part != "[key]"]
    where = ".".join(shown_part(part) for part in loc) or "the request"
    owner, description = described(model, loc)
    kind = error.get("type", "")
    if kind == "extra_forbidden":
        fields = ", ".join(owner.model_fields) if owner else "none"
        return f"{where}: unknown field; the fields here are {fields}"
    if kind == "missing":
        return f"{where}: required; {description}"
    return f"{where}: {description}{refused(error.get('input'))}"


def described(model: type[BaseModel], loc: list) -> tuple[type[BaseModel] | None, str]:
    """The model that holds the last field of `loc`, and the description of the
    innermost described field on the way there."""
    node: Any = model
    owner: type[BaseModel] | None = model
    description = "a value of the right type"
    for part in loc:
        node = unwrapped(node)
        fields = getattr(node, "model_fields", None)
        if fields is not None and isinstance(part, str):
            owner = node
            info = fields.get(part)
            if info is None:
                return owner, description
            description = info.description or description
            node = info.annotation
        elif get_origin(node) in (list, dict):
            node = get_args(node)[-1]
        else:
            node = None
    return owner, description


def unwrapped(annotation: Any) -> Any:
    """`X` from `Annotated[X, ...]` or `X | None`."""
    while True:
        if get_origin(annotation) is Annotated:
            annotation = get_args(annotation)[0]
            continue
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) == 1 and type(None) in get_args(annotation):
            annotation = args[0]
            continue
        return annotation


def shown_part(part: Any) -> str:
    if isinstance(part, int) or (isinstance(part, str) and PLAIN_KEY.fullmatch(part)):
        return str(part)
    return json.dumps(str(part)[:MAX_SHOWN])  # escaped: safe to send back


def refused(value: Any) -> str:
    """The words ", not <value>" for a short refused value, else nothing; as JSON,
    escaped where it is not readable text, so that the error can always be sent."""
    if value is None or isinstance(value, bool) or is_whole(value):
        return f", not {json.dumps(value)}"
    if isinstance(value, str) and len(value) <= MAX_SHOWN:
        readable = is_unicode(value) and value.isprintable()
        return f", not {json.dumps(value, ensure_ascii=not readable)}"
    return ""


def query_of(model: type[M], params: Any, **path: str) -> M:
    """A query (and path parameters) as `model`; every value arrives as text."""
    data = dict(params) | path
    for key, value in data.items():
        if len(value) > MAX_QUERY:
            raise ServerError(f"{shown_part(key)}: at most {MAX_QUERY} characters")
    return validated(model, data)
