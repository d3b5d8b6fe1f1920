"""Validating a scenario against ``magicsub.schema``: first that it is JSON data at all
(``check_json``), then the schema, reporting the first problem in the file with its line, the
path to the value and what was expected: ``steps[1].cast.card: expected an object id, got 5``.

Validation uses ``jsonschema_rs`` (a JSON Schema validator in Rust: imported in milliseconds,
where ``jsonschema`` takes 0.35 s, or 2 s with ``rfc3987-syntax`` installed as Jupyter does). It
is imported only when a scenario is validated, so ``import magicsub`` stays light.
"""

from __future__ import annotations

import functools
import itertools
import sys
from collections.abc import Iterable

from .errors import ScenarioError
from .limits import MAX_DEPTH, MAX_YAML_NODES, shown
from .schema import schema
from .yamlfile import LineDict, LineList, lone_surrogate

MAX_ERRORS = 100
"""The most schema errors looked at to find the first one in the file."""


@functools.cache
def _validator(ref: str | None = None):
    import jsonschema_rs

    root = schema() if ref is None else {"$schema": schema()["$schema"],
                                         "$defs": schema()["$defs"], "$ref": f"#/$defs/{ref}"}
    return jsonschema_rs.Draft202012Validator(root)


def validate(data: object, *, ref: str | None = None, line: int | None = 1) -> None:
    """Check ``data`` against the schema (or its ``$defs`` entry ``ref``).

    ``data`` must first be JSON data (``check_json``); then the first problem in the file (the
    lowest line) is reported.

    :raises ScenarioError: the line (from a ``LineDict`` or ``LineList``; else ``line``), the path
        to the value and what was expected.
    """
    check_json(data, line=line)
    errors = list(itertools.islice(_validator(ref).iter_errors(data), MAX_ERRORS))
    if not errors:
        return
    found = [(_located(data, e, line), i) for i, e in enumerate(errors)]
    (where, message), _ = min(found, key=lambda f: (_key(f[0][0]), f[1]))
    raise ScenarioError(message, line=where)


def check_json(data: object, *, line: int | None = 1) -> None:
    """Refuse what is not JSON data: a scenario holds only mappings with string keys, lists,
    strings (valid Unicode), integers, true, false and null, nested at most ``MAX_DEPTH`` deep,
    at most ``MAX_YAML_NODES`` values in all (a list used twice counts twice).

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


def _key(line: int | None) -> int:
    return sys.maxsize if line is None else line


TYPES = {"string": "a string", "integer": "an integer", "boolean": "true or false",
         "array": "a list", "object": "a mapping", "null": "null", "number": "a number"}


def _at(tree: object, path: Iterable) -> object:
    for key in path:
        tree = tree[key]
    return tree


def _located(data: object, error, default: int | None) -> tuple[int | None, str]:
    path = list(error.instance_path)
    line = line_at(data, path, default)
    where = _path_text(path)
    prefix = f"{where}: " if where else ""
    instance = _at(data, path)
    keyword = error.kind.name
    details = error.kind.as_dict()
    subschema = _at(schema(), error.schema_path[:-1])
    if keyword == "additionalProperties":
        known = subschema.get("properties", {})
        extra = next(k for k in instance if k not in known)
        return (line_at(data, path + [extra], default),
                f"{prefix}unknown key {shown(extra)}; expected one of {', '.join(known)}")
    if keyword == "required":
        key = details["property"]
        what = subschema.get("properties", {}).get(key, {}).get("title")
        return line, f"{prefix}missing key {key!r}" + (f" ({what})" if what else "")
    if keyword == "propertyNames":
        inner = details["error"]
        key = inner.instance
        names = _at(schema(), error.schema_path[:error.schema_path.index("propertyNames") + 1])
        return (line_at(data, path + [key], default),
                f"{prefix}key {shown(key)}: expected {_expected(names, inner.kind.name, inner)}")
    return line, f"{prefix}expected {_expected(subschema, keyword, error)}, got " \
                 f"{shown(instance)}{_size(keyword, instance)}"


def _expected(subschema: dict, keyword: str, error) -> str:
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
    return title or error.message


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
