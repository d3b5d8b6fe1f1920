"""Sphinx extension: the book's steppers and quizzes as static HTML, played by a small script.

At setup it sets ``MAGICSUB_PAGES=static`` in the environment, so the notebooks that
``jupyter-book build`` executes (their kernels inherit it) show ``magicsub.pages.statichtml``'s
Stepper and Quiz instead of the ipywidgets ones (``magicsub.book``): the pages carry no widget
state, and myst-nb then adds neither RequireJS nor the widget manager to any page. It serves
``magicsub/assets/pages`` on every page: the script that plays them (``magicsub-pages.js``),
the one that fits them to the screen and to paper (``magicsub-screen.js``: moves animated,
projector mode, print) and the style of their controls: ``magicsub.pages.walkthrough``'s ``SCRIPTS``
and ``STYLES``, the same files as a ``magicsub html`` page's. The committed notebooks, run
without the variable, keep the widgets (JupyterLab, Voila, nbval).

Loaded from ``_config.yml`` (``sphinx.local_extensions`` puts ``tools/`` on ``sys.path``).
"""

from __future__ import annotations

import os
from typing import Any

from sphinx.application import Sphinx

from magicsub.pages.statichtml import PAGES_ENV
from magicsub.pages.walkthrough import ASSETS_FOLDER, SCRIPTS, STYLES


def serve_assets(app: Sphinx) -> None:
    """Copy ``magicsub/assets/pages`` into the built ``_static`` folder."""
    app.config.html_static_path.append(str(ASSETS_FOLDER))


def setup(app: Sphinx) -> dict[str, Any]:
    """Put the build in static mode, and add the scripts and style to every page."""
    os.environ[PAGES_ENV] = "static"
    app.connect("builder-inited", serve_assets)
    for script in SCRIPTS:
        app.add_js_file(script, loading_method="defer")
    for style in STYLES:
        app.add_css_file(style)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
