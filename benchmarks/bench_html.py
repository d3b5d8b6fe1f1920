"""``magicsub html`` against ``magicsub check`` (issue 28, item 3): a page that grows with the
changes of its steps, not with steps x board, written at a cost that grows the same way.

Three scenarios, each run in a fresh process: ``check``'s CPU seconds (load and run), ``html
--single-file``'s (load, run, draw and write the page), their ratio, the page's bytes and the
process's peak memory.

- ``wide``: a 72 kB scenario, 4 players and 650 tokens on the battlefield, each moved to exile
  in turn (1,300 steps: every step changes a 650-object zone);
- ``turns``: 600 ``advance: next_turn`` steps (13 kB; 7,796 steps; two hands grow to 300 cards);
- ``players``: 32 players with 3,000-card libraries (96,000 objects), two turns.

``BEFORE`` holds the same measurements on 3ade3ff (before this change: the ipywidgets page, each
step's whole board as HTML): the rows' notes show them beside the values measured now.
Run alone: ``python benchmarks/bench_html.py``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from budget import Row, table  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PLAYERS4 = ["Alex", "Bianca", "Cho", "Dana"]
SIZES = {
    False: {"tokens": 650, "turns": 600, "turns_library": 310, "players": 32, "library": 3000,
            "player_turns": 2},
    True: {"tokens": 12, "turns": 6, "turns_library": 10, "players": 3, "library": 40,
           "player_turns": 1},
}
BEFORE = {
    "wide": {"check_s": 0.9, "html_s": 10.6, "bytes": 98_631_000, "peak_mb": 721},
    "turns": {"check_s": 2.79, "html_s": 40.4, "bytes": 283_942_000, "peak_mb": 2_047},
    "players": {"check_s": 3.12, "html_s": 9.69, "bytes": 2_528_000, "peak_mb": 134},
}
"""3ade3ff, full sizes, measured with this module (``CHILD``) on the machine of the committed
results: CPU seconds, the page's bytes (to the kB), the peak memory (MB) of each process."""

CHILD = """\
import contextlib, io, json, resource, sys, time
from magicsub import cli
from magicsub.pages import walkthrough
from magicsub.scenario import run_file
file, out = sys.argv[1], sys.argv[2]
start = time.process_time()
run = run_file(file)
check = time.process_time() - start
del run
start = time.process_time()
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    status = cli.write_page(file, out, single_file=True)
html = time.process_time() - start
import os
print(json.dumps({"status": status, "check_s": round(check, 2), "html_s": round(html, 2),
                  "bytes": os.path.getsize(out),
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024}))
"""


def wide(tokens: int) -> str:
    """4 players, ``tokens`` tokens on the battlefield, each moved to exile in turn."""
    lines = ['title: "A wide board"', f"players: [{', '.join(PLAYERS4)}]", "seed: 1",
             "libraries: {" + ", ".join(f"{p}: 60" for p in PLAYERS4) + "}", "objects:"]
    lines += [f"  - {{id: t{i}, name: Soldier, owner: {PLAYERS4[i % 4]}, zone: battlefield, "
              "token: true}" for i in range(tokens)]
    lines.append("steps:")
    lines += [f"  - move: {{object: t{i}, to: exile}}" for i in range(tokens)]
    return "\n".join(lines) + "\n"


def turns(count: int, library: int) -> str:
    """Two players, ``count`` turns walked through with ``advance: next_turn``."""
    return (f'title: "{count} turns"\nplayers: [Alex, Bianca]\nseed: 1\n'
            f"libraries: {{Alex: {library}, Bianca: {library}}}\nsteps:\n"
            + "".join("  - advance: next_turn\n" for _ in range(count)))


def players(count: int, library: int, rounds: int) -> str:
    """``count`` players with ``library``-card libraries, ``rounds`` turns."""
    names = [f"P{i:02d}" for i in range(count)]
    return (f'title: "{count} players"\nplayers: [{", ".join(names)}]\nseed: 1\n'
            "libraries: {" + ", ".join(f"{p}: {library}" for p in names) + "}\nsteps:\n"
            + "".join("  - advance: next_turn\n" for _ in range(rounds)))


def cases(sizes: dict) -> list[tuple[str, str, str]]:
    """``(key, label, scenario text)`` of each case."""
    return [
        ("wide", f"4 players, {sizes['tokens']} tokens moved one a step", wide(sizes["tokens"])),
        ("turns", f"{sizes['turns']} x advance: next_turn", turns(sizes["turns"],
                                                                   sizes["turns_library"])),
        ("players", f"{sizes['players']} players x {sizes['library']:,}-card libraries",
         players(sizes["players"], sizes["library"], sizes["player_turns"])),
    ]


def measured(text: str) -> dict:
    """``check`` and ``html --single-file`` of the scenario ``text`` in a fresh process."""
    with tempfile.TemporaryDirectory() as folder:
        scenario = Path(folder) / "case.yaml"
        scenario.write_text(text, encoding="utf-8")
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        proc = subprocess.run([sys.executable, "-c", CHILD, str(scenario),
                               str(Path(folder) / "page.html")], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=1800)
        if proc.returncode != 0:
            raise RuntimeError(f"bench_html: {proc.stderr.strip()[-2000:]}")
        data = json.loads(proc.stdout)
        data["scenario_bytes"] = len(text.encode())
        return data


def html_rows(sizes: dict, *, full: bool) -> list[Row]:
    """Per case: the time row (``html`` CPU seconds, with ``check``'s) and the bytes row."""
    rows = []
    for key, label, text in cases(sizes):
        now = measured(text)
        ratio = round(now["html_s"] / max(now["check_s"], 0.01), 1)
        before = BEFORE[key] if full else None
        was = (f"before: {before['html_s']:g} s ({before['html_s'] / before['check_s']:.1f}x "
               f"check), {before['peak_mb']:,} MB" if before else "")
        rows.append(Row(f"html.{key}.time", "html",
                        f"magicsub html --single-file, {label} (check: {now['check_s']:g} s)",
                        now["html_s"], " s", None, {**now, "ratio_to_check": ratio,
                                                    "before": before},
                        note="; ".join(filter(None, [f"{ratio}x check, {now['peak_mb']:,} MB",
                                                     was]))))
        kb = round(now["bytes"] / 1000, 1)
        rows.append(Row(f"html.{key}.bytes", "html", f"its page, {label}", kb, " kB", None,
                        {"bytes": now["bytes"], "scenario_bytes": now["scenario_bytes"],
                         "before_bytes": before["bytes"] if before else None},
                        note=f"before: {before['bytes'] / 1e6:,.1f} MB" if before else ""))
    return rows


def measure(tiny: bool = False) -> list[Row]:
    """The rows; ``tiny`` for the unit test's small sizes (no before figures)."""
    return html_rows(SIZES[tiny], full=not tiny)


def main() -> None:
    """Print the rows as a table."""
    print(table([row.as_json() for row in measure()]))


if __name__ == "__main__":
    main()
