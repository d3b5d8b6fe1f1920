"""magicsub.book (the page helpers), magicsub.views.quizbank (quizzes as data) and
tools/notebooks.py.

The step references of a page's prose are computed from its runs (so they cannot drift); a quiz
file is validated with its file and line; the engine decides each quiz's right choice, and a
quiz whose edited scenario no longer decides it says why.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from magicsub import book, edition  # noqa: E402
from magicsub.pages.widgets import Quiz  # noqa: E402
from magicsub.views import quizbank

ROOT = Path(__file__).resolve().parent.parent


pytestmark = pytest.mark.usefixtures("shown")


def test_stepper_keeps_its_run_and_shows_the_yaml(shown):
    book.stepper("s1", "726_1_shahrazad.yaml")
    (stepper,) = shown
    assert stepper.key == "s1" and "ms-key-s1" in stepper._dom_classes
    head = stepper.header.value
    assert "<code>magicsub/scenarios/726_1_shahrazad.yaml</code></summary>" in head
    assert '<code class="language-yaml">title: &quot;726.1: Shahrazad' in head
    assert book.RUNS["s1"].trace[0].rule == "601.2a"


def test_step_references_are_computed_from_the_run():
    result = book.run("726_1_shahrazad.yaml", key="s1")
    first_7265 = next(s.index + 1 for s in result.trace if s.rule == "726.5")
    every = [s.index + 1 for s in result.trace if s.rule == "726.5"]
    assert book.step_ref("s1", "726.5", links=False) == f"step {first_7265}"
    assert book.step_ref("s1", "n") == str(len(result.trace))
    assert book.step_ref("s1", "last", links=False) == f"step {len(result.trace)}"
    assert book.step_ref("s1", "726.5#2", links=False) == f"step {every[1]}"
    loses = next(s.index + 1 for s in result.trace
                 if any("loses 10" in c.words() for c in s.changes))
    assert book.step_ref("s1", "~loses 10", links=False) == f"step {loses}"


def test_explain_links_each_step_and_its_text_has_none():
    result = book.run("726_1_shahrazad.yaml", key="s1")
    n = next(s.index + 1 for s in result.trace if s.rule == "726.1")
    text = book.explain("""
        At {{s1:726.1}} subgame 1 is created.

        {{s1:726.1}} again.
        """)
    assert repr(text) == "(an explanation with 2 step references)"
    assert text._repr_markdown_().startswith("At step <a ")
    assert "\n\nStep <a " in text._repr_markdown_()
    assert f'<a class="ms-stepref" href="#s1-{n}">{n}</a>' in text._repr_markdown_()


@pytest.mark.parametrize("ref, message", [
    ("{{s9:726.1}}", "no run 's9'"),
    ("{{s1:999.9}}", "no step matches"),
    ("{{s1:726.1#9}}", "only 1 steps match"),
])
def test_a_reference_no_step_matches_is_refused(ref, message):
    book.run("726_1_shahrazad.yaml", key="s1")
    with pytest.raises(book.PageError, match=message):
        book.explain(ref)


def test_a_failing_scenario_is_refused_on_a_page_and_shown_by_try_it(shown):
    text = (book.SCENARIOS / "800_4a_bribery_alex_leaves.yaml").read_text()
    edited = text.replace("leave: Alex", "leave: Cho")
    with pytest.raises(book.PageError, match="expectations fail"):
        book.run(text=edited)
    book.try_it(edited)
    stepper, failures = shown
    assert "no longer hold" in repr(failures) and "angel" in repr(failures)
    book.try_it("title: x\nplayers: [Alex]\nsteps: [{resolv: a}]\n")
    assert repr(shown[-1]).startswith("The scenario cannot run:")


def test_yaml_and_labels_are_escaped():
    html = book.folded_yaml("<b>x</b>", "title: '<script>'")
    assert "<b>" not in html and "&lt;script&gt;" in html


def test_quote_refuses_a_rule_not_in_the_data():
    assert "**726.5.**" in book.quote("726.5")._repr_markdown_()
    assert repr(book.quote("726.5")) == f"CR 726.5 ({edition().title})"
    with pytest.raises(book.PageError, match="rule 726.99"):
        book.quote("726.99")


QUIZ = """\
- id: bribery
  scenario: 800_4a_bribery_alex_leaves.yaml
  question: Alex leaves the game. Where is Bianca's Serra Angel?
  rule: "800.4a"
  decides: "those objects are exiled"
  choices:
    - text: main-game exile
      holds: {object: angel, zone: exile}
      feedback: He still controls it as he leaves.
    - text: main-game battlefield
      holds: {object: angel, zone: battlefield}
      feedback: No control effect ends.
