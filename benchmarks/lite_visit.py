"""What a reader's browser downloads and waits for in the JupyterLite site (``make lite``).

    python benchmarks/lite_visit.py [--throttle 4] [--page subgames_726_1] [--second leaving_800_4a]

Serves ``_build`` on 127.0.0.1 (no other host reachable) and, in headless Chromium:

1. first visit, empty cache: opens the page's notebook in JupyterLite and runs its first code
   cell (``from magicsub.book import *``), which starts the kernel. Reported: the time to that
   cell's result (a usable kernel), and every file fetched, raw and gzipped (what a server that
   compresses would send; Python's test server sends raw bytes);
2. the same with the page's main thread slowed ``--throttle`` times (CDP
   ``Emulation.setCPUThrottlingRate``; the kernel's worker is not slowed);
3. a second page in the same browser (a profile with a disk cache, as a reader's): what it
   fetches again once the first is cached (the server answers ``If-Modified-Since`` with 304,
   so a cached file costs a request, no body).

Not a test: a table for the closing note and CONTRIBUTING.md (the JupyterLite site). Needs
``make lite`` and Chromium.
"""

from __future__ import annotations

import argparse
import gzip
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from pagecheck import CHROMIUM, CHROMIUM_ARGS, LOCAL_ONLY, QuietHandler, serve  # noqa: E402

BUILD = ROOT / "_build"
FIRST_CELL_JS = """() => {
  const cell = document.querySelector('.jp-Notebook .jp-CodeCell');
  const prompt = cell && cell.querySelector('.jp-InputArea-prompt');
  return !!prompt && /\\[\\d+\\]/.test(prompt.textContent);
}"""

SERVED: list[tuple[str, int]] = []
"""(path, HTTP status) of every request the server answered, in order."""


class _Recording(QuietHandler):
    def log_request(self, code: object = "-", size: object = "-") -> None:
        SERVED.append((self.path, int(getattr(code, "value", code))))


def _file(path: str) -> Path | None:
    local = BUILD / unquote(urlsplit(path).path).lstrip("/")
    if local.is_dir():
        local = local / "index.html"
    return local if local.is_file() else None


def visit(context, base: str, page_name: str, throttle: float = 1) -> dict:
    """Open ``page_name`` in JupyterLite in ``context``, run its first cell; what it cost."""
    SERVED.clear()
    page = context.new_page()
    if throttle != 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    started = time.monotonic()
    page.goto(f"{base}/lite/notebooks/index.html?path={page_name}.ipynb")
    page.locator(".jp-Notebook .jp-CodeCell").first.click()
    shown = time.monotonic() - started
    page.keyboard.press("Shift+Enter")
    page.wait_for_function(FIRST_CELL_JS, timeout=300_000, polling=100)
    usable = time.monotonic() - started
    page.wait_for_timeout(1000)
    raw = packed = sent = cached = 0
    for path, status in list(SERVED):
        local = _file(path)
        if status == 304:
            cached += 1
        elif status == 200 and local is not None:
            sent += 1
            data = local.read_bytes()
            raw += len(data)
            packed += len(gzip.compress(data, 6))
    page.close()
    return {"page": page_name, "throttle": throttle, "notebook shown s": shown,
            "kernel usable s": usable, "files sent": sent, "not modified (304)": cached,
            "MB": raw / 1e6, "MB gzipped": packed / 1e6}


def main() -> int:
    """Print the table (Markdown)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--throttle", type=float, default=4)
    parser.add_argument("--page", default="subgames_726_1")
    parser.add_argument("--second", default="leaving_800_4a")
    args = parser.parse_args()
    if not (BUILD / "lite" / "jupyter-lite.json").is_file():
        raise SystemExit("_build/lite is missing: run `make lite`")
    rows = []
    with serve(BUILD, _Recording) as base, sync_playwright() as playwright:
        for throttle in (1, args.throttle):
            with tempfile.TemporaryDirectory() as profile:
                context = playwright.chromium.launch_persistent_context(
                    profile, executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, LOCAL_ONLY],
                    viewport={"width": 1280, "height": 900})
                rows.append({"visit": "first, empty cache",
                             **visit(context, base, args.page, throttle)})
                if throttle == 1:
                    rows.append({"visit": "second page, same browser",
                                 **visit(context, base, args.second)})
                context.close()
    keys = list(rows[0])
    print("| " + " | ".join(keys) + " |")
    print("|" + "---|" * len(keys))
    for row in rows:
        print("| " + " | ".join(f"{v:.1f}" if isinstance(v, float) else str(v)
                                for v in row.values()) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
