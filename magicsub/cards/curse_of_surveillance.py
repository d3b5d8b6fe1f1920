"""Curse of Surveillance ({4}{U}): an Aura that enchants a player (CR 303.4b) and, at
the beginning of that player's upkeep, lets players draw for each Curse attached to them.

Oracle text (checked against XMage's CurseOfSurveillance.java, whose comments quote the current
Oracle wording, and another engine's test quoting MTGJSON): "Enchant player / At the beginning
of enchanted player's upkeep, any number of target players other than that player each draw
cards equal to the number of Curses attached to that player."
"That player" is a specific player: if they have left the game by the time the ability
resolves, the number of Curses attached to them is their last known information, the Curses
attached to them as they left (CR 800.4i, first sentence). The Curses themselves are in
graveyards by then (CR 303.4c, 704.5m), so the current count would be zero.

Targets: the ability's targets are chosen as it is put on the stack (CR 115.1d, 603.3d); the
scenario names one of them with the ``resolve`` step's ``target`` (the idiom of Astral Slide), and
no ``target`` means its controller chose none ("any number" includes zero).
"""

from __future__ import annotations

from ..engine import hooks, triggers
from ..engine.errors import RulesError
from ..engine.objects import Obj
from ..engine.priority import draw
from ..engine.registry import CardDef, lookup, register
from ..engine.resolution import FOLLOWS, enchant_player, fizzle
from ..engine.state import game_name as _where
from ..engine.transaction import Tx
from ..engine.zones import Zone

NAME = "Curse of Surveillance"
TEXT = ("Enchant player\n"
        "At the beginning of enchanted player's upkeep, any number of target players other "
        "than that player each draw cards equal to the number of Curses attached to that "
        "player.")


def _is_curse(name: str) -> bool:
    card = lookup(name)
    return card is not None and "curse" in card.subtypes


@hooks.on("step_begins")
def _upkeep(tx: Tx, gid: int, step: str) -> None:
    """CR 603.2b: "At the beginning of enchanted player's upkeep" — each Curse of Surveillance
    enchanting the active player triggers, in timestamp order (CR 603.3b default)."""
    if step != "upkeep":
        return
    active = tx.game(gid).active
    for source in tx.world.named(gid, (NAME,)):
        if source.phased_out or not source.face_up or active is None \
                or source.attached_to != active:
            continue  # CR 702.26b, 708.2a
        tx.step("603.2b", "all abilities that trigger “at the beginning of” that phase or step")
        triggers.fire(tx, gid, source, f"{NAME}: {active}'s upkeep began; target players "
                      f"other than {active} draw a card for each Curse attached to {active}",
                      "curse_of_surveillance_draw", (active,))


def _count(tx: Tx, gid: int, player: str) -> int:
    """The number of Curses attached to ``player`` (CR 800.4i): now, if they are in the game;
    else as they last were in the game."""
    seat = tx.game(gid).seat(player)
    if seat.in_game:
        names = [o.name for o in tx.world.in_zone(gid, Zone.BATTLEFIELD)
                 if o.attached_to == player]
        x = sum(map(_is_curse, names))
        tx.step("800.4i", "uses the current information about that player")
        tx.note(f"{player} is in the game: {x} Curse{'s' if x != 1 else ''} attached to them now.")
        return x
    lki = tx.world.lki.get((gid, player))
    names = [name for _, name in (lki[3] if lki is not None and len(lki) > 3 else ())]
    x = sum(map(_is_curse, names))
    tx.step("800.4i", "last known information")
    listed = ", ".join(names) if names else "none"
    tx.note(f"{player} has left the game: the effect uses the last known information about them, "
            f"the Curses attached to them as they left ({listed}): X = {x}. The Curses are no "
            "longer attached to anything now (CR 704.5m).")
    tx.note("Literal reading: the Curses attached to a player are information about that player "
            "(CR 303.4b: the player an Aura is attached to is enchanted), so those attached to "
            "them as they left count.")
    return x


def _draw(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """The ability resolves: ``target`` (a player other than the enchanted one) draws X cards.
    A target who has left the game is illegal: its only target illegal, the ability doesn't
    resolve (CR 608.2b)."""
    (enchanted,) = dict(top.extra).get("data")
    game = tx.game(gid)
    if target is None:
        tx.step("608.2c", FOLLOWS)
        tx.note(f"{top.controller} chose no targets for {top.label()}: no one draws.")
        return
    if target not in game.seats:
        raise RulesError("115.1d", f"{target!r} is not a player of {_where(gid)}: "
                         f"{top.label()} targets players", subject=target)
    if target == enchanted:
        raise RulesError("115.1d", f"{top.label()} targets players other than {enchanted}, "
                         "the enchanted player", subject=target)
    if not game.seat(target).in_game:
        fizzle(tx, gid, top, f"{target} has left {_where(gid)}: its only target is illegal")
        return
    x = _count(tx, gid, enchanted)
    tx.step("608.2c", FOLLOWS)
    tx.note(f"{target} draws {x} card{'s' if x != 1 else ''}.")
    if x:
        draw(tx, gid, target, x)


register(CardDef(NAME, ("enchantment",), TEXT, subtypes=("aura", "curse"), target="player",
                 enchant="player",
                 resolve=enchant_player, abilities={"curse_of_surveillance_draw": _draw}))
