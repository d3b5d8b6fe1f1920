"""Every paragraph of the seeds' rules data (CR 506, 723, 726, 800) is cited by a test and a book
page, and each paragraph of the older editions (506, 723) is behaviour: a scenario file of that
edition quotes it and says so in its ``trace_cites`` (``tools/rule_coverage.py``)."""

from __future__ import annotations

import json
from pathlib import Path

from tools import rule_coverage
from tools.rule_coverage import coverage, mentions, paragraphs, scenario_citations, uncited


def test_every_paragraph_of_the_seeds_is_cited_by_a_test_a_page_and_for_506_723_a_scenario():
    """The check of issue 15: the list of uncited paragraphs is empty."""
    missing = uncited()
    assert not missing, "\n".join(missing)


def test_the_check_reads_every_paragraph_of_the_four_files():
    found = paragraphs()
    assert len(found) == 9 + 18 + 16 + 21
    assert {"506.3", "506.3-2", "723.2d", "723.5d", "726.6", "800.4", "800.4p"} <= found.keys()
    assert found["506.3-2"].number == "506.3"


def test_mentions_reads_numbers_not_ranges_or_longer_numbers():
    assert mentions("CR 723.2d, and 726.5. See 800.4a–p") == {"723.2d", "726.5", "800.4a"}
    assert mentions("rule 800.4 in brief; not 1800.4, and 800.41 is another number") == {
        "800.4", "800.41"}
    assert mentions("the second 506.3 (506.3-2)") == {"506.3", "506.3-2"}
    assert mentions("506.3 (second paragraph)") == {"506.3", "506.3-2"}
    assert "506.3-2" not in mentions("CR 506.3: the library is removed face down")


def _tree(tmp_path: Path, test: str, page: str) -> Path:
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_x.py").write_text(test, encoding="utf-8")
    (tmp_path / "book").mkdir()
    nb = {"cells": [{"cell_type": "markdown", "source": [page], "metadata": {}}]}
    (tmp_path / "book" / "page.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    (tmp_path / "book" / "reference_rules.md").write_text("726.6 723.6", encoding="utf-8")
    (tmp_path / "magicsub" / "scenarios").mkdir(parents=True)
    return tmp_path


def test_a_paragraph_cited_only_by_a_page_or_a_test_or_a_generated_list_is_listed(
        tmp_path, monkeypatch):
    """Names in a test's name and docstring count; a page's text counts; a generated page (the
    rules listing) does not."""
    monkeypatch.setattr(rule_coverage, "RULES", Path(rule_coverage.__file__).parent.parent
                        / "magicsub" / "rules")
    root = _tree(tmp_path, 'def test_726_6_nested():\n    """CR 726.5 and CR 800.4."""\n',
                 "CR 726.6 and 726.5; the second 506.3.")
    found = coverage(root)
    assert found["726.6"].tests and found["726.6"].pages and not found["726.6"].missing()
    assert not found["726.5"].missing()
    assert found["800.4"].missing() == ["page"]
    assert found["723.6"].missing() == ["test", "page", "scenario"]
    assert found["506.3-2"].missing() == ["test", "scenario"]
    lines = uncited(root)
    assert "723.6 (CR 723): no test, no page, no scenario" in lines
    assert not any(line.startswith("726.6 ") for line in lines)


def test_an_old_edition_scenario_counts_only_for_what_its_trace_quotes_and_its_expect_lists():
    """726_5_edition_506.yaml lists 506.1, 506.3, 506.4 and 506.6 in ``trace_cites``; its trace
    also quotes 506.5, which it does not list, and never the second 506.3."""
    cited = scenario_citations()["726_5_edition_506"]
    assert {"506.1", "506.3", "506.4", "506.6"} <= cited
    assert "506.5" not in cited and "506.3-2" not in cited
