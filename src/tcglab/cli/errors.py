"""Exit statuses and the one-line messages of the command line: a person's mistake is
a `TcglabError` (status 2), a defect of tcglab is reported as one (status 1)."""

from __future__ import annotations

import os
import re
import sys
import traceback

from tcglab.engine import TcglabError

OK, FAILED, USAGE, INTERRUPTED = 0, 1, 2, 130
BUG = FAILED


class UsageError(TcglabError):
    """A command-line value that the command cannot use."""


def one_line(text: str) -> str:
    """`text` with any line break or control character written as an escape, so that a
    message quoting what a person typed or a file held stays on one line."""
    return _CONTROL.sub(lambda found: repr(found[0])[1:-1], text)


_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def quoted(text: str) -> str:
    """What a person typed, quoted, and cut short where it is too long to echo whole."""
    if len(text) <= 40:
        return repr(text)
    return f"{text[:30]!r}... ({len(text):,} characters)"


def report_error(error: TcglabError) -> int:
    print(f"tcglab: error: {one_line(str(error))}", file=sys.stderr)
    return USAGE


def report_bug(bug: Exception) -> int:
    """One line for a defect of tcglab itself; TCGLAB_DEBUG=1 prints the trace too."""
    if os.environ.get("TCGLAB_DEBUG", "") not in ("", "0"):
        traceback.print_exception(bug, file=sys.stderr)
    what = one_line(f"{type(bug).__name__}: {bug}")
    what = what if len(what) <= 200 else what[:197] + "..."
    print(
        f"tcglab: internal error: {what} -- this is a bug in tcglab, not a mistake in what "
        "you typed; please report it with the command you ran (TCGLAB_DEBUG=1 shows where "
        "it happened)",
        file=sys.stderr,
    )
    return BUG
