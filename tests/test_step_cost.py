"""A step that changes one thing costs about that (issue 28, item 2), checked without a clock.

What every step runs (state-based actions, CR 704.3 and 704.5; the world rule, CR 704.5k; the
Archenemy scheme check, CR 904.10; triggered abilities waiting, CR 603.3) must look only at what
it checks: objects handed out by the world's ``objects`` are counted while one cheap step (a
player's counters or life, a pass of priority) is applied, and the count must be the same in a
world of 60-card libraries and one of 10,000-card libraries, with 10 or 1,000 tokens on the
battlefield, in the main game and in a subgame. The memory a cheap step keeps (its snapshot, and
what undo needs) must not grow with the world either.
"""

from __future__ import annotations

import math
import tracemalloc

import pytest

from magicsub import Game, Zone
from magicsub.engine.state import World
from magicsub.scenario import expectations

PLAYERS = ["Alex", "Bianca", "Cho", "Dev"]


class CountingObjects:
    """A view of a world's objects (an ``immutables.Map``) that counts every object it hands
    out, in ``seen[0]``; a write gives a counting view of the new map, sharing the count."""

    def __init__(self, objects, seen: list[int] | None = None):
        self._objects = objects
        self.seen = seen if seen is not None else [0]

    @property
    def handed(self) -> int:
        return self.seen[0]

    def _view(self, objects) -> CountingObjects:
        return CountingObjects(objects, self.seen)

    def __getitem__(self, oid):
        self.seen[0] += 1
        return self._objects[oid]

    def get(self, oid, default=None):
        self.seen[0] += 1
        return self._objects.get(oid, default)

    def __contains__(self, oid):
        return oid in self._objects

    def __len__(self):
        return len(self._objects)

    def __iter__(self):
        for oid in self._objects:
            self.seen[0] += 1
            yield oid

    def keys(self):
        return iter(self)

    def values(self):
        for obj in self._objects.values():
            self.seen[0] += 1
            yield obj

    def items(self):
        for pair in self._objects.items():
            self.seen[0] += 1
            yield pair

    def set(self, oid, obj):
        return self._view(self._objects.set(oid, obj))

    def delete(self, oid):
        return self._view(self._objects.delete(oid))

    def update(self, *args, **kwargs):
        return self._view(self._objects.update(*args, **kwargs))

    def mutate(self):
        return CountingMutation(self._objects.mutate(), self)


class CountingMutation:
    """A ``Map.mutate()`` batch of a ``CountingObjects``: its reads count; ``finish`` gives a
    counting view."""

    def __init__(self, batch, view: CountingObjects):
        self._batch, self._view = batch, view

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def __getitem__(self, oid):
        self._view.seen[0] += 1
        return self._batch[oid]

    def get(self, oid, default=None):
        self._view.seen[0] += 1
        return self._batch.get(oid, default)

    def __setitem__(self, oid, obj):
        self._batch[oid] = obj

    def __delitem__(self, oid):
        del self._batch[oid]

    def __contains__(self, oid):
        return oid in self._batch

    def __len__(self):
        return len(self._batch)

    def finish(self):
        return self._view._view(self._batch.finish())


def counted(game: Game) -> CountingObjects:
    """Put a counting view of the game's objects in its world (the world's indexes kept);
    return it."""
    world: World = game.world
    view = CountingObjects(world.objects)
    seen = world.evolve()  # the same world, indexes carried
    object.__setattr__(seen, "objects", view)
    game.world = seen
    return view


def board(library: int, tokens: int) -> Game:
    """Four players with ``library``-card libraries, ``tokens`` Soldier tokens, and permanents
    every state-based action check looks at: an Aura attached to a permanent (CR 704.5m), one
    enchanting a player (CR 303.4c), a world enchantment (CR 704.5k), a Glorious Anthem."""
    game = Game(PLAYERS, seed=1, libraries={p: library for p in PLAYERS})
    game.add_object("angel", "Serra Angel", owner="Alex", zone="battlefield")
    game.add_object("mc", "Mind Control", owner="Bianca", attached_to="angel")
    game.add_object("curse", "Curse of Surveillance", owner="Cho", attached_to="Dev")
    game.add_object("crossroads", "Concordant Crossroads", owner="Dev", zone="battlefield")
    game.add_object("anthem", "Glorious Anthem", owner="Alex", zone="battlefield")
    for i in range(tokens):
        game.add_object(f"soldier-{i}", "Soldier", owner=PLAYERS[i % 4], zone="battlefield",
                        token=True, types=["creature"], power=1, toughness=1, plain=True)
    return game


