"""One request to the engine, applied to a working copy of the world and recorded as steps.

Rule code calls ``tx.step(rule, match)`` to open a step, then the primitives below, each of
which changes the working world and records one typed change. Nothing reaches the game until the
whole request has succeeded (``Game`` commits ``tx.world`` and ``tx.steps``); a ``RulesError``
anywhere leaves the game as it was.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache

from .editions import Edition
from .errors import RulesError
from .objects import Kind, Obj
from .state import GameState, World
from .trace import (
    Cease,
    Change,
    Control,
    Counters,
    Create,
    GameChange,
    Life,
    Loc,
    Move,
    Note,
    PlayerChange,
    Priority,
    Shuffle,
    Step,
    Trigger,
    Turn,
)
from .zones import PER_PLAYER, Zone

Observer = Callable[["Tx", Obj | None, Obj | None], None]


def loc_of(obj: Obj) -> Loc:
    """The place an object is in."""
    if obj.game is None or obj.zone is None:
        return _OUTSIDE
    return _loc(obj.game, obj.zone, obj.owner if obj.zone in PER_PLAYER else None)


_OUTSIDE = Loc(None, "outside")


@lru_cache(maxsize=4096)
def _loc(game: int, zone: Zone, player: str | None) -> Loc:
    return Loc(game, zone.value, player)


class Tx:
    """A working world plus the steps recorded so far for one request."""

    @property
    def world(self) -> World:
        """The working world as it is now."""
        if self._cache is None:
            self._cache = replace(self._base, objects=self._objects, seq=self._seq)
        return self._cache

    @world.setter
    def world(self, world: World) -> None:
        self._base = world
        self._objects = world.objects
        self._seq = world.seq
        self._cache = world

    def __init__(self, world: World, edition: Edition, rng: random.Random, first_index: int,
                 observers: tuple[Observer, ...] = ()):
        self.world = world
        self.edition = edition
        self.rng = rng
        self.steps: list[Step] = []
        self.action = ""
        self._index = first_index
        self._open: tuple[str, str, str] | None = None
        self._changes: list[Change] = []
        self.observers = observers
        self.held_orphans: list[str] | None = None

    # -- steps -----------------------------------------------------------------------------
    def step(self, rule: str, match: str | None = None) -> None:
        """Close the open step and open one citing ``rule`` (the sentence containing ``match``)."""
        self.close()
        cite = self.edition.cite(rule, match)
        self._open = (cite.rule, cite.text, cite.paragraph)

    def close(self) -> None:
        """Record the open step with the world as it is now."""
        if self._open is None:
            return
        rule, text, paragraph = self._open
        self.steps.append(Step(self._index, rule, self.edition.number, text, paragraph,
                               tuple(self._changes), self.world, self.action))
        self._index += 1
        self._open = None
        self._changes = []

    def record(self, change: Change) -> None:
        """Add a change to the open step (a request without a step is a programming error)."""
        if self._open is None:
            raise AssertionError(f"change recorded outside a step: {change!r}")
        self._changes.append(change)

    def note(self, text: str) -> None:
        """Add a note to the open step."""
        self.record(Note(text))

    # -- reading ---------------------------------------------------------------------------
    def obj(self, oid: str) -> Obj:
        """The object with this id (it must exist)."""
        o = self._objects.get(oid)
        if o is None:
            raise RulesError("109.1", f"there is no object {oid!r}", subject=oid)
        return o

    def game(self, gid: int | None = None) -> GameState:
        """A game of the tree (the game in progress by default)."""
        return self.world.games[self.world.current if gid is None else gid]

    # -- writing ---------------------------------------------------------------------------
    def set_world(self, **changes) -> None:
        """Replace fields of the world."""
        self.world = replace(self.world, **changes)

    def put_game(self, game: GameState) -> None:
        """Store a game state."""
        self.world = replace(self.world, games=self.world.games.set(game.gid, game))

    def update_game(self, gid: int, **changes) -> GameState:
        """Replace fields of a game and return it."""
        game = replace(self.world.games[gid], **changes)
        self.put_game(game)
        return game

    def put(self, obj: Obj) -> None:
        """Store an object as it is (no change recorded)."""
        self._objects = self._objects.set(obj.id, obj)
        self._cache = None

    def next_order(self, *, top: bool = True) -> int:
        """A fresh position: above everything (top) or below everything (bottom)."""
        self._seq += 1
        self._cache = None
        return self._seq if top else -self._seq

    def fresh_id(self, base: str) -> str:
        """An id not used by any object, derived from ``base``."""
        if base not in self.world.objects:
            return base
        n = 2
        while f"{base}-{n}" in self.world.objects:
            n += 1
        return f"{base}-{n}"

    def move(self, oid: str, game: int | None, zone: Zone | None, *, top: bool = True,
             controller: str | None = None, face_up: bool | None = None) -> Obj:
        """Move an object to a zone of a game (``game=None``: outside every game). It becomes a
        new object (CR 400.7): untapped, undamaged, unattached, with no controller outside the
        battlefield and the stack."""
        before = self.obj(oid)
        on_board = zone in (Zone.BATTLEFIELD, Zone.STACK)
        ctrl = (controller or before.owner) if on_board else None
        after = before.moved(game=game, zone=zone, order=self.next_order(top=top),
                        base=ctrl, controller=ctrl, tapped=False, damage=0, attached_to=None,
                        phased_out=False,
                        face_up=before.face_up if face_up is None else face_up,
                        entered_under=ctrl if zone is Zone.BATTLEFIELD else None,
                        targets=before.targets if zone is Zone.STACK else (),
                        left_from=before.game if game is None else None)
        self.put(after)
        self.record(Move(oid, before.name, loc_of(before), loc_of(after)))
        for observe in self.observers:
            observe(self, before, after)
        return after

    def create(self, obj: Obj, what: str) -> Obj:
        """Bring a token, copy or ability into existence where ``obj`` says."""
        self.put(replace(obj, order=self.next_order()))
        self.record(Create(obj.id, obj.name, loc_of(obj), what))
        created = self.world.objects[obj.id]
        for observe in self.observers:
            observe(self, None, created)
        return created

    def cease(self, oid: str) -> None:
        """An object ceases to exist. A physical card cannot: it goes outside the game."""
        before = self.obj(oid)
        if before.kind is Kind.CARD:
            self.move(oid, None, None)
            return
        self.world = replace(self.world, objects=self.world.objects.delete(oid))
        self.record(Cease(oid, before.name, loc_of(before)))
        for observe in self.observers:
            observe(self, before, None)

    def set_controller(self, oid: str, new: str | None) -> None:
        """Record an object's new controller (after control effects)."""
        o = self.obj(oid)
        if o.controller == new:
            return
        self.put(replace(o, controller=new))
        self.record(Control(oid, o.name, o.controller, new))

    def set_life(self, gid: int, player: str, new: int) -> None:
        """Set a player's life total in a game."""
        game = self.world.games[gid]
        old = game.seat(player).life
        if old == new:
            return
        self.put_game(game.with_seat(player, life=new))
        self.record(Life(gid, player, old, new))

    def add_counters(self, gid: int, player: str, counter: str, amount: int) -> None:
        """Give (or remove, when negative) a player counters of one kind in a game."""
        game = self.world.games[gid]
        seat = game.seat(player)
        old = seat.counters.get(counter, 0)
        new = max(0, old + amount)
        counters = seat.counters.set(counter, new) if new else seat.counters.delete(counter) \
            if counter in seat.counters else seat.counters
        self.put_game(game.with_seat(player, counters=counters))
        self.record(Counters(gid, player, counter, old, new))

    def clear_counters(self, gid: int, player: str) -> None:
        """A player's counters in a game cease to exist (CR 726.4b)."""
        for counter, old in sorted(self.world.games[gid].seat(player).counters.items()):
            self.record(Counters(gid, player, counter, old, 0))
        game = self.world.games[gid]
        self.put_game(game.with_seat(player, counters=type(game.seat(player).counters)()))

    def set_priority(self, gid: int, player: str | None, *, keep_passes: bool = False) -> None:
        """Give priority to a player (None: nobody). Resets passes unless ``keep_passes``."""
        game = self.world.games[gid]
        passed = game.passed if keep_passes else ()
        if game.priority == player and passed == game.passed:
            return
        self.put_game(replace(game, priority=player, passed=passed))
        if game.priority != player:
            self.record(Priority(gid, game.priority, player))

    def set_turn(self, gid: int, *, turn: int | None = None, active: str | None | type = ...,
                 step: str | None = None, turn_of: str | None | type = ...) -> None:
        """Change the turn number, the active player or the step."""
        game = self.world.games[gid]
        changes = {}
        if turn is not None:
            changes["turn"] = turn
        if active is not ...:
            changes["active"] = active
        if turn_of is not ...:
            changes["turn_of"] = turn_of
        if step is not None:
            changes["step"] = step
        game = self.update_game(gid, **changes)
        self.record(Turn(gid, game.turn, game.active, game.step))

    def shuffle(self, gid: int, player: str, zone: Zone = Zone.LIBRARY,
                deck: str | None = None) -> None:
        """Shuffle a player's library (or one supplementary deck in the command zone)."""
        if zone is Zone.LIBRARY:
            cards = self.world.in_zone(gid, Zone.LIBRARY, player)
        else:
            cards = [o for o in self.world.in_zone(gid, zone)
                     if o.owner == player and o.deck == deck and not o.face_up]
        orders = [o.order for o in cards]
        self.rng.shuffle(orders)
        with self._objects.mutate() as batch:
            for o, order in zip(cards, orders, strict=True):
                batch[o.id] = o.moved(order=order)
            self._objects = batch.finish()
        self._cache = None
        self.record(Shuffle(gid, player, "library" if zone is Zone.LIBRARY else f"{deck} deck"))

    def trigger_event(self, gid: int, trigger: str, text: str, status: str) -> None:
        """Record what happened to a triggered ability."""
        self.record(Trigger(gid, trigger, text, status))

    def game_event(self, gid: int, status: str, detail: str = "") -> None:
        """Record a game being created, discontinued, resumed or ended."""
        self.record(GameChange(gid, status, detail))

    def player_event(self, gid: int, player: str, status: str) -> None:
        """Record a player winning, losing or leaving a game."""
        self.record(PlayerChange(gid, player, status))
