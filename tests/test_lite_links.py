"""tools/lite_links.py: "Try it in the browser" on the pages that are notebooks, to the same
notebook in the JupyterLite site. The URL for a page (relative to each page, or absolute; the
notebook's name quoted), then a tiny book built in a temporary folder: a link under the title of
each notebook page, escaped, and none on a Markdown page or for a notebook outside the site's
contents folder."""

from __future__ import annotations

import io
import re
from pathlib import Path
from types import SimpleNamespace

import nbformat
import pytest
from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace

from tools import lite_links
from tools.lite_links import LABEL, NAME, lite_href

TOOLS = Path(lite_links.__file__).resolve().parent


@pytest.mark.parametrize(("docname", "target", "url", "expected"), [
    ("book/subgames_726_1", "book/subgames_726_1.html", "../lite/",
     "../../lite/notebooks/index.html?path=subgames_726_1.ipynb"),
    ("book/x", "book/x.html", "../lite", "../../lite/notebooks/index.html?path=x.ipynb"),
    ("book/part/x", "book/part/x.html", "lite/",
     "../../lite/notebooks/index.html?path=part/x.ipynb"),
    ("book/x", "book/x/", "../lite/", "../../../lite/notebooks/index.html?path=x.ipynb"),
    ("book/x", "book/x.html", "https://example.org/lite/",
     "https://example.org/lite/notebooks/index.html?path=x.ipynb"),
    ("book/x", "book/x.html", "/lite/", "/lite/notebooks/index.html?path=x.ipynb"),
])
def test_the_url_of_a_page_in_the_site(docname, target, url, expected):
    assert lite_href(docname, target, url) == expected


def test_the_notebook_name_is_quoted_and_only_the_contents_folder_has_links():
    assert lite_href("book/a b&c=d#e?f\"<g>", "book/x.html") == (
        "../../lite/notebooks/index.html?path=a%20b%26c%3Dd%23e%3Ff%22%3Cg%3E.ipynb")
    assert lite_href("notes/x", "notes/x.html") is None
    assert lite_href("bookish/x", "bookish/x.html") is None
    assert lite_href("x", "x.html", contents="") == "../lite/notebooks/index.html?path=x.ipynb"


CONF = f"""\
import sys
sys.path.insert(0, {str(TOOLS)!r})
extensions = ["myst_nb", "lite_links"]
nb_execution_mode = "off"
root_doc = "index"
exclude_patterns = ["_build"]
magicsub_lite_url = LITE_URL
"""


def _notebook(title: str) -> str:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(f"# {title}\n\nText."),
                nbformat.v4.new_code_cell("1 + 1")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    return nbformat.writes(nb)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """A tiny book: a Markdown page and two notebooks in book/ (one named with characters
    that need quoting), and a notebook outside book/."""
    src = tmp_path_factory.mktemp("lite")
    (src / "conf.py").write_text(CONF.replace("LITE_URL", repr("../lite/")), encoding="utf-8")
    (src / "index.md").write_text("# Home\n\n```{toctree}\nbook/page\nbook/nb\nbook/a&b\n"
                                  "other/nb\n```\n", encoding="utf-8")
    (src / "book").mkdir()
    (src / "other").mkdir()
    (src / "book" / "page.md").write_text("# A Markdown page\n\nNo code.\n", encoding="utf-8")
    (src / "book" / "nb.ipynb").write_text(_notebook("A notebook"), encoding="utf-8")
    (src / "book" / "a&b.ipynb").write_text(_notebook("A & B"), encoding="utf-8")
    (src / "other" / "nb.ipynb").write_text(_notebook("Elsewhere"), encoding="utf-8")
    out = src / "_build" / "html"
    warnings = io.StringIO()
    with docutils_namespace():  # the nodes Sphinx registers go when it is done: other
        app = Sphinx(str(src), str(src), str(out), str(src / "_build" / "doctrees"), "html",
                     status=None, warning=warnings, freshenv=True)  # tests' builds start clean
        app.build()
    assert "WARNING" not in warnings.getvalue(), warnings.getvalue()
    return out


def _links(html: str) -> list[str]:
    return re.findall(r'<p class="ms-lite">.*?</p>', html)


def test_a_notebook_page_has_one_link_under_its_title(built):
    html = (built / "book" / "nb.html").read_text(encoding="utf-8")
    (link,) = _links(html)
    assert link == (f'<p class="ms-lite"><a class="ms-lite-link" href="../../lite/notebooks/'
                    f'index.html?path=nb.ipynb" aria-label="{NAME}">{LABEL}</a></p>')
    assert NAME.startswith(LABEL) and "JupyterLite" in NAME
    assert html.index("A notebook") < html.index(link) < html.index("Text.")


def test_the_url_is_quoted_then_escaped_and_markdown_pages_have_no_link(built):
    (link,) = _links((built / "book" / "a&b.html").read_text(encoding="utf-8"))
    assert 'href="../../lite/notebooks/index.html?path=a%26b.ipynb"' in link
    for page in ("index.html", "book/page.html", "other/nb.html"):
        html = (built / page).read_text(encoding="utf-8")
        assert not _links(html) and "ms-lite" not in html.split("<body", 1)[1], page
    assert "lite_links.css" in (built / "book" / "page.html").read_text(encoding="utf-8")


def test_the_link_has_no_words_in_the_search_index(built):
    index = (built / "searchindex.js").read_text(encoding="utf-8").lower()
    assert '"notebook"' in index and '"browser"' not in index and "jupyterlite" not in index


def test_the_link_escapes_its_url_in_html():
    """A URL from the config (``magicsub_lite_url``) is written escaped, never as markup."""
    translator = SimpleNamespace(body=[])
    with pytest.raises(nodes.SkipNode):
        lite_links.visit_lite_link(translator, lite_links.lite_link(href='x"><b>&amp;'))
    (html,) = translator.body
    assert 'href="x&quot;&gt;&lt;b&gt;&amp;amp;"' in html and "<b>" not in html
