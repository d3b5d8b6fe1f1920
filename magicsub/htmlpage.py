"""A standalone walkthrough page, for ``magicsub html FILE -o page.html``.

The page embeds the widget state of a ``Stepper`` over the scenario's trace and runs it with
``@jupyter-widgets/html-manager``'s ``embed.js`` (``magicsub.widgetjs``). By default the script
and the icon font it asks for go to a folder beside the page, ``<page>_files/`` (about 2 MB);
with ``single_file`` everything is inline in the page, to open from disk, email or attach.
Either way nothing is loaded from another host, and the page works from ``file://``.
``embed_snippet`` is the ``<iframe>`` that shows a page in a blog post.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

from . import widgetjs
from .pagefiles import OutputRefused, check_output, new_folder, sync_folder, write_atomic
from .textchars import forbidden, one_line
from .widgetjs import MissingAssets

if TYPE_CHECKING:
    from .scenario import ScenarioResult

WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
MODEL_REF = "IPY_MODEL_"

PAGE_CSS = """\
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1b1b1b;\
background:#fff}
main{max-width:1200px;margin:0 auto;padding:12px}
h1{font-size:1.5rem;margin:.3em 0}
h2{font-size:1.2rem;margin:1em 0 .3em}
.ms-ok{font-weight:700}
.ms-fail{font-weight:700;color:#a30000}
"""


def copy_assets(dest: Path, place: Path | None = None) -> list[Path]:
    """Copy ``embed.js``, its licence notices and its icon font into ``dest``; return them.

    ``place`` is the html-manager package folder to copy from (default ``widgetjs.folder()``).
    The folder's rules are ``magicsub.pagefiles``': no symbolic link followed in it, a copy
    only where the content (SHA-256) differs, never over a file of the user's.

    :raises MissingAssets: the widget JavaScript is not installed.
    :raises OutputRefused: a link, a non-file or a file of the user's is in the way (named).
    :raises OSError: naming the path that could not be written.
    """
    place = place or widgetjs.folder()
    names = (widgetjs.EMBED_SCRIPT, widgetjs.EMBED_LICENSES, widgetjs.ICON_FONT)
    return sync_folder(dest, [(name, widgetjs.source(name, place)) for name in names])


def a11y_script() -> str:
    """The JavaScript that gives slider handles and Play buttons accessible names
    (``magicsub/assets/widgets_a11y.js``); load it on any page with widgets."""
    from importlib import resources

    return resources.files("magicsub.assets").joinpath("widgets_a11y.js").read_text("utf-8")


def _script_json(data: object) -> str:
    """JSON for the inside of a ``<script>`` element (no ``</script>`` can end it early)."""
    text = json.dumps(data, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def widget_state(views: Sequence) -> dict:
    """The state of ``views`` and their dependencies, without default values, except ``None``s.

    A ``None`` is kept because some JavaScript defaults differ from the Python ones: a
    ``ToggleButtons.index`` of ``None`` would become ``""`` in the browser, and a ``Stack``
    jslinked to it would fail to render.
    """
    from ipywidgets.embed import dependency_state

    small = dependency_state(list(views), drop_defaults=True)
    full = dependency_state(list(views), drop_defaults=False)
    for model_id, entry in small.items():
        for key, value in full[model_id]["state"].items():
            if value is None:
                entry["state"].setdefault(key, None)
    return small


def _renamed(value: object, names: dict[str, str]) -> object:
    if isinstance(value, str):
        if value.startswith(MODEL_REF) and value[len(MODEL_REF):] in names:
            return MODEL_REF + names[value[len(MODEL_REF):]]
        return value
    if isinstance(value, dict):
        return {key: _renamed(item, names) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_renamed(item, names) for item in value]
    return value


def _rename_models(data: dict, names: dict[str, str], order: list[str]) -> dict:
    manager = data["manager_state"]
    state = manager["state"]
    return {**data,
            "manager_state": {**manager, "state": {
                names[old]: {**state[old], "state": _renamed(state[old]["state"], names)}
                for old in order}},
            "view_specs": [{**spec, "model_id": names[spec["model_id"]]}
                           for spec in data["view_specs"]]}


def stable_ids(data: dict) -> dict:
    """``embed_data``'s output with each widget model's random id (a uuid4) replaced by a
    deterministic one, in the state, in every reference and in the view specs.

    Models are numbered in the order they are reached from the views (references visited in
    key order); an id is 24 hex digits of the SHA-256 of the state so numbered, then the
    number in 8 hex digits: the same widgets give the same bytes, and two pages' ids differ.
    """
    state = data["manager_state"]["state"]
    order: list[str] = []
    seen: set[str] = set()

    def visit(model_id: str) -> None:
        pending = [model_id]
        while pending:
            current = pending.pop()
            if current in seen or current not in state:
                continue
            seen.add(current)
            order.append(current)
            found: list[str] = []
            _references(state[current]["state"], found)
            pending.extend(reversed(found))

    for spec in data["view_specs"]:
        visit(spec["model_id"])
    for model_id in state:
        visit(model_id)
    numbered = _rename_models(data, {old: str(n) for n, old in enumerate(order)}, order)
    canonical = json.dumps(numbered, sort_keys=True, separators=(",", ":"))
    prefix = hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()[:24]
    return _rename_models(data, {old: f"{prefix}{n:08x}" for n, old in enumerate(order)}, order)


def _references(value: object, found: list[str]) -> None:
    """Append the model ids ``value`` refers to (``IPY_MODEL_<id>`` strings), in key order."""
    if isinstance(value, str):
        if value.startswith(MODEL_REF):
            found.append(value[len(MODEL_REF):])
    elif isinstance(value, dict):
        for key in sorted(value):
            _references(value[key], found)
    elif isinstance(value, list | tuple):
        for item in value:
            _references(item, found)


def page_html(views: Sequence, *, title: str, files: str | None, body_before: str = "",
              body_after: str = "", fallback: str = "", place: Path | None = None) -> str:
    """The page: the widget state of ``views`` (and what they depend on) and one view each.

    ``files`` is the URL of the assets folder relative to the page, or ``None`` for a page
    with ``embed.js`` inline (from the html-manager folder ``place``, default
    ``widgetjs.folder()``); ``body_before`` and ``body_after`` are HTML around the widgets
    (already escaped); ``fallback`` is shown when JavaScript is off.

    :raises MissingAssets: inline, and the widget JavaScript is missing or not the build
        magicsub inlines.
    """
    from ipywidgets.embed import embed_data

    data = stable_ids(embed_data(views=list(views), state=widget_state(views)))
    view_tags = "\n".join(
        f'<div class="ms-view"><script type="{WIDGET_VIEW}">{_script_json(spec)}</script></div>'
        for spec in data["view_specs"])
    if files is None:
        embed = f"<script>\n{widgetjs.inline_script(place)}</script>"
    else:
        base = quote(files)
        embed = (f'<script src="{base}/{widgetjs.EMBED_SCRIPT}" '
                 f'data-jupyter-widgets-cdn="{base}/widget-modules/"></script>')
    noscript = f"<noscript>{fallback}</noscript>" if fallback else ""
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<link rel="icon" href="data:,">
<style>{PAGE_CSS}</style>
<script type="{WIDGET_STATE}">{_script_json(data["manager_state"])}</script>
{embed}
<script>{a11y_script()}</script>
</head>
<body>
<main>
{body_before}
{view_tags}
{noscript}
{body_after}
</main>
</body>
</html>
"""


def write_widgets_page(views: Sequence, out: str | Path, *, title: str, body_before: str = "",
                       body_after: str = "", fallback: str = "",
                       inputs: Sequence[str | Path] = (), single_file: bool = False) -> Path:
    """Write a page with ``views`` to ``out``, and its assets to ``<stem>_files/`` beside it
    unless ``single_file`` (then the page holds them).

    Files are written as ``magicsub.pagefiles`` says: never over one of ``inputs``, never
    through a symbolic link, atomically, and a run that fails leaves no folder it created.

    :raises MissingAssets: the widget JavaScript is not installed.
    :raises OutputRefused: ``out`` is an input or a link, or something is in the assets'
        way; nothing was written.
    :raises OSError: naming the path that could not be written; the previous page is intact.
    """
    out = Path(out)
    check_output(out, inputs)
    place = widgetjs.folder()
    files = None if single_file else f"{out.stem}_files"
    html = page_html(views, title=title, files=files, body_before=body_before,
                     body_after=body_after, fallback=fallback, place=place)
    with new_folder(out.parent):
        if files is None:
            write_atomic(out, html.encode("utf-8", "backslashreplace"))
            return out
        with new_folder(out.parent / files):
            copy_assets(out.parent / files, place)
            write_atomic(out, html.encode("utf-8", "backslashreplace"))
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


def scenario_page(result: ScenarioResult, out: str | Path, *, single_file: bool = False) -> Path:
    """Write the walkthrough page of a scenario's run (a Stepper over its trace); the scenario's
    file is an input that ``out`` may not be (see ``write_widgets_page``)."""
    from . import render
    from .widgets import Stepper

    scenario = result.scenario
    stepper = Stepper(result.trace, title=scenario.title, live=False)
    intro = [f"<h1>{escape(scenario.title)}</h1>"]
    if scenario.description:
        intro.append(f"<p>{escape(scenario.description)}</p>")
    intro.append(f"<p>Players: {escape(', '.join(scenario.players))}; CR edition "
                 f"{escape(str(scenario.edition))}.</p>")
    return write_widgets_page([stepper], out, title=scenario.title, body_before="".join(intro),
                              body_after=_expectations_html(result),
                              fallback=render.trace_html(result.trace),
                              inputs=[scenario.file] if scenario.file else [],
                              single_file=single_file)


def write_page(file: str | Path, out: str | Path, *, single_file: bool = False,
               embed: bool = False, strict: bool | None = None) -> int:
    """Load and run the scenario ``file`` and write its walkthrough page to ``out``: with
    ``single_file``, one file with everything inline; else the page and ``<stem>_files/``.
    With ``embed``, print ``embed_snippet`` for the page on standard output (and the other
    messages on stderr).

    Return the exit status: 0 written and every expectation holds; 1 an illegal step, or a
    failed expectation (the page is still written); 2 a malformed file, or no page written
    (``out`` is the input or a link, a file of the user's is in the assets' way, a write
    failed, ipywidgets or the widget JavaScript missing). Errors go to stderr; a refused or
    failed write changes nothing on disk. Each card magicsub does not know is a warning on
    stderr; with ``strict`` (or ``strict: true`` in the file) it is refused (2, nothing written).
    """
    from .cli import say, warn
    from .scenario import run_file

    run = run_file(file, strict=strict)
    warn(run)
    result = run.result
    if result is None:
        for failure in run.failures:
            say(f"FAIL {failure}", err=True)
        say(run.error, err=True)
        return run.status
    try:
        import ipywidgets  # noqa: F401
    except ImportError:
        say("error: `magicsub html` needs ipywidgets: pip install 'magicsub[widgets]'", err=True)
        return 2
    try:
        path = scenario_page(result, out, single_file=single_file)
    except (MissingAssets, OutputRefused) as err:
        say(f"error: {err}", err=True)
        return 2
    except OSError as err:
        say(f"error: cannot write {err.filename or out}: {err.strerror or err}; nothing was "
            "replaced", err=True)
        return 2
    steps = f"{len(result.trace)} steps"
    if single_file:
        size = path.stat().st_size
        say(f"wrote {path} ({steps}, {size / 1e6:.1f} MB, everything inline: open it from "
            "disk, send it, or put it online)", err=embed)
    else:
        say(f"wrote {path} ({steps}) and {path.stem}_files/ (keep them side by side; or use "
            "--single-file for one file)", err=embed)
    if embed:
        say(embed_snippet(quote(path.name), result.scenario.title,
                          embed_height(len(result.scenario.players))))
    for failure in result.failures:
        say(f"FAIL {failure}", err=True)
    return 0 if result.ok else 1


__all__ = ["MissingAssets", "OutputRefused", "a11y_script", "copy_assets", "embed_height",
           "embed_snippet", "page_html", "scenario_page", "stable_ids", "widget_state",
           "write_page", "write_widgets_page"]
