"""Extractor Demon: a creature whose leaves-the-battlefield ability watches every other creature
(CR 603.6c, 603.10a).

Oracle text: "Flying / Whenever another creature leaves the battlefield, you may have target
player mill two cards. Unearth {2}{B} ({2}{B}: Return this card from your graveyard to the
battlefield. It gains haste. Exile it at the beginning of the next end step or if it would leave
the battlefield. Unearth only as a sorcery.)"

A leaves-the-battlefield ability triggers when a permanent moves from the battlefield to another
zone, "or when a phased-in permanent leaves the game because its owner leaves the game"
(CR 603.6c): the creatures of a player who leaves (CR 800.4a) trigger it, one ability each; a
phased-out one does not. The ability looks back in time (CR 603.10a): a Demon that leaves in the
same event as the other creatures (its owner leaves) still sees them go. Its target is given as
the ability resolves (``resolve: {target: PLAYER}``); none: its controller chooses not to ("you
may"). Unearth is recorded for the book; the engine does not model it.
"""

from __future__ import annotations

from ..engine.errors import RulesError
from ..engine.objects import Obj
from ..engine.registry import CardDef, register
from ..engine.resolution import FOLLOWS
from ..engine.state import game_name as _where
from ..engine.transaction import Tx
from ..engine.triggers import fire
from ..engine.zones import Zone

NAME = "Extractor Demon"
TEXT = ("Flying\nWhenever another creature leaves the battlefield, you may have target player "
        "mill two cards.\nUnearth {2}{B} ({2}{B}: Return this card from your graveyard to the "
        "battlefield. It gains haste. Exile it at the beginning of the next end step or if it "
        "would leave the battlefield. Unearth only as a sorcery.)")


def _watch(tx: Tx, gid: int, demon: Obj, before: Obj | None, after: Obj | None) -> None:
    """Another creature leaves game ``gid``'s battlefield, for any zone, another game or
    outside every game (CR 603.6c); a phased-out one does not leave "phased-in" (CR 702.26b)."""
    if before is None or before.game != gid or before.zone is not Zone.BATTLEFIELD:
        return
    if before.id == demon.id or not before.is_type("creature") or before.phased_out:
        return
    if after is not None and after.game == gid and after.zone is Zone.BATTLEFIELD:
        return
    left_game = after is None or after.game is None
    where = "the game" if left_game else (
        _where(after.game) if after.game != gid else f"the {after.zone.value}")
    text = (f"{demon.name}: {before.name} left the battlefield (for {where}); you may have "
            "target player mill two cards")
    now = tx.world.objects.get(demon.id)
    if now is None or now.game != gid or now.zone is not Zone.BATTLEFIELD:
        with tx.aside("603.10a", "look back in time"):
            tx.note(f"{demon.label()} left the battlefield in the same event as {before.name}: "
                    "its leaves-the-battlefield ability looks back in time and sees "
                    f"{before.name} leave.")
            fire(tx, gid, demon, text, "extractor_mill", (before.id,), looks_back=True)
    elif left_game:
        with tx.aside("603.6c", "leaves the game because its owner leaves the game"):
            fire(tx, gid, demon, text, "extractor_mill", (before.id,), looks_back=True)
    else:
        fire(tx, gid, demon, text, "extractor_mill", (before.id,), looks_back=True)


def _mill(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """The ability resolves: the target player mills two cards (CR 701.17a), or, with no
    target, its controller chose not to."""
    tx.step("608.2c", FOLLOWS)
    if target is None:
        tx.note(f"{top.controller} chooses not to have a player mill (“you may”).")
        return
    game = tx.game(gid)
    if target not in game.seats or not game.seat(target).in_game:
        raise RulesError("601.2c", f"{target} is not a player still in {_where(gid)}: Extractor "
                         "Demon's ability targets a player", subject=target)
    cards = tx.world.top(gid, Zone.LIBRARY, target, 2)
    tx.note(f"{target} mills {len(cards)} card{'' if len(cards) == 1 else 's'}.")
    for card in reversed(cards):
        tx.move(card.id, gid, Zone.GRAVEYARD)


EXTRACTOR_DEMON = register(CardDef(
    NAME, ("creature",), TEXT, 5, 5, subtypes=("demon",), keywords=("flying",),
    behaviour="extractor_demon", watch=_watch, abilities={"extractor_mill": _mill}))
"""Extractor Demon's registered definition."""
