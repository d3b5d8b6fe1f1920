"""Bribery: a sorcery that searches an opponent's library (CR 701.23).

Oracle text: "Search target opponent's library for a creature card and put that card onto the
battlefield under your control. Then that player shuffles." (CR 701.23: searching.)"""

from __future__ import annotations

from ..engine.errors import RulesError
from ..engine.objects import Obj
from ..engine.registry import CardDef, register
from ..engine.resolution import FOLLOWS, fizzle
from ..engine.state import game_name as _where
from ..engine.transaction import Tx
from ..engine.zones import Zone


def _resolve(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    if not top.targets or top.targets[0] not in tx.game(gid).in_game:
        fizzle(tx, gid, top, "Its target opponent is no longer in the game")
        return
    opponent = top.targets[0]
    if choose is not None:
        card = tx.obj(choose)
        if not (card.game == gid and card.zone is Zone.LIBRARY and card.owner == opponent
                and card.is_type("creature")):
            raise RulesError("701.23", f"{card.label()} is not a creature card in {opponent}'s "
                             f"library in {_where(gid)}", subject=choose)
        tx.step("608.2c", FOLLOWS)
        tx.note(f"Bribery: {top.controller} searches {opponent}'s library and puts "
                f"{card.label()} onto the battlefield under their control.")
        tx.move(choose, gid, Zone.BATTLEFIELD, controller=top.controller)
    else:
        tx.step("608.2c", FOLLOWS)
        tx.note(f"Bribery: {top.controller} searches {opponent}'s library and finds no "
                "creature card.")
    tx.shuffle(gid, opponent)


BRIBERY = register(CardDef(
    "Bribery", ("sorcery",),
    "Search target opponent's library for a creature card and put that card onto the "
    "battlefield under your control. Then that player shuffles.",
    behaviour="bribery", target="opponent", resolve=_resolve))
"""Bribery's registered definition."""
