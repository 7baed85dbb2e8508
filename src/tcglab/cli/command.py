"""What a command is (its name, help texts, arguments and what it runs), and the
argument parser every command uses: a mistake in the arguments is one line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass

from tcglab.cli.errors import USAGE, one_line


@dataclass(frozen=True)
class Command:
    name: str
    summary: str
    description: str
    examples: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


class ArgumentParser(argparse.ArgumentParser):
    """argparse, but a mistake in the arguments is one line, not the usage and a line:
    `tcglab sim: error: argument --games: ... (see tcglab sim --help)`, exit status 2.
    Subcommands' parsers are of this class too (add_subparsers makes them so)."""

    def __init__(self, *args, command: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.command = command

    def parse_known_args(self, args=None, namespace=None):
        """A command's parser refuses arguments it does not know itself, so that the
        message points to that command's --help rather than tcglab's."""
        parsed, extras = super().parse_known_args(args, namespace)
        if extras and self.command:
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed, extras

    def error(self, message: str):
        print(f"{self.prog}: error: {one_line(message)} (see {self.prog} --help)", file=sys.stderr)
        self.exit(USAGE)
