"""Official guidance: the Gatherer rulings of the cards the book uses, kept as data beside the
rule texts (``rules/rulings.yaml``), each quoted verbatim with its date and source.

The book shows them in an "Official guidance" box beside the rule text
(``magicsub.book.guidance``); a disputed quiz says what guidance exists
(``magicsub.views.quizbank``). Reading the file checks it: a malformed entry is a ``RulingsError``
naming the file and line.

>>> shahrazad = load()["Shahrazad"]
>>> shahrazad.rulings[-1].date, shahrazad.rulings[-1].source
('2007-07-15', 'Gatherer ruling')
>>> [r.date for r in shahrazad.about(("726.5",))]
['2007-07-15']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from functools import cache
from importlib import resources

from ..engine.editions import EDITIONS, edition
from ..engine.errors import ScenarioError
from ..scenario.yamlfile import LineDict, LineList, parse

FILE = "rulings.yaml"
"""The data file, in ``magicsub/rules``."""
SUBGAME_CARDS = ("Shahrazad", "Enter the Dungeon", "The Countdown Is at One", "Tug of War")
"""The four cards that create a subgame: their rulings are official guidance on subgames, whether
or not the engine knows the card."""
CARD_KEYS = {"card", "read_at", "rulings"}
RULING_KEYS = {"date", "source", "topics", "text", "note", "partial"}
SOURCE = re.compile(r"Gatherer ruling\Z|Release notes: [^,]+, \d{4}-\d{2}-\d{2}\Z")
"""A ruling's source: "Gatherer ruling", or "Release notes: <set>, <YYYY-MM-DD>"."""
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}\Z")


class RulingsError(ValueError):
    """The rulings data is malformed: the message names the file, the line and what is wrong."""


@dataclass(frozen=True)
class Ruling:
    """One official ruling: its date (``YYYY-MM-DD``), source, the CR paragraphs it bears on
    (``topics``; empty for one kept only so that its card's list is whole), its words, and a
    remark of the book (``note``). ``partial``: only its first sentences could be read."""

    date: str
    source: str
    topics: tuple[str, ...]
    text: str
    note: str = ""
    partial: bool = False

    def bears_on(self, rules: tuple[str, ...]) -> bool:
        """Whether it bears on any of ``rules``: a topic equal to one of them or under it
        (``"726"`` covers ``"726.5"``, ``"726.5"`` covers ``"726.5a"``)."""
        return any(_under(topic, rule) for topic in self.topics for rule in rules)


def _under(topic: str, rule: str) -> bool:
    rest = topic[len(rule):]
    return topic.startswith(rule) and (rest == "" or rest.startswith(".") or rest.isalpha())


@dataclass(frozen=True)
class CardRulings:
    """A card's official rulings, in the order their source lists them, and where they were
    read (``read_at``)."""

    card: str
    read_at: str
    rulings: tuple[Ruling, ...]

    def about(self, rules: tuple[str, ...] | None = None) -> tuple[Ruling, ...]:
        """The rulings bearing on any of ``rules`` (all of them when ``rules`` is None)."""
        if rules is None:
            return self.rulings
        return tuple(r for r in self.rulings if r.bears_on(rules))


def _line(node: object, key: str | None = None) -> str:
    if isinstance(node, LineDict) and key is not None and key in node.key_lines:
        return str(node.key_lines[key])
    return str(getattr(node, "line", None) or "?")


def _known_paragraphs() -> set[str]:
    found: set[str] = set()
    for number in EDITIONS:
        found |= set(edition(number).paragraphs)
    return found


def _text(node: LineDict, key: str, where: str) -> str:
    value = node.get(key)
    if not isinstance(value, str) or not value.strip():
        raise RulingsError(f"{where}, line {_line(node, key)}: {key!r} must be text")
    return value


