"""One execution of the notebooks for nbval and the book (``make test``): in ``MAGICSUB_PAGES=both``
each stepper, quiz, comparison and rule diff is its widget's output with its static twin's
``text/html`` (``magicsub.book.Both``); nbval (book/conftest.py) leaves that HTML out of the
comparison, only beside a widget view, and writes each notebook as executed
(tools/executed_notebooks.py); the book build (tools/book_execute.py) stores a copy instead of
executing its notebook only while the notebook and the sources are as they were."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import nbformat
import pytest

from magicsub.pages import statichtml
from magicsub.pages.statichtml import PAGES_ENV

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ROOT / "tools"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


@pytest.fixture
def shown(monkeypatch) -> list:
    """What ``magicsub.book`` displays, in order, with the page's kept runs emptied first."""
    from magicsub import book

    monkeypatch.setattr(book, "RUNS", {})
    out: list = []
    monkeypatch.setattr(book, "display", out.append)
    return out


def _pages(monkeypatch, shown: list, mode: str) -> list[dict]:
    """The bundle of every stepper, quiz, comparison and rule diff of a page, in ``mode``."""
    from IPython.core.formatters import DisplayFormatter

    from magicsub import book

    monkeypatch.setenv(PAGES_ENV, mode)
    monkeypatch.chdir(ROOT / "book")
    del shown[:]
    book.stepper("ante", "800_4n_ante.yaml")
    book.compare("held", "506_2_triggers_held_until_completed.yaml")
    book.try_it("title: Yours\nplayers: [Alex, Bianca, Cho]\nobjects:\n  - {id: bears, "
                "name: Grizzly Bears, owner: Bianca, zone: battlefield}\nsteps:\n"
                "  - leave: Bianca\n")
    made = [item for item in shown if not isinstance(item, book.Text)]
    made += [book.quiz("quiz-multiplayer-loser-library"), book.rule_diff("726.5")]
    return [DisplayFormatter().format(item)[0] for item in made]


def test_both_mode_shows_each_widget_with_the_static_html_of_the_book(shown, monkeypatch):
    pytest.importorskip("ipywidgets")
    both = _pages(monkeypatch, shown, "both")
    static = _pages(monkeypatch, shown, "static")
    widgets = _pages(monkeypatch, shown, "widgets")
    assert len(both) == len(static) == len(widgets) == 5
    for b, s, w in zip(both, static, widgets, strict=True):
        assert sorted(b) == [WIDGET_VIEW, "text/html", "text/plain"]
        assert b["text/plain"] == s["text/plain"] == w["text/plain"]
        assert b["text/html"] == s["text/html"]
        assert sorted(w) == [WIDGET_VIEW, "text/plain"] and sorted(s) == ["text/html", "text/plain"]


def test_both_mode_refuses_a_static_text_that_is_not_the_widgets(shown, monkeypatch):
    pytest.importorskip("ipywidgets")
    from magicsub import book

    monkeypatch.setenv(PAGES_ENV, "both")
    monkeypatch.chdir(ROOT / "book")
    quiz = book.quiz("quiz-multiplayer-loser-library")
    assert quiz.correct == quiz.widget.correct and repr(quiz).startswith("Quiz(")
    monkeypatch.setattr(statichtml.Quiz, "summary", lambda self: "another text")
    with pytest.raises(book.PageError, match="static Quiz's text differs"):
        book.quiz("quiz-multiplayer-loser-library")


def _notebook(path: Path, cells: list[tuple[str, list]]) -> None:
    nb = nbformat.v4.new_notebook(metadata={
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
        "language_info": {"name": "python"}})
    for number, (source, outputs) in enumerate(cells, start=1):
        cell = nbformat.v4.new_code_cell(source, outputs=[nbformat.from_dict(o) for o in outputs])
        cell.execution_count = number if outputs else None
        nb.cells.append(cell)
    nbformat.write(nb, path)


def _text(plain: str, n: int) -> dict:
    return {"output_type": "execute_result", "execution_count": n, "metadata": {},
            "data": {"text/plain": plain}}


