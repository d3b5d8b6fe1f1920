"""Palace Sentinels (Conspiracy: Take the Crown): "you become the monarch" as it enters
(CR 722). Oracle text as on Scryfall (the "this creature enters" wording)."""

from __future__ import annotations

from ..engine.registry import CardDef, register
from ..engine.triggers import entered, fire
from ..rules import designations

NAME = "Palace Sentinels"
TEXT = "When this creature enters, you become the monarch."


def _watch(tx, gid, source, before, after) -> None:
    """Its ability triggers as it enters the battlefield."""
    if not entered(gid, source, before, after):
        return
    fire(tx, gid, after, f"{NAME}: you become the monarch", "palace_sentinels_monarch",
         (after.order,))


def _monarch(tx, gid, top, choose, target) -> None:
    """"You become the monarch": the ability's controller (CR 722.1, 722.3)."""
    designations.become(tx, gid, top.controller, f"{NAME}'s ability")


register(CardDef(NAME, ("creature",), TEXT, 2, 4, subtypes=("human", "soldier"),
                 abilities={"palace_sentinels_monarch": _monarch}, watch=_watch))
