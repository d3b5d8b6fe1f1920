"""Validating a scenario against ``magicsub.scenario.schema``: first that it is JSON data at all
(``check_json``), then the schema, reporting the first problem in the file with its line, the
path to the value and what was expected: ``steps[1].cast.card: expected an object id, got 5``.

Which library checks the schema (``magicsub.scenario.schemalibs``, imported only when a scenario is
validated, so ``import magicsub`` stays light):

- ``jsonschema_rs`` (Rust) wherever it is installed (``pip install magicsub``, the book, the CLI):
  imported in milliseconds, where ``jsonschema`` takes 0.35 s (2 s with ``rfc3987-syntax``
  installed as Jupyter does).
- ``jsonschema`` (pure Python) where ``jsonschema_rs`` cannot be imported: in Pyodide
  (JupyterLite) no Rust wheel exists, and the site ships ``jsonschema==4.17.3`` (the last release
  built on ``pyrsistent``, not the Rust ``rpds-py``). ``use_pure_python()`` forces it (tests).

Both give the same message and the same line for the same bad input: the messages are written
here from the failing keyword and the schema, never from the library's own words, and the first
problem is chosen by line, then by the place in the data of the value it is about (a mapping
before its values), then by the place of the failing keyword in the schema, never by the order in
which a library found them (which differs).
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Iterable

from ..engine.arguments import plain
from ..engine.errors import ScenarioError
from ..engine.limits import MAX_DEPTH, MAX_NUMBER, MAX_YAML_NODES, shown
from ..engine.textchars import NAME_PATTERN, lone_surrogate, refusal
from .schema import schema
from .schemalibs import PurePython, Rust, names_at
from .yamlfile import LineDict, LineList

_PURE = False


def use_pure_python(pure: bool = True) -> None:
    """Check scenarios with the pure-Python ``jsonschema`` even where ``jsonschema_rs`` is
    installed (``pure=False``: prefer ``jsonschema_rs`` again). Tests compare the two with it."""
    global _PURE
    _PURE = pure


def library() -> str:
    """The name of the library that checks scenarios here: ``jsonschema_rs`` or ``jsonschema``."""
    return _validator(None, _PURE).name


@functools.cache
def _validator(ref: str | None, pure: bool):
    root = schema() if ref is None else {"$schema": schema()["$schema"],
                                         "$defs": schema()["$defs"], "$ref": f"#/$defs/{ref}"}
    if not pure:
        try:
            return Rust(root)
        except ImportError:
            pass
    return PurePython(root)


def validate(data: object, *, ref: str | None = None, line: int | None = 1) -> None:
    """Check ``data`` against the schema (or its ``$defs`` entry ``ref``).

    ``data`` must first be JSON data (``check_json``); then the first problem in the file (the
    lowest line; on one line, the first in the data, then in the schema) is reported.

    :raises ScenarioError: the line (from a ``LineDict`` or ``LineList``; else ``line``), the path
        to the value and what was expected.
    """
    check_json(data, line=line)
    problems = list(_validator(ref, _PURE).iter_errors(data))
    if not problems:
        return
    first = min(problems, key=lambda p: _order(data, p, line))
    raise ScenarioError(_message(data, first), line=line_at(data, _value_of(data, first), line))


def check_json(data: object, *, line: int | None = 1) -> None:
    """Refuse what is not JSON data: a scenario holds only mappings with string keys, lists,
    strings (valid Unicode), integers (of at most 64 bits: the schema's bounds, ``MAX_NUMBER``,
    are checked after), true, false and null, nested at most ``MAX_DEPTH`` deep, at most
    ``MAX_YAML_NODES`` values in all (a list used twice counts twice).

    YAML can write more (dates, sets, binary, numbers with a fraction, keys that are numbers);
    no field takes them, and a list that contains itself has no end.

    :raises ScenarioError: names the line, the path and the value.
    """
    def refused(path: list, message: str, *, at: list | None = None) -> ScenarioError:
        where = _path_text(path)
        return ScenarioError(f"{where}: {message}" if where else message,
                             line=line_at(data, path if at is None else at, line))

    stack: list[tuple[object, list, int]] = [(data, [], 1)]
    count = 0
    while stack:
        value, path, depth = stack.pop()
        count += 1
        if count > MAX_YAML_NODES:
            raise refused(path, f"more than the limit of {MAX_YAML_NODES} values in all")
        if depth > MAX_DEPTH:
            raise refused(path, f"nested deeper than the limit of {MAX_DEPTH} levels")
        if isinstance(value, str):
            if lone_surrogate(value):
                raise refused(path, f"expected valid Unicode, got {shown(value)} (a lone "
                              "surrogate)")
        elif isinstance(value, int) and not isinstance(value, bool) \
                and int.bit_length(value) > 63:
            raise refused(path, f"got {shown(value)}: no field takes an integer beyond "
                          f"{MAX_NUMBER} either way (MAX_NUMBER)")
        elif isinstance(value, float):
            raise refused(path, f"got {shown(value)}: no field takes a number with a fraction "
                          "(quote it if it is a name or a rule)")
        elif isinstance(value, dict):
            for key in value:
                if not isinstance(key, str):
                    raise refused(path, f"key {shown(key)}: expected a string (quote it)",
                                  at=path + [key])
            stack += [(v, path + [k], depth + 1) for k, v in reversed(value.items())]
        elif isinstance(value, list | tuple):
            stack += [(v, path + [i], depth + 1) for i, v in reversed(list(enumerate(value)))]
        elif not (value is None or isinstance(value, bool | int)):
            raise refused(path, f"got {shown(value)}: a scenario holds only mappings, lists, "
                          "strings, integers, true, false and null")


def plain_data(data: object) -> object:
    """A copy of ``data`` (JSON data: ``check_json`` has passed it) made of plain ``dict``,
    ``list``, ``str``, ``int``, ``bool`` and None: a subclass of ``str`` or ``int`` becomes the
    value it holds (``arguments.plain``), a tuple a list. The schema libraries read only those
    (``jsonschema_rs`` refuses a ``str`` subclass with a bare ``ValueError``)."""
    if isinstance(data, dict):
        return {plain(key): plain_data(value) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [plain_data(value) for value in data]
    return plain(data)


def _key(line: int | None) -> int:
    return sys.maxsize if line is None else line


TYPES = {"string": "a string", "integer": "an integer", "boolean": "true or false",
         "array": "a list", "object": "a mapping", "null": "null", "number": "a number"}


def _at(tree: object, path: Iterable) -> object:
    for key in path:
        tree = tree[key]
    return tree


def _value_of(data: object, problem) -> list:
    """The path to the value ``problem`` is about: for an unknown key or a bad key, the key."""
    path = list(problem.path)
    names = names_at(problem.schema_path)
    if names is not None:
        return path + [problem.key]
    if problem.schema_path[-1] == "additionalProperties":
        known = _at(schema(), problem.schema_path[:-1]).get("properties", {})
        return path + [next(k for k in _at(data, path) if k not in known)]
    return path


def _order(data: object, problem, default: int | None) -> tuple:
    """Where ``problem`` comes in the file: its line, then the place in the data of the value it
    is about (a mapping before its values), then of the failing keyword in the schema
    (``_place``), whichever library found it."""
    line = line_at(data, _value_of(data, problem), default)
    return _key(line), _place(data, problem.path), _place(schema(), problem.schema_path)


def _message(data: object, problem) -> str:
    path = list(problem.path)
    where = _path_text(path)
    prefix = f"{where}: " if where else ""
    instance = _at(data, path)
    schema_path = problem.schema_path
    keyword = schema_path[-1]
    subschema = _at(schema(), schema_path[:-1])
    names = names_at(schema_path)
    if names is not None:
        expected = _expected(_at(schema(), schema_path[:names + 1]), keyword)
        return f"{prefix}key {shown(problem.key)}: expected {expected}"
    if keyword == "additionalProperties":
        extra = _value_of(data, problem)[-1]
        known = subschema.get("properties", {})
        return f"{prefix}unknown key {shown(extra)}; expected one of {', '.join(known)}"
    if keyword == "required":
        key = next(k for k in subschema["required"] if k not in instance)
        what = subschema.get("properties", {}).get(key, {}).get("title")
        return f"{prefix}missing key {key!r}" + (f" ({what})" if what else "")
    if keyword == "pattern" and subschema.get("pattern") == NAME_PATTERN:
        return f"{prefix}expected {subschema['title']}, got {shown(instance)}: " \
               f"{refusal(instance)}"
    return (f"{prefix}expected {_expected(subschema, keyword)}, got "
            f"{shown(instance)}{_size(keyword, instance)}")


def _place(tree: object, path: Iterable) -> tuple[int, ...]:
    """Where ``path`` leads in ``tree``: the index of each key among its mapping's keys, or of
    each item in its list, so that places compare in the order of the file."""
    out = []
    for key in path:
        out.append(list(tree).index(key) if isinstance(tree, dict) else key)
        tree = tree[key]
    return tuple(out)


def _expected(subschema: dict, keyword: str) -> str:
    title = subschema.get("title")
    value = subschema.get(keyword)
    if keyword == "type":
        return title or " or ".join(TYPES[t] for t in ([value] if isinstance(value, str)
                                                        else value))
    if keyword == "maxLength":
        return f"a string of at most {value} characters"
    if keyword == "maxItems":
        return f"a list of at most {value} items"
    if keyword == "maxProperties" and value > 1:
        return f"a mapping of at most {value} keys"
    if keyword == "maximum":
        return f"at most {value}"
    if keyword == "minimum":
        return title if title not in (None, "an integer") else f"at least {value}"
    if keyword == "uniqueItems":
        return "distinct items"
    if keyword == "const":
        return shown(value)
    return title or f"a value that meets {keyword}: {shown(value)}"


def _size(keyword: str, instance: object) -> str:
    if keyword == "maxLength":
        return f" ({len(instance)} characters)"
    if keyword == "maxItems":
        return f" ({len(instance)} items)"
    if keyword == "maxProperties":
        return f" ({len(instance)} keys)"
    return ""


def line_at(data: object, path: list, default: int | None) -> int | None:
    """The line of the value at ``path`` in ``data`` (from ``LineDict`` and ``LineList``): the
    nearest line known on the way there, else ``default``."""
    node, line = data, getattr(data, "line", None) or default
    for key in path:
        if isinstance(node, LineDict):
            line = node.key_lines.get(key, line)
        elif isinstance(node, LineList) and isinstance(key, int) and key < len(node.item_lines):
            line = node.item_lines[key]
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            break
    return line


def _path_text(path: list) -> str:
    out = ""
    for key in path:
        if isinstance(key, int):
            out += f"[{key}]"
        elif isinstance(key, str) and key.isidentifier() and key.isascii():
            out += f".{key}" if out else key
        else:
            out += f"[{shown(key)}]"
    return out
