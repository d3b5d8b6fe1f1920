"""Living Wish: a sorcery that brings a card in from outside the game (CR 726.4a).

Oracle text: "You may reveal a creature or land card you own from outside the game and put it
into your hand. Exile Living Wish." (CR 400.11, 726.4a: bringing a card in from outside.)"""

from __future__ import annotations

from ..engine.errors import RulesError
from ..engine.objects import Obj
from ..engine.registry import CardDef, register
from ..engine.resolution import FOLLOWS, bring_in
from ..engine.state import game_name as _where
from ..engine.transaction import Tx
from ..engine.zones import Zone


def _resolve(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    tx.step("608.2c", FOLLOWS)
    if choose is None:
        tx.note(f"{top.controller} reveals no card from outside the game.")
    else:
        chosen = tx.obj(choose)
        if chosen.owner != top.controller or not ({"creature", "land"} & set(chosen.types)):
            raise RulesError("400.11", f"{chosen.label()} is not a creature or land card "
                             f"{top.controller} owns", subject=choose)
        if chosen.game == gid:
            raise RulesError("400.11", f"{chosen.label()} is in {_where(gid)}, not outside it",
                             subject=choose)
        tx.note(f"{top.controller} reveals {chosen.label()} and puts it into their hand.")
        bring_in(tx, choose, Zone.HAND)
        tx.step("608.2c", FOLLOWS)
    tx.note(f"{top.label()}'s last instruction: exile {top.name}.")
    tx.move(top.id, gid, Zone.EXILE)


LIVING_WISH = register(CardDef(
    "Living Wish", ("sorcery",),
    "You may reveal a creature or land card you own from outside the game and put it into your "
    "hand. Exile Living Wish.",
    behaviour="living_wish", resolve=_resolve))
"""Living Wish's registered definition."""
