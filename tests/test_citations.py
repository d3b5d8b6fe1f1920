"""Every step cites a paragraph that says what the step does, under every CR edition.

Each scenario runs under its own edition and under each other edition it can run under (one that
an older edition refuses with a ``RulesError``, e.g. a Commander game under CR 506, is skipped
there). A ``CitationError`` (a phrase no sentence of the cited paragraph contains) always fails.
"""

from __future__ import annotations

import functools
from dataclasses import replace
from pathlib import Path

import pytest
from tracetools import run_recording

from magicsub import EDITIONS, CitationError, Game, RulesError, edition, load_scenario
from magicsub.engine.editions import Edition, sentences
from magicsub.engine.trace import Move

SCENARIOS = sorted((Path(__file__).resolve().parent.parent / "magicsub" / "scenarios")
                   .glob("*.yaml"))


def assert_cites_what_it_says(name: str, number: str, recorded: list[tuple]) -> None:
    ed = edition(number)
    for step, rule, match in recorded:
        where = f"{name} under {number}, step {step.index} ({step.rule}, {match!r})"
        assert step.edition == number, where
        assert step.paragraph == ed.cite(rule).paragraph, where
        if match is None:
            assert step.text == step.paragraph, where
            continue
        assert step.text in sentences(step.paragraph), where
        assert ed.phrase(rule, match).lower() in step.text.lower(), where


@functools.cache
def under_each_edition(path: Path) -> tuple[str, dict]:
    """The scenario at ``path`` run under each of ``EDITIONS``, once per worker (both tests below
    read it): its own edition, and ``{edition: [(step, rule, phrase), ...] (run_recording), the
    CitationError raised, or None (refused with a RulesError)}``."""
    scenario = load_scenario(path)
    out: dict = {}
    with pytest.MonkeyPatch.context() as monkeypatch:
        for number in EDITIONS:
            try:
                out[number] = run_recording(replace(scenario, edition=number), monkeypatch)
            except CitationError as err:
                out[number] = err
            except RulesError:
                out[number] = None
    return scenario.edition, out


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_scenario_under_every_edition_cites_what_each_step_does(path, scenario_runs):
    """Each scenario under its own edition and the others (726, 723, 506): no CitationError,
    and each step quotes one sentence of its paragraph in that edition, the one with that
    edition's phrase for the step (or the whole paragraph when the step gave no phrase). The
    recorded run under its own edition is the scenario's run (``scenario_runs``)."""
    own, runs = under_each_edition(path)
    ran = []
    for number in (own,) + tuple(e for e in EDITIONS if e != own):
        recorded = runs[number]
        if isinstance(recorded, CitationError):
            pytest.fail(f"{path.name} under CR {number}: {recorded}")
        if recorded is None:
            assert number != own, f"{path.name} fails under its own edition"
            continue
        assert_cites_what_it_says(path.name, number, recorded)
        ran.append(number)
    assert own in ran
    assert [step for step, _, _ in runs[own]] == list(scenario_runs[path.name].trace)


def test_the_scenarios_run_under_each_edition_somewhere():
    """The cross-edition run is not vacuous: most scenarios run under all three editions."""
    runs = {e: 0 for e in EDITIONS}
    for path in SCENARIOS:
        for number, recorded in under_each_edition(path)[1].items():
            if isinstance(recorded, CitationError):
                raise recorded
            runs[number] += recorded is not None
    assert all(n >= 40 for n in runs.values()), runs


def test_cite_raises_on_a_phrase_its_paragraph_does_not_contain():
    """``Edition.cite`` never quotes the whole paragraph for a phrase it cannot find: it raises
    ``CitationError`` (an engine defect, not a refused request) naming edition, rule and phrase."""
    for number in EDITIONS:
        with pytest.raises(CitationError) as err:
            edition(number).cite("726.1", "no sentence says this")
        assert not isinstance(err.value, RulesError)
        assert err.value.edition == number and err.value.phrase == "no sentence says this"
        assert err.value.rule == ("506.1" if number == "506" else f"{number}.1")
        assert number in str(err.value) and "no sentence says this" in str(err.value)
    with pytest.raises(CitationError):  # 506.1 says "suspended", and only 726.1a is reworded
        Edition("506").cite("726.1", "temporarily discontinued")
    assert Edition("506").cite("726.1a", "temporarily discontinued").text == (
        "The main game is suspended while the subgame is in progress.")


