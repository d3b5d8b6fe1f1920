"""DESIGN.md section 3, "Structure": magicsub is a house of layers, and imports point down.

The layers, from the floor up (README.md, "How the code is organised"), are ``LAYERS``: the
engine (the turn/priority/stack core and the card registry), the rules that hook into it, the
cards, ``magicsub.game`` (the composition root), the scenario files, the views, the pages, and on
top ``magicsub.book``, ``magicsub.cli`` and the package itself. A module may import its own layer
and the layers below; within a layer the imports make no circle.

The import graph is read from the source with ``ast``: module-level AND function-level
``from .x import y``, ``from . import x`` and ``import magicsub.x``, so an import hidden inside a
function (the usual way to paper over a circle) counts like any other. There is no list of
modules to skip. The ONE allowed upward import is named, not listed: an object's
``_repr_html_`` (how Jupyter shows a ``Game`` or a ``Trace``) may import ``magicsub.views``
inside that method, so ``import magicsub`` stays light and the engine still draws in a notebook.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

import magicsub

PACKAGE = Path(magicsub.__file__).parent

LAYERS: tuple[tuple[str, ...], ...] = (
    ("engine",),
    ("rules",),
    ("cards",),
    ("game",),
    ("scenario",),
    ("views",),
    ("pages",),
    ("book", "cli", "__main__", ""),
)
"""Each layer's top-level names under ``magicsub`` (``""``: the package's ``__init__``), from the
floor up."""
REPR_HTML = "_repr_html_"
"""The method that may import upward, into ``VIEWS`` only."""
VIEWS = "views"


def _name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The magicsub modules that ``name`` imports anywhere in its source, except the one allowed
    upward import (``REPR_HTML`` into ``VIEWS``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    in_repr: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == REPR_HTML:
            in_repr.update(id(n) for n in ast.walk(node) if n is not node)
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
            modules = [f"{root}.{alias.name}" for alias in node.names]
            targets.extend(modules)
            if not all(m in known for m in modules):
                targets.append(root)  # a name defined in ``root`` itself, not a submodule
        elif isinstance(node, ast.Import):
            targets.extend(alias.name for alias in node.names)
        else:
            continue
        for target in targets:
            if target not in known or target == name:
                continue
            if id(node) in in_repr and _top(target) == VIEWS:
                continue
            found.add(target)
    return found


def _top(module: str) -> str:
    """``magicsub.engine.state`` -> ``engine``; ``magicsub`` -> ``""``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def layer(module: str) -> int:
    """The layer of a magicsub module (its index in ``LAYERS``); KeyError: in no layer."""
    top = _top(module)
    for i, names in enumerate(LAYERS):
        if top in names:
            return i
    raise KeyError(f"{module} is in no layer: add {top!r} to LAYERS and to README.md's picture")


def upward(graph: dict[str, set[str]]) -> list[str]:
    """Every import of ``graph`` that points up a layer, as ``"a (rules) -> b (views)"``."""
    def named(module: str) -> str:
        return f"{module} ({'/'.join(n or 'magicsub' for n in LAYERS[layer(module)])})"
    return [f"{named(a)} -> {named(b)}" for a in sorted(graph) for b in sorted(graph[a])
            if layer(b) > layer(a)]


def import_graph() -> dict[str, set[str]]:
    """Every magicsub module (``magicsub`` itself: the package's ``__init__``) and the magicsub
    modules it imports. Read once per ``PACKAGE`` folder in a test session; each call gets its
    own copy."""
    return {name: set(targets) for name, targets in _graph(PACKAGE).items()}


@functools.cache
def _graph(package: Path) -> dict[str, frozenset[str]]:
    modules = _modules()
    known = set(modules)
    return {name: frozenset(_imports(name, path, known)) for name, path in modules.items()}


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


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    pkg = tmp_path / "magicsub"
    for name, text in {"__init__.py": "", **files}.items():
        (pkg / name).parent.mkdir(parents=True, exist_ok=True)
        (pkg / name).write_text(text)
    return pkg


def test_the_graph_sees_module_and_function_level_imports(tmp_path, monkeypatch):
    """The reader finds ``from .x import y`` inside a function as well as at the top, with no
    module skipped (else the checks below could not fail)."""
    pkg = _package(tmp_path, {
        "engine/__init__.py": "", "engine/a.py": "from . import b\n",
        "engine/b.py": "def f():\n    from .a import g\n    from ..views.render import h\n",
        "views/__init__.py": "", "views/render.py": ""})
    monkeypatch.setattr(__import__(__name__), "PACKAGE", pkg)
    graph = import_graph()
    assert graph == {"magicsub": set(), "magicsub.engine": set(), "magicsub.views": set(),
                     "magicsub.engine.a": {"magicsub.engine.b"},
                     "magicsub.engine.b": {"magicsub.engine.a", "magicsub.views.render"},
                     "magicsub.views.render": set()}
    assert _cycle(graph) == ["magicsub.engine.a", "magicsub.engine.b", "magicsub.engine.a"]
    assert upward(graph) == ["magicsub.engine.b (engine) -> magicsub.views.render (views)"]


