"""The same game under each of the four cards that make a subgame, side by side (issue 30,
item 5): the four ``compare_*`` scenarios, ``Comparison.of_scenarios``, its static view and
widget, ``book.side_by_side`` and the rule-index scanner's reading of it.

Each scenario is the same two-player position and the same steps, Alex winning the subgame;
only the card differs, and each one's expectations assert its own outcome (CR 726.1b: "except
as defined by the effect that created the subgame"; CR 726.5; CR 614.1a for the Countdown)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_history_view import Marks

import magicsub
from magicsub import book
from magicsub.pages import statichtml
from magicsub.views import history
from magicsub.views.history import Comparison, HistoryError, run_key
from tools.rule_links import stepper_calls

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "magicsub" / "scenarios"
CARDS = {"Shahrazad": "compare_shahrazad.yaml",
         "Enter the Dungeon": "compare_enter_the_dungeon.yaml",
         "The Countdown Is at One": "compare_the_countdown_is_at_one.yaml",
         "Tug of War": "compare_tug_of_war.yaml"}
TITLE = "One game, four cards"


def loaded() -> list[tuple[str, magicsub.Scenario]]:
    return [(name, magicsub.load_scenario(SCENARIOS / file)) for name, file in CARDS.items()]


@pytest.fixture(scope="module")
def comparison() -> Comparison:
    return Comparison.of_scenarios("cards", TITLE, loaded())


def _facts(result: magicsub.ScenarioResult) -> dict:
    """What each card's game comes to: subgame life, Bianca's main-game life after the
    subgame and at the end, where Alex's Serra Angel and Runeclaw Bears end."""
    trace = result.trace
    won = next(s for s in trace if s.rule == "104.2b")
    subgame = won.snapshot.games[1]
    after = next(s for s in trace if s.rule == "117.3b" and s.index > won.index)
    return {"subgame life": {p: subgame.seat(p).life for p in ("Alex", "Bianca")},
            "Bianca after": after.snapshot.games[0].seat("Bianca").life,
            "Bianca at the end": trace[-1].snapshot.games[0].seat("Bianca").life,
            "angel": result.game.where("angel"), "bears": result.game.where("bears")}


def test_726_1b_726_5_the_four_cards_differ_only_in_what_each_defines(comparison):
    """The same game, step for step and with the same winner: Shahrazad starts the subgame at
    20 and takes half of Bianca's 13 (7, rounded up); Enter the Dungeon at 5, Alex finds two
    cards; the Countdown at 1 and doubles the Griffin's 3 damage to Bianca (CR 614.1a); Tug of
    War at 5 with the cards set aside, and Alex's Serra Angel goes to the main battlefield."""
    facts = {run.name: _facts(run.result) for run in comparison.runs}
    assert {n: f["subgame life"]["Alex"] for n, f in facts.items()} == {
        "Shahrazad": 20, "Enter the Dungeon": 5, "The Countdown Is at One": 1, "Tug of War": 5}
    assert all(f["subgame life"]["Alex"] == f["subgame life"]["Bianca"] for f in facts.values())
    assert {n: (f["Bianca after"], f["Bianca at the end"]) for n, f in facts.items()} == {
        "Shahrazad": (6, 3), "Enter the Dungeon": (13, 10),
        "The Countdown Is at One": (13, 7), "Tug of War": (13, 10)}
    assert {n: (f["angel"], f["bears"]) for n, f in facts.items()} == {
        "Shahrazad": (("main", "library"), ("main", "library")),
        "Enter the Dungeon": (("main", "hand"), ("main", "hand")),
        "The Countdown Is at One": (("main", "library"), ("main", "library")),
        "Tug of War": (("main", "battlefield"), ("main", "library"))}
    for run in comparison.runs:
        assert run.result.ok and run.own and comparison.differences(run) == []
        assert run.result.trace[-1].snapshot.games[1].winner == "Alex"


def test_the_shared_control_pairs_the_same_step_of_each_scenario(comparison):
    """One scenario step per action of the scenarios: where they word it differently (the
    card cast and how it resolves) every wording is named; marks end at each trace's end."""
    assert len(comparison.actions) == 8
    assert comparison.actions[0] == (
        "Shahrazad: cast {card: shahrazad, by: Alex}; Enter the Dungeon: cast {card: dungeon, "
        "by: Alex}; The Countdown Is at One: cast {card: countdown, by: Alex}; Tug of War: cast "
        "{card: tug, by: Alex}")
    assert "Tug of War: resolve {object: tug, set_aside: [angel, bears, grizzly], keep: angel}" \
        in comparison.actions[1]
    assert comparison.actions[2:4] == ["advance upkeep", "win Alex"]
    assert [r.key for r in comparison.runs] == [
        "cards_shahrazad", "cards_enter_the_dungeon", "cards_the_countdown_is_at_one",
        "cards_tug_of_war"]
    assert [r.name for r in comparison.runs] == list(CARDS)
    for run in comparison.runs:
        assert len(run.marks) == 9 and run.marks[0] == 0
        assert run.marks[-1] == len(run.result.trace) and list(run.marks) == sorted(run.marks)
        won = run.result.trace[run.marks[3]:run.marks[4]]
        assert won and {s.action for s in won} == {"win: {'player': 'Alex'}"}
    assert comparison.subject == ("The same game under Shahrazad, Enter the Dungeon, The "
                                  "Countdown Is at One and Tug of War")


