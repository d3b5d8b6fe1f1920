"""Shared by the test modules: the scenario files, and one run of each per session."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from magicsub import load_scenario

ROOT = Path(__file__).resolve().parent.parent
SCENARIO_DIR = ROOT / "magicsub" / "scenarios"


@pytest.fixture(scope="session")
def scenario_runs() -> dict:
    """``{file name: ScenarioResult}`` for every scenario file, run once."""
    return {p.name: load_scenario(p).run() for p in sorted(SCENARIO_DIR.glob("*.yaml"))}


@pytest.fixture(scope="session")
def boards_alone(scenario_runs) -> dict:
    """``{file name: [page, ...]}``: every page of a stepper over each scenario's trace, each
    drawn alone (a ``BoardCache`` of its own, no style, "of N steps"): the board before the
    first step, then each step's. Drawn once per worker for the modules that compare against
    them (test_html_page, test_board_moves)."""
    from magicsub.views import render

    out = {}
    for name, result in scenario_runs.items():
        trace = result.trace
        before = trace.initial
        pages = [render.initial_html(before, css=False)]
        for step in trace:
            pages.append(render.step_html(step, world_before=before, css=False, of=len(trace)))
            before = step.snapshot
        out[name] = pages
    return out


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slowest tests (marked ``slow``: the two state machines, the fuzzers, the wheel...)
    first, so that the last tests a worker runs are short and the two workers end together.
    ``--dist loadgroup`` (the Makefile) hands out one test at a time in this order: the two
    state machines start side by side, one on each worker."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture()
def scenario(tmp_path) -> Path:
    """A short scenario file (``filetools.SCENARIO``) in a fresh folder."""
    from filetools import SCENARIO

    path = tmp_path / "s.yaml"
    path.write_text(SCENARIO)
    return path


@pytest.fixture()
def shown(monkeypatch) -> list:
    """What ``magicsub.book`` displays, in order, with the page's kept runs emptied first (a
    page's helpers as a fresh notebook kernel sees them)."""
    from magicsub import book

    monkeypatch.setattr(book, "RUNS", {})
    out: list = []
    monkeypatch.setattr(book, "display", out.append)
    return out


@pytest.fixture()
def cli(capsys, monkeypatch):
    """``magicsub ARGS`` in this process: ``cli("check", path, cwd=folder)`` runs
    ``magicsub.cli.run_command`` (what ``python -m magicsub`` and the ``magicsub`` script run,
    less the interpreter) in ``cwd`` (the repository by default) and returns its exit status and
    output as a ``subprocess.CompletedProcess``. The few tests that need a real interpreter
    (pipes, signals, hash seeds, the entry point) start one themselves."""
    from magicsub.cli import run_command

    def run(*args, cwd: Path = ROOT) -> subprocess.CompletedProcess:
        monkeypatch.chdir(cwd)
        capsys.readouterr()
        argv = [str(arg) for arg in args]
        status = run_command(argv)
        out, err = capsys.readouterr()
        return subprocess.CompletedProcess(["magicsub", *argv], status, out, err)

    return run
