"""Declaring attackers (CR 506.2, 508.1, 508.1a, 508.1f, 702.20b): when an attacker may be
declared, which creature may attack, and whom it may attack.

The checks read the trace of the requests made so far (``steps``) for two facts the state does not
keep: whether anything but declaring attackers has happened since the declare attackers step began
(CR 508.1: the active player declares attackers *first*), and whether a creature has been
controlled by the active player continuously since the turn began (CR 508.1a, 302.6).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from . import hooks
from .errors import RulesError
from .limits import listed
from .objects import Obj
from .registry import giving, lookup
from .start import require_begun
from .state import GameState, World, step_label
from .state import game_name as _where
from .trace import Change, Control, Create, Move, MoveAll, Step, Turn
from .transaction import Tx
from .zones import Zone

STEP = "declare_attackers"
"""The step in which attackers are declared (CR 508)."""

BEFORE_DECLARING = ("attack", "leave", "lose", "concede")
"""Requests that may come between the start of the declare attackers step and a declaration:
other declarations, and leaving the game (a player may concede at any time, CR 104.3a)."""



def keywords(world: World, obj: Obj) -> frozenset[str]:
    """The keyword abilities an object has: its card's, those the cards behind the control
    effects on it grant (``CardDef.grants``: "It gains haste until end of turn"), and those the
    static abilities of the permanents of its game give it now (``CardDef.gives``: Concordant
    Crossroads, CR 611.3a; not while phased out, CR 702.26b, or face down, CR 708.2a)."""
    known = lookup(obj.name)
    words = set(known.keywords if known else ())
    names = giving()
    if names and obj.game is not None:
        for source in world.in_zone(obj.game, Zone.BATTLEFIELD):
            if source.name in names and not source.phased_out and source.face_up:
                words.update(lookup(source.name).gives(source, obj))
    for effect in world.effects_on(obj.id):
        source = world.objects.get(effect.source) if effect.source else None
        for name in (effect.text, source.name if source is not None else None):
            card = lookup(name) if name else None
            if card is not None:
                words.update(card.grants)
    return frozenset(words)


def _changes_since(steps: Sequence[Step], began: Callable[[Change], bool]) -> tuple[list[Step],
                                                                                    list[Change]]:
    """The steps after the one whose change ``began`` picks (the newest such), and every change
    made after that change; all of them when no change is picked."""
    for i in range(len(steps) - 1, -1, -1):
        changes = steps[i].changes
        for k in range(len(changes) - 1, -1, -1):
            if began(changes[k]):
                later = list(changes[k + 1:]) + [c for s in steps[i + 1:] for c in s.changes]
                return list(steps[i:]), later
    return list(steps), [c for s in steps for c in s.changes]


def _requests_since_step_began(steps: Sequence[Step], gid: int) -> list[str]:
    """The requests made since the request that began this declare attackers step."""
    since, _ = _changes_since(steps, lambda c: isinstance(c, Turn) and c.game == gid
                              and c.step == STEP and c.active is not None)
    if not since:
        return []
    first = since[0].action
    rest = since[1:]
    while rest and rest[0].action == first:
        rest = rest[1:]
    out: list[str] = []
    for step in rest:
        if not out or out[-1] != step.action:
            out.append(step.action)
    return out


def _check_time(tx: Tx, steps: Sequence[Step], game: GameState, obj: Obj) -> None:
    gid, label = game.gid, obj.label()
    if game.step != STEP:
        now = step_label(game.step)
        raise RulesError("508.1", f"{label} cannot attack now: attackers are declared in the "
                         f"declare attackers step, and {_where(gid)} is in its {now}",
                         subject=obj.id)
    if game.active is None:
        raise RulesError("506.2", f"{label} cannot attack: the turn has no active player "
                         "(CR 800.4j), so there is no attacking player", subject=obj.id)
    stack = tx.world.stack(gid)
    if stack:
        raise RulesError("508.1", f"{label} cannot attack any more: {stack[-1].label()} is on "
                         "the stack, and the active player declares attackers first, before "
                         "anyone gets priority in the step (CR 508.2)", subject=obj.id)
    if game.passed:
        raise RulesError("508.1", f"{label} cannot attack any more: "
                         f"{listed(game.passed, 'players')} already passed priority in this "
                         "step, and the active player declares attackers first, before anyone "
                         "gets priority (CR 508.2)",
                         subject=obj.id)
    late = [a for a in _requests_since_step_began(steps, gid)
            if a.split(":", 1)[0] not in BEFORE_DECLARING]
    if late:
        raise RulesError("508.1", f"{label} cannot attack any more: the active player declares "
                         "attackers first, as the declare attackers step begins, and since then "
                         f"this happened: {late[0]}", subject=obj.id)


def _controlled_since_turn_began(steps: Sequence[Step], gid: int, obj: Obj) -> bool:
    _, changes = _changes_since(steps, lambda c: isinstance(c, Turn) and c.game == gid
                                and c.step == "untap")
    for c in changes:
        if isinstance(c, Control) and c.obj == obj.id:
            return False
        if isinstance(c, Move | MoveAll) and c.dst.game == gid \
                and c.dst.zone == Zone.BATTLEFIELD.value \
                and obj.id in ((c.obj,) if isinstance(c, Move) else c.ids):
            return False
        if isinstance(c, Create) and c.obj == obj.id:
            return False
    return True


def _check_creature(tx: Tx, steps: Sequence[Step], game: GameState, obj: Obj) -> None:
    gid, label, active = game.gid, obj.label(), game.active
    if not (obj.game == gid and obj.zone is Zone.BATTLEFIELD and obj.is_type("creature")):
        raise RulesError("508.1a", f"{label} is not a creature on the battlefield of "
                         f"{_where(gid)} (it is in {obj.place})", subject=obj.id)
    if obj.phased_out:
        raise RulesError("702.26b", f"{label} is phased out: it is treated as though it doesn't "
                         "exist, so it cannot attack", subject=obj.id)
    if obj.is_type("battle"):
        raise RulesError("508.1a", f"{label} is a battle: it cannot attack", subject=obj.id)
    if obj.controller != active:
        raise RulesError("508.1a", f"{label} is controlled by {obj.controller}, not by the "
                         f"active player {active}: only the active player's creatures attack",
                         subject=obj.id)
    already = [d for c, d in game.attacks if c == obj.id]
    if already:
        raise RulesError("508.1a", f"{label} is already declared as an attacker (attacking "
                         f"{already[0]}): a creature attacks once", subject=obj.id)
    if obj.tapped:
        raise RulesError("508.1a", f"{label} is tapped: the chosen creatures must be untapped",
                         subject=obj.id)
    if "haste" not in keywords(tx.world, obj) and not _controlled_since_turn_began(
            steps, gid, obj):
        raise RulesError("508.1a", f"{label} has not been controlled by {active} continuously "
                         "since the turn began and has no haste (CR 302.6)", subject=obj.id)


def _check_defender(game: GameState, obj: Obj, defender: str) -> None:
    label = obj.label()
    if defender not in game.seats or not game.seat(defender).in_game:
        raise RulesError("506.2", f"{label} cannot attack {defender}: {defender} is not a player "
                         f"still in {_where(game.gid)}", subject=defender)
    if defender == game.active:
        raise RulesError("506.2", f"{label} cannot attack {defender}: {defender} is the "
                         "attacking player; the defending player is an opponent",
                         subject=defender)


def declare(tx: Tx, steps: Sequence[Step], creature: str, defender: str) -> None:
    """CR 508.1: the active player declares ``creature`` as an attacker attacking ``defender``;
    CR 508.1f taps it, unless it has vigilance (CR 702.20b). ``steps`` is the trace so far."""
    game = tx.game()
    obj = tx.obj(creature)
    _check_time(tx, steps, game, obj)
    _check_creature(tx, steps, game, obj)
    _check_defender(game, obj, defender)
    gid = game.gid
    hooks.emit("attack_declared", tx, gid, obj.id, defender)
    tx.step("508.1", "the active player declares attackers")
    tx.fact(gid, "attacks", game.attacks + ((obj.id, defender),),
            f"{obj.label()} is attacking {defender}")
    if "vigilance" in keywords(tx.world, obj):
        tx.step("702.20b")
        tx.note(f"{obj.label()} has vigilance: attacking doesn't cause it to tap.")
        return
    tx.step("508.1f", "The active player taps the chosen creatures")
    tx.tap(obj.id)


@hooks.action("attack", history=True)
def _attack_step(tx: Tx, a: dict, steps: Sequence[Step]) -> None:
    require_begun(tx, tx.world.current, f"{tx.obj(a['creature']).label()} cannot attack",
                  a["creature"])
    declare(tx, steps, a["creature"], a["defender"])
