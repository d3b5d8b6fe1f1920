"""Sphinx extension: accessibility fixes to the HTML that myst-nb writes for the book.

myst-nb renders the toggle of a hidden code cell (tags ``hide-input``, ``hide-output``,
``hide-cell``) as ``<summary aria-label="Toggle hidden content">`` around the visible text
"Show code cell source". The accessible name then does not contain the visible label (WCAG
2.5.3; axe-core: label-content-name-mismatch, serious), so a voice-control user saying
"show code cell source" finds nothing. This extension renders the same summary without the
``aria-label``: its name is its visible text.

Loaded from ``_config.yml`` (``sphinx.local_extensions`` puts ``tools/`` on ``sys.path``).
"""

from __future__ import annotations

from html import escape
from typing import Any

from myst_nb.sphinx_ import HideCodeCellNode, depart_HideCellInput
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxTranslator


def visit_hide_cell(self: SphinxTranslator, node: HideCodeCellNode) -> None:
    """Open a hidden cell's ``<details>``; its summary is named by its visible text."""
    classes = " ".join(node["classes"])
    self.body.append(f'<details class="admonition hide {classes}">\n')
    self.body.append("<summary>\n")
    self.body.append(f'<p class="collapsed admonition-title">{escape(node["prompt_show"])}</p>\n')
    self.body.append(f'<p class="expanded admonition-title">{escape(node["prompt_hide"])}</p>\n')
    self.body.append("</summary>\n")


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the fixed HTML visitor over myst-nb's own."""
    app.setup_extension("myst_nb")
    app.add_node(HideCodeCellNode, override=True, html=(visit_hide_cell, depart_HideCellInput))
    return {"parallel_read_safe": True, "parallel_write_safe": True}