def test_the_text_and_the_static_view_name_each_card(comparison):
    from magicsub.pages import widgets

    text = comparison.summary()
    assert text == statichtml.Compare(comparison).summary() == widgets.Compare(comparison).summary()
    head = text.split("\n\n")[0].splitlines()
    assert head[0] == (f"Compare {TITLE!r}: " + "; ".join(
        magicsub.load_scenario(SCENARIOS / f).title for f in CARDS.values()))
    assert head[1] == ("Scenario steps (the trace step each shows: Shahrazad, Enter the "
                       "Dungeon, The Countdown Is at One, Tug of War):")
    assert "expectations" not in text.split("\n\n")[0]
    html = statichtml.Compare(comparison).html()
    tree = Marks(html)
    data = json.loads(next(s["text"] for s in tree.all("script")
                           if "ms-cmp-data" in s["class"]))
    assert data == {"keys": [r.key for r in comparison.runs], "labels": list(CARDS),
                    "marks": [list(r.marks) for r in comparison.runs]}
    assert "The same game under Shahrazad, Enter the Dungeon" in html
    steppers = [r for r in tree.found if "magicsub-stepper" in r["class"]]
    assert [s["class"][-1] for s in steppers] == [f"ms-key-{r.key}" for r in comparison.runs]


def test_the_widget_moves_every_stepper_to_the_same_scenario_step(comparison):
    from magicsub.pages import widgets

    shown = widgets.Compare(comparison)
    shown.go(4)
    for stepper, run in zip(shown.steppers, comparison.runs, strict=True):
        assert stepper.slider.value == stepper.position(run.marks[4])


def test_of_scenarios_refuses_what_it_cannot_pair():
    scenarios = loaded()
    with pytest.raises(HistoryError, match="two or more"):
        Comparison.of_scenarios("c", TITLE, scenarios[:1])
    with pytest.raises(HistoryError, match="its own name"):
        Comparison.of_scenarios("c", TITLE, [("Tug of War", scenarios[0][1]),
                                             ("Tug  of  War!", scenarios[3][1])])
    with pytest.raises(HistoryError, match="Python-style"):
        Comparison.of_scenarios("c-1", TITLE, scenarios)
    text = (SCENARIOS / CARDS["Shahrazad"]).read_text(encoding="utf-8").replace(
        "  - pass_priority: Alex\n", "")
    shorter = magicsub.load_scenario(text=text, name="shorter")
    with pytest.raises(HistoryError, match="Shahrazad: 7, Tug of War: 8"):
        Comparison.of_scenarios("c", TITLE, [("Shahrazad", shorter), scenarios[3]])


def test_run_key_of_an_edition_is_the_key_it_always_had():
    assert run_key("exile", "506") == "exile_506"
    assert history.Comparison("e", magicsub.load_scenario(
        SCENARIOS / "726_5_edition_506.yaml"), ("506", "726")).runs[0].name == "CR 506"


def test_book_side_by_side_keeps_each_run_and_refuses_a_failing_scenario(capsys, tmp_path):
    book.side_by_side("cmp", CARDS, title=TITLE)
    assert {run_key("cmp", n) for n in CARDS} <= set(book.RUNS)
    assert book.step_ref("cmp_the_countdown_is_at_one", "614.1a#2", links=False) == "step 36"
    assert capsys.readouterr().out.startswith(f"Compare({TITLE!r}, steppers=4)")
    broken = tmp_path / "broken.yaml"
    broken.write_text((SCENARIOS / CARDS["Tug of War"]).read_text(encoding="utf-8").replace(
        "{player: Bianca, life: 10}", "{player: Bianca, life: 11}"), encoding="utf-8")
    with pytest.raises(book.PageError, match="Tug of War's scenario fail"):
        book.side_by_side("bad", {"Shahrazad": CARDS["Shahrazad"], "Tug of War": str(broken)},
                          title=TITLE)


def test_the_rule_index_scanner_reads_side_by_side_as_one_stepper_per_scenario():
    source = json.dumps({"cells": [
        {"cell_type": "code", "source": 'side_by_side("cards", {"Shahrazad": "a.yaml", '
                                        '"Tug of War": "b.yaml"}, title="t")'},
        {"cell_type": "code", "source": 'side_by_side("n", SCENARIOS, title="t")'}]})
    calls, problems = stepper_calls(source, "x.ipynb")
    assert [(c.key, c.file, c.cell) for c in calls] == [
        ("cards_shahrazad", "a.yaml", 0), ("cards_tug_of_war", "b.yaml", 0)]
    assert [p.level for p in problems] == ["warning"] and "cell 1" in problems[0].message
