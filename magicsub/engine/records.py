"""Immutable records: tuples with named fields (``typing.NamedTuple``) for the engine's values
that are copied on every change (objects, games), because copying a tuple is several times
cheaper than copying a frozen dataclass. They were frozen dataclasses, and still work as such
with ``dataclasses.fields``, ``dataclasses.replace`` and ``dataclasses.asdict``.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ForwardRef, TypeVar

R = TypeVar("R", bound=tuple)


def as_dataclass(cls: type[R]) -> type[R]:
    """Give the record class ``cls`` the field descriptions ``dataclasses`` reads (names, types,
    defaults), so that ``dataclasses.replace(record, ...)`` and ``dataclasses.fields(record)``
    keep working; its signature names the fields' types as written (not as ``ForwardRef``).
    Return ``cls``."""
    written = {name: kind.__forward_arg__ if isinstance(kind, ForwardRef) else kind
               for name, kind in cls.__annotations__.items()}
    cls.__annotations__ = written
    cls.__new__.__annotations__ = dict(written)
    spec = {"__annotations__": dict(written), **cls._field_defaults}
    cls.__dataclass_fields__ = dataclasses.dataclass(frozen=True)(
        type(cls.__name__, (), spec)).__dataclass_fields__
    return cls


def changed(record: R, index: dict[str, int], changes: dict[str, Any]) -> R:
    """A copy of ``record`` with ``changes`` (``index``: each field's position); an unknown
    field is a TypeError, as ``dataclasses.replace`` makes it."""
    values = list(record)
    for key, value in changes.items():
        try:
            values[index[key]] = value
        except KeyError:
            raise TypeError(f"{type(record).__name__} has no field {key!r}") from None
    return tuple.__new__(type(record), values)