"""


def _quizzes(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "quizzes"
    folder.mkdir(exist_ok=True)
    (folder / "q.yaml").write_text(text, encoding="utf-8")
    return folder


def test_a_quiz_file_is_answered_by_the_engine(tmp_path):
    quiz = book.quiz("bribery", folder=_quizzes(tmp_path, QUIZ))
    assert quiz.correct == 0
    sentence = quiz.sentence
    assert "those objects are exiled" in sentence and sentence.endswith(".")
    wrong = quiz.feedback.children[1].value
    assert 'data-verdict="wrong"' in wrong and "No control effect ends." in wrong
    assert sentence.replace("’", "&#x27;")[:20] in wrong or sentence[:20] in wrong
    assert "Decided by CR 800.4a" in quiz.summary()


DISPUTED = """\
  disputed:
    note: Judges read this two ways.
    readings:
      - {choice: main-game exile, reading: the literal reading}
      - {choice: main-game battlefield, reading: the other reading}
    official: "None: no ruling speaks to <this> point."
"""


def test_a_disputed_quiz_grades_no_reading_as_the_only_answer(tmp_path):
    quiz = book.quiz("bribery", folder=_quizzes(tmp_path, QUIZ + DISPUTED))
    pages = [page.value for page in quiz.feedback.children]
    assert all('data-verdict="disputed"' in p for p in pages)
    assert "This is the reading the engine takes." in pages[0]
    assert "The engine takes the other reading: “main-game exile”" in pages[1]
    assert "Judges differ: main-game exile; main-game battlefield" in quiz.summary()


GUIDED = ('    official: "Bribery, Gatherer ruling, 2004-10-04: “You put the creature onto the '
          'battlefield, so you control it”."\n')


def test_a_disputed_quiz_says_whether_official_guidance_exists(tmp_path):
    """Issue 27, item 9: every disputed corner says what official guidance exists, on each
    reading's feedback page and in the quiz's text (what nbval compares)."""
    quiz = book.quiz("bribery", folder=_quizzes(tmp_path, QUIZ + DISPUTED))
    for page in (p.value for p in quiz.feedback.children):
        assert ('<p class="ms-official"><strong>Official guidance: none.</strong> No ruling '
                "speaks to &lt;this&gt; point.</p>") in page
    assert "Official guidance: None: no ruling speaks to <this> point." in quiz.summary()
    assert not quiz.data.has_guidance
    guided = book.quiz("bribery", folder=_quizzes(
        tmp_path, QUIZ + DISPUTED.replace(DISPUTED.splitlines()[-1] + "\n", GUIDED)))
    assert guided.data.has_guidance
    page = guided.feedback.children[0].value
    assert ("<strong>Official guidance:</strong> Bribery, Gatherer ruling, 2004-10-04: “You put "
            "the creature onto the battlefield, so you control it”.</p>") in page


@pytest.mark.parametrize("official, message", [
    (None, r"q.yaml, line 13: disputed needs 'official'"),
    ('"None:"', r"line 18: official: say after 'None:' why"),
    ('"Nobody ruled on it."', r"line 18: official quotes the guidance in “curly quotes”"),
    ('"Bribery, Gatherer ruling: “You put the creature onto the battlefield”."',
     r"line 18: official names no date of a ruling"),
    ('"Bribery, Gatherer ruling, 2004-10-04: “You put the creature into exile”."',
     r"line 18: official quotes “You put the creature into exile”, which no ruling of "
     r"2004-10-04 in magicsub/rules/rulings.yaml says"),
    ('"Gatherer ruling, 2004-10-04: “You put the creature onto the battlefield”."',
     r"line 18: official quotes “You put the creature onto the battlefield” without its card "
     r"and source: name Bribery"),
    ('"Bribery, 2004-10-04: “You put the creature onto the battlefield”."',
     r"without its card and source: name Bribery and say “Gatherer ruling”"),
])
def test_a_disputed_quiz_without_its_official_guidance_is_refused(tmp_path, official, message):
    """Issue 27, item 9: ``official`` is required in ``disputed``, begins with "None:" and a
    reason, or quotes a ruling of magicsub/rules/rulings.yaml word for word with its card,
    source and date."""
    lines = DISPUTED.splitlines(keepends=True)[:-1]
    if official is not None:
        lines.append(f"    official: {official}\n")
    with pytest.raises(quizbank.QuizError, match=message):
        book.quiz("bribery", folder=_quizzes(tmp_path, QUIZ + "".join(lines)))


def test_an_unknown_key_in_disputed_is_refused(tmp_path):
    text = QUIZ + DISPUTED + "    source: a forum\n"
    with pytest.raises(quizbank.QuizError, match=r"q.yaml, line 19: unknown key 'source' in "
                                                 r"disputed; expected note, official, readings"):
        book.quiz("bribery", folder=_quizzes(tmp_path, text))


@pytest.mark.parametrize("edit, message", [
    (lambda t: t.replace("  rule:", "  rules:"), r"q.yaml, line 4: unknown key 'rules'"),
    (lambda t: t.replace("those objects are exiled", "no such words"),
     r"q.yaml, line 5: CR edition 726: no sentence of rule 800.4a contains 'no such words'"),
    (lambda t: t.replace("zone: battlefield}", "zone: exile}"),
     r"exactly one choice must hold after the run; these hold: \['main-game exile', "
     r"'main-game battlefield'\]"),
    (lambda t: t.replace("zone: exile}", "zone: hand}").replace("zone: battlefield}", "zone: hand}")
     .replace("main-game battlefield", "hand"), "these hold: none"),
    (lambda t: t + t, "two quizzes are called 'bribery'"),
    (lambda t: t.replace("holds: {object: angel, zone: exile}", "holds: {objekt: angel}"),
     r"q.yaml, line 8: unknown expectation"),
])
def test_a_bad_quiz_is_refused_naming_file_and_line(tmp_path, edit, message):
    folder = _quizzes(tmp_path, edit(QUIZ))
    with pytest.raises(quizbank.QuizError, match=message):
        book.quiz("bribery", folder=folder)


def test_an_inline_quiz_scenario_runs(tmp_path):
    text = QUIZ.replace("scenario: 800_4a_bribery_alex_leaves.yaml", """scenario:
    title: inline
    players: [Alex, Bianca, Cho]
    objects:
      - {id: bribery, name: Bribery, owner: Alex, zone: hand}
      - {id: angel, name: Serra Angel, owner: Bianca, zone: library}
    steps:
      - cast: {card: bribery, by: Alex, target: Bianca}
      - resolve: {object: bribery, choose: angel}
      - leave: Alex""")
    assert isinstance(book.quiz("bribery", folder=_quizzes(tmp_path, text)), Quiz)


def test_the_book_quizzes_all_load():
    quizzes = quizbank.load_folder(ROOT / "book" / "quizzes")
    assert quizzes, "book/quizzes/ holds no quiz"
    for data in quizzes.values():
        result = quizbank.run(data, book.scenario_path)
        quizbank.correct(data, result)


# -- tools/notebooks.py -------------------------------------------------------------------------

sys.path.insert(0, str(ROOT / "tools"))
import notebooks  # noqa: E402


def test_committed_notebooks_are_clean_and_listed():
    assert notebooks.problems() == []


def test_clean_strips_widget_state_and_views():
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {}}
    cell = nbformat.v4.new_code_cell("stepper('s1', 'x.yaml')")
    cell.outputs = [nbformat.v4.new_output("display_data", data={
        "text/plain": "Stepper: 1 step",
        notebooks.WIDGET_VIEW: {"model_id": "abc", "version_major": 2, "version_minor": 0}})]
    nb.cells.append(cell)
    cleaned = notebooks.clean(nb)
    assert "widgets" not in cleaned.metadata
    assert cleaned.cells[0].outputs[0].data == {"text/plain": "Stepper: 1 step"}


def test_new_page_starts_from_a_scenario(tmp_path, monkeypatch):
    toc = tmp_path / "_toc.yml"
    toc.write_text('format: jb-book\nroot: book/intro\nparts:\n  - caption: "A"\n'
                   '    chapters:\n      - file: book/a\n  - caption: "B"\n    chapters:\n'
                   '      - file: book/b\n', encoding="utf-8")
    (tmp_path / "book").mkdir()
    monkeypatch.setattr(notebooks, "BOOK", tmp_path / "book")
    monkeypatch.setattr(notebooks, "TOC", toc)
    path = notebooks.new_page("my_page", "800_4a_bribery_alex_leaves.yaml", None, "A")
    nb = json.loads(path.read_text())
    sources = ["".join(c["source"]) for c in nb["cells"]]
    assert sources[0] == "# Bribery, then Alex leaves (CR 800.4a, third example)"
    assert sources[1] == notebooks.IMPORT
    assert 'stepper("s1", "800_4a_bribery_alex_leaves.yaml")' in sources
    assert any(s.startswith(notebooks.TRY_IMPORT + "try_it(") for s in sources)
    assert notebooks.toc_files() == ["book/intro", "book/a", "book/my_page", "book/b"]
    with pytest.raises(SystemExit, match="exists"):
        notebooks.new_page("my_page", "800_4a_bribery_alex_leaves.yaml", None, None)


def test_check_flags_a_notebook_saved_in_another_form_and_the_size_budget(tmp_path, monkeypatch):
    import nbformat

    book_dir = tmp_path / "book"
    book_dir.mkdir()
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# T"), nbformat.v4.new_code_cell(notebooks.IMPORT)]
    nb.cells[0]["id"], nb.cells[1]["id"] = "t-00", "t-01"
    shown = {"text/plain": "Stepper: 2 steps\n1. 726.1"}
    nb.cells[1].outputs = [nbformat.v4.new_output("display_data", data=shown)]
    path = book_dir / "t.ipynb"
    notebooks.write(path, notebooks.clean(nb))
    toc = tmp_path / "_toc.yml"
    toc.write_text("format: jb-book\nroot: book/t\n", encoding="utf-8")
    for name, value in (("BOOK", book_dir), ("TOC", toc), ("ROOT", tmp_path)):
        monkeypatch.setattr(notebooks, name, value)
    assert notebooks.problems() == []
    nbformat.write(nb, path)  # as JupyterLab saves it: outputs split into lines
    assert notebooks.problems() == [
        "book/t.ipynb: holds widget state or timings, or is not in its committed form "
        "(python tools/notebooks.py clean book/t.ipynb)"]
    notebooks.write(path, notebooks.clean(nb))
    monkeypatch.setattr(notebooks, "MAX_BYTES", 100)
    assert notebooks.problems()[0].startswith("book/*.ipynb: ")
    assert "over the budget of 100" in notebooks.problems()[0]


def test_a_quiz_over_an_edited_scenario_recomputes_or_says_why(tmp_path):
    folder = _quizzes(tmp_path, QUIZ)
    text = (book.SCENARIOS / "800_4a_bribery_alex_leaves.yaml").read_text()
    assert book.quiz("bribery", folder=folder, text=text).correct == 0
    stays = book.quiz("bribery", folder=folder, text=text.replace("  - leave: Alex\n", "")
                      .replace("  - {object: angel, game: main, zone: exile, owner: Bianca}\n", "")
                      .replace("  - {player: Alex, in_game: false}\n", "")
                      .replace('  - {trace_cites: ["800.4a"]}\n', ""))
    assert stays.correct == 1 and stays.choices[1] == "main-game battlefield"
    undecided = book.quiz("bribery", folder=folder,
                          text=text.split("steps:")[0] + "steps:\n  - leave: Alex\n")
    assert repr(undecided) == ("This version cannot decide the quiz: quiz 'bribery' (q.yaml, "
                               "line 1): exactly one choice must hold after the run; these "
                               "hold: none")
    broken = book.quiz("bribery", folder=folder, text="title: x\n")
    assert repr(broken).startswith("This version cannot decide the quiz:")


def test_new_page_finds_a_scenario_given_from_the_repository_root(tmp_path, monkeypatch):
    (tmp_path / "book").mkdir()
    toc = tmp_path / "_toc.yml"
    toc.write_text('format: jb-book\nroot: book/intro\nparts:\n  - caption: "A"\n'
                   '    chapters:\n      - file: book/a\n', encoding="utf-8")
    mine = tmp_path / "mine.yaml"
    mine.write_text((book.SCENARIOS / "800_4a_bribery_alex_leaves.yaml").read_text())
    monkeypatch.setattr(notebooks, "BOOK", tmp_path / "book")
    monkeypatch.setattr(notebooks, "TOC", toc)
    monkeypatch.chdir(tmp_path)
    path = notebooks.new_page("mine", "mine.yaml", None, None)
    sources = ["".join(c["source"]) for c in json.loads(path.read_text())["cells"]]
    assert 'stepper("s1", "../mine.yaml")' in sources
    monkeypatch.chdir(tmp_path / "book")
    assert book.scenario_path("../mine.yaml").resolve() == mine


def test_a_quiz_file_is_read_once_and_again_when_it_changes(tmp_path, monkeypatch):
    folder = _quizzes(tmp_path, QUIZ)
    reads = []
    real = quizbank._read
    monkeypatch.setattr(quizbank, "_read", lambda path: reads.append(path) or real(path))
    for _ in range(3):
        assert book.quiz("bribery", folder=folder).question.endswith("Serra Angel?")
    assert len(reads) == 1
    (folder / "q.yaml").write_text(QUIZ.replace("Serra Angel?", "Angel now?"), encoding="utf-8")
    assert book.quiz("bribery", folder=folder).question.endswith("Angel now?")
    assert len(reads) == 2