@pytest.mark.parametrize(("where", "text", "reported"), [
    ("engine/state.py", "from ..rules import subgame\n", True),
    ("engine/state.py", "def f():\n    from ..rules import subgame\n", True),
    ("rules/subgame.py", "from ..scenario import loader\n", True),
    ("scenario/loader.py", "def f():\n    from ..pages import widgets\n", True),
    ("engine/state.py", "import magicsub\n", True),
    ("engine/state.py", "class W:\n    def _repr_html_(self):\n"
                        "        from ..pages import widgets\n", True),
    ("engine/state.py", "class W:\n    def _repr_html_(self):\n"
                        "        from ..views import render\n", False),
    ("engine/state.py", "class W:\n    def html(self):\n"
                        "        from ..views import render\n", True),
    ("pages/widgets.py", "from ..engine import state\nfrom ..views import render\n", False),
])
def test_an_upward_import_is_reported(tmp_path, monkeypatch, where, text, reported):
    """A deliberate defect: a module importing a layer above its own, at the top or inside a
    function, is reported by ``upward``; only ``_repr_html_`` into the views is allowed."""
    files = {f"{d}/__init__.py": "" for d in ("engine", "rules", "scenario", "views", "pages")}
    files.update({"engine/state.py": "", "rules/subgame.py": "", "scenario/loader.py": "",
                  "views/render.py": "", "pages/widgets.py": ""})
    files[where] = text
    monkeypatch.setattr(__import__(__name__), "PACKAGE", _package(tmp_path, files))
    found = upward(import_graph())
    assert bool(found) is reported, found
    if reported:
        assert found[0].startswith(where.removesuffix(".py").replace("/", ".").join(
            ("magicsub.", " "))), found


def test_a_module_in_no_layer_is_refused(tmp_path, monkeypatch):
    """A new top-level module must be placed in a layer (no module goes unchecked)."""
    monkeypatch.setattr(__import__(__name__), "PACKAGE",
                        _package(tmp_path, {"helpers.py": "from . import game\n", "game.py": ""}))
    with pytest.raises(KeyError, match="magicsub.helpers is in no layer"):
        upward(import_graph())


def test_every_module_is_in_a_layer_and_imports_point_down():
    """Every magicsub module imports only its own layer and the layers below (``LAYERS``),
    counting imports inside functions; the one exception is ``_repr_html_`` into the views."""
    graph = import_graph()
    assert {"magicsub.engine.priority", "magicsub.rules.subgame", "magicsub.cards.fork",
            "magicsub.game", "magicsub.scenario", "magicsub.views.render",
            "magicsub.pages.widgets", "magicsub.cli", "magicsub"} <= set(graph)
    assert {_top(m) for m in graph} == {n for names in LAYERS for n in names}
    assert upward(graph) == []


def test_no_import_circle():
    """No import circle among magicsub's modules, counting imports inside functions."""
    graph = import_graph()
    assert "magicsub.engine.priority" in graph and "magicsub.engine.turns" in graph
    assert _cycle(graph) is None, "import circle: " + " -> ".join(_cycle(graph) or ())


def test_the_engine_knows_nothing_of_subgames_or_leaving():
    """No chain of imports leads from an engine module to a rules module: subgames and leaving
    hook into the core (``magicsub.engine.hooks``)."""
    graph = import_graph()
    engine = [m for m in graph if _top(m) == "engine"]
    assert len(engine) > 20
    for module in engine:
        seen = _reach(graph, module)
        ruled = sorted(m for m in seen if _top(m) != "engine")
        assert not ruled, _path(seen, ruled[0])


def test_subgame_and_leaving_hook_into_the_core():
    """What the core used to call directly is registered on its events instead."""
    from magicsub.engine import hooks  # noqa: F401
    from magicsub.rules import leaving, subgame

    assert leaving.lose_all in hooks.handlers("players_lose")
    assert subgame.start_subgame in hooks.handlers("play_subgame")
    assert any(fn.__module__ == "magicsub.rules.subgame" for fn in hooks.handlers("game_ended"))


def test_player_who_left_refusals_have_one_owner():
    """CR 800.4b ("the control change doesn't happen", "no token is created", "that object
    remains in its current zone") and CR 800.4d ("it isn't created") are written only by
    ``magicsub.engine.departed``; every other module asks it."""
    import re

    owners: dict[str, list[str]] = {}
    pattern = re.compile(r"""tx\.step\(\s*"800\.4([bd])",\s*"([^"]*)\"""")
    for name, path in _modules().items():
        for letter, phrase in pattern.findall(path.read_text(encoding="utf-8")):
            if "put on the stack" not in phrase:
                owners.setdefault(name, []).append(f"800.4{letter}: {phrase}")
    assert set(owners) == {"magicsub.engine.departed"}, owners
