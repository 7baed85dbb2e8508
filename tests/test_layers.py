"""The layers of DESIGN.md hold: the engine imports no game and nothing above it; a game
imports only the engine and itself, never another game, the agents, the simulator or
the server; everything above the games finds them through the registry; and no game
package has an import cycle. Imports under `if TYPE_CHECKING:` (type names only) do
not count; imports inside functions do.

Run as a script to print each game's import graph: `python tests/test_layers.py`.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "tcglab"
GAMES = sorted(p.name for p in (SRC / "games").iterdir() if (p / "__init__.py").exists())


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(source: str) -> set[str]:
    """Every module a source imports at run time, as dotted names (`from a import b`
    counts as both `a` and `a.b`, since b may be a module)."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(source))
    return found


def modules_under(folder: Path):
    for path in sorted(folder.rglob("*.py")):
        yield path, imports_of(path.read_text(encoding="utf-8"))


def import_graph(folder: Path, package: str) -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports (by file stem)."""
    stems = {path.stem for path in folder.glob("*.py")}
    graph = {}
    for path in sorted(folder.glob("*.py")):
        names = imports_of(path.read_text(encoding="utf-8"))
        inside = {n[len(package) + 1 :].split(".")[0] for n in names if n.startswith(package + ".")}
        graph[path.stem] = (inside & stems) - {path.stem}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import cycle found by a depth-first walk, each as the modules around it."""
    found, state = [], {}  # state: 1 on the walk's path, 2 finished

    def walk(module: str, path: list[str]) -> None:
        state[module] = 1
        for other in sorted(graph.get(module, ())):
            if state.get(other) == 1:
                found.append([*path[path.index(other) :], other])
            elif other not in state:
                walk(other, [*path, other])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            walk(module, [module])
    return found


def _offending(folder: Path, allowed) -> list[str]:
    bad = []
    for path, names in modules_under(folder):
        for name in sorted(names):
            # `tcglab` alone is the version, which every layer may read
            if name.startswith("tcglab.") and not allowed(name):
                bad.append(f"{path.relative_to(SRC)} imports {name}")
    return bad


def test_the_engine_imports_nothing_above_it():
    assert _offending(SRC / "engine", lambda n: n.startswith("tcglab.engine")) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_only_the_engine_and_itself(game):
    own = f"tcglab.games.{game}"
    allowed = lambda n: n.startswith(("tcglab.engine", own)) or n == "tcglab.games"  # noqa: E731
    assert _offending(SRC / "games" / game, allowed) == []


@pytest.mark.parametrize("layer", ["agents", "sim", "server", "cli"])
def test_the_layers_above_find_games_through_the_registry(layer):
    assert _offending(SRC / layer, lambda n: not n.startswith("tcglab.games")) == []


@pytest.mark.parametrize("game", GAMES)
def test_no_import_cycle_in_a_game(game):
    graph = import_graph(SRC / "games" / game, f"tcglab.games.{game}")
    assert {"state", "game"} <= set(graph)
    assert cycles(graph) == []


def test_a_cycle_is_found(tmp_path):
    package = "tcglab.games.toy"
    (tmp_path / "a.py").write_text(f"from {package} import b\n")
    (tmp_path / "b.py").write_text(f"def f():\n    from {package}.c import x\n")
    (tmp_path / "c.py").write_text(
        f"from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from {package} import b\n"
        f"import {package}.a\n"
    )
    graph = import_graph(tmp_path, package)
    assert graph == {"a": {"b"}, "b": {"c"}, "c": {"a"}}
    assert cycles(graph) == [["a", "b", "c", "a"]]


if __name__ == "__main__":
    for game in GAMES:
        graph = import_graph(SRC / "games" / game, f"tcglab.games.{game}")
        print(f"== {game}: cycles {cycles(graph) or 'none'}")
        for name, targets in graph.items():
            print(f"  {name}: {', '.join(sorted(targets))}")
