"""The pieces of HTML every view shares: escaping, attribute values, fragments, and the
board's stylesheet (``magicsub/assets/board.css``, scoped under ``.magicsub``)."""

from __future__ import annotations

from html import escape
from importlib import resources

CSS = resources.files("magicsub").joinpath("assets", "board.css").read_text(encoding="utf-8")
"""The board's styles (``magicsub/assets/board.css``): one ``<style>`` for every view."""
STYLE = f"<style>{CSS}</style>"
"""``CSS`` as a ``<style>`` element."""


def style() -> str:
    """The ``<style>`` element of every view (scoped under ``.magicsub``)."""
    return STYLE


def escape_text(text: object) -> str:
    """Escape any value for HTML text content: ``str(value)`` with ``&``, ``<`` and ``>``
    escaped (quotes may stay: this is not an attribute value).

    >>> escape_text(["<script>"])
    "['&lt;script&gt;']"
    """
    if text.__class__ is str:
        found = _TEXT.get(text)
        if found is None:
            found = _remember(_TEXT, text, escape(text, quote=False))
        return found
    if text.__class__ is int:
        return str(text)
    return escape(str(text), quote=False)


def attr(text: object) -> str:
    """Escape an attribute value written between double quotes."""
    if text.__class__ is str:
        found = _ATTR.get(text)
        if found is None:
            found = _remember(_ATTR, text, escape(text, quote=False).replace('"', "&quot;"))
        return found
    if text.__class__ is int:
        return str(text)
    return escape(str(text), quote=False).replace('"', "&quot;")


ESCAPES_KEPT = 1 << 16
"""How many escaped strings ``escape_text`` and ``attr`` each remember (the names, ids and
places of the boards: the same few strings again and again); past it they start anew."""
_TEXT: dict[str, str] = {}
_ATTR: dict[str, str] = {}


def _remember(table: dict[str, str], text: str, escaped: str) -> str:
    if len(table) >= ESCAPES_KEPT:
        table.clear()
    table[text] = escaped
    return escaped


class Fragments:
    """A list of fragments built from text, glued into the fragment being written, and
    items, each a fragment of its own (a zone's objects: one changes, the others stay)."""

    __slots__ = ("parts", "text")

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.text: list[str] = []

    def add(self, text: str) -> Fragments:
        """Glue ``text`` to the fragment being written."""
        self.text.append(text)
        return self

    def items(self, items: list[str]) -> Fragments:
        """End the fragment being written; add each of ``items`` as a fragment."""
        if self.text:
            self.parts.append("".join(self.text))
            self.text = []
        self.parts += items
        return self

    def done(self) -> list[str]:
        """The fragments (the last one ended)."""
        return self.items([]).parts
