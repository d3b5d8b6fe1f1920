"""Control-changing effects and their durations (CR 611, 613), with CR 800.4b and 800.4c; the
step ``effect``.

An effect belongs to the game it was created in (CR 726.1b). An object's controller is the
player the newest effect on it names, else its controller by default (``Obj.base``).

A permanent's static abilities apply however it got onto the battlefield (CR 611.3a): when it
arrives (cast and resolved, put there by an effect, returned by CR 610.3, brought in) or is set
up there (``start_in_place``), its card's ``static`` starts the effects the engine records
(``Effect.static``). They end when it leaves the battlefield and are ignored while it is phased
out (CR 611.3b, 702.26b); an effect that lasts "for as long as" its source remains ends when the
source phases out (CR 702.26f, ``phased``).
"""

from __future__ import annotations

from collections.abc import Callable

from . import departed, hooks
from .errors import RulesError
from .limits import shown
from .objects import Obj
from .registry import lookup
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
    raise RulesError("611.2", f"unknown duration {shown(until)}; expected end_of_turn, "
                     "source_leaves, forever or {next_turn: PLAYER}", subject=shown(until))


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


def applies(tx: Tx, effect: Effect, obj: Obj) -> bool:
    """Whether ``effect`` applies to ``obj`` now: a static ability's effect does not while its
    source is phased out (CR 702.26b), unless ``obj`` phased out too (phasing changes no
    control, CR 702.26d: what phased out together keeps its controller), nor while its source
    is face down (a face-down permanent has no text, CR 708.2a)."""
    if not effect.static:
        return True
    source = tx.world.objects.get(effect.source) if effect.source else None
    if source is None:
        return True
    if not source.face_up:
        return False
    return not source.phased_out or obj.phased_out


def controller_for(tx: Tx, oid: str) -> str | None:
    """The controller an object has now: the newest effect's player, else its default."""
    obj = tx.obj(oid)
    if obj.zone is not Zone.BATTLEFIELD:
        return obj.base
    effects = [e for e in tx.world.effects_on(oid) if applies(tx, e, obj)]
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
        follows: bool = False, static: bool = False) -> None:
    """Start a control-changing effect in the game ``obj`` is in (CR 800.4b when ``to`` left);
    ``static``: the effect of a static ability of ``source`` (``Effect.static``)."""
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
        raise RulesError("611.2a", f"unknown player {shown(until.split(':', 1)[1])} in the "
                         f"duration of the effect on {target.label()}", subject=obj)
    if to not in game.seats:
        raise RulesError("800.4b", f"{to} is not a player of the {gid}", subject=to)
    if target.phased_out and not static:
        tx.step("702.26e", "a phased-out permanent won’t be included")
        tx.note(f"{target.label()} is phased out: the control-changing effect created now "
                "does not include it, and it will not apply when it phases in.")
        return
    eid = f"effect-{tx.world.seq + 1}"
    effect = Effect(eid, gid, obj, to, source, parse_until(until), tx.next_order(), text,
                    follows, static)
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
    in the game, is exiled when its controller by default has left the game (the objects one
    ending exiles go at the same time: one ``Tx.at_once`` event)."""
    with tx.at_once():
        _exile_orphans(tx, touched)


def _exile_orphans(tx: Tx, touched: list[str]) -> None:
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
    their source remains end when the source leaves the battlefield; a permanent that arrives on
    the battlefield starts its static abilities' effects (``moves``: the ``(before, after)``
    pairs of one change, see ``transaction.Observer``)."""
    battlefield = Zone.BATTLEFIELD
    if tx.world.effects:
        for before, after in moves:
            if before is not None and before.zone is battlefield and not (
                    after is not None and after.zone is battlefield
                    and after.game == before.game):
                _left_battlefield(tx, before)
    for before, after in moves:
        if after is not None and after.zone is battlefield and not (
                before is not None and before.zone is battlefield
                and before.game == after.game):
            start(tx, after)


