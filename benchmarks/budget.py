"""Rows of ``make bench``: a measured value, its budget (DESIGN.md section 8, issue 13) and a
verdict, printed as Markdown tables and written to ``benchmarks/results.json``.

>>> verdict(58.0, Budget("<=", 20, "x"))
('missed', 'missed by 2.9x')
>>> verdict(12.0, Budget("<=", 20, "x"))
('met', 'met')
>>> verdict(None, Budget("<=", 20, "x"))
('not measured', 'not measured')
>>> growth([(60, 3.0), (600, 2.0), (6000, 2.5)])
1.25
"""

from __future__ import annotations

import gc
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field

OPS = {"<=": lambda value, limit: value <= limit, "<": lambda value, limit: value < limit}


@dataclass(frozen=True)
class Budget:
    """A budget: the value must be ``op`` (``"<="`` or ``"<"``) ``limit``, counted in ``unit``."""

    op: str
    limit: float
    unit: str = ""

    def __post_init__(self) -> None:
        if self.op not in OPS:
            raise ValueError(f"a budget's op is one of {sorted(OPS)}, got {self.op!r}")
        if not self.limit > 0:
            raise ValueError(f"a budget's limit is positive, got {self.limit!r}")

    def __str__(self) -> str:
        return f"{self.op} {number(self.limit)}{self.unit}"


def number(value: float | None) -> str:
    """A value as a table shows it: three significant figures, thousands separated."""
    if value is None:
        return "–"
    if value == 0 or abs(value) >= 100:
        return f"{value:,.0f}"
    return f"{value:.3g}"


def verdict(value: float | None, budget: Budget | None) -> tuple[str, str]:
    """``(verdict, text)``: "met", "missed" (with by how much: value / limit), "not measured"
    (no value) or "no budget" (a measurement shown for context)."""
    if value is None:
        return "not measured", "not measured"
    if budget is None:
        return "no budget", ""
    if OPS[budget.op](value, budget.limit):
        return "met", "met"
    return "missed", f"missed by {value / budget.limit:.2g}x"


@dataclass
class Row:
    """One line of a table: what was measured, the value, its budget and the raw numbers."""

    id: str
    group: str
    what: str
    value: float | None
    unit: str = ""
    budget: Budget | None = None
    raw: dict = field(default_factory=dict)
    note: str = ""

    def as_json(self) -> dict:
        """The row as results.json stores it, with its verdict."""
        state, text = verdict(self.value, self.budget)
        return {"id": self.id, "group": self.group, "what": self.what, "value": self.value,
                "unit": self.unit, "budget": asdict(self.budget) if self.budget else None,
                "budget_text": str(self.budget) if self.budget else "",
                "verdict": state, "verdict_text": text, "note": self.note, "raw": self.raw}


def growth(points: Iterable[tuple[float, float]]) -> float:
    """How much a cost per unit grows with size: the largest ratio of the per-unit cost at a
    size to the cheapest per-unit cost at any size up to it (``points``: ``(size, per_unit)``).
    1.0 is linear; a fixed overhead at small sizes does not count against it; 2.0 means some
    size costs twice as much per unit as a smaller one."""
    worst, cheapest = 0.0, float("inf")
    for _, per_unit in sorted(points):
        cheapest = min(cheapest, per_unit)
        worst = max(worst, per_unit / cheapest)
    return round(worst, 3)


COLLECT = True
"""Whether ``collect()`` collects; the tiny sizes turn it off (a full collection in a test
process with a big heap costs more than the tiny benchmark it precedes)."""


def collect() -> None:
    """A full garbage collection (before a timed run), unless ``COLLECT`` says not to."""
    if COLLECT:
        gc.collect()


clock = time.process_time
"""The clock of the engine's benchmarks: this process's CPU time, not the wall clock, so that
the other processes of a shared machine do not count (both sides of a ratio use it)."""


def best(fn: Callable[[], object], repeat: int) -> float:
    """CPU seconds of the fastest of ``repeat`` calls of ``fn`` (a collection before each)."""
    times = []
    for _ in range(repeat):
        collect()
        start = clock()
        fn()
        times.append(clock() - start)
    return min(times)


def best_pair(engine: Callable[[], object], baseline: Callable[[], object], repeat: int,
              baseline_repeat: int = 5) -> tuple[float, float]:
    """Seconds of the fastest ``engine`` call and of the fastest ``baseline`` call, taken in
    turns (one engine call, then ``baseline_repeat`` baseline calls, ``repeat`` times), so that
    both see the same load on a shared machine."""
    engine_times, base_times = [], []
    for _ in range(repeat):
        engine_times.append(best(engine, 1))
        base_times.append(best(baseline, baseline_repeat))
    return min(engine_times), min(base_times)


def shown(row: dict) -> str:
    """A row's value with its unit."""
    return "–" if row["value"] is None else f"{number(row['value'])}{row['unit']}"


def table(rows: list[dict]) -> str:
    """Rows (as ``Row.as_json`` gives them) as a Markdown table: what, value, budget, verdict
    (and the row's note)."""
    lines = ["| what | value | budget | verdict |", "|---|---:|---|---|"]
    for row in rows:
        said = "; ".join(filter(None, (row["verdict_text"], row["note"])))
        lines.append(f"| {row['what']} | {shown(row)} | {row['budget_text'] or '–'} | {said} |")
    return "\n".join(lines)


GRID = re.compile(r"engine\.subgame\.(\d+)x(\d+)")


def grid(rows: list[dict]) -> str:
    """The subgame rows (``engine.subgame.PxN``) as a Markdown grid, players by library size:
    each case's ratio to the baseline and its microseconds per card per player."""
    cells = {tuple(map(int, m.groups())): row for row in rows if (m := GRID.fullmatch(row["id"]))}
    players = sorted({p for p, _ in cells})
    cards = sorted({c for _, c in cells})
    lines = ["| players | " + " | ".join(f"{c:,} cards" for c in cards) + " |",
             "|---|" + "---:|" * len(cards)]
    for p in players:
        lines.append(f"| {p} | " + " | ".join(
            f"{shown(cells[p, c])} ({cells[p, c]['raw']['us_per_card_per_player']:.0f} µs)"
            if (p, c) in cells else "–" for c in cards) + " |")
    return "\n".join(lines)


def page(run: dict, *groups: str) -> tuple[str, str]:
    """What the Performance page shows of a run's ``groups``: Markdown (the engine's subgame
    rows as a grid, then a table of the other rows) and a plain text (a row a line) for nbval."""
    rows = [row for row in run["rows"] if row["group"] in groups]
    listed = [row for row in rows if row["budget"] or not GRID.fullmatch(row["id"])]
    markdown = table(listed)
    if len(listed) < len(rows):
        markdown = f"{grid(rows)}\n\n{markdown}"
    plain = "\n".join(f"{row['id']}: {shown(row)} {row['verdict_text']}".rstrip()
                      for row in rows)
    return markdown, plain


def headline(run: dict) -> str:
    """The run's date, machine and count of budgets met, in a sentence."""
    judged = [row for row in run["rows"] if row["budget"]]
    met = sum(row["verdict"] == "met" for row in judged)
    machine = run["machine"]
    return (f"Last run: {run['date']}, {machine['implementation']} {machine['python']}, "
            f"{machine['cpus']} CPUs ({machine['system']}): **{met} of {len(judged)} budgets "
            "met**.")
