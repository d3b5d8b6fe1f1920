"""Engine benchmarks (DESIGN.md section 8), each against a baseline measured in the same run.

- A subgame started and ended (cast Shahrazad, resolve it, a player wins) at 2, 4 and 8 players
  with 60, 600 and 6,000-card libraries, against moving the same cards between plain Python
  lists and shuffling them with ``random.Random``; the budget is 20x at 4 players x 60 cards,
  and a cost per card per player that stays flat.
- Nested subgames, 1 to 16 levels deep (``magicsub.engine.limits.MAX_SUBGAME_DEPTH``): time per
level.
- A player with N permanents leaving the game (CR 800.4a), N = 100 ... 10,000: time per permanent.
- The share of the time spent in the garbage collector (``gc.callbacks``), 8 players x 6,000.
- Trace memory (``tracemalloc``): bytes per step in small and big worlds, bytes per change of a
  subgame at each library size.

``measure(tiny=True)`` runs the same code at sizes small enough for a unit test.
Run alone: ``python benchmarks/bench_engine.py``.
"""

from __future__ import annotations

import gc
import random
import sys
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import budget  # noqa: E402
from budget import Budget, Row, best, best_pair, clock, collect, growth, table  # noqa: E402

import magicsub  # noqa: E402
from magicsub.engine.limits import MAX_SUBGAME_DEPTH  # noqa: E402

HAND = 7
FLAT = Budget("<=", 2, "")
SIZES = {
    False: {"players": (2, 4, 8), "cards": (60, 600, 6000), "depths": (1, 2, 4, 8, 16, 20),
            "nest_library": 200, "permanents": (100, 1000, 3000, 10000),
            "memory_libraries": (10, 1000, 10000), "memory_steps": 20,
            "memory_cards": (60, 300, 1500)},
    True: {"runs": 1, "players": (2, 4), "cards": (10, 60), "depths": (1, 2), "nest_library": 30,
           "permanents": (5, 10), "memory_libraries": (5, 10), "memory_steps": 3,
           "memory_cards": (10, 20)},
}


def repeats(sizes: dict, quick: bool, slow: bool = False) -> int:
    """How many timed runs a case gets: 7 if it is ``quick``, 1 if ``slow``, else 3; one at
    the tiny sizes."""
    return sizes.get("runs") or (7 if quick else 1 if slow else 3)


def names(count: int) -> list[str]:
    """``count`` player names."""
    return [f"P{i + 1}" for i in range(count)]


# -- a subgame, started and ended ----------------------------------------------------------------

def subgame_game(players: int, cards: int) -> magicsub.Game:
    """A game of ``players`` with ``cards``-card libraries and a Shahrazad in P1's hand."""
    seats = names(players)
    game = magicsub.Game(seats, seed=1, libraries={p: cards for p in seats})
    game.add_object("shahrazad", "Shahrazad", owner=seats[0], zone="hand")
    return game


def run_subgame(game: magicsub.Game) -> magicsub.Game:
    """Cast Shahrazad, resolve it (the subgame starts: 726.2, 726.3), and P2 wins it (726.5)."""
    game.apply({"cast": {"card": "shahrazad", "by": "P1"}})
    game.apply({"resolve": "shahrazad"})
    game.apply({"win": "P2"})
    assert game.subgames == 0
    return game


def baseline_subgame(players: int, cards: int, rng: random.Random | None = None) -> None:
    """The same cards moved with plain lists: each library into a new list, shuffled, seven drawn;
    then hand and library back, shuffled."""
    rng = rng or random.Random(1)
    for _ in range(players):
        main = list(range(cards))
        sub, hand = [], []
        while main:
            sub.append(main.pop())
        rng.shuffle(sub)
        for _ in range(min(HAND, len(sub))):
            hand.append(sub.pop())
        for zone in (hand, sub):
            while zone:
                main.append(zone.pop())
        rng.shuffle(main)


def changes(game: magicsub.Game) -> int:
    """The number of typed changes in a game's trace."""
    return sum(len(step.changes) for step in game.trace)


def moved(game: magicsub.Game) -> int:
    """The trace's typed changes counted per object they touch: a change that moves a whole
    zone (``MoveAll``) counts once per card, any other change once."""
    return sum(len(getattr(change, "ids", ())) or 1
               for step in game.trace for change in step.changes)


