"""The progress bar draws on a terminal and stays silent anywhere else."""

import io

from tcglab.sim import Progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_draws_on_a_terminal_and_ends_the_line():
    screen = Terminal()
    with Progress(4, "games", stream=screen, interval=0) as bar:
        for done in range(1, 5):
            bar.update(done)
    text = screen.getvalue()
    assert text.count("\r[") == 5  # four updates and the final draw
    assert "\r[" + "#" * 28 + "] 4/4 games · " in text
    assert "games/s" in text and "left" in text
    assert text.endswith("\n")
    assert "] 2/4 games" in text and "#" * 14 + "-" * 14 in text


def test_silent_when_not_a_terminal():
    log = io.StringIO()
    with Progress(3, "games", stream=log, interval=0) as bar:
        for done in range(1, 4):
            bar.update(done)
    assert log.getvalue() == ""


def test_redraws_at_most_once_per_interval():
    screen = Terminal()
    bar = Progress(1000, "games", stream=screen, interval=3600)
    for done in range(1, 1000):
        bar.update(done)
    assert screen.getvalue().count("\r[") == 1  # the first update only
    bar.update(1000)  # the last one always shows
    assert screen.getvalue().count("\r[") == 2
