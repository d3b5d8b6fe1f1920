"""`make test` on a fresh clone (DESIGN.md section 8: under 5 minutes on 2 cores).

Not run here (it takes minutes and builds the book): the last run that `make test` recorded in
``.cache/test-times.json`` (``{"total_s": ..., "stages": {...}}``) is read, else the row says
"not measured". Run alone: ``python benchmarks/bench_make_test.py``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from budget import Budget, Row, table  # noqa: E402

TIMES = Path(__file__).resolve().parents[1] / ".cache" / "test-times.json"
BUDGET = Budget("<", 300, " s")
WHAT = "`make test` on a fresh clone (installs included), last recorded run"


def measure(tiny: bool = False, path: Path | None = None) -> list[Row]:
    """The row of the last recorded `make test` run in ``path`` (default ``TIMES``), or a row
    without a value."""
    path = path or TIMES
    if not path.is_file():
        return [Row("make_test", "make test", WHAT, None, " s", BUDGET,
                    note=f"no {path.name} yet (`make test` writes it)")]
    try:
        data = json.loads(path.read_text("utf8"))
        total = float(data["total_s"])
    except (ValueError, KeyError, TypeError) as error:
        return [Row("make_test", "make test", WHAT, None, " s", BUDGET,
                    note=f"{path.name} unreadable ({error!r})")]
    stages = data.get("stages", {})
    return [Row("make_test", "make test", WHAT, round(total, 1), " s", BUDGET,
                {"total_s": total, "stages": stages},
                note=", ".join(f"{k} {v:.0f} s" for k, v in stages.items()
                               if isinstance(v, (int, float))))]


def main() -> None:
    """Print the row as a table."""
    print(table([row.as_json() for row in measure()]))


if __name__ == "__main__":
    main()
