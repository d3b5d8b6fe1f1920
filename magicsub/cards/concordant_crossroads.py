"""Concordant Crossroads ({G} World Enchantment, Legends): a world permanent for the world rule
(CR 704.5k) and its limited-range form (CR 801.12).

Oracle text as Scryfall gives it. Its static ability ("All creatures have haste.") is not
modelled: the engine gives haste only from the effects ``magicsub.combat.keywords`` knows.
"""

from __future__ import annotations

from . import CardDef, register

register(CardDef("Concordant Crossroads", ("world", "enchantment"),
                 "All creatures have haste."))
