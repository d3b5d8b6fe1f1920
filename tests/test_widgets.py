"""magicsub.pages.widgets (Stepper, Quiz): kernel-free widgets, for JupyterLab and exported
notebooks (``magicsub html`` pages show the static stepper: tests/test_html_page.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ipywidgets = pytest.importorskip("ipywidgets")

import magicsub  # noqa: E402
from magicsub.pages.widgets import Quiz, Stepper, correct_choice, state_bytes  # noqa: E402

SCENARIO = """\
title: Shahrazad with a short library
players: [Alex, Bianca]
seed: 1
libraries: {Alex: 6, Bianca: 8}
objects:
  - {id: shahrazad, name: Shahrazad, owner: Alex, zone: hand}
steps:
  - cast: {card: shahrazad, by: Alex}
  - resolve: shahrazad
  - advance: upkeep
expect:
  - {winner: Bianca, game: 1}
"""


@pytest.fixture(scope="module")
def result() -> magicsub.ScenarioResult:
    return magicsub.load_scenario(text=SCENARIO).run()


@pytest.fixture(scope="module")
def stepper(result) -> Stepper:
    """Every step, as a page without a kernel shows it (an exported notebook)."""
    return Stepper(result.trace, title="Shahrazad", live=False)


def link_pairs(links) -> set[tuple]:
    return {((lk.source[0], lk.source[1]), (lk.target[0], lk.target[1])) for lk in links}


# -- Stepper -----------------------------------------------------------------------------------

def test_stepper_has_a_page_per_step_plus_the_start(result, stepper):
    assert len(stepper.pages.children) == len(result.trace) + 1
    assert stepper.slider.max == len(result.trace) == stepper.play.max
    assert stepper.slider.min == 0 == stepper.pages.selected_index
    assert stepper.slider.description == "Step"
    assert 'data-step="start"' in stepper.pages.children[0].value
    for i, page in enumerate(stepper.pages.children[1:]):
        assert page.value.startswith(f'<div class="magicsub magicsub-step" data-step="{i}" '
                                     f'data-rule="{result.trace[i].rule}"')


def test_stepper_is_linked_in_the_browser_only(stepper):
    """Linked with jslink, not link or observe: the static page has no kernel (DESIGN.md 6)."""
    from ipywidgets.widgets.widget_link import Link

    assert all(isinstance(lk, Link) for lk in stepper.links)
    assert link_pairs(stepper.links) == {
        ((stepper.play, "value"), (stepper.slider, "value")),
        ((stepper.slider, "value"), (stepper.pages, "selected_index")),
    }
    assert not stepper.slider._trait_notifiers.get("value", {}).get("change")


SCENARIOS = Path(magicsub.__file__).parent / "scenarios"
WALK = "800_4j_turn_without_active_player.yaml"


@pytest.fixture(scope="module")
def walk() -> magicsub.ScenarioResult:
    """CR 800.4j's page: 43 steps, most of them the turn walking on with no active player."""
    return magicsub.load_scenario(SCENARIOS / WALK).run()


def test_a_live_stepper_opens_compact_as_the_books_does(walk):
    from magicsub.pages import statichtml

    live = Stepper(walk.trace, title="800.4j", key="j")
    static = statichtml.Stepper(walk.trace, title="800.4j", key="j")
    assert live.compact and live.groups == static.groups
    assert live.slider.max == live.play.max == len(live.groups) < len(walk.trace)
    assert [p.value for p in live.pages.children] == statichtml.unpack_groups(static.data)
    assert f"{len(walk.trace)} steps, shown as {len(live.groups)}" in live.header.value
    assert live.every.description == f"Show every step ({len(walk.trace)})"
    assert live.summary() == Stepper(walk.trace, title="800.4j", live=False).summary()
    assert link_pairs(live.links) == {((live.play, "value"), (live.slider, "value")),
                                      ((live.slider, "value"), (live.pages, "selected_index"))}


