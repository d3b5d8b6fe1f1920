"""Triggered and delayed triggered abilities (CR 603), held while a subgame runs (CR 726.4a; every
main-game one under CR 506.2) and refused for a player who has left (CR 800.4d).

This module names no card. A card's triggered abilities are its module's ``watch`` (it looks at
every move, CR 603.2) and its ``events`` (it looks at a moment the core announces, such as a
player cycling a card); both are registered with the card (``magicsub.cards``) and called here
for each source on the battlefield, in timestamp order (CR 603.3b: the default order).

Every ability that triggers passes through ``fire``, which finds the players its trigger event
involves from the event itself (CR 801.7, 801.7a): the move being watched (the moving object's
controller, or its owner where nobody controls it, before or after the move: before for a
trigger that looks back in time, CR 603.10a), the moment the core announces (the player who
cycles, casts, whose turn or step begins: ``hooks.current``), or the event a rule names with
``event`` (the player who loses the game, looked at as the game was before the loss,
CR 603.10f). A card writes no range code: the ``stops_trigger`` hook judges them.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from . import hooks
from .objects import Obj
from .registry import ability, listening, lookup, triggering, watching
from .state import PendingTrigger, World, game_name, timestamp
from .transaction import Tx
from .zones import Zone

HELD = "won’t be put onto the stack until the main game resumes"
"""The words of CR 726.4a that hold a main-game ability triggering while a subgame runs."""
REMOVED = "due to cards being removed from the main game"
"""The words of CR 726.5 naming the abilities it puts onto the stack as the main game resumes."""
WAITS = "the next time a player would receive priority"
"""The words of CR 603.3 for when any other triggered ability goes on the stack."""


def entered(gid: int, source: Obj, before: Obj | None, after: Obj | None) -> bool:
    """True when a change a card watches is ``source`` itself entering game ``gid``'s
    battlefield from anywhere else: its enters-the-battlefield ability triggers (CR 603.6a)."""
    return (after is not None and after.id == source.id and after.game == gid
            and after.zone is Zone.BATTLEFIELD
            and (before is None or before.game != gid or before.zone is not Zone.BATTLEFIELD))


def fire(tx: Tx, gid: int, source: Obj, text: str, kind: str, data: tuple = (),
         involves: Iterable[str] | None = None, *,
         looks_back: bool | None = None) -> PendingTrigger | None:
    """A triggered ability of ``source`` triggers in game ``gid`` (held while ``gid`` is
    discontinued, CR 726.4a), controlled by ``source``'s controller (as ``source`` is given: the
    object as it was before the event for a trigger that looks back in time). ``kind`` is the
    ability's behaviour (its resolver, registered by its card: an unknown behaviour is a
    programming error, ValueError); ``data`` is what the resolver needs to know. Return the
    triggered ability, or None when it did not trigger.

    CR 801.7: it does not trigger when its trigger event does not happen entirely within its
    controller's range (``stopped``). The players the event involves are found from the event
    (``involved``); ``involves`` overrides them, for a card whose trigger event involves other
    players than those (empty: nothing to judge). ``looks_back``: whether the trigger condition
    looks back in time at a move (CR 603.10a; None: judged from the move, ``looks_back_at``)."""
    if ability(kind) is None:
        raise ValueError(f"{source.label()}: no resolver is registered for the ability behaviour "
                         f"{kind!r} (a card registers it in CardDef.abilities)")
    if stopped(tx, gid, source, text, involves, looks_back=looks_back):
        return None
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
    return trig


def stopped(tx: Tx, gid: int, source: Obj, text: str, involves: Iterable[str] | None = None,
            *, looks_back: bool | None = None) -> bool:
    """CR 801.7: True (and a step says why) when the ability of ``source`` does not trigger
    because its trigger event does not happen entirely within its controller's range of
    influence (the ``stops_trigger`` hook judges; ``involves`` as in ``fire``)."""
    found, world = involved(tx, gid, looks_back)
    involves = found if involves is None else tuple(involves)
    return bool(involves) and hooks.emit_any("stops_trigger", tx, gid, source, text, involves,
                                             world)


# -- the players a trigger event involves (CR 801.7, 801.7a) -------------------------------------

_EVENTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
"""Per request, the trigger events a rule names with ``event``, innermost last."""

_PUBLIC = frozenset({Zone.BATTLEFIELD, Zone.GRAVEYARD, Zone.STACK, Zone.EXILE, Zone.COMMAND})


@contextmanager
def event(tx: Tx, players: Iterable[str], before: World | None = None) -> Iterator[None]:
    """Within the block, abilities that trigger do so on an event involving ``players``
    (CR 801.7); ``before``: the world immediately before the event, where a trigger that looks
    back in time looks (CR 603.10; None: the world as it is)."""
    stack = _EVENTS.setdefault(tx, [])
    stack.append((tuple(players), before, hooks.depth(tx)))
    try:
        yield
    finally:
        stack.pop()


def looks_back_at(before: Obj | None, after: Obj | None) -> bool:
    """Whether a trigger on this move looks back in time (CR 603.10a): a permanent leaving the
    battlefield, a card leaving a graveyard (but not for the battlefield, where the triggers that
    look at the move are the enters ones), an object all players can see put into a hand or
    library."""
    if before is None:
        return False
    if after is None or before.game != after.game:
        return True
    if before.zone is Zone.BATTLEFIELD:
        return after.zone is not Zone.BATTLEFIELD
    if before.zone is Zone.GRAVEYARD:
        return after.zone is not Zone.BATTLEFIELD
    return after.zone in (Zone.HAND, Zone.LIBRARY) and before.zone in _PUBLIC


def _whose(obj: Obj) -> str:
    """Whose range an object is in (CR 801.2d): its controller's; nobody controls a card in a
    hand, library, graveyard or exile, and there it counts as its owner's."""
    return obj.controller or obj.owner