CHEAP = [
    {"counters": {"player": "Bianca", "kind": "energy", "add": 1}},
    {"life": {"player": "Cho", "add": 1}},
    {"pass_priority": "Alex"},
]


def visits(game: Game, step: dict) -> int:
    """How many objects applying ``step`` looked at."""
    view = counted(game)
    made = game.apply(step)
    assert made, step
    return view.handed


@pytest.mark.parametrize("step", CHEAP, ids=[next(iter(s)) for s in CHEAP])
def test_a_cheap_step_looks_at_no_more_objects_when_libraries_grow(step):
    """CR 704.3: state-based actions are checked whenever a player would receive priority; the
    check finds what it looks for (copies off the stack, 704.5e; unattached Auras, 704.5m;
    world permanents, 704.5k) without listing the libraries: 60 or 10,000 cards, same count."""
    small = visits(board(60, 10), step)
    big = visits(board(10_000, 10), step)
    assert big == small, (small, big)
    assert small <= 10, small


ONE_CARD = [
    {"cast": {"card": "bears", "by": "Alex"}},
    {"move": {"object": "bears", "to": "graveyard"}},
    {"create": {"id": "spirit", "name": "Spirit", "controller": "Bianca", "zone": "battlefield",
                "token": True}},
]


@pytest.mark.parametrize("step", ONE_CARD, ids=[next(iter(s)) for s in ONE_CARD])
def test_a_step_that_moves_one_card_looks_at_no_more_objects_when_libraries_grow(step):
    """A spell cast (CR 601.2a: the card moves to the stack; storm, CR 702.40a, asks whether a
    card with storm exists anywhere), a card put into a graveyard, a token made (CR 111.1):
    triggered abilities look for their sources on the battlefields (CR 603.2), state-based
    actions follow (CR 704.3); none of it lists the libraries."""

    def count(library: int) -> int:
        game = board(library, 10)
        game.add_object("bears", "Grizzly Bears", owner="Alex", zone="hand")
        return visits(game, step)

    small, big = count(60), count(10_000)
    assert big == small, (small, big)
    assert small <= 40, small


def test_a_cheap_step_looks_at_no_more_objects_when_the_battlefield_grows():
    """CR 704.3 with 10 or 1,000 tokens on the battlefield: the Aura and world checks look at
    Auras and world permanents, not at every permanent."""
    small = visits(board(60, 10), CHEAP[0])
    big = visits(board(60, 1_000), CHEAP[0])
    assert big == small, (small, big)


def subgame(library: int) -> Game:
    """Two players in a subgame (CR 726.2: their libraries became its libraries), in its
    precombat main phase with priority."""
    game = Game(["Alex", "Bianca"], seed=1, libraries={"Alex": library, "Bianca": library})
    game.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    game.cast("shahrazad", "Alex")
    game.resolve("shahrazad")
    game.advance("main")
    assert game.subgames == 1 and game.current.priority is not None
    return game


def test_a_cheap_step_in_a_subgame_looks_at_no_more_objects_when_libraries_grow():
    """CR 726.2 moves every library into the subgame: a step there checks state-based actions
    in the subgame (CR 704.3) without listing those libraries."""
    step = {"counters": {"player": "Alex", "kind": "poison", "add": 1}}
    small = visits(subgame(60), step)
    big = visits(subgame(5_000), step)
    assert big == small, (small, big)
    assert small <= 10, small


def kept_per_step(game: Game, steps: int) -> float:
    """Bytes the game keeps for each of ``steps`` cheap steps (trace, snapshots, undo)."""
    game.apply(CHEAP[0])
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for i in range(steps):
            game.apply(CHEAP[i % 2])
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return (after - before) / steps


def test_a_cheap_step_keeps_memory_for_its_change_only():
    """DESIGN.md section 4: snapshots share structure. A step that changes a player's counters
    or life keeps a few records (its change, the changed game and seat, its step), not a copy
    of the world, nor a copy of the random generator's state for undo when no card was
    shuffled (624 numbers: 25 kB)."""
    small = kept_per_step(board(60, 10), 200)
    big = kept_per_step(board(10_000, 10), 200)
    assert small < 4_000 and big < 4_000, (small, big)


