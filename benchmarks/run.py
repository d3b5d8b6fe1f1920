"""Run every benchmark under benchmarks/ in one process (``make bench``): print each group's
table, every row with its budget and verdict, and write them to ``benchmarks/results.json``
(which the book's "Performance" page shows).

    python benchmarks/run.py [--tiny] [--out FILE]

``--tiny`` runs every benchmark at sizes small enough for a unit test (and writes nothing unless
``--out`` is given). Each ``bench_*.py`` beside this file has ``measure(tiny) -> list[Row]``.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import json
import os
import platform
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from budget import table  # noqa: E402

RESULTS = HERE / "results.json"
ORDER = ("bench_engine", "bench_render", "bench_browser", "bench_make_test")
"""Modules run first, in this order; any other ``bench_*.py`` follows, by name."""

METHOD = ("Engine and render: this process's CPU time (other processes on a shared machine do "
          "not count), against baselines run in turns with the engine in the same run; the "
          "fastest of 7, 3 or 1 runs (1 for the largest cases, so that the whole run takes about "
          "3 minutes on 2 cores); 8 players x 6,000 cards timed once with the garbage collector "
          "watched; render: median of 200 calls. Browser: wall time, medians of 5 cold loads "
          "of each page taken in turns, 8 clicks at each speed.")


def modules() -> list[Path]:
    """The benchmark modules in the order they run."""
    found = {p.stem: p for p in HERE.glob("bench_*.py")}
    first = [found.pop(name) for name in ORDER if name in found]
    return first + [found[name] for name in sorted(found)]


def load(path: Path):
    """Import a benchmark module from its file."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    spec.loader.exec_module(module)
    return module


def machine() -> dict:
    """What the numbers were measured on."""
    return {"python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "cpus": os.cpu_count(), "system": f"{platform.system()} {platform.machine()}"}


def results(tiny: bool = False, *, echo=print, loaded: list | None = None) -> dict:
    """Run every module's ``measure(tiny)`` (``loaded``: these modules instead of every
    ``bench_*.py``); ``echo`` each group's table as it is done; return the whole as
    results.json holds it."""
    started = time.perf_counter()
    rows: list[dict] = []
    for module in loaded if loaded is not None else [load(p) for p in modules()]:
        echo(f"## {module.__name__}\n")
        step = time.perf_counter()
        measured = [row.as_json() for row in module.measure(tiny)]
        rows += measured
        echo(table(measured))
        echo(f"\n({time.perf_counter() - step:.0f} s)\n")
    return {"date": datetime.date.today().isoformat(), "machine": machine(),
            "sizes": "tiny" if tiny else "full", "method": METHOD,
            "seconds": round(time.perf_counter() - started), "rows": rows}


def summary(data: dict) -> str:
    """One line: how many budgets are met and missed, and which are missed."""
    judged = [r for r in data["rows"] if r["budget"]]
    missed = [r["id"] for r in judged if r["verdict"] == "missed"]
    unmeasured = [r["id"] for r in judged if r["verdict"] == "not measured"]
    line = (f"{len(judged) - len(missed) - len(unmeasured)} of {len(judged)} budgets met"
            f"{'; missed: ' + ', '.join(missed) if missed else ''}"
            f"{'; not measured: ' + ', '.join(unmeasured) if unmeasured else ''}")
    return line


def main(argv: list[str] | None = None) -> int:
    """Run, print, write."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiny", action="store_true", help="small sizes (a quick check)")
    parser.add_argument("--out", type=Path, help=f"where to write the JSON (default {RESULTS})")
    args = parser.parse_args(argv)
    data = results(args.tiny)
    print(summary(data))
    out = args.out or (None if args.tiny else RESULTS)
    if out:
        out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf8")
        print(f"Written to {out} ({data['seconds']} s in all).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