def start(tx: Tx, permanent: Obj) -> None:
    """CR 611.3a: ``permanent``'s static abilities apply, however it got onto the battlefield:
    its card's ``static`` starts their effects (nothing while it is face down, CR 708.2a; an
    effect started while it is phased out applies once it phases in, ``applies``)."""
    card = lookup(permanent.name)
    if card is None or card.static is None or not permanent.face_up:
        return
    card.static(tx, permanent.game, permanent)


def start_in_place(tx: Tx, gid: int) -> None:
    """CR 611.3a: the static abilities of the permanents set up on game ``gid``'s battlefield
    apply as if they had arrived there (set-up puts permanents in place without moving them);
    each card's ``static`` does nothing when its effects are in place already."""
    for permanent in tx.world.in_zone(gid, Zone.BATTLEFIELD):
        start(tx, tx.obj(permanent.id))


def has_static(name: str) -> bool:
    """True when the card ``name`` has static abilities whose effects ``start`` records."""
    card = lookup(name)
    return card is not None and card.static is not None


def phased(tx: Tx, permanent: Obj) -> None:
    """``permanent`` has just phased out or in, or been turned face down or up
    (``magicsub.rules.phasing``). Phasing out, the effects lasting "for as long as" it remains end
    (CR 702.26f: they can no longer see it); its static abilities' effects stop applying while
    it is phased out or face down and apply again once it has phased in or been turned face up
    (CR 702.26b, 702.26c, 708.2a): the objects they apply to get their controller again."""
    oid = permanent.id
    mine = [e for e in tx.world.effects.values() if e.source == oid]
    if not mine:
        return
    if permanent.phased_out:
        lasting = [e for e in mine if e.until == "source_leaves" and not e.static]
        if lasting:
            tx.step("702.26f", "end when that permanent phases out")
            tx.note(f"{permanent.label()} has phased out: an effect that lasts for as long as it "
                    "remains on the battlefield can no longer see it. The Gatherer ruling of "
                    "2020-06-23 (Teferi, Master of Time) says the same: “Any continuous effects "
                    "with a ‘for as long as’ duration such as that of Awakener Druid ignore "
                    "phased-out objects. Any such effects will expire if their conditions are no "
                    "longer met after ignoring the phased-out objects.”")
            touched = end(tx, lambda e: e in lasting, f"{permanent.name} phased out")
            exile_orphans(tx, touched)
    for effect in sorted((e for e in mine if e.static), key=lambda e: (e.order, e.id)):
        obj = tx.world.objects.get(effect.obj)
        if obj is None:
            continue
        was = obj.controller
        refresh(tx, effect.obj)
        now = tx.obj(effect.obj).controller
        if now == was:
            continue
        if not permanent.face_up:
            tx.note(f"{permanent.label()} is face down: a face-down permanent has no text (CR "
                    f"708.2a), so its static ability no longer applies and {now} controls "
                    f"{obj.label()} again.")
        elif permanent.phased_out:
            tx.note(f"{permanent.label()} is phased out: its static abilities have no effect on "
                    "the game (CR 702.26b; the Gatherer ruling of 2020-06-23 on Teferi, Master "
                    "of Time says so in those words), so "
                    f"{obj.label()} is under {now}'s control again.")
        else:
            tx.note(f"{permanent.label()} is phased in and face up: its static ability applies "
                    f"again (CR 702.26c, 611.3a), and {now} controls {obj.label()}.")

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
    if not tx.hold_orphans(touched):
        exile_orphans(tx, touched)


@hooks.action("effect")
def _effect_step(tx: Tx, a: dict) -> None:
    """A control-changing effect begins (CR 611.2a; a static ability's, 611.3a): cited unless
    it would give control to a player who has left the object's game (800.4a)."""
    obj = tx.obj(a["control"])
    game = tx.game(obj.game if obj.game is not None else tx.world.current)
    if a["to"] not in game.seats or game.seat(a["to"]).in_game:
        tx.step("611.3a" if a.get("static") else "611.2a")
    add(tx, a["control"], a["to"], source=a.get("source"),
        until=parse_until(a.get("until", "forever")),
        static=bool(a.get("static")) and a.get("source") is not None)
