"""The engine's state: a persistent ``World`` of games, objects and effects.

Every value here is immutable; a change makes a new ``World`` that shares everything it did not
touch (``immutables.Map`` is a hash array mapped trie). That makes each step's snapshot cheap and
makes a failed request leave the game exactly as it was: the old world is simply kept.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields, replace
from operator import attrgetter, itemgetter
from typing import NamedTuple

from immutables import Map

from . import ordering
from .objects import Kind, Obj
from .records import as_dataclass, changed
from .zones import PER_PLAYER, Zone

PREGAME = "pregame"
"""The step name of a game that has started but not begun its first turn (CR 103.1-103.7)."""
STEPS = ("untap", "upkeep", "draw", "main", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup")
"""The steps of a turn, in order (CR 500.1; one combat damage step: no first strike here)."""
PRIORITY_STEPS = frozenset(STEPS) - {"untap", "cleanup"}
"""Steps in which players receive priority (none in untap and, normally, cleanup)."""


GAME_NAMES = {"the": ("the main game", "subgame {}"), "bare": ("main game", "subgame {}"),
              "title": ("Main game", "Subgame {}"), "key": ("main", "{}")}
"""How ``game_name`` names the main game and a subgame, in each form."""


def game_name(gid: int | None, form: str = "the") -> str:
    """A game of the tree by name: the one way every message, trace and view names it.

    The forms:

    - ``"the"`` (in a sentence): "the main game", "subgame 2";
    - ``"bare"`` (after "the" or as a heading): "main game", "subgame 2";
    - ``"title"`` (a board's panel): "Main game", "Subgame 2";
    - ``"key"`` (as a scenario writes ``game:``): "main", "2".

    ``None`` (no game: outside every game) is "outside" in every form.

    >>> game_name(0), game_name(2, "bare"), game_name(0, "title"), game_name(3, "key")
    ('the main game', 'subgame 2', 'Main game', '3')
    """
    if gid is None:
        return "outside"
    main, sub = GAME_NAMES[form]
    return main if gid == 0 else sub.format(gid)


MAIN_PHASES = ("main", "postcombat_main")
"""The two main phases (CR 505.1)."""


def timestamp(obj: Obj) -> tuple[int, str]:
    """The engine's default order of objects whose order the rules leave to a player: timestamp
    order (CR 613.7d: "An object receives a timestamp at the time it enters a zone"; ``order`` is
    given on entering a zone), then the id. Never the order of a hash map."""
    return (obj.order, obj.id)


def by_zone(obj: Obj) -> tuple[str, int, str]:
    """The order in which a rule that takes every object of a game goes through them: zone by
    zone in alphabetical order of their names, each from the bottom (``order``; then the id,
    never the order of a hash map)."""
    return (obj.zone or "", obj.order, obj.id)  # a Zone is a str: it sorts by its name


def step_label(step: str) -> str:
    """A step's name as the rules say it: "precombat main phase", "declare attackers step"."""
    if step == "main":
        return "precombat main phase"
    if step == "postcombat_main":
        return "postcombat main phase"
    if step == "pregame":
        return "start of the game"
    return f"{step.replace('_', ' ')} step"


@dataclass(frozen=True, slots=True)
class Seat:
    """A player's standing in one game: life, counters (CR 726.4b: per game), result."""

    life: int
    counters: Map = field(default_factory=Map)
    in_game: bool = True
    result: str | None = None
    mulligans: int = 0


@dataclass(frozen=True, slots=True)
class PendingTrigger:
    """A triggered ability waiting to be put on the stack (CR 603.3), or held (CR 726.4a)."""

    id: str
    source: str
    controller: str
    text: str
    behaviour: str
    data: tuple = ()


@dataclass(frozen=True, slots=True)
class Effect:
    """A continuous control-changing effect in one game (CR 726.1b: it means nothing in another).

    ``until`` is ``"end_of_turn"``, ``"source_leaves"``, ``"forever"`` or ``"next_turn:PLAYER"``.
    When ``follows`` is true the effect is a permanent's "you control ..." (CR 109.5: "you" is
    the source's controller): it gives control to whoever controls the source now, and ``to`` is
    only the controller it began with. When ``static`` is true it is the effect of a static
    ability of ``source`` (CR 611.3): it ends when the source leaves the battlefield and does
    not apply while the source is phased out (CR 611.3b, 702.26b). Any other effect lasting
    while its source remains (``until="source_leaves"``) is a "for as long as" duration: it
    ends when its source phases out (CR 702.26f).
    """

    id: str
    game: int
    obj: str
    to: str
    source: str | None
    until: str
    order: int
    text: str = ""
    follows: bool = False
    static: bool = False


@dataclass(frozen=True, slots=True)
class Modifier:
    """A resolved spell's or ability's power/toughness-changing effect in one game (CR 613.4c,
    layer 7c), with its duration (CR 611.2a).

    CR 611.2c locks in the affected set: ``objs`` holds each affected permanent as
    ``(id, order)``, so a card that leaves the battlefield and returns is a new object the effect
    does not apply to (CR 400.7). ``until`` is ``"end_of_turn"`` or ``"next_turn:PLAYER"``.
    """

    id: str
    game: int
    objs: tuple[tuple[str, int], ...]
    power: int
    toughness: int
    source: str | None
    controller: str
    until: str
    order: int
    text: str = ""
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class DamageReplacement:
    """A replacement effect on damage dealt to players in one game (CR 614.1a, "instead"):
    damage any source would deal to one of ``players`` is multiplied by ``factor`` instead
    (2: "it deals double that damage"), for the rest of the game (CR 611.2a). It belongs to the
    game it was created in (CR 726.1b: it means nothing in another, and one created in a subgame
    ends with it). ``source`` names the card that created it; ``text`` says what it does.
    ``floor`` (with ``factor`` 1): "damage that would reduce [the player's] life total to less
    than ``floor`` reduces it to ``floor`` instead" (Angel's Grace; its own rule ends it)."""

    id: str
    game: int
    players: tuple[str, ...]
    source: str
    text: str
    order: int
    factor: int = 2
    floor: int = 0


@dataclass(frozen=True, slots=True)
class Delayed:
    """A delayed triggered ability waiting for its moment (CR 603.7), e.g. Astral Slide's return.
    ``obj`` is the object it is about and ``data`` what else its resolver needs to know (the
    object's timestamp: a new object with its id is another object, CR 400.7)."""

    id: str
    game: int
    source: str
    controller: str
    when: str
    obj: str
    text: str
    behaviour: str
    data: tuple = ()


class GameState(NamedTuple):
    """One game of the tree: the main game (id 0) or a subgame (1, 2, ... in order of creation).

    An immutable record (``magicsub.engine.records``): ``evolve`` returns a copy with fields
    changed.

    ``exiled_by``: the cards its permanents exiled until they leave the battlefield (CR 610.3)
    or for their own return ability (CR 607.2a), as ``magicsub.rules.until.Exiled`` records;
    ``chosen_targets``: the targets chosen for triggered abilities on its stack (CR 603.3d);
    ``cast_this_turn``: the spells cast this turn, as (spell id, player) in the order cast
    (kept by ``magicsub.rules.storm`` for storm, CR 702.40a and 800.4i); ``seating``: the seating
    order a scenario gave (CR 800.5), clockwise from the first seat (empty: the seats in turn
    order; see ``clockwise``); ``set_aside``: the cards each player of a subgame set aside as it
    began, to put onto its battlefield (CR 726.1b: Tug of War), as (player, card ids);
    ``asked``: the choices given as the spell that created the subgame resolved, for its end
    (``find``, ``keep``), as (name, value) pairs; ``damage_replacements``: the replacement
    effects on damage dealt to its players, oldest first (``magicsub.engine.damage``, CR 614.1a,
    726.1b); ``extra_turns``: the extra turns still to be taken in this game, oldest first (the
    last is taken next, CR 500.7; ``magicsub.rules.extra_turns.ExtraTurn`` records, CR 726.1b:
    a subgame's are its own); ``extra_turn``: the extra turn being taken now (None: a turn in turn
    order); ``order_from``: during an extra turn, the player after whose place in turn order the
    next turn in turn order comes (None otherwise); ``skips``: the "skip your next turn" effects
    waiting in this game, oldest first (``magicsub.rules.extra_turns.Skip``, CR 614.10);
    ``teams``: the teams of a Two-Headed Giant game, each in turn order (CR 810.1; empty:
    every player for themselves);
    ``commander_damage``: the combat damage each commander has dealt to each player over the
    course of this game, as (player, commander id, damage) (CR 903.10a; kept by
    ``magicsub.rules.commander``; a subgame is a separate game and starts with none, CR 726.1a);
    ``commander_casts``: how many times each player has cast each commander from the command
    zone this game, as (player, commander id, casts) (CR 903.8, the commander tax);
    ``restarted``: for a game just restarted (CR 724), the controller of the effect
    that restarted it, the ids of the cards it exempted and its label, until that effect
    finishes resolving before the first untap step (``magicsub.rules.restart``, CR 724.4);
    ``monarch``, ``initiative``: the player who is the monarch (CR 722) or has the initiative
    (CR 723) in this game, None when nobody is (CR 722.1: none until an effect makes one; CR
    726.1b: a subgame starts without either); ``until_monarch``: the cards exiled in it "until
    an opponent becomes the monarch", as ``magicsub.rules.designations.Held`` records;
    ``recorded``: the choices a player has made ahead of the moment a rule asks them
    (CR 603.3b: the order of their triggered abilities; CR 514.1: the cards they discard in
    cleanup), as (rule, player, chooser, ids), used and removed at that moment
    (``magicsub.rules.recorded_choices``); ``outcomes``: the effects of its resolved spells
    that say a player can't lose or can't win it (``magicsub.rules.outcomes``, CR 101.2, 104);
    ``spared``: what the trace has said stopped a player's loss, as (player, rule, sources),
    said again when it changes;
    ``venture_markers``: where each player's venture marker is in this game, as (player, id of
    the dungeon card, room) (CR 309.4, ``magicsub.rules.dungeons``).
    """

    gid: int
    parent: int | None
    seats: tuple[str, ...]
    players: Map
    variant: str | None = None
    creator: str | None = None
    status: str = "in progress"
    turn: int = 1
    turn_of: str | None = None
    active: str | None = None
    step: str = "main"
    priority: str | None = None
    passed: tuple[str, ...] = ()
    first: str | None = None
    result: str | None = None
    winner: str | None = None
    held: tuple[PendingTrigger, ...] = ()
    pending: tuple[PendingTrigger, ...] = ()
    attacks: tuple[tuple[str, str], ...] = ()
    drew_empty: frozenset = frozenset()
    planar_controller: str | None = None
    resolving: str | None = None
    starting_life: int = 20
    declared: int = 0
    archenemy: tuple[str, ...] = ()
    ranges: tuple[tuple[str, int], ...] = ()
    in_range: tuple[tuple[str, tuple[str, ...]], ...] = ()
    worlds_seen: tuple = ()
    controls: tuple = ()
    exiled_by: tuple = ()
    chosen_targets: tuple[tuple[str, tuple[str, ...]], ...] = ()
    cast_this_turn: tuple[tuple[str, str], ...] = ()
    seating: tuple[str, ...] = ()
    set_aside: tuple[tuple[str, tuple[str, ...]], ...] = ()
    asked: tuple[tuple[str, object], ...] = ()
    damage_replacements: tuple[DamageReplacement, ...] = ()
    extra_turns: tuple = ()
    extra_turn: object = None
    order_from: str | None = None
    skips: tuple = ()
    teams: tuple[tuple[str, ...], ...] = ()
    commander_damage: tuple[tuple[str, str, int], ...] = ()
    commander_casts: tuple[tuple[str, str, int], ...] = ()
    restarted: tuple = ()
    monarch: str | None = None
    initiative: str | None = None
    until_monarch: tuple = ()
    recorded: tuple[tuple[str, str, str, tuple[str, ...]], ...] = ()
    outcomes: tuple = ()
    spared: tuple[tuple[str, str, tuple[str, ...]], ...] = ()
    venture_markers: tuple[tuple[str, str, str], ...] = ()

    @property
    def clockwise(self) -> tuple[str, ...]:
        """Every player of this game in seating order, clockwise from the first seat (CR 800.5):
        ``seating`` when the game records one, else the seats in turn order (CR 103.1: turn
        order proceeds clockwise, so the two agree unless a variant says otherwise)."""
        return self.seating or self.seats

    @property
    def pregame(self) -> bool:
        """True before the first turn has begun (CR 103.8: the starting player takes it)."""
        return self.step == PREGAME

    @property
    def multiplayer(self) -> bool:
        """CR 800.1: a multiplayer game is one that began with more than two players."""
        return len(self.seats) > 2

    @property
    def in_game(self) -> tuple[str, ...]:
        """The players still in this game, in turn order."""
        return tuple(p for p in self.seats if self.players[p].in_game)

    @property
    def ended(self) -> bool:
        """True when this game is over."""
        return self.status == "ended"

    def seat(self, player: str) -> Seat:
        """The player's standing in this game."""
        return self.players[player]

    def team_of(self, player: str) -> tuple[str, ...]:
        """The team ``player`` plays on (CR 810.1), in turn order; ``(player,)`` in a game
        without teams."""
        return next((t for t in self.teams if player in t), (player,))

    def opponents(self, player: str) -> tuple[str, ...]:
        """The players still in this game who are ``player``'s opponents, in turn order: every
        other player, or in a game between teams every player not on their team (CR 102.3)."""
        team = self.team_of(player)
        return tuple(p for p in self.in_game if p not in team)

    @property
    def apnap(self) -> tuple[str, ...]:
        """The players in APNAP order (CR 101.4): the player whose turn it is, then the others in
        turn order (players who have left included; callers skip them)."""
        order = self.seats
        if self.turn_of not in order:
            return order
        i = order.index(self.turn_of)
        return order[i:] + order[:i]

    def next_in_order(self, player: str, *, include_self: bool = False) -> str | None:
        """The next player in turn order after ``player`` who is still in this game."""
        order = self.seats
        if player not in order:
            return None
        i = order.index(player)
        start = 0 if include_self else 1
        for k in range(start, len(order) + 1):
            p = order[(i + k) % len(order)]
            if self.players[p].in_game:
                return p
        return None

    def evolve(self, **changes) -> GameState:
        """Return a copy with fields changed (a faster ``dataclasses.replace``)."""
        return changed(self, _GAME_INDEX, changes)

    def with_seat(self, player: str, **changes) -> GameState:
        """Return this game with one player's seat changed."""
        return self.evolve(players=self.players.set(player, replace(self.players[player],
                                                                    **changes)))


Place = tuple[int | None, Zone | None, str | None]
"""Where an object is, as the world's index keys it: game, zone, and the owner for a library,
hand or graveyard (``(None, None, None)``: outside every game)."""


def place(game: int | None, zone: Zone | None, player: str | None) -> Place:
    """The index key of a zone of a game: ``player`` counts for a library, hand or graveyard
    only (a shared zone's key has None)."""
    return (game, zone, player if zone in PER_PLAYER else None)


def place_of(obj: Obj) -> Place:
    """The index key of the place ``obj`` is in."""
    zone = obj.zone
    return (obj.game, zone, obj.owner if zone in PER_PLAYER else None)


Mark = tuple[int, str, object]
"""A key of the world's second index (``World.marked``): game, facet and value, e.g.
``(0, "type", "aura")``."""


def marks_of(obj: Obj) -> tuple[Mark, ...]:
    """The keys under which ``World.marked`` lists ``obj``: on a battlefield, its name
    (``"name"``) and each of its card types (``"type"``); in any zone of a game, its kind
    (``"kind"``) when it is no card (a token, a copy of a spell, an ability, an emblem). A card
    in a library, hand, graveyard, exile or the command zone, and anything outside every game,
    has none: the checks made at every step never look for them."""
    game = obj.game
    if game is None:
        return ()
    kind = obj.kind
    if obj.zone is _BATTLEFIELD:
        name = obj.name
        keys = [(game, "type", t) for t in obj.types]
        if isinstance(name, str):
            keys.append((game, "name", name))
        if kind is not _CARD:
            keys.append((game, "kind", kind))
        return tuple(keys)
    if kind is _CARD:
        return ()
    return ((game, "kind", kind),)


_BATTLEFIELD, _CARD = Zone.BATTLEFIELD, Kind.CARD


as_dataclass(GameState)
_GAME_INDEX = {name: i for i, name in enumerate(GameState._fields)}


@dataclass(frozen=True, slots=True)
class World:
    """Everything: all objects (and physical cards outside every game), games, effects.

    The world also keeps an index of its objects by place (``places``), so that listing a zone
    does not look at every object; a second one by what the checks made at every step look
    for (``marked``: permanents by name and type, objects that are no cards by kind), so that a
    step that changes one thing does not list every object of the game (state-based actions,
    CR 704.3); and, for the places listed so far, their objects in timestamp order (``ordered``:
    the top card of a library is found without sorting the library); and how many cards bear
    each name (``card_names``: is there a card with storm anywhere?). All are derived from
    ``objects``: computed when first needed, then carried from world to world by ``evolve``,
    ``with_objects`` and ``with_places`` (any other way of making a world starts without them);
    they take no part in equality.
    """

    objects: Map
    games: Map
    current: int = 0
    effects: Map = field(default_factory=Map)
    delayed: Map = field(default_factory=Map)
    seq: int = 0
    lki: Map = field(default_factory=Map)
    modifiers: Map = field(default_factory=Map)
    _places: Map | None = field(default=None, init=False, repr=False, compare=False)
    _marks: Map | None = field(default=None, init=False, repr=False, compare=False)
    _orders: Map | None = field(default=None, init=False, repr=False, compare=False)
    _names: Map | None = field(default=None, init=False, repr=False, compare=False)

    def evolve(self, **changes) -> World:
        """This world with ``changes`` to fields other than ``objects`` (a faster
        ``dataclasses.replace`` that keeps the index)."""
        new = _new_world(World)
        for name in _WORLD_FIELDS:
            _set(new, name, changes[name] if name in changes else getattr(self, name))
        kept = "objects" not in changes
        _set(new, "_places", self._places if kept else None)
        _set(new, "_marks", self._marks if kept else None)
        _set(new, "_orders", self._orders if kept else None)
        _set(new, "_names", self._names if kept else None)
        return new

    def with_objects(self, objects: Map, seq: int,
                     written: Iterable[tuple[Obj | None, Obj | None]]) -> World:
        """This world with ``objects`` and ``seq``, where ``written`` lists, as
        ``(before, after)``, every object whose place may have changed (None: it did not
        exist before, or no longer exists); an object written in the same place may be left
        out when its ``marks_of`` and its ``order`` stay the same."""
        if self._places is None and self._marks is None and self._orders is None \
                and self._names is None:
            return self.with_places(objects, seq, {})
        written = tuple(written)
        moves = _place_moves(written) if self._places is not None else {}
        return self.with_places(objects, seq, moves, written)

    def with_places(self, objects: Map, seq: int,
                    moves: dict[Place, tuple[list[str], list[str]]],
                    written: Iterable[tuple[Obj | None, Obj | None]] = ()) -> World:
        """This world with ``objects`` and ``seq``, where ``moves`` gives, for each place whose
        objects changed, the ids that left it and the ids that came to it, and ``written`` the
        objects whose ``marks_of``, order or name may have changed, as ``with_objects`` takes
        them. Without them, the objects ``moves`` names are taken to be new (the set-up's
        library cards): the indexes other than ``places`` are made afresh when next needed."""
        written = tuple(written)
        index = self._places
        if index is not None and moves:
            index = _reindex(index, moves)
        fresh = moves and not written
        bulk = _bulk(written) if len(written) > BULK else None
        marks = self._marks
        if marks is not None:
            marks = None if fresh else _remark(marks, written, bulk)
        orders = self._orders
        if orders:
            orders = None if fresh else _reorder(orders, self.objects, objects, written, bulk)
        names = self._names
        if names is not None:
            names = None if fresh else _rename(names, written, bulk)
        new = _new_world(World)
        _set(new, "objects", objects)
        _set(new, "games", self.games)
        _set(new, "current", self.current)
        _set(new, "effects", self.effects)
        _set(new, "delayed", self.delayed)
        _set(new, "seq", seq)
        _set(new, "lki", self.lki)
        _set(new, "modifiers", self.modifiers)
        _set(new, "_places", index)
        _set(new, "_marks", marks)
        _set(new, "_orders", orders)
        _set(new, "_names", names)
        return new

    @property
    def places(self) -> Map:
        """The ids of the objects in each place (see ``place_of``): ``Place -> Map(id ->
        None)``, non-empty places only."""
        index = self._places
        if index is None:
            groups: dict[Place, dict[str, None]] = {}
            for oid, obj in self.objects.items():
                groups.setdefault(place_of(obj), {})[oid] = None
            index = Map({key: Map(ids) for key, ids in groups.items()})
            _set(self, "_places", index)
        return index

    def marked(self, game: int, facet: str, value: object) -> list[Obj]:
        """The objects of game ``game`` that ``marks_of`` lists under ``(game, facet, value)``
        (the permanents named ``value``, ``facet="name"``; the permanents of card type
        ``value``, ``"type"``; the objects of kind ``value`` in any zone, ``"kind"``), in
        timestamp order (``timestamp``), never in the order of a hash map."""
        objects = self.objects
        found = [objects[oid] for oid in self.marks.get((game, facet, value), _NO_IDS)]
        found.sort(key=timestamp)
        return found

    def named(self, game: int, names: Iterable[str]) -> list[Obj]:
        """The permanents on game ``game``'s battlefield whose name is one of ``names``, in
        timestamp order (``timestamp``): the sources a rule looks for by card name, found
        without looking at any other object."""
        marks, objects = self.marks, self.objects
        found = [objects[oid] for name in set(names)
                 for oid in marks.get((game, "name", name), _NO_IDS)]
        found.sort(key=timestamp)
        return found

    @property
    def marks(self) -> Map:
        """The ids of the objects under each key of ``marks_of``: ``Mark -> Map(id -> None)``,
        non-empty keys only (see ``marked``)."""
        index = self._marks
        if index is None:
            groups: dict[Mark, dict[str, None]] = {}
            for oid, obj in self.objects.items():
                for key in marks_of(obj):
                    groups.setdefault(key, {})[oid] = None
            index = Map({key: Map(ids) for key, ids in groups.items()})
            _set(self, "_marks", index)
        return index

    @property
    def card_names(self) -> Map:
        """How many cards (``Kind.CARD``: no token, copy, ability or emblem) bear each name,
        in every game and outside them: ``name -> count``, names of no card left out. A name
        changes with no move, so this changes only when a card is made or ceases."""
        index = self._names
        if index is None:
            counts: dict[str, int] = {}
            for obj in self.objects.values():
                if obj.kind is Kind.CARD and isinstance(obj.name, str):
                    counts[obj.name] = counts.get(obj.name, 0) + 1
            index = Map(counts)
            _set(self, "_names", index)
        return index

    def ordered(self, key: Place) -> list[Obj]:
        """The objects in the place ``key`` (see ``place_of``), in timestamp order
        (``timestamp``): sorted once, then kept in order from world to world."""
        objects = self.objects
        return [objects[oid] for oid in ordering.flat(self._sequence(key))]

    def count(self, game: int, zone: Zone, player: str | None = None) -> int:
        """How many objects a zone of a game holds (``in_zone``'s length, without listing
        them)."""
        if player is not None and zone not in PER_PLAYER:
            return len(self.in_zone(game, zone, player))
        if player is not None or zone not in PER_PLAYER:
            return len(self.places.get((game, zone, player), _NO_IDS))
        return sum(len(ids) for key, ids in self.places.items()
                   if key[0] == game and key[1] is zone)

    def top(self, game: int, zone: Zone, player: str | None, count: int) -> list[Obj]:
        """The last ``count`` objects of a zone (all when fewer), bottom first: the top cards
        of a library. For library, hand and graveyard give ``player``: the zone's owner."""
        key = place(game, zone, player)
        objects = self.objects
        return [objects[oid] for oid in ordering.last(self._sequence(key), count)]

    def _sequence(self, key: Place) -> ordering.Seq:
        orders = self._orders
        seq = orders.get(key) if orders is not None else None
        if seq is None:
            objects = self.objects
            ids = self.places.get(key, _NO_IDS)
            seq = ordering.build(ids, lambda oid: timestamp(objects[oid]))
            if len(ids) >= KEPT_IN_ORDER:
                _set(self, "_orders", (orders or _NO_IDS).set(key, seq))
        return seq

    def _in(self, keys: Iterable[Place]) -> list[Obj]:
        objects = self.objects
        return [objects[oid] for key in keys for oid in self.places.get(key, _NO_IDS)]

    @property
    def game(self) -> GameState:
        """The game in progress (the deepest one)."""
        return self.games[self.current]

    @property
    def main(self) -> GameState:
        """The main game of the whole tree (game 0)."""
        return self.games[0]

    def obj(self, oid: str) -> Obj | None:
        """The object with this id, or None when it does not exist."""
        return self.objects.get(oid)

    def in_zone(self, game: int, zone: Zone, player: str | None = None) -> list[Obj]:
        """The objects in a zone of a game, bottom first (for a library, the top card is last).

        For library, hand and graveyard give ``player``: the zone's owner.
        """
        if player is not None or zone not in PER_PLAYER:
            found = self.ordered(place(game, zone, player))
            if player is not None and zone not in PER_PLAYER:
                found = [o for o in found if o.owner == player]
            return found
        found = self._in([k for k in self.places.keys() if k[0] == game and k[1] is zone])
        found.sort(key=timestamp)
        return found

    def deck(self, game: int, player: str, deck: str) -> list[Obj]:
        """``player``'s supplementary ``deck`` (``"planar"``, ``"scheme"``, ``"attraction"``) in
        ``game``'s command zone, bottom to top: their face-down cards of that deck there (CR
        100.2d, 717.2)."""
        return [o for o in self.in_zone(game, Zone.COMMAND)
                if o.owner == player and o.deck == deck and not o.face_up]

    def zones_of(self, game: int) -> dict[tuple[Zone, str | None], list[Obj]]:
        """Every non-empty zone of a game in one pass: ``(zone, owner or None) -> objects``."""
        out: dict[tuple[Zone, str | None], list[Obj]] = {}
        for key in self.places.keys():
            if key[0] == game and key[1] is not None:
                objs = self._in([key])
                objs.sort(key=timestamp)
                out[(key[1], key[2])] = objs
        return out

    def stack(self, game: int | None = None) -> list[Obj]:
        """The stack of a game (the game in progress by default), bottom first."""
        return self.in_zone(self.current if game is None else game, Zone.STACK)

    def outside(self) -> list[Obj]:
        """Physical cards outside every game."""
        return sorted(self._in([(None, None, None)]), key=lambda o: o.id)

    def effects_on(self, oid: str) -> list[Effect]:
        """The control effects applying to an object, oldest first."""
        return sorted((e for e in self.effects.values() if e.obj == oid),
                      key=lambda e: (e.order, e.id))

    def objects_in(self, game: int | None, *, ordered: bool = True) -> list[Obj]:
        """Every object of one game (``None``: the cards outside every game), in the default
        order (``timestamp``), not in the hash order of ``objects``; with ``ordered`` false,
        in no particular order (for a caller that only looks for some of them)."""
        found = self._in([k for k in self.places.keys() if k[0] == game])
        if ordered:
            found.sort(key=timestamp)
        return found

    def objects_of(self, game: int | None, owner: str, *, ordered: bool = True) -> list[Obj]:
        """The objects ``owner`` owns in one game (``None``: the cards outside every game), in
        the default order (``timestamp``); see ``objects_in`` for ``ordered``."""
        keys = [k for k in self.places.keys() if k[0] == game and k[2] in (owner, None)]
        found = [o for o in self._in(keys) if o.owner == owner]
        if ordered:
            found.sort(key=timestamp)
        return found

    def owners_in(self, game: int | None) -> set[str]:
        """The owners of the objects in one game (``None``: of the cards outside every game)."""
        keys = [k for k in self.places.keys() if k[0] == game]
        owners = {k[2] for k in keys if k[2] is not None}
        owners.update(o.owner for o in self._in([k for k in keys if k[2] is None]))
        return owners

    def ancestors(self, gid: int) -> list[int]:
        """The game and its main games up to game 0, innermost first."""
        chain = []
        cur: int | None = gid
        while cur is not None:
            chain.append(cur)
            cur = self.games[cur].parent
        return chain

    def running_subgames(self) -> int:
        """How many subgames are running (in progress or discontinued under a running one)."""
        return len(self.ancestors(self.current)) - 1


def _place_moves(written: Iterable[tuple[Obj | None, Obj | None]]
                 ) -> dict[Place, tuple[list[str], list[str]]]:
    """The ids that left and came to each place, when the objects ``written`` (``(before,
    after)`` pairs) changed."""
    moves: dict[Place, tuple[list[str], list[str]]] = {}
    for before, after in written:
        old = None if before is None else place_of(before)
        now = None if after is None else place_of(after)
        if old == now:
            continue
        if old is not None:
            moves.setdefault(old, ([], []))[0].append(before.id)
        if now is not None:
            moves.setdefault(now, ([], []))[1].append(after.id)
    return moves


def _reindex(index: Map, moves: dict[Place, tuple[list[str], list[str]]]) -> Map:
    """``World.places`` after the objects ``moves`` says left or came to each place."""
    new = {}
    for key, (gone, came) in moves.items():
        ids = index.get(key)
        if ids is None or len(ids) == len(gone):  # a place emptied or filled as a whole
            ids = Map(dict.fromkeys(came))
        elif len(gone) + len(came) == 1:
            ids = ids.delete(gone[0]) if gone else ids.set(came[0], None)
        else:
            ids = ids.mutate()
            for oid in gone:
                del ids[oid]
            for oid in came:
                ids[oid] = None
            ids = ids.finish()
        new[key] = ids
    if len(new) <= 2:
        for key, ids in new.items():
            if len(ids):
                index = index.set(key, ids)
            elif key in index:
                index = index.delete(key)
        return index
    mutation = index.mutate()
    for key, ids in new.items():
        if len(ids):
            mutation[key] = ids
        elif key in mutation:
            del mutation[key]
    return mutation.finish()


KEPT_IN_ORDER = 64
"""A place with at least this many objects is kept in order from world to world once listed
(``World.ordered``); a smaller one is sorted each time it is listed, which costs less than
keeping it in order at every change."""

BULK = 16
"""A change that writes more objects than this (a whole zone moved or shuffled) updates the
world's indexes by zones (``_bulk``), not object by object."""


class Bulk(NamedTuple):
    """What a change that writes many objects, none made nor ceasing, touches (``_bulk``)."""

    places: set[tuple[int | None, Zone | None]]
    """Every ``(game, zone)`` the objects are in before or after it."""
    kinds: set[Kind]
    """Their kinds."""
    renamed: bool
    """Whether any of them has another name after it."""


def _bulk(written: tuple[tuple[Obj | None, Obj | None], ...]) -> Bulk | None:
    """For a change that writes more than ``BULK`` objects, none made nor ceasing, what it
    touches (else None), found without a Python call per object."""
    if len(written) <= BULK:
        return None
    befores, afters = list(map(_FIRST, written)), list(map(_SECOND, written))
    if None in befores or None in afters:
        return None
    places = set(zip(map(_GAME, befores), map(_ZONE, befores), strict=True))
    places.update(zip(map(_GAME, afters), map(_ZONE, afters), strict=True))
    return Bulk(places, set(map(_KIND, befores)) | set(map(_KIND, afters)),
                list(map(_NAME, befores)) != list(map(_NAME, afters)))


def _remark(index: Map, written: tuple[tuple[Obj | None, Obj | None], ...],
            bulk: Bulk | None) -> Map:
    """``World.marked``'s index after the objects ``written`` (``(before, after)`` pairs;
    ``bulk``: what ``_bulk`` says of them) changed."""
    if bulk is not None and bulk.kinds == {Kind.CARD} and all(
            zone is not Zone.BATTLEFIELD for _, zone in bulk.places):
        return index  # cards, none on or to a battlefield: they have no marks (marks_of)
    changes: dict[Mark, tuple[list[str], list[str]]] = {}
    for before, after in written:
        old = marks_of(before) if before is not None else ()
        new = marks_of(after) if after is not None else ()
        if old == new:
            continue
        for key in old:
            if key not in new:
                changes.setdefault(key, ([], []))[0].append(before.id)
        for key in new:
            if key not in old:
                changes.setdefault(key, ([], []))[1].append(after.id)
    if not changes:
        return index
    mutation = index.mutate()
    for key, (gone, came) in changes.items():
        ids = mutation.get(key, _NO_IDS).mutate()
        for oid in gone:
            del ids[oid]
        for oid in came:
            ids[oid] = None
        if len(ids):
            mutation[key] = ids.finish()
        elif key in mutation:
            del mutation[key]
    return mutation.finish()


def _reorder(orders: Map, before: Map, after: Map,
             written: tuple[tuple[Obj | None, Obj | None], ...], bulk: Bulk | None) -> Map:
    """``World._orders`` after the objects ``written`` (``(before, after)`` pairs) changed:
    each ordered place they left or came to, or moved within, is kept in order (ids taken out
    by their keys in ``before``, then put in by their keys in ``after``), or dropped to be
    ordered afresh when many of its objects changed."""
    if bulk is not None:  # a zone moved or shuffled: its places are ordered afresh when listed
        dropped = [key for key in orders.keys() if (key[0], key[1]) in bulk.places]
        if not dropped:
            return orders
        mutation = orders.mutate()
        for key in dropped:
            del mutation[key]
        return mutation.finish()
    changed: dict[Place, tuple[list[Obj], list[Obj]]] = {}
    for old_obj, new_obj in written:
        old = None if old_obj is None else place_of(old_obj)
        if new_obj is not None:
            new = place_of(new_obj)
            if old == new and old_obj.order == new_obj.order:
                continue
        else:
            new = None
        if old in orders:
            changed.setdefault(old, ([], []))[0].append(old_obj)
        if new in orders:
            changed.setdefault(new, ([], []))[1].append(new_obj)
    if not changed:
        return orders
    old_key = lambda oid: timestamp(before[oid])  # noqa: E731
    new_key = lambda oid: timestamp(after[oid])  # noqa: E731
    for key, (out, into) in changed.items():
        seq = orders[key]
        many = len(out) + len(into)
        if many > 8 and many > ordering.size(seq) // 8:
            orders = orders.delete(key)  # ordered afresh when next listed
            continue
        for obj in out:
            seq = ordering.remove(seq, obj.id, timestamp(obj), old_key)
        for obj in into:
            seq = ordering.insert(seq, obj.id, timestamp(obj), new_key)
        orders = orders.set(key, seq)
    return orders


def _rename(index: Map, written: tuple[tuple[Obj | None, Obj | None], ...],
            bulk: Bulk | None) -> Map:
    """``World.card_names`` after the objects ``written`` (``(before, after)`` pairs;
    ``bulk``: what ``_bulk`` says of them) changed."""
    if bulk is not None and not bulk.renamed:
        return index  # a zone moved or shuffled: no card made, none ceasing, none renamed
    counts: dict[str, int] = {}
    for before, after in written:
        old = before.name if before is not None and before.kind is _CARD else None
        new = after.name if after is not None and after.kind is _CARD else None
        if old == new:
            continue
        if isinstance(old, str):
            counts[old] = counts.get(old, 0) - 1
        if isinstance(new, str):
            counts[new] = counts.get(new, 0) + 1
    for name, delta in counts.items():
        if delta:
            count = index.get(name, 0) + delta
            index = index.set(name, count) if count else index.delete(name)
    return index


_FIRST, _SECOND = itemgetter(0), itemgetter(1)
_NAME = attrgetter("name")
_GAME, _ZONE, _KIND = attrgetter("game"), attrgetter("zone"), attrgetter("kind")
_WORLD_FIELDS = tuple(f.name for f in fields(World) if f.init)
if _WORLD_FIELDS != ("objects", "games", "current", "effects", "delayed", "seq", "lki",
                     "modifiers"):  # World.with_places sets each one by name
    raise AssertionError(f"World's fields changed: update World.with_places ({_WORLD_FIELDS})")
_NO_IDS = Map()
_new_world = object.__new__
_set = object.__setattr__
