"""Fractured Loyalty: an Aura whose triggered ability gives the enchanted creature to whoever
targets it (CR 603.2, 611.2a), and CR 800.4b when that player has left the game.

Oracle text (Scryfall, checked against XMage's FracturedLoyalty.java): "Enchant creature /
Whenever enchanted creature becomes the target of a spell or ability, that spell or ability's
controller gains control of that creature. (This effect lasts indefinitely.)" The player who
gains control is not a target of the ability: it is "that spell or ability's controller", fixed
when the ability triggers. If they leave the game before the ability resolves, the ability still
resolves (its controller is still in the game), and CR 800.4b says the creature doesn't change
control."""

from __future__ import annotations

from ..engine import effects
from ..engine.objects import Obj
from ..engine.registry import CardDef, register
from ..engine.resolution import FOLLOWS
from ..engine.transaction import Tx
from ..engine.triggers import fire
from ..engine.zones import Zone

TEXT = ("Enchant creature\nWhenever enchanted creature becomes the target of a spell or ability, "
        "that spell or ability's controller gains control of that creature. (This effect lasts "
        "indefinitely.)")


def _watch(tx: Tx, gid: int, aura: Obj, before: Obj | None, after: Obj | None) -> None:
    """A spell put on the stack (cast, CR 601.2a) with the enchanted creature among its targets
    (CR 115.1: it becomes the target as the spell is cast)."""
    if after is None or after.game != gid or after.zone is not Zone.STACK:
        return
    if before is not None and before.game == gid and before.zone is Zone.STACK:
        return
    if aura.zone is not Zone.BATTLEFIELD or aura.attached_to not in after.targets:
        return
    creature = tx.world.objects.get(aura.attached_to)
    name = creature.label() if creature is not None else aura.attached_to
    fire(tx, gid, aura, f"Fractured Loyalty: {after.controller}'s {after.name} targets {name}",
         "fractured_loyalty", (aura.attached_to, after.id, after.controller))


def _resolve(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """That spell or ability's controller gains control of that creature (indefinitely)."""
    creature_id, spell_id, lki_controller = dict(top.extra).get("data")
    spell = tx.world.objects.get(spell_id)
    player = spell.controller if spell is not None and spell.game == gid \
        and spell.zone is Zone.STACK else lki_controller
    creature = tx.world.objects.get(creature_id)
    if creature is None or creature.game != gid or creature.zone is not Zone.BATTLEFIELD:
        tx.step("608.2c", FOLLOWS)
        tx.note("The creature is no longer on the battlefield: nobody gains control of it.")
        return
    tx.step("608.2c", FOLLOWS)
    if spell is None or spell.game != gid or spell.zone is not Zone.STACK:
        tx.note(f"The spell that targeted {creature.label()} is gone; its controller as it last "
                f"existed on the stack was {player} (CR 608.2h: last known information).")
    effects.add(tx, creature_id, player, source=top.id, until="forever", text="Fractured Loyalty")


FRACTURED_LOYALTY = register(CardDef(
    "Fractured Loyalty", ("enchantment",), TEXT, behaviour="fractured_loyalty",
    subtypes=("aura",), enchant="creature", watch=_watch,
    abilities={"fractured_loyalty": _resolve}))
"""Fractured Loyalty's registered definition."""
