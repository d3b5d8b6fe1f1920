"""CR editions: the rule text of each, loaded from ``rules/*.yaml``, and how their numbers map.

The engine cites every subgame rule by its number in the newest edition (726). An edition maps
that number to its own paragraph (``723.2a``, ``506.3``) and gives the sentence that applies:
where an older edition words a step otherwise, it also maps the engine's (726) phrase to its own.
Rules outside the subgame section (``800.4a``, ``704.5b``) are shared by every edition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from . import datafiles
from .arguments import plain
from .errors import CitationError, RulesError
from .limits import shown
from .objects import SUPPLEMENTARY_DECKS

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


NOTES = ("zones", "absent_players", "library", "effects", "left_cards", "cease",
         "archenemy_first", "conspiracies")
"""The points where an edition may add a note to the trace (``Edition.note``)."""


PHASED_OUT_CARDS = ("named", "with_others", "not_seen")
"""What an edition's end-of-subgame rule does with the cards of phased-out permanents: "named"
(it names them, CR 726.5: main-game library), "with_others" (it does not name them; read as cards
in the subgame, they go with the others), "not_seen" (it does not name them, and CR 702.26b treats
a phased-out permanent "as though it does not exist": the rule does not take them)."""


def _flag(value) -> bool:
    return isinstance(value, bool)


def _decks(value) -> bool:
    return value == "all" or (isinstance(value, dict) and all(
        deck in SUPPLEMENTARY_DECKS and isinstance(variant, str)
        for deck, variant in value.items()))


def _notes(value) -> bool:
    return isinstance(value, dict) and set(value) == set(NOTES) and all(
        text is None or (isinstance(text, str) and text) for text in value.values())


BEHAVIOUR = {
    "supplementary_decks": (_decks, '"all", or a mapping from a supplementary deck to the variant '
                                    "it is moved under"),
    "deck_rules": (lambda v: v in ("together", "per_deck"), '"together" or "per_deck"'),
    "nontraditional_to_library": (_flag, "true or false"),
    "exile_returns": (_flag, "true or false"),
    "supplementary_decks_return": (_flag, "true or false"),
    "notes": (_notes, f"a mapping with exactly the keys {', '.join(NOTES)} (each a text or null)"),
    "phased_out_cards": (lambda v: v in PHASED_OUT_CARDS,
                         " or ".join(f'"{v}"' for v in PHASED_OUT_CARDS)),
    "library_removed_face_down": (_flag, "true or false"),
    "held_triggers": (lambda v: v in ("all", "removed_cards"), '"all" or "removed_cards"'),
    "short_deck_loses": (lambda v: v in ("at_start", "first_upkeep"),
                         '"at_start" or "first_upkeep"'),
}
"""The keys of an edition's ``behaviour:`` data (``rules/<edition>.yaml``): how to check each
value, and what it must be."""


class EditionDataError(ValueError):
    """An edition's ``behaviour:`` data is malformed (a bug in ``magicsub/rules``)."""


def check_behaviour(number: str, data) -> dict:
    """Return ``data`` (an edition's ``behaviour:`` mapping) once every key is known, present
    and well-formed.

    :raises EditionDataError: naming the file and the key.
    """
    where = f"magicsub/rules/{number}.yaml, behaviour"
    if not isinstance(data, dict):
        raise EditionDataError(f"{where}: expected a mapping")
    unknown = sorted(set(data) - set(BEHAVIOUR))
    if unknown:
        raise EditionDataError(f"{where}: unknown key {unknown[0]!r}; expected one of "
                               f"{', '.join(BEHAVIOUR)}")
    missing = [key for key in BEHAVIOUR if key not in data]
    if missing:
        raise EditionDataError(f"{where}: missing key {missing[0]!r}")
    for key, (valid, expected) in BEHAVIOUR.items():
        if not valid(data[key]):
            raise EditionDataError(f"{where}.{key}: {data[key]!r} is not {expected}")
    return data


def _load(name: str) -> dict:
    return datafiles.load_rules(name)


def sentences(paragraph: str) -> list[str]:
    """Split a rule paragraph into sentences, keeping parenthesised asides as sentences."""
    return [s for s in _SENTENCE.split(paragraph) if s]


SHADOWED = "today"
"""The key suffix of a shared paragraph (today's numbering) whose number an older edition uses
for one of its own subgame paragraphs (the 723 edition's 723.1 is a subgame rule; today's 723.1
is the initiative): the engine cites subgame rules by their 726 number, so a rule it cites by
its own number is the shared one."""


