"""Meditate ({2}{U} instant, Mirage): "Draw four cards. You skip your next turn." A skip effect
is a replacement effect (CR 614.10): the next turn its controller would begin, extra or not, is
replaced with nothing."""

from __future__ import annotations

from ..engine.objects import Obj
from ..engine.priority import draw
from ..engine.registry import CardDef, register
from ..engine.resolution import FOLLOWS
from ..engine.transaction import Tx
from ..rules import extra_turns

CARDS = 4


def _resolve(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """Draw four cards. You skip your next turn."""
    tx.step("608.2c", FOLLOWS)
    tx.note(f"{top.controller} draws {CARDS} cards.")
    draw(tx, gid, top.controller, CARDS)
    extra_turns.skip_next(tx, gid, top.controller, top)


MEDITATE = register(CardDef("Meditate", ("instant",),
                            "Draw four cards. You skip your next turn.",
                            behaviour="meditate", resolve=_resolve))
"""Meditate's registered definition."""
