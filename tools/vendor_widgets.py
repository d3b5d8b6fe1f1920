"""Copy the widget JavaScript from node_modules into the book's static folder and the package.

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
(control names, a Stepper's previous/next buttons; ``magicsub html`` pages inline the same
file), copied here; ``widget_paths.js`` is committed in ``book/_theme``.

``magicsub html`` pages need less: html-manager's ``embed.js`` (no RequireJS) and the icon
font (``magicsub/widgetjs.py``). ``vendor_package`` copies those, in html-manager's layout,
into ``magicsub/assets/vendor/`` (not committed; in the wheel and the sdist as package data),
so an installed magicsub needs no Node. The build backend (``tools/build_backend.py``) calls
it before building a wheel or an sdist.

Run from the repository root: ``python tools/vendor_widgets.py`` (both).
"""

from __future__ import annotations

import filecmp
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
DEST = ROOT / "book" / "_vendor"
PACKAGE_VENDOR = ROOT / "magicsub" / "assets" / "vendor"
HTML_MANAGER = NODE_MODULES / "@jupyter-widgets" / "html-manager"
PACKAGE_FILES = ("package.json", "dist/embed.js", "dist/embed.js.LICENSE.txt",
                 "dist/1551f4f60c37af51121f.woff2")
"""What ``magicsub html`` needs (``magicsub.widgetjs.FILES``), relative to html-manager's
package folder."""

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


def vendor_package(source: Path | None = None, dest: Path | None = None) -> str:
    """Make ``dest`` (default ``PACKAGE_VENDOR``) hold ``PACKAGE_FILES`` from html-manager's
    folder ``source`` (default ``HTML_MANAGER``), and nothing else; return what was done, in
    one line.

    A file is replaced (atomically) only when its bytes differ. Without ``source`` (a build
    from the sdist, which carries the vendored copy), a complete ``dest`` is kept as it is.

    Raises:
        FileNotFoundError: ``source`` lacks a file, or is missing and ``dest`` is incomplete.
    """
    source = source or HTML_MANAGER
    dest = dest or PACKAGE_VENDOR
    if not source.is_dir():
        if all((dest / name).is_file() for name in PACKAGE_FILES):
            return f"kept {dest} ({source} is not installed)"
        raise FileNotFoundError(f"{source} is missing and {dest} is incomplete: run `npm ci` "
                                "first (the wheel carries the widget JavaScript)")
    for name in PACKAGE_FILES:
        if not (source / name).is_file():
            raise FileNotFoundError(f"{source / name} is missing: run `npm ci` first")
    changed = 0
    for name in PACKAGE_FILES:
        target = dest / name
        if target.is_file() and not target.is_symlink() and filecmp.cmp(
                source / name, target, shallow=False):
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        temp = target.with_name(f".{target.name}.tmp")
        shutil.copyfile(source / name, temp)
        os.replace(temp, target)
        changed += 1
    wanted = {dest / name for name in PACKAGE_FILES}
    extra = [p for p in dest.rglob("*") if not p.is_dir() and p not in wanted]
    for path in extra:
        path.unlink()
    shown = dest.relative_to(ROOT) if dest.is_relative_to(ROOT) else dest
    return f"{changed} of {len(PACKAGE_FILES)} files copied to {shown}/, {len(extra)} removed"


def main() -> int:
    """Replace ``book/_vendor`` with fresh copies and refresh the package's; return the exit
    status."""
    try:
        copies = planned_copies()
        done = vendor_package()
    except FileNotFoundError as error:
        print(f"vendor_widgets: {error}", file=sys.stderr)
        return 1
    print(f"vendor_widgets: {done}")
    if DEST.exists():
        shutil.rmtree(DEST)
    for source, target in copies:
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
    print(f"vendor_widgets: {len(copies)} files copied to {DEST.relative_to(ROOT)}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