def test_undo_after_cheap_steps_gives_back_the_same_shuffles():
    """The cheap steps share the random generator's state they keep for undo; undoing the
    shuffles of a subgame's start (CR 726.2, 103.3) and a cheap step before them, then playing
    them again, gives the same trace."""
    game = Game(["Alex", "Bianca"], seed=3, libraries={"Alex": 20, "Bianca": 20})
    game.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    for i in range(3):
        game.apply({"life": {"player": "Bianca", "add": -1}} if i % 2
                   else {"counters": {"player": "Alex", "kind": "energy", "add": 1}})
    game.cast("shahrazad", "Alex")
    game.resolve("shahrazad")
    played = [s.describe() for s in game.trace]
    for _ in range(3):
        game.undo()
    assert game.subgames == 0 and len(game.trace) < len(played)
    game.apply({"counters": {"player": "Alex", "kind": "energy", "add": 1}})
    game.cast("shahrazad", "Alex")
    game.resolve("shahrazad")
    assert [s.describe() for s in game.trace] == played


def test_a_draw_looks_at_the_top_card_not_at_the_library():
    """CR 504.1 and 121.1: in the draw step the active player puts the top card of their library
    into their hand. The library is kept in order from step to step, so a turn (untap, upkeep,
    draw) looks at the same objects with 100 (at least ``state.KEPT_IN_ORDER``: a smaller zone
    is sorted when listed) or 10,000 cards in each library, but for the binary search that takes
    the drawn card out of its place (a few more in a larger library)."""

    def turn(library: int) -> int:
        game = Game(["Alex", "Bianca"], seed=1, libraries={"Alex": library, "Bianca": library})
        game.add_object("angel", "Serra Angel", owner="Alex", zone="battlefield")
        game.add_object("anthem", "Glorious Anthem", owner="Bianca", zone="battlefield")
        for _ in range(2):  # each player draws once: their library is put in order
            game.apply({"advance": "next_turn"})
            game.apply({"advance": "main"})
        game.apply({"advance": "next_turn"})
        drawer = game.active
        hand = len(game.zone("hand", drawer))
        count = visits(game, {"advance": "main"})  # upkeep, draw step, main phase
        assert len(game.zone("hand", drawer)) == hand + 1
        return count

    small, big = turn(100), turn(10_000)
    assert small <= 20 and big <= small + 2 * math.ceil(math.log2(10_000 / 100)), (small, big)


def test_an_expected_count_of_a_zone_looks_at_no_object():
    """``check`` evaluates ``{zone: library, owner: Alex, count: N}`` by the zone's size: no
    card of a 10,000-card library is looked at, and a wrong count still says both numbers."""
    game = board(10_000, 0)
    view = counted(game)
    assert expectations.check(game, {"zone": "library", "owner": "Alex", "count": 10_000}) == []
    assert expectations.check(game, {"zone": "library", "count": 40_000}) == []
    assert expectations.check(game, {"zone": "battlefield", "count": 5}) == []
    assert expectations.check(game, {"zone": "library", "owner": "Cho", "count": 9}) == [
        ("9 objects in Cho library of game main", "10000")]
    assert view.handed == 0
    assert expectations.check(game, {"zone": "battlefield", "owner": "Dev", "count": 1}) == []


def test_a_moved_card_shares_what_it_keeps_and_what_a_move_resets():
    """CR 726.2 moves every library into the subgame (and CR 726.5 back): each card becomes a
    new object (CR 400.7), but what it keeps from zone to zone (``objects.Card``) and what a
    move resets (``objects.State``) are records shared by every card that has the same, so a
    trace that moves whole libraries keeps about 370 bytes per card moved (560 before: each
    object held its 37 fields)."""
    fresh = Game(["Alex", "Bianca", "Cho", "Dev"], seed=1, libraries=dict.fromkeys(PLAYERS, 500))
    fresh.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        fresh.cast("shahrazad", "Alex")
        fresh.resolve("shahrazad")
        fresh.win("Bianca")
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    moved = sum(len(getattr(c, "ids", ())) or 1 for s in fresh.trace for c in s.changes)
    assert kept / moved < 450, kept / moved
    game = subgame(500)
    library = game.world.in_zone(1, Zone.LIBRARY, "Alex")
    assert len(library) > 400
    assert len({id(card.card) for card in library}) == 1
    assert len({id(card.state) for card in library}) == 1
    assert game.obj(library[0].id).damage == 0 and library[0].types == ()
