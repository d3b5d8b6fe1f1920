"""Print each stepper of the built book: its page, key, steps, and positions in compact mode.

Reads the static steppers' JSON in ``_build/html`` (``magicsub.pages.statichtml.pack``: ``"s"`` one
page per step plus the one before, ``"g"`` the compact groups), and each page's weight gzipped.
Run ``make book`` first; ``python tools/stepper_counts.py [--markdown]``.
"""

from __future__ import annotations

import gzip
import json
import re
import sys
from pathlib import Path

HTML = Path(__file__).resolve().parent.parent / "_build" / "html"
STEPPER = re.compile(r'<div class="magicsub-stepper ms-static(?: ms-key-(\w+))?".*?'
                     r'<script type="application/json" class="ms-data">(.*?)</script>', re.S)


def counts(html_dir: Path = HTML) -> list[tuple[str, str, int, int, int]]:
    """``(page, key, steps, compact positions, page bytes gzipped)`` for every stepper."""
    rows = []
    for path in sorted(html_dir.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        weight = len(gzip.compress(text.encode("utf-8"), 9))
        for key, data in STEPPER.findall(text):
            packed = json.loads(data)
            steps = len(packed["s"]) - 1
            rows.append((path.relative_to(html_dir).as_posix(), key, steps,
                         len(packed.get("g", [])) or steps, weight))
    return rows


def main(argv: list[str]) -> int:
    """Print the table (Markdown with ``--markdown``); exit 1 when no stepper is found."""
    rows = counts()
    if not rows:
        print(f"no static stepper under {HTML}: run `make book`", file=sys.stderr)
        return 1
    if "--markdown" in argv:
        print("| page | stepper | steps | compact |\n|---|---|---:|---:|")
        for page, key, steps, shown, _ in rows:
            print(f"| {page} | {key} | {steps} | {shown} |")
    else:
        for page, key, steps, shown, weight in rows:
            print(f"{page:45} {key:7} {steps:4} -> {shown:4}   page {weight / 1000:.1f} kB gz")
    total, shown = sum(r[2] for r in rows), sum(r[3] for r in rows)
    print(f"{len(rows)} steppers: {total} steps, {shown} compact positions "
          f"({100 * shown / total:.0f}%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
