"""Shared by the test modules: the scenario files, and one run of each per session."""

from __future__ import annotations

from pathlib import Path

import pytest

from magicsub import load_scenario

SCENARIO_DIR = Path(__file__).resolve().parent.parent / "magicsub" / "scenarios"


@pytest.fixture(scope="session")
def scenario_runs() -> dict:
    """``{file name: ScenarioResult}`` for every scenario file, run once."""
    return {p.name: load_scenario(p).run() for p in sorted(SCENARIO_DIR.glob("*.yaml"))}
