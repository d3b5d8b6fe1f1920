"""DESIGN.md section 3, "Structure": the rules modules import each other in one direction, and the
turn/priority/stack core knows nothing of subgames or leaving (those rules hook into it through
``magicsub.hooks``).

The import graph is read from the source with ``ast``: module-level AND function-level
``from .x import y``, ``from . import x`` and ``import magicsub.x``, so an import hidden inside a
function (the usual way to paper over a circle) counts like any other.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

import magicsub

PACKAGE = Path(magicsub.__file__).parent

CORE = ("state", "transaction", "changes", "priority", "turns", "resolution", "effects",
        "triggers", "zones", "objects", "start")
"""The turn/priority/stack core."""
OUTSIDE_CORE = ("subgame", "leaving", "rulebook")
"""Rules that hook into the core and that the core must not reach."""
LAZY = ("render", "widgets", "htmlpage", "textview", "pagefiles", "validation")
"""Heavy optional modules that may be imported inside a function: the presentation modules and
``validation`` (it loads the JSON Schema validator only when a scenario is checked). An edge into
one of them from inside a function is not part of the rules graph."""


def _name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The magicsub modules that ``name`` imports anywhere in its source."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    in_function: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            in_function.update(id(n) for n in ast.walk(node) if n is not node)
    found: set[str] = set()
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                root = ".".join(base + ([node.module] if node.module else []))
            else:
                root = node.module or ""
            targets.append(root)
            targets.extend(f"{root}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            targets.extend(alias.name for alias in node.names)
        else:
            continue
        for target in targets:
            if target not in known or target == name:
                continue
            if id(node) in in_function and target.rpartition(".")[2] in LAZY:
                continue
            found.add(target)
    return found


def import_graph() -> dict[str, set[str]]:
    """Every magicsub module and the magicsub modules it imports (``magicsub`` itself, the
    package's ``__init__``, imports everything and is left out). Read once per ``PACKAGE``
    folder in a test session; each call gets its own copy."""
    return {name: set(targets) for name, targets in _graph(PACKAGE).items()}


@functools.cache
def _graph(package: Path) -> dict[str, frozenset[str]]:
    modules = _modules()
    known = set(modules)
    return {name: frozenset(_imports(name, path, known) - {"magicsub"})
            for name, path in modules.items() if name != "magicsub"}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of ``graph`` (as a list of modules), or None."""
    colour: dict[str, int] = {}
    trail: list[str] = []

    def visit(node: str) -> list[str] | None:
        colour[node] = 1
        trail.append(node)
        for nxt in sorted(graph.get(node, ())):
            if colour.get(nxt) == 1:
                return trail[trail.index(nxt):] + [nxt]
            if nxt not in colour:
                found = visit(nxt)
                if found:
                    return found
        trail.pop()
        colour[node] = 2
        return None

    for node in sorted(graph):
        if node not in colour:
            found = visit(node)
            if found:
                return found
    return None


def _reach(graph: dict[str, set[str]], start: str) -> dict[str, str]:
    """Every module reachable from ``start``, each with the module it was reached from."""
    seen = {start: ""}
    todo = [start]
    while todo:
        node = todo.pop()
        for nxt in sorted(graph.get(node, ())):
            if nxt not in seen:
                seen[nxt] = node
                todo.append(nxt)
    return seen


def _path(seen: dict[str, str], end: str) -> str:
    chain = [end]
    while seen[chain[-1]]:
        chain.append(seen[chain[-1]])
    return " -> ".join(reversed(chain))


def test_the_graph_sees_module_and_function_level_imports(tmp_path, monkeypatch):
    """The reader finds ``from .x import y`` inside a function as well as at the top (else the
    checks below could not fail)."""
    pkg = tmp_path / "magicsub"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("def f():\n    from .a import g\n    from .render import h\n")
    (pkg / "render.py").write_text("")
    monkeypatch.setattr(__import__(__name__), "PACKAGE", pkg)
    graph = import_graph()
    assert graph == {"magicsub.a": {"magicsub.b"}, "magicsub.b": {"magicsub.a"},
                     "magicsub.render": set()}
    assert _cycle(graph) == ["magicsub.a", "magicsub.b", "magicsub.a"]


def test_rules_modules_import_in_one_direction():
    """No import circle among magicsub's modules, counting imports inside functions."""
    graph = import_graph()
    assert "magicsub.priority" in graph and "magicsub.turns" in graph
    assert _cycle(graph) is None, "import circle: " + " -> ".join(_cycle(graph) or ())


@pytest.mark.parametrize("core", CORE)
def test_core_knows_nothing_of_subgames_or_leaving(core):
    """The core (``CORE``) cannot reach subgame, leaving or rulebook through any chain of imports:
    those rules hook into it (``magicsub.hooks``)."""
    graph = import_graph()
    seen = _reach(graph, f"magicsub.{core}")
    for other in OUTSIDE_CORE:
        assert f"magicsub.{other}" not in seen, _path(seen, f"magicsub.{other}")


def test_subgame_and_leaving_hook_into_the_core():
    """What the core used to call directly is registered on its events instead."""
    from magicsub import hooks, leaving, rulebook, subgame  # noqa: F401

    assert leaving.lose_all in hooks.handlers("players_lose")
    assert subgame.start_subgame in hooks.handlers("play_subgame")
    assert any(fn.__module__ == "magicsub.subgame" for fn in hooks.handlers("game_ended"))


def test_player_who_left_refusals_have_one_owner():
    """CR 800.4b ("the control change doesn't happen", "no token is created", "that object
    remains in its current zone") and CR 800.4d ("it isn't created") are written only by
    ``magicsub.departed``; every other module asks it."""
    import re

    owners: dict[str, list[str]] = {}
    pattern = re.compile(r"""tx\.step\(\s*"800\.4([bd])",\s*"([^"]*)\"""")
    for name, path in _modules().items():
        for letter, phrase in pattern.findall(path.read_text(encoding="utf-8")):
            if "put on the stack" not in phrase:
                owners.setdefault(name, []).append(f"800.4{letter}: {phrase}")
    assert set(owners) == {"magicsub.departed"}, owners