@pytest.mark.slow
def test_nbval_compares_the_widgets_and_writes_each_notebook_as_executed(tmp_path):
    """Three notebooks through nbval with ``MAGICSUB_EXECUTED``: a rule diff (its static HTML
    beside the widget is not compared, and is kept), an HTML output beside no widget (an
    unexpected output: the cell fails, and the notebook, which ran, is kept), a cell that
    raises (the notebook is not kept)."""
    from magicsub.views import history

    diff = history.rule_diff("726.5", history.SUBGAME_EDITIONS).text()
    _notebook(tmp_path / "good.ipynb", [
        ("from magicsub.book import *", []),
        ('rule_diff("726.5")', [_text(diff, 2)]),
        ('print("printed")\nprint("twice")',
         [{"output_type": "stream", "name": "stdout", "text": "printed\ntwice\n"}])])
    _notebook(tmp_path / "html.ipynb", [
        ('from IPython.display import HTML\nHTML("<b>bold</b>")',
         [_text("<IPython.core.display.HTML object>", 1)])])
    _notebook(tmp_path / "broken.ipynb", [
        ('print("before")', [{"output_type": "stream", "name": "stdout", "text": "before\n"}]),
        ('raise ValueError("broken on purpose")', [])])
    (tmp_path / "conftest.py").write_text(textwrap.dedent(f"""\
        import importlib.util
        spec = importlib.util.spec_from_file_location("book_conftest",
                                                      {str(ROOT / "book" / "conftest.py")!r})
        plugin = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(plugin)
        globals().update({{k: v for k, v in vars(plugin).items() if k.startswith("pytest_")}})
        """))
    folder = tmp_path / "executed"
    env = {**os.environ, "MAGICSUB_EXECUTED": str(folder)}
    env.pop(PAGES_ENV, None)
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", "-q",
         "--nbval", "--nbval-current-env", "--rootdir", str(tmp_path), str(tmp_path)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    out = proc.stdout + proc.stderr
    assert "2 failed, 4 passed" in out, out
    assert "html.ipynb::Cell 0" in out and "Unexpected output fields from running code: " \
        "{'text/html'}" in out
    assert "broken.ipynb::Cell 1" in out and "broken on purpose" in out
    kept = sorted(p.name for p in folder.rglob("*.ipynb"))
    assert kept == ["good.ipynb", "html.ipynb"]
    good = nbformat.read(next(folder.rglob("good.ipynb")), as_version=4)
    nbformat.validate(good)
    assert [c.execution_count for c in good.cells] == [1, 2, 3]
    assert good.cells[0].outputs == []
    (result,) = good.cells[1].outputs
    assert sorted(result.data) == ["text/html", "text/plain"] and result.execution_count == 2
    assert result.data["text/plain"] == diff and 'class="ms-diff"' in result.data["text/html"]
    assert [(o.output_type, o.name, o.text) for o in good.cells[2].outputs] == [
        ("stream", "stdout", "printed\ntwice\n")]
    assert good.metadata.language_info["pygments_lexer"] == "ipython3"
    made = good.metadata["magicsub_executed"]
    sys.path.insert(0, str(TOOLS))
    try:
        import executed_notebooks
    finally:
        sys.path.remove(str(TOOLS))
    assert made["notebook_sha256"] == executed_notebooks.file_sha256(tmp_path / "good.ipynb")
    assert made["sources"] == executed_notebooks.sources_digest()
    assert not list(folder.rglob(".*"))  # no temporary file left behind
    html = nbformat.read(next(folder.rglob("html.ipynb")), as_version=4)
    assert html.cells[0].outputs[0].data["text/html"] == "<b>bold</b>"


def test_the_book_reuses_a_copy_only_while_the_notebook_and_the_sources_match(
        tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(TOOLS))
    import book_execute
    import executed_notebooks
    from jupyter_cache import get_cache

    page, other = tmp_path / "page.ipynb", tmp_path / "other.ipynb"
    _notebook(page, [("print(6 * 7)", [])])
    _notebook(other, [("print(1)", [])])
    executed = nbformat.read(page, as_version=4)
    executed.cells[0].execution_count = 1
    executed.cells[0].outputs = [nbformat.v4.new_output("stream", name="stdout",
                                                        text="42, as nbval saw it\n")]
    folder = tmp_path / "executed"
    sources = executed_notebooks.sources_digest()
    executed_notebooks.write(folder, page, executed, sources=sources, seconds=1.25,
                             notebook_sha256=executed_notebooks.file_sha256(page))

    def reused(name: str) -> tuple[list, int | None, list]:
        cache = get_cache(str(tmp_path / name))
        left, count = book_execute.reuse_executed(cache, [page, other], str(folder))
        stored = [r.uri for r in cache.list_cache_records()]
        return left, count, stored

    left, count, stored = reused("cache")
    assert (left, count, stored) == ([other], 1, [str(page)])
    cache = get_cache(str(tmp_path / "cache"))
    _, merged = cache.merge_match_into_notebook(nbformat.read(page, as_version=4))
    assert merged.cells[0].outputs[0].text == "42, as nbval saw it\n"
    assert "magicsub_executed" not in merged.metadata
    assert cache.get_cache_record(1).data == {"execution_seconds": 1.25}

    assert book_execute.reuse_executed(get_cache(str(tmp_path / "none")), [page], None) \
        == ([page], None)
    monkeypatch.setattr(executed_notebooks, "sources_digest", lambda: "sources changed since")
    assert reused("stale-sources")[:2] == ([page, other], 0)
    monkeypatch.undo()
    monkeypatch.syspath_prepend(str(TOOLS))
    page.write_text(page.read_text().replace("6 * 7", "6 * 9"))
    assert reused("stale-notebook")[:2] == ([page, other], 0)
