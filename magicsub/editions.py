"""CR editions: the rule text of each, loaded from ``rules/*.yaml``, and how their numbers map.

The engine cites every subgame rule by its number in the newest edition (726). An edition maps
that number to its own paragraph (``723.2a``, ``506.3``) and gives the sentence that applies.
Rules outside the subgame section (``800.4a``, ``704.5b``) are shared by every edition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

import yaml

from .errors import RulesError

EDITIONS = ("726", "723", "506")
DEFAULT_EDITION = "726"
_VARIANT = re.compile(r"(?<=\d[a-z])\.[a-z]+$|(?<=\d)\.[a-z]{2,}$")
_SENTENCE = re.compile(r"(?<=[.)”])\s+(?=[A-Z(“])")


@dataclass(frozen=True)
class Citation:
    """A rule as one edition words it: the number, the sentence that applies, the paragraph."""

    rule: str
    text: str
    paragraph: str


def _load(name: str) -> dict:
    with resources.files("magicsub.rules").joinpath(name).open(encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def sentences(paragraph: str) -> list[str]:
    """Split a rule paragraph into sentences, keeping parenthesised asides as sentences."""
    return [s for s in _SENTENCE.split(paragraph) if s]


class Edition:
    """One edition of the Comprehensive Rules' subgame section plus the shared paragraphs."""

    def __init__(self, number: str):
        if number not in EDITIONS:
            raise RulesError("726", f"unknown CR edition {number!r}; expected one of "
                             f"{', '.join(EDITIONS)}", subject=str(number))
        self.number = number
        own = _load(f"{number}.yaml")
        self.title: str = own["title"]
        self.paragraphs: dict[str, str] = dict(own["paragraphs"])
        self.examples: dict[str, list[str]] = dict(own.get("examples") or {})
        for shared in ("800.yaml", "core.yaml"):
            data = _load(shared)
            self.paragraphs.update(data["paragraphs"])
            for key, value in (data.get("examples") or {}).items():
                self.examples.setdefault(key, []).extend(value)
        self._map: dict[str, str] = dict(_MAPS[number])

    def __repr__(self) -> str:
        return f"Edition({self.number!r})"

    def knows(self, rule: str) -> bool:
        """True when this edition has a paragraph for the (726-numbered) ``rule``."""
        return self.local(rule) is not None

    def local(self, rule: str) -> str | None:
        """This edition's paragraph key for a 726-numbered (or shared) rule, or None."""
        base = _VARIANT.sub("", rule)
        if rule in self._map:
            key = self._map[rule]
        elif base in self._map:
            key = self._map[base]
        elif base.startswith("726") and self.number != "506":
            key = base.replace("726", self.number, 1)
        elif base.startswith("726"):
            return None
        else:
            key = base
        return key if key in self.paragraphs else None

    def cite(self, rule: str, match: str | None = None) -> Citation:
        """Return the citation of ``rule``: this edition's number and the sentence containing
        ``match`` (the whole paragraph when ``match`` is None or not found)."""
        key = self.local(rule)
        if key is None:
            raise RulesError(rule, f"CR edition {self.number} has no paragraph for rule {rule}",
                             subject=rule)
        paragraph = self.paragraphs[key]
        text = paragraph
        if match:
            for sentence in sentences(paragraph):
                if match.lower() in sentence.lower():
                    text = sentence
                    break
        return Citation(key.split("-")[0], text, paragraph)


_MAPS: dict[str, dict[str, str]] = {
    "726": {},
    "723": {
        "726.2a.scheme": "723.2d",
        "726.5a.scheme": "723.5d",
    },
    "506": {
        "726.1": "506.1",
        "726.1a": "506.1",
        "726.1b": "506.5",
        "726.2": "506.3",
        "726.2.first": "506.4",
        "726.2.normal": "506.4",
        "726.3": "506.3-2",
        "726.4": "506.5",
        "726.4a": "506.5a",
        "726.4a.held": "506.2",
        "726.5": "506.6",
        "726.5.held": "506.2",
        "726.6": "506.7",
    },
}
for _edition in ("726", "723"):
    for _suffix in ("first", "normal"):
        _MAPS[_edition][f"726.2.{_suffix}"] = f"{_edition}.2"
    _MAPS[_edition]["726.4a.held"] = f"{_edition}.4a"
    _MAPS[_edition]["726.5.held"] = f"{_edition}.5"
_MAPS["723"]["726.2a.planar"] = "723.2a"
_MAPS["723"]["726.5a.planar"] = "723.5a"


@cache
def edition(number: str = DEFAULT_EDITION) -> Edition:
    """Return the (cached) edition called ``number``: "726" (default), "723" or "506"."""
    return Edition(str(number))