class Edition:
    """One edition of the Comprehensive Rules' subgame section plus the shared paragraphs."""

    def __init__(self, number: str):
        if number not in EDITIONS:
            raise RulesError("726", f"unknown CR edition {shown(number)}; expected one of "
                             f"{', '.join(EDITIONS)}", subject=str(number))
        self.number = number
        own = _load(f"{number}.yaml")
        self.title: str = own["title"]
        self.paragraphs: dict[str, str] = dict(own["paragraphs"])
        self.examples: dict[str, list[str]] = {k: list(v) for k, v in
                                                (own.get("examples") or {}).items()}
        self._behaviour: dict = check_behaviour(number, own.get("behaviour"))
        self._sources: dict[str, str] = dict.fromkeys(self.paragraphs, self.title)
        self._shadowed: dict[str, str] = {}
        for shared in ("800.yaml", "core.yaml"):
            data = _load(shared)
            for key, text in data["paragraphs"].items():
                if key in own["paragraphs"]:  # an edition's own 723.x wins its number
                    self._shadowed[f"{key}-{SHADOWED}"] = text
                    self._sources.setdefault(f"{key}-{SHADOWED}", data["title"])
                    continue
                self.paragraphs.setdefault(key, text)
                self._sources.setdefault(key, data["title"])
            for key, value in (data.get("examples") or {}).items():
                self.examples.setdefault(key, []).extend(value)
        self._map: dict[str, str] = dict(_MAPS[number])
        self._wording: dict[tuple[str, str], str] = dict(_WORDING[number])
        self._cited: dict[tuple[str, str | None], Citation] = {}

    def __repr__(self) -> str:
        return f"Edition({self.number!r})"

    def source(self, rule: str) -> str:
        """The source label of the text this edition gives for ``rule`` (a paragraph key, its
        cited number, or a 726-numbered rule): the ``title`` of the rules data file it comes
        from. The one place a label is read from: quotes, step headers and the rules page show
        this.

        :raises RulesError: this edition has no paragraph for ``rule``.
        """
        key = rule if rule in self._sources else self.local(rule)
        if key is None:
            raise RulesError(rule, f"CR edition {self.number} has no paragraph for rule {rule}",
                             subject=rule)
        return self._sources[key]

    def sources(self) -> tuple[str, ...]:
        """Every source label of this edition's texts, its own ``title`` first."""
        return tuple(dict.fromkeys([self.title, *self._sources.values()]))

    def does(self, key: str) -> bool:
        """True when this edition's rules do the yes-or-no behaviour ``key`` (e.g.
        ``"exile_returns"``: cards exiled in a subgame return with the others)."""
        value = self._behaviour[key]
        if not isinstance(value, bool):
            raise KeyError(f"{key!r} is not a yes-or-no behaviour")
        return value

    def behaviour(self, key: str):
        """The value of the behaviour ``key`` (``BEHAVIOUR`` lists them)."""
        return self._behaviour[key]

    def note(self, name: str) -> str | None:
        """The note this edition adds at the point ``name`` (one of ``NOTES``), or None."""
        return self._behaviour["notes"][name]

    def moves_deck(self, deck: str, variant: str | None) -> bool:
        """True when a subgame of a game of ``variant`` takes each player's supplementary
        ``deck`` (CR 726.2a: every one; CR 723.2a, 723.2d: planar decks in Planechase, scheme
        decks in Archenemy; CR 506: none)."""
        decks = self._behaviour["supplementary_decks"]
        return decks == "all" or (deck in decks and decks[deck] == variant)

    def deck_rule(self, rule: str, deck: str) -> tuple[str, str]:
        """The rule and phrase of the step that moves ``deck`` (``rule`` "726.2a" or
        "726.5a"): one paragraph for every deck, or one per deck."""
        if self._behaviour["deck_rules"] == "together":
            return rule, "moves each of their supplementary decks"
        return f"{rule}.{deck}", "moves"

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
        elif f"{base}-{SHADOWED}" in self._shadowed:
            return f"{base}-{SHADOWED}"
        else:
            key = base
        return key if key in self.paragraphs else None

    def phrase(self, rule: str, match: str | None) -> str | None:
        """The phrase of this edition's paragraph for the engine's (726-worded) ``match``."""
        return self._wording.get((rule, match), match) if match else match

    def cite(self, rule: str, match: str | None = None) -> Citation:
        """Return the citation of ``rule``: this edition's number and the sentence containing
        ``match`` (the whole paragraph when ``match`` is None).

        :raises RulesError: this edition has no paragraph for ``rule``.
        :raises CitationError: no sentence of the paragraph contains ``match``.
        """
        cited = self._cited.get((rule, match))
        if cited is None:
            cited = self._cited[(rule, match)] = self._cite(rule, match)
        return cited

    def _cite(self, rule: str, match: str | None) -> Citation:
        key = self.local(rule)
        if key is None:
            raise RulesError(rule, f"CR edition {self.number} has no paragraph for rule {rule}",
                             subject=rule)
        paragraph = self.paragraphs.get(key) or self._shadowed[key]
        match = self.phrase(rule, match)
        if not match:
            return Citation(key.split("-")[0], paragraph, paragraph)
        for sentence in sentences(paragraph):
            if match.lower() in sentence.lower():
                return Citation(key.split("-")[0], sentence, paragraph)
        raise CitationError(self.number, key.split("-")[0], match)


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
        "726.2.zones": "506.1",
        "726.2.others": "506.5",
        "726.5.cease": "506.6",
        "726.5.finish": "608.2c",
        "726.1b.defined": "608.2c",
    },
}
for _edition in ("726", "723"):
    for _suffix in ("first", "normal"):
        _MAPS[_edition][f"726.2.{_suffix}"] = f"{_edition}.2"
    _MAPS[_edition]["726.4a.held"] = f"{_edition}.4a"
    _MAPS[_edition]["726.5.held"] = f"{_edition}.5"
