"""The transaction is the only writer of the world (DESIGN.md section 3): replaying the typed
changes each step recorded, from the world before the first step, gives every step's snapshot."""

from __future__ import annotations

import random
from dataclasses import fields, replace
from pathlib import Path

import pytest

from magicsub import Game
from magicsub.engine.changes import Move, MoveAll, Tap, replay
from magicsub.engine.state import World, timestamp
from magicsub.engine.zones import Zone

SCENARIOS = sorted((Path(__file__).resolve().parent.parent / "magicsub" / "scenarios")
                   .glob("*.yaml"))


def _first_difference(a, b) -> str:
    for f in fields(a):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if x != y:
            if hasattr(x, "items") and hasattr(y, "items"):
                keys = sorted({*x.keys(), *y.keys()}, key=str)
                diff = [k for k in keys if x.get(k) != y.get(k)]
                return f"{f.name}: {diff[:3]}: replayed {x.get(diff[0])!r} != {y.get(diff[0])!r}"
            return f"{f.name}: replayed {x!r} != snapshot {y!r}"
    return "no difference"


def in_order(world: World, places=None) -> dict:
    """The ids of each place ``world`` keeps in order (or of ``places``), as it keeps them, or,
    for ``places``, as sorting them afresh gives them (``World.ordered``)."""
    if places is None:
        return {key: [o.id for o in world.ordered(key)] for key in (world._orders or {})}
    return {key: [o.id for o in sorted((world.objects[i] for i in world.places.get(key, ())),
                                       key=timestamp)] for key in places or {}}


def assert_replays(trace) -> None:
    world = trace.initial
    assert world is not None
    for step in trace:
        world = replay(world, step.changes)
        assert world == step.snapshot, (
            f"step {step.index} ({step.rule}, {step.action}) wrote state it did not record: "
            + _first_difference(world, step.snapshot))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_replaying_the_changes_gives_every_snapshot(path, scenario_runs):
    result = scenario_runs[path.name]
    assert len(result.trace) > 0
    assert_replays(result.trace)


def test_replay_catches_a_write_without_a_change():
    """The check can fail: a step whose snapshot holds a tapped creature but whose changes lost
    the Tap change does not replay."""
    g = Game(["Alex", "Bianca", "Cho"], seed=1)
    g.add_object("bears", "Grizzly Bears", owner="Alex")
    g.apply({"life": {"player": "Bianca", "add": -1}})
    trace = g.trace
    step = trace[-1]
    world = replay(trace.initial, step.changes)
    assert world == step.snapshot
    broken = replay(trace.initial, step.changes + (Tap("bears", "Grizzly Bears", True),))
    assert broken != step.snapshot


def test_the_trace_cannot_be_cleared_to_reopen_set_up():
    """Game.trace is a read-only record: it cannot be cleared or replaced, so set-up stays
    closed once play has begun."""
    g = Game(["Alex", "Bianca"], seed=1)
    g.add_object("bears", "Grizzly Bears", owner="Alex")
    g.apply({"life": {"player": "Bianca", "add": -1}})
    with pytest.raises(AttributeError):
        g.trace.clear()
    with pytest.raises(AttributeError):
        g.trace = []
    with pytest.raises(TypeError):
        g.trace[0] = None
    from magicsub import RulesError

    with pytest.raises(RulesError):
        g.add_object("angel", "Serra Angel", owner="Bianca")
    assert len(g.trace) == 1


def _subgame(n: int) -> Game:
    """Four players with ``n``-card libraries: Shahrazad is cast and resolves, Bianca wins."""
    players = ["Alex", "Bianca", "Cho", "Dana"]
    g = Game(players, seed=1, libraries={p: n for p in players})
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    for request in ({"cast": {"card": "shahrazad", "by": "Alex"}}, {"resolve": "shahrazad"},
                    {"win": "Bianca"}):
        g.apply(request)
    return g


def test_a_subgame_makes_as_many_changes_whatever_the_size_of_the_libraries():
    """CR 726.2 and 726.5 move whole zones: starting and ending a four-player subgame records
    one ``MoveAll`` per library each way (with its shuffle), so the number of changes does not
    grow with the libraries (60 or 600 cards), and replaying them gives every snapshot."""
    counts = []
    for n in (60, 600):
        g = _subgame(n)
        made = [c for s in g.trace for c in s.changes]
        zones = [c for c in made if isinstance(c, MoveAll)]
        assert len(zones) == 8 and all(c.shuffled for c in zones)
        assert sum(len(c.cards) for c in zones) == 4 * n + 4 * n  # there, and back
        assert sum(isinstance(c, Move) for c in made) == 4 * 7 + 2  # the hands, Shahrazad
        counts.append(len(made))
        assert_replays(g.trace)
    assert counts[0] == counts[1] <= 80


