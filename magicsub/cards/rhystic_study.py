"""Rhystic Study: a "pay unless" tax (CR 800.4f when the player asked has left)."""

from __future__ import annotations

from ..engine.registry import CardDef, register
from ..engine.resolution import FOLLOWS
from ..engine.triggers import fire
from ..engine.turns import draw
from ..engine.zones import Zone

TEXT = "Whenever an opponent casts a spell, you may draw a card unless that player pays {1}."


def _watch(tx, gid, source, before, after) -> None:
    """An opponent of Rhystic Study's controller casts a spell (a card moves to the stack)."""
    if before is None or after is None or source.zone is not Zone.BATTLEFIELD:
        return
    if after.game != gid or after.zone is not Zone.STACK or before.zone is Zone.STACK:
        return
    caster = after.controller
    if caster is None or caster == source.controller:
        return
    fire(tx, gid, source, f"Rhystic Study: {caster} cast {after.name}", "rhystic_study",
         (caster,))


def _resolve(tx, gid, top, choose, target) -> None:
    """You may draw a card unless that player pays {1}."""
    from ..rules.control import decider

    caster = (dict(top.extra).get("data") or (None,))[0]
    game = tx.game(gid)
    if caster in game.seats and game.seat(caster).in_game:
        who = decider(tx.world, gid, caster)
        tx.step("608.2d", "the player announces these while applying the effect")
        by = "" if who == caster else f" ({who} decides for {caster}, CR 720.5)"
        tx.note(f"{caster} chooses whether to pay {{1}}{by}. The engine does not model mana; "
                f"its recorded default: {caster} pays, so {top.controller} draws nothing.")
        return
    tx.step("800.4f", "that cost is not paid")
    tx.note(f"{caster} has left the game: the {{1}} is not paid, and nobody waits for it. "
            f"{top.controller} may draw a card; the engine's recorded default: they do.")
    tx.step("608.2c", FOLLOWS)
    draw(tx, gid, top.controller)


register(CardDef("Rhystic Study", ("enchantment",), TEXT, behaviour="rhystic_study",
                 watch=_watch, abilities={"rhystic_study": _resolve}))
