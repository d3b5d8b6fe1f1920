"""Sphinx extension: "Try it in the browser" under the title of every page that is a notebook.

The link opens the same notebook in the book's JupyterLite site (``make lite``), where it runs
in the browser with nothing to install: ``{lite}notebooks/index.html?path={path}``, ``path``
being the page's source under the site's contents folder (``book/subgames_726_1.ipynb`` ->
``subgames_726_1.ipynb``), URL-quoted. Pages written in Markdown (the introduction, the rules,
the glossary...) have no code to run and get no link.

Config values (``_config.yml``, ``sphinx.config``):

- ``magicsub_lite_url``: where the JupyterLite site is, relative to the book's root folder (the
  one with ``index.html``), or an absolute URL. Default ``../lite/``: ``_build/html`` and
  ``_build/lite`` published side by side. A relative value is made relative to each page.
- ``magicsub_lite_contents``: the source folder whose notebooks are the site's contents (its
  root). Default ``book``. A notebook outside it gets no link.

The link is a ``lite_link`` node after the page's first title, written for HTML builders only,
with no text of its own in the document (the search index does not list its words). Its style,
hidden on paper, is ``book/_theme/lite_links.css``.

Loaded from ``_config.yml`` (``sphinx.local_extensions`` puts ``tools/`` on ``sys.path``).
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxTranslator

LABEL = "Try it in the browser"
"""The link's visible text."""
NAME = f"{LABEL}: open an editable copy of this page in JupyterLite"
"""The link's accessible name (it starts with the visible text: WCAG 2.5.3)."""
STYLE = "lite_links.css"


class lite_link(nodes.General, nodes.Element):  # noqa: N801 - docutils names nodes in lower case
    """Where the page's "Try it in the browser" link goes; its ``href`` attribute is the URL."""


def lite_href(docname: str, target_uri: str, lite_url: str = "../lite/",
              contents: str = "book") -> str | None:
    """The URL of page ``docname`` (written to ``target_uri``, e.g. ``book/x.html``) in the
    JupyterLite site at ``lite_url``, or None when its source is not under ``contents``."""
    folder = contents.strip("/")
    prefix = f"{folder}/" if folder else ""
    if not docname.startswith(prefix):
        return None
    base = lite_url.rstrip("/") + "/"
    if not (urlsplit(base).scheme or base.startswith("/")):
        base = "../" * target_uri.count("/") + base
    return f"{base}notebooks/index.html?path={quote(docname[len(prefix):] + '.ipynb', safe='/')}"


def add_link(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Put a ``lite_link`` after the first title of a notebook page, for an HTML builder."""
    if app.builder.format != "html" or Path(app.env.doc2path(docname)).suffix != ".ipynb":
        return
    href = lite_href(docname, app.builder.get_target_uri(docname),
                     app.config.magicsub_lite_url, app.config.magicsub_lite_contents)
    if href is None:
        return
    title = next(iter(doctree.findall(nodes.title)), None)
    parent = title.parent if title is not None else doctree
    parent.insert(parent.index(title) + 1 if title is not None else 0, lite_link(href=href))


def visit_lite_link(self: SphinxTranslator, node: lite_link) -> None:
    """Write the link, its URL and names escaped."""
    self.body.append(f'<p class="ms-lite"><a class="ms-lite-link" href="{escape(node["href"])}"'
                     f' aria-label="{escape(NAME)}">{escape(LABEL)}</a></p>\n')
    raise nodes.SkipNode


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the config values, the node and its style."""
    app.add_config_value("magicsub_lite_url", "../lite/", "html", [str])
    app.add_config_value("magicsub_lite_contents", "book", "html", [str])
    app.add_node(lite_link, html=(visit_lite_link, None))
    app.connect("doctree-resolved", add_link)
    app.add_css_file(STYLE)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
