"""Time Warp ({3}{U}{U} sorcery, Tempest): "Target player takes an extra turn after this one."
An extra turn (CR 500.7) of the game it resolves in (CR 726.1b: a subgame's is its own)."""

from __future__ import annotations

from ..engine.objects import Obj
from ..engine.registry import CardDef, register
from ..engine.resolution import FOLLOWS, fizzle
from ..engine.transaction import Tx
from ..rules import extra_turns
from ..rules.control import target_player_gone


def _resolve(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """Target player takes an extra turn after this one."""
    gone = target_player_gone(tx, gid, top)
    if gone is not None:
        fizzle(tx, gid, top, f"{gone}, its target, has left the game")
        return
    tx.step("608.2c", FOLLOWS)
    extra_turns.give(tx, gid, top.targets[0], top)


TIME_WARP = register(CardDef("Time Warp", ("sorcery",),
                             "Target player takes an extra turn after this one.",
                             behaviour="time_warp", target="player", resolve=_resolve))
"""Time Warp's registered definition."""
