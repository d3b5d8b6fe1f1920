"""Genesis Chamber: an artifact whose ability triggers when a creature enters (CR 603.2).

Oracle text: "Whenever a nontoken creature enters, if Genesis Chamber is untapped, that
creature's controller creates a 1/1 colorless Myr artifact creature token." (CR 603.2, 603.4,
111.2; CR 800.4b: no token for a player who has left.)"""

from __future__ import annotations

from ..engine import departed
from ..engine.objects import Kind, Obj
from ..engine.registry import CardDef, register
from ..engine.transaction import Tx
from ..engine.triggers import fire
from ..engine.zones import Zone


def _watch(tx: Tx, gid: int, chamber: Obj, before: Obj | None, after: Obj | None) -> None:
    """A nontoken creature entering game ``gid``'s battlefield, with the Chamber untapped."""
    if after is None or after.game != gid or after.zone is not Zone.BATTLEFIELD:
        return
    if before is not None and before.game == gid and before.zone is Zone.BATTLEFIELD:
        return
    if after.kind is Kind.TOKEN or not after.is_type("creature") or chamber.tapped:
        return
    fire(tx, gid, chamber, f"{chamber.name}: {after.name} entered; its controller creates a Myr",
         "genesis_myr", (after.id, after.controller))


def _myr(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """The triggered ability resolves: the creature's controller (last known, if it has left
    the battlefield) creates a Myr token."""
    data = dict(top.extra).get("data") or ()
    creature_id, lki_controller = data
    creature = tx.world.objects.get(creature_id)
    player = creature.controller if creature is not None and creature.zone is Zone.BATTLEFIELD \
        and creature.game == gid else lki_controller
    if departed.token_refused(tx, gid, player, f"{player} has left the game: no Myr token is "
                              "created."):
        return
    tx.step("111.2")
    tid = tx.fresh_id("myr")
    tx.create(Obj(tid, "Myr", player, Kind.TOKEN, ("artifact", "creature"), power=1, toughness=1,
                  game=gid, zone=Zone.BATTLEFIELD, base=player, controller=player,
                  entered_under=player), "token")


GENESIS_CHAMBER = register(CardDef(
    "Genesis Chamber", ("artifact",),
    "Whenever a nontoken creature enters, if Genesis Chamber is untapped, that creature's "
    "controller creates a 1/1 colorless Myr artifact creature token.",
    behaviour="genesis_chamber", watch=_watch, abilities={"genesis_myr": _myr}))
"""Genesis Chamber's registered definition."""
