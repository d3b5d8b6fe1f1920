"""The engine's state: a persistent ``World`` of games, objects and effects.

Every value here is immutable; a change makes a new ``World`` that shares everything it did not
touch (``immutables.Map`` is a hash array mapped trie). That makes each step's snapshot cheap and
makes a failed request leave the game exactly as it was: the old world is simply kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from immutables import Map

from .objects import Obj
from .zones import Zone

PREGAME = "pregame"
"""The step name of a game that has started but not begun its first turn (CR 103.1-103.7)."""
STEPS = ("untap", "upkeep", "draw", "main", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup")
"""The steps of a turn, in order (CR 500.1; one combat damage step: no first strike here)."""
PRIORITY_STEPS = frozenset(STEPS) - {"untap", "cleanup"}
"""Steps in which players receive priority (none in untap and, normally, cleanup)."""


def game_name(gid: int) -> str:
    """A game of the tree as messages and notes name it: "the main game", "subgame 2"."""
    return "the main game" if gid == 0 else f"subgame {gid}"


MAIN_PHASES = ("main", "postcombat_main")
"""The two main phases (CR 505.1)."""


def timestamp(obj: Obj) -> tuple[int, str]:
    """The engine's default order of objects whose order the rules leave to a player: timestamp
    order (CR 613.7d: "An object receives a timestamp at the time it enters a zone"; ``order`` is
    given on entering a zone), then the id. Never the order of a hash map."""
    return (obj.order, obj.id)


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
    only the controller it began with.
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
class Delayed:
    """A delayed triggered ability waiting for its moment (CR 603.7), e.g. Astral Slide's return."""

    id: str
    game: int
    source: str
    controller: str
    when: str
    obj: str
    text: str
    behaviour: str


@dataclass(frozen=True, slots=True)
class GameState:
    """One game of the tree: the main game (id 0) or a subgame (1, 2, ... in order of creation).

    ``exiled_by``: the cards its permanents exiled until they leave the battlefield (CR 610.3)
    or for their own return ability (CR 607.2a), as ``magicsub.until.Exiled`` records;
    ``chosen_targets``: the targets chosen for triggered abilities on its stack (CR 603.3d);
    ``cast_this_turn``: the spells cast this turn, as (spell id, player) in the order cast
    (kept by ``magicsub.storm`` for storm, CR 702.40a and 800.4i).
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

    def with_seat(self, player: str, **changes) -> GameState:
        """Return this game with one player's seat changed."""
        return replace(self, players=self.players.set(player, replace(self.players[player],
                                                                      **changes)))


@dataclass(frozen=True, slots=True)
class World:
    """Everything: all objects (and physical cards outside every game), games, effects."""

    objects: Map
    games: Map
    current: int = 0
    effects: Map = field(default_factory=Map)
    delayed: Map = field(default_factory=Map)
    seq: int = 0
    lki: Map = field(default_factory=Map)
    modifiers: Map = field(default_factory=Map)

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
        found = [o for o in self.objects.values()
                 if o.game == game and o.zone is zone and (player is None or o.owner == player)]
        found.sort(key=timestamp)
        return found

    def zones_of(self, game: int) -> dict[tuple[Zone, str | None], list[Obj]]:
        """Every non-empty zone of a game in one pass: ``(zone, owner or None) -> objects``."""
        out: dict[tuple[Zone, str | None], list[Obj]] = {}
        for o in self.objects.values():
            if o.game == game and o.zone is not None:
                key = (o.zone, o.owner if o.zone.per_player else None)
                out.setdefault(key, []).append(o)
        for objs in out.values():
            objs.sort(key=timestamp)
        return out

    def stack(self, game: int | None = None) -> list[Obj]:
        """The stack of a game (the game in progress by default), bottom first."""
        return self.in_zone(self.current if game is None else game, Zone.STACK)

    def outside(self) -> list[Obj]:
        """Physical cards outside every game."""
        return sorted((o for o in self.objects.values() if o.game is None), key=lambda o: o.id)

    def effects_on(self, oid: str) -> list[Effect]:
        """The control effects applying to an object, oldest first."""
        return sorted((e for e in self.effects.values() if e.obj == oid),
                      key=lambda e: (e.order, e.id))

    def objects_in(self, game: int | None) -> list[Obj]:
        """Every object of one game (``None``: the cards outside every game), in the default
        order (``timestamp``), not in the hash order of ``objects``."""
        return sorted((o for o in self.objects.values() if o.game == game), key=timestamp)

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
