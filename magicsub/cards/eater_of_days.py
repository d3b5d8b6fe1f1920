"""Eater of Days ({4}{B} artifact creature, Darksteel): "Flying, trample. When Eater of Days
enters, you skip your next two turns." A second card of the "skip your next turn" class
(Meditate): two skip effects, each a replacement effect (CR 614.10); CR 614.10a: "If two
effects each cause a player to skip their next occurrence, that player must skip the next
two"."""

from __future__ import annotations

from ..engine.objects import Obj
from ..engine.registry import CardDef, register
from ..engine.resolution import FOLLOWS
from ..engine.transaction import Tx
from ..engine.triggers import entered, fire
from ..rules import extra_turns

NAME = "Eater of Days"
TRIGGER = "When Eater of Days enters, you skip your next two turns."
TEXT = "Flying, trample\n" + TRIGGER
SKIPS = 2


def _watch(tx: Tx, gid: int, source: Obj, before: Obj | None, after: Obj | None) -> None:
    """Its enters-the-battlefield ability triggers (CR 603.6a)."""
    if entered(gid, source, before, after):
        fire(tx, gid, after, f"{after.name}: “{TRIGGER}”", "eater_of_days", (after.order,))


def _skip(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """You skip your next two turns: two skip effects (CR 614.10a)."""
    tx.step("608.2c", FOLLOWS)
    source = tx.world.objects.get(top.source) or top
    for _ in range(SKIPS):
        extra_turns.skip_next(tx, gid, top.controller, source)


register(CardDef(NAME, ("artifact", "creature"), TEXT, 9, 8, subtypes=("leviathan",),
                 keywords=("flying", "trample"), abilities={"eater_of_days": _skip},
                 watch=_watch))
