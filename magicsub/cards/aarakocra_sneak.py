"""Aarakocra Sneak (Commander Legends: Battle for Baldur's Gate, {3}{U}, 1/4): "you take the
initiative" as it enters (CR 723). Oracle text as on Scryfall (the "this creature enters"
wording)."""

from __future__ import annotations

from ..engine.registry import CardDef, register
from ..engine.triggers import entered, fire
from ..rules import initiative

NAME = "Aarakocra Sneak"
TEXT = "Flying\nWhen this creature enters, you take the initiative."


def _watch(tx, gid, source, before, after) -> None:
    """Its ability triggers as it enters the battlefield."""
    if not entered(gid, source, before, after):
        return
    fire(tx, gid, after, f"{NAME}: you take the initiative", "aarakocra_sneak_initiative",
         (after.order,))


def _take(tx, gid, top, choose, target) -> None:
    """"You take the initiative": the ability's controller (CR 723.1, 723.3, 723.5)."""
    initiative.take(tx, gid, top.controller, f"{NAME}'s ability")


register(CardDef(NAME, ("creature",), TEXT, 1, 4, subtypes=("bird", "rogue"), keywords=("flying",),
                 abilities={"aarakocra_sneak_initiative": _take}, watch=_watch))