def _ruling(node: object, card: str, file: str, known: set[str]) -> Ruling:
    where = f"{file}, line {_line(node)}"
    if not isinstance(node, LineDict):
        raise RulingsError(f"{where}: a ruling of {card} is a mapping")
    extra = sorted(set(node) - RULING_KEYS)
    if extra:
        raise RulingsError(f"{file}, line {_line(node, extra[0])}: unknown key {extra[0]!r} in a "
                           f"ruling; expected {', '.join(sorted(RULING_KEYS))}")
    for key in ("date", "source", "topics", "text"):
        if key not in node:
            raise RulingsError(f"{where}: a ruling of {card} needs {key!r}")
    day = node["date"]
    if not isinstance(day, str) or not _DATE.match(day):
        raise RulingsError(f"{file}, line {_line(node, 'date')}: a date is \"YYYY-MM-DD\", "
                           f"got {day!r}")
    try:
        date.fromisoformat(day)
    except ValueError:
        raise RulingsError(f"{file}, line {_line(node, 'date')}: no such day: {day}") from None
    source = _text(node, "source", where)
    if not SOURCE.match(source):
        raise RulingsError(f"{file}, line {_line(node, 'source')}: a source is \"Gatherer "
                           f"ruling\" or \"Release notes: <set>, <YYYY-MM-DD>\", got {source!r}")
    topics = node["topics"]
    if not isinstance(topics, list) or not all(isinstance(t, str) for t in topics):
        raise RulingsError(f"{file}, line {_line(node, 'topics')}: topics is a list of rule "
                           "numbers (quoted)")
    for topic in topics:
        if topic not in known:
            raise RulingsError(f"{file}, line {_line(node, 'topics')}: topic {topic} is not a "
                               "paragraph of the rules data (magicsub/rules/*.yaml)")
    if len(set(topics)) != len(topics):
        raise RulingsError(f"{file}, line {_line(node, 'topics')}: a topic is listed twice")
    partial = node.get("partial", False)
    if not isinstance(partial, bool):
        raise RulingsError(f"{file}, line {_line(node, 'partial')}: partial is true or false")
    note = _text(node, "note", where) if "note" in node else ""
    return Ruling(day, source, tuple(topics), " ".join(_text(node, "text", where).split()),
                  note, partial)


def _card(node: object, file: str, known: set[str]) -> CardRulings:
    where = f"{file}, line {_line(node)}"
    if not isinstance(node, LineDict):
        raise RulingsError(f"{where}: each entry is a mapping of card, read_at and rulings")
    extra = sorted(set(node) - CARD_KEYS)
    if extra:
        raise RulingsError(f"{file}, line {_line(node, extra[0])}: unknown key {extra[0]!r}; "
                           f"expected {', '.join(sorted(CARD_KEYS))}")
    name = _text(node, "card", where)
    read_at = _text(node, "read_at", where)
    if not read_at.startswith("https://"):
        raise RulingsError(f"{file}, line {_line(node, 'read_at')}: read_at is an https:// "
                           "address")
    raw = node.get("rulings")
    if not isinstance(raw, LineList) or not raw:
        raise RulingsError(f"{file}, line {_line(node, 'rulings')}: {name} needs a list of "
                           "one or more rulings")
    rulings = tuple(_ruling(item, name, file, known) for item in raw)
    seen: set[str] = set()
    for item, ruling in zip(raw, rulings, strict=True):
        if ruling.text in seen:
            raise RulingsError(f"{file}, line {_line(item)}: {name} has this ruling twice")
        seen.add(ruling.text)
    return CardRulings(name, read_at, rulings)


def read(text: str, file: str = FILE) -> dict[str, CardRulings]:
    """The rulings in ``text`` (the data file's format), by card name, each checked.

    :raises RulingsError: an entry is malformed, a card is listed twice, a date is no day, a
        topic is not a paragraph of the rules data; the message names the line.
    """
    try:
        doc = parse(text, file)
    except ScenarioError as err:
        raise RulingsError(str(err)) from None
    if not isinstance(doc, LineList):
        raise RulingsError(f"{file}: the rulings data is a list of cards")
    known = _known_paragraphs()
    found: dict[str, CardRulings] = {}
    for node in doc:
        entry = _card(node, file, known)
        if entry.card in found:
            raise RulingsError(f"{file}, line {_line(node)}: {entry.card} is listed twice")
        found[entry.card] = entry
    return found


@cache
def load() -> dict[str, CardRulings]:
    """Every card's rulings from ``magicsub/rules/rulings.yaml``, by card name (read once)."""
    text = resources.files("magicsub").joinpath("rules", FILE).read_text(encoding="utf-8")
    return read(text, f"magicsub/rules/{FILE}")


def of(card: str) -> CardRulings | None:
    """The rulings of ``card`` (its exact English name), or None when the data has none."""
    return load().get(card)


__all__ = ["CARD_KEYS", "FILE", "RULING_KEYS", "SOURCE", "SUBGAME_CARDS", "CardRulings", "Ruling",
           "RulingsError", "load", "of", "read"]
