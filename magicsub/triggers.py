"""Triggered and delayed triggered abilities (CR 603), held while a subgame runs (CR 726.4a; every
main-game one under CR 506.2) and refused for a player who has left (CR 800.4d).

This module names no card. A card's triggered abilities are its module's ``watch`` (it looks at
every move, CR 603.2) and its ``events`` (it looks at a moment the core announces, such as a
player cycling a card); both are registered with the card (``magicsub.cards``) and called here
for each source on the battlefield, in timestamp order (CR 603.3b: the default order).
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable

from . import hooks
from .cards import ability, listening, lookup, triggering, watching
from .objects import Obj
from .state import PendingTrigger, game_name, timestamp
from .transaction import Tx
from .zones import Zone

HELD = "won’t be put onto the stack until the main game resumes"
"""The words of CR 726.4a that hold a main-game ability triggering while a subgame runs."""
REMOVED = "due to cards being removed from the main game"
"""The words of CR 726.5 naming the abilities it puts onto the stack as the main game resumes."""
WAITS = "the next time a player would receive priority"
"""The words of CR 603.3 for when any other triggered ability goes on the stack."""


def fire(tx: Tx, gid: int, source: Obj, text: str, kind: str, data: tuple = (),
         involves: Iterable[str] = ()) -> None:
    """A triggered ability of ``source`` triggers in game ``gid`` (held while ``gid`` is
    discontinued, CR 726.4a). ``kind`` is the ability's behaviour (its resolver, registered by
    its card: an unknown behaviour is a programming error, ValueError); ``data`` is what the
    resolver needs to know. ``involves``: the players whose range of influence the trigger event
    must happen within (CR 801.7: the ``stops_trigger`` hook may stop the ability)."""
    if ability(kind) is None:
        raise ValueError(f"{source.label()}: no resolver is registered for the ability behaviour "
                         f"{kind!r} (a card registers it in CardDef.abilities)")
    involves = tuple(involves)
    if involves and hooks.emit_any("stops_trigger", tx, gid, source, text, involves):
        return
    taken = {t.id for g in tx.world.games.values() for t in g.held + g.pending}
    tid, n = f"{source.id}-trigger", 1
    while tid in taken or tid in tx.world.objects:
        n += 1
        tid = f"{source.id}-trigger-{n}"
    trig = PendingTrigger(tid, source.id, source.controller or source.owner, text, kind, data)
    if gid == tx.world.current:
        tx.trigger_event(gid, tid, text, "triggers", "pending", trig)
    elif tx.edition.behaviour("held_triggers") == "all":
        with tx.aside("726.4a.held", HELD):
            tx.trigger_event(gid, tid, text, "triggers in the suspended game and is held until "
                             f"the subgame is completed (CR {tx.edition.cite('726.4a.held').rule})",
                             "held", trig)
    else:
        _discontinued(tx, gid, trig)


def _discontinued(tx: Tx, gid: int, trig: PendingTrigger) -> None:
    """CR 726.4a, 726.5, 603.3: ``trig`` triggers in the discontinued game ``gid``. One that
    triggers on a card removed from that game (brought into the subgame, 726.4a, or put outside
    every game) is held until it resumes, when CR 726.5 puts it onto the stack; any other waits
    under CR 603.3 until a player would receive priority there."""
    move = _MOVING.get(tx)
    before, after = move if move is not None else (None, None)
    removed = before is not None and before.game == gid and (after is None or after.game != gid)
    if removed and after is not None and after.game is not None:
        with tx.aside("726.4a.held", HELD):
            tx.trigger_event(gid, trig.id, trig.text, "triggers in the discontinued game and is "
                             "held until it resumes (CR "
                             f"{tx.edition.cite('726.4a.held').rule})", "held", trig)
    elif removed:
        with tx.aside("726.5.held", REMOVED):
            tx.note(f"{before.name} left {game_name(gid)} for outside every game: CR "
                    f"{tx.edition.cite('726.5.held').rule} puts the abilities that triggered "
                    "because cards were removed from the main game onto the stack as it resumes.")
            tx.trigger_event(gid, trig.id, trig.text, "triggers in the discontinued game and is "
                             "held until it resumes", "held", trig)
    else:
        with tx.aside("603.3", WAITS):
            held = tx.edition.cite("726.4a.held").rule
            released = tx.edition.cite("726.5.held").rule
            tx.note(f"Literal reading: CR {held} holds only the abilities that trigger on cards "
                    f"leaving {game_name(gid)} for the subgame, and CR {released} puts onto the "
                    "stack those that triggered because cards were removed from it. This one did "
                    "not, so it waits like any triggered ability until a player would receive "
                    f"priority in {game_name(gid)}: once the subgame is over, above the abilities "
                    f"CR {released} puts onto the stack. Other reading (the "
                    "2003 rules, CR 506.2): every main-game ability that triggers while the "
                    "subgame is in progress waits for its end, and all go on the stack together.")
            tx.trigger_event(gid, trig.id, trig.text, "triggers in the discontinued game and "
                             "waits to be put on the stack", "pending", trig)


_MOVING: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
"""Per request, the move a card's ``watch`` is looking at (``fire`` reads it: did a card leave
a discontinued game?)."""
_EVENT: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
"""Per request, the ``(source, ability)`` pairs that have triggered in the move event being
watched."""


def first_in_event(tx: Tx, source: Obj, kind: str) -> bool:
    """True the first time in one move event (one change: a single move, or every card of a
    ``MoveAll``) that ``source``'s ability ``kind`` asks: a "whenever one or more cards ..."
    ability triggers once for the whole event."""
    fired = _EVENT.setdefault(tx, set())
    if (source.id, kind) in fired:
        return False
    fired.add((source.id, kind))
    return True


def on_move(tx: Tx, moves: tuple[tuple[Obj | None, Obj | None], ...]) -> None:
    """Observer of every move (``moves``: the ``(before, after)`` pairs of one change, see
    ``transaction.Observer``): the registered cards' triggered abilities look at each
    (``watch_all``). Abilities that trigger on the same event trigger in their sources'
    timestamp order (``state.timestamp``), the default order in which their controller puts
    them on the stack (CR 603.3b)."""
    _EVENT.pop(tx, None)  # a new event: ``first_in_event`` starts a fresh set
    index = _index(tx)
    battlefield = Zone.BATTLEFIELD
    befores = [b for b, _ in moves if b is not None]
    afters = [a for _, a in moves if a is not None]
    leaving = [b for b in befores if b.zone is battlefield]
    if leaving or any(a.zone is battlefield for a in afters):
        for before, after in moves:
            if (before is not None and before.zone is battlefield) or (
                    after is not None and after.zone is battlefield):
                _follow(index, before, after)
    names = watching()
    if not names:
        return
    games = {o.game for o in befores} | {o.game for o in afters}
    games.discard(None)
    quiet = not any(index.get(gid) for gid in games)  # no permanent with a triggered ability
    if quiet and not any(b.name in names for b in leaving):
        return  # and nothing that watches leaves a battlefield
    objects = tx.world.objects
    seen: dict[int, tuple] = {}
    for before, after in moves:
        if quiet and tx.world.objects is objects and (
                before is None or before.zone is not battlefield
                or before.name not in names):
            continue  # no watcher on these battlefields, and nothing leaves one
        watch_all(tx, before, after, names, seen)


def _watchers(tx: Tx, gid: int, names: frozenset[str], seen: dict | None) -> list[Obj]:
    """The permanents on game ``gid``'s battlefield whose cards watch moves, in timestamp order
    (``seen`` keeps them per game while no object changes)."""
    objects = tx.world.objects
    found = seen.get(gid) if seen is not None else None
    if found is None or found[0] is not objects:
        found = (objects, [o for o in _on_battlefield(tx, gid) if o.name in names
                           and not o.phased_out and o.face_up])  # CR 702.26b, 708.2a
        if seen is not None:
            seen[gid] = found
    return found[1]


def watch_all(tx: Tx, before: Obj | None, after: Obj | None,
              names: frozenset[str] | None = None, seen: dict | None = None) -> None:
    """Give every registered card's ``watch`` a look at one move, in each game it touched: each
    watcher on that game's battlefield, in timestamp order, and the moving object itself when it
    was on the battlefield before the move (CR 603.10a: leaves-the-battlefield abilities look
    back in time). ``names``: the watching cards' names (``cards.watching()``); ``seen``: see
    ``_watchers``."""
    names = watching() if names is None else names
    if not names:
        return
    first = before.game if before is not None else None
    second = after.game if after is not None else None
    games = [g for g in (first, second) if g is not None]
    if len(games) == 2:
        games = sorted(set(games))
    for gid in games:
        sources = _watchers(tx, gid, names, seen)
        if before is not None and before.game == gid and before.zone is Zone.BATTLEFIELD \
                and before.name in names and all(o.id != before.id for o in sources):
            sources = [*sources, before]
        for source in sources:
            card = lookup(source.name)
            if card is not None and card.watch is not None:
                outer = _MOVING.get(tx)  # a watch's own move (a 610.3 return) nests in it
                _MOVING[tx] = (before, after)
                try:
                    card.watch(tx, gid, source, before, after)
                finally:
                    if outer is None:
                        del _MOVING[tx]
                    else:
                        _MOVING[tx] = outer


def announce(tx: Tx, gid: int, event: str, *args) -> None:
    """A moment the core names (``cards.CARD_EVENTS``) happened in game ``gid``: each permanent
    on its battlefield whose card listens to ``event`` looks at it, in timestamp order."""
    names = listening(event)
    if not names:
        return
    for source in [o for o in _on_battlefield(tx, gid) if o.name in names
                   and not o.phased_out and o.face_up]:  # CR 702.26b, 708.2a
        card = lookup(source.name)
        if card is not None:
            card.events[event](tx, gid, source, *args)


# -- the permanents that have triggered abilities, per game, kept for one request ---------------
# Finding them by scanning every object on every move would make a request that moves N objects
# cost N × (size of the world). Each request (one Tx) scans once, then follows the moves (every
# move, creation and ceasing passes through ``on_move``), and checks each candidate on use.

_ACTIVE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _index(tx: Tx) -> dict[int | None, set[str]]:
    index = _ACTIVE.get(tx)
    if index is None:
        names = triggering()
        index = {}
        world = tx.world
        for key in world.places.keys():
            if key[1] is Zone.BATTLEFIELD:
                for o in world.in_zone(key[0], Zone.BATTLEFIELD):
                    if o.name in names:
                        index.setdefault(o.game, set()).add(o.id)
        _ACTIVE[tx] = index
    return index


def _follow(index: dict[int | None, set[str]], before: Obj | None, after: Obj | None) -> None:
    if before is not None:
        index.get(before.game, set()).discard(before.id)
    if after is not None and after.zone is Zone.BATTLEFIELD and after.name in triggering():
        index.setdefault(after.game, set()).add(after.id)


def _on_battlefield(tx: Tx, gid: int) -> list[Obj]:
    """The permanents of game ``gid`` whose cards have triggered abilities, in timestamp order."""
    if not triggering():
        return []
    found = []
    for oid in _index(tx).get(gid, ()):
        o = tx.world.objects.get(oid)
        if o is not None and o.game == gid and o.zone is Zone.BATTLEFIELD:
            found.append(o)
    found.sort(key=timestamp)
    return found