_ANNOUNCED = {
    "step_begins": lambda tx, gid, step: _turn_player(tx, gid),
    "cleanup": lambda tx, gid: _turn_player(tx, gid),
    "turn_begins": lambda tx, gid, player: (player,),
    "spell_cast": lambda tx, gid, spell, player: (player,),
}
"""For the moments the core announces through ``hooks``: the players the event involves."""


def _turn_player(tx: Tx, gid: int) -> tuple[str, ...]:
    game = tx.game(gid)
    player = game.active or game.turn_of
    return (player,) if player is not None else ()


def involved(tx: Tx, gid: int, looks_back: bool | None = None
             ) -> tuple[tuple[str, ...], World]:
    """The players the trigger event being handled involves, and the world to judge it in: the
    move a card's ``watch`` looks at (the state before the move for a trigger that looks back,
    else after), else the innermost event a rule names (``event``) or the core announces
    (``hooks.current``). No known event: no player (nothing to judge)."""
    move = _MOVING.get(tx)
    if move is not None:
        before, after = move
        if before is None or before.game != gid:
            obj = after  # it arrives in this game (or is created)
        elif after is None or after.game != gid:
            obj = before  # it leaves this game (or ceases to exist)
        else:
            back = looks_back_at(before, after) if looks_back is None else looks_back
            obj = before if back else after
        return ((_whose(obj),) if obj is not None else ()), tx.world
    named = _EVENTS.get(tx)
    depth = hooks.depth(tx)
    if named and named[-1][2] >= depth:
        players, before, _ = named[-1]
        return players, before if before is not None else tx.world
    now = hooks.current(tx)
    if now is not None and now[0] in _ANNOUNCED:
        return tuple(_ANNOUNCED[now[0]](tx, *now[1])), tx.world
    if named:
        players, before, _ = named[-1]
        return players, before if before is not None else tx.world
    return (), tx.world


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


_ABSENT = object()


@contextmanager
def scoped(store: weakref.WeakKeyDictionary, tx: Tx, value: object) -> Iterator[None]:
    """Within the block, ``store`` holds ``value`` for the request ``tx``; after it, what it
    held before (or no entry at all). Every piece of per-request state that describes "the
    event being handled now" is kept this way, because handling an event can start another one
    inside it (a watch's own move: a 610.3 return made while the move that caused it is still
    being watched): each level sees its own value, and no level ends another's. Nothing is left
    in ``store`` once the outermost block is over."""
    outer = store.get(tx, _ABSENT)
    store[tx] = value
    try:
        yield
    finally:
        if outer is _ABSENT:
            store.pop(tx, None)
        else:
            store[tx] = outer


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
    fired = _EVENT.get(tx)
    if fired is None:
        raise AssertionError("first_in_event is asked outside a move event (``on_move``)")
    if (source.id, kind) in fired:
        return False
    fired.add((source.id, kind))
    return True


