"""No import cycles inside the Precious Memories package: every module of
`tcglab.games.pm` imports only modules below it. Imports under `if TYPE_CHECKING:`
(type names only) do not count; imports inside functions do.

Run as a script to print the import graph: `python tests/games/pm/test_imports.py`.
"""

from __future__ import annotations

import ast
from pathlib import Path

import tcglab.games.pm

PACKAGE = "tcglab.games.pm"
FOLDER = Path(tcglab.games.pm.__file__).parent


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imported(source: str, modules: set[str]) -> set[str]:
    """The package's modules that a module's source imports at run time."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == PACKAGE:  # from tcglab.games.pm import turn, GAME
                found.update(a.name if a.name in modules else "__init__" for a in node.names)
            elif node.module.startswith(PACKAGE + "."):
                found.add(node.module[len(PACKAGE) + 1 :].split(".")[0])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(PACKAGE + "."):
                    found.add(alias.name[len(PACKAGE) + 1 :].split(".")[0])
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(source))
    return found & (modules | {"__init__"})


def import_graph(folder: Path = FOLDER) -> dict[str, set[str]]:
    modules = {path.stem for path in folder.glob("*.py")}
    return {
        path.stem: imported(path.read_text(encoding="utf-8"), modules) - {path.stem}
        for path in sorted(folder.glob("*.py"))
    }


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


def test_no_import_cycle_in_pm():
    graph = import_graph()
    assert {"state", "parts", "values", "effects", "cards"} <= set(graph)
    assert cycles(graph) == []


def test_a_cycle_is_found(tmp_path):
    (tmp_path / "a.py").write_text(f"from {PACKAGE} import b\n")
    (tmp_path / "b.py").write_text(f"def f():\n    from {PACKAGE}.c import x\n")
    (tmp_path / "c.py").write_text(
        f"from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from {PACKAGE} import b\n"
        f"import {PACKAGE}.a\n"
    )
    graph = import_graph(tmp_path)
    assert graph == {"a": {"b"}, "b": {"c"}, "c": {"a"}}
    assert cycles(graph) == [["a", "b", "c", "a"]]


if __name__ == "__main__":
    for name, targets in import_graph().items():
        print(f"{name}: {', '.join(sorted(targets))}")
    print("cycles:", cycles(import_graph()) or "none")
