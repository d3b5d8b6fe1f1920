"""The ``activate`` step (CR 602.2): a player activates an activated ability of a permanent.

A planeswalker's loyalty ability is named by its cost (``ability: "+1"``, CR 606) and handled by
``modifiers``; any other activated ability (Mindslaver's) by its card, through ``control``.
"""

from __future__ import annotations

from ..engine import hooks
from ..engine.transaction import Tx
from . import control, modifiers


@hooks.action("activate")
def activate(tx: Tx, args: dict) -> None:
    """The ``activate`` step: ``{object, by, ability?, target?}``."""
    if args.get("ability") is not None:
        modifiers.activate(tx, args)
    else:
        control.activate(tx, args["object"], args["by"], args.get("target"))
