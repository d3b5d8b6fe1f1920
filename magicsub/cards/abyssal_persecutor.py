"""Abyssal Persecutor (Worldwake): Platinum Angel's class with the roles swapped, "You can't win
the game and your opponents can't lose the game" (CR 101.2, 109.5; ``magicsub.rules.outcomes``).
Its Gatherer rulings (2017-11-17) are quoted in the book: a concession still loses, and when it
leaves the battlefield an opponent at 0 or less life loses at the next state-based action check."""

from __future__ import annotations

from ..engine.registry import CardDef, register
from ..rules import outcomes

NAME = "Abyssal Persecutor"
TEXT = ("Flying, trample\n"
        "You can't win the game and your opponents can't lose the game.")

register(CardDef(NAME, ("creature",), TEXT, 6, 6, subtypes=("demon",),
                 keywords=("flying", "trample")))
outcomes.static(NAME, outcomes.you_and_opponents(outcomes.WIN, outcomes.LOSE))
