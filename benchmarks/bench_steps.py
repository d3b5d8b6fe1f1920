"""Cheap steps in big worlds (issue 28, item 2): a step that changes one thing should cost about
that, however large the libraries and the battlefield.

- A cheap step (a player's counters, then a player's life, in turn) in a 10-player game: CPU
  time per step with 60-card and with 10,000-card libraries, measured in turns in the same run;
  the ratio is judged flat (budget 2, as the growth rows). The same with 10 and with 2,500
  tokens on the battlefield.
- The three cases of the issue, as ``magicsub check`` runs them (the scenario loaded from data,
  run, its expectations checked) and as ``magicsub show`` runs them (then the trace's text):
  10 players with 10,000-card libraries and 2,000 cheap steps; 2,500 tokens and 10,000 cheap
  steps; 16 nested subgames with 10,000-card libraries, 200 cheap steps in the deepest, then
  every subgame won. Seconds of CPU time, and the memory the nested game keeps (``tracemalloc``,
  measured on a run of its own).

``measure(tiny=True)`` runs the same code at sizes small enough for a unit test.
Run alone: ``python benchmarks/bench_steps.py``.
"""

from __future__ import annotations

import sys
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import budget  # noqa: E402
from budget import Budget, Row, clock, collect, table  # noqa: E402

import magicsub  # noqa: E402
from magicsub.views.textview import trace_text  # noqa: E402

FLAT = Budget("<=", 2, "x")
SIZES = {
    False: {"players": 10, "libraries": (60, 10_000), "tokens": (10, 2_500), "steps": 1_000,
            "runs": 3, "case_players": (10, 10_000, 2_000), "case_tokens": (2_500, 10_000),
            "case_nested": (16, 10_000, 200)},
    True: {"players": 3, "libraries": (10, 60), "tokens": (2, 20), "steps": 5, "runs": 1,
           "case_players": (3, 20, 10), "case_tokens": (20, 10), "case_nested": (2, 20, 3)},
}


def names(count: int) -> list[str]:
    """``count`` player names."""
    return [f"P{i + 1}" for i in range(count)]


def cheap(players: list[str], i: int) -> dict:
    """The ``i``-th cheap step: a player's energy counters, or a player's life, in turn."""
    player = players[i % len(players)]
    if i % 2:
        return {"life": {"player": player, "add": 1}}
    return {"counters": {"player": player, "kind": "energy", "add": 1}}


# -- a cheap step, small world against big world -------------------------------------------------

def world(players: int, library: int, tokens: int) -> magicsub.Game:
    """``players`` with ``library``-card libraries and ``tokens`` Soldier tokens on the
    battlefield, one cheap step already applied."""
    seats = names(players)
    game = magicsub.Game(seats, seed=1, libraries={p: library for p in seats})
    for i in range(tokens):
        game.add_object(f"soldier-{i}", "Soldier", owner=seats[i % players], zone="battlefield",
                        token=True, types=["creature"], power=1, toughness=1, plain=True)
    game.apply(cheap(seats, 0))
    return game


def timed_steps(game: magicsub.Game, steps: int) -> float:
    """CPU seconds per step of ``steps`` more cheap steps."""
    seats = list(game.players)
    done = len(game.trace)
    collect()
    start = clock()
    for i in range(done, done + steps):
        game.apply(cheap(seats, i))
    return (clock() - start) / steps


def flat_row(sizes: dict, key: str, what: str, small: tuple[int, int],
             big: tuple[int, int]) -> Row:
    """The time per cheap step in a small and a big world (``(library, tokens)``), taken in
    turns (the fastest of ``runs`` rounds each), and their ratio."""
    players, steps = sizes["players"], sizes["steps"]
    games = {size: world(players, *size) for size in (small, big)}
    times: dict[tuple[int, int], list[float]] = {small: [], big: []}
    for _ in range(sizes["runs"]):
        for size, game in games.items():
            times[size].append(timed_steps(game, steps))
    fast = {size: min(ts) for size, ts in times.items()}
    us = {size: round(t * 1e6, 1) for size, t in fast.items()}
    raw = {"players": players, "steps": steps, "runs": sizes["runs"],
           "us_per_step": {f"{lib} cards, {tok} tokens": us[(lib, tok)]
                           for lib, tok in (small, big)}}
    return Row(f"engine.step.{key}", "engine", what, round(fast[big] / fast[small], 2), "x",
               FLAT, raw, note=f"{us[small]:,} µs and {us[big]:,} µs per step")


def flat_rows(sizes: dict) -> list[Row]:
    """The cost of a cheap step as libraries grow, and as the battlefield grows."""
    (small_lib, big_lib), (few, many) = sizes["libraries"], sizes["tokens"]
    players = sizes["players"]
    return [
        flat_row(sizes, "libraries", f"a cheap step, {players} players: {big_lib:,}-card over "
                 f"{small_lib}-card libraries", (small_lib, 0), (big_lib, 0)),
        flat_row(sizes, "battlefield", f"a cheap step, {players} players: {many:,} over {few} "
                 "tokens on the battlefield", (small_lib, few), (small_lib, many)),
    ]


# -- the three cases, as check and show run them -------------------------------------------

def players_case(players: int, library: int, steps: int) -> dict:
    """``players`` with ``library``-card libraries and ``steps`` cheap steps."""
    seats = names(players)
    first = sum(1 for i in range(0, steps, 2) if i % players == 0)  # P1's counters steps
    return {"title": "many players, big libraries, cheap steps", "players": seats, "seed": 1,
            "libraries": {p: library for p in seats},
            "steps": [cheap(seats, i) for i in range(steps)],
            "expect": [{"player": "P1", "counters": {"energy": first}}]}


