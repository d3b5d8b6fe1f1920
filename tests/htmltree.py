"""An HTML parser for tests that read rendered boards: each element may get a record (a dict),
and every open record collects the text inside its element."""

from __future__ import annotations

from html.parser import HTMLParser


class ElementTree(HTMLParser):
    """Parses ``html`` at once. ``record(tag, attrs)`` (override it) returns the element's record
    or None; ``self.open`` is the stack of open elements as ``(tag, record)``, outermost
    first, and each open record's ``"text"`` grows with the text inside it. Subclasses set their
    own collections before calling ``super().__init__``."""

    VOID = {"br", "img", "meta", "link", "input", "hr"}

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, dict | None]] = []
        self.feed(html)
        self.close()

    def record(self, tag: str, attrs: dict[str, str | None]) -> dict | None:
        """The record of an element (with a ``"text"`` key), or None: no record."""
        return None

    def handle_starttag(self, tag, attrs):
        rec = self.record(tag, dict(attrs))
        if tag not in self.VOID:
            self.open.append((tag, rec))

    def handle_endtag(self, tag):
        while self.open:
            t, _ = self.open.pop()
            if t == tag:
                break

    def handle_data(self, data):
        for _, rec in self.open:
            if rec is not None:
                rec["text"] += data
