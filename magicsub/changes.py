"""The typed changes a step records (DESIGN.md section 4), each able to apply itself to a world.

A change is the only way the engine writes state: ``Tx`` builds a change, applies it to its working
world and records it. So replaying a step's changes on the world before the step gives the world
after it, and a reader of the trace sees everything that happened. ``words()`` says a change in
plain English; fields marked ``repr=False`` carry what replaying needs but a reader does not.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .state import step_label

if TYPE_CHECKING:
    from .objects import Obj
    from .state import World


def game_label(game: int | None) -> str:
    """``"main game"`` for game 0, ``"subgame 1"`` for game 1, and so on."""
    if game is None:
        return "outside"
    return "main game" if game == 0 else f"subgame {game}"


def _hidden(default: Any = None) -> Any:
    return field(default=default, repr=False, compare=False)


def _set_obj(world: World, obj: Obj) -> World:
    return replace(world, objects=world.objects.set(obj.id, obj),
                   seq=max(world.seq, abs(obj.order)))


def _obj(world: World, oid: str, **fields) -> World:
    return replace(world, objects=world.objects.set(oid, world.objects[oid].moved(**fields)))


def _game(world: World, gid: int, **fields) -> World:
    return replace(world, games=world.games.set(gid, replace(world.games[gid], **fields)))


def _seat(world: World, gid: int, player: str, **fields) -> World:
    return replace(world, games=world.games.set(gid, world.games[gid].with_seat(player, **fields)))


@dataclass(frozen=True, slots=True)
class Loc:
    """A place: a zone of one game (with its player for library, hand, graveyard), or outside."""

    game: int | None
    zone: str
    player: str | None = None

    def __str__(self) -> str:
        if self.game is None:
            return "outside the game"
        who = f"{self.player}'s " if self.player else ""
        return f"{who}{self.zone} ({game_label(self.game)})"


class Change:
    """Base of the typed changes a step makes."""

    __slots__ = ()
    kind = "change"

    def words(self) -> str:  # pragma: no cover - every subclass overrides
        """The change in words."""
        raise NotImplementedError

    def apply(self, world: World) -> World:
        """The world with this change made (a note changes nothing)."""
        return world


@dataclass(frozen=True, slots=True)
class Move(Change):
    """An object moved from one place to another (possibly between games)."""

    obj: str
    name: str
    src: Loc
    dst: Loc
    turned: str | None = None
    after: Obj | None = _hidden()
    kind = "move"

    def words(self) -> str:
        """The change in words."""
        extra = f", turned {self.turned}" if self.turned else ""
        if self.after is not None and self.after.attached_to:
            extra += f", attached to {self.after.attached_to}"
        if self.after is not None and self.after.targets and self.dst.zone == "stack":
            extra += f", targeting {', '.join(self.after.targets)}"
        return f"{self.name} moves from {self.src} to {self.dst}{extra}"

    def apply(self, world: World) -> World:
        """Put the object, as it is after the move, in its new place."""
        return _set_obj(world, self.after)


@dataclass(frozen=True, slots=True)
class Create(Change):
    """A token, a copy of a spell, or an ability came into existence."""

    obj: str
    name: str
    dst: Loc
    what: str = "token"
    after: Obj | None = _hidden()
    kind = "create"

    def words(self) -> str:
        """The change in words."""
        return f"{self.name} ({self.what}) is created in {self.dst}"

    def apply(self, world: World) -> World:
        """Add the new object."""
        return _set_obj(world, self.after)


@dataclass(frozen=True, slots=True)
class Cease(Change):
    """An object ceased to exist (a token, a copy, an ability, anything of a subgame)."""

    obj: str
    name: str
    src: Loc
    kind = "cease"

    def words(self) -> str:
        """The change in words."""
        return f"{self.name} ceases to exist (was in {self.src})"

    def apply(self, world: World) -> World:
        """Remove the object."""
        return replace(world, objects=world.objects.delete(self.obj))


@dataclass(frozen=True, slots=True)
class Control(Change):
    """An object's controller changed."""

    obj: str
    name: str
    old: str | None
    new: str | None
    kind = "control"

    def words(self) -> str:
        """The change in words."""
        if self.old is None:
            return f"{self.new} controls {self.name}"
        if self.new is None:
            return f"{self.name} has no controller now"
        return f"{self.name}: control passes from {self.old} to {self.new}"

    def apply(self, world: World) -> World:
        """Set the controller."""
        return _obj(world, self.obj, controller=self.new)


