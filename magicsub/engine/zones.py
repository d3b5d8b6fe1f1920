"""Zones of a game (CR 400) and the place outside every game."""

from __future__ import annotations

from enum import StrEnum

from .limits import shown


class Zone(StrEnum):
    """A game zone. Library, hand and graveyard belong to one player; the others are shared."""

    LIBRARY = "library"
    HAND = "hand"
    GRAVEYARD = "graveyard"
    BATTLEFIELD = "battlefield"
    STACK = "stack"
    EXILE = "exile"
    COMMAND = "command"
    ANTE = "ante"

    @property
    def per_player(self) -> bool:
        """True for the zones each player has one of (library, hand, graveyard)."""
        return self in PER_PLAYER

    def __str__(self) -> str:
        return self.value


PER_PLAYER = frozenset({Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD})
SHARED = (Zone.BATTLEFIELD, Zone.STACK, Zone.EXILE, Zone.COMMAND, Zone.ANTE)
ORDER = (Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD) + SHARED
OUTSIDE = "outside"
"""Where an object is when it is in no zone of any game (CR 400.11 'outside the game')."""


def parse_zone(name: str) -> Zone:
    """Return the zone called ``name``; raise ``ValueError`` naming the known zones otherwise."""
    try:
        return Zone(name)
    except ValueError:
        known = ", ".join(z.value for z in Zone)
        raise ValueError(f"unknown zone {shown(name)}; expected one of {known}") from None
