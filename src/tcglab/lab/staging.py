"""A folder of output written under a temporary name beside where it belongs and put
in place only when it is whole: a run stopped by an error or Ctrl-C leaves nothing
half-written behind."""

from __future__ import annotations

import os
import secrets
import shutil
from pathlib import Path


class StagedFolder:
    """`path` is where to write; `finish()` puts what it holds at `target` (the folder
    renamed into place, or its files moved into a `target` that already exists),
    `discard()` removes it and any parent folder made for it. Raises OSError."""

    def __init__(self, target: Path) -> None:
        self.target = Path(target)
        parent = self.target.absolute().parent
        self.made: list[Path] = []  # parents that did not exist, deepest last
        missing = parent
        while not missing.exists():
            self.made.insert(0, missing)
            missing = missing.parent
        parent.mkdir(parents=True, exist_ok=True)
        try:
            self.path = _new_folder(parent, f".{self.target.name}.")
        except OSError:
            self._remove_made()
            raise

    def finish(self, last: tuple[str, ...] = ()) -> None:
        """Put the folder in place; the files named in `last` are moved after the
        others, so a reader never sees them beside a table still missing."""
        if not self.target.exists():
            os.replace(self.path, self.target)
            return
        names = sorted(os.listdir(self.path), key=lambda name: (name in last, name))
        for name in names:
            os.replace(self.path / name, self.target / name)
        os.rmdir(self.path)

    def discard(self) -> None:
        shutil.rmtree(self.path, ignore_errors=True)
        self._remove_made()

    def _remove_made(self) -> None:
        for folder in reversed(self.made):
            try:
                folder.rmdir()
            except OSError:  # something else was put there meanwhile: leave it
                break


def _new_folder(parent: Path, prefix: str) -> Path:
    """A new folder in `parent` of a name nothing else has, with the permissions any
    new folder gets (tempfile.mkdtemp's are the owner's alone, and the folder keeps
    them once in place)."""
    while True:
        path = parent / f"{prefix}{secrets.token_hex(4)}"
        try:
            path.mkdir()
        except FileExistsError:
            continue
        return path
