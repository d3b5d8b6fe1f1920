"""Rule numbers as links: where each paragraph of the rules data is on the book's rules page.

The rules page (``book/reference_rules.md``) shows every paragraph of ``magicsub/rules`` with
one anchor each: ``cr-726-5`` for the current rules (CR 726, 800 and the core paragraphs the
engine cites), ``cr723-723-2a`` and ``cr506-506-3`` for the older subgame editions (only their
own section: the rest is shared). These pure functions find rule numbers in text, say which
paragraph a number means in a given order of editions, and write links (or, where there is no
rules page, hover titles) for the book's Sphinx extension (``tools/rule_links.py``) and the
board (``magicsub.views.render``). A number the rules data does not have is never linked.

>>> rule_url("726.5")
'reference_rules.html#cr-726-5'
>>> rule_url("723.2a", editions=("726", "723"))
'reference_rules.html#cr723-723-2a'
>>> [number for _, _, number in rule_spans("rules 726.2a–c, see 127.0.0.1")]
['726.2a', '726.2c']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from html import escape

from ..engine import datafiles
from ..engine.editions import DEFAULT_EDITION, EDITIONS, edition

CURRENT = DEFAULT_EDITION
"""The edition that stands for the current rules: its subgame section (726), 800 and the core
paragraphs."""
RULES_PAGE = "reference_rules.html"
"""The book's rules page, relative to every page of the (flat) book."""
DEFAULT_EDITIONS = (CURRENT, "723")
"""Where a number in the book's prose is looked for, in order: the current rules, then 723
(whose numbers the current data never uses). 506.x is looked for only where a page asks."""

_NUMBER = r"\d{3}\.\d{1,3}[a-z]?"
RULE_NUMBER = re.compile(
    rf"(?<![\w.])(?P<first>{_NUMBER})"
    rf"(?:(?P<dash>\s?[–-]\s?)(?:(?P<last>{_NUMBER})|(?P<letter>[a-z])))?"
    r"(?![\w]|\.\w)")
"""A rule number (``726.5``, ``800.4a``), or a range of them (``726.1–726.1b``, ``726.2a–c``):
not inside a longer dotted number (``127.0.0.1``) or a word."""
_KEY = re.compile(r"(\d+)\.(\d+)([a-z]*)(?:-(\d+))?\Z")


@dataclass(frozen=True)
class Paragraph:
    """One paragraph of the rules data as the rules page shows it."""

    edition: str
    """``"726"`` for the current rules, ``"723"`` or ``"506"`` for an older subgame section."""
    key: str
    """The key in the rules data: the number, with ``-2`` for a second paragraph of one number
    (the 2003 rules number two paragraphs 506.3)."""
    text: str
    examples: tuple[str, ...] = ()

    @property
    def number(self) -> str:
        """The rule number as the rules print it (``506.3`` for ``506.3-2``)."""
        return self.key.split("-")[0]

    @property
    def anchor(self) -> str:
        """The id of the paragraph on the rules page."""
        return anchor(self.key, self.edition)

    @property
    def section(self) -> str:
        """The three-digit rule the paragraph belongs to (``"726"``)."""
        return self.key.split(".")[0]


def anchor(key: str, edition_number: str = CURRENT) -> str:
    """The id of paragraph ``key`` of an edition on the rules page.

    >>> anchor("726.5"), anchor("800.4a"), anchor("723.2a", "723"), anchor("506.3-2", "506")
    ('cr-726-5', 'cr-800-4a', 'cr723-723-2a', 'cr506-506-3-2')
    """
    prefix = "cr-" if edition_number == CURRENT else f"cr{edition_number}-"
    return prefix + key.replace(".", "-")


def sort_key(key: str) -> tuple:
    """Order paragraph keys as the rules do: ``103.8`` < ``103.8a`` < ``801.2`` < ``801.10``."""
    match = _KEY.match(key)
    if not match:
        return (10**6, key)
    section, sub, letter, nth = match.groups()
    return (int(section), int(sub), letter, int(nth or 1))


@cache
def paragraphs(edition_number: str = CURRENT) -> tuple[Paragraph, ...]:
    """The paragraphs the rules page shows for an edition, in rule order: every paragraph of
    the current rules for ``"726"``; for ``"723"`` and ``"506"`` their own subgame section."""
    ed = edition(edition_number)
    keys = [k for k in ed.paragraphs
            if edition_number == CURRENT or k.startswith(f"{edition_number}.")]
    return tuple(Paragraph(edition_number, k, ed.paragraphs[k], tuple(ed.examples.get(k, ())))
                 for k in sorted(keys, key=sort_key))


@cache
def _by_number(edition_number: str) -> dict[str, tuple[Paragraph, ...]]:
    out: dict[str, list[Paragraph]] = {}
    for p in paragraphs(edition_number):
        out.setdefault(p.number, []).append(p)
    return {number: tuple(found) for number, found in out.items()}


@cache
def section_titles(edition_number: str = CURRENT) -> dict[str, str]:
    """The titles of an edition's sections that the rules data names (``{"726": "Subgames"}``)."""
    files = ("726.yaml", "800.yaml") if edition_number == CURRENT else (f"{edition_number}.yaml",)
    titles: dict[str, str] = {}
    for name in files:
        titles.update({str(k): str(v) for k, v in
                       (datafiles.load_rules(name).get("section") or {}).items()})
    return titles


def editions_for(step_edition: str | None) -> tuple[str, ...]:
    """Where a step's rule is looked for: its own edition's section first, then the current
    rules (the shared paragraphs)."""
    if step_edition in EDITIONS and step_edition != CURRENT:
        return (str(step_edition), CURRENT)
    return (CURRENT,)


