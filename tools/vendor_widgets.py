"""Copy the widget JavaScript from node_modules into the book's static folder.

The book must load nothing from other hosts, so RequireJS and the ipywidgets HTML manager
(with the fonts its embed script asks for) are served from the book itself. The files go to
``book/_vendor`` (listed in ``html_static_path``; not committed). The folder is deliberately
not called ``_static``: Jupyter Book adds every ``.js`` file under a ``_static`` folder at the
book root to every page.

Layout produced (paths relative to the built ``_static`` folder, as ``nb_ipywidgets_js``
in ``_config.yml`` expects them)::

    require.js
    jupyter-widgets/html-manager/dist/embed-amd.js
    jupyter-widgets/html-manager/dist/<fonts>        (woff2, woff, ttf, eot, svg)

Our own scripts go with these: ``widget_a11y.js`` is magicsub's ``assets/widgets_a11y.js``
(control names, a Stepper's previous/next buttons), copied here; ``widget_paths.js`` is
committed in ``book/_theme``. The book's pages show static steppers and quizzes
(``tools/static_pages.py``) and load these files only on a page that would show a widget.

``magicsub html`` pages need none of this: they carry the book's own small script and styles
(``magicsub/assets/pages``), so the package needs no Node to build or to run.

Run from the repository root: ``python tools/vendor_widgets.py``.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
DEST = ROOT / "book" / "_vendor"
HTML_MANAGER_DIST = NODE_MODULES / "@jupyter-widgets" / "html-manager" / "dist"
FONT_SUFFIXES = {".woff2", ".woff", ".ttf", ".eot", ".svg"}


def planned_copies() -> list[tuple[Path, Path]]:
    """Return the (source, destination) pairs to copy.

    Raises:
        FileNotFoundError: if node_modules lacks a package (run ``npm ci``).
    """
    copies = [
        (NODE_MODULES / "requirejs" / "require.js", DEST / "require.js"),
        (ROOT / "magicsub" / "assets" / "widgets_a11y.js", DEST / "widget_a11y.js"),
    ]
    if not HTML_MANAGER_DIST.is_dir():
        raise FileNotFoundError(f"{HTML_MANAGER_DIST} is missing: run `npm ci` first")
    manager_dest = DEST / "jupyter-widgets" / "html-manager" / "dist"
    copies.append((HTML_MANAGER_DIST / "embed-amd.js", manager_dest / "embed-amd.js"))
    copies.extend(
        (path, manager_dest / path.name)
        for path in sorted(HTML_MANAGER_DIST.iterdir())
        if path.suffix in FONT_SUFFIXES
    )
    for source, _ in copies:
        if not source.is_file():
            raise FileNotFoundError(f"{source} is missing: run `npm ci` first")
    return copies


def main() -> int:
    """Replace ``book/_vendor`` with fresh copies; return the exit status."""
    try:
        copies = planned_copies()
    except FileNotFoundError as error:
        print(f"vendor_widgets: {error}", file=sys.stderr)
        return 1
    if DEST.exists():
        shutil.rmtree(DEST)
    for source, target in copies:
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
    print(f"vendor_widgets: {len(copies)} files copied to {DEST.relative_to(ROOT)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
