"""Every scenario file runs and all its expectations hold; together the scenarios cite every
paragraph of CR 726, and each file's ``trace_cites`` expectations really are in its trace."""

from __future__ import annotations

from pathlib import Path

import pytest

from magicsub import load_scenario

SCENARIO_DIR = Path(__file__).resolve().parent.parent / "magicsub" / "scenarios"
FILES = sorted(SCENARIO_DIR.glob("*.yaml"))

PARAGRAPHS_726 = ["726.1", "726.1a", "726.1b", "726.2", "726.2a", "726.2b", "726.2c", "726.3",
                  "726.4", "726.4a", "726.4b", "726.5", "726.5a", "726.5b", "726.5c", "726.6"]

CORNERS = ["corner_commander_not_in_command_zone", "corner_shahrazad_brought_in",
           "corner_fork_copy", "corner_draw_subgame", "corner_half_life_rounding",
           "corner_nested_subgame", "corner_living_wish_konrad", "726_2_edition_723",
           "726_5_edition_506"]


def test_scenario_files_exist_for_every_corner():
    assert FILES, f"no scenario files in {SCENARIO_DIR}"
    names = {p.stem for p in FILES}
    missing = [c for c in CORNERS if c not in names]
    assert not missing, f"missing scenario files: {missing}"


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_scenario_expectations_hold(path):
    scenario = load_scenario(path)
    assert scenario.description.strip(), f"{path.name}: no description"
    result = scenario.run()
    assert result.failures == [], "\n" + "\n".join(str(f) for f in result.failures)
    assert result.ok and len(result.trace) > 0


def test_every_paragraph_of_726_is_cited_by_some_scenario(scenario_runs):
    cited = {rule for r in scenario_runs.values() if r.scenario.edition == "726"
             for rule in r.trace.rules()}
    missing = [p for p in PARAGRAPHS_726 if p not in cited]
    assert not missing, f"no scenario's trace cites {missing}"


def test_each_726_paragraph_has_its_own_scenario_file():
    stems = {p.stem for p in FILES}
    for paragraph in PARAGRAPHS_726:
        prefix = paragraph.replace(".", "_") + "_"
        assert any(s.startswith(prefix) for s in stems), f"no scenario file {prefix}*.yaml"


def test_trace_cites_expectations_are_in_the_trace(scenario_runs):
    checked = 0
    for name, result in scenario_runs.items():
        rules = set(result.trace.paragraph_keys())
        for _, exp in result.scenario.expect:
            for rule in exp.get("trace_cites", []) if isinstance(exp, dict) else []:
                assert rule in rules, f"{name}: trace_cites {rule} but the trace cites {rules}"
                assert result.trace.cites(rule)
                checked += 1
    assert checked >= 30


def test_each_paragraph_scenario_cites_its_paragraph(scenario_runs):
    for name, result in scenario_runs.items():
        if not name.startswith("726_") or "edition" in name:
            continue
        paragraph = ".".join(name.split("_")[:2])
        cites = [r for _, e in result.scenario.expect if isinstance(e, dict)
                 for r in e.get("trace_cites", [])]
        assert paragraph in cites, f"{name} does not expect its paragraph {paragraph} cited"
        assert result.trace.cites(paragraph), f"{name}: the trace does not cite {paragraph}"


def test_a_step_can_name_the_copy_fork_made_by_its_default_id():
    text = """
title: Fork's copy resolves first
players: [Alex, Bianca]
libraries: {Alex: 10, Bianca: 10}
objects:
  - {id: shahrazad, name: Shahrazad, owner: Alex, zone: hand}
  - {id: fork, name: Fork, owner: Bianca, zone: hand}
steps:
  - cast: {card: shahrazad, by: Alex}
  - pass_priority: Alex
  - cast: {card: fork, by: Bianca, target: shahrazad}
  - resolve: fork
  - resolve: shahrazad-copy
expect:
  - {subgames: 1}
  - {stack: [shahrazad, shahrazad-copy], game: main}
"""
    assert load_scenario(text=text).run().ok


def test_a_run_marks_the_trace_length_after_each_acting_step(scenario_runs):
    """``ScenarioResult.marks``: one per step that acts (not ``expect``), each the length of the
    trace once that step was applied; the last is the whole trace."""
    for name, result in scenario_runs.items():
        acting = [s for _, s in result.scenario.steps if "expect" not in s]
        assert len(result.marks) == len(acting), name
        assert list(result.marks) == sorted(result.marks), name
        assert result.marks[-1] == len(result.trace), name
    result = scenario_runs["726_5_edition_506.yaml"]
    assert [s.rule for s in result.trace][:result.marks[0]] == ["601.2a", "117.3c"]
    assert [result.trace[m - 1].rule for m in result.marks[1:3]] == ["103.5", "103.8a"]