@dataclass(frozen=True, slots=True)
class Tap(Change):
    """A permanent became tapped or untapped."""

    obj: str
    name: str
    tapped: bool
    kind = "tap"

    def words(self) -> str:
        """The change in words."""
        return f"{self.name} becomes {'tapped' if self.tapped else 'untapped'}"

    def apply(self, world: World) -> World:
        """Tap or untap the permanent."""
        return _obj(world, self.obj, tapped=self.tapped)


@dataclass(frozen=True, slots=True)
class Status(Change):
    """A permanent's status changed without a zone change: it phased out or in (CR 702.26b-c)
    or was turned face down or face up (CR 708)."""

    obj: str
    name: str
    status: str
    after: Obj | None = _hidden()
    kind = "status"

    def words(self) -> str:
        """The change in words."""
        return f"{self.name} {self.status}"

    def apply(self, world: World) -> World:
        """Put the object, with its new status, in place (same zone, same order)."""
        return replace(world, objects=world.objects.set(self.obj, self.after))


@dataclass(frozen=True, slots=True)
class Damage(Change):
    """The damage marked on a permanent changed (CR 514.2 removes it)."""

    obj: str
    name: str
    old: int
    new: int
    kind = "damage"

    def words(self) -> str:
        """The change in words."""
        if self.new == 0:
            return f"the damage marked on {self.name} is removed ({self.old} → 0)"
        return f"{self.name} has {self.new} damage marked on it ({self.old} → {self.new})"

    def apply(self, world: World) -> World:
        """Set the damage."""
        return _obj(world, self.obj, damage=self.new)


@dataclass(frozen=True, slots=True)
class Life(Change):
    """A player's life total in one game changed."""

    game: int
    player: str
    old: int
    new: int
    starting: bool = False
    kind = "life"

    def words(self) -> str:
        """The change in words."""
        if self.starting:
            return (f"{self.player}'s starting life total in the {game_label(self.game)} is "
                    f"{self.new} instead of {self.old}")
        verb = "gains" if self.new > self.old else "loses"
        return (f"{self.player} {verb} {abs(self.new - self.old)} life in the "
                f"{game_label(self.game)} ({self.old} → {self.new})")

    def apply(self, world: World) -> World:
        """Set the life total."""
        return _seat(world, self.game, self.player, life=self.new)


@dataclass(frozen=True, slots=True)
class Counters(Change):
    """A player's counters of one kind in one game changed (CR 726.4b: per game)."""

    game: int
    player: str
    counter: str
    old: int
    new: int
    kind = "counters"

    def words(self) -> str:
        """The change in words."""
        return (f"{self.player}'s {self.counter} counters in the {game_label(self.game)}: "
                f"{self.old} → {self.new}")

    def apply(self, world: World) -> World:
        """Set the number of counters (none: the kind is gone)."""
        counters = world.games[self.game].seat(self.player).counters
        counters = counters.set(self.counter, self.new) if self.new else (
            counters.delete(self.counter) if self.counter in counters else counters)
        return _seat(world, self.game, self.player, counters=counters)


@dataclass(frozen=True, slots=True)
class Priority(Change):
    """Priority passed (or no one has it: ``new`` is None)."""

    game: int
    old: str | None
    new: str | None
    passed: tuple[str, ...] = _hidden(())
    kind = "priority"

    def words(self) -> str:
        """The change in words."""
        if self.new is None:
            return f"no player has priority in the {game_label(self.game)}"
        return f"{self.new} receives priority in the {game_label(self.game)}"

    def apply(self, world: World) -> World:
        """Set the priority holder and who has passed since."""
        return _game(world, self.game, priority=self.new, passed=self.passed)


@dataclass(frozen=True, slots=True)
class Pass(Change):
    """A player passed priority (CR 117.3d); ``passed`` is who has passed in succession."""

    game: int
    player: str
    passed: tuple[str, ...] = _hidden(())
    kind = "pass"

    def words(self) -> str:
        """The change in words."""
        return f"{self.player} passes priority in the {game_label(self.game)}"

    def apply(self, world: World) -> World:
        """Remember who has passed in succession."""
        return _game(world, self.game, passed=self.passed)


