"""Every Python snippet of docs/rl.md and README.md runs as written: a researcher copies
them first."""

from __future__ import annotations

import re

import pytest

import scripts

from .helpers import need

need("gymnasium")
need("pettingzoo")
need("pyspiel")

SNIPPET = re.compile(r"```python\n(.*?)```", re.DOTALL)


def snippets(relative: str) -> list[str]:
    return SNIPPET.findall((scripts.ROOT / relative).read_text(encoding="utf-8"))


CASES = [
    pytest.param(code, id=f"{relative}:{number}")
    for relative in ("docs/rl.md", "README.md")
    for number, code in enumerate(snippets(relative), 1)
]


def test_the_documents_hold_the_snippets():
    assert len(snippets("docs/rl.md")) == 7
    assert len(snippets("README.md")) >= 2


@pytest.mark.filterwarnings("ignore:The old environment creation API:DeprecationWarning")
@pytest.mark.parametrize("code", CASES)
def test_a_snippet_runs_as_written(code):
    # run as a script is, so that a snippet's `if __name__ == "__main__":` block runs too
    exec(compile(code, "<snippet>", "exec"), {"__name__": "__main__"})