def test_608_2c_a_resolving_spell_cites_following_its_instructions():
    """CR 608.2c: "The controller of the spell or ability follows its instructions in the order
    written." Act of Treason's effect is recorded in a step quoting that sentence, in each
    edition."""
    for number in EDITIONS:
        result = replace(load_scenario(next(p for p in SCENARIOS
                                            if p.name == "800_4a_act_of_treason.yaml")),
                         edition=number).run()
        recorded = [s for s in result.trace if s.rule == "608.2c"]
        assert recorded, number
        assert recorded[0].text == ("The controller of the spell or ability follows its "
                                    "instructions in the order written.")
        assert any("gains control of Runeclaw Bears" in n for n in recorded[0].notes)


def _treason_on_departed_bears() -> Game:
    g = Game(["Alex", "Bianca", "Cho"], seed=1)
    g.add_object("treason", "Act of Treason", owner="Alex", zone="hand")
    g.add_object("bears", "Runeclaw Bears", owner="Bianca", zone="battlefield")
    g.cast("treason", "Alex", target="bears")
    g.apply({"leave": "Bianca"})
    return g


def test_608_2b_act_of_treason_whose_target_left_does_not_resolve():
    """CR 608.2b: Bianca leaves with her Bears while Act of Treason targets them; all its targets
    are illegal, so it doesn't resolve: "It’s removed from the stack and, if it’s a spell, put
    into its owner’s graveyard." (not 608.2n: it never resolved)."""
    g = _treason_on_departed_bears()
    assert g.where("bears") == ("outside", "outside") and g.stack == ["treason"]
    steps = g.apply({"resolve": "treason"})
    assert [s.rule for s in steps] == ["117.4", "608.2b", "117.3b"]
    assert steps[1].text == ("It’s removed from the stack and, if it’s a spell, put into its "
                             "owner’s graveyard.")
    assert [(m.obj, m.dst.zone) for m in steps[1].changes if isinstance(m, Move)] == [
        ("treason", "graveyard")]
    assert g.where("treason") == ("main", "graveyard") and g.stack == []
    assert g.priority == "Alex"


def test_608_2b_fork_whose_target_left_the_stack_copies_nothing():
    """CR 608.2b: Fork's target spell is no longer on the stack: Fork doesn't resolve and goes to
    its owner's graveyard; no copy is made (no CR 707.10 step)."""
    g = Game(["Alex", "Bianca"], seed=1)
    g.add_object("growth", "Giant Growth", owner="Alex", zone="hand", types=["instant"])
    g.add_object("fork", "Fork", owner="Bianca", zone="hand", types=["instant"])
    g.cast("growth", "Alex")
    g.apply({"pass_priority": "Alex"})
    g.cast("fork", "Bianca", target="growth")
    g.apply({"move": {"object": "growth", "to": "exile"}})
    steps = g.apply({"resolve": "fork"})
    assert [s.rule for s in steps] == ["117.4", "608.2b", "117.3b"]
    assert "707.10" not in [s.rule for s in steps]
    assert g.where("fork") == ("main", "graveyard") and g.where("growth") == ("main", "exile")
    assert g.stack == []


def test_608_2c_bribery_and_living_wish_follow_their_instructions():
    """CR 608.2c, not 400.7: Bribery's search-and-put and Living Wish's bring-in-then-exile are
    steps of following the spell's instructions in the order written."""
    g = Game(["Alex", "Bianca"], seed=1, libraries={"Alex": 3, "Bianca": 3})
    g.add_object("bribery", "Bribery", owner="Alex", zone="hand")
    g.add_object("angel", "Serra Angel", owner="Bianca", zone="library")
    g.add_object("wish", "Living Wish", owner="Alex", zone="hand")
    g.add_object("plains", "Plains", owner="Alex", zone="outside", types=["land"])
    g.cast("bribery", "Alex", target="Bianca")
    steps = g.resolve("bribery", choose="angel")
    assert [s.rule for s in steps] == ["117.4", "608.2c", "608.2n", "117.3b"]
    search = steps[1]
    assert search.text == ("The controller of the spell or ability follows its instructions in "
                           "the order written.")
    assert [(m.obj, m.dst.zone) for m in search.changes if isinstance(m, Move)] == [
        ("angel", "battlefield")]
    assert g.obj("angel").controller == "Alex" and g.where("bribery") == ("main", "graveyard")
    g.cast("wish", "Alex")
    steps = g.resolve("wish", choose="plains")
    assert [s.rule for s in steps][:4] == ["117.4", "608.2c", "726.4a", "608.2c"]
    assert [(m.obj, m.dst.zone) for m in steps[3].changes if isinstance(m, Move)] == [
        ("wish", "exile")]
    assert g.where("plains") == ("main", "hand") and g.where("wish") == ("main", "exile")