def find(number: str, editions: Sequence[str] = DEFAULT_EDITIONS, *,
         text: str | None = None) -> Paragraph | None:
    """The paragraph that ``number`` means: the first of ``editions`` that has it, or None.

    Where an edition numbers two paragraphs alike (506.3), ``text`` (the paragraph's text)
    picks one; without it, the first.

    >>> find("506.2").edition, find("506.2", ("506", "726")).edition
    ('726', '506')
    >>> find("506.3", ("506",), text=find("506.3", ("506",)).text).key
    '506.3'
    """
    for name in editions:
        if name not in EDITIONS:
            continue
        found = _by_number(name).get(str(number))
        if found:
            if text is not None:
                for p in found:
                    if p.text == text:
                        return p
            return found[0]
    return None


def rule_url(number: str, *, editions: Sequence[str] = DEFAULT_EDITIONS,
             page: str = RULES_PAGE, text: str | None = None) -> str | None:
    """The URL of a rule's paragraph on the rules page ``page``, or None when the rules data
    has no such paragraph."""
    found = find(number, editions, text=text)
    return None if found is None else f"{page}#{found.anchor}"


def rule_spans(text: str) -> list[tuple[int, int, str]]:
    """Every rule number in ``text`` as ``(start, end, number)``; both ends of a range, the
    second end of ``726.2a–c`` as ``726.2c`` (its span is the letter)."""
    spans = []
    for m in RULE_NUMBER.finditer(text):
        spans.append((m.start("first"), m.end("first"), m["first"]))
        if m["last"]:
            spans.append((m.start("last"), m.end("last"), m["last"]))
        elif m["letter"] and m["first"][-1].isalpha():
            spans.append((m.start("letter"), m.end("letter"), m["first"][:-1] + m["letter"]))
    return spans


def hover(paragraph: Paragraph) -> str:
    """The hover title of a link to ``paragraph``: its number and its text."""
    return f"{paragraph.number}. {paragraph.text}" if paragraph.number[-1].isdigit() \
        else f"{paragraph.number} {paragraph.text}"


def _attr(value: str) -> str:
    return escape(value, quote=True)


def rule_html(number: str, *, editions: Sequence[str] = DEFAULT_EDITIONS,
              page: str | None = RULES_PAGE, label: str | None = None,
              css_class: str = "ms-cr", text: str | None = None,
              title: str | None = None) -> str:
    """``label`` (default: the number), escaped, as a link to the rule on the rules page
    ``page`` with its text (or ``title``) as hover title; with ``page`` None, a ``<span>`` with
    the hover title only. A number the rules data lacks gives the escaped label alone.

    >>> rule_html("726.5", page=None).startswith('<span class="ms-cr" title="726.5. At the end')
    True
    >>> rule_html("999.1", label="<b>")
    '&lt;b&gt;'
    """
    shown = escape(str(number if label is None else label), quote=False)
    found = find(str(number), editions, text=text)
    if found is None:
        return shown
    cls = f' class="{_attr(css_class)}"' if css_class else ""
    hint = f' title="{_attr(hover(found) if title is None else title)}"'
    if page is None:
        return f"<span{cls}{hint}>{shown}</span>"
    return f'<a{cls} href="{_attr(f"{page}#{found.anchor}")}"{hint}>{shown}</a>'


def link_numbers(escaped: str, *, editions: Sequence[str] = DEFAULT_EDITIONS,
                 page: str | None = RULES_PAGE) -> str:
    """Escaped HTML text (no tags) with every rule number the data knows made a link (or a
    hover title, with ``page`` None). Rule numbers hold no character that escaping changes,
    so they are found in the escaped text as in the original."""
    out, at = [], 0
    for start, end, number in rule_spans(escaped):
        label = escaped[start:end]
        linked = rule_html(number, editions=editions, page=page, label=label)
        if linked != label:
            out += [escaped[at:start], linked]
            at = end
    out.append(escaped[at:])
    return "".join(out)


def unknown_numbers(text: str, editions: Sequence[str] = DEFAULT_EDITIONS) -> list[str]:
    """The rule numbers in ``text`` that the rules data does not have (in ``editions``)."""
    return [n for _, _, n in rule_spans(text) if find(n, editions) is None]


def all_anchors() -> set[str]:
    """Every anchor the rules page has (one per paragraph of each edition)."""
    return {p.anchor for name in EDITIONS for p in paragraphs(name)}


def parse_editions(value: object) -> tuple[str, ...]:
    """An order of editions from page metadata: a list, or a text such as ``"506, 723, 726"``.

    :raises ValueError: naming a value that is not an edition.
    """
    if isinstance(value, str):
        items: Iterable[object] = re.findall(r"[^\s,\[\]\"']+", value)
    elif isinstance(value, (list, tuple)):
        items = value
    else:
        raise ValueError(f"expected a list of CR editions ({', '.join(EDITIONS)}), got {value!r}")
    names = tuple(str(v) for v in items)
    bad = [n for n in names if n not in EDITIONS]
    if bad or not names:
        raise ValueError(f"{bad[0] if bad else value!r} is not a CR edition; expected some of "
                         f"{', '.join(EDITIONS)}")
    return names


__all__ = ["CURRENT", "DEFAULT_EDITIONS", "RULES_PAGE", "RULE_NUMBER", "Paragraph",
           "all_anchors", "anchor", "editions_for", "find", "hover", "link_numbers",
           "paragraphs", "parse_editions", "rule_html", "rule_spans", "rule_url",
           "section_titles", "sort_key", "unknown_numbers"]
