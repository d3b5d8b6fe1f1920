"""Astral Slide: an enchantment whose ability triggers on cycling (CR 702.29a, 603.7).

Oracle text: "Whenever a player cycles a card, you may exile target creature. If you do, return
that card to the battlefield under its owner's control at the beginning of the next end step."
(CR 702.29a cycling, 603.7 delayed triggered ability; CR 800.4b: a card whose owner has left
stays in exile.)"""

from __future__ import annotations

from ..engine import departed
from ..engine.errors import RulesError
from ..engine.objects import Obj
from ..engine.registry import CardDef, register
from ..engine.resolution import FOLLOWS
from ..engine.state import Delayed
from ..engine.state import game_name as _where
from ..engine.transaction import Tx
from ..engine.triggers import fire
from ..engine.zones import Zone


def _cycled(tx: Tx, gid: int, slide: Obj, cycler: str, card: str) -> None:
    """A player cycled a card in game ``gid``: this Astral Slide triggers."""
    fire(tx, gid, slide, f"{slide.name}: {cycler} cycled a card", "astral_slide_exile")


def _exile(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """The triggered ability resolves: exile ``target`` (none: its controller chose not to)
    and create the delayed triggered ability that returns it."""
    if target is None:
        tx.step("608.2c", FOLLOWS)
        tx.note("Astral Slide's controller chooses not to exile a creature.")
        return
    creature = tx.obj(target)
    if not (creature.game == gid and creature.zone is Zone.BATTLEFIELD
            and creature.is_type("creature")):
        raise RulesError("601.2c", f"{creature.label()} is not a creature on the battlefield of "
                         f"{_where(gid)}", subject=target)
    tx.step("608.2c", FOLLOWS)
    exiled = tx.move(target, gid, Zone.EXILE)
    did = f"astral-{tx.world.seq + 1}"
    text = f"Astral Slide: return {creature.name} at the beginning of the next end step"
    tx.delayed_event(did, text, "is created", Delayed(
        did, gid, top.source or top.id, top.controller, "end", target, text, "astral_return",
        (exiled.order,)))
    tx.note(f"A delayed triggered ability controlled by {top.controller} will return "
            f"{creature.name} at the beginning of the next end step.")


def _return(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """The delayed triggered ability resolves: the exiled card returns under its owner's
    control, if it is still in exile (the same object: one that left exile and came back is a
    new object, CR 400.7) and its owner is still in the game."""
    data = dict(top.extra).get("data") or ()
    card = tx.world.objects.get(data[0]) if data else None
    tx.step("608.2c", FOLLOWS)
    if card is None or card.game != gid or card.zone is not Zone.EXILE:
        tx.note("The exiled card is no longer in exile: it does not return.")
        return
    if len(data) > 1 and card.order != data[1]:
        tx.note(f"{card.label()} left exile after Astral Slide exiled it and is in exile again: "
                "it is a new object with no memory of, or relation to, its previous existence "
                "(CR 400.7), not the card this ability returns. It does not return.")
        return
    if departed.zone_refused(tx, gid, card.owner):
        return
    tx.move(card.id, gid, Zone.BATTLEFIELD, controller=card.owner)


ASTRAL_SLIDE = register(CardDef(
    "Astral Slide", ("enchantment",),
    "Whenever a player cycles a card, you may exile target creature. If you do, return that "
    "card to the battlefield under its owner's control at the beginning of the next end step.",
    behaviour="astral_slide", events={"cycled": _cycled},
    abilities={"astral_slide_exile": _exile, "astral_return": _return}))
"""Astral Slide's registered definition."""
