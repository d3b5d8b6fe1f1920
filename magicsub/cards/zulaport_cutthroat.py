"""Zulaport Cutthroat: a creature whose ability triggers when a creature its controller controls
dies (CR 700.4: "dies" means "is put into a graveyard from the battlefield").

Oracle text: "Whenever Zulaport Cutthroat or another creature you control dies, each opponent
loses 1 life and you gain 1 life."

A creature that leaves the game with its owner (CR 800.4a) is not put into a graveyard: it does
not die, and this ability does not trigger, even for a creature its controller controlled. A
"dies" trigger looks back in time (CR 603.10a): the Cutthroat dying with other creatures sees
them die. Under the limited range of influence option its life loss reaches only the opponents
within its controller's range (CR 801.10).
"""

from __future__ import annotations

from ..engine.objects import Obj
from ..engine.registry import CardDef, register
from ..engine.resolution import FOLLOWS
from ..engine.transaction import Tx
from ..engine.triggers import fire
from ..engine.zones import Zone
from ..rules.ranges import affected

NAME = "Zulaport Cutthroat"
TEXT = ("Whenever Zulaport Cutthroat or another creature you control dies, each opponent loses "
        "1 life and you gain 1 life.")


def _watch(tx: Tx, gid: int, cutthroat: Obj, before: Obj | None, after: Obj | None) -> None:
    """A creature controlled by the Cutthroat's controller (the Cutthroat itself included) goes
    from game ``gid``'s battlefield to a graveyard of ``gid``."""
    if before is None or before.game != gid or before.zone is not Zone.BATTLEFIELD:
        return
    if after is None or after.game != gid or after.zone is not Zone.GRAVEYARD:
        return
    if not before.is_type("creature") or before.controller != cutthroat.controller:
        return
    fire(tx, gid, cutthroat, f"{cutthroat.name}: {before.name} died; each opponent loses 1 life "
         "and you gain 1 life", "zulaport_drain", looks_back=True)


def _drain(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """The ability resolves: each opponent (within range, CR 801.10) loses 1 life; its
    controller gains 1 life."""
    me = top.controller
    opponents = [p for p in tx.game(gid).in_game if p != me]
    hit = affected(tx, gid, me, opponents, "Zulaport Cutthroat's life loss")
    tx.step("608.2c", FOLLOWS)
    tx.note(f"{top.label()}: {', '.join(hit) or 'no opponent'} "
            f"{'loses' if len(hit) == 1 else 'lose'} 1 life; {me} gains 1 life.")
    for player in hit:
        tx.set_life(gid, player, tx.game(gid).seat(player).life - 1)
    if tx.game(gid).seat(me).in_game:
        tx.set_life(gid, me, tx.game(gid).seat(me).life + 1)


ZULAPORT_CUTTHROAT = register(CardDef(
    NAME, ("creature",), TEXT, 1, 1, subtypes=("human", "rogue", "ally"),
    behaviour="zulaport_cutthroat", watch=_watch, abilities={"zulaport_drain": _drain}))
"""Zulaport Cutthroat's registered definition."""
