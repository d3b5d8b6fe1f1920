"""A standalone walkthrough page, for ``magicsub html FILE -o page.html``.

The page shows the same static stepper as the published book (``magicsub.pages.statichtml.Stepper``:
compact steps, "Jump to the step citing", step links ``#walk-N``, a table of every step for
printing), played by the same small script and styled by the same style sheets
(``magicsub/assets/pages``, ``ASSETS``): no widget manager, no ipywidgets. By default the
scripts and styles go to a folder beside the page, ``<page>_files/`` (about 40 kB); with
``single_file`` they are inline in the page, to open from disk, email or attach. Either way
nothing is loaded from another host, and the page works from ``file://``. Without JavaScript
the page shows the board before the first step and the table of every step.

A page is held to ``magicsub.engine.limits.MAX_PAGE_BYTES`` and ``MAX_PAGE_CELLS``
(``statichtml.PageLimit``), counted while its steps are drawn: a larger one is refused and
nothing is written. ``embed_snippet`` is the ``<iframe>`` that shows a page in a blog post.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Protocol
from urllib.parse import quote

from ..engine.limits import MAX_PAGE_BYTES
from ..engine.textchars import forbidden, one_line
from ..scenario.safefiles import OutputRefused, check_output, new_folder, sync_folder, write_atomic
from .statichtml import PageLimit, PageTooLarge, Stepper

if TYPE_CHECKING:
    from ..scenario import ScenarioResult

ASSETS_FOLDER = Path(__file__).resolve().parent.parent / "assets" / "pages"
"""The scripts and style sheets of the book's steppers and quizzes (``tools/static_pages.py``
serves the same files on every page of the book)."""
SCRIPTS = ("magicsub-pages.js", "magicsub-screen.js")
"""The scripts a page runs: the one that plays steppers and quizzes, and the one that fits
them to the screen and to paper."""
STYLES = ("magicsub-pages.css", "magicsub-nav.css")
"""The style sheets of the steppers' and quizzes' controls."""
ASSETS = SCRIPTS + STYLES
"""Every file of ``ASSETS_FOLDER`` a page needs, in the order the page loads them."""
STEPPER_KEY = "walk"
"""The key of a walkthrough's stepper: step N is at the address ``#walk-N``."""

PAGE_CSS = """\
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1b1b1b;\
background:#fff}
main{max-width:1200px;margin:0 auto;padding:12px}
h1{font-size:1.5rem;margin:.3em 0}
h2{font-size:1.2rem;margin:1em 0 .3em}
.ms-ok{font-weight:700}
.ms-fail{font-weight:700;color:#a30000}
"""
NOSCRIPT_CSS = ".ms-static .ms-print[hidden]{display:block!important}"
"""Without JavaScript, the table of every step (hidden on screen otherwise) is shown."""


class View(Protocol):
    """What a page shows: a ``statichtml`` Stepper, Quiz or Compare (anything with ``html()``)."""

    def html(self) -> str:
        """The view as one HTML element."""


def asset_path(name: str) -> Path:
    """The file of the asset ``name`` (one of ``ASSETS``)."""
    return ASSETS_FOLDER / name


_HEAD_COMMENT = re.compile(r"\A(?://[^\n]*\n)+")
_CSS_COMMENT = re.compile(r"/\*.*?\*/\n?", re.S)


def _inline(name: str) -> str:
    """An asset's text as a page holds it inline: its explanatory comments left out (the
    ``//`` lines that open a script, the ``/* */`` comments of a style sheet: the files in
    ``ASSETS_FOLDER`` keep them), and safe inside its ``<script>`` or ``<style>`` element (no
    ``</script`` or ``</style`` can end the element early)."""
    text = asset_path(name).read_text("utf-8")
    if name.endswith(".js"):
        text = _HEAD_COMMENT.sub(f"// {name}: magicsub/assets/pages\n", text)
    else:
        text = _CSS_COMMENT.sub("", text)
    return re.sub(r"</(script|style)", r"<\\/\1", text, flags=re.IGNORECASE)


def copy_assets(dest: Path) -> list[Path]:
    """Copy ``ASSETS`` into ``dest``; return their paths there.

    The folder's rules are ``magicsub.scenario.safefiles``': no symbolic link followed in it, a copy
    only where the content (SHA-256) differs, never over a file of the user's.

    :raises OutputRefused: a link, a non-file or a file of the user's is in the way (named).
    :raises OSError: naming the path that could not be written.
    """
    return sync_folder(dest, [(name, asset_path(name)) for name in ASSETS])


def page_html(views: Sequence[View], *, title: str, files: str | None, body_before: str = "",
              body_after: str = "") -> str:
    """The page: ``views`` (``statichtml`` steppers, quizzes...) between ``body_before`` and
    ``body_after`` (HTML, already escaped), with the scripts and styles of ``ASSETS`` from
    the folder at the URL ``files`` (relative to the page), or inline when it is ``None``."""
    if files is None:
        styles = "".join(f"<style>{_inline(name)}</style>" for name in STYLES)
        scripts = "".join(f"<script>{_inline(name)}</script>" for name in SCRIPTS)
    else:
        base = quote(files)
        styles = "".join(f'<link rel="stylesheet" href="{base}/{name}">' for name in STYLES)
        scripts = "".join(f'<script defer src="{base}/{name}"></script>' for name in SCRIPTS)
    shown = "\n".join(view.html() for view in views)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<link rel="icon" href="data:,">
