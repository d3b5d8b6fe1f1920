"""Blood Tyrant (Conflux; Commander 2016): a creature that grows whenever a player loses the
game (CR 603.9; the trigger looks back in time, CR 603.10f), with +1/+1 counters (CR 122.1a,
applied in layer 7c, CR 613.4c)."""

from __future__ import annotations

from ..engine import triggers
from ..engine.objects import Obj
from ..engine.registry import CardDef, register
from ..engine.transaction import Tx
from ..engine.zones import Zone
from ..rules import modifiers

NAME = "Blood Tyrant"
TEXT = ("Flying, trample\n"
        "At the beginning of your upkeep, each player loses 1 life. Put a +1/+1 counter on this "
        "creature for each 1 life lost this way.\n"
        "Whenever a player loses the game, put five +1/+1 counters on this creature.")


def _same(tx: Tx, data) -> Obj | None:
    oid, order = data[0], data[1]
    obj = tx.world.objects.get(oid)
    if obj is None or obj.zone is not Zone.BATTLEFIELD or obj.order != order:
        return None
    return obj


def _loses(tx: Tx, gid: int, source: Obj, player: str) -> modifiers.LossAbility:
    """"Whenever a player loses the game" (CR 603.9: losing or leaving, for any reason): it
    triggers for every player."""
    return modifiers.LossAbility(f"{NAME}: {player} lost the game; put five +1/+1 counters on "
                                 "this creature", "blood_tyrant_five", (source.id, source.order))


def _five(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    tx.step("608.2c", "follows its instructions in the order written")
    tyrant = _same(tx, dict(top.extra).get("data"))
    if tyrant is None:
        tx.note(f"{NAME} has left the battlefield: no counters are put on anything (CR 400.7).")
        return
    modifiers.add_counters(tx, tyrant.id, "+1/+1", 5)


def _upkeep(tx: Tx, gid: int, source: Obj) -> None:
    """CR 603.2b: "At the beginning of your upkeep"."""
    tx.step("603.2b", "all abilities that trigger “at the beginning of” that phase or step")
    triggers.fire(tx, gid, source, f"{NAME}: your upkeep began; each player loses 1 life",
                  "blood_tyrant_upkeep", (source.id, source.order))


def _drain(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    tx.step("608.2c", "follows its instructions in the order written")
    game = tx.game(gid)
    had = {p: game.seat(p).life for p in game.apnap if game.seat(p).in_game}
    for player in had:
        tx.set_life(gid, player, tx.game(gid).seat(player).life - 1)
    lost = sum(life - tx.game(gid).seat(p).life for p, life in had.items())  # "this way"
    tyrant = _same(tx, dict(top.extra).get("data"))
    if tyrant is None:
        tx.note(f"{NAME} has left the battlefield: no counters are put on anything (CR 400.7).")
        return
    modifiers.add_counters(tx, tyrant.id, "+1/+1", lost)


register(CardDef(NAME, ("creature",), TEXT, 5, 5, subtypes=("vampire",),
                 keywords=("flying", "trample"),
                 abilities={"blood_tyrant_five": _five, "blood_tyrant_upkeep": _drain}))
modifiers.on_player_loses(NAME, _loses)
modifiers.at_your_upkeep(NAME, _upkeep)
