"""The widget JavaScript that ``magicsub html`` pages run: where it is, and inlined in a page.

Pages render their widgets with ``@jupyter-widgets/html-manager``'s ``embed.js``: one script
(no RequireJS) with the widget models, views and CSS; the only file it loads is the Font
Awesome 5 solid face, for the Play/Pause/Stop icons (``fa`` classes). ``FILES`` are what a page
needs from html-manager's package folder.

That folder is looked for in ``$MAGICSUB_NODE_MODULES`` (a ``node_modules`` folder), in the
``node_modules`` of a source checkout (``npm ci``), then at magicsub's ``assets/vendor/`` (a
copy of the same files in the same layout, made by ``tools/vendor_widgets.py`` when a wheel or
an sdist is built: an installed magicsub needs no Node), then in ``./node_modules``.
"""

from __future__ import annotations

import base64
import json
import os
import re
from pathlib import Path

HTML_MANAGER = ("@jupyter-widgets", "html-manager")
EMBED_SCRIPT = "embed.js"
EMBED_LICENSES = "embed.js.LICENSE.txt"
ICON_FONT = "1551f4f60c37af51121f.woff2"
"""Font Awesome 5.15.4's solid face (``fa-solid-900.woff2``) under its html-manager 1.0.15
name: the face of the ``fa`` icon classes ipywidgets uses. The bundle's other faces and formats
(regular, brands; eot, ttf, woff, svg) are not shipped: no widget magicsub shows uses them, and
every browser ipywidgets 8 supports reads woff2."""
PACKAGE_JSON = "package.json"
FILES = (EMBED_SCRIPT, EMBED_LICENSES, ICON_FONT, PACKAGE_JSON)
"""What a page needs from html-manager (``package.json``: its version and license)."""

_PUBLIC_PATH_THROW = ('if(!e)throw new Error("Automatic publicPath is not supported in this '
                      'browser");')
_FONT_URL = re.compile(r'\b[A-Za-z_$][\w$]*\.p\+"([0-9a-f]{20}\.(?:woff2|woff|ttf|eot|svg))"')
_SOURCE_MAP = re.compile(r"\n//# sourceMappingURL=[^\n]*\s*\Z")
_LICENSE_POINTER = f"/*! For license information please see {EMBED_LICENSES} */"


class MissingAssets(RuntimeError):
    """The widget JavaScript is not installed (``npm ci`` has not been run in a checkout, or
    the installed package lacks ``assets/vendor/``), or is not the version magicsub expects."""


def candidates() -> list[Path]:
    """The html-manager package folders that may hold ``FILES`` (``package.json`` in the
    folder, the others in its ``dist/``), in the order they are tried (see the module)."""
    package = Path(__file__).resolve().parent
    found = []
    if os.environ.get("MAGICSUB_NODE_MODULES"):
        found.append(Path(os.environ["MAGICSUB_NODE_MODULES"]).joinpath(*HTML_MANAGER))
    found += [package.parent.joinpath("node_modules", *HTML_MANAGER),
              package / "assets" / "vendor",
              Path.cwd().joinpath("node_modules", *HTML_MANAGER)]
    return found


def source(name: str, place: Path | None = None) -> Path:
    """The path of ``name`` (one of ``FILES``) in the package folder ``place`` (default
    ``folder()``)."""
    place = place or folder()
    return place / name if name == PACKAGE_JSON else place / "dist" / name


def folder() -> Path:
    """The first of ``candidates()`` that holds every file a page needs.

    :raises MissingAssets: none does, naming where it looked.
    """
    looked = candidates()
    for place in looked:
        if all(source(name, place).is_file() for name in FILES):
            return place
    where = ", ".join(str(p) for p in looked)
    raise MissingAssets("the widget JavaScript (@jupyter-widgets/html-manager's embed.js) is "
                        f"not installed; looked in {where}. Reinstall magicsub (its wheel "
                        "carries it) or, in a source checkout, run `npm ci` (or set "
                        "MAGICSUB_NODE_MODULES).")


def version(place: Path | None = None) -> str:
    """html-manager's version, from its ``package.json``."""
    return json.loads(source(PACKAGE_JSON, place).read_text("utf-8"))["version"]


def inline_script(place: Path | None = None) -> str:
    """``embed.js`` made to run inline in a page read from disk, with nothing to fetch.

    Its icon font becomes a ``data:`` URL; the faces not shipped become an empty ``data:,``
    (a browser tries them only for an icon of theirs, and fetches nothing); the webpack
    public path, which ``embed.js`` takes from its script element's ``src`` and lacks inline,
    is empty; the source map comment goes; the bundle's licence notices are written in full
    where it pointed to them. The text is safe inside ``<script>`` (no ``</script``).

    :raises MissingAssets: the files are missing, or ``embed.js`` is not the html-manager
        build these changes were made for (named with its version).
    """
    place = place or folder()
    text = source(EMBED_SCRIPT, place).read_text("utf-8")
    font = base64.b64encode(source(ICON_FONT, place).read_bytes()).decode("ascii")
    seen: list[str] = []

    def font_url(match: re.Match[str]) -> str:
        seen.append(match.group(1))
        return f'"data:font/woff2;base64,{font}"' if match.group(1) == ICON_FONT else '"data:,"'

    text = _FONT_URL.sub(font_url, text)
    unexpected = (text.count(_PUBLIC_PATH_THROW) != 1 or seen.count(ICON_FONT) != 1
                  or text.count(_LICENSE_POINTER) != 1 or "<!--" in text)
    if unexpected:
        raise MissingAssets(f"{source(EMBED_SCRIPT, place)} (html-manager {version(place)}) is "
                            "not the build magicsub inlines (1.0.15, see package.json): "
                            "reinstall the pinned packages (`npm ci`)")
    licenses = source(EMBED_LICENSES, place).read_text("utf-8").strip()
    header = (f"/*! @jupyter-widgets/html-manager {version(place)} embed.js, BSD-3-Clause, "
              "Copyright (c) Jupyter Development Team; Font Awesome Free 5.15.4 (SIL OFL 1.1, "
              "MIT). It bundles: */\n")
    text = text.replace(_PUBLIC_PATH_THROW, 'if(!e)e="";')
    text = text.replace(_LICENSE_POINTER, header + licenses)
    text = _SOURCE_MAP.sub("\n", text)
    return re.sub("</(script)", r"<\\/\1", text, flags=re.IGNORECASE)


__all__ = ["EMBED_LICENSES", "EMBED_SCRIPT", "FILES", "ICON_FONT", "MissingAssets",
           "PACKAGE_JSON", "candidates", "folder", "inline_script", "source", "version"]