def subgame_rows(sizes: dict) -> list[Row]:
    """The subgame grid: ratio to the baseline per case, flatness of the cost per card per
    player, and the garbage collector's share in the largest case."""
    rows, points, raw_grid = [], [], {}
    largest = (max(sizes["players"]), max(sizes["cards"]))
    for players in sizes["players"]:
        for cards in sizes["cards"]:
            units = players * cards
            n = repeats(sizes, units <= 500, units > 5000)
            fresh = [subgame_game(players, cards) for _ in range(n)]
            if (players, cards) == largest:
                engine, gc_seconds, collections = gc_timed(fresh.pop())
                base = best(lambda p=players, c=cards: baseline_subgame(p, c), 5)
            else:
                engine, base = best_pair(lambda fresh=fresh: run_subgame(fresh.pop()),
                                         lambda p=players, c=cards: baseline_subgame(p, c), n)
            game = run_subgame(subgame_game(players, cards))
            per = engine / units * 1e6
            points.append((units, per))
            raw = {"players": players, "cards": cards, "engine_s": round(engine, 6),
                   "baseline_s": round(base, 6), "steps": len(game.trace),
                   "changes": changes(game), "us_per_card_per_player": round(per, 3),
                   "runs": n}
            raw_grid[f"{players}x{cards}"] = raw
            budget = Budget("<=", 20, "x") if (players, cards) == (4, 60) else None
            rows.append(Row(f"engine.subgame.{players}x{cards}", "engine",
                            f"subgame, {players} players x {cards} cards, vs lists",
                            round(engine / base, 2), "x", budget, raw))
    rows.append(Row("engine.subgame.linear", "engine",
                    "subgame: growth of the time per card per player over the grid",
                    growth(points), "", FLAT,
                    {k: v["us_per_card_per_player"] for k, v in raw_grid.items()},
                    note="1 = linear in cards and players"))
    players, cards = largest
    rows.append(Row("engine.gc", "engine",
                    f"garbage collector's share of a subgame, {players} players x {cards} cards",
                    round(gc_seconds / engine * 100, 1), "%", Budget("<=", 10, "%"),
                    {"total_s": round(engine, 4), "gc_s": round(gc_seconds, 4),
                     "collections_by_generation": collections},
                    note="budget chosen here for 'not the cost'"))
    return rows


def gc_timed(game: magicsub.Game) -> tuple[float, float, list[int]]:
    """Seconds of one subgame (``run_subgame``), seconds of it spent in the garbage collector
    (``gc.callbacks``), and its collections by generation."""
    spent, collections, started = [0.0], [0, 0, 0], []

    def callback(phase: str, info: dict) -> None:
        if phase == "start":
            started.append(clock())
        elif started:
            spent[0] += clock() - started.pop()
            collections[info["generation"]] += 1

    collect()
    gc.callbacks.append(callback)
    try:
        start = clock()
        run_subgame(game)
        total = clock() - start
    finally:
        gc.callbacks.remove(callback)
    return total, spent[0], collections


# -- nested subgames -----------------------------------------------------------------------------

def nested_game(library: int, levels: int) -> magicsub.Game:
    """Two players with ``library``-card libraries, each owning ``levels`` Shahrazads outside."""
    game = magicsub.Game(["Alex", "Bianca"], seed=1, libraries={"Alex": library,
                                                                  "Bianca": library})
    for player in ("Alex", "Bianca"):
        for i in range(levels):
            game.add_object(f"s-{player}-{i}", "Shahrazad", owner=player, zone="outside")
    return game


def nest(game: magicsub.Game, depth: int, used: dict[str, int] | None = None) -> magicsub.Game:
    """``depth`` subgames, each started inside the last (the active player brings a Shahrazad in
    and casts it, 726.4a), then ended one by one, winners alternating."""
    used = used if used is not None else {"Alex": 0, "Bianca": 0}
    for _ in range(depth):
        if game.current.step != "main" or game.priority != game.active:
            game.advance("main")
        player = game.active
        card = f"s-{player}-{used[player]}"
        used[player] += 1
        game.apply({"bring_in": {"object": card, "to": "hand"}})
        game.cast(card, player)
        game.resolve(card)
    assert game.subgames == depth, (game.subgames, depth)
    for level in range(depth):
        game.apply({"win": ("Alex", "Bianca")[level % 2]})
    assert game.subgames == 0
    return game


