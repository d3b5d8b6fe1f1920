"""Mind Control: "Enchant creature. You control enchanted creature." An Aura spell (CR 608.3c)
whose control effect follows its controller (CR 109.5) and lasts while it is on the battlefield."""

from __future__ import annotations

from .. import effects
from ..objects import Obj
from ..transaction import Tx
from ..zones import Zone
from . import CardDef, register


def _resolve(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    creature = tx.world.objects.get(top.targets[0]) if top.targets else None
    if creature is None or creature.game != gid or creature.zone is not Zone.BATTLEFIELD:
        # CR 608.3b: "Otherwise, the spell doesn’t resolve. It is removed from the stack and put
        # into its owner’s graveyard." -- it never enters the battlefield.
        tx.step("608.3b", "Otherwise, the spell doesn’t resolve")
        tx.note(f"Its target is gone: {top.label()} doesn't resolve.")
        tx.move(top.id, gid, Zone.GRAVEYARD)
        return
    tx.step("608.3c", "becomes a permanent")
    tx.move(top.id, gid, Zone.BATTLEFIELD, controller=top.controller, attached_to=creature.id,
            types=top.types + (() if "aura" in top.types else ("aura",)))
    effects.add(tx, creature.id, top.controller, source=top.id, until="source_leaves",
                text="Mind Control", follows=True)


MIND_CONTROL = register(CardDef(
    "Mind Control", ("enchantment",),
    "Enchant creature. You control enchanted creature.",
    behaviour="mind_control", subtypes=("aura",), target="creature", resolve=_resolve))
"""Mind Control's registered definition."""
