"""``make check`` (tools/check.py): from the files a change touches to the checks it runs."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import check  # noqa: E402


def test_an_engine_module_runs_the_tests_that_import_it_its_doctests_and_the_nets():
    tests, doctests, everything = check.select_tests(["magicsub/engine/changes.py"])
    assert everything is None
    importers = {m for m, src in check.test_modules().items()
                 if "magicsub.engine.changes" in src or "import changes" in src}
    assert importers and importers <= set(tests)
    assert set(check.NETS) <= set(tests)
    assert "tests/test_golden.py" not in tests  # the golden step compares every trace itself
    assert doctests == (["magicsub/engine/changes.py"]
                        if ">>> " in (ROOT / "magicsub/engine/changes.py").read_text() else [])
    assert len(tests) < len(check.test_modules()) // 2


def test_a_module_imported_from_its_package_counts_as_imported():
    source = "from magicsub.views import (\n    history,\n    quizbank,\n)\n"
    assert check._imports(source, "magicsub.views.quizbank")
    assert not check._imports(source, "magicsub.views.render")
    assert check._imports("x = magicsub.views.render.rule_html", "magicsub.views.render")


def test_a_changed_test_module_runs_itself_and_a_shared_helper_runs_everything():
    assert check.select_tests(["tests/test_check.py"])[0] == ["tests/test_check.py"]
    tests, _, everything = check.select_tests(["tests/conftest.py"])
    assert everything and "conftest.py" in everything
    assert tests == sorted(check.test_modules())


def test_a_data_file_or_a_tool_runs_the_tests_that_name_it():
    tests, _, _ = check.select_tests(["tools/test_stages.sh"])
    assert "tests/test_stage_runner.py" in tests
    assert all("test_stages.sh" in (ROOT / t).read_text() for t in tests)
    assert "tests/test_check.py" in check.select_tests(["tools/check.py"])[0]


def test_a_changed_quiz_file_runs_the_notebooks_that_ask_its_quizzes():
    assert check.select_notebooks(["book/quizzes/outcomes.yaml"], []) == [
        "book/outcomes_104.ipynb"]


def test_a_scenario_whose_trace_changed_runs_the_notebooks_that_show_it():
    name = "104_3b_platinum_angel_leaves"
    by_stale = check.select_notebooks([], [name])
    by_golden = check.select_notebooks([f"tests/golden/{name}.txt"], [])
    by_file = check.select_notebooks([f"magicsub/scenarios/{name}.yaml"], [])
    assert by_stale == by_golden == by_file
    assert "book/outcomes_104.ipynb" in by_stale
    assert all(name in (ROOT / nb).read_text() or "outcomes-104" in (ROOT / nb).read_text()
               for nb in by_stale)


def test_a_changed_notebook_runs_itself_only():
    assert check.select_notebooks(["book/outcomes_104.ipynb"], []) == ["book/outcomes_104.ipynb"]
    assert check.select_notebooks(["magicsub/engine/changes.py"], []) == []


def test_a_dry_run_names_each_group_and_runs_nothing(monkeypatch, capsys):
    monkeypatch.setattr(check, "changed_files", lambda base: ["book/quizzes/outcomes.yaml",
                                                              "tools/check.py"])
    ran: list = []
    monkeypatch.setattr(check.subprocess, "run", lambda *a, **k: ran.append(a))
    monkeypatch.setattr(check, "base_commit", lambda base: "HEAD")
    assert check.main(["--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "--- lint:" in out and "tools/check.py" in out
    assert "--- unit tests (1 modules" in out and "tests/test_check.py" in out
    assert "--- notebooks (1): " in out and "book/outcomes_104.ipynb" in out
    assert ran == []


def test_a_failing_group_stops_the_check(monkeypatch, capsys):
    monkeypatch.setattr(check, "changed_files", lambda base: ["tools/check.py"])
    monkeypatch.setattr(check, "base_commit", lambda base: "HEAD")
    calls: list = []

    class Done:
        returncode = 1

    monkeypatch.setattr(check.subprocess, "run", lambda cmd, **k: calls.append(cmd) or Done())
    assert check.main([]) == 1
    assert len(calls) == 1 and "ruff" in calls[0]
    assert "--- lint: FAILED" in capsys.readouterr().out


def test_an_unknown_base_is_a_clear_error():
    with pytest.raises(SystemExit, match="not a commit"):
        check.base_commit("no-such-ref-anywhere")
