"""The Commander variant's replacement effect on a commander's moves (CR 903.9b).

"If a commander would be put into its owner's hand or library from anywhere, its owner may put
it into the command zone instead." Every move of a commander card into a hand or a library of a
Commander game (a main game of the variant, or one of its subgames, which are Commander games
too: CR 726.2c) goes through ``instead`` before it happens, whatever moves it: an effect, a draw,
a mulligan, the start of a subgame (CR 726.2) or its end (CR 726.5). The owner's choice is a
step citing 903.9b. The engine's default is the command zone, as the Tug of War rulings
(2022-10-07) have it for the end of a subgame; a commander set up with
``command_zone_instead: false`` records the other choice, and goes where it was going.

The command zone is the one of the game whose hand or library it would be put into: at the end
of a subgame, its main game's.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.objects import Kind, Obj
from ..engine.state import game_name
from ..engine.transaction import Tx
from ..engine.zones import Zone
from .quoted import COMMANDERS_BACK

REPLACED = frozenset({Zone.HAND, Zone.LIBRARY})
"""The zones CR 903.9b replaces a commander's move into (its owner's)."""


def instead(tx: Tx, objs: Sequence[Obj], game: int | None, zone: Zone | None) -> frozenset[str]:
    """CR 903.9b, before ``objs`` are put into ``zone`` of game ``game``: for each commander card
    among them in a Commander game, its owner's choice, recorded in a step citing 903.9b: the
    command zone of that game instead (the default; then it is moved there), or not
    (``command_zone_instead`` false). Return the ids put into the command zone."""
    if zone not in REPLACED or game is None:
        return frozenset()
    commanders = [o for o in objs if o.commander and o.kind is Kind.CARD]
    if not commanders or tx.game(game).variant != "commander":
        return frozenset()
    taken = []
    for obj in commanders:
        where = f"{obj.owner}'s {zone.value}"
        if obj.game != game:
            where = f"{where} in {game_name(game)}"
        tx.note(f"{obj.label()}, a commander, would be put into {where}.")
        with tx.aside("903.9b", "its owner may put it into the command zone instead"):
            came = obj.game if obj.game is not None else obj.left_from
            ending = came is not None and tx.game(came).parent == game
            if obj.command_zone_instead:
                tx.note(f"{obj.owner} may put {obj.label()} into the command zone of "
                        f"{game_name(game)} instead; the engine takes the default, the command "
                        "zone" + (f", as the official ruling says for the end of a subgame: "
                                  f"{COMMANDERS_BACK}" if ending else "")
                        + f". (A scenario records the other choice with command_zone_instead: "
                          f"false on {obj.id}.)")
                tx.move(obj.id, game, Zone.COMMAND)
                taken.append(obj.id)
            else:
                tx.note(f"{obj.owner} may put {obj.label()} into the command zone of "
                        f"{game_name(game)} instead, and chooses not to (command_zone_instead: "
                        f"false): it is put into {where}.")
    return frozenset(taken)
