"""Writing your own page: ``magicsub.book.try_it`` (a learner's edit of a scenario), the
*Try it* cell that ends every chapter, and CONTRIBUTING.md's "Add a page to the book", run as
written (one scenario, one notebook from ``tools/notebooks.py new``, one quiz file).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from magicsub import book  # noqa: E402
from magicsub.pages.widgets import Quiz, Stepper  # noqa: E402
from tools.notebooks import TRY_IMPORT, TRY_WHERE  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = book.SCENARIOS / "800_4a_bribery_alex_leaves.yaml"
TRY_PARTS = ("Subgames (CR 726)", "Leaving the game (CR 800.4)", "Subgames in multiplayer",
             "Control, range and more (CR 610, 800.4, 801)", "Judge's corner")
"""The parts of _toc.yml whose chapters end with a Try it cell."""


pytestmark = pytest.mark.usefixtures("shown")


def test_try_it_unedited_prints_one_line_instead_of_a_second_stepper(shown, capsys):
    book.stepper("bra", SHIPPED.name)
    shown.clear()
    text = SHIPPED.read_text(encoding="utf-8")
    book.try_it(text)
    trace = book.RUNS["bra"].trace
    assert shown == []
    assert capsys.readouterr().out == (
        f"Unedited, a stepper above shows this scenario ({len(trace)} steps, the last citing "
        f"CR {trace[-1].rule}; every expectation holds). Edit it, then run this cell again.\n")
    without_description = re.sub(r"(?m)^description:.*\n(?:^[ \t]+.*\n)*", "", text)
    assert without_description != text
    book.try_it(without_description)
    assert shown == [] and capsys.readouterr().out.startswith("Unedited")


@pytest.mark.parametrize("edit", [
    lambda t: t.replace("seed: 1", "seed: 2"),
    lambda t: t.replace("title: Bribery", "title: My Bribery"),
])
def test_try_it_edited_shows_its_own_stepper(shown, capsys, edit):
    book.stepper("bra", SHIPPED.name)
    shown.clear()
    book.try_it(edit(SHIPPED.read_text(encoding="utf-8")))
    assert isinstance(shown[0], Stepper) and shown[0].title == "Your version"
    assert capsys.readouterr().out == ""


def test_try_it_shows_an_illegal_step_with_its_line_instead_of_raising(shown):
    text = SHIPPED.read_text(encoding="utf-8").replace("by: Alex, target", "by: Bianca, target")
    book.try_it(text)
    (error,) = shown
    assert re.match(r"The scenario cannot run: your scenario:\d+: ", repr(error))
    assert "**The scenario cannot run:**" in error._repr_markdown_()


def test_try_it_lists_the_expectations_that_failed_before_an_illegal_step(shown):
    """An edit makes an inline expectation fail, then a step illegal: both are shown."""
    text = SHIPPED.read_text(encoding="utf-8")
    steps = text.index("steps:\n") + len("steps:\n")
    text = (text[:steps] + "  - expect: {subgames: 3}\n" + text[steps:]).replace(
        "by: Alex, target", "by: Bianca, target")
    book.try_it(text)
    error, failed = shown
    assert repr(error).startswith("The scenario cannot run: your scenario:")
    line = text[:steps].count("\n") + 1
    assert repr(failed) == ("These expectations did not hold before it:\n"
                            f"- your scenario:{line}: expected 3 subgames; actual 0")


def test_try_it_names_the_cards_magicsub_does_not_know_before_the_run(shown):
    """CR 108.1: a learner's card that magicsub does not know is named, with its line, above
    the stepper, whose first step notes it too."""
    text = SHIPPED.read_text(encoding="utf-8").replace("title: Bribery", "title: My Bribery")
    objects = text.index("objects:\n") + len("objects:\n")
    text = (text[:objects] + "  - {id: etd, name: Timetwister, owner: Alex, zone: hand}\n"
            + text[objects:])
    book.try_it(text)
    warned, stepper = shown[:2]
    line = text[:objects].count("\n") + 1
    assert repr(warned) == ("Cards magicsub does not know:\n"
                            f"- your scenario:{line}: magicsub does not know the card "
                            "'Timetwister': object etd is played as a card with no abilities "
                            "(plain: true marks a deliberate stand-in; strict: true "
                            "refuses it)")
    assert isinstance(stepper, Stepper) and stepper.trace[0].rule == "108.1"


def _toc_parts() -> dict[str, list[str]]:
    parts, caption = {}, None
    for line in (ROOT / "_toc.yml").read_text(encoding="utf-8").splitlines():
        if m := re.match(r'\s*- caption: "(.*)"', line):
            caption = m[1]
            parts[caption] = []
        elif (m := re.match(r"\s*- file: (\S+)", line)) and caption:
            parts[caption].append(m[1])
    return parts


CHAPTERS = [page for part, pages in _toc_parts().items() if part in TRY_PARTS for page in pages]


def test_the_parts_with_try_it_cells_are_in_the_toc():
    assert set(TRY_PARTS) <= set(_toc_parts()) and len(CHAPTERS) >= 30


@pytest.mark.parametrize("page", CHAPTERS)
def test_each_chapter_ends_with_try_it_on_a_scenario_of_the_page(page):
    """The last two cells: "## Try it" saying what to change and how to go back, then a visible
    ``try_it`` of a scenario a stepper of the page shows (its committed output says so)."""
    cells = json.loads((ROOT / f"{page}.ipynb").read_text(encoding="utf-8"))["cells"]
    md, code = cells[-2], cells[-1]
    stem = Path(page).stem.replace("_", "-")
    assert (md["id"], code["id"]) == (f"{stem}-try1", f"{stem}-try2")
    text = "".join(md["source"])
    assert text.startswith("## Try it\n") and "undo" in text and "`" in text
    source = "".join(code["source"])
    assert source.startswith(f"{TRY_IMPORT}try_it(")
    assert "remove-input" not in code["metadata"].get("tags", [])
    output = "".join("".join(o.get("text", "")) for o in code["outputs"])
    assert output.startswith("Unedited, a stepper above shows this scenario"), output


TRY_PAGES = sorted(p for p in (ROOT / "book").glob("*.ipynb")
                   if '"## Try it\\n"' in p.read_text(encoding="utf-8"))


def test_every_try_it_text_is_followed_by_its_cell_which_runs_on_its_own():
    """Every "## Try it" cell of the book says where it runs (the page's "Try it in the browser"
    link, ``make lab``), how to go back and where to read how to reload the original, in the same
    words everywhere; the next cell imports ``try_it`` before calling it, so a learner can run that
    cell alone (in JupyterLite, without running the page first)."""
    assert len(TRY_PAGES) >= 45
    using = (ROOT / "book" / "using.md").read_text(encoding="utf-8")
    assert "(try-in-browser)=\n## Try it in the browser\n" in using
    for path in TRY_PAGES:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        tries = [i for i, c in enumerate(cells)
                 if c["cell_type"] == "markdown" and "".join(c["source"]).startswith("## Try it")]
        for i in tries:
            text = "".join(cells[i]["source"])
            assert " ".join(text.split()).endswith(" ".join(TRY_WHERE.split())), path.name
            assert "undo (Ctrl+Z) and run it again" in " ".join(text.split()), path.name
            assert i + 1 < len(cells) and cells[i + 1]["cell_type"] == "code", path.name
            source = "".join(cells[i + 1]["source"])
            assert source.startswith(f"{TRY_IMPORT}try_it("), (path.name, source[:60])


def _contributing_section(title: str) -> str:
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    start = text.index(f"\n{title}\n")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def _cell_value(source: str, namespace: dict):
    try:
        code = compile(source, "<cell>", "eval")
    except SyntaxError:
        exec(compile(source, "<cell>", "exec"), namespace)  # noqa: S102 - the page's own cells
        return None
    return eval(code, namespace)  # noqa: S307 - the page's own cells


def test_the_add_a_page_walkthrough_runs_as_written(tmp_path, monkeypatch, shown, capsys):
    """CONTRIBUTING.md's scenario and quiz file, the page ``tools/notebooks.py new`` writes from
    them, its cells as its table lists them, run cell by cell."""
    section = _contributing_section("## Add a page to the book")
    scenario, quizzes = re.findall(r"```yaml\n(.*?)```", section, re.S)
    folder = tmp_path / "book"
    (folder / "quizzes").mkdir(parents=True)
    (folder / "my_scenario.yaml").write_text(scenario, encoding="utf-8")
    (folder / "quizzes" / "my_page.yaml").write_text(quizzes, encoding="utf-8")
    toc = tmp_path / "_toc.yml"
    toc.write_text('format: jb-book\nroot: book/intro\nparts:\n'
                   '  - caption: "Writing your own walkthrough"\n    chapters:\n'
                   '      - file: book/author_walkthrough\n', encoding="utf-8")
    sys.path.insert(0, str(ROOT / "tools"))
    import notebooks

    monkeypatch.setattr(notebooks, "BOOK", folder)
    monkeypatch.setattr(notebooks, "TOC", toc)
    monkeypatch.chdir(folder)
    part = re.search(r'--part "([^"]+)"', section)[1]
    path = notebooks.new_page("my_page", "my_scenario.yaml", None, part)
    assert notebooks.toc_files()[-1] == "book/my_page"
    sources = ["".join(c["source"]) for c in json.loads(path.read_text())["cells"]]
    quiz_call = re.search(r'`(quiz\("[^"]+"\))`', section)[1]
    sources.insert(next(i for i, s in enumerate(sources) if s.startswith(TRY_IMPORT)) - 1,
                   quiz_call)
    for listed in re.findall(r"^\| (?:code|Markdown)[^|]*\| `([^`]+)` \|", section, re.M):
        if "..." not in listed:
            assert listed in sources, f"CONTRIBUTING.md lists {listed!r}; the scaffold wrote none"

    namespace: dict = {}
    values = [_cell_value(s, namespace) for s in sources if not s.startswith(("#", "Say", "##"))
              and not s[0].isupper()]
    quiz = next(v for v in values if isinstance(v, Quiz))
    assert quiz.choices[quiz.correct] == "main-game exile"
    assert any(isinstance(s, Stepper) and s.key == "s1" for s in shown)
    assert "step <a class=\"ms-stepref\" href=\"#s1-" in next(
        v for v in values if isinstance(v, book.Text) and "What you watched" in v.markdown
    ).markdown
    assert capsys.readouterr().out.startswith("Unedited, a stepper above shows this scenario")
