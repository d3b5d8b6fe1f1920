"""A standalone walkthrough page, for ``magicsub html FILE -o page.html``.

The page embeds the widget state of a ``Stepper`` over the scenario's trace and loads the widget
JavaScript (RequireJS and ``@jupyter-widgets/html-manager``, with the fonts it asks for) from a
folder beside it, ``<page>_files/``, copied from this project's ``node_modules`` (``npm ci``).
Nothing is loaded from another host. RequireJS does not work from ``file://``: serve the folder
over HTTP (``python -m http.server``) to use the page.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

from .pagefiles import OutputRefused, check_output, new_folder, sync_folder, write_atomic

if TYPE_CHECKING:
    from .scenario import ScenarioResult

WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
MODEL_REF = "IPY_MODEL_"
HTML_MANAGER_DIST = ("@jupyter-widgets", "html-manager", "dist")
FONT_SUFFIXES = (".woff2", ".woff", ".ttf", ".eot", ".svg")

PAGE_CSS = """\
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1b1b1b;\
background:#fff}
main{max-width:1200px;margin:0 auto;padding:12px}
h1{font-size:1.5rem;margin:.3em 0}
h2{font-size:1.2rem;margin:1em 0 .3em}
.ms-ok{font-weight:700}
.ms-fail{font-weight:700;color:#a30000}
"""


class MissingAssets(RuntimeError):
    """The widget JavaScript is not installed (``npm ci`` has not been run)."""


def node_modules() -> Path:
    """The ``node_modules`` folder with the widget JavaScript.

    Looked for in ``$MAGICSUB_NODE_MODULES``, beside the magicsub package's folder (a source
    checkout), then in the current directory.

    :raises MissingAssets: none has ``@jupyter-widgets/html-manager`` and ``requirejs``.
    """
    candidates = []
    if os.environ.get("MAGICSUB_NODE_MODULES"):
        candidates.append(Path(os.environ["MAGICSUB_NODE_MODULES"]))
    candidates += [Path(__file__).resolve().parent.parent / "node_modules",
                   Path.cwd() / "node_modules"]
    for folder in candidates:
        if ((folder / "requirejs" / "require.js").is_file()
                and (folder.joinpath(*HTML_MANAGER_DIST) / "embed-amd.js").is_file()):
            return folder
    looked = ", ".join(str(c) for c in candidates)
    raise MissingAssets("the widget JavaScript (requirejs, @jupyter-widgets/html-manager) is "
                        f"not installed; looked in {looked}. Run `npm ci` in the magicsub "
                        "source folder (or set MAGICSUB_NODE_MODULES).")


def copy_assets(dest: Path, modules: Path | None = None) -> list[Path]:
    """Copy RequireJS, the html-manager embed script and its fonts into ``dest``; return them.

    The folder's rules are ``magicsub.pagefiles``': no symbolic link followed in it, a copy
    only where the content (SHA-256) differs, never over a file of the user's.

    :raises MissingAssets: ``node_modules`` lacks them.
    :raises OutputRefused: a link, a non-file or a file of the user's is in the way (named).
    :raises OSError: naming the path that could not be written.
    """
    modules = modules or node_modules()
    dist = modules.joinpath(*HTML_MANAGER_DIST)
    target_dist = "jupyter-widgets/html-manager/dist"
    files = [("require.js", modules / "requirejs" / "require.js"),
             (f"{target_dist}/embed-amd.js", dist / "embed-amd.js")]
    files += [(f"{target_dist}/{p.name}", p) for p in sorted(dist.iterdir())
              if p.suffix in FONT_SUFFIXES]
    return sync_folder(dest, files)


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


def page_html(views: Sequence, *, title: str, files: str, body_before: str = "",
              body_after: str = "", fallback: str = "") -> str:
    """The page: the widget state of ``views`` (and what they depend on) and one view each.

    ``files`` is the URL of the assets folder relative to the page; ``body_before`` and
    ``body_after`` are HTML around the widgets (already escaped); ``fallback`` is shown when
    JavaScript is off.
    """
    from ipywidgets.embed import embed_data

    data = stable_ids(embed_data(views=list(views), state=widget_state(views)))
    base = quote(files)
    dist = f"{base}/jupyter-widgets/html-manager/dist"
    view_tags = "\n".join(
        f'<div class="ms-view"><script type="{WIDGET_VIEW}">{_script_json(spec)}</script></div>'
        for spec in data["view_specs"])
    config = json.dumps({"paths": {"@jupyter-widgets/html-manager/dist": dist,
                                   "@jupyter-widgets": dist}})
    noscript = f"<noscript>{fallback}</noscript>" if fallback else ""
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<link rel="icon" href="data:,">
<style>{PAGE_CSS}</style>
<script src="{base}/require.js"></script>
<script>require.config({config});</script>
<script src="{dist}/embed-amd.js" data-jupyter-widgets-cdn="{base}/widget-modules/"></script>
<script>{a11y_script()}</script>
<script type="{WIDGET_STATE}">{_script_json(data["manager_state"])}</script>
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
                       inputs: Sequence[str | Path] = ()) -> Path:
    """Write a page with ``views`` to ``out`` and its assets to ``<stem>_files/`` beside it.

    Files are written as ``magicsub.pagefiles`` says: never over one of ``inputs``, never
    through a symbolic link, atomically, and a run that fails leaves no folder it created.

    :raises MissingAssets: the widget JavaScript is not installed (``npm ci``).
    :raises OutputRefused: ``out`` is an input or a link, or something is in the assets'
        way; nothing was written.
    :raises OSError: naming the path that could not be written; the previous page is intact.
    """
    out = Path(out)
    check_output(out, inputs)
    files = f"{out.stem}_files"
    modules = node_modules()
    html = page_html(views, title=title, files=files, body_before=body_before,
                     body_after=body_after, fallback=fallback)
    with new_folder(out.parent), new_folder(out.parent / files):
        copy_assets(out.parent / files, modules)
        write_atomic(out, html.encode("utf-8", "backslashreplace"))
    return out


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


def scenario_page(result: ScenarioResult, out: str | Path) -> Path:
    """Write the walkthrough page of a scenario's run (a Stepper over its trace); the scenario's
    file is an input that ``out`` may not be (see ``write_widgets_page``)."""
    from . import render
    from .widgets import Stepper

    scenario = result.scenario
    stepper = Stepper(result.trace, title=scenario.title)
    intro = [f"<h1>{escape(scenario.title)}</h1>"]
    if scenario.description:
        intro.append(f"<p>{escape(scenario.description)}</p>")
    intro.append(f"<p>Players: {escape(', '.join(scenario.players))}; CR edition "
                 f"{escape(str(scenario.edition))}.</p>")
    return write_widgets_page([stepper], out, title=scenario.title, body_before="".join(intro),
                              body_after=_expectations_html(result),
                              fallback=render.trace_html(result.trace),
                              inputs=[scenario.file] if scenario.file else [])


def write_page(file: str | Path, out: str | Path) -> int:
    """Load and run the scenario ``file`` and write its walkthrough page to ``out``.

    Return the exit status: 0 written and every expectation holds; 1 an illegal step, or a
    failed expectation (the page is still written); 2 a malformed file, or no page written
    (``out`` is the input or a link, a file of the user's is in the assets' way, a write
    failed, ipywidgets or the widget JavaScript missing). Messages go to stderr; a refused or
    failed write changes nothing on disk.
    """
    from .cli import say
    from .scenario import run_file

    result, message, code = run_file(file)
    if result is None:
        say(message, err=True)
        return code
    try:
        import ipywidgets  # noqa: F401
    except ImportError:
        say("error: `magicsub html` needs ipywidgets: pip install 'magicsub[widgets]'", err=True)
        return 2
    try:
        path = scenario_page(result, out)
    except (MissingAssets, OutputRefused) as err:
        say(f"error: {err}", err=True)
        return 2
    except OSError as err:
        say(f"error: cannot write {err.filename or out}: {err.strerror or err}; nothing was "
            "replaced", err=True)
        return 2
    say(f"wrote {path} ({len(result.trace)} steps) and {path.stem}_files/; serve the folder "
        "over HTTP to view it (RequireJS does not work from file://)")
    for failure in result.failures:
        say(f"FAIL {failure}", err=True)
    return 0 if result.ok else 1


__all__ = ["MissingAssets", "OutputRefused", "a11y_script", "copy_assets", "node_modules",
           "page_html", "scenario_page", "stable_ids", "widget_state", "write_page",
           "write_widgets_page"]
