"""Named moments of the core that other rules hook into (DESIGN.md section 3, "Structure").

The turn/priority/stack core knows nothing of subgames, leaving, player control or range of
influence. Where one of those rules must act, the core calls ``emit(event, tx, ...)``; the module
that owns the rule registers a handler with ``@on(event)`` when it is imported. Handlers run in
the order their modules registered them, which is fixed by ``magicsub.rules.rulebook`` (imported
by ``magicsub.game``), never by hash order.

Events (arguments after ``tx``):

``players_lose`` (gid, players)
    state-based actions found players who lose game ``gid`` at once (CR 704.3).
``players_losing`` (gid, players, how)
    ``players`` are about to lose (``how``: "loses", "concedes") or leave ("leaves") game ``gid``
    together; emitted with ``emit_any``: a handler that applies a rule instead (CR 810.8: a
    team wins and loses as a whole) returns True, and the players do not leave one by one.
``game_ended`` (gid)
    game ``gid`` has just ended (a subgame's end runs CR 726.5).
``turn_begins`` (gid, player)
    ``player``'s turn has just begun in game ``gid`` (untap step, before anything else).
``turn_skipped`` (gid, player)
    ``player``'s turn would have begun but does not (CR 800.4k, or skipped: CR 614.10).
``turn_replaced`` (gid, player)
    ``player``'s turn (extra or not) would begin; emitted with ``emit_any``: a handler that
    replaces it with nothing (a skip effect, CR 614.10) records why and returns True.
``cleanup`` (gid)
    the cleanup step's "until end of turn" effects end (CR 514.2).
``player_left`` (gid, player, how)
    ``player`` has left game ``gid`` (CR 800.4a), after their objects left.
``players_left`` (gid, players, how, before)
    ``players`` have lost or left game ``gid`` at the same time (one event: a concession, one
    state-based action check, CR 704.3, or one 801.14 "lose instead") and every one of them has
    left it; ``before`` is the world immediately before that event, at which abilities that
    trigger when a player loses the game look back (CR 603.9, 603.10f).
``step_begins`` (gid, step)
    a step of game ``gid`` has begun (CR 603.2b: "at the beginning of" abilities trigger).
``play_subgame`` (creator)
    the resolving spell ``creator`` has players play a Magic subgame (CR 726.1).
``player_wins`` (gid, player)
    an effect states that ``player`` wins game ``gid`` (CR 104.2b); emitted with ``emit_any``:
    a handler that applies a rule instead (CR 801.14) returns True and the game does not end.
``loss_prevented`` (gid, player, rule)
    ``player`` would lose game ``gid`` by ``rule`` (a state-based action, CR 704.5a-c; an
    effect, CR 104.3e; CR 801.14); emitted with ``emit_any``: a handler that finds an effect
    saying the player can't lose (CR 101.2) records why and returns True, and the player does
    not lose. Never emitted for a concession (CR 104.3a).
``state_based_actions`` (gid)
    state-based actions are checked once in game ``gid`` (CR 704.3), at the same time as the
    core's; emitted with ``emit_any``: a handler returns True when it performed one.
``targets_chosen`` (gid, spell, player, targets)
    ``player`` casts ``spell``, activates an ability or puts a triggered ability on the stack
    (``spell``: its id) with ``targets`` in game ``gid`` (CR 601.2c, 602.2b, 603.3d); a handler
    raises ``RulesError`` to refuse an illegal target (CR 801.4).
``spell_cast`` (gid, spell, player)
    ``player`` has just cast ``spell`` in game ``gid`` (CR 601.2a: it is on the stack); a
    "when you cast" ability triggers now (storm, CR 702.40a).
``decision`` (name, args)
    a step of the vocabulary that a player decides (``cast``, ``pass_priority``, ...) is about
    to be applied to the game in progress (CR 720.5: who makes that player's decisions).
``attack_declared`` (gid, creature, defender)
    the active player is about to declare ``creature`` as attacking ``defender`` in game ``gid``
    (CR 508.1), after the core's checks and before anything changes; a handler raises
    ``RulesError`` to refuse the attack (CR 801.3).
``combat_damage_dealt`` (gid, dealt)
    combat damage has just been dealt to players in game ``gid`` (CR 510.2), after the damage
    replacement effects applied (``damage.deal_at_once``): ``dealt`` holds, for each attacking
    creature that dealt damage to a player, ``(creature, player, amount)``, the creature as it
    was as it dealt it (an ``Obj``), in the order the attacks were declared.
``casting`` (gid, card, player, zone)
    ``player`` has just moved ``card`` from ``zone`` of game ``gid`` onto the stack to cast it
    (CR 601.2a); its total cost is determined now (CR 601.2f), before ``spell_cast``.
``loses_when`` (gid, player)
    state-based actions are checked in game ``gid`` (CR 704.3) and ``player`` loses by none of
    the core's (CR 704.5a-c); emitted with ``ask``: a handler returns ``(rule, note)`` when a
    rule of a variant makes the player lose in the same check (CR 704.6c), else None.
``game_starts`` (gid)
    game ``gid``'s opening hands and mulligans are done and its first turn is about to begin
    (CR 103.8); a handler may end the game there (CR 506.3: a short deck loses "as soon as it
    starts").
``stops_trigger`` (gid, source, text, involves, before)
    a triggered ability of ``source`` is about to trigger in game ``gid``; ``involves`` names
    the players whose range its trigger event must happen within (``triggers.fire`` derives
    them from the event, CR 801.7a: the state before or after it); ``before`` is the world to
    judge in (the world now, or the one immediately before the event for a trigger that looks
    back in time, CR 603.10). Emitted with ``emit_any``: a handler that stops it (CR 801.7)
    records why and returns True.
``trigger_order`` (gid, player, listed)
    ``player`` puts two or more triggered abilities on the stack in game ``gid`` and chose no
    order ahead (CR 603.3b); ``listed``: the default order in words. Emitted with ``emit_any``:
    a handler that says who chooses instead (CR 720.5: the player's controller) and the default
    returns True.
``affects`` (gid, controller, source, change)
    a spell or ability ``source`` (its label) controlled by ``controller`` is resolving in game
    ``gid`` and one of its instructions is about to make ``change`` (a player's life or
    counters, an object's counters, damage or tapped status, an object's move within the
    game). Emitted with
    ``emit_any`` by the transaction: a handler that stops it (CR 801.10) records why and returns
    True, and the change is not made.

While a handler runs, ``current(tx)`` is the event it handles and its arguments: a triggered
ability that triggers there finds what its trigger event was (CR 801.7).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

EVENTS = ("players_lose", "players_losing", "game_ended", "turn_begins", "turn_skipped",
          "turn_replaced", "cleanup", "player_left", "players_left", "step_begins", "play_subgame",
          "player_wins",
          "state_based_actions", "targets_chosen", "spell_cast", "decision", "attack_declared",
          "stops_trigger", "affects", "game_starts", "combat_damage_dealt", "casting",
          "loses_when", "trigger_order",
          "loss_prevented")
"""The events the core emits."""

_HANDLERS: dict[str, list[Callable]] = {name: [] for name in EVENTS}


def on(event: str) -> Callable[[Callable], Callable]:
    """Register the decorated function as a handler of ``event``."""
    if event not in _HANDLERS:
        raise ValueError(f"unknown event {event!r}; expected one of {', '.join(EVENTS)}")

    def register(fn: Callable) -> Callable:
        if fn not in _HANDLERS[event]:
            _HANDLERS[event].append(fn)
        return fn

    return register


_RUNNING: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
"""Per request (``tx``), the events whose handlers are running, innermost last."""


def emit(event: str, tx, *args) -> bool:
    """Call every handler of ``event`` in registration order; True when any handler ran."""
    handlers = _HANDLERS[event]
    if not handlers:
        return False
    running = _RUNNING.setdefault(tx, [])
    running.append((event, args))
    try:
        for fn in handlers:
            fn(tx, *args)
    finally:
        running.pop()
    return True


def emit_any(event: str, tx, *args) -> bool:
    """Call every handler of ``event`` in registration order; True when any handler returned
    True (it did something the core must know of)."""
    handlers = _HANDLERS[event]
    if not handlers:
        return False
    running = _RUNNING.setdefault(tx, [])
    running.append((event, args))
    done = False
    try:
        for fn in handlers:
            done = bool(fn(tx, *args)) or done
    finally:
        running.pop()
    return done


def ask(event: str, tx, *args) -> list:
    """Call every handler of ``event`` in registration order; return the answers that are not
    None, in that order."""
    handlers = _HANDLERS[event]
    if not handlers:
        return []
    running = _RUNNING.setdefault(tx, [])
    running.append((event, args))
    try:
        answers = [fn(tx, *args) for fn in handlers]
    finally:
        running.pop()
    return [a for a in answers if a is not None]


def current(tx) -> tuple[str, tuple] | None:
    """The innermost event whose handlers are running in the request ``tx``, with its arguments
    (after ``tx``); None outside every handler."""
    running = _RUNNING.get(tx)
    return running[-1] if running else None


def depth(tx) -> int:
    """How many events' handlers are running, one inside another, in the request ``tx``."""
    running = _RUNNING.get(tx)
    return len(running) if running else 0


