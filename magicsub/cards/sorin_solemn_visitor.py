"""Sorin, Solemn Visitor (Khans of Tarkir): a planeswalker (CR 306) whose +1 loyalty ability
(CR 606) makes an effect that lasts "until your next turn" (CR 611.2a), or, if Sorin's controller
leaves the game, until that turn would have begun (CR 800.4m). The engine models its +1 only."""

from __future__ import annotations

from ..engine.objects import Obj
from ..engine.registry import CardDef, register
from ..engine.transaction import Tx
from ..engine.zones import Zone
from ..rules import modifiers

NAME = "Sorin, Solemn Visitor"
TEXT = ("+1: Until your next turn, creatures you control get +1/+0 and gain lifelink.\n"
        "\u22122: Create a 2/2 black Vampire creature token with flying.\n"
        "\u22126: You get an emblem with \"At the beginning of each opponent's upkeep, that "
        "player sacrifices a creature of their choice.\"")
LOYALTY = 4


def _resolve(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """CR 608.3a: the spell becomes a permanent; CR 306.5b: it enters with loyalty counters
    equal to its printed loyalty (4)."""
    tx.step("608.3a", "becomes a permanent")
    tx.move(top.id, gid, Zone.BATTLEFIELD, controller=top.controller)
    tx.step("306.5b", "enters with a number of loyalty counters")
    modifiers.add_counters(tx, top.id, "loyalty", LOYALTY)


def _plus_one(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """"Until your next turn, creatures you control get +1/+0 and gain lifelink." The creatures
    are those its controller controls as it resolves (CR 611.2c)."""
    you = top.controller
    creatures = [o for o in tx.world.marked(gid, "type", "creature")
                 if o.controller == you and not o.phased_out]
    tx.step("611.2c", "the set of objects it affects is determined when that continuous effect")
    modifiers.begin(tx, gid, creatures, 1, 0, source=top.source, controller=you,
                    until=f"next_turn:{you}", text=f"{NAME} +1: +1/+0 and lifelink",
                    keywords=("lifelink",))


register(CardDef(NAME, ("legendary", "planeswalker"), TEXT, subtypes=("sorin",),
                 resolve=_resolve, abilities={"sorin_plus_one": _plus_one}))
modifiers.loyalty(NAME, "+1", 1, "sorin_plus_one",
                  "Until your next turn, creatures you control get +1/+0 and gain lifelink.")
