"""Hypnotic Specter: a flying creature whose damage trigger the engine does not model.

Oracle text: "Flying. Whenever Hypnotic Specter deals damage to an opponent, that player
discards a card at random."

Its flying is a keyword combat reads; the engine does not model its damage trigger (no combat
damage to players reaches a discard here), so it registers no ``watch``: its Oracle text is
recorded for the trace and the book.
"""

from __future__ import annotations

from ..engine.registry import CardDef, register

HYPNOTIC_SPECTER = register(CardDef(
    "Hypnotic Specter", ("creature",),
    "Flying. Whenever Hypnotic Specter deals damage to an opponent, that player discards a card "
    "at random.", 2, 2, keywords=("flying",)))
"""Hypnotic Specter's registered definition."""