@dataclass(frozen=True, slots=True)
class Turn(Change):
    """The turn, its active player or its step changed."""

    game: int
    turn: int
    active: str | None
    step: str
    turn_of: str | None = _hidden()
    kind = "turn"

    def words(self) -> str:
        """The change in words."""
        if self.step == "pregame":
            return f"{game_label(self.game)}: the game is starting; no turn has begun"
        who = self.active if self.active else "no active player"
        return f"{game_label(self.game)}: turn {self.turn} ({who}), {step_label(self.step)}"

    def apply(self, world: World) -> World:
        """Set turn, active player, whose turn it is, and step."""
        return _game(world, self.game, turn=self.turn, active=self.active, step=self.step,
                     turn_of=self.turn_of)


@dataclass(frozen=True, slots=True)
class Shuffle(Change):
    """A library or supplementary deck was shuffled."""

    game: int
    player: str
    what: str = "library"
    orders: tuple[tuple[str, int], ...] = _hidden(())
    kind = "shuffle"

    def words(self) -> str:
        """The change in words."""
        return f"{self.player} shuffles their {self.what} ({game_label(self.game)})"

    def apply(self, world: World) -> World:
        """Put the cards in their new order."""
        objects = world.objects
        with objects.mutate() as batch:
            for oid, order in self.orders:
                batch[oid] = objects[oid].moved(order=order)
            objects = batch.finish()
        return replace(world, objects=objects)


@dataclass(frozen=True, slots=True)
class Trigger(Change):
    """A triggered ability triggered, was held, released, or removed without going on the stack.

    ``op`` is ``"pending"`` (waits to be put on the stack), ``"held"`` (waits for its game to
    resume, CR 726.4a), ``"release"`` (held -> pending) or ``"remove"`` (leaves the waiting list).
    """

    game: int
    trigger: str
    text: str
    status: str
    op: str | None = _hidden()
    pending: Any = _hidden()
    kind = "trigger"

    def words(self) -> str:
        """The change in words."""
        return f"{self.text}: {self.status} ({game_label(self.game)})"

    def apply(self, world: World) -> World:
        """Add the trigger to, or take it from, its game's waiting lists."""
        g = world.games[self.game]
        keep = lambda ts: tuple(t for t in ts if t.id != self.trigger)  # noqa: E731
        if self.op == "pending":
            return _game(world, self.game, pending=g.pending + (self.pending,))
        if self.op == "held":
            return _game(world, self.game, held=g.held + (self.pending,))
        if self.op == "release":
            moved = tuple(t for t in g.held if t.id == self.trigger)
            return _game(world, self.game, held=keep(g.held), pending=g.pending + moved)
        if self.op == "remove":
            return _game(world, self.game, pending=keep(g.pending), held=keep(g.held))
        return world


@dataclass(frozen=True, slots=True)
class Delayed(Change):
    """A delayed triggered ability was created, or left its waiting list (it triggered, or its
    game ended)."""

    trigger: str
    text: str
    status: str
    delayed: Any = _hidden()
    kind = "delayed"

    def words(self) -> str:
        """The change in words."""
        return f"{self.text}: {self.status}"

    def apply(self, world: World) -> World:
        """Add (``delayed`` given) or remove the delayed trigger."""
        if self.delayed is not None:
            return replace(world, delayed=world.delayed.set(self.trigger, self.delayed))
        return replace(world, delayed=world.delayed.delete(self.trigger))


@dataclass(frozen=True, slots=True)
class GameChange(Change):
    """A game was created, discontinued, resumed or ended; its zones created or destroyed.

    ``op``: ``"create"`` (``state`` is the new game), ``"discontinue"`` (``current`` is the game
    now in progress), ``"resume"``, ``"end"`` (``winner``, ``result``; ``current``: the game
    now in progress when a subgame is over with its main game, ``leaving.games_over_with``) or
    None (nothing to write).
    """

    game: int
    status: str
    detail: str = ""
    op: str | None = _hidden()
    state: Any = _hidden()
    current: int | None = _hidden()
    winner: str | None = _hidden()
    result: str | None = _hidden()
    kind = "game"

    def words(self) -> str:
        """The change in words."""
        extra = f": {self.detail}" if self.detail else ""
        return f"{game_label(self.game)} {self.status}{extra}"

    def apply(self, world: World) -> World:
        """Create, discontinue, resume or end the game."""
        if self.op == "create":
            return replace(world, games=world.games.set(self.game, self.state))
        if self.op == "discontinue":
            world = _game(world, self.game, status="discontinued")
            return replace(world, current=self.current)
        if self.op == "resume":
            world = _game(world, self.game, status="in progress")
            return replace(world, current=self.game)
        if self.op == "end":
            world = _game(world, self.game, status="ended", winner=self.winner,
                          result=self.result)
            return world if self.current is None else replace(world, current=self.current)
        return world


