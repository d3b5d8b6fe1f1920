"""Worst Fears: a player-controlling sorcery (CR 720.1)."""

from __future__ import annotations

from ..engine.registry import CardDef, register
from ..engine.resolution import FOLLOWS
from ..engine.zones import Zone
from ..rules.control import give, target_player_gone

TEXT = ("You control target player during that player's next turn. Exile Worst Fears. (You see "
        "all cards that player could see and make all decisions for the player.)")


def _resolve(tx, gid, top, choose, target) -> None:
    """You control target player during that player's next turn. Exile Worst Fears."""
    gone = target_player_gone(tx, gid, top)
    if gone is not None:
        tx.step("608.2b", "It’s removed from the stack")
        tx.note(f"{gone}, its target, has left the game: Worst Fears doesn't resolve.")
        tx.move(top.id, gid, Zone.GRAVEYARD)
        return
    tx.step("608.2c", FOLLOWS)
    give(tx, gid, top.controller, top.targets[0], "Worst Fears")
    tx.step("608.2c", FOLLOWS)
    tx.note("Worst Fears's last instruction: exile Worst Fears.")
    tx.move(top.id, gid, Zone.EXILE)


register(CardDef("Worst Fears", ("sorcery",), TEXT, behaviour="worst_fears", target="player",
                 resolve=_resolve))