<style>{PAGE_CSS}</style>
{styles}
{scripts}
<noscript><style>{NOSCRIPT_CSS}</style></noscript>
</head>
<body>
<main>
{body_before}
{shown}
{body_after}
</main>
</body>
</html>
"""


def write_static_page(views: Sequence[View], out: str | Path, *, title: str,
                      body_before: str = "", body_after: str = "",
                      inputs: Sequence[str | Path] = (), single_file: bool = False,
                      max_bytes: int = MAX_PAGE_BYTES) -> Path:
    """Write a page with ``views`` to ``out``, and its scripts and styles to ``<stem>_files/``
    beside it unless ``single_file`` (then the page holds them).

    Files are written as ``magicsub.scenario.safefiles`` says: never over one of ``inputs``, never
    through a symbolic link, atomically, and a run that fails leaves no folder it created.

    :raises PageTooLarge: the page would be larger than ``max_bytes``; nothing was written.
    :raises OutputRefused: ``out`` is an input or a link, or something is in the assets'
        way; nothing was written.
    :raises OSError: naming the path that could not be written; the previous page is intact.
    """
    out = Path(out)
    check_output(out, inputs)
    files = None if single_file else f"{out.stem}_files"
    data = page_html(views, title=title, files=files, body_before=body_before,
                     body_after=body_after).encode("utf-8", "backslashreplace")
    if len(data) > max_bytes:
        raise PageTooLarge(f"the page would take {len(data):,} bytes, more than "
                           f"{max_bytes:,} (the limit of a page)")
    with new_folder(out.parent):
        if files is None:
            write_atomic(out, data)
            return out
        with new_folder(out.parent / files):
            copy_assets(out.parent / files)
            write_atomic(out, data)
    return out


def embed_height(players: int) -> int:
    """A frame height (CSS pixels) for a walkthrough of ``players`` players: the Stepper's
    controls, a rule and a board of that many players in a blog column (about 700 pixels
    wide), most steps in view (measured in Chromium): 1000 for two, 200 more a player, at most
    1600. The frame scrolls for taller steps."""
    return min(1600, 600 + 200 * max(players, 2))


def embed_snippet(src: str, title: str, height: int = 1000) -> str:
    """An ``<iframe>`` showing the page at the URL ``src`` (relative to the post, or
    absolute) in a blog post or any HTML, titled ``title`` for screen readers.

    ``sandbox="allow-scripts"``: the page's scripts run (the widgets need them), in an origin
    of their own, so they cannot read the host page, its cookies or storage, open windows,
    submit forms or navigate the host.

    The snippet is one line whatever the title holds: the title is put on one line
    (``textchars.one_line``: line breaks and other whitespace become one space, control and
    format characters are removed), a space or such a character in ``src`` is percent-encoded,
    and both are escaped as attribute values. A Markdown renderer (CommonMark) keeps a
    one-line ``<iframe ...>`` as raw HTML; a blank line inside it would end that HTML block
    and leave the rest, ``sandbox`` included, as text.
    """
    src = "".join(quote(char) if char.isspace() or forbidden(char) else char for char in src)
    title = one_line(title, "walkthrough")
    return (f'<iframe src="{escape(src)}" '
            f'title="{escape(title)}" width="100%" height="{int(height)}" '
            'style="border:1px solid #ccc;max-width:100%" loading="lazy" '
            'sandbox="allow-scripts" referrerpolicy="no-referrer"></iframe>')


def _expectations_html(result: ScenarioResult) -> str:
    scenario = result.scenario
    total = len(scenario.expect) + sum(1 for _, s in scenario.steps if "expect" in s)
    if not total:
        return ""
    if result.ok:
        what = "its expectation holds" if total == 1 else f"all {total} expectations hold"
        return f'<h2>Expectations</h2><p class="ms-ok">ok: {what}.</p>'
    items = "".join(f'<li><span class="ms-fail">FAIL</span> {escape(str(f))}</li>'
                    for f in result.failures)
    return f"<h2>Expectations</h2><ul>{items}</ul>"


def scenario_page(result: ScenarioResult, out: str | Path, *, single_file: bool = False,
                  limit: PageLimit | None = None) -> Path:
    """Write the walkthrough page of a scenario's run (a ``statichtml.Stepper`` over its trace,
    keyed ``STEPPER_KEY``, and its expectations); the scenario's file is an input that ``out``
    may not be (see ``write_static_page``). ``limit``: what the stepper's data may hold
    (default ``PageLimit()``: ``MAX_PAGE_BYTES`` and ``MAX_PAGE_CELLS``).

    :raises PageTooLarge: past ``limit``, found while the steps are drawn; nothing written.
    """
    scenario = result.scenario
    limit = limit if limit is not None else PageLimit()
    stepper = Stepper(result.trace, title=scenario.title, key=STEPPER_KEY, limit=limit)
    intro = [f"<h1>{escape(scenario.title)}</h1>"]
    if scenario.description:
        intro.append(f"<p>{escape(scenario.description)}</p>")
    intro.append(f"<p>Players: {escape(', '.join(scenario.players))}; CR edition "
                 f"{escape(str(scenario.edition))}.</p>")
    return write_static_page([stepper], out, title=scenario.title, body_before="".join(intro),
                             body_after=_expectations_html(result),
                             inputs=[scenario.file] if scenario.file else [],
                             single_file=single_file, max_bytes=limit.bytes)


__all__ = ["ASSETS", "ASSETS_FOLDER", "NOSCRIPT_CSS", "OutputRefused", "PAGE_CSS",
           "PageTooLarge", "SCRIPTS", "STEPPER_KEY", "STYLES", "View", "asset_path",
           "copy_assets", "embed_height", "embed_snippet", "page_html", "scenario_page",
           "write_static_page"]
