"""Concordant Crossroads ({G} World Enchantment, Legends): a world permanent for the world rule
(CR 704.5k) and its limited-range form (CR 801.12), whose static ability gives every creature
haste (CR 702.10b: it can attack though it hasn't been controlled continuously since its
controller's most recent turn began), whoever controls it and however it got onto the
battlefield (CR 611.3a).

Oracle text as Scryfall gives it.
"""

from __future__ import annotations

from ..engine.objects import Obj
from ..engine.registry import CardDef, register


def _haste(source: Obj, obj: Obj) -> tuple[str, ...]:
    """"All creatures have haste." (every creature on the battlefield, CR 611.3a)."""
    return ("haste",) if obj.is_type("creature") and obj.zone == source.zone else ()


register(CardDef("Concordant Crossroads", ("world", "enchantment"),
                 "All creatures have haste.", gives=_haste))