def test_replaying_a_zone_move_gives_its_snapshot_and_a_lost_card_does_not():
    """The check can fail for a ``MoveAll`` too: the 726.2 step replays to its snapshot; the
    same change with one card left out of what it writes does not."""
    g = _subgame(10)
    step = next(s for s in g.trace if s.rule == "726.2"
                and any(isinstance(c, MoveAll) for c in s.changes))
    before = g.trace[step.index - 1].snapshot
    assert replay(before, step.changes) == step.snapshot
    (change,) = step.changes
    lost = replace(change, after=change.after[1:])
    assert replay(before, (lost,)) != step.snapshot


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_the_place_index_agrees_with_the_objects_after_every_step(path, scenario_runs):
    """``World.places``, ``World.marks``, ``World.card_names`` and the places kept in order
    are carried from world to world by the changes; after every step each is what indexing the
    snapshot's objects afresh gives (so no zone listing misses an object, and no state-based
    action misses a permanent, CR 704.3)."""
    result = scenario_runs[path.name]
    for step in result.trace:
        world = step.snapshot
        fresh = World(world.objects, world.games)
        assert world.places == fresh.places, step.describe()
        assert world.marks == fresh.marks, step.describe()
        assert world.card_names == fresh.card_names, step.describe()
        assert in_order(world) == in_order(fresh, world._orders), step.describe()


def test_the_indexes_agree_after_changes_that_write_whole_zones():
    """A change that writes more than ``state.BULK`` objects (CR 726.2 moves a library into
    the subgame, CR 726.5 moves it back with the cards on the subgame's battlefield, a
    shuffle) updates the indexes zone by zone; CR 800.4a takes a player's permanents one by
    one. After each step the indexes are still what indexing afresh gives, with the libraries
    and the battlefields listed (kept in order) before each request."""
    from magicsub.engine.state import BULK, KEPT_IN_ORDER

    n = max(3 * BULK, 2 * KEPT_IN_ORDER)
    g = Game(["Alex", "Bianca", "Cho"], seed=5, libraries={"Alex": n, "Bianca": n, "Cho": 9})
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    for i in range(n):
        g.add_object(f"bear-{i}", "Grizzly Bears", owner="Bianca", zone="battlefield")
    g.add_object("ward", "Mind Control", owner="Cho", attached_to="bear-0")
    g.add_object("curse", "Curse of Surveillance", owner="Bianca", attached_to="Cho")
    requests = [{"cast": {"card": "shahrazad", "by": "Alex"}}, {"resolve": "shahrazad"},
                {"advance": "main"}]
    # cards put onto the subgame's battlefield go back to the main-game library together
    requests += [{"move": {"object": f"Alex#{i}", "to": "battlefield"}} for i in range(1, n, 2)]
    requests += [{"win": "Bianca"}, {"leave": "Bianca"}, {"advance": "next_turn"},
                 {"advance": "main"}]
    for request in requests:
        world = g.world
        for gid in world.games:
            for player in g.players:
                world.in_zone(gid, Zone.LIBRARY, player)
            world.in_zone(gid, Zone.BATTLEFIELD)
        for step in g.apply(request):
            snapshot = step.snapshot
            fresh = World(snapshot.objects, snapshot.games)
            assert snapshot.places == fresh.places, step.describe()
            assert snapshot.marks == fresh.marks, step.describe()
            assert snapshot.card_names == fresh.card_names, step.describe()
            assert in_order(snapshot) == in_order(fresh, snapshot._orders), step.describe()
    # Bianca's bears left with her (800.4a): Cho's Mind Control, attached to nothing, went to
    # Cho's graveyard (704.5m); Bianca's Curse left with her.
    assert g.world.marked(0, "type", "aura") == []
    assert g.where("ward") == ("main", "graveyard") and g.where("curse") == ("outside", "outside")


def test_zones_kept_in_order_agree_with_a_fresh_sort_after_random_moves():
    """``World.ordered`` keeps a zone of at least ``state.KEPT_IN_ORDER`` objects in order
    from change to change (one id out, one in): after 300 random moves of cards between
    libraries, hands, graveyards, the battlefield and exile, to the top or the bottom (CR
    400.7: each becomes a new object with a new timestamp), every zone kept in order is what
    sorting it afresh gives. Seeded: the same moves at every run."""
    from magicsub.engine.errors import RulesError
    from magicsub.engine.state import KEPT_IN_ORDER

    rng = random.Random(28)
    size = KEPT_IN_ORDER + 36
    g = Game(["Alex", "Bianca"], seed=2, libraries={"Alex": size, "Bianca": size})
    for i in range(KEPT_IN_ORDER + 6):
        g.add_object(f"bear-{i}", "Grizzly Bears", owner="Alex", zone="battlefield")
    zones = ["library", "hand", "graveyard", "battlefield", "exile"]
    moved = 0
    for _ in range(300):
        world = g.world
        for zone in (Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD):
            for player in g.players:
                world.in_zone(0, zone, player)
        world.in_zone(0, Zone.BATTLEFIELD)
        world.in_zone(0, Zone.EXILE)
        oid = rng.choice(sorted(world.objects))
        to = rng.choice([z for z in zones if z != world.objects[oid].place])
        try:
            made = g.apply({"move": {"object": oid, "to": to, "bottom": rng.random() < 0.3}})
        except RulesError:
            continue
        moved += 1
        for step in made:
            snapshot = step.snapshot
            fresh = World(snapshot.objects, snapshot.games)
            assert in_order(snapshot) == in_order(fresh, snapshot._orders), step.describe()
    assert moved > 200 and len(g.world._orders) >= 3
