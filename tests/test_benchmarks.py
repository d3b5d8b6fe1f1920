"""`make bench` (benchmarks/run.py): every benchmark runs at tiny sizes, the rows have the shape
the Performance page reads, and a verdict says "missed" whenever a value exceeds its budget
(DESIGN.md section 8). Timings are never asserted: only shapes and verdicts."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"
sys.path.insert(0, str(BENCH))

import budget  # noqa: E402
import run  # noqa: E402
from budget import Budget, Row, growth, verdict  # noqa: E402

ROW_KEYS = {"id", "group", "what", "value", "unit", "budget", "budget_text", "verdict",
            "verdict_text", "note", "raw"}
VERDICTS = {"met", "missed", "not measured", "no budget"}


@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> dict:
    """One run of every benchmark at tiny sizes, without a built book or a recorded test run."""
    loaded = [run.load(path) for path in run.modules()]
    by_name = {m.__name__: m for m in loaded}
    by_name["bench_browser"].HTML_DIR = tmp_path_factory.mktemp("no-book")
    by_name["bench_make_test"].TIMES = tmp_path_factory.mktemp("no-cache") / "test-times.json"
    return run.results(tiny=True, echo=lambda *_: None, loaded=loaded)


def check_shape(data: dict) -> None:
    assert set(data) >= {"date", "machine", "rows", "method", "sizes"}
    assert set(data["machine"]) >= {"python", "cpus"}
    ids = [row["id"] for row in data["rows"]]
    assert len(ids) == len(set(ids)), "row ids repeat"
    for row in data["rows"]:
        assert set(row) == ROW_KEYS, row["id"]
        assert row["verdict"] in VERDICTS, row
        budget_ = Budget(**row["budget"]) if row["budget"] else None
        assert (row["verdict"], row["verdict_text"]) == verdict(row["value"], budget_), row
        assert isinstance(row["raw"], dict)


def test_every_benchmark_runs_at_tiny_sizes_and_gives_rows_of_one_shape(tiny):
    check_shape(tiny)
    groups = {row["group"] for row in tiny["rows"]}
    assert groups == {"engine", "trace", "render", "stepper", "browser", "make test", "html"}
    json.dumps(tiny)
    rows = {row["id"]: row for row in tiny["rows"]}
    subgame = rows["engine.subgame.2x10"]["raw"]
    assert subgame["engine_s"] > 0 and subgame["baseline_s"] > 0 and subgame["changes"] > 0
    assert rows["engine.subgame.linear"]["budget"] == {"op": "<=", "limit": 2, "unit": ""}
    assert rows["render.step"]["budget_text"] == "< 5 ms"


def test_the_budgets_of_the_issue_are_the_ones_judged(tiny):
    judged = {row["id"]: row["budget_text"] for row in tiny["rows"] if row["budget"]}
    assert judged["engine.subgame.4x60"] == "<= 20x"
    assert "engine.subgame.2x60" not in judged
    assert {judged[k] for k in ("browser.bytes.stepper", "browser.ready",
                                "browser.paint.unthrottled", "browser.paint.throttled",
                                "make_test")} == {"<= 300 kB", "<= 1.3x", "<= 16 ms",
                                                  "<= 50 ms", "< 300 s"}


def test_the_cost_of_a_cheap_step_is_judged_flat_beside_the_issues_cases(tiny):
    """Issue 28, item 2: a row for the cost of a cheap step as libraries grow (60 against
    10,000 cards at full size) and as the battlefield grows, judged flat, in the same run as
    the issue's three cases, each under check and show."""
    rows = {row["id"]: row for row in tiny["rows"]}
    for key in ("engine.step.libraries", "engine.step.battlefield", "trace.step_time"):
        assert rows[key]["budget_text"] == "<= 2x", key
    assert len(rows["engine.step.libraries"]["raw"]["us_per_step"]) == 2
    for case in ("players", "tokens", "nested"):
        for command in ("check", "show"):
            assert rows[f"engine.case.{case}.{command}"]["unit"] == " s"
    assert rows["engine.case.nested.memory"]["raw"]["bytes"] > 0