def tokens_case(tokens: int, steps: int) -> dict:
    """Two players, ``tokens`` Soldier tokens on the battlefield, ``steps`` cheap steps."""
    seats = ["Alex", "Bianca"]
    return {"title": "tokens and cheap steps", "players": seats, "seed": 1,
            "objects": [{"id": f"soldier-{i}", "name": "Soldier", "owner": seats[i % 2],
                         "zone": "battlefield", "token": True, "types": ["creature"],
                         "power": 1, "toughness": 1, "plain": True} for i in range(tokens)],
            "steps": [cheap(seats, i) for i in range(steps)],
            "expect": [{"player": "Bianca", "life": 20 + steps // 2}]}


def nested_case(depth: int, library: int, steps: int) -> tuple[dict, magicsub.Game]:
    """Two players with ``library``-card libraries: ``depth`` nested subgames (the active player
    brings a Shahrazad in and casts it, CR 726.4a), ``steps`` cheap steps in the deepest, then
    each subgame won, winners alternating. Return the scenario and the game it was found by
    (the steps name whoever is active, so they are found by playing them)."""
    seats = ["Alex", "Bianca"]
    objects = [{"id": f"s-{p}-{i}", "name": "Shahrazad", "owner": p, "zone": "outside"}
               for p in seats for i in range(depth)]
    game = magicsub.Game(seats, seed=1, libraries={p: library for p in seats})
    for spec in objects:
        game.add_object(**spec)
    played: list[dict] = []

    def play(step: dict) -> None:
        game.apply(step)
        played.append(step)

    used = dict.fromkeys(seats, 0)
    for _ in range(depth):
        if game.current.step != "main" or game.priority != game.active:
            play({"advance": "main"})
        player = game.active
        card = f"s-{player}-{used[player]}"
        used[player] += 1
        play({"bring_in": {"object": card, "to": "hand"}})
        play({"cast": {"card": card, "by": player}})
        play({"resolve": card})
    play({"advance": "main"})
    for i in range(steps):
        play(cheap(seats, i))
    for level in range(depth):
        play({"win": seats[level % 2]})
    scenario = {"title": "nested subgames, big libraries", "players": seats, "seed": 1,
                "libraries": {p: library for p in seats}, "objects": objects, "steps": played,
                "expect": [{"subgames": 0}]}
    return scenario, game


def check_and_show(data: dict) -> tuple[float, float, int]:
    """CPU seconds of ``magicsub check`` (load, run, expectations) and of ``magicsub show``
    (the same, then the trace's text) on the scenario ``data``, and the trace's steps."""
    collect()
    start = clock()
    result = magicsub.load_scenario(data=data, name="bench").run()
    checked = clock() - start
    assert result.ok, result.failures
    start = clock()
    trace_text(result, colour=False)
    return checked, checked + clock() - start, len(result.trace)


def kept_bytes(make) -> tuple[int, object]:
    """Bytes ``make()`` leaves allocated (``tracemalloc``), and what it returned."""
    collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        made = make()
        collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return after - before, made


def case_rows(sizes: dict) -> list[Row]:
    """The issue's three cases: check and show seconds; the nested game's memory."""
    rows = []
    players, library, steps = sizes["case_players"]
    check, show, made = check_and_show(players_case(players, library, steps))
    rows += [Row("engine.case.players.check", "engine",
                 f"check: {players} players x {library:,} cards, {steps:,} cheap steps",
                 round(check, 2), " s", None, {"steps": made}),
             Row("engine.case.players.show", "engine", "show: the same", round(show, 2), " s",
                 None, {"steps": made})]
    tokens, steps = sizes["case_tokens"]
    check, show, made = check_and_show(tokens_case(tokens, steps))
    rows += [Row("engine.case.tokens.check", "engine",
                 f"check: {tokens:,} tokens, {steps:,} cheap steps", round(check, 2), " s", None,
                 {"steps": made}),
             Row("engine.case.tokens.show", "engine", "show: the same", round(show, 2), " s",
                 None, {"steps": made})]
    depth, library, steps = sizes["case_nested"]
    kept, (data, game) = kept_bytes(lambda: nested_case(depth, library, steps))
    del game
    check, show, made = check_and_show(data)
    what = (f"{depth} nested subgames, 2 players x {library:,} cards, {steps} cheap steps in "
            "the deepest")
    rows += [Row("engine.case.nested.check", "engine", f"check: {what}", round(check, 2), " s",
                 None, {"steps": made}),
             Row("engine.case.nested.show", "engine", "show: the same", round(show, 2), " s",
                 None, {"steps": made}),
             Row("engine.case.nested.memory", "engine",
                 "memory the nested game keeps (its trace, snapshots and undo)",
                 round(kept / 1e6, 1), " MB", None, {"bytes": kept, "steps": made})]
    return rows


def measure(tiny: bool = False) -> list[Row]:
    """Every row; ``tiny`` for the unit test's small sizes."""
    sizes = SIZES[tiny]
    budget.COLLECT = not tiny
    return flat_rows(sizes) + case_rows(sizes)


def main() -> None:
    """Print the rows as a table."""
    print(table([row.as_json() for row in measure()]))


if __name__ == "__main__":
    main()
