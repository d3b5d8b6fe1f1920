"""Smaller rooms (issue 29, item 4): one function names a game, no module writes scratch
attributes on the transaction, one place clears what is left of an ended game, and the board's
styles live in a stylesheet. Each check reads the source, so a copy that creeps back fails it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import magicsub
from magicsub.engine.state import game_name
from magicsub.views import render

PACKAGE = Path(magicsub.__file__).parent
INLINE_NAME = re.compile(r"""["'](?:the )?[Mm]ain(?: game)?["']\s+if\s+[\w.]+\s*==\s*0"""
                         r"""|==\s*0\s+else\s+f?["'][Ss]ubgame \{""")
"""An inline copy of the naming of a game: ``"main game" if gid == 0 else f"subgame {gid}"``."""


def _sources() -> dict[str, str]:
    return {str(p.relative_to(PACKAGE)): p.read_text(encoding="utf-8")
            for p in sorted(PACKAGE.rglob("*.py"))}


@pytest.mark.parametrize(("gid", "form", "name"), [
    (0, "the", "the main game"), (2, "the", "subgame 2"), (0, "bare", "main game"),
    (1, "bare", "subgame 1"), (0, "title", "Main game"), (3, "title", "Subgame 3"),
    (0, "key", "main"), (12, "key", "12"), (None, "bare", "outside"), (None, "key", "outside"),
])
def test_game_name_forms(gid, form, name):
    """Every way a game of the tree is named (a sentence, a change's words, a board's panel,
    a scenario's ``game:``) comes from ``game_name``."""
    assert game_name(gid, form) == name


def test_no_inline_copy_of_the_naming_of_a_game():
    """No module names a game by hand (``"main game" if gid == 0 else ...``): they call
    ``magicsub.engine.state.game_name``, the one function that does."""
    found = [f"{name}: {m.group(0)}" for name, text in _sources().items()
             for m in INLINE_NAME.finditer(text)]
    assert [f for f in found if not f.startswith("engine/state.py")] == []
    assert INLINE_NAME.search('x = "main game" if gid == 0 else f"subgame {gid}"')


MUTATORS = frozenset({"append", "extend", "add", "update", "clear", "pop", "insert", "remove",
                      "setdefault", "discard"})


def _tx_writes(tree: ast.AST) -> set[str]:
    """The attributes of a transaction (a name ``tx``) that the code of ``tree`` writes: assigns,
    ``setattr``s, deletes, or changes in place (``tx.x.append(...)``)."""
    def on_tx(node: ast.AST) -> str | None:
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.value.id == "tx":
            return node.attr
        return None

    found: set[str] = set()
    for node in ast.walk(tree):
        targets: list[ast.AST] = []
        if isinstance(node, (ast.Assign, ast.Delete)):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in ("setattr", "delattr") and node.args \
                    and isinstance(node.args[0], ast.Name) and node.args[0].id == "tx":
                found.add("<setattr>")
            elif isinstance(func, ast.Attribute) and func.attr in MUTATORS:
                targets = [func.value]
        found.update(a for a in map(on_tx, targets) if a)
    return found


def _declared() -> set[str]:
    """The attributes ``Tx.__init__`` declares (``self.x = ...``)."""
    source = (PACKAGE / "engine" / "transaction.py").read_text(encoding="utf-8")
    init = next(n for n in ast.walk(ast.parse(source))
                if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    return {t.attr for n in ast.walk(init) if isinstance(n, (ast.Assign, ast.AnnAssign))
            for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
            if isinstance(t, ast.Attribute)}


def test_no_scratch_attributes_on_the_transaction():
    """Outside ``magicsub.engine.transaction``, an attribute of a transaction is written by one
    module at most, and only one that ``Tx`` declares (public): no module leaves a note on the
    transaction for another to read (what a player's leaving holds back is
    ``Tx.holding_orphans``)."""
    writers: dict[str, set[str]] = {}
    for name, text in _sources().items():
        if name != "engine/transaction.py":
            for attr in _tx_writes(ast.parse(text)):
                writers.setdefault(attr, set()).add(name)
    declared = _declared()
    assert {"action", "edition"} <= declared
    bad = {attr: sorted(mods) for attr, mods in writers.items()
           if len(mods) > 1 or attr not in declared or attr.startswith("_")}
    assert bad == {}
    assert "action" in writers
    assert _tx_writes(ast.parse("tx.held = []\ntx.held.extend(x)\nsetattr(tx, 'a', 1)")) == {
        "held", "<setattr>"}


def test_one_place_clears_an_ended_game():
    """What is left of an ended game (its objects, effects, delayed and waiting triggered
    abilities) is cleared by ``magicsub.rules.leaving.clear_ended`` alone, whether a subgame ends
    (CR 726.5, ``end_subgame``) or is over with the game it is in (``games_over_with``)."""
    found = [name for name, text in _sources().items() if "ceases to exist with its game" in text]
    assert found == ["rules/leaving.py"]
    assert _sources()["rules/leaving.py"].count("ceases to exist with its game") == 2


def test_the_boards_styles_live_in_a_stylesheet():
    """The board's CSS is ``magicsub/assets/board.css`` (shipped as package data), read as it
    is into every view's ``<style>``; no Python module holds a copy of it."""
    sheet = (PACKAGE / "assets" / "board.css").read_text(encoding="utf-8")
    assert render.CSS == sheet and render.style() == f"<style>{sheet}</style>"
    assert ".magicsub .ms-g{" in sheet
    found = [name for name, text in _sources().items() if ".magicsub .ms-" in text]
    assert found == []
