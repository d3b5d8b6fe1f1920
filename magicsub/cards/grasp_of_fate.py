"""Grasp of Fate: for each opponent, up to one target, exiled until Grasp of Fate leaves the
battlefield (CR 610.3; ``magicsub.rules.until``). Oracle text as on Scryfall (the 2024 "enters"
wording, with its reminder text)."""

from __future__ import annotations

from ..engine.registry import CardDef, register
from ..rules import until

NAME = "Grasp of Fate"
TEXT = ("When Grasp of Fate enters, for each opponent, exile up to one target nonland permanent "
        "that player controls until Grasp of Fate leaves the battlefield. (Those permanents "
        "return under their owners' control.)")


def _exile(tx, gid, top, choose, target) -> None:
    """The ability resolves: exile its targets until Grasp of Fate leaves (CR 610.3)."""
    until.exile_targets(tx, gid, top, target, until=True)


until.targeting("grasp_of_fate_exile",
                until.Targeting("a nonland permanent an opponent controls",
                                until.opponents_nonland, per_opponent=True))
register(CardDef(
    NAME, ("enchantment",), TEXT,
    abilities={"grasp_of_fate_exile": _exile},
    watch=until.watcher("grasp_of_fate_exile",
                        lambda o: f"{o.name}: for each opponent, exile up to one target nonland "
                                  f"permanent that player controls until {o.name} leaves the "
                                  "battlefield")))
