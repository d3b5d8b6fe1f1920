"""The limits magicsub holds every input to, so that a hostile or mistaken input is refused at
once, with the limit in the message, instead of exhausting time or memory.

Each limit is generous for any real game (the largest scenario shipped uses a fraction of it)
and is documented in README.md ("Limits"). ``shown`` caps any value quoted in an error.
"""

from __future__ import annotations

MAX_FILE_BYTES = 1_000_000
"""A scenario file larger than this (1 MB) is refused before it is parsed."""

MAX_YAML_NODES = 100_000
"""The most YAML nodes a scenario may build, counting each use of an alias again
("billion laughs" documents are refused, not expanded)."""

MAX_DEPTH = 40
"""The deepest nesting of mappings and sequences in a scenario file or a step mapping."""

MAX_PLAYERS = 32
"""The most players in a game (CR 103.1 sets no limit; 32 covers every multiplayer format)."""

MAX_LIBRARY = 10_000
"""The most cards in one player's library given by ``libraries:``."""

MAX_OBJECTS = 100_000
"""The most objects a game may hold in all, across every game of the tree."""

MAX_SUBGAME_DEPTH = 16
"""The deepest nesting of subgames (a subgame of a subgame ... sixteen levels)."""

MAX_STEPS = 10_000
"""The most steps (and expectations) in one scenario."""

MAX_TEXT = 10_000
"""The longest string a scenario may hold (a title, a description, a name)."""

MAX_NUMBER = 1_000_000_000
"""The largest magnitude of any integer a scenario gives (a seed, a life total, counters, power,
a game number): larger ones are refused, so no total grows past what is printed at once."""

MAX_PAGE_BYTES = 20_000_000
"""The most bytes of steps (distinct fragments and each step's difference) in a page that
``magicsub html`` writes (``magicsub.pagehtml.PageLimit``): a larger page is refused."""

MAX_PAGE_CELLS = 5_000_000
"""The most fragments that the steps of a page that ``magicsub html`` writes show in all,
counted with repeats (each step's board, as the page's script unpacks it)."""

MAX_QUOTED = 80
"""The most characters of a value that an error message quotes."""


def shown(value: object, limit: int = MAX_QUOTED) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters with an ellipsis.

    >>> shown("x" * 200)[-12:]
    'xxx... (202)'
    """
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a hostile __repr__ must not hide the error it is in
        text = f"<{type(value).__name__}>"
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text)})"
