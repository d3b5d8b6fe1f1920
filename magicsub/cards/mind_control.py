"""Mind Control: "Enchant creature. You control enchanted creature." An Aura spell (CR 608.3c)
whose static ability gives the Aura's controller the creature it enchants (CR 109.5: "you" is
whoever controls the Aura now), however the Aura got onto the battlefield (CR 611.3a: cast and
resolved, put there by an effect, set up in place), while it is on the battlefield and phased in
(CR 611.3b, 702.26b)."""

from __future__ import annotations

from ..engine import effects
from ..engine.objects import Obj
from ..engine.registry import CardDef, register
from ..engine.transaction import Tx
from ..engine.zones import Zone


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


def _static(tx: Tx, gid: int, aura: Obj) -> None:
    """"You control enchanted creature": a control effect that follows the Aura's controller and
    lasts while the Aura is on the battlefield (nothing while it enchants no creature of its
    game: CR 704.5m puts such an Aura into its owner's graveyard)."""
    creature = tx.world.objects.get(aura.attached_to) if aura.attached_to else None
    if creature is None or creature.game != gid or creature.zone is not Zone.BATTLEFIELD \
            or not creature.is_type("creature"):
        return
    if any(e.source == aura.id and e.static and e.obj == creature.id
           for e in tx.world.effects.values()):
        return
    effects.add(tx, creature.id, aura.controller, source=aura.id, until="source_leaves",
                text="Mind Control", follows=True, static=True)


MIND_CONTROL = register(CardDef(
    "Mind Control", ("enchantment",),
    "Enchant creature. You control enchanted creature.",
    behaviour="mind_control", subtypes=("aura",), target="creature", resolve=_resolve,
    static=_static, enchant="creature"))
"""Mind Control's registered definition."""