_ACTIONS: dict[str, Callable] = {}
_HISTORY: set[str] = set()


def action(name: str, *, history: bool = False) -> Callable[[Callable], Callable]:
    """Register the decorated ``fn(tx, args)`` as what the step ``name`` of the vocabulary does:
    every step is dispatched here, registered by the module that owns its rule
    (``magicsub.engine.actions.ACTIONS`` declares its fields; ``Game.apply`` checks them and the
    players and objects they name, then calls ``fn``). With ``history``, ``fn(tx, args, steps)``
    also gets the game's trace so far (a check that looks back over the turn, CR 508.1)."""

    def register(fn: Callable) -> Callable:
        if _ACTIONS.get(name, fn) is not fn:
            raise ValueError(f"action {name!r} is registered twice")
        _ACTIONS[name] = fn
        if history:
            _HISTORY.add(name)
        return fn

    return register


def action_handler(name: str) -> Callable | None:
    """The registered handler of the step ``name``, or None (no module handles it)."""
    return _ACTIONS.get(name)


def wants_history(name: str) -> bool:
    """Whether the handler of the step ``name`` gets the trace so far (``action(history=)``)."""
    return name in _HISTORY


def handlers(event: str) -> tuple[Callable, ...]:
    """The handlers registered for ``event``, in order (for tests and the reference page)."""
    return tuple(_HANDLERS[event])
