"""Golden traces: ``magicsub show`` of every shipped scenario, byte for byte as committed.

An engine change that moves a card, changes a life total or cites another rule changes some
scenario's trace; this test then fails with the diff, and ``make golden`` rewrites the files for
review. The expected text is computed here through the command line itself, not by the tool
that writes the files.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from magicsub import cli

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "magicsub" / "scenarios").glob("*.yaml"))
GOLDEN = ROOT / "tests" / "golden"


def test_there_are_scenarios_and_golden_traces():
    assert len(SCENARIOS) >= 50
    assert len(list(GOLDEN.glob("*.txt"))) == len(SCENARIOS)


def test_every_golden_trace_has_its_scenario():
    names = {p.stem for p in SCENARIOS}
    orphans = sorted(p.name for p in GOLDEN.glob("*.txt") if p.stem not in names)
    assert not orphans, f"golden traces without a scenario: {orphans}; run `make golden`"


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
def test_show_output_matches_the_golden_trace(scenario, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    status = cli.main(["show", "--no-colour", scenario.relative_to(ROOT).as_posix()])
    captured = capsys.readouterr()
    actual = captured.out + captured.err
    assert status == 0, actual
    golden = GOLDEN / f"{scenario.stem}.txt"
    assert golden.is_file(), f"{golden.name} is missing: run `make golden`"
    expected = golden.read_text(encoding="utf-8")
    if actual != expected:
        diff = "".join(difflib.unified_diff(
            expected.splitlines(keepends=True), actual.splitlines(keepends=True),
            f"tests/golden/{golden.name}", f"magicsub show {scenario.name}", n=2))
        pytest.fail(f"the trace of {scenario.name} changed (review, then `make golden`):\n"
                    + "\n".join(diff.splitlines()[:60]))