def test_show_every_step_and_back_keeps_the_step_shown(walk):
    live = Stepper(walk.trace, title="800.4j")
    first, last = live.groups[4]
    assert last > first
    live.slider.value = 5
    assert live.step == first
    live.every.value = True
    assert not live.compact and live.slider.max == len(walk.trace) == live.play.max
    assert len(live.pages.children) == len(walk.trace) + 1 and live.slider.value == first
    live.slider.value = last
    live.show_every_step(False)
    assert live.compact and live.every.value is False
    assert live.slider.value == 5 and len(live.pages.children) == len(live.groups) + 1
    live.next.click()
    assert live.step == live.groups[5][0]
    live.slider.value = len(live.groups)
    live.next.click()
    assert live.slider.value == len(live.groups)


def test_jump_to_the_step_citing_a_rule(walk):
    from magicsub.pages import statichtml

    live = Stepper(walk.trace, title="800.4j")
    cited = statichtml.cited_rules(walk.trace)
    assert [label for label, _ in live.rules.options[1:]] == [
        f"CR {rule} — step {number}" for rule, number in cited]
    rule, number = next((r, n) for r, n in cited if r == "514.2")
    live.rules.value = number
    assert live.step == next(first for first, last in live.groups if first <= number <= last)
    live.every.value = True
    live.rules.value = 0
    live.rules.value = number
    assert live.step == number and walk.trace[number - 1].rule == rule


def test_a_page_without_a_kernel_has_neither_toggle_nor_rule_list(walk):
    still = Stepper(walk.trace, title="800.4j", live=False)
    assert not still.compact and still.every is None and still.rules is None
    assert still.slider.max == len(walk.trace)


def test_stepper_text_output_lists_each_steps_rule_and_changes_and_the_final_board(result):
    """The text/plain that nbval compares says what the stepper shows (not only its title)."""
    one = Stepper(result.trace, title="Shahrazad")._repr_mimebundle_()
    two = Stepper(result.trace, title="Shahrazad")._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in one
    text = one["text/plain"]
    assert text == two["text/plain"]
    lines = text.splitlines()
    assert lines[0] == f"Stepper 'Shahrazad': {len(result.trace)} steps"
    numbered = [line for line in lines if re.match(r"^\d+\. ", line)]
    assert [line.split()[1] for line in numbered] == [s.rule for s in result.trace]
    assert ("   - move 6 cards: Alex's library (main game) → Alex's library (subgame 1): "
            "Alex#1–Alex#6") in lines
    assert "   - life: Alex loses 10 life in the main game (20 → 10)" in lines
    assert ("   - move [shahrazad] Shahrazad: stack (main game) → Alex's graveyard (main game)"
            in lines)
    final = lines[lines.index("After the last step:"):]
    assert final[1:4] == ["  main game: in progress; turn 1 (Alex's turn), precombat main phase; "
                          "priority Alex", "    Alex: life 10, in game",
                          "    Bianca: life 20, in game"]
    assert "    Alex's graveyard (1): shahrazad" in final
    assert final[-1] == "  subgame 1: ended (won by Bianca)"
    assert not re.search(r"0x[0-9a-f]{6,}|model_id|\d\d:\d\d:\d\d", text)
    assert repr(Stepper(result.trace)) == f"Stepper(steps={len(result.trace)})"


def test_stepper_text_output_changes_when_a_card_ends_elsewhere(result):
    game = magicsub.Game(["Alex", "Bianca"], seed=1)
    game.add_object("bears", "Grizzly Bears", owner="Alex", zone="hand", types=["creature"])
    game.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    game.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    other = magicsub.Game(["Alex", "Bianca"], seed=1)
    other.add_object("bears", "Grizzly Bears", owner="Alex", zone="graveyard",
                     types=["creature"])
    other.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    other.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    one, two = Stepper(game.trace).summary(), Stepper(other.trace).summary()
    assert "Alex's hand (1): bears" in one and "Alex's graveyard (1): bears" in two


