"""The characters a name may not hold, and one-line text.

A name (a player's, a card's, an object's id, a card type, a kind of counter) is printed in
traces, terminals, pages and the files ``magicsub new`` writes. A character that is invisible or
changes how the text around it is shown would make that text mislead its reader: a right-to-left
override (U+202E) reverses what follows it, a line break starts a new line of a YAML comment.
So a name may not hold:

- a control character (Unicode category Cc: C0, DEL, C1, so also tab, newline and NEL);
- a format character (category Cf): the bidirectional controls (U+061C, U+200E, U+200F,
  U+202A-U+202E, U+2066-U+2069), zero-width and invisible characters (U+200B, U+2060-U+2064,
  U+FEFF, the soft hyphen U+00AD), the tag characters (U+E0001, U+E0020-U+E007F, which can
  spell hidden text), and the rest;
- a line or paragraph separator (U+2028, U+2029).

Allowed: the zero-width non-joiner and joiner (U+200C, U+200D), format characters that Persian,
Indic scripts and emoji sequences need to be written correctly; lone surrogates are refused
elsewhere (a name must be valid Unicode).

The list is fixed here (Unicode 15), not read from ``unicodedata``, so that the scenario schema
(``NAME_PATTERN``) is the same on every Python; a test checks it covers this Python's Cc, Cf, Zl
and Zp characters.
"""

from __future__ import annotations

import re
import unicodedata

ALLOWED_FORMAT = "\u200c\u200d"
"""The format characters a name may hold: zero width non-joiner, zero width joiner."""

FORBIDDEN = ("\x00-\x1f\x7f-\x9f\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2"
             "\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff"
             "\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3"
             "\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f")
"""The characters a name may not hold, as the inside of a regular expression's class."""

NAME_PATTERN = f"^[^{FORBIDDEN}]*$"
"""A JSON Schema ``pattern`` (ECMA 262) that a name matches."""

_FORBIDDEN = re.compile(f"[{FORBIDDEN}]")


def forbidden(text: str) -> str | None:
    r"""The first character of ``text`` that a name may not hold, or None.

    >>> forbidden("Alex"), forbidden("Al\u202eex")
    (None, '\u202e')
    """
    found = _FORBIDDEN.search(text)
    return None if found is None else found.group()


def describe(char: str) -> str:
    r"""``U+202E RIGHT-TO-LEFT OVERRIDE``: a character's code point and Unicode name.

    >>> describe("\n")
    'U+000A (a control character)'
    """
    name = unicodedata.name(char, "")
    kind = {"Cc": "a control character", "Cf": "a format character"}.get(
        unicodedata.category(char), "a line break")
    return f"U+{ord(char):04X} {name}" if name else f"U+{ord(char):04X} ({kind})"


def refusal(text: str) -> str | None:
    r"""Why ``text`` is not a name (its first character that a name may not hold), or None.

    >>> refusal("Al\u202eex")[:40]
    'it holds U+202E RIGHT-TO-LEFT OVERRIDE: '
    """
    char = forbidden(text)
    if char is None:
        return None
    return (f"it holds {describe(char)}: a name may not hold control, format (such as "
            "bidirectional) or line-break characters")


def one_line(text: str, default: str = "") -> str:
    r"""``text`` on one line: each run of whitespace (line breaks included: CR, LF, NEL, U+2028,
    U+2029) becomes one space, every other character a name may not hold is removed, and the
    ends are trimmed; ``default`` when nothing is left.

    >>> one_line("Bribery,\r\n\n  then\u2028the \u202eowner\x00 leaves ")
    'Bribery, then the owner leaves'
    """
    kept = "".join(" " if char.isspace() else "" if _FORBIDDEN.match(char) else char
                   for char in text)
    return " ".join(kept.split()) or default


_SURROGATE = re.compile("[\ud800-\udfff]")


def lone_surrogate(text: str) -> bool:
    """True when ``text`` holds a lone surrogate: it is not valid Unicode (no UTF-8 for it)."""
    return _SURROGATE.search(text) is not None


__all__ = ["ALLOWED_FORMAT", "FORBIDDEN", "NAME_PATTERN", "describe", "forbidden", "lone_surrogate",
           "one_line", "refusal"]
