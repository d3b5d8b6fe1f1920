"""tools/book_execute.py: the book's notebooks are executed ahead of myst-nb, two at a time, into
a cache emptied at every build; myst-nb takes their outputs from it, and executes again (and
reports) a notebook that failed. Built on a tiny book in a temporary folder (a few kernels)."""

from __future__ import annotations

import io
import os
from pathlib import Path

import nbformat
import pytest
from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace

TOOLS = Path(__file__).resolve().parent.parent / "tools"
PROBE = "BOOK_EXECUTE_PROBE"

CONF = f"""\
import os, sys
sys.path.insert(0, {str(TOOLS)!r})
extensions = ["myst_nb", "book_execute"]
nb_execution_mode = "cache"
root_doc = "index"
exclude_patterns = ["_build"]
suppress_warnings = ["myst.header"]

def setup(app):
    os.environ[{PROBE!r}] = "set by an extension"
"""

CELLS = {
    "env": ["import os, ipykernel.connect",
            f"print(os.environ.get({PROBE!r}), os.getcwd())",
            "print(ipykernel.connect.get_connection_info(unpack=True)['transport'])"],
    "answer": ["print(6 * 7)"],
    "broken": ["raise ValueError('broken on purpose')"],
}


def notebook(sources: list[str]) -> str:
    nb = nbformat.v4.new_notebook(metadata={"kernelspec": {
        "name": "python3", "display_name": "Python 3", "language": "python"}})
    nb.cells = [nbformat.v4.new_markdown_cell("# A page")]
    nb.cells += [nbformat.v4.new_code_cell(source) for source in sources]
    return nbformat.writes(nb)


@pytest.mark.slow
def test_notebooks_run_ahead_into_a_fresh_cache_and_failures_are_reported_by_myst_nb(tmp_path):
    (tmp_path / "conf.py").write_text(CONF)
    (tmp_path / "index.md").write_text("# Home\n\n```{toctree}\nenv\nanswer\nbroken\n```\n")
    for name, sources in CELLS.items():
        (tmp_path / f"{name}.ipynb").write_text(notebook(sources))
    stale = tmp_path / "_build" / ".jupyter_cache" / "from-an-earlier-build"
    stale.parent.mkdir(parents=True)
    stale.write_text("")
    status, warnings = io.StringIO(), io.StringIO()
    try:
        with docutils_namespace():  # the nodes and roles it registers go with it
            app = Sphinx(str(tmp_path), str(tmp_path), str(tmp_path / "_build" / "html"),
                         str(tmp_path / "_build" / "doctrees"), "html", status=status,
                         warning=warnings, freshenv=True)
            app.build()
    finally:
        os.environ.pop(PROBE, None)
    log = status.getvalue()
    assert "book_execute: 3 notebooks executed, 2 at a time" in log
    assert "(1 failed: myst-nb runs them again and reports them)" in log
    assert not stale.exists()
    for name in ("env", "answer"):
        assert f"{tmp_path / name}.ipynb: Using cached notebook" in log, log
    assert "broken.ipynb: Executing notebook using local CWD" in log
    reported = [line for line in warnings.getvalue().splitlines() if "WARNING" in line]
    assert reported and all("broken.ipynb" in line for line in reported)
    assert sum("Executing notebook failed: CellExecutionError" in line for line in reported) == 1
    html = (tmp_path / "_build" / "html" / "env.html").read_text("utf-8")
    assert f"set by an extension {tmp_path}" in html
    assert "<span></span>ipc\n" in html
    assert "42" in (tmp_path / "_build" / "html" / "answer.html").read_text("utf-8")
