"""tools/test_stages.sh (``make test``): every stage runs and is timed, a failing stage fails the
run and is named, a pytest that ran no test counts as a failure, and the times are written to
.cache/test-times.json; the book is built after nbval, both given the one folder of executed
notebooks (MAGICSUB_EXECUTED, made fresh for the run). Run in a copy of the script beside a
Makefile whose stages are stand-ins (the real stages take minutes)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STAGES = ["install", "lint", "unit", "nbval", "lite", "book", "browser"]
STAND_INS = """\
.PHONY: venv node_modules vendor lint unit nbval book browser test-lite
venv node_modules vendor lint browser:
\t@echo "$@ ran"; sleep 0.1
nbval:
\t@echo "nbval ran"; sleep 0.1; test ! -e "$$MAGICSUB_EXECUTED" \\
\t  && echo "$$MAGICSUB_EXECUTED" >nbval-ran
book:
\t@echo "book ran"; test -e nbval-ran && echo "$$MAGICSUB_EXECUTED" >book-ran-first
\t@sleep 1.5; test ! -e book-fails
test-lite:
\t@test -e book-ran-first; echo "test-lite ran"; sleep 0.1
unit:
\t@{unit}
"""
PYTEST = f"PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 {sys.executable} -m pytest -p no:cacheprovider -q"
"""The stand-in for ``make unit`` that runs tests: pytest without the plugins (a quick start)."""


def make_test(tmp_path: Path, *, unit: str = "echo unit ran; sleep 0.1",
              book_fails: bool = False) -> tuple[subprocess.CompletedProcess, dict]:
    """Run the script in ``tmp_path`` with stand-in stages; ``unit`` is the unit stage's
    command (``PYTEST passing``: one test that passes, ``PYTEST empty``: none)."""
    (tmp_path / "tools").mkdir()
    shutil.copy2(ROOT / "tools" / "test_stages.sh", tmp_path / "tools")
    shutil.copy2(ROOT / "tools" / "test_times.py", tmp_path / "tools")
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    (tmp_path / ".venv" / "bin" / "python").symlink_to(sys.executable)
    (tmp_path / "tools" / "chromium.sh").write_text("#!/bin/sh\nexit 0\n")
    (tmp_path / "tools" / "chromium.sh").chmod(0o755)
    (tmp_path / "passing").mkdir()
    (tmp_path / "passing" / "test_one.py").write_text("def test_one():\n    pass\n")
    (tmp_path / "empty").mkdir()
    (tmp_path / "Makefile").write_text(STAND_INS.format(unit=unit.replace("PYTEST", PYTEST)))
    if book_fails:
        (tmp_path / "book-fails").write_text("")
    proc = subprocess.run(["bash", str(tmp_path / "tools" / "test_stages.sh")], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    record = json.loads((tmp_path / ".cache" / "test-times.json").read_text())
    return proc, record


def _lines(out: str) -> dict[str, str]:
    summary = out.split("----- make test: stage times", 1)[1].splitlines()[1:len(STAGES) + 2]
    return {line.split()[0]: line for line in summary}


def test_every_stage_is_timed_and_recorded(tmp_path):
    proc, record = make_test(tmp_path, unit="PYTEST passing")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert set(record) == {"total_s", "stages", "date", "passed"}
    assert list(record["stages"]) == STAGES and record["passed"] is True
    assert all(isinstance(s, float) and s >= 0.1 for s in record["stages"].values())
    lane2 = sum(record["stages"][name] for name in ("install", "nbval", "book", "browser"))
    assert lane2 <= record["total_s"] < sum(record["stages"].values()) + 5
    folder = (tmp_path / "nbval-ran").read_text().strip()
    assert folder.endswith("/executed") and (tmp_path / "book-ran-first").read_text() \
        == (tmp_path / "nbval-ran").read_text()
    assert not Path(folder).parent.exists()
    lines = _lines(proc.stdout)
    assert list(lines) == [*STAGES, "total"]
    assert all(lines[name].endswith("passed") for name in STAGES)
    assert "lint ran" in proc.stdout and "1 passed" in proc.stdout
    report = (tmp_path / ".cache" / "test-reports" / "unit.xml").read_text()
    assert report.count("<testcase ") == 1 and 'name="test_one"' in report
    tables = proc.stdout.split("----- where the time went", 1)[1]
    assert "Ten slowest tests" in tables and "passing.test_one::test_one" in tables
    assert (tmp_path / ".cache" / "test-times.md").read_text() in proc.stdout


def test_a_unit_stage_that_ran_no_test_fails_the_run(tmp_path):
    """A stage whose pytest collected no test (exit 5) fails."""
    proc, record = make_test(tmp_path, unit="PYTEST empty")
    assert "no tests ran" in proc.stdout
    assert proc.returncode == 1
    assert "FAILED: make unit" in proc.stderr
    assert "FAILED (exit" in _lines(proc.stdout)["unit"]
    assert record["passed"] is False and record["stages"]["unit"] is not None
    assert all(_lines(proc.stdout)[name].endswith("passed") for name in STAGES if name != "unit")


def test_without_a_book_the_browser_stage_does_not_run_and_the_run_fails(tmp_path):
    proc, record = make_test(tmp_path, book_fails=True)
    assert proc.returncode == 1
    assert "FAILED: make book make browser (not run)" in proc.stderr
    assert record["stages"]["browser"] is None and record["passed"] is False
