"""Palace Jailer (Conspiracy: Take the Crown): two "enters" triggered abilities, one making its
controller the monarch (CR 722), one exiling a creature until an opponent becomes the monarch
(CR 610.3, ``magicsub.rules.designations``). Oracle text as on Scryfall (the "this creature
enters" wording)."""

from __future__ import annotations

from ..engine.registry import CardDef, register
from ..engine.triggers import entered, fire
from ..rules import designations, until

NAME = "Palace Jailer"
TEXT = ("When this creature enters, you become the monarch.\n"
        "When this creature enters, exile target creature an opponent controls until an "
        "opponent becomes the monarch.")
EXILE = until.Targeting("a creature an opponent controls", until.opponents_creature)
"""What its second ability targets."""


def _watch(tx, gid, source, before, after) -> None:
    """Both abilities trigger as it enters the battlefield; its controller puts them on the
    stack in the order they choose (CR 603.3b; the engine's default: the order written, so the
    exile, on top, resolves first)."""
    if not entered(gid, source, before, after):
        return
    fire(tx, gid, after, f"{NAME}: you become the monarch", "palace_jailer_monarch",
         (after.order,))
    fire(tx, gid, after, f"{NAME}: exile target creature an opponent controls until an "
         "opponent becomes the monarch", "palace_jailer_exile", (after.order,))


def _monarch(tx, gid, top, choose, target) -> None:
    """"You become the monarch": the ability's controller (CR 722.1, 722.3)."""
    designations.become(tx, gid, top.controller, f"{NAME}'s ability")


def _exile(tx, gid, top, choose, target) -> None:
    """Exile the target until an opponent becomes the monarch (CR 610.3)."""
    designations.exile_until_monarch(tx, gid, top, target, EXILE)


until.targeting("palace_jailer_exile", EXILE)
register(CardDef(NAME, ("creature",), TEXT, 2, 2, subtypes=("human", "soldier"),
                 abilities={"palace_jailer_monarch": _monarch,
                            "palace_jailer_exile": _exile},
                 watch=_watch))