def on_move(tx: Tx, moves: tuple[tuple[Obj | None, Obj | None], ...]) -> None:
    """Observer of every move (``moves``: the ``(before, after)`` pairs of one change, see
    ``transaction.Observer``): the registered cards' triggered abilities look at each
    (``watch_all``). Abilities that trigger on the same event trigger in their sources'
    timestamp order (``state.timestamp``), the default order in which their controller puts
    them on the stack (CR 603.3b). A watch's own move (a 610.3 return) is a new event nested in
    the one being watched: it gets its own ``first_in_event`` set, and the outer event's set is
    back when it is over (``scoped``)."""
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
    left = _left_at_once(tx)
    quiet = not any(index.get(gid) or left.get(gid) for gid in games)
    if quiet and not any(b.name in names for b in leaving):
        return  # and nothing that watches leaves a battlefield
    objects = tx.world.objects
    seen: dict[int, tuple] = {}
    with scoped(_EVENT, tx, set()):
        for before, after in moves:
            if quiet and tx.world.objects is objects and (
                    before is None or before.zone is not battlefield
                    or before.name not in names):
                continue  # no watcher on these battlefields, and nothing leaves one
            watch_all(tx, before, after, names, seen)
    if tx.moment is not None:
        for before in leaving:
            if before.name in names and not before.phased_out and before.face_up:
                left.setdefault(before.game, []).append(before)


_LEFT: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
"""Per request, the event (``Tx.moment``) being made of several moves at once and the watching
permanents that have left a battlefield in it, by game."""


def _left_at_once(tx: Tx) -> dict[int, list[Obj]]:
    """The watching permanents that left a battlefield earlier in the event now being made at
    once (a player's objects leaving the game, CR 800.4a): a trigger that looks back in time
    still sees them (CR 603.10a). Empty outside such an event."""
    moment = tx.moment
    if moment is None:
        return {}
    held = _LEFT.get(tx)
    if held is None or held[0] != moment:
        held = (moment, {})
        _LEFT[tx] = held
    return held[1]


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
    back in time). ``names``: the watching cards' names (``registry.watching()``); ``seen``: see
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
        gone = [o for o in _left_at_once(tx).get(gid, ()) if all(s.id != o.id for s in sources)]
        if gone:
            sources = sorted([*sources, *gone], key=timestamp)
        for source in sources:
            card = lookup(source.name)
            if card is not None and card.watch is not None:
                with scoped(_MOVING, tx, (before, after)):
                    card.watch(tx, gid, source, before, after)


def announce(tx: Tx, gid: int, moment: str, player: str, *args) -> None:
    """A moment the core names (``registry.CARD_EVENTS``) happened in game ``gid``, done by
    ``player`` (the player the event involves, CR 801.7): each permanent on its battlefield
    whose card listens to ``moment`` looks at it, in timestamp order."""
    names = listening(moment)
    if not names:
        return
    with event(tx, (player,)):
        for source in [o for o in _on_battlefield(tx, gid) if o.name in names
                       and not o.phased_out and o.face_up]:  # CR 702.26b, 708.2a
            card = lookup(source.name)
            if card is not None:
                card.events[moment](tx, gid, source, player, *args)


# -- the permanents that have triggered abilities, per game, kept for one request ---------------
# Finding them by scanning every object on every move would make a request that moves N objects
# cost N × (size of the world). Each request (one Tx) finds them once in the world's index of
# permanents by name (``World.named``), then follows the moves (every move, creation and ceasing
# passes through ``on_move``), and checks each candidate on use.

_ACTIVE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _index(tx: Tx) -> dict[int | None, set[str]]:
    index = _ACTIVE.get(tx)
    if index is None:
        names = triggering()
        index = {}
        world = tx.world
        for gid in world.games:
            for o in world.named(gid, names):  # the world's index of permanents by name
                index.setdefault(gid, set()).add(o.id)
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
