"""The `tcglab` command: list the games, play one in the terminal, simulate many,
check a replay, and the rest of COMMANDS in `main`.

Each command is one module (`games`, `play`, `sim`, `arena`, `replay`, `odds`,
`deck`, `serve`) holding a `Command`: its name, its help texts, a function that adds
its arguments and a function that runs it and returns the exit status. What several
commands share lives beside them: argument types and bounds (`arguments`), errors and
exit statuses (`errors`), files (`files`), decks (`decks`) and terminal play
(`terminal`). A user's mistake is a TcglabError, shown as one line `tcglab: error:
...` with exit status 2; so is a mistake in the arguments themselves (`tcglab sim:
error: ...`). Anything else that escapes a command is a defect of tcglab: one line
saying so, exit status 1, and the trace when TCGLAB_DEBUG is set.
"""

from tcglab.cli.main import main

__all__ = ["main"]
