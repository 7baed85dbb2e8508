"""Files a person names on the command line: read with every failure as one line, and
checked before any work that they can be written."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from tcglab.cli.errors import UsageError

T = TypeVar("T")


def read_file(path: Path, what: str, limit: int) -> str:
    """The text of a file a person named, or a one-line UsageError saying why it cannot
    be read: missing, a folder, unreadable, larger than `limit` bytes, not UTF-8."""
    where = f"cannot read {what} {path}"
    try:
        if path.is_dir():
            raise UsageError(f"{where}: it is a folder; give a {what} file")
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise UsageError(f"{where}: {exc.strerror or exc}") from None
    except ValueError:  # a name Python cannot hand to the system, e.g. with a NUL in it
        raise UsageError(f"{where}: not a usable file name") from None
    if len(data) > limit:
        raise UsageError(f"{where}: it is larger than {_size(limit)}, the most a {what} may be")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError(
            f"{where}: not UTF-8 text (byte {data[exc.start]:#04x} at offset {exc.start})"
        ) from None


def _size(count: int) -> str:
    return f"{count / 2**20:g} MB" if count >= 2**20 else f"{count:,} bytes"


def exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):  # a name too long, or with a NUL in it
        return False


def check_writable(path: Path, option: str) -> None:
    """Refuse, before any work, a file that cannot be written: its folder is missing or
    it is a folder itself."""
    if path.is_dir():
        raise UsageError(f"{option} takes a file name, and {path} is a folder")
    if not path.parent.is_dir():
        raise UsageError(f"cannot write to {path}: no folder {path.parent}")


def check_new_file(path: Path, option: str, force: bool) -> None:
    """As check_writable, and refuse a file that is there already unless `force`: a
    command never overwrites a file without being told to."""
    check_writable(path, option)
    if not force and exists(path):
        raise UsageError(
            f"{path} already exists; give {option} a new file name, or add --force to overwrite it"
        )


def write(do: Callable[[], T], where: Path) -> T:
    """Run a file-system write, turning its failure into a one-line error."""
    try:
        return do()
    except OSError as exc:
        raise UsageError(f"cannot write to {where}: {exc.strerror or exc}") from None
