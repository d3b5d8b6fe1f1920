"""The typed changes a step records (DESIGN.md section 4), each able to apply itself to a world.

A change is the only way the engine writes state: ``Tx`` builds a change, applies it to its working
world and records it. So replaying a step's changes on the world before the step gives the world
after it, and a reader of the trace sees everything that happened. ``words()`` says a change in
plain English; fields marked ``repr=False`` carry what replaying needs but a reader does not.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import groupby
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from .objects import compress_ids, id_key
from .records import as_dataclass
from .state import game_name, step_label
from .zones import ORDER, Zone

if TYPE_CHECKING:
    from .objects import Obj
    from .state import World


ZONE_RANK = {zone.value: i for i, zone in enumerate(ORDER)}


def _hidden(default: Any = None) -> Any:
    return field(default=default, repr=False, compare=False)


def _set_obj(world: World, obj: Obj) -> World:
    return world.with_objects(world.objects.set(obj.id, obj), max(world.seq, abs(obj.order)),
                              ((world.objects.get(obj.id), obj),))


def _obj(world: World, oid: str, **fields) -> World:
    before = world.objects[oid]
    after = before.moved(**fields)
    return world.with_objects(world.objects.set(oid, after), world.seq, ((before, after),))


def _game(world: World, gid: int, **fields) -> World:
    return world.evolve(games=world.games.set(gid, world.games[gid].evolve(**fields)))


def _seat(world: World, gid: int, player: str, **fields) -> World:
    return world.evolve(games=world.games.set(gid, world.games[gid].with_seat(player, **fields)))


class Loc(NamedTuple):
    """A place: a zone of one game (with its player for library, hand, graveyard), or outside.
    An immutable record (a tuple with named fields: cheap to compare and hash)."""

    game: int | None
    zone: str
    player: str | None = None

    def __str__(self) -> str:
        if self.game is None:
            return "outside the game"
        who = f"{self.player}'s " if self.player else ""
        return f"{who}{self.zone} ({game_name(self.game, 'bare')})"


as_dataclass(Loc)


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
class MoveAll(Change):
    """Cards that move together to one place, as the rules move a whole zone (CR 726.2: "takes
    all the cards in their main-game library and moves them to their subgame library"; CR
    726.5: "takes all the cards ... and puts them into their main-game library"), then, when
    ``shuffled``, ``player`` shuffles their ``what`` there (CR 701.20: the library, or a
    supplementary deck in the command zone).

    ``player`` owns the cards (None: cards of several owners going to a shared zone or outside
    every game). ``ids`` are the moved cards in the order they have at ``dst`` afterwards, bottom
    first (after the shuffle when ``shuffled``); ``names`` and ``srcs`` give, in the same order,
    each card's name and where it came from (``cards`` zips the three). ``turned`` names the
    cards turned face up or face down by the move. One change stands for the single moves of
    each card (``singles``) followed by the shuffle.
    """

    player: str | None
    dst: Loc
    ids: tuple[str, ...]
    names: tuple[str, ...]
    srcs: tuple[Loc, ...]
    shuffled: bool = False
    what: str = "library"
    turned: tuple[tuple[str, str], ...] = ()
    after: tuple[Obj, ...] = _hidden(())
    kind = "moves"

    @property
    def cards(self) -> tuple[tuple[str, str, Loc], ...]:
        """Each moved card as ``(id, name, where it came from)``, bottom first at ``dst``."""
        return tuple(zip(self.ids, self.names, self.srcs, strict=True))

    def sources(self) -> list[tuple[Loc, list[tuple[str, str]]]]:
        """Where the cards came from: each place, in the order of the zones (``zones.ORDER``),
        with its cards as ``(id, name)`` in id order (``objects.id_key``)."""
        groups: dict[Loc, list[tuple[str, str]]] = {}
        for oid, name, src in self.cards:
            groups.setdefault(src, []).append((oid, name))
        out = sorted(groups.items(), key=lambda kv: _loc_key(kv[0]))
        for _, cards in out:
            cards.sort(key=lambda card: id_key(card[0]))
        return out

    def singles(self) -> list[Change]:
        """The change as the single moves it stands for (grouped by ``sources``), then the
        shuffle: what views list card by card. They carry no object: replay the ``MoveAll``."""
        turned = dict(self.turned)
        out: list[Change] = [Move(oid, name, src, self.dst, turned.get(oid))
                             for src, cards in self.sources() for oid, name in cards]
        if self.shuffled:
            out.append(Shuffle(self.dst.game, self.player, self.what))
        return out

    def words(self) -> str:
        """The change in words: for each place the cards came from, how many and which ("from
        A to B", as a single move says it), then the shuffle."""
        n = len(self.cards)
        groups = self.sources()
        said = "; ".join(
            f"{'' if len(groups) == 1 else len(cards)} from {src} to {self.dst}: "
            f"{compress_ids([oid for oid, _ in cards])}".lstrip() for src, cards in groups)
        head = f"{n} card{'' if n == 1 else 's'} move{'s' if n == 1 else ''}"
        hows = {how for _, how in self.turned}
        if n > 1 and len(self.turned) == n and len(hows) == 1:
            turned = f"; each is turned {hows.pop()}"
        else:
            turned = "".join(f"; {oid} is turned {how}" for oid, how in self.turned)
        shuffle = (f"; then {self.player} shuffles their {self.what} "
                   f"({game_name(self.dst.game, 'bare')})"
                   if self.shuffled else "")
        return f"{head}{' ' if len(groups) == 1 else ': '}{said}{turned}{shuffle}"

    def apply(self, world: World) -> World:
        """Put every card, as it is after the move (and the shuffle), in its place."""
        after = self.after
        before = world.objects
        objects = before.update(zip(map(_ID, after), after, strict=True))
        seq = max(world.seq, *map(abs, map(_ORDER, after))) if after else world.seq
        gone: dict[Loc, list[str]] = {}
        for src, run in groupby(zip(self.srcs, self.ids, strict=True), key=_FIRST):
            gone.setdefault(src, []).extend(map(_SECOND, run))
        moves = {_place(src): (ids, []) for src, ids in gone.items()}
        moves.setdefault(_place(self.dst), ([], []))[1].extend(self.ids)
        written = zip(map(before.__getitem__, map(_ID, after)), after, strict=True)
        return world.with_places(objects, seq, moves, written)


_ID, _ORDER = attrgetter("id"), attrgetter("order")
_FIRST, _SECOND = itemgetter(0), itemgetter(1)


def _place(loc: Loc) -> tuple:
    """The place a ``Loc`` names, as ``World.places`` keys it."""
    return (loc.game, None if loc.game is None else Zone(loc.zone), loc.player)


def _loc_key(loc: Loc) -> tuple:
    rank = ZONE_RANK.get(loc.zone, len(ZONE_RANK))
    return (loc.game is None, loc.game or 0, rank, loc.player or "")


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
        return world.with_objects(world.objects.delete(self.obj), world.seq,
                                  ((world.objects[self.obj], None),))


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
        return world.with_objects(world.objects.set(self.obj, self.after), world.seq,
                                  ((world.objects.get(self.obj), self.after),))


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
    """A player's life total in one game changed (``shared``: the player's seat follows the
    team's shared life total after a teammate's gain or loss, CR 810.9)."""

    game: int
    player: str
    old: int
    new: int
    starting: bool = False
    shared: bool = False
    kind = "life"

    def words(self) -> str:
        """The change in words."""
        if self.shared:
            return (f"{self.player}'s team's shared life total in the "
                    f"{game_name(self.game, 'bare')} is {self.new} ({self.old} → {self.new})")
        if self.starting:
            return (f"{self.player}'s starting life total in the {game_name(self.game, 'bare')} is "
                    f"{self.new} instead of {self.old}")
        verb = "gains" if self.new > self.old else "loses"
        return (f"{self.player} {verb} {abs(self.new - self.old)} life in the "
                f"{game_name(self.game, 'bare')} ({self.old} → {self.new})")

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
        return (f"{self.player}'s {self.counter} counters in the {game_name(self.game, 'bare')}: "
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
            return f"no player has priority in the {game_name(self.game, 'bare')}"
        return f"{self.new} receives priority in the {game_name(self.game, 'bare')}"

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
        return f"{self.player} passes priority in the {game_name(self.game, 'bare')}"

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
            return f"{game_name(self.game, 'bare')}: the game is starting; no turn has begun"
        who = self.active if self.active else "no active player"
        return f"{game_name(self.game, 'bare')}: turn {self.turn} ({who}), {step_label(self.step)}"

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
        return f"{self.player} shuffles their {self.what} ({game_name(self.game, 'bare')})"

    def apply(self, world: World) -> World:
        """Put the cards in their new order."""
        objects = world.objects
        written = []
        with objects.mutate() as batch:
            for oid, order in self.orders:
                before = objects[oid]
                batch[oid] = after = before.moved(order=order)
                written.append((before, after))
            objects = batch.finish()
        return world.with_places(objects, world.seq, {}, written)  # same places, new order


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
        return f"{self.text}: {self.status} ({game_name(self.game, 'bare')})"

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
            return world.evolve(delayed=world.delayed.set(self.trigger, self.delayed))
        return world.evolve(delayed=world.delayed.delete(self.trigger))


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
        return f"{game_name(self.game, 'bare')} {self.status}{extra}"

    def apply(self, world: World) -> World:
        """Create, discontinue, resume or end the game."""
        if self.op == "create":
            return world.evolve(games=world.games.set(self.game, self.state))
        if self.op == "discontinue":
            world = _game(world, self.game, status="discontinued")
            return world.evolve(current=self.current)
        if self.op == "resume":
            world = _game(world, self.game, status="in progress")
            return world.evolve(current=self.game)
        if self.op == "end":
            world = _game(world, self.game, status="ended", winner=self.winner,
                          result=self.result)
            return world if self.current is None else world.evolve(current=self.current)
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
        return f"{self.player} {self.status} the {game_name(self.game, 'bare')}"

    def apply(self, world: World) -> World:
        """Set the player's standing in the game (and remember what they were, CR 800.4i)."""
        if self.seat:
            world = _seat(world, self.game, self.player, **dict(self.seat))
        if self.lki is not None:
            world = world.evolve(lki=world.lki.set((self.game, self.player), self.lki))
        return world


def _begin_or_end(world: World, table: str, key: str, op: str | None, value: Any) -> World:
    """Add (``op="begin"``) or remove (``op="end"``) one continuous effect record of the
    world's ``table`` (``effects`` or ``modifiers``); any other ``op`` changes nothing."""
    records = getattr(world, table)
    if op == "begin":
        return world.evolve(**{table: records.set(key, value)},
                       seq=max(world.seq, value.order))
    if op == "end":
        return world.evolve(**{table: records.delete(key)})
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
class ReplacementChange(Change):
    """A replacement effect on damage dealt to players began or ended in one game (CR 614.1a,
    726.1b); ``value`` is the ``DamageReplacement`` record."""

    game: int
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
        """Add (``op="begin"``) or remove (``op="end"``) the effect in its game."""
        kept = world.games[self.game].damage_replacements
        if self.op == "begin":
            return _game(world, self.game, damage_replacements=kept + (self.value,)).evolve(
                seq=max(world.seq, self.value.order))
        if self.op == "end":
            return _game(world, self.game, damage_replacements=tuple(
                r for r in kept if r.id != self.effect))
        return world


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
