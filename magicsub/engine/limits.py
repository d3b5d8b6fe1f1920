"""The limits magicsub holds every input to, so that a hostile or mistaken input is refused at
once, with the limit in the message, instead of exhausting time or memory.

Each limit is generous for any real game (the largest scenario shipped uses a fraction of it)
and is documented in book/reference_format.md ("Limits"). ``shown`` caps any value quoted in
an error, ``listed`` any list of names in one, and ``bounded`` the whole message
(``MAX_MESSAGE``); ``joined`` says names in the trace's prose, uncut.
"""

from __future__ import annotations

from collections.abc import Iterable

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
``magicsub html`` writes (``magicsub.pages.statichtml.PageLimit``): a larger page is refused."""

MAX_PAGE_CELLS = 5_000_000
"""The most fragments that the steps of a page that ``magicsub html`` writes show in all,
counted with repeats (each step's board, as the page's script unpacks it)."""

MAX_QUOTED = 80
"""The most characters of a value that an error message quotes (and, about, of the names a
message lists: ``listed``)."""

MAX_MESSAGE = 2_000
"""The most characters of an error's message (``bounded``): its values and lists are cut
first (``shown``, ``listed``); this catches the rest, e.g. several long names in one message."""


def shown(value: object, limit: int = MAX_QUOTED) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters with an ellipsis.

    >>> shown("x" * 200)[-12:]
    'xxx... (202)'
    >>> shown(10**5000)
    '<an integer of about 5001 digits>'
    """
    if isinstance(value, int) and not isinstance(value, bool) and int.bit_length(value) > 4 * limit:
        digits = int(int.bit_length(value) * 0.30103) + 1  # log10(2): never formatted in full
        return f"<an integer of about {digits} digits>"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a hostile __repr__ must not hide the error it is in
        text = f"<{type(value).__name__}>"
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text)})"


def listed(values: Iterable[object], noun: str = "names", limit: int = MAX_QUOTED) -> str:
    """``values`` for an error message, separated by commas, cut after about ``limit``
    characters with the count: a name as it is (cut like ``shown`` if longer than ``limit``),
    anything else as ``shown`` gives it.

    >>> listed(["Alex", "Bianca"])
    'Alex, Bianca'
    >>> listed([f"Player {i}" for i in range(32)], "players")
    'Player 0, Player 1, Player 2, Player 3, Player 4, Player 5, Player 6, Player 7, … (32 players)'
    """
    values = list(values)
    parts: list[str] = []
    size = 0
    for value in values:
        if isinstance(value, str) and value.isprintable():
            piece = value if len(value) <= limit else f"{value[:limit]}... ({len(value)})"
        else:
            piece = shown(value, limit)
        if parts and size + len(piece) > limit:
            parts.append(f"… ({len(values)} {noun})")
            break
        parts.append(piece)
        size += len(piece) + 2
    return ", ".join(parts)


def joined(names: Iterable[str]) -> str:
    """Names as a sentence says them, uncut (the trace's prose; an error message uses
    ``listed``): "Alex", "Alex and Cho", "Alex, Bianca and Cho" ("" for none).

    >>> joined(["Alex", "Bianca", "Cho"]), joined(["Alex"]), joined([])
    ('Alex, Bianca and Cho', 'Alex', '')
    """
    names = list(names)
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)


def bounded(message: str, limit: int = MAX_MESSAGE) -> str:
    """``message`` cut in the middle to at most about ``limit`` characters, keeping its start
    (what was refused) and its end (why, the rule), and saying how much was left out.

    >>> len(bounded("a" * 5000 + " (rule 103.1)")) <= 2000
    True
    """
    if len(message) <= limit:
        return message
    keep = limit - 48  # room for the marker
    head = keep * 2 // 3
    tail = keep - head
    marker = f" [... {len(message) - keep} characters left out ...] "
    return message[:head] + marker + message[len(message) - tail:]
