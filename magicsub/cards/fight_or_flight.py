"""Fight or Flight: an object whose choice is made by a player it designated earlier (the
opponent whose turn it is), for CR 800.4g. Its trigger is posed by the ``choice`` step."""

from __future__ import annotations

from ..engine.registry import CardDef, register

TEXT = ("At the beginning of combat on each opponent's turn, separate all creatures that player "
        "controls into two piles. Only creatures in the pile of their choice can attack "
        "this turn.")

register(CardDef("Fight or Flight", ("enchantment",), TEXT))
