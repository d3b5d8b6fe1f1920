"""Emblems (CR 114): markers in the command zone with abilities, owned and controlled by the
player who got them.

"[Player] gets an emblem with [ability]" puts an emblem into the command zone of the game the
effect happens in (CR 114.2); it is neither a card nor a permanent (CR 114.5), its abilities
function in the command zone (CR 114.4). An emblem is an object its owner owns, so it leaves
the game with its owner (CR 800.4a: a non-card object ceases to exist). It belongs to one game:
a main-game emblem is outside a subgame (CR 726.4) and its abilities do nothing there (CR
726.1b), and the subgame's own command zone starts without it.

A card registers what its emblem's triggered ability does "at the beginning of each opponent's
upkeep" with ``at_opponents_upkeep(name, fn)``; ``get`` creates the emblem.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import hooks
from ..engine.objects import Kind, Obj
from ..engine.state import game_name
from ..engine.transaction import Tx
from ..engine.zones import Zone

_UPKEEP: dict[str, Callable[[Tx, int, Obj, str], None]] = {}


def at_opponents_upkeep(name: str, fn: Callable[[Tx, int, Obj, str], None]) -> None:
    """Register ``fn(tx, gid, emblem, player)``: the ability of the emblem named ``name`` that
    triggers at the beginning of the upkeep of ``player``, an opponent of its owner."""
    _UPKEEP[name] = fn


def get(tx: Tx, gid: int, player: str, name: str, ability: str) -> Obj:
    """CR 114.2: ``player`` gets an emblem with ``ability`` in game ``gid``: it is put into that
    game's command zone, owned and controlled by ``player``. ``name`` says whose emblem it is
    (CR 114.3: most emblems have no name; the engine labels it by its card)."""
    tx.step("114.2", "puts an emblem with [ability] into the command zone")
    emblem = Obj(tx.fresh_id(f"{player}-emblem"), name, player, Kind.EMBLEM, game=gid,
                 zone=Zone.COMMAND, base=player, controller=player)
    made = tx.create(emblem, f"emblem with “{ability}”")
    tx.note(f"{player} gets an emblem with “{ability}” in the command zone of {game_name(gid)}; "
            "it is neither a card nor a permanent (CR 114.5).")
    return made


def emblems(world, gid: int) -> list[Obj]:
    """The emblems in the command zone of game ``gid``, oldest first."""
    return [o for o in world.in_zone(gid, Zone.COMMAND) if o.kind is Kind.EMBLEM]


@hooks.on("game_starts")
def _subgame_starts(tx: Tx, gid: int) -> None:
    """CR 726.4: the main game's emblems are outside a subgame; they stay in the main game's
    command zone, and their abilities do nothing in the subgame (CR 726.1b)."""
    parent = tx.game(gid).parent
    found = emblems(tx.world, parent) if parent is not None else []
    if not found:
        return
    tx.step("726.4", "All objects in the main game and all cards outside the main game are "
                     "considered outside the subgame")
    names = ", ".join(f"{o.label()} (owned by {o.owner})" for o in found)
    tx.note(f"{names} stay{'s' if len(found) == 1 else ''} in the command zone of "
            f"{game_name(parent)}: outside {game_name(gid)}, where "
            f"{'its abilities do' if len(found) == 1 else 'their abilities do'} nothing.")


@hooks.on("step_begins")
def _upkeep(tx: Tx, gid: int, step: str) -> None:
    """CR 114.4, 603.2b: at the beginning of an upkeep, the "each opponent's upkeep" abilities
    of the emblems in this game's command zone whose owner is not the active player trigger.
    Only this game's emblems: another game's are outside it (CR 726.4)."""
    if step != "upkeep":
        return
    active = tx.game(gid).active
    if active is None:
        return
    for emblem in emblems(tx.world, gid):
        fn = _UPKEEP.get(emblem.name)
        if fn is not None and emblem.controller != active:
            tx.step("114.4", "Abilities of emblems function in the command zone")
            fn(tx, gid, emblem, active)
