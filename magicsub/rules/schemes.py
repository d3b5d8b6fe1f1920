"""Schemes (CR 314, 904): the archenemy sets the top scheme of their scheme deck in motion as
their precombat main phase begins (CR 904.9, 701.25b), and a face-up non-ongoing scheme goes to
the bottom of its owner's scheme deck (CR 904.10, a state-based action).

No scheme's own abilities are modelled (its "When you set this scheme in motion" trigger, an
ongoing scheme's static ability): the trace says so where one would apply.
"""

from __future__ import annotations

from ..engine import hooks
from ..engine.objects import Obj
from ..engine.start import archenemies
from ..engine.state import game_name
from ..engine.transaction import Tx
from ..engine.zones import Zone


def scheme_deck(tx: Tx, gid: int, player: str) -> list[Obj]:
    """``player``'s scheme deck in game ``gid``'s command zone, bottom to top: their face-down
    scheme cards there."""
    return tx.world.deck(gid, player, "scheme")


def _ongoing(obj: Obj) -> bool:
    return "ongoing" in obj.types


@hooks.on("step_begins")
def _set_in_motion(tx: Tx, gid: int, step: str) -> None:
    """CR 904.9: "Immediately after the archenemy’s precombat main phase begins during each of
    their turns, that player moves the top card of their scheme deck off that scheme deck and
    turns it face up." That is "setting that scheme in motion" (CR 701.25b)."""
    game = tx.game(gid)
    if step != "main" or game.active is None or game.active not in archenemies(tx, gid):
        return
    deck = scheme_deck(tx, gid, game.active)
    tx.step("904.9", "moves the top card of their scheme deck off that scheme deck")
    if not deck:
        tx.note(f"{game.active}'s scheme deck in {game_name(gid)} is empty: no scheme is set in "
                "motion.")
        return
    top = deck[-1]
    tx.move(top.id, gid, Zone.COMMAND, face_up=True)
    if _ongoing(top):
        tx.note(f"{game.active} sets {top.name}, an ongoing scheme, in motion: it stays face up "
                "in the command zone until it is abandoned (CR 904.11). Its abilities are not "
                "modelled.")
    else:
        tx.note(f"{game.active} sets {top.name} in motion. Its abilities (its “When you set this "
                "scheme in motion” one among them) are not modelled.")


@hooks.on("state_based_actions")
def _non_ongoing_to_bottom(tx: Tx, gid: int) -> bool:
    """CR 904.10: a face-up non-ongoing scheme card is turned face down and put on the bottom of
    its owner's scheme deck (no scheme ability ever waits here: none is modelled)."""
    done = [o for o in tx.world.in_zone(gid, Zone.COMMAND)
            if o.deck == "scheme" and o.face_up and not _ongoing(o)]
    if not done:
        return False
    tx.step("904.10", "that scheme card is turned face down and put on the bottom")
    for obj in done:
        tx.move(obj.id, gid, Zone.COMMAND, top=False, face_up=False)
    return True