def test_without_a_built_book_the_browser_rows_say_so_and_have_no_value(tiny):
    browser = [row for row in tiny["rows"] if row["group"] == "browser"]
    assert len(browser) == 5
    for row in browser:
        assert row["value"] is None and row["verdict"] == "not measured"
        assert row["note"] == "not built: run make book"


def test_a_value_over_its_budget_is_missed_and_says_by_how_much():
    assert verdict(58, Budget("<=", 20, "x")) == (
        "missed", "missed by 2.9x")
    assert verdict(20, Budget("<=", 20, "x"))[0] == "met"
    assert verdict(20.01, Budget("<=", 20, "x"))[0] == "missed"
    assert verdict(5, Budget("<", 5, " ms"))[0] == "missed"
    assert verdict(4.99, Budget("<", 5, " ms"))[0] == "met"
    assert verdict(None, Budget("<", 5, " ms"))[0] == "not measured"
    assert verdict(1e9, None)[0] == "no budget"
    row = Row("x", "engine", "a ratio", 21.0, "x", Budget("<=", 20, "x")).as_json()
    assert (row["verdict"], row["budget_text"]) == ("missed", "<= 20x")
    with pytest.raises(ValueError, match="op"):
        Budget("=<", 20)


def test_growth_is_one_for_linear_costs_and_ignores_a_fixed_overhead_at_small_sizes():
    assert growth([(10, 1.0), (100, 1.0), (1000, 1.0)]) == 1.0
    assert growth([(10, 5.0), (100, 1.2), (1000, 1.0)]) == 1.0
    assert growth([(10, 1.0), (100, 1.5), (1000, 3.0)]) == 3.0
    assert growth([(1000, 3.0), (10, 1.0)]) == 3.0


def test_a_recorded_make_test_run_is_judged_against_five_minutes(tmp_path):
    module = run.load(BENCH / "bench_make_test.py")
    times = tmp_path / "test-times.json"
    times.write_text(json.dumps({"total_s": 310.4, "stages": {"unit": 80, "book": 200}}))
    [row] = [r.as_json() for r in module.measure(path=times)]
    assert (row["value"], row["verdict"]) == (310.4, "missed")
    assert row["note"] == "unit 80 s, book 200 s"
    times.write_text(json.dumps({"total_s": 250, "stages": {}}))
    assert module.measure(path=times)[0].as_json()["verdict"] == "met"
    times.write_text("{")
    assert module.measure(path=times)[0].as_json()["verdict"] == "not measured"


def test_the_committed_results_have_the_same_shape_and_consistent_verdicts():
    data = json.loads(run.RESULTS.read_text("utf8"))
    check_shape(data)
    assert data["sizes"] == "full"
    assert budget.table(data["rows"]).count("\n") == len(data["rows"]) + 1


def test_the_static_stepper_is_measured_beside_the_widget_state():
    from magicsub.pages.statichtml import Stepper

    render_bench = run.load(BENCH / "bench_render.py")
    rows = {r.id: r.as_json() for r in render_bench.stepper_rows(render_bench.SIZES[True])}
    static = [k for k in rows if k.startswith("stepper.static.")]
    widget = [k for k in rows if k.startswith("stepper.widget.")]
    assert len(static) == len(widget) >= 3
    key, label, trace, _ = render_bench.cases(render_bench.SIZES[True])[0]
    shipped = Stepper(trace, title=label).html().encode("utf-8")
    assert rows[f"stepper.static.{key}"]["raw"]["bytes"] == len(shipped)
    assert rows["stepper.widget_vs_static"]["value"] > 1


def test_the_examples_in_budget_hold():
    import doctest

    assert doctest.testmod(budget).failed == 0
