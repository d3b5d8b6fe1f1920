"""Control-changing effects and their durations (CR 611, 613), with CR 800.4b and 800.4c.

An effect belongs to the game it was created in (CR 726.1b). An object's controller is the
player the newest effect on it names, else its controller by default (``Obj.base``).
"""

from __future__ import annotations

from collections.abc import Callable

from . import departed
from .errors import RulesError
from .state import Effect
from .transaction import Tx
from .zones import Zone

DURATIONS = ("end_of_turn", "source_leaves", "forever", "next_turn")


def parse_until(until: object) -> str:
    """Normalise a duration: ``end_of_turn``, ``source_leaves``, ``forever`` or
    ``{next_turn: PLAYER}`` (stored as ``"next_turn:PLAYER"``)."""
    if isinstance(until, dict) and set(until) == {"next_turn"}:
        return f"next_turn:{until['next_turn']}"
    if isinstance(until, str) and (until in DURATIONS[:3] or until.startswith("next_turn:")):
        return until
    raise RulesError("611.2", f"unknown duration {until!r}; expected end_of_turn, source_leaves, "
                     "forever or {next_turn: PLAYER}", subject=str(until))


def describe(effect: Effect, tx: Tx) -> str:
    """An effect in words."""
    obj = tx.world.objects.get(effect.obj)
    name = obj.name if obj else effect.obj
    until = {"end_of_turn": "until end of turn", "source_leaves": "while its source remains",
             "forever": "indefinitely"}.get(effect.until)
    if until is None:
        until = f"until {effect.until.split(':', 1)[1]}'s next turn"
    src = f" ({effect.source})" if effect.source else ""
    if effect.follows:
        source = tx.world.objects.get(effect.source)
        label = source.name if source else effect.source
        return (f"the controller of {label} controls {name} {until} (now {effective(tx, effect)};"
                " CR 109.5)")
    return f"{effect.to} controls {name} {until}{src}"


def effective(tx: Tx, effect: Effect) -> str:
    """The player an effect gives control to now: for a permanent's "you control", the
    source's current controller (CR 109.5); otherwise the player it names."""
    if effect.follows:
        source = tx.world.objects.get(effect.source)
        if source is not None and source.game == effect.game \
                and source.zone is Zone.BATTLEFIELD and source.controller:
            return source.controller
    return effect.to


def controller_for(tx: Tx, oid: str) -> str | None:
    """The controller an object has now: the newest effect's player, else its default."""
    obj = tx.obj(oid)
    if obj.zone is not Zone.BATTLEFIELD:
        return obj.base
    effects = tx.world.effects_on(oid)
    return effective(tx, effects[-1]) if effects else obj.base


def refresh(tx: Tx, oid: str, _seen: frozenset = frozenset()) -> None:
    """Recompute an object's controller and record a change if it moved; then the objects
    whose control follows this one's controller (CR 109.5)."""
    if oid in tx.world.objects and oid not in _seen:
        obj = tx.obj(oid)
        before, new = obj.controller, controller_for(tx, oid)
        if obj.zone is Zone.BATTLEFIELD and departed.has_left(tx, obj.game, new):
            return  # CR 800.4b: it doesn't change to a player who has left (800.4c exiles it)
        tx.set_controller(oid, new)
        if tx.obj(oid).controller != before:
            for e in sorted(tx.world.effects.values(), key=lambda e: e.order):
                if e.follows and e.source == oid:
                    refresh(tx, e.obj, _seen | {oid})


def add(tx: Tx, obj: str, to: str, *, source: str | None, until: str, text: str = "",
        follows: bool = False) -> None:
    """Start a control-changing effect in the game ``obj`` is in (CR 800.4b when ``to`` left)."""
    target = tx.obj(obj)
    if target.zone is not Zone.BATTLEFIELD:
        raise RulesError("611.2", f"{target.label()} is not on the battlefield, so no player can "
                         "gain control of it", subject=obj)
    gid = target.game
    game = tx.game(gid)
    if game.status != "in progress":
        raise RulesError("726.1a", f"{target.label()} is in a game that is not in progress "
                         f"(game {gid}, {game.status})", subject=obj)
    if until.startswith("next_turn:") and until.split(":", 1)[1] not in game.seats:
        raise RulesError("611.2a", f"unknown player {until.split(':', 1)[1]!r} in the duration "
                         f"of the effect on {target.label()}", subject=obj)
    if to not in game.seats:
        raise RulesError("800.4b", f"{to} is not a player of the {gid}", subject=to)
    if target.phased_out:
        tx.step("702.26e", "a phased-out permanent won’t be included")
        tx.note(f"{target.label()} is phased out: the control-changing effect created now "
                "does not include it, and it will not apply when it phases in.")
        return
    eid = f"effect-{tx.world.seq + 1}"
    effect = Effect(eid, gid, obj, to, source, parse_until(until), tx.next_order(), text,
                    follows)
    if departed.control_refused(tx, gid, to, target.label(), lambda: tx.effect_event(
            effect, describe(effect, tx), "does nothing", None)):
        return
    tx.effect_event(effect, describe(effect, tx), "begins", "begin")
    refresh(tx, obj)


def end(tx: Tx, which: Callable[[Effect], bool], reason: str) -> list[str]:
    """End every effect ``which`` selects; return the ids of the objects they applied to."""
    ending = [e for e in tx.world.effects.values() if which(e)]
    ending.sort(key=lambda e: e.order)
    touched: list[str] = []
    for effect in ending:
        tx.effect_event(effect, describe(effect, tx), f"ends ({reason})", "end")
        if effect.obj not in touched:
            touched.append(effect.obj)
    for oid in touched:
        refresh(tx, oid)
    return touched


def exile_orphans(tx: Tx, touched: list[str]) -> None:
    """CR 800.4c: an object whose control effect ended, with no other effect giving it to a player
    in the game, is exiled when its controller by default has left the game."""
    for oid in touched:
        obj = tx.world.objects.get(oid)
        if obj is None or obj.zone is not Zone.BATTLEFIELD:
            continue
        game = tx.game(obj.game)
        if tx.world.effects_on(oid) or obj.base is None or game.seat(obj.base).in_game:
            continue
        tx.step("800.4c", "the object is exiled")
        tx.note(f"{obj.label()}'s control effect ended and {obj.base}, who controls it by "
                "default, has left the game.")
        tx.move(oid, obj.game, Zone.EXILE)


def on_move(tx: Tx, moves) -> None:
    """Observer: effects on an object end when it leaves the battlefield; effects lasting while
    their source remains end when the source leaves the battlefield (``moves``: the
    ``(before, after)`` pairs of one change, see ``transaction.Observer``)."""
    if not tx.world.effects:
        return
    for before, after in moves:
        if before is not None and before.zone is Zone.BATTLEFIELD and not (
                after is not None and after.zone is Zone.BATTLEFIELD
                and after.game == before.game):
            _left_battlefield(tx, before)


def _left_battlefield(tx: Tx, before) -> None:
    oid = before.id
    if not any(e.obj == oid or (e.source == oid and e.until == "source_leaves")
               for e in tx.world.effects.values()):
        return
    for effect in sorted((e for e in tx.world.effects.values() if e.obj == oid),
                         key=lambda e: e.order):
        tx.effect_event(effect, describe(effect, tx),
                        f"ends ({before.name} left the battlefield)", "end")
    touched = end(tx, lambda e: e.source == oid and e.until == "source_leaves",
                  f"{before.name} left the battlefield")
    if tx.held_orphans is not None:
        tx.held_orphans.extend(touched)
    else:
        exile_orphans(tx, touched)
