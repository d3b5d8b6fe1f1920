"""Temporal Manipulation ({3}{U}{U} sorcery, Portal Second Age): "Take an extra turn after this
one." The same class as Time Warp (CR 500.7), without a target: "you" is the spell's controller
(a controlled player's own spell gives the extra turn to them, CR 720.3)."""

from __future__ import annotations

from ..engine.objects import Obj
from ..engine.registry import CardDef, register
from ..engine.resolution import FOLLOWS
from ..engine.transaction import Tx
from ..rules import extra_turns


def _resolve(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """Take an extra turn after this one."""
    tx.step("608.2c", FOLLOWS)
    extra_turns.give(tx, gid, top.controller, top)


TEMPORAL_MANIPULATION = register(CardDef(
    "Temporal Manipulation", ("sorcery",), "Take an extra turn after this one.",
    behaviour="temporal_manipulation", resolve=_resolve))
"""Temporal Manipulation's registered definition."""
