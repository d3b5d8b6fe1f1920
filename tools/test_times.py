"""Where ``make test``'s time goes: the slowest tests and pages of a run, from its JUnit reports.

``tools/test_stages.sh`` has each pytest stage write a JUnit XML report into
``.cache/test-reports/`` (``STAGE.xml``; pytest's ``--junitxml``, whose per-test time covers
setup, call and teardown). This prints, after the stage times:

- the ten slowest tests of the run, with their stage;
- the ten slowest pages: a notebook's time under nbval (its cells added up, the kernel's start
  in the first) and a built page's time under the browser tests (every test grouped on it);
- one line per stage: how many tests, the sum of their times.

The same tables go to ``.cache/test-times.md``. ``python tools/test_times.py [FOLDER]``.
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REPORTS = ROOT / ".cache" / "test-reports"
TABLE = ROOT / ".cache" / "test-times.md"
TOP = 10
PAGE_PARAM = re.compile(r"\[(?:[^\]]*?)((?:book/)?[\w./-]+\.html)")
"""A browser test's page: the built page named in its parameters (``[book/x.html]``)."""


def read_report(path: Path) -> list[tuple[str, str, float]]:
    """``(class name, test name, seconds)`` for every test case of a JUnit report."""
    root = ET.parse(path).getroot()
    return [(case.get("classname", ""), case.get("name", ""), float(case.get("time") or 0))
            for case in root.iter("testcase")]


def page_of(stage: str, classname: str, name: str) -> str | None:
    """The notebook (nbval) or built page (browser) a test belongs to, if any."""
    if stage == "nbval" and classname.endswith(".ipynb"):
        return classname.replace(".", "/", classname.count(".") - 1)
    if stage == "browser":
        found = PAGE_PARAM.search(name)
        return found.group(1) if found else None
    return None


def tables(folder: Path = REPORTS) -> str:
    """The three tables (Markdown) of the reports in ``folder``."""
    tests: list[tuple[float, str, str]] = []
    pages: dict[tuple[str, str], float] = defaultdict(float)
    stages: list[tuple[str, int, float]] = []
    for path in sorted(folder.glob("*.xml")):
        stage = path.stem
        cases = read_report(path)
        stages.append((stage, len(cases), sum(s for _, _, s in cases)))
        for classname, name, seconds in cases:
            tests.append((seconds, stage, f"{classname}::{name}"))
            page = page_of(stage, classname, name)
            if page:
                pages[stage, page] += seconds
    lines = ["Ten slowest tests", "", "| s | stage | test |", "| ---: | --- | --- |"]
    lines += [f"| {s:.1f} | {stage} | {test} |"
              for s, stage, test in sorted(tests, reverse=True)[:TOP]]
    lines += ["", "Ten slowest pages", "", "| s | stage | page |", "| ---: | --- | --- |"]
    ranked = sorted(pages.items(), key=lambda item: item[1], reverse=True)[:TOP]
    lines += [f"| {s:.1f} | {stage} | {page} |" for (stage, page), s in ranked]
    lines += ["", "| stage | tests | sum of test times (s) |", "| --- | ---: | ---: |"]
    lines += [f"| {stage} | {n} | {s:.1f} |" for stage, n, s in stages]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    """Print the tables of the reports (default ``.cache/test-reports``) and keep them in
    ``.cache/test-times.md``; exit 0 even with no report (a stage may not have run)."""
    folder = Path(argv[0]) if argv else REPORTS
    if not folder.is_dir() or not any(folder.glob("*.xml")):
        print(f"test-times: no JUnit report in {folder}")
        return 0
    text = tables(folder)
    print(text, end="")
    if folder == REPORTS:
        TABLE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