def baseline_nest(library: int, depth: int, rng: random.Random | None = None) -> None:
    """Plain lists for ``depth`` nested subgames of two players: at each level the libraries move
    into new lists, shuffled, seven drawn; at the end each level's cards go back, shuffled."""
    rng = rng or random.Random(1)
    for _ in range(2):
        levels = [list(range(library))]
        hands = []
        for _ in range(depth):
            sub, hand = [], []
            while levels[-1]:
                sub.append(levels[-1].pop())
            rng.shuffle(sub)
            for _ in range(min(HAND, len(sub))):
                hand.append(sub.pop())
            levels.append(sub)
            hands.append(hand)
        for _ in range(depth):
            sub, hand = levels.pop(), hands.pop()
            for zone in (hand, sub):
                while zone:
                    levels[-1].append(zone.pop())
            rng.shuffle(levels[-1])


def nesting_rows(sizes: dict) -> list[Row]:
    """Time per nesting level, 1 to the engine's limit, and its growth."""
    library = sizes["nest_library"]
    asked = sizes["depths"]
    depths = [d for d in asked if d <= MAX_SUBGAME_DEPTH]
    points, raw = [], {}
    for depth in depths:
        n = repeats(sizes, False, depth > 4)
        fresh = [nested_game(library, depth) for _ in range(n)]
        engine, base = best_pair(lambda fresh=fresh, d=depth: nest(fresh.pop(), d),
                                 lambda d=depth: baseline_nest(library, d), n)
        points.append((depth, engine / depth))
        raw[str(depth)] = {"engine_s": round(engine, 6), "baseline_s": round(base, 6),
                           "ms_per_level": round(engine / depth * 1e3, 3),
                           "ratio": round(engine / base, 2)}
    deepest = raw[str(depths[-1])]
    skipped = [d for d in asked if d > MAX_SUBGAME_DEPTH]
    note = (f"depth {', '.join(map(str, skipped))} not played: the engine stops at "
            f"{MAX_SUBGAME_DEPTH} levels (MAX_SUBGAME_DEPTH)") if skipped else ""
    return [
        Row("engine.nesting.linear", "engine",
            f"nesting {depths[0]}..{depths[-1]} levels (2 players x {library} cards): growth "
            "of the time per level", growth(points), "", FLAT,
            {"depths": raw, "asked": list(asked)}, note=note),
        Row("engine.nesting.ratio", "engine",
            f"nesting {depths[-1]} levels deep, start+end vs lists", deepest["ratio"], "x",
            None, deepest),
    ]


# -- leaving the game ----------------------------------------------------------------------------

def leave_game(permanents: int) -> magicsub.Game:
    """Three players; Bianca owns ``permanents`` Grizzly Bears on the battlefield."""
    game = magicsub.Game(["Alex", "Bianca", "Cho"], seed=1)
    for i in range(permanents):
        game.add_object(f"p{i}", "Grizzly Bears", owner="Bianca", zone="battlefield")
    return game


def baseline_leave(permanents: int) -> None:
    """The same number of items moved out of one list into another."""
    battlefield, gone = list(range(permanents)), []
    while battlefield:
        gone.append(battlefield.pop())


def leaving_rows(sizes: dict) -> list[Row]:
    """Time per permanent when their owner leaves (CR 800.4a), and its growth."""
    points, raw = [], {}
    for count in sizes["permanents"]:
        n = repeats(sizes, False, count > 3000)
        fresh = [leave_game(count) for _ in range(n)]
        engine, base = best_pair(lambda fresh=fresh: fresh.pop().apply({"leave": "Bianca"}),
                                 lambda c=count: baseline_leave(c), n)
        points.append((count, engine / count))
        raw[str(count)] = {"engine_s": round(engine, 6), "baseline_s": round(base, 6),
                           "us_per_permanent": round(engine / count * 1e6, 2),
                           "ratio": round(engine / base, 1)}
    counts = sizes["permanents"]
    return [Row("engine.leaving.linear", "engine",
                f"leaving with {counts[0]:,}..{counts[-1]:,} permanents: growth of the time "
                "per permanent", growth(points), "", FLAT, raw)]


