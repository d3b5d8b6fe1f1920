"""Checks of the Python API's arguments: a value of the wrong type is refused with a
``ScenarioError`` naming the argument and what was expected, before it can be read letter by
letter (``Game("AB")``), hashed, or rendered into HTML.

>>> names(["Alex", "Bianca"], "players")
('Alex', 'Bianca')
>>> names("AB", "players")
Traceback (most recent call last):
...
magicsub.errors.ScenarioError: <scenario>: players: expected a list of names (not a string), \
got 'AB'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import islice

from .errors import ScenarioError
from .limits import MAX_TEXT, shown


def refuse(what: str, expected: str, value: object) -> ScenarioError:
    """The error for ``what`` given ``value`` where ``expected`` was expected."""
    return ScenarioError(f"{what}: expected {expected}, got {shown(value)}")


def text(value: object, what: str) -> str:
    """A non-empty string of at most ``MAX_TEXT`` characters that is valid Unicode text."""
    if not isinstance(value, str) or not value:
        raise refuse(what, "a non-empty string", value)
    if len(value) > MAX_TEXT:
        raise refuse(what, f"at most {MAX_TEXT} characters (MAX_TEXT)", value)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise refuse(what, "Unicode text (a lone surrogate is not)", value) from None
    return value


def optional_text(value: object, what: str) -> str | None:
    """None, or ``text``."""
    return None if value is None else text(value, what)


def integer(value: object, what: str, *, minimum: int | None = None,
            maximum: int | None = None, limit: str = "") -> int:
    """An ``int`` (``True`` is not a number here) within ``minimum`` and ``maximum``;
    ``limit`` names the documented limit that ``maximum`` is."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise refuse(what, "an integer", value)
    if minimum is not None and value < minimum:
        raise refuse(what, f"an integer of at least {minimum}", value)
    if maximum is not None and value > maximum:
        named = f" ({limit})" if limit else ""
        raise refuse(what, f"at most {maximum}{named}", value)
    return value


def optional_integer(value: object, what: str) -> int | None:
    """None, or an ``integer``."""
    return None if value is None else integer(value, what)


def flag(value: object, what: str) -> bool:
    """``True`` or ``False`` (not 0, 1 or "yes")."""
    if not isinstance(value, bool):
        raise refuse(what, "true or false", value)
    return value


def optional_flag(value: object, what: str) -> bool | None:
    """None, or a ``flag``."""
    return None if value is None else flag(value, what)


def names(value: object, what: str, *, of: str = "names", most: int | None = None,
          limit: str = "") -> tuple:
    """A list (any iterable but a string or a mapping) of ``text`` (``of`` says what they
    are); at most ``most`` of them (``limit`` names that limit)."""
    if isinstance(value, (str, bytes, bytearray, Mapping)) or not isinstance(value, Iterable):
        kind = " (not a string)" if isinstance(value, (str, bytes, bytearray)) else ""
        raise refuse(what, f"a list of {of}{kind}", value)
    items = tuple(value if most is None else islice(value, most + 1))
    if most is not None and len(items) > most:
        named = f" ({limit})" if limit else ""
        raise ScenarioError(f"{what}: at most {most}{named}, got more")
    for i, item in enumerate(items):
        text(item, f"{what}[{i}]")
    return items


def mapping(value: object, what: str) -> Mapping:
    """None as an empty mapping, or a mapping."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise refuse(what, "a mapping of player names to integers", value)
    return value


__all__ = ["flag", "integer", "mapping", "names", "optional_flag", "optional_integer",
           "optional_text", "refuse", "text"]
