"""Cards with no behaviour beyond their printed facts and keyword abilities, sharing one module:
Serra Angel, Runeclaw Bears, Assault Griffin, Grizzly Bears, and Myr (the name of the token
Genesis Chamber creates). Each is registered for its types, power/toughness and keywords (flying,
vigilance: CR 702.9, 702.20) — none resolves, triggers or watches anything.
"""

from __future__ import annotations

from . import CardDef, register

VANILLA = tuple(register(card) for card in (
    CardDef("Serra Angel", ("creature",), "Flying, vigilance", 4, 4,
            keywords=("flying", "vigilance")),
    CardDef("Runeclaw Bears", ("creature",), "", 2, 2),
    CardDef("Assault Griffin", ("creature",), "Flying", 3, 2, keywords=("flying",)),
    CardDef("Grizzly Bears", ("creature",), "", 2, 2),
    CardDef("Myr", ("artifact", "creature"), "", 1, 1),
))
"""The vanilla cards' registered definitions."""