_MAPS["723"]["726.2a.planar"] = "723.2a"
_MAPS["723"]["726.5a.planar"] = "723.5a"


_WORDING: dict[str, dict[tuple[str, str], str]] = {
    "726": {},
    "723": {
        ("726.2a.planar", "Face-up nontraditional cards remain"):
            "Face-up plane and phenomenon cards remain",
        ("726.2a.scheme", "Face-up nontraditional cards remain"): "Face-up scheme cards remain",
    },
    "506": {
        ("726.1a", "temporarily discontinued"): "The main game is suspended",
        ("726.2.zones", "an entirely new set of game zones is created"):
            "is the game created by Shahrazad",
        ("726.2", "moves them to their subgame library"):
            "removes his or her library from the game face down",
        ("726.2.others", "No other cards in a main-game zone are moved"):
            "All objects in the main game",
        ("726.5", "puts them into their main-game library"):
            "into his or her library in the main game",
        ("726.3", "will lose the subgame when state-based actions are checked"):
            "will lose the game as soon as it starts",
        ("726.5.cease", "all other objects in the subgame cease to exist"):
            "At the end of a subgame",
        ("726.5.finish", "finishes resolving"): "follows its instructions in the order written",
        ("726.1b.defined", "except as defined by the effect that created the subgame"):
            "follows its instructions in the order written",
        ("726.5.held", "those abilities are put onto the stack"):
            "aren't put onto the stack until the subgame is completed",
        ("726.4a.held", "won’t be put onto the stack until the main game resumes"):
            "aren't put onto the stack until the subgame is completed",
        ("726.6", "The existing subgame becomes the main game"):
            "considered both a main game and a subgame",
        ("726.1b", "No effects or definitions created in either the main game"):
            "All objects in the main game",
        ("726.4", "All players not currently in the subgame"): "All objects in the main game",
        ("726.5", "that are in the subgame"): "all objects that were brought into the subgame",
        ("726.1a", "A “subgame” is a completely separate Magic game"):
            "A \"subgame\" is the game created by Shahrazad",
        ("726.1a", "Essentially, it’s a game within a game"):
            "A \"subgame\" is the game created by Shahrazad",
    },
}
"""Per edition, ``(rule as the engine cites it, the engine's phrase)``: the phrase of that
edition's paragraph that says what the step does."""


def edition(number: str | int = DEFAULT_EDITION) -> Edition:
    """Return the (cached) edition called ``number``: "726" (default), "723" or "506" (or the
    number 726, 723, 506; a ``str`` or ``int`` subclass is read as the plain value it holds).

    :raises RulesError: (726) any other value, quoted cut to length.
    """
    value = plain(number)
    if isinstance(value, int) and not isinstance(value, bool) and value in (726, 723, 506):
        value = str(value)
    if not isinstance(value, str) or value not in EDITIONS:
        raise RulesError("726", f"unknown CR edition {shown(number)}; expected one of "
                         f"{', '.join(EDITIONS)}",
                         subject=value if isinstance(value, str) else shown(number))
    return _edition(value)


@cache
def _edition(number: str) -> Edition:
    return Edition(number)
