"""Sphinx extension: the theme's assets as the book uses them, and none it does not use.

- Adds ``theme_icons.css`` (``book/_theme``), which draws the theme's icons (navbar toggles,
  search, full screen, download, colour mode, back to top, previous/next) in place of Font
  Awesome's script. ``book/_templates/layout.html`` leaves that script out of every page.
- Adds ``theme_screens.css`` (``book/_theme``): the theme around the steppers on any screen
  and on paper (the sticky header's height, the "back to top" button, projector mode, print).
- Leaves sphinx-design's ``design-tabs.js`` out of pages without a tab set (it only keeps tab
  sets in step); no page of the book has one today.
- When the build is done, deletes from ``_static`` what no page then asks for: Font Awesome's
  script (1.5 MB, its source map 1.6 MB, its licence note) and its web fonts (1 MB).
  A page that still asked for one would fail the browser tests (a 404 is a failed request).

Loaded from ``_config.yml`` (``sphinx.local_extensions`` puts ``tools/`` on ``sys.path``).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

ICONS_CSS = "theme_icons.css"
SCREENS_CSS = "theme_screens.css"
UNUSED_STATIC = ("scripts/fontawesome.js", "scripts/fontawesome.js.map",
                 "scripts/fontawesome.js.LICENSE.txt", "vendor/fontawesome")
"""Paths under the built ``_static`` folder that the book's pages do not load."""

logger = logging.getLogger(__name__)


def drop_unused_scripts(app: Sphinx, pagename: str, templatename: str,
                        context: dict[str, Any], doctree: Any) -> None:
    """Remove ``design-tabs.js`` from the scripts of a page that has no tab set."""
    if "sd-tab-set" in context.get("body", ""):
        return
    scripts = context.get("script_files")
    if isinstance(scripts, list):
        # In place: the builder restores this list before the next page, and other
        # handlers (myst-nb's widget scripts) add to the same list.
        scripts[:] = [s for s in scripts
                      if not str(getattr(s, "filename", s)).endswith("design-tabs.js")]


def delete_unused_static(app: Sphinx, exception: Exception | None) -> None:
    """After a successful HTML build, delete ``UNUSED_STATIC`` from the output's ``_static``."""
    if exception is not None or app.builder.format != "html":
        return
    static = Path(app.outdir) / "_static"
    removed = []
    for relative in UNUSED_STATIC:
        path = static / relative
        if path.is_dir():
            shutil.rmtree(path)
        elif path.is_file():
            path.unlink()
        else:
            continue
        removed.append(relative)
        parent = path.parent
        if parent != static and not any(parent.iterdir()):
            parent.rmdir()
    logger.info("theme_assets: removed from _static: %s", ", ".join(removed) or "nothing")


def setup(app: Sphinx) -> dict[str, Any]:
    """Add the icon and screen style sheets; connect the page and build-finished handlers."""
    app.add_css_file(ICONS_CSS)
    app.add_css_file(SCREENS_CSS)
    app.connect("html-page-context", drop_unused_scripts, priority=900)
    app.connect("build-finished", delete_unused_static)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