def test_stepper_state_holds_the_css_once_and_is_small(stepper):
    from ipywidgets.embed import dependency_state

    state = json.dumps(dependency_state([stepper]))
    assert state.count(".magicsub .ms-row{") == 1
    assert state.count("LinkModel") == 2
    size = state_bytes(stepper)
    assert size < 12_000 * (len(stepper.pages.children))


def test_stepper_pages_escape_names():
    game = magicsub.Game(["Alex", "<b>Bob</b>"], libraries={"Alex": 2})
    game.add_object("x", "<script>alert(1)</script>", owner="Alex", zone="hand")
    game.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    game.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    stepper = Stepper(game.trace, title="<i>t</i>")
    values = [p.value for p in stepper.pages.children] + [c.value for c in stepper.children
                                                          if hasattr(c, "value")]
    assert not any("<script>alert" in v or "<b>Bob" in v or "<i>t" in v for v in values)


# -- Quiz --------------------------------------------------------------------------------------

CHOICES = ["Alex", "Bianca", "Nobody: a draw"]


def test_quiz_answer_is_computed_by_the_engine(result):
    winner = result.game.world.games[1].winner
    quiz = Quiz("Who wins the subgame?", CHOICES, result,
                answer=lambda r: CHOICES.index(r.game.world.games[1].winner),
                rule="726.3")
    assert quiz.correct == CHOICES.index(winner) == 1
    pages = [p.value for p in quiz.feedback.children]
    assert "Correct" in pages[quiz.correct] and "CR 726.3" in pages[quiz.correct]
    assert all("Not quite" in p for i, p in enumerate(pages) if i != quiz.correct)
    assert len(set(pages)) == len(pages)
    assert quiz.buttons.index is None and quiz.feedback.selected_index is None
    assert link_pairs(quiz.links) == {((quiz.buttons, "index"), (quiz.feedback,
                                                                  "selected_index"))}
    assert quiz.buttons.description == "Answer"
    assert repr(quiz) == "Quiz('Who wins the subgame?', choices=3)"
    assert quiz._repr_mimebundle_()["text/plain"] == (
        "Quiz: Who wins the subgame?\n    1. Alex\n  * 2. Bianca\n    3. Nobody: a draw\n"
        "Engine's answer: 2. Bianca")


def test_quiz_answer_from_expectations_per_choice(result):
    per_choice = {c: {"winner": c, "game": 1} for c in CHOICES[:2]}
    per_choice[CHOICES[2]] = [{"subgames": 1}]
    quiz = Quiz("Who wins?", CHOICES, result, answer=per_choice)
    assert quiz.correct == 1
    quiz = Quiz("Who wins?", CHOICES, magicsub.load_scenario(text=SCENARIO),
                answer=[per_choice[c] for c in CHOICES])
    assert quiz.correct == 1


def test_quiz_rejects_ambiguous_or_impossible_answers(result):
    with pytest.raises(ValueError, match="exactly one"):
        correct_choice(result, CHOICES, [{"subgames": 0}] * 3)
    with pytest.raises(ValueError, match="exactly one"):
        correct_choice(result, CHOICES, [{"subgames": 5}] * 3)
    with pytest.raises(ValueError, match="index"):
        correct_choice(result, CHOICES, lambda r: 7)
    with pytest.raises(ValueError, match="two choices"):
        Quiz("?", ["only"], result, answer=lambda r: 0)


def test_previous_and_next_buttons_move_the_slider_with_a_kernel() -> None:
    """With a kernel, Previous/Next move the slider one step and stop at either end; in a static
    page the bundled script does it (tests/browser)."""
    game = magicsub.Game(["Alex", "Bianca"], libraries={"Alex": 3, "Bianca": 3})
    game.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    game.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    stepper = Stepper(game.trace, title="Casting", live=False)
    assert "ms-next" in stepper.next._dom_classes and "ms-prev" in stepper.previous._dom_classes
    stepper.previous.click()
    assert stepper.slider.value == 0
    stepper.next.click()
    stepper.next.click()
    stepper.next.click()
    assert stepper.slider.value == stepper.steps == 2
    stepper.previous.click()
    assert stepper.slider.value == 1
