"""A one-line progress bar for long runs, drawn only on a terminal.

When the stream is not a terminal (a file, a pipe, a CI log) the bar draws nothing,
so redirected output stays clean.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

WIDTH = 28


class Progress:
    """`with Progress(total, "games") as bar: ... bar.update(done)`."""

    def __init__(
        self, total: int, unit: str = "items", stream: TextIO | None = None, interval: float = 0.1
    ) -> None:
        self.total, self.unit, self.interval = max(total, 1), unit, interval
        self.stream = sys.stderr if stream is None else stream
        self.live = _is_terminal(self.stream)
        self.start = time.perf_counter()
        self.done = 0
        self._drawn_at = -interval

    def update(self, done: int) -> None:
        self.done = done
        now = time.perf_counter()
        if self.live and (now - self._drawn_at >= self.interval or done >= self.total):
            self._drawn_at = now
            self._draw(now)

    def close(self) -> None:
        if self.live:
            self._draw(time.perf_counter())
            self.stream.write("\n")
            self.stream.flush()
            self.live = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def line(self, now: float) -> str:
        """The bar as text: filled share, count, rate and time left."""
        share = min(self.done / self.total, 1.0)
        filled = round(share * WIDTH)
        elapsed = max(now - self.start, 1e-9)
        rate = self.done / elapsed
        left = (self.total - self.done) / rate if rate and self.done < self.total else 0.0
        return (
            f"[{'#' * filled}{'-' * (WIDTH - filled)}] {self.done}/{self.total} {self.unit}"
            f" · {rate:,.1f} {self.unit}/s · {_clock(elapsed)} elapsed, {_clock(left)} left"
        )

    def _draw(self, now: float) -> None:
        self.stream.write("\r" + self.line(now) + "\x1b[K")
        self.stream.flush()


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _clock(seconds: float) -> str:
    seconds = int(seconds + 0.5)
    minutes, seconds = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"
