"""Platinum Angel (Mirrodin; Magic 2010): an artifact creature whose static ability says "You
can't lose the game and your opponents can't win the game" (CR 101.2: the "can't" takes
precedence; CR 109.5: "you" is its controller now). It works only while it is on the battlefield
of its own game (``magicsub.rules.outcomes``, CR 611.3b, 726.1b)."""

from __future__ import annotations

from ..engine.registry import CardDef, register
from ..rules import outcomes

NAME = "Platinum Angel"
TEXT = "Flying\nYou can't lose the game and your opponents can't win the game."

register(CardDef(NAME, ("artifact", "creature"), TEXT, 4, 4, subtypes=("angel",),
                 keywords=("flying",)))
outcomes.static(NAME, outcomes.you_and_opponents(outcomes.LOSE, outcomes.WIN))
