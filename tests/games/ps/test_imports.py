"""The modules of the ps package import one another without a cycle: each rests only
on those below it (imports under `if TYPE_CHECKING:` are for type hints and do not
count)."""

from __future__ import annotations

import ast
from pathlib import Path

import tcglab.games.ps

PACKAGE = "tcglab.games.ps"
FOLDER = Path(tcglab.games.ps.__file__).parent


def _runtime_imports(tree: ast.Module):
    """Import statements that run when the module loads (not under TYPE_CHECKING)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            node.body = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The package's modules that the module at `path` imports."""
    found = set()
    for node in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif node.module == PACKAGE:
            names = [f"{PACKAGE}.{alias.name}" for alias in node.names]
        else:
            names = [node.module or ""]
        for name in names:
            short = name.removeprefix(PACKAGE + ".")
            if name.startswith(PACKAGE + ".") and short.split(".")[0] in modules:
                found.add(short.split(".")[0])
    return found


def import_graph() -> dict[str, set[str]]:
    modules = {p.stem for p in FOLDER.glob("*.py") if p.stem != "__init__"}
    return {m: imports_of(FOLDER / f"{m}.py", modules) for m in modules}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as a path that returns to its start, or None."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str] | None:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return None
        for nxt in sorted(graph.get(node, ())):
            cycle = visit(nxt, [*path, node])
            if cycle:
                return cycle
        done.add(node)
        return None

    for start in sorted(graph):
        cycle = visit(start, [])
        if cycle:
            return cycle
    return None


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"play": {"battle"}, "battle": {"effects"}, "effects": {"play"}}) == [
        "battle",
        "effects",
        "play",
        "battle",
    ]
    assert find_cycle({"play": {"battle"}, "battle": {"zones"}, "zones": set()}) is None


def test_the_ps_modules_import_one_another_without_a_cycle():
    graph = import_graph()
    assert {"state", "play", "battle", "effects", "parts", "values", "zones"} <= set(graph)
    assert "effects" in graph["play"]  # the reader sees real imports
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)