@dataclass(frozen=True, slots=True)
class GameFact(Change):
    """A fact about one game was set: its starting player, planar controller, the spell that is
    resolving, a draw from an empty library (CR 704.5b), or its attacks (CR 508.1)."""

    game: int
    what: str
    text: str
    value: Any = _hidden()
    kind = "game"

    def words(self) -> str:
        """The change in words."""
        return self.text

    def apply(self, world: World) -> World:
        """Set the field ``what`` of the game to ``value``."""
        return _game(world, self.game, **{self.what: self.value})


@dataclass(frozen=True, slots=True)
class PlayerChange(Change):
    """A player won, lost, drew or left a game, or took a mulligan."""

    game: int
    player: str
    status: str
    seat: tuple[tuple[str, Any], ...] = _hidden(())
    lki: Any = _hidden()
    kind = "player"

    def words(self) -> str:
        """The change in words."""
        return f"{self.player} {self.status} the {game_label(self.game)}"

    def apply(self, world: World) -> World:
        """Set the player's standing in the game (and remember what they were, CR 800.4i)."""
        if self.seat:
            world = _seat(world, self.game, self.player, **dict(self.seat))
        if self.lki is not None:
            world = replace(world, lki=world.lki.set((self.game, self.player), self.lki))
        return world


def _begin_or_end(world: World, table: str, key: str, op: str | None, value: Any) -> World:
    """Add (``op="begin"``) or remove (``op="end"``) one continuous effect record of the
    world's ``table`` (``effects`` or ``modifiers``); any other ``op`` changes nothing."""
    records = getattr(world, table)
    if op == "begin":
        return replace(world, **{table: records.set(key, value)},
                       seq=max(world.seq, value.order))
    if op == "end":
        return replace(world, **{table: records.delete(key)})
    return world


@dataclass(frozen=True, slots=True)
class EffectChange(Change):
    """A continuous effect began, ended, or did nothing."""

    effect: str
    text: str
    status: str
    op: str | None = _hidden()
    value: Any = _hidden()
    kind = "effect"

    def words(self) -> str:
        """The change in words."""
        return f"{self.text}: {self.status}"

    def apply(self, world: World) -> World:
        """Start (``op="begin"``) or end (``op="end"``) the effect."""
        return _begin_or_end(world, "effects", self.effect, self.op, self.value)


@dataclass(frozen=True, slots=True)
class ObjCounters(Change):
    """The counters of one kind on a permanent changed (CR 122.1)."""

    obj: str
    name: str
    counter: str
    old: int
    new: int
    kind = "obj_counters"

    def words(self) -> str:
        """The change in words."""
        return f"{self.counter} counters on {self.name}: {self.old} → {self.new}"

    def apply(self, world: World) -> World:
        """Set the number of counters of that kind on the object (none: the kind is gone)."""
        counters = dict(world.objects[self.obj].counters)
        counters.pop(self.counter, None)
        if self.new:
            counters[self.counter] = self.new
        return _obj(world, self.obj, counters=tuple(sorted(counters.items())))


@dataclass(frozen=True, slots=True)
class Activated(Change):
    """A loyalty ability of a permanent was activated this turn (CR 606.3)."""

    obj: str
    name: str
    game: int
    turn: int
    kind = "activated"

    def words(self) -> str:
        """The change in words."""
        return f"a loyalty ability of {self.name} has been activated this turn"

    def apply(self, world: World) -> World:
        """Remember the turn."""
        return _obj(world, self.obj, activated=(self.game, self.turn))


@dataclass(frozen=True, slots=True)
class ModifierChange(Change):
    """A power/toughness-changing effect of a resolved spell or ability began or ended
    (CR 611.2a, 613.4c)."""

    modifier: str
    text: str
    status: str
    op: str | None = _hidden()
    value: Any = _hidden()
    kind = "modifier"

    def words(self) -> str:
        """The change in words."""
        return f"{self.text}: {self.status}"

    def apply(self, world: World) -> World:
        """Start (``op="begin"``) or end (``op="end"``) the effect."""
        return _begin_or_end(world, "modifiers", self.modifier, self.op, self.value)


@dataclass(frozen=True, slots=True)
class Note(Change):
    """A remark the trace makes: where the rules are silent or surprising, or what did not move."""

    text: str
    kind = "note"

    def words(self) -> str:
        """The change in words."""
        return self.text


def replay(world: World, changes) -> World:
    """The world after making ``changes`` one by one, starting from ``world``."""
    for change in changes:
        world = change.apply(world)
    return world
