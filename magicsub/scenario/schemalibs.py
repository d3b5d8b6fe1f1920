r"""The two JSON Schema libraries that can check a scenario, behind one interface: each yields its
errors as ``Problem`` values with the same fields, so ``magicsub.scenario.validation`` words them
the same whichever library found them.

- ``jsonschema_rs`` (Rust): imported in milliseconds, where ``jsonschema`` takes 0.35 s (2 s with
  ``rfc3987-syntax`` installed, as Jupyter does). Used wherever it is installed.
- ``jsonschema`` (pure Python): used where no Rust wheel exists, as in Pyodide (JupyterLite),
  which ships ``jsonschema==4.17.3``, the last release built on ``pyrsistent`` rather than the
  Rust ``rpds-py``.

What differs between them, and how ``PurePython`` makes it the same:

- ``jsonschema`` names the failing schema by a path relative to the last ``$ref`` followed;
  ``jsonschema_rs`` by its place in the whole schema. ``PurePython`` checks its own copy of the
  schema and finds each error's subschema in it by identity, which gives the whole path.
- A bad key under ``propertyNames``: ``jsonschema_rs`` yields a ``propertyNames`` error holding
  the inner one; ``jsonschema`` yields the inner error itself, the key as its instance.
- ``pattern``: ``$`` ends the string (ECMA 262, as in ``jsonschema_rs``); Python's ``re`` also
  lets it match before a final newline, so ``PurePython`` reads it as ``\Z``.
- A tuple (a list in a ``data=`` mapping) is a list for ``jsonschema_rs``; ``PurePython`` says so.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One schema error, whichever library found it."""

    path: tuple
    """Where the value is in the data (for a bad key under ``propertyNames``: the mapping)."""
    schema_path: tuple
    """Where the failing keyword is in the whole schema, ``$ref`` followed: its last item is the
    keyword (``type``, ``required``, ...)."""
    key: object = None
    """For a bad key under ``propertyNames``: the key; else None."""


def names_at(schema_path: tuple) -> int | None:
    """The index of the ``propertyNames`` keyword in ``schema_path`` (an error about a key, not a
    value), or None."""
    for i, item in enumerate(schema_path):
        if item == "propertyNames" and (i == 0 or schema_path[i - 1] not in ("properties",
                                                                              "$defs")):
            return i
    return None


class Rust:
    """``jsonschema_rs.Draft202012Validator`` yielding ``Problem`` values."""

    name = "jsonschema_rs"

    def __init__(self, root: dict) -> None:
        import jsonschema_rs

        self._validator = jsonschema_rs.Draft202012Validator(root)

    def iter_errors(self, data: object) -> Iterator[Problem]:
        """The schema errors in ``data``, in the library's order."""
        for error in self._validator.iter_errors(data):
            key = None
            if error.kind.name == "propertyNames":
                key = error.kind.as_dict()["error"].instance
            yield Problem(tuple(error.instance_path), tuple(error.schema_path), key)


class PurePython:
    """``jsonschema.Draft202012Validator`` yielding the same ``Problem`` values as ``Rust``."""

    name = "jsonschema"

    def __init__(self, root: dict) -> None:
        import jsonschema

        self._schema = json.loads(json.dumps(root))
        self._where = {id(node): path for path, node in _subschemas(self._schema, ())}
        checker = jsonschema.Draft202012Validator.TYPE_CHECKER.redefine(
            "array", lambda _, instance: isinstance(instance, list | tuple))
        cls = jsonschema.validators.extend(jsonschema.Draft202012Validator,
                                           validators={"pattern": _pattern},
                                           type_checker=checker)
        self._validator = cls(self._schema)

    def iter_errors(self, data: object) -> Iterator[Problem]:
        """The schema errors in ``data``, in the library's order."""
        for error in self._validator.iter_errors(data):
            schema_path = self._where[id(error.schema)] + (error.validator,)
            key = error.instance if names_at(schema_path) is not None else None
            yield Problem(tuple(error.path), schema_path, key)


def _subschemas(node: object, path: tuple) -> Iterator[tuple[tuple, dict]]:
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from _subschemas(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _subschemas(value, path + (i,))


def _pattern(validator, pattern: str, instance: object, schema: dict):
    from jsonschema import ValidationError

    if validator.is_type(instance, "string") and not _ecma(pattern).search(instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


@functools.cache
def _ecma(pattern: str) -> re.Pattern:
    r"""``pattern`` with each ``$`` outside a class read as the end of the string (``\Z``)."""
    out, i, in_class = [], 0, False
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            out.append(pattern[i:i + 2])
            i += 2
            continue
        if char == "[":
            in_class = True
        elif char == "]":
            in_class = False
        out.append("\\Z" if char == "$" and not in_class else char)
        i += 1
    return re.compile("".join(out))
