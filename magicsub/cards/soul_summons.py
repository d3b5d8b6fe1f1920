"""Soul Summons: manifest the top card of your library (CR 701.34a)."""

from __future__ import annotations

from ..engine.registry import CardDef, register

TEXT = ("Manifest the top card of your library. (Put it onto the battlefield face down as a 2/2 "
        "creature. Turn it face up any time for its mana cost if it’s a creature card.)")


def resolve(tx, gid: int, top, choose, target) -> None:
    """Its controller manifests the top card of their library."""
    from ..engine.resolution import FOLLOWS
    from ..rules.phasing import manifest

    tx.step("608.2c", FOLLOWS)
    manifest(tx, top.controller)


register(CardDef("Soul Summons", ("sorcery",), TEXT, resolve=resolve))
