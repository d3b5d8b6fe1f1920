"""Game objects (CR 109): what a card, a token, a copy or an ability is in one zone of one game.

A physical card keeps its scenario id wherever it goes, so a reader can follow it from the main
game into a subgame and back. Tokens, copies of spells and abilities are objects without a card.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from operator import attrgetter

from .zones import OUTSIDE, Zone


class Kind(StrEnum):
    """What an object is made of."""

    CARD = "card"
    TOKEN = "token"
    COPY = "copy"
    ABILITY = "ability"
    EMBLEM = "emblem"

    def __str__(self) -> str:
        return self.value


NONTRADITIONAL_DECKS = ("planar", "scheme", "attraction", "contraption", "conspiracy", "vanguard")
"""Supplementary decks and other nontraditional cards (CR 108.2a-b) a scenario may name."""
SUPPLEMENTARY_DECKS = ("planar", "scheme", "attraction", "contraption")
"""The kinds of ``NONTRADITIONAL_DECKS`` that are supplementary decks (CR glossary: "a planar
deck, a scheme deck, an Attraction deck, and a Contraption deck"). A vanguard card and the
conspiracy cards start the game in the command zone on their own, not as a deck."""


@dataclass(frozen=True, slots=True)
class Obj:
    """One object, or one physical card while it is outside every game (``game is None``).

    ``base`` is the controller the object has by default (who put it onto the battlefield or the
    stack); ``controller`` is the controller after control-changing effects. A vanguard card has
    a ``hand_modifier`` and a ``life_modifier`` (CR 902.4, 902.5). ``counters`` are the counters
    on a permanent (CR 122.1), by kind; ``activated`` is ``(game, turn)`` of the turn a loyalty
    ability of this permanent was last activated (CR 606.3). Both belong to one object: a move
    makes a new object without them (CR 400.7).

    Phasing (CR 702.26, ``magicsub.phasing``): ``phased_under`` is the player under whose control
    it phased out, ``phased_indirectly`` says it phased out with the permanent it is attached to
    (CR 702.26g), ``phased_until`` is the object whose leaving the battlefield phases it in (or
    ``phasing.NEXT_UNTAP``, CR 702.26n). Face down (CR 708): ``face_down_by`` says what turned it
    face down (``"manifest"``, CR 701.34a, or ``"effect"``) and ``printed`` keeps its face-up
    ``(types, power, toughness)`` while it is a face-down 2/2 (CR 708.2a).
    """

    id: str
    name: str
    owner: str
    kind: Kind = Kind.CARD
    types: tuple[str, ...] = ()
    traditional: bool = True
    deck: str | None = None
    commander: bool = False
    power: int | None = None
    toughness: int | None = None
    game: int | None = None
    zone: Zone | None = None
    base: str | None = None
    controller: str | None = None
    order: int = 0
    face_up: bool = True
    phased_out: bool = False
    tapped: bool = False
    source: str | None = None
    targets: tuple[str, ...] = ()
    attached_to: str | None = None
    entered_under: str | None = None
    began_in_deck: str | None = None
    damage: int = 0
    left_from: int | None = None
    hand_modifier: int | None = None
    life_modifier: int | None = None
    extra: tuple[tuple[str, object], ...] = field(default=())
    counters: tuple[tuple[str, int], ...] = ()
    activated: tuple[int, int] | None = None
    phased_under: str | None = None
    phased_indirectly: bool = False
    phased_until: str | None = None
    face_down_by: str | None = None
    printed: tuple | None = None

    @property
    def is_card(self) -> bool:
        """True for a physical card (traditional or not)."""
        return self.kind is Kind.CARD

    @property
    def outside(self) -> bool:
        """True when the object is in no zone of any game."""
        return self.game is None

    @property
    def place(self) -> str:
        """The zone name, or ``"outside"``."""
        return OUTSIDE if self.zone is None else self.zone.value

    def is_type(self, card_type: str) -> bool:
        """True when the object has this card type (e.g. ``"creature"``)."""
        return card_type in self.types

    def moved(self, **changes) -> Obj:
        """Return a copy with fields changed (a faster ``dataclasses.replace``)."""
        values = list(_GET(self))
        for key, value in changes.items():
            values[_INDEX[key]] = value
        return Obj(*values)

    def label(self) -> str:
        """A short human label: name, and the id when it differs."""
        return self.name if self.name == self.id else f"{self.name} [{self.id}]"


_NAMES = tuple(f.name for f in fields(Obj))
_GET = attrgetter(*_NAMES)
_INDEX = {name: i for i, name in enumerate(_NAMES)}
