"""tools/test_times.py: the slowest tests and pages of a ``make test`` run, from the JUnit reports
its pytest stages write (tools/test_stages.sh)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import test_times  # noqa: E402

REPORT = """<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest">{}
</testsuite></testsuites>"""


def _report(folder: Path, stage: str, cases: list[tuple[str, str, float]]) -> None:
    body = "".join(f'<testcase classname="{c}" name="{n}" time="{t}"/>' for c, n, t in cases)
    (folder / f"{stage}.xml").write_text(REPORT.format(body))


def _rows(text: str, title: str) -> list[list[str]]:
    part = text.split(title, 1)[1].split("\n\n", 2)[1]
    return [[c.strip() for c in line.strip("|").split("|")] for line in part.splitlines()[2:]]


def test_the_slowest_tests_and_pages_of_every_stage(tmp_path):
    _report(tmp_path, "unit", [("tests.test_a", f"test_{i}", float(i)) for i in range(15)])
    _report(tmp_path, "nbval", [("book.x_1.ipynb", "Cell 0", 20.5),
                                ("book.x_1.ipynb", "Cell 1", 1.0), ("book.y.ipynb", "Cell 0", 2.0)])
    _report(tmp_path, "browser", [("tests.browser.test_book", "test_loads[book/p.html]", 3.0),
                                  ("tests.browser.test_book", "test_axe[book/p.html]", 30.0),
                                  ("tests.browser.test_book", "test_axe[index.html]", 1.0),
                                  ("tests.browser.test_print", "test_print", 16.0)])
    text = test_times.tables(tmp_path)
    tests = _rows(text, "Ten slowest tests")
    assert len(tests) == 10
    assert tests[0] == ["30.0", "browser", "tests.browser.test_book::test_axe[book/p.html]"]
    assert [r[0] for r in tests] == sorted((r[0] for r in tests), key=float, reverse=True)
    assert ["14.0", "unit", "tests.test_a::test_14"] in tests
    assert ["5.0", "unit", "tests.test_a::test_5"] not in tests
    pages = _rows(text, "Ten slowest pages")
    assert pages == [["33.0", "browser", "book/p.html"], ["21.5", "nbval", "book/x_1.ipynb"],
                     ["2.0", "nbval", "book/y.ipynb"], ["1.0", "browser", "index.html"]]
    assert "| unit | 15 | 105.0 |" in text and "| browser | 4 | 50.0 |" in text


def test_no_report_is_said_and_is_not_a_failure(tmp_path, capsys):
    assert test_times.main([str(tmp_path)]) == 0
    assert "no JUnit report" in capsys.readouterr().out
