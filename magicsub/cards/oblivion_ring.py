"""Oblivion Ring: two triggered abilities, linked (CR 607.2a). The return is a triggered ability
of its own, controlled by whoever controlled Oblivion Ring as it left (CR 603.3a); see
``magicsub.rules.until``. Oracle text as on Scryfall (the 2024 "enters" wording)."""

from __future__ import annotations

from ..engine.registry import CardDef, register
from ..rules import until

NAME = "Oblivion Ring"
TEXT = ("When Oblivion Ring enters, exile another target nonland permanent.\n"
        "When Oblivion Ring leaves the battlefield, return the exiled card to the battlefield "
        "under its owner's control.")


def _exile(tx, gid, top, choose, target) -> None:
    """The first ability resolves: exile its target (linked to the second ability)."""
    until.exile_targets(tx, gid, top, target, until=False)


until.targeting("oblivion_ring_exile",
                until.Targeting("another nonland permanent", until.nonland_other))
register(CardDef(
    NAME, ("enchantment",), TEXT,
    abilities={"oblivion_ring_exile": _exile, "oblivion_ring_return": until.return_linked},
    watch=until.watcher("oblivion_ring_exile",
                        lambda o: f"{o.name}: exile another target nonland permanent",
                        leave="oblivion_ring_return")))
