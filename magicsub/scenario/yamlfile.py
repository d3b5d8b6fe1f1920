"""Reading a scenario's YAML safely: a regular file of at most ``MAX_FILE_BYTES``, UTF-8 text,
parsed by PyYAML's safe loader with limits on nesting depth and on the nodes built (each use of an
alias counted again), keeping the line of every key and item for error messages.

Every refusal is a ``ScenarioError`` naming the line where it can, and the limit it applies.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Hashable
from pathlib import Path

import yaml

from ..engine.errors import ScenarioError
from ..engine.limits import MAX_DEPTH, MAX_FILE_BYTES, MAX_QUOTED, MAX_YAML_NODES, shown


class LineDict(dict):
    """A mapping from YAML that knows its line and the line of each key."""

    line: int | None = None
    key_lines: dict


class LineList(list):
    """A sequence from YAML that knows its line and the line of each item."""

    line: int | None = None
    item_lines: list


def read_text(path: str | Path) -> str:
    """The text of a scenario file.

    The file must be a regular file (not a FIFO, a device or a folder: those are refused without
    being read), at most ``MAX_FILE_BYTES`` long, and UTF-8 text.

    :raises ScenarioError: it is not, or cannot be read; the message says why.
    """
    file = str(path)
    if not isinstance(path, str | os.PathLike):
        raise ScenarioError(f"a file is named by a path, got {shown(path)}", file=file)
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise _not_regular(file)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            info = os.fstat(f.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise _not_regular(file)
            if info.st_size > MAX_FILE_BYTES:
                raise _too_large(file, info.st_size)
            raw = f.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise ScenarioError(f"cannot read the file: {err.strerror}", file=file) from None
    if len(raw) > MAX_FILE_BYTES:
        raise _too_large(file, None)
    return decode(raw, file)


def _not_regular(file: str) -> ScenarioError:
    return ScenarioError("not a regular file (a FIFO, a device or a folder is not read)",
                         file=file)


def _too_large(file: str, size: int | None) -> ScenarioError:
    got = f" ({size} bytes)" if size is not None else ""
    return ScenarioError(f"the file is larger than the limit of {MAX_FILE_BYTES} bytes{got}",
                         file=file)


def decode(raw: bytes, file: str | None = None) -> str:
    """``raw`` as UTF-8 text (a leading byte order mark is dropped).

    :raises ScenarioError: it is not UTF-8; names the line.
    """
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw.count(b"\n", 0, err.start) + 1
        bad = raw[err.start:err.start + 1]
        raise ScenarioError(f"not UTF-8 text: byte 0x{bad.hex()} at offset {err.start} "
                            "(save the file as UTF-8)", file=file, line=line) from None
    return text.removeprefix("\ufeff")


if yaml.__with_libyaml__:
    from yaml.composer import Composer
    from yaml.constructor import SafeConstructor
    from yaml.cyaml import CParser
    from yaml.resolver import Resolver

    class _Safe(Composer, CParser, SafeConstructor, Resolver):
        """libyaml's parser (five times faster) under PyYAML's composer, which counts nodes."""

        def __init__(self, stream):
            CParser.__init__(self, stream)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)
            Composer.__init__(self)
else:  # pragma: no cover - PyYAML built without libyaml
    _Safe = yaml.SafeLoader


class _Loader(_Safe):
    """PyYAML's safe loader with limits on depth and nodes, keeping line numbers."""

    def __init__(self, stream):
        super().__init__(stream)
        self._depth = 0
        self._nodes = 0
        self._sizes: dict[int, int] = {}

    def compose_node(self, parent, index):
        """Compose one node, counting it (an alias counts as all the nodes it stands for)."""
        event = self.peek_event()
        line = event.start_mark.line + 1
        if isinstance(event, yaml.AliasEvent):
            node = super().compose_node(parent, index)
            self._count(self._sizes.get(id(node), 1), line)
            return node
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise ScenarioError(f"nested deeper than the limit of {MAX_DEPTH} levels", line=line)
        before = self._nodes
        self._count(1, line)
        node = super().compose_node(parent, index)
        self._depth -= 1
        self._sizes[id(node)] = self._nodes - before
        return node

    def _count(self, n: int, line: int) -> None:
        self._nodes += n
        if self._nodes > MAX_YAML_NODES:
            raise ScenarioError(f"more than the limit of {MAX_YAML_NODES} YAML nodes (each use "
                                "of an alias counts all the nodes it repeats)", line=line)

    def construct_object(self, node, deep=False):
        """Construct a value; a value PyYAML cannot build (an integer of more digits than Python
        converts) is a ``ScenarioError``."""
        try:
            return super().construct_object(node, deep=deep)
        except (ScenarioError, yaml.YAMLError):
            raise
        except (ValueError, TypeError, AttributeError, OverflowError) as err:
            what = shown(node.value) if isinstance(node, yaml.ScalarNode) else node.tag
            raise ScenarioError(f"cannot read the value {what}: {str(err)[:MAX_QUOTED]}",
                                line=node.start_mark.line + 1) from None


def _map(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    out = LineDict()
    out.line = node.start_mark.line + 1
    out.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        line = key_node.start_mark.line + 1
        if not isinstance(key, Hashable):
            raise ScenarioError(f"a mapping key must be a string, got {shown(key)}", line=line)
        if key in out:
            raise ScenarioError(f"duplicate key {shown(key)}", line=line)
        out[key] = loader.construct_object(value_node, deep=True)
        out.key_lines[key] = line
    return out


def _seq(loader: _Loader, node: yaml.SequenceNode) -> LineList:
    out = LineList(loader.construct_object(n, deep=True) for n in node.value)
    out.line = node.start_mark.line + 1
    out.item_lines = [n.start_mark.line + 1 for n in node.value]
    return out


_Loader.add_constructor("tag:yaml.org,2002:map", _map)
_Loader.add_constructor("tag:yaml.org,2002:seq", _seq)
_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}
"""A date is text here (``notes: 2024-01-31``): no field takes a timestamp."""


def parse(text: str, file: str | None = None) -> object:
    """The YAML document in ``text``, with ``LineDict`` and ``LineList`` for its collections.

    :raises ScenarioError: the YAML is malformed or beyond a limit; names the line.
    """
    if not isinstance(text, str):
        raise ScenarioError(f"YAML text must be a str, got {shown(text)}", file=file)
    if len(text) > MAX_FILE_BYTES:
        raise ScenarioError(f"the text is longer than the limit of {MAX_FILE_BYTES} characters "
                            f"({len(text)})", file=file)
    nul = text.find("\0")
    if nul >= 0:
        raise ScenarioError("a NUL character: this is not a text file", file=file,
                            line=text.count("\n", 0, nul) + 1)
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader is a SafeLoader
    except ScenarioError as err:
        raise err.at(file, err.line) from None
    except yaml.YAMLError as err:
        raise ScenarioError(f"YAML error: {_problem(err)}", file=file,
                            line=_error_line(err, text)) from None


def _problem(err: yaml.YAMLError) -> str:
    if isinstance(err, yaml.reader.ReaderError):
        return f"a character that YAML does not allow ({err.reason})"
    problem = getattr(err, "problem", None)
    if problem is None:
        return str(err)[:MAX_QUOTED * 2]
    context = getattr(err, "context", None)
    return (f"{context}, {problem}" if context else str(problem))[:MAX_QUOTED * 2]


def _error_line(err: yaml.YAMLError, text: str) -> int | None:
    if isinstance(err, yaml.reader.ReaderError) and isinstance(err.position, int):
        return text.count("\n", 0, err.position) + 1
    mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
    return mark.line + 1 if mark is not None else None
