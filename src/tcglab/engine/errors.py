"""Errors the engine raises for bad input.

Every message is one line that says what was wrong and what is accepted, so the CLI
and the server can show it to a person as it is.
"""


class TcglabError(Exception):
    """Base of every error that is the user's input rather than a bug."""


class IllegalAction(TcglabError):
    """An action that is not among the legal actions of the seat to move."""


class UnknownGame(TcglabError):
    """A game id that no registered game has."""


class BadOption(TcglabError):
    """An unknown rule option, or a value the option does not accept."""


class CardDataError(TcglabError):
    """A card file that does not match its schema (names file, card and field)."""


class ReplayError(TcglabError):
    """A replay file that is corrupt, foreign or made for other cards or rules."""


class ScenarioError(TcglabError):
    """A scenario file that cannot be loaded, run or written (names file, line, field)."""


def first_line(error: BaseException) -> str:
    """The first line of what another library's error says (its type's name when it
    says nothing), for a one-line message that quotes it."""
    return (str(error).strip().splitlines() or [type(error).__name__])[0]
