"""magicsub.textview: the trace as terminal text for ``magicsub show``."""

from __future__ import annotations

import re

import pytest

import magicsub
from magicsub.textview import trace_text

ANSI = re.compile(r"\x1b\[[0-9;]*m")

SCENARIO = """\
title: Shahrazad, Bianca short of cards
players: [Alex, Bianca]
seed: 1
libraries: {Alex: 8, Bianca: 5}
objects:
  - {id: shahrazad, name: Shahrazad, owner: Alex, zone: hand}
steps:
  - cast: {card: shahrazad, by: Alex}
  - expect: {stack: [shahrazad]}
  - resolve: shahrazad
  - advance: upkeep
expect:
  - {winner: Alex, game: 1}
  - {trace_cites: ["726.2", "726.5"]}
"""


@pytest.fixture(scope="module")
def result() -> magicsub.ScenarioResult:
    return magicsub.load_scenario(text=SCENARIO).run()


def test_plain_text_has_no_ansi_codes_and_every_step(result):
    text = trace_text(result, colour=False)
    assert not ANSI.search(text)
    lines = text.splitlines()
    assert lines[0] == "Shahrazad, Bianca short of cards"
    for step in result.trace:
        assert f"[{step.index + 1}] {step.rule} ({step.edition}) {step.text}" in lines
        for change in step.changes:
            assert f"    - {change.words()}" in lines


def test_colour_text_has_ansi_codes_and_the_same_words(result):
    text = trace_text(result, colour=True)
    assert ANSI.search(text)
    assert "\x1b[1m726.2\x1b[0m" in text
    assert "\x1b[36m" in text  # moves in cyan
    assert ANSI.sub("", text) == trace_text(result, colour=False)


def test_expectation_results_close_the_text(result):
    text = trace_text(result, colour=False)
    assert text.count("\nok   ") == 3
    assert text.endswith("all 3 expectations hold")


def test_failed_expectations_are_fail_lines():
    result = magicsub.load_scenario(text=SCENARIO.replace("winner: Alex", "winner: Bianca")).run()
    text = trace_text(result, colour=False)
    fail = [line for line in text.splitlines() if line.startswith("FAIL")]
    assert len(fail) == 1 and "won by Bianca" in fail[0]
    assert text.endswith("1 of 3 expectations failed")
    assert "\x1b[1m\x1b[31mFAIL" in trace_text(result, colour=True)


def test_text_of_a_bare_trace_has_a_header_and_no_expectations(result):
    text = trace_text(result.trace, colour=False)
    assert text.splitlines()[0] == f"Trace of {len(result.trace)} steps"
    assert "Expectations" not in text
    assert all(step.rule in text for step in result.trace)
