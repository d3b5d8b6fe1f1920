"""Golden traces: the ``magicsub show`` text of every scenario in ``magicsub/scenarios/``.

Each scenario ``NAME.yaml`` has ``tests/golden/NAME.txt``, exactly what
``magicsub show magicsub/scenarios/NAME.yaml`` prints (run from the repository root, no colour).
``tests/test_golden.py`` compares them byte for byte, so a change in the engine is reviewed as a
readable diff of traces.

Usage: ``python tools/golden.py`` (``make golden``) rewrites the files that differ and removes
the ones whose scenario is gone; ``--check`` writes nothing and exits 1 when any is stale.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "magicsub" / "scenarios"
GOLDEN = ROOT / "tests" / "golden"
sys.path.insert(0, str(ROOT))

from magicsub import cli  # noqa: E402
from magicsub.scenario.safefiles import OutputRefused, write_atomic  # noqa: E402


def show_text(scenario: Path) -> str:
    """What ``magicsub show`` prints for a scenario file, run from the repository root."""
    out = io.StringIO()
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            cli.main(["show", "--no-colour", scenario.relative_to(ROOT).as_posix()])
    finally:
        os.chdir(here)
    return out.getvalue()


def expected() -> dict[Path, str]:
    """Every golden file with the text it should hold."""
    return {GOLDEN / f"{path.stem}.txt": show_text(path)
            for path in sorted(SCENARIOS.glob("*.yaml"))}


def stale() -> list[str]:
    """The golden files that are missing, differ from their scenario's trace, or have no
    scenario any more (paths relative to the repository root)."""
    want = expected()
    bad = [p for p, text in want.items()
           if not p.is_file() or p.read_text(encoding="utf-8") != text]
    bad += [p for p in GOLDEN.glob("*.txt") if p not in want]
    return sorted(p.relative_to(ROOT).as_posix() for p in bad)


def main(argv: list[str]) -> int:
    """Rewrite stale golden files (or, with ``--check``, list them and exit 1)."""
    if "--check" in argv:
        bad = stale()
        for path in bad:
            print(f"stale golden trace: {path}", file=sys.stderr)
        if bad:
            print("run `make golden` and review the diff", file=sys.stderr)
        return 1 if bad else 0
    GOLDEN.mkdir(parents=True, exist_ok=True)
    want = expected()
    written = 0
    for path, text in want.items():
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            try:  # never into a FIFO, a device or through a link (safefiles)
                write_atomic(path, text.encode("utf-8"))
            except OutputRefused as err:
                print(f"golden: {err}", file=sys.stderr)
                return 2
            written += 1
    for path in GOLDEN.glob("*.txt"):
        if path not in want:
            path.unlink()
            written += 1
    print(f"{len(want)} golden traces, {written} written or removed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
