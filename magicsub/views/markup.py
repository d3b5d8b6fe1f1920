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
    return escape(str(text), quote=False)


def attr(text: object) -> str:
    """Escape an attribute value written between double quotes."""
    return escape(str(text), quote=False).replace('"', "&quot;")


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
