"""Living Plane ({2}{G}{G} World Enchantment, Legends): a world permanent for the world rule
(CR 704.5k) and its limited-range form (CR 801.12).

Oracle text as Scryfall gives it. Its static ability ("All lands are 1/1 creatures that are still
lands.") is not modelled: the engine has no type-changing effects.
"""

from __future__ import annotations

from ..engine.registry import CardDef, register

register(CardDef("Living Plane", ("world", "enchantment"),
                 "All lands are 1/1 creatures that are still lands."))
