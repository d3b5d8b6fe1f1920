"""Blood Tyrant (Conflux; Commander 2016): a creature that grows whenever a player loses the
game (CR 603.9), with +1/+1 counters (CR 122.1a, applied in layer 7c, CR 613.4c)."""

from __future__ import annotations

from .. import modifiers, triggers
from ..objects import Obj
from ..transaction import Tx
from ..zones import Zone
from . import CardDef, register

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


def _loses(tx: Tx, gid: int, source: Obj, player: str, how: str) -> None:
    """"Whenever a player loses the game" (CR 603.9: losing or leaving, for any reason)."""
    tx.step("603.9", "trigger when a player loses or leaves the game, regardless of the reason")
    tx.note(f"{player} {how} the game: {source.label()}'s ability triggers.")
    triggers.fire(tx, gid, source, f"{NAME}: {player} lost the game; put five +1/+1 counters "
                  "on this creature", "blood_tyrant_five", (source.id, source.order))


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
    lost = 0
    for player in game.apnap:
        if game.seat(player).in_game:
            tx.set_life(gid, player, tx.game(gid).seat(player).life - 1)
            lost += 1
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
