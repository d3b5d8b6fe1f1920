"""Mindslaver: a player-controlling activated ability (CR 720.1, 602.2)."""

from __future__ import annotations

from ..engine.errors import RulesError
from ..engine.registry import CardDef, register
from ..engine.resolution import FOLLOWS
from ..engine.zones import Zone
from ..rules.control import give, target_player_gone

TEXT = ("{4}, {T}, Sacrifice Mindslaver: You control target player during that player's next "
        "turn. (You see all cards that player could see and make all decisions for the player.)")


def _pay(tx, gid, obj, by, target) -> None:
    """The costs: {4} (mana is not modelled), {T}, sacrifice Mindslaver (CR 602.2b, 601.2h)."""
    if obj.tapped:
        raise RulesError("118.3", f"{obj.label()} is tapped: {by} can't pay its {{T}} cost",
                         subject=obj.id)
    tx.note(f"{by} pays the costs: {{4}} (the engine does not model mana), taps "
            f"{obj.label()} and sacrifices it.")
    tx.tap(obj.id)
    tx.move(obj.id, gid, Zone.GRAVEYARD)


def _resolve(tx, gid, top, choose, target) -> None:
    """You control target player during that player's next turn."""
    gone = target_player_gone(tx, gid, top)
    if gone is not None:
        tx.step("608.2b", "It’s removed from the stack")
        tx.note(f"{gone}, its target, has left the game: Mindslaver's ability doesn't resolve.")
        tx.cease(top.id)
        return
    tx.step("608.2c", FOLLOWS)
    give(tx, gid, top.controller, top.targets[0], "Mindslaver")


register(CardDef("Mindslaver", ("legendary", "artifact"), TEXT, behaviour="mindslaver",
                 target="player", abilities={"mindslaver:activate": _pay,
                                             "mindslaver": _resolve}))
