"""Checks of the Python API's arguments: a value of the wrong type is refused with a
``ScenarioError`` naming the argument and what was expected, before it can be read letter by
letter (``Game("AB")``), hashed, or rendered into HTML.

The API's limits are the scenario file's (``magicsub.scenario.schema``, ``magicsub.engine.limits``):
an integer beyond ``MAX_NUMBER`` (``10**5000`` would fail later, when printed), a string beyond
``MAX_TEXT``, a name holding a control or format character (``textchars``: a right-to-left
override), and an unordered collection (a set, a dict's keys) where order matters are refused here,
as in a file.

A subclass of ``str`` or ``int`` (an enum member, a user's wrapper) is accepted as the plain
``str`` or ``int`` it holds (``plain``): the game never keeps an object whose methods could
answer differently from the value it stands for. ``bool`` is not a number here.

>>> names(["Alex", "Bianca"], "players")
('Alex', 'Bianca')
>>> names("AB", "players")
Traceback (most recent call last):
...
magicsub.engine.errors.ScenarioError: <scenario>: players: expected a list of names (not a \
string), got 'AB'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, MappingView, Set
from itertools import islice

from .errors import ScenarioError
from .limits import MAX_NUMBER, MAX_TEXT, shown
from .textchars import refusal


def refuse(what: str, expected: str, value: object) -> ScenarioError:
    """The error for ``what`` given ``value`` where ``expected`` was expected."""
    return ScenarioError(f"{what}: expected {expected}, got {shown(value)}")


def plain(value: object) -> object:
    """``value`` with a ``str`` or ``int`` subclass (not ``bool``) turned into the plain
    ``str`` or ``int`` it holds, read without calling its own methods; anything else as it is.

    >>> from enum import IntEnum
    >>> class Seat(IntEnum):
    ...     FIRST = 1
    >>> type(plain(Seat.FIRST)), plain(Seat.FIRST)
    (<class 'int'>, 1)
    """
    kind = type(value)
    if kind is str or kind is int or kind is bool:
        return value
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return int.__int__(value)
    return value


def text(value: object, what: str) -> str:
    """A non-empty string of at most ``MAX_TEXT`` characters that is valid Unicode text (a
    plain ``str``)."""
    if not isinstance(value, str) or not value:
        raise refuse(what, "a non-empty string", value)
    value = plain(value)
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


def name(value: object, what: str) -> str:
    """A name: ``text`` with no control, format or line-break character (``textchars``), so it
    cannot reverse or hide the text around it wherever it is printed."""
    value = text(value, what)
    why = refusal(value)
    if why is not None:
        raise ScenarioError(f"{what}: expected a name, got {shown(value)}: {why}")
    return value


def optional_name(value: object, what: str) -> str | None:
    """None, or a ``name``."""
    return None if value is None else name(value, what)


def integer(value: object, what: str, *, minimum: int | None = -MAX_NUMBER,
            maximum: int | None = MAX_NUMBER, limit: str = "MAX_NUMBER") -> int:
    """A plain ``int`` (``True`` is not a number here) within ``minimum`` and ``maximum``
    (by default the file format's bounds, ``MAX_NUMBER`` either way); ``limit`` names the
    documented limit that ``maximum`` is."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise refuse(what, "an integer", value)
    value = plain(value)
    if minimum is not None and value < minimum:
        raise refuse(what, f"an integer of at least {minimum}", value)
    if maximum is not None and value > maximum:
        named = f" ({limit})" if limit else ""
        raise refuse(what, f"at most {maximum}{named}", value)
    return value


def optional_integer(value: object, what: str) -> int | None:
    """None, or an ``integer`` within the file format's bounds."""
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
    """A list of ``name`` (``of`` says what they are): any iterable in an order of its own (a
    list, a tuple, a generator), not a string, a mapping, or a set or a mapping's view, whose
    order would follow Python's hash seed; at most ``most`` of them (``limit`` names that
    limit)."""
    if isinstance(value, (str, bytes, bytearray, Mapping, Set, MappingView)) \
            or not isinstance(value, Iterable):
        kind = (" (not a string)" if isinstance(value, (str, bytes, bytearray)) else
                " in an order (not a set: its order follows the hash seed)"
                if isinstance(value, (Set, MappingView)) else "")
        raise refuse(what, f"a list of {of}{kind}", value)
    items = tuple(value if most is None else islice(value, most + 1))
    if most is not None and len(items) > most:
        named = f" ({limit})" if limit else ""
        raise ScenarioError(f"{what}: at most {most}{named}, got more")
    return tuple(name(item, f"{what}[{i}]") for i, item in enumerate(items))


def mapping(value: object, what: str) -> Mapping:
    """None as an empty mapping, or a mapping."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise refuse(what, "a mapping of player names to integers", value)
    return value


def player_numbers(value: object, what: str, players: tuple[str, ...], *,
                   minimum: int | None = 0, maximum: int = MAX_NUMBER,
                   limit: str = "MAX_NUMBER") -> dict[str, int]:
    """A mapping of some of ``players`` to whole numbers (``life``, ``libraries``) as a plain
    ``dict`` of plain ``str`` and ``int``, in the order given; a key that is not a player is
    returned too, for the caller to refuse with its rule."""
    out: dict[str, int] = {}
    for key, number in mapping(value, what).items():
        player = name(key, f"{what}: player") if isinstance(key, str) else key
        out[player] = integer(number, f"{what}[{shown(player)}]", minimum=minimum,
                              maximum=maximum, limit=limit)
    return out


__all__ = ["flag", "integer", "mapping", "name", "names", "optional_flag", "optional_integer",
           "optional_name", "optional_text", "plain", "player_numbers", "refuse", "text"]