# -- trace memory --------------------------------------------------------------------------------

def counters_game(library: int) -> magicsub.Game:
    """Three players with ``library``-card libraries."""
    return magicsub.Game(["Alex", "Bianca", "Cho"], seed=1,
                         libraries={"Alex": library, "Bianca": library, "Cho": library})


def step_seconds(library: int, steps: int) -> float:
    """Seconds per one-change step (a counter) in a 3-player game of ``library``-card
    libraries."""
    game = counters_game(library)
    collect()
    start = clock()
    for _ in range(steps):
        game.apply({"counters": {"player": "Alex", "kind": "energy", "add": 1}})
    return (clock() - start) / steps


def trace_memory(library: int, steps: int) -> float:
    """Bytes retained per step by ``steps`` one-change steps in a 3-player game of
    ``library``-card libraries."""
    game = counters_game(library)
    collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(steps):
            game.apply({"counters": {"player": "Alex", "kind": "energy", "add": 1}})
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert len(game.trace) == steps
    return (after - before) / steps


def subgame_memory(players: int, cards: int) -> tuple[float, int, int]:
    """Bytes retained by a subgame's steps (started and ended), its number of changes, and
    the number of objects they touch (``moved``)."""
    game = subgame_game(players, cards)
    collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        run_subgame(game)
        collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return after - before, changes(game), moved(game)


def memory_rows(sizes: dict) -> list[Row]:
    """Bytes per step across world sizes (flat: snapshots share structure), and bytes per
    object a change touches in a 4-player subgame across library sizes (linear in what the
    changes do: one change that moves a whole library carries each of its cards)."""
    steps = sizes["memory_steps"]
    per_step = {str(lib): round(trace_memory(lib, steps)) for lib in sizes["memory_libraries"]}
    step_ms = {str(lib): round(step_seconds(lib, steps) * 1e3, 3)
               for lib in sizes["memory_libraries"]}
    step_values = list(per_step.values())
    per_change, points = {}, []
    for cards in sizes["memory_cards"]:
        retained, count, touched = subgame_memory(4, cards)
        per_change[str(cards)] = {"bytes": retained, "changes": count, "touched": touched,
                                  "bytes_per_touched": round(retained / touched)}
        points.append((touched, retained / touched))
    libraries = sizes["memory_libraries"]
    return [
        Row("trace.memory.step", "trace",
            f"trace memory per step ({steps} one-change steps), largest/smallest world "
            f"({libraries[0]:,}..{libraries[-1]:,}-card libraries)",
            round(max(step_values) / min(step_values), 2), "", FLAT,
            {"bytes_per_step_by_library": per_step},
            note=f"{min(step_values):,}..{max(step_values):,} bytes per step"),
        Row("trace.memory.change", "trace",
            "trace memory of a 4-player subgame: growth of the bytes per object changed "
            f"({sizes['memory_cards'][0]:,}..{sizes['memory_cards'][-1]:,} cards)",
            growth(points), "", FLAT, per_change,
            note=", ".join(f"{v['bytes_per_touched']:,} B/object ({v['changes']} changes)"
                           for v in per_change.values())),
        Row("trace.step_time", "trace",
            f"time of a one-change step, largest/smallest world ({libraries[0]:,}.."
            f"{libraries[-1]:,}-card libraries)",
            round(step_ms[str(libraries[-1])] / step_ms[str(libraries[0])], 1), "x",
            Budget("<=", 2, "x"), {"ms_per_step_by_library": step_ms},
            note=f"{step_ms[str(libraries[0])]:.3g}..{step_ms[str(libraries[-1])]:.3g} ms per "
                 "step (issue 28: it grew with the world; bench_steps.py has more)"),
    ]


def measure(tiny: bool = False) -> list[Row]:
    """Every engine and trace row; ``tiny`` for the unit test's small sizes."""
    sizes = SIZES[tiny]
    budget.COLLECT = not tiny
    return subgame_rows(sizes) + nesting_rows(sizes) + leaving_rows(sizes) + memory_rows(sizes)


def main() -> None:
    """Print the rows as a table."""
    print(table([row.as_json() for row in measure()]))


if __name__ == "__main__":
    main()
