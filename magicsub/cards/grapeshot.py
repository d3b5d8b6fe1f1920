"""Grapeshot (Scourge): a sorcery with storm (CR 702.40a) that deals 1 damage to any target.

Oracle text: "Grapeshot deals 1 damage to any target. Storm (When you cast this spell, copy it
for each spell cast before it this turn. You may choose new targets for the copies.)" Its storm
count includes the spells of players who have left the game (CR 800.4i, ``magicsub.rules.storm``).
"""

from __future__ import annotations

from ..engine import damage
from ..engine.objects import Obj
from ..engine.registry import CardDef, register
from ..engine.resolution import FOLLOWS, check_target, fizzle, target_kind
from ..engine.state import game_name as _where
from ..engine.transaction import Tx
from ..engine.zones import Zone

NAME = "Grapeshot"
TEXT = ("Grapeshot deals 1 damage to any target.\n"
        "Storm (When you cast this spell, copy it for each spell cast before it this turn. You "
        "may choose new targets for the copies.)")


@target_kind("any target")
def _any(tx: Tx, gid: int, by: str, target: str) -> None:
    """CR 115.4: "any target" is a creature, player, planeswalker or battle."""
    game = tx.game(gid)
    if target in game.seats:
        check_target(tx, gid, "player", by, target)
        return
    obj = tx.world.objects.get(target)
    if obj is not None and obj.game == gid and obj.zone is Zone.BATTLEFIELD and \
            not {"planeswalker", "battle"}.isdisjoint(obj.types):
        return
    check_target(tx, gid, "creature", by, target)


def _resolve(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    victim = top.targets[0]
    game = tx.game(gid)
    if victim in game.seats:
        if not game.seat(victim).in_game:
            fizzle(tx, gid, top, f"{victim} has left {_where(gid)}: its only target is illegal")
            return
        tx.step("608.2c", FOLLOWS)
        damage.deal(tx, gid, top.label(), victim, 1,
                    cite=("120.3a", "causes that player to lose that much life"),
                    say="{source} deals {n} damage to {player}, who loses {n} life.")
        return
    obj = tx.world.objects.get(victim)
    if obj is None or obj.game != gid or obj.zone is not Zone.BATTLEFIELD:
        fizzle(tx, gid, top, "Its target is no longer on the battlefield")
        return
    tx.step("608.2c", FOLLOWS)
    tx.note(f"{top.label()} deals 1 damage to {obj.label()}.")
    tx.set_damage(obj.id, obj.damage + 1)


register(CardDef(NAME, ("sorcery",), TEXT, behaviour="grapeshot", keywords=("storm",),
                 target="any target", resolve=_resolve))
