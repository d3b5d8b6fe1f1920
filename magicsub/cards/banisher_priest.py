"""Banisher Priest: one triggered ability whose exile lasts until the Priest leaves the
battlefield (CR 610.3): the return is a one-shot effect, not an ability (``magicsub.rules.until``).
Oracle text as on Scryfall (the 2024 "enters" wording, with its reminder text)."""

from __future__ import annotations

from ..engine.registry import CardDef, register
from ..rules import until

NAME = "Banisher Priest"
TEXT = ("When Banisher Priest enters, exile target creature an opponent controls until Banisher "
        "Priest leaves the battlefield. (That creature returns under its owner's control.)")


def _exile(tx, gid, top, choose, target) -> None:
    """The ability resolves: exile its target until the Priest leaves (CR 610.3, 610.3b)."""
    until.exile_targets(tx, gid, top, target, until=True)


until.targeting("banisher_priest_exile",
                until.Targeting("a creature an opponent controls", until.opponents_creature))
register(CardDef(
    NAME, ("creature",), TEXT, 2, 2, subtypes=("human", "cleric"),
    abilities={"banisher_priest_exile": _exile},
    watch=until.watcher("banisher_priest_exile",
                        lambda o: f"{o.name}: exile target creature an opponent controls until "
                                  f"{o.name} leaves the battlefield")))
