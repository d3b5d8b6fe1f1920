"""Last Chance ({R}{R} sorcery, Mirage): the sorcery twin of Final Fortune, with the same text
(CR 500.7, 603.7; ``final_fortune`` says how it works)."""

from __future__ import annotations

from ..engine.registry import CardDef, register
from .final_fortune import TEXT, extra_turn_then_lose, lose

LAST_CHANCE = register(CardDef(
    "Last Chance", ("sorcery",), TEXT, behaviour="last_chance",
    resolve=extra_turn_then_lose("last_chance:lose"), abilities={"last_chance:lose": lose}))
"""Last Chance's registered definition."""
