"""One request to the engine, applied to a working copy of the world and recorded as steps.

Rule code calls ``tx.step(rule, match)`` to open a step, then the primitives below. Each builds
one typed change (``magicsub.engine.changes``), applies it to the working world and records it: the
transaction is the only writer of the world, so replaying a step's changes reproduces its
snapshot. Nothing reaches the game until the whole request has succeeded (``Game`` commits
``tx.world`` and ``tx.steps``); a ``RulesError`` anywhere leaves the game as it was.

While a spell or ability follows its instructions (``affecting``), each change it makes to a
player's life or counters, an object's counters, damage, tapped status or place within its game
is offered to the rules first (the ``affects`` hook, CR 801.10): a rule may stop it, and then it
is not made.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Container, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache

from . import hooks
from .changes import (
    Cease,
    Change,
    Control,
    Counters,
    Create,
    Damage,
    Delayed,
    EffectChange,
    GameChange,
    GameFact,
    Life,
    Loc,
    Move,
    MoveAll,
    Note,
    ObjCounters,
    Pass,
    PlayerChange,
    Priority,
    Shuffle,
    Tap,
    Trigger,
    Turn,
)
from .editions import Edition
from .errors import RulesError
from .objects import DECK_NAMES, Kind, Obj
from .state import Effect, GameState, PendingTrigger, World, timestamp
from .trace import Step
from .zones import PER_PLAYER, Zone

Observer = Callable[["Tx", "tuple[tuple[Obj | None, Obj | None], ...]"], None]
"""Called after every move, creation and ceasing with what changed, as ``(before, after)``
pairs (``None``: the object did not exist before, or no longer exists): one pair for a single
change, one per card for a ``MoveAll``, in the order the cards were moved."""
Replacement = Callable[["Tx", "Sequence[Obj]", "int | None", "Zone | None"], "frozenset[str]"]
"""Called before every move with the objects about to move and where to (game, zone): a rule's
replacement effect (CR 614.1a, "instead") records what it does instead and returns the ids of
the objects it has put elsewhere; the move goes on with the others."""


def _in_deck(obj: Obj, player: str, zone: Zone, deck: str | None) -> bool:
    """True when ``obj`` is one of the cards a shuffle of ``player``'s library (or ``deck``)
    shuffles, given that it is in the zone shuffled."""
    if zone is Zone.LIBRARY:
        return obj.owner == player
    return obj.owner == player and obj.deck == deck and not obj.face_up


def _pile(zone: Zone | None, deck: str | None) -> str:
    """What a ``MoveAll`` or a ``Shuffle`` names: a library, or a supplementary deck by its name
    (``DECK_NAMES``: "Attraction deck")."""
    return "library" if zone is Zone.LIBRARY else DECK_NAMES.get(deck or "", f"{deck} deck")


_AFFECTS = (Life, Counters, ObjCounters, Move, Damage, Tap)
"""The changes a resolving spell or ability makes that CR 801.10 may stop (``Tx.affecting``)."""

_TAKEN_CONTROL_OR_FACE_UP = frozenset({Zone.BATTLEFIELD, Zone.STACK, Zone.EXILE})
"""The zones where a moved object gets a controller (CR 108.4) or is face up (CR 406.3)."""


def _becomes(before: Obj, game: int | None, zone: Zone | None, order: int,
             controller: str | None, face_up: bool | None,
             fields: dict, moment: int | None = None) -> tuple[Obj, str | None]:
    """The new object ``before`` becomes when it moves (see ``Tx.move``; ``moment``: the event
    it enters in, see ``Obj.moment``), and how it was turned ("face up", "face down" or
    None)."""
    ctrl = (controller or before.owner) if zone is Zone.BATTLEFIELD or zone is Zone.STACK \
        else None
    if face_up is None:
        face_up = before.face_up or before.zone is Zone.BATTLEFIELD or zone is Zone.EXILE
    after = before.entering(game, zone, order, ctrl, face_up,
                            before.targets if zone is Zone.STACK else (),
                            before.game if game is None else None, moment)
    if face_up and before.printed is not None:
        after = after.moved(**dict(zip(("types", "power", "toughness"), before.printed,
                                       strict=True)), printed=None, face_down_by=None)
    if fields:
        after = after.moved(**fields)
    if after.face_up == before.face_up:
        return after, None
    return after, "face up" if after.face_up else "face down"


def loc_of(obj: Obj) -> Loc:
    """The place an object is in."""
    if obj.game is None or obj.zone is None:
        return _OUTSIDE
    return _loc(obj.game, obj.zone, obj.owner if obj.zone in PER_PLAYER else None)


_OUTSIDE = Loc(None, "outside")


@lru_cache(maxsize=4096)
def _loc(game: int, zone: Zone, player: str | None) -> Loc:
    return Loc(game, zone.value, player)



def fresh_id(base: str, taken: Container[str]) -> str:
    """``base``, or when it is ``taken`` the first of ``base-2``, ``base-3``, ... that is not: the
    id an object made from ``base`` gets (the game's objects, or a scenario's declared ids)."""
    if base not in taken:
        return base
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"

class Tx:
    """A working world plus the steps recorded so far for one request."""

    def __init__(self, world: World, edition: Edition, rng: random.Random, first_index: int,
                 observers: tuple[Observer, ...] = (),
                 replacements: tuple[Replacement, ...] = ()):
        self._world = world
        self.edition = edition
        self.rng = rng
        self.steps: list[Step] = []
        self.action = ""
        self._index = first_index
        self._open: tuple[str, str, str] | None = None
        self._changes: list[Change] = []
        self.observers = observers
        self.replacements = replacements
        self._held_orphans: list[str] | None = None
        self._asked: tuple[str, str | None] | None = None
        self._resumed = False
        self._affecting: tuple[int, str, str, int] | None = None
        self._observing = 0
        self._moment: int | None = None

    # -- steps -----------------------------------------------------------------------------
    def step(self, rule: str, match: str | None = None) -> None:
        """Close the open step and open one citing ``rule`` (the sentence containing ``match``)."""
        self.close()
        cite = self.edition.cite(rule, match)
        self._open = (cite.rule, cite.text, cite.paragraph)
        self._asked = (rule, match)
        self._resumed = False

    @property
    def rule(self) -> str | None:
        """The rule the open step cites (None when no step is open)."""
        return self._open[0] if self._open else None

    @contextmanager
    def aside(self, rule: str, match: str | None = None, *,
              resume: bool = True) -> Iterator[None]:
        """Step aside from the open step: record it as it is, open a step citing ``rule`` (the
        sentence containing ``match``) for what happens in the ``with`` block (which may open
        further steps), then record the block's last step and reopen the interrupted step, so
        that what comes after the block goes on under the interrupted step's citation (a new
        entry in the trace with the same rule and text; none when nothing comes after).

        Used where one rule acts in the middle of another's step: a 610.3 return made while
        CR 800.4a takes a player's objects out of the game one by one. With ``resume`` false,
        or when no step was open, nothing is reopened and the block's last step stays open.
        If the block raises, nothing is reopened (the request fails and the transaction is
        discarded).
        """
        interrupted = self._asked if resume and self._open is not None else None
        self.step(rule, match)
        yield
        if interrupted is not None:
            self.step(*interrupted)
            self._resumed = True

    def close(self) -> None:
        """Record the open step with the world as it is now."""
        if self._open is None:
            return
        if self._resumed and not self._changes:  # nothing came after the aside
            self._open = None
            return
        rule, text, paragraph = self._open
        self.steps.append(Step(self._index, rule, self.edition.number, text, paragraph,
                               tuple(self._changes), self.world, self.action))
        self._index += 1
        self._open = None
        self._changes = []

    def record(self, change: Change) -> bool:
        """Make a change to the working world and add it to the open step (a change outside a
        step is a programming error). False when a rule stopped it (``affecting``): then nothing
        changed."""
        if self._open is None:
            raise AssertionError(f"change recorded outside a step: {change!r}")
        if self._affecting is not None and isinstance(change, _AFFECTS) \
                and self._stopped(change):
            return False
        self._world = change.apply(self._world)
        self._changes.append(change)
        return True

    @contextmanager
    def affecting(self, gid: int, controller: str | None, source: str) -> Iterator[None]:
        """Within the block, the spell or ability ``source`` (its label), controlled by
        ``controller``, follows its instructions in game ``gid``: each change it makes to a
        player's life or counters, an object's counters, damage or tapped status, or an object's
        place within game ``gid`` is first offered to the ``affects`` hook (CR 801.10), which
        may stop it. What rules do meanwhile (in a hook's handlers, or watching a move) is not
        the spell's effect and is not offered."""
        saved = self._affecting
        self._affecting = None if controller is None else (gid, controller, source,
                                                             hooks.depth(self))
        try:
            yield
        finally:
            self._affecting = saved

    def _stopped(self, change: Change) -> bool:
        gid, controller, source, depth = self._affecting
        if self._observing or hooks.depth(self) != depth:
            return False
        if isinstance(change, Life | Counters):
            if change.game != gid or getattr(change, "starting", False):
                return False
        elif isinstance(change, ObjCounters | Damage | Tap):
            obj = self._world.objects.get(change.obj)
            if obj is None or obj.game != gid:
                return False
        elif isinstance(change, Move):
            before = self._world.objects.get(change.obj)
            if before is None or before.game != gid or change.after is None \
                    or change.after.game != gid:
                return False
        return hooks.emit_any("affects", self, gid, controller, source, change)

    def note(self, text: str) -> None:
        """Add a note to the open step."""
        self.record(Note(text))

    # -- reading ---------------------------------------------------------------------------
    @property
    def world(self) -> World:
        """The working world as it is now (read-only: only ``record`` writes it)."""
        return self._world

    def obj(self, oid: str) -> Obj:
        """The object with this id (it must exist)."""
        o = self.world.objects.get(oid)
        if o is None:
            raise RulesError("109.1", f"there is no object {oid!r}", subject=oid)
        return o

    def game(self, gid: int | None = None) -> GameState:
        """A game of the tree (the game in progress by default)."""
        return self.world.games[self.world.current if gid is None else gid]

    def next_order(self, *, top: bool = True) -> int:
        """A fresh position, above (top) or below everything; the change that uses it makes
        it taken."""
        seq = self.world.seq + 1
        return seq if top else -seq

    def fresh_id(self, base: str) -> str:
        """An id not used by any object, derived from ``base`` (``fresh_id``)."""
        return fresh_id(base, self.world.objects)

    # -- objects -----------------------------------------------------------------------------
    @contextmanager
    def at_once(self) -> Iterator[int]:
        """The moves, creations and ``move_all`` calls inside the ``with`` block are one event
        of the rules: every object they put into a zone gets the same ``Obj.moment`` (yielded),
        while each keeps its own ``order`` (the timestamp order the rules let the players
        choose, CR 613.7m). Used where the rules make several things happen at the same time
        but the trace lists them one by one: a player's objects leaving the game (CR 800.4a),
        the 610.3 returns made after one event (CR 610.3d). A block inside a block is part of
        the outer event."""
        if self._moment is not None:
            yield self._moment
            return
        self._moment = self.world.seq + 1
        try:
            yield self._moment
        finally:
            self._moment = None

    @property
    def moment(self) -> int | None:
        """The event the ``at_once`` block now open stands for (None: no block is open)."""
        return self._moment

    @contextmanager
    def holding_orphans(self) -> Iterator[list[str]]:
        """Inside the ``with`` block (CR 800.4a's first stage: a player's objects leave the
        game one by one), a control effect that ends because its source left the battlefield
        does not exile at once what it leaves to a player who has left
        (``magicsub.engine.effects.exile_orphans``): ``hold_orphans`` adds those objects' ids
        to the yielded list, for the caller to exile when the stage is over."""
        saved, self._held_orphans = self._held_orphans, []
        try:
            yield self._held_orphans
        finally:
            self._held_orphans = saved

    @property
    def orphans_held(self) -> bool:
        """True inside a ``holding_orphans`` block (a player's objects are leaving the game)."""
        return self._held_orphans is not None

    def hold_orphans(self, ids: Sequence[str]) -> bool:
        """Add ``ids`` to the open ``holding_orphans`` block's list; False (nothing held) when
        no block is open."""
        if self._held_orphans is None:
            return False
        self._held_orphans.extend(ids)
        return True

    def move(self, oid: str, game: int | None, zone: Zone | None, *, top: bool = True,
             controller: str | None = None, face_up: bool | None = None, **fields) -> Obj:
        """Move an object to a zone of a game (``game=None``: outside every game). It becomes a
        new object (CR 400.7): untapped, undamaged, unattached, with no controller outside the
        battlefield and the stack. A face-down permanent leaving the battlefield is turned face
        up (CR 708.9), and a card put into exile is face up (CR 406.3) unless ``face_up`` says
        otherwise. ``fields`` set other attributes of the new object (targets, attachment).
        A replacement effect (``replacements``) may put it elsewhere instead: then it returns
        the object where that put it. Return the new object (the object unmoved when a rule
        stopped the move, ``affecting``)."""
        before = self.obj(oid)
        if self.replacements and self._replaced((before,), game, zone):
            return self.obj(oid)
        after, turned = _becomes(before, game, zone, self.next_order(top=top), controller,
                                 face_up, fields, self._moment)
        if not self.record(Move(oid, before.name, loc_of(before), loc_of(after), turned, after)):
            return before
        self._say_turned(before, after, turned)
        self._observe(((before, after),))
        return after

    def move_all(self, player: str | None, ids: Sequence[str], game: int | None,
                 zone: Zone | None,
                 *, shuffle: bool = False, deck: str | None = None,
                 face_up: bool | None = None, **fields) -> list[Obj]:
        """Move ``player``'s cards ``ids`` together to one zone of a game, as the rules move a
        whole zone (CR 726.2, 726.5), in one ``MoveAll`` change: each card as ``move`` would
        move it, in the order given (each on top of the one before). With ``shuffle``, then
        shuffle ``player``'s library there (or, with ``deck``, that supplementary deck in the
        command zone), exactly as ``shuffle`` would. ``face_up`` and ``fields`` are as in
        ``move``. The cards move in one event: they share one ``Obj.moment``. Return the moved
        cards as they are now (a replacement effect may first put some elsewhere instead: they
        are not moved here, nor returned).

        Every card must go to the same place (``player``'s zone when it is a library, hand or
        graveyard): a programming error (AssertionError) otherwise. ``player`` may be None
        (cards of several owners) only for a shared zone or outside every game, unshuffled.
        """
        if not ids:
            if shuffle:
                self.shuffle(game, player, zone, deck)
            return []
        world = self.world
        befores = [world.objects.get(oid) for oid in ids]
        if None in befores:
            self.obj(ids[befores.index(None)])  # raises: there is no such object
        if self.replacements:
            diverted = self._replaced(befores, game, zone)
            if diverted:
                befores = [b for b in befores if b.id not in diverted]
                ids = [b.id for b in befores]
                if not ids:
                    if shuffle:
                        self.shuffle(game, player, zone, deck)
                    return []
                world = self.world
        per_player = zone in PER_PLAYER
        if (player is None and (shuffle or per_player)) or not fields.keys().isdisjoint(
                ("game", "zone", "owner", "order")) or (
                per_player and {b.owner for b in befores} != {player}):
            raise AssertionError(f"move_all: the cards {list(ids)} do not all go to {player}'s "
                                 f"{zone} ({fields})")
        seq = world.seq
        moment = seq + 1 if self._moment is None else self._moment
        orders: Sequence[int] = range(seq + 1, seq + len(befores) + 1)
        taken = set(ids)
        stay = [o for o in self._shuffled(world, game, player, zone, deck)
                if o.id not in taken] if shuffle else []
        mixed: list[Obj] = []
        if shuffle and zone is Zone.LIBRARY and all(-seq <= o.order <= seq for o in stay):
            # every moved card joins the library above the cards already there (``timestamp``
            # order): the shuffle's order is known before the cards move
            orders = [o.order for o in stay] + list(orders)
            self.rng.shuffle(orders)
            mixed = [o.moved(order=order) for o, order in zip(stay, orders, strict=False)]
            orders = orders[len(stay):]
        battlefield = Zone.BATTLEFIELD
        if face_up is None and not fields and zone not in _TAKEN_CONTROL_OR_FACE_UP and all(
                b.printed is None for b in befores):
            # ``_becomes`` for the common case, inline: a zone with no controller, where a card
            # stays face down unless it leaves the battlefield (CR 708.9)
            moved = [b.entering(game, zone, order, None, b.face_up or b.zone is battlefield, (),
                                b.game if game is None else None, moment)
                     for b, order in zip(befores, orders, strict=True)]
            turned = [(i, "face up") for i, b in enumerate(befores)
                      if not b.face_up and b.zone is battlefield]
        else:
            made = [_becomes(b, game, zone, order, None, face_up, fields, moment)
                    for b, order in zip(befores, orders, strict=True)]
            moved = [after for after, _ in made]
            turned = [(i, how) for i, (_, how) in enumerate(made) if how]
        if shuffle and zone is not Zone.LIBRARY:
            pool = stay + [o for o in moved if _in_deck(o, player, zone, deck)]
            pool.sort(key=timestamp)
            orders = [o.order for o in pool]
            self.rng.shuffle(orders)
            new = {o.id: o.moved(order=order) for o, order in zip(pool, orders, strict=True)}
            moved = [new.get(o.id, o) for o in moved]
            mixed = [o for oid, o in new.items() if oid not in taken]
        placed = [befores[i] for _, _, i in sorted(
            [(after.order, after.id, i) for i, after in enumerate(moved)])]
        places: dict[tuple, Loc] = {}
        srcs = tuple([places.get((b.game, b.zone, b.owner)) or places.setdefault(
            (b.game, b.zone, b.owner), loc_of(b)) for b in placed])
        self.record(MoveAll(player, loc_of(moved[0]), tuple([b.id for b in placed]),
                            tuple([b.name for b in placed]), srcs, shuffle,
                            _pile(zone, deck),
                            tuple((befores[i].id, how) for i, how in turned),
                            (*moved, *mixed)))
        for i, how in turned:
            self._say_turned(befores[i], moved[i], how)
        self._observe(tuple(zip(befores, moved, strict=True)))
        return moved

    def _replaced(self, befores: Sequence[Obj], game: int | None,
                  zone: Zone | None) -> frozenset[str]:
        """The ids of ``befores`` that the replacement effects put elsewhere instead of moving
        them to ``zone`` of ``game`` (each effect sees the objects the ones before left)."""
        taken: frozenset[str] = frozenset()
        for replace in self.replacements:
            left = [b for b in befores if b.id not in taken]
            if not left:
                break
            taken |= replace(self, left, game, zone)
        return taken

    def _say_turned(self, before: Obj, after: Obj, turned: str | None) -> None:
        if turned == "face up" and before.zone is Zone.BATTLEFIELD:
            self.note(f"CR 708.9: {before.owner} reveals {after.name} to all players as it leaves "
                      "the battlefield face down.")
        elif turned == "face up" and after.zone is Zone.EXILE:
            self.note(f"CR 406.3: exiled cards are kept face up: {after.name} is face up.")

    def _observe(self, moves: tuple[tuple[Obj | None, Obj | None], ...]) -> None:
        self._observing += 1
        try:
            for observe in self.observers:
                observe(self, moves)
        finally:
            self._observing -= 1

    @staticmethod
    def _shuffled(world: World, gid: int, player: str, zone: Zone,
                  deck: str | None) -> list[Obj]:
        """The cards a shuffle of ``player``'s library (or ``deck``) in game ``gid`` puts in a
        random order, in their order before it."""
        if zone is Zone.LIBRARY:
            return world.in_zone(gid, Zone.LIBRARY, player)
        return [o for o in world.in_zone(gid, zone) if _in_deck(o, player, zone, deck)]

    def create(self, obj: Obj, what: str) -> Obj:
        """Bring a token, copy or ability into existence where ``obj`` says."""
        order = self.next_order()
        created = obj.moved(order=order, moment=order if self._moment is None else self._moment)
        self.record(Create(obj.id, obj.name, loc_of(obj), what, created))
        self._observe(((None, created),))
        return created

    def cease(self, oid: str) -> None:
        """An object ceases to exist. A physical card cannot: it goes outside the game."""
        before = self.obj(oid)
        if before.kind is Kind.CARD:
            self.move(oid, None, None)
            return
        self.record(Cease(oid, before.name, loc_of(before)))
        self._observe(((before, None),))

    def set_controller(self, oid: str, new: str | None) -> None:
        """Record an object's new controller (after control effects)."""
        o = self.obj(oid)
        if o.controller != new:
            self.record(Control(oid, o.name, o.controller, new))

    def tap(self, oid: str, tapped: bool = True) -> None:
        """Tap (or untap) a permanent."""
        o = self.obj(oid)
        if o.tapped != tapped:
            self.record(Tap(oid, o.name, tapped))

    def set_damage(self, oid: str, damage: int) -> None:
        """Set the damage marked on a permanent."""
        o = self.obj(oid)
        if o.damage != damage:
            self.record(Damage(oid, o.name, o.damage, damage))

    # -- players -----------------------------------------------------------------------------
    def set_life(self, gid: int, player: str, new: int, *, starting: bool = False) -> None:
        """Set a player's life total in a game (``starting``: the game's starting life total,
        CR 103.4). In a game with teams each teammate's seat shows the team's shared life total
        (CR 810.4): the gain or loss happens to ``player`` and its result is applied to the team's
        total (CR 810.9, 810.9c), so every teammate's seat changes by the same amount."""
        game = self.world.games[gid]
        old = game.seat(player).life
        if old == new:
            return
        self.record(Life(gid, player, old, new, starting))
        for mate in game.team_of(player):
            if mate != player and not starting:
                was = game.seat(mate).life
                self.record(Life(gid, mate, was, was + new - old, shared=True))

    def add_counters(self, gid: int, player: str, counter: str, amount: int) -> None:
        """Give (or remove, when negative) a player counters of one kind in a game."""
        old = self.world.games[gid].seat(player).counters.get(counter, 0)
        self.record(Counters(gid, player, counter, old, max(0, old + amount)))

    def clear_counters(self, gid: int, player: str) -> None:
        """A player's counters in a game cease to exist (CR 726.4b)."""
        for counter, old in sorted(self.world.games[gid].seat(player).counters.items()):
            self.record(Counters(gid, player, counter, old, 0))

    def player_event(self, gid: int, player: str, status: str, *, lki: object = None,
                     **seat) -> None:
        """Record a player winning, losing, leaving (``in_game=False``) or taking a mulligan in
        a game, with the seat fields that change (``in_game``, ``result``, ``mulligans``)."""
        self.record(PlayerChange(gid, player, status, tuple(sorted(seat.items())), lki))

    # -- turns and priority --------------------------------------------------------------------
    def set_priority(self, gid: int, player: str | None, *, keep_passes: bool = False) -> None:
        """Give priority to a player (None: nobody). Resets passes unless ``keep_passes``."""
        game = self.world.games[gid]
        passed = game.passed if keep_passes else ()
        if game.priority != player or passed != game.passed:
            self.record(Priority(gid, game.priority, player, passed))

    def pass_priority(self, gid: int, player: str) -> None:
        """``player`` passes priority (CR 117.3d)."""
        self.record(Pass(gid, player, self.world.games[gid].passed + (player,)))

    def forget_passes(self, gid: int, player: str) -> None:
        """A player who has left no longer counts among those who passed."""
        passed = self.world.games[gid].passed
        if player in passed:
            self.record(Pass(gid, player, tuple(p for p in passed if p != player)))

    def set_turn(self, gid: int, *, turn: int | None = None, active: str | None | type = ...,
                 step: str | None = None, turn_of: str | None | type = ...) -> None:
        """Change the turn number, the active player or the step."""
        game = self.world.games[gid]
        self.record(Turn(gid, game.turn if turn is None else turn,
                         game.active if active is ... else active,
                         game.step if step is None else step,
                         game.turn_of if turn_of is ... else turn_of))

    def fact(self, gid: int, what: str, value: object, text: str) -> None:
        """Set a fact of a game (``first``, ``planar_controller``, ``resolving``,
        ``drew_empty``, ``attacks``), saying it in ``text``."""
        self.record(GameFact(gid, what, text, value))

    def shuffle(self, gid: int, player: str, zone: Zone = Zone.LIBRARY,
                deck: str | None = None) -> None:
        """Shuffle a player's library (or one supplementary deck in the command zone)."""
        cards = self._shuffled(self.world, gid, player, zone, deck)
        orders = [o.order for o in cards]
        self.rng.shuffle(orders)
        self.record(Shuffle(gid, player, _pile(zone, deck),
                            tuple((o.id, order) for o, order in zip(cards, orders, strict=True))))

    # -- triggers, effects, games ----------------------------------------------------------------
    def trigger_event(self, gid: int, trigger: str, text: str, status: str,
                      op: str | None = None, pending: PendingTrigger | None = None) -> None:
        """Record what happened to a triggered ability (``op``: see ``changes.Trigger``)."""
        self.record(Trigger(gid, trigger, text, status, op, pending))

    def delayed_event(self, trigger: str, text: str, status: str, delayed: object = None) -> None:
        """A delayed triggered ability is created (``delayed`` given) or leaves its list."""
        self.record(Delayed(trigger, text, status, delayed))

    def effect_event(self, effect: Effect, text: str, status: str, op: str | None) -> None:
        """A continuous effect begins (``op="begin"``), ends (``"end"``) or does nothing."""
        self.record(EffectChange(effect.id, text, status, op, effect))

    def game_event(self, gid: int, status: str, detail: str = "", **how) -> None:
        """Record a game being created, discontinued, resumed or ended (``how``: see
        ``changes.GameChange``)."""
        self.record(GameChange(gid, status, detail, **how))
