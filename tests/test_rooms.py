"""Smaller rooms (issue 29, item 4): one function names a game, no module writes scratch
attributes on the transaction, one place clears what is left of an ended game, and the board's
styles live in a stylesheet. Each check reads the source, so a copy that creeps back fails it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import magicsub
from magicsub.engine.state import game_name

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
