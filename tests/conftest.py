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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slowest tests (marked ``slow``: the two state machines) first. Each is in its own
    ``xdist_group``; with ``--dist loadgroup`` pytest-xdist gives the first groups one per
    worker, so the two run side by side on the two cores, not one after the other."""
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
