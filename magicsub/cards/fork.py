"""Fork: an instant that copies a spell (CR 707.10).

Oracle text: "Copy target instant or sorcery spell, except that the copy is red. You may choose
new targets for the copy." (CR 707.10: the copy is put onto the stack under Fork's controller.)"""

from __future__ import annotations

from ..engine.objects import Obj
from ..engine.registry import CardDef, register
from ..engine.resolution import FOLLOWS, copy_spell, fizzle
from ..engine.transaction import Tx
from ..engine.zones import Zone


def _resolve(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    orig = tx.world.objects.get(top.targets[0]) if top.targets else None
    if orig is None or orig.game != gid or orig.zone is not Zone.STACK:
        fizzle(tx, gid, top, "Its target spell is no longer on the stack")
        return
    tx.step("608.2c", FOLLOWS)
    tx.note(f"{top.label()}: copy {orig.label()} (CR 707.10).")
    orig = orig.id
    copy_spell(tx, orig, top.controller, tx.fresh_id(FORK.copies.format(target=orig)))


FORK = register(CardDef(
    "Fork", ("instant",),
    "Copy target instant or sorcery spell, except that the copy is red. You may choose new "
    "targets for the copy.",
    behaviour="fork", target="spell", resolve=_resolve, copies="{target}-copy"))
"""Fork's registered definition."""
