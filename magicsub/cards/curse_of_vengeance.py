"""Curse of Vengeance (Commander 2016): an Aura that enchants a player (CR 303.4b), counts the
spells that player casts with spite counters, and pays off when that player loses the game
(CR 603.9: also when they leave it)."""

from __future__ import annotations

from ..engine import characteristics, triggers
from ..engine.objects import Obj
from ..engine.priority import draw
from ..engine.registry import CardDef, register
from ..engine.resolution import enchant_player
from ..engine.transaction import Tx
from ..engine.zones import Zone
from ..rules import modifiers

NAME = "Curse of Vengeance"
TEXT = ("Enchant player\n"
        "Whenever enchanted player casts a spell, put a spite counter on this Aura.\n"
        "When enchanted player loses the game, you gain X life and draw X cards, where X is the "
        "number of spite counters on this Aura.")


def _watch(tx: Tx, gid: int, source: Obj, before: Obj | None, after: Obj | None) -> None:
    """"Whenever enchanted player casts a spell": a card moving onto the stack as it is cast
    (CR 601.2a) by the player this Aura enchants."""
    if source.zone is not Zone.BATTLEFIELD or source.attached_to is None:
        return
    if after is None or after.game != gid or after.zone is not Zone.STACK or before is None \
            or before.zone is Zone.STACK or tx.rule != "601.2a":
        return
    if after.controller != source.attached_to or after.id == source.id:
        return
    current = tx.world.objects.get(source.id)
    if current is None or current.zone is not Zone.BATTLEFIELD:
        return
    triggers.fire(tx, gid, current, f"{NAME}: {after.controller} cast {after.label()}; put a "
                  "spite counter on this Aura", "curse_of_vengeance_spite",
                  (current.id, current.order))


def _spite(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """Put a spite counter on the Curse, if it is still the same permanent (CR 400.7)."""
    oid, order = dict(top.extra).get("data") or (None, None)
    tx.step("608.2c", "follows its instructions in the order written")
    curse = tx.world.objects.get(oid)
    if curse is None or curse.zone is not Zone.BATTLEFIELD or curse.order != order:
        tx.note(f"{NAME} has left the battlefield: no spite counter is put on anything "
                "(CR 400.7: the card in its new zone is a new object).")
        return
    modifiers.add_counters(tx, oid, "spite", 1)


def _loses(tx: Tx, gid: int, source: Obj, player: str) -> modifiers.LossAbility | None:
    """"When enchanted player loses the game": CR 603.9 makes it trigger when that player loses
    or leaves the game (conceding is losing, CR 104.3a). It looks back in time (CR 603.10f): the
    player the Curse enchanted immediately before the event, and its controller then."""
    if source.attached_to != player:
        return None
    spite = characteristics.counters(source).get("spite", 0)
    return modifiers.LossAbility(
        f"{NAME}: {player} lost the game; you gain X life and draw X cards",
        "curse_of_vengeance_payoff", (source.id, source.order, spite),
        f"{source.label()} enchanted {player}; it had {spite} spite "
        f"counter{'s' if spite != 1 else ''}.")


def _payoff(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """X is the number of spite counters on the Curse: it has left the battlefield by now
    (CR 704.5m), so its last known information is used (CR 608.2h)."""
    oid, order, lki = dict(top.extra).get("data") or (None, None, 0)
    curse = tx.world.objects.get(oid)
    if curse is not None and curse.zone is Zone.BATTLEFIELD and curse.order == order:
        tx.step("608.2h", "the effect uses the current information of that object")
        x = characteristics.counters(curse).get("spite", 0)
        tx.note(f"X = {x}: {NAME} is still on the battlefield; its spite counters now.")
    else:
        tx.step("608.2h", "the effect uses the object’s last known information")
        x = lki
        tx.note(f"X = {x}: {NAME} has left the battlefield, so its last known information "
                "counts: the spite counters it had as it last existed on the battlefield.")
    tx.step("608.2c", "follows its instructions in the order written")
    you = top.controller
    tx.note(f"{you} gains {x} life and draws {x} cards.")
    tx.set_life(gid, you, tx.game(gid).seat(you).life + x)
    if x:
        draw(tx, gid, you, x)



register(CardDef(NAME, ("enchantment",), TEXT, subtypes=("aura", "curse"), target="player",
                 enchant="player",
                 resolve=enchant_player, watch=_watch,
                 abilities={"curse_of_vengeance_spite": _spite,
                            "curse_of_vengeance_payoff": _payoff}))
modifiers.on_player_loses(NAME, _loses)
