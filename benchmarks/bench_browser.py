"""The published book in headless Chromium (DESIGN.md section 8): a stepper page against a plain
page of the same book, served from ``_build/html`` on 127.0.0.1 (``make book`` first).

- Bytes: every response of one cold load, each body gzipped (budget: a stepper page <= 300 kB).
- Ready time with the CPU throttled 4x (CDP ``Emulation.setCPUThrottlingRate``), stepper page
  over plain page, medians of ``LOADS`` cold loads taken in turns (budget <= 1.3x). Ready is
  ``document.documentElement.dataset.msReady === "1"`` when the page's files mention
  ``msReady`` (the static stepper sets it); else, on a widget page, every widget view rendered
  and every ``.magicsub-stepper`` showing its slider; on the plain page, the load event.
- One "Next step" click until the new step is painted (the frame after the change:
  requestAnimationFrame, then a task), unthrottled and throttled 4x: median and worst
  (budgets: worst <= 16 ms unthrottled, <= 50 ms throttled).

Run alone: ``python benchmarks/bench_browser.py``.
"""

from __future__ import annotations

import gzip
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from budget import Budget, Row, table  # noqa: E402

HTML_DIR = ROOT / "_build" / "html"
PLAIN = "book/using.html"
STEPPER = "book/subgames_726_2.html"
THROTTLE = 4
SIZES = {False: {"loads": 5, "clicks": 8}, True: {"loads": 1, "clicks": 2}}
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
NOT_BUILT = "not built: run make book"

READY_JS = """mode => {
  const done = () => {
    if (window.__msReadyAt === undefined) window.__msReadyAt = performance.now();
  };
  if (mode === 'load') { addEventListener('load', done); return; }
  const ready = () => {
    const root = document.documentElement;
    if (root && root.dataset.msReady === '1') return true;
    if (mode !== 'widgets') return false;
    const views = document.querySelectorAll('script[type="VIEW"]');
    if (!views.length) return false;
    for (const s of views) {
      if (!s.parentElement.querySelector('.widget-subarea .jupyter-widgets')) return false;
    }
    const steppers = document.querySelectorAll('.magicsub-stepper');
    if (!steppers.length) return false;
    for (const s of steppers) if (!s.querySelector('[role="slider"]')) return false;
    return true;
  };
  const tick = () => { if (ready()) done(); else requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
}""".replace("VIEW", WIDGET_VIEW)

PAINT_JS = """button => {
  const scope = button.closest('.magicsub-stepper') || button.parentElement.closest(
      ':has(.magicsub-step)') || document.body;
  const shown = () => Array.from(scope.querySelectorAll('[data-step]'))
      .filter(e => e.offsetParent !== null).map(e => e.dataset.step).join(' ');
  const before = shown();
  window.__msPaint = new Promise(resolve => {
    let t0 = null;
    const timer = setTimeout(() => resolve(null), 5000);
    document.addEventListener('click', () => { t0 = performance.now(); },
                              {capture: true, once: true});
    const observer = new MutationObserver(() => {
      if (t0 === null || shown() === before) return;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0)));
    });
    observer.observe(scope, {subtree: true, childList: true, attributes: true,
                             characterData: true});
  });
}"""


def empty_rows(note: str) -> list[Row]:
    """The browser rows without values (no book, no Chromium), each saying why."""
    return [Row(row_id, "browser", what, None, unit, budget, {}, note=note)
            for row_id, what, unit, budget in ROWS]


ROWS = [
    ("browser.bytes.stepper", f"bytes of a stepper page, gzipped ({STEPPER})", " kB",
     Budget("<=", 300, " kB")),
    ("browser.bytes.plain", f"bytes of a plain page, gzipped ({PLAIN})", " kB", None),
    ("browser.ready", f"stepper page ready / plain page ready, CPU throttled {THROTTLE}x", "x",
     Budget("<=", 1.3, "x")),
    ("browser.paint.unthrottled", "one 'Next step' until painted, worst, unthrottled", " ms",
     Budget("<=", 16, " ms")),
    ("browser.paint.throttled", f"one 'Next step' until painted, worst, throttled {THROTTLE}x",
     " ms", Budget("<=", 50, " ms")),
]


def new_page(browser, throttle: float = 1):
    """A fresh context (a cold cache) and page, the CPU throttled ``throttle`` times."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(60_000)
    if throttle != 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    return context, page


def wait_ready(page, url: str, mode: str) -> float:
    """Load ``url``; return the ms from navigation start until the page is ready (``mode``:
    ``load``, ``flag`` or ``widgets``)."""
    page.add_init_script(f"({READY_JS})({mode!r})")
    page.goto(url, wait_until="load")
    page.wait_for_function("window.__msReadyAt !== undefined", timeout=60_000, polling=50)
    return page.evaluate("window.__msReadyAt")


def weigh(browser, url: str) -> dict:
    """One cold load of ``url``: gzipped and raw bytes of every response, the largest ones,
    and whether any file mentions ``msReady``."""
    context, page = new_page(browser)
    responses = []
    page.on("response", lambda response: responses.append(response))
    page.goto(url, wait_until="load")
    page.evaluate("document.fonts.ready.then(() => true)")
    page.wait_for_load_state("networkidle")
    bodies = {}
    for response in responses:
        try:
            bodies[response.url] = response.body()
        except Exception:  # noqa: BLE001 - a redirect or an aborted request has no body
            continue
    context.close()
    packed = {u: len(gzip.compress(b, 6)) for u, b in bodies.items()}
    top = sorted(packed.items(), key=lambda kv: -kv[1])[:6]
    return {"gzip_bytes": sum(packed.values()), "raw_bytes": sum(map(len, bodies.values())),
            "responses": len(bodies),
            "largest_gzip": {u.rsplit("/", 1)[-1]: n for u, n in top},
            "flag": any(b"msReady" in b for b in bodies.values())}


def paints(page, clicks: int) -> list[float]:
    """Ms from each of ``clicks`` "Next step" clicks on the page's first stepper to the frame
    that shows the new step; then back to where it started with "Previous step"."""
    nexts = page.get_by_role("button", name="Next step")
    button = nexts.first
    out = []
    for _ in range(clicks):
        button.evaluate(PAINT_JS)
        button.click()
        ms = page.evaluate("window.__msPaint")
        if ms is None:
            break
        out.append(round(ms, 2))
    previous = page.get_by_role("button", name="Previous step").first
    for _ in out:
        previous.click()
    page.wait_for_timeout(200)
    return out


def measure(tiny: bool = False) -> list[Row]:
    """The browser rows; values are None (with a note) when the book is not built or Chromium
    is missing. ``tiny``: one load, two clicks."""
    if not (HTML_DIR / PLAIN).is_file() or not (HTML_DIR / STEPPER).is_file():
        return empty_rows(NOT_BUILT)
    try:
        from pagecheck import CHROMIUM, CHROMIUM_ARGS, serve
        from playwright.sync_api import sync_playwright
    except ImportError as error:
        return empty_rows(f"not measured: {error}")
    if not Path(CHROMIUM).exists():
        return empty_rows(f"not measured: {CHROMIUM} is missing")
    sizes = SIZES[tiny]
    with serve(HTML_DIR) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                     headless=True)
        try:
            return browser_rows(browser, server, sizes)
        finally:
            browser.close()


def browser_rows(browser, server: str, sizes: dict) -> list[Row]:
    """Measure the two pages in ``browser`` served at ``server``."""
    plain_url, stepper_url = f"{server}/{PLAIN}", f"{server}/{STEPPER}"
    plain, stepper = weigh(browser, plain_url), weigh(browser, stepper_url)
    mode = "flag" if stepper["flag"] else "widgets"
    ready = {"plain": [], "stepper": []}
    for _ in range(sizes["loads"]):
        for which, url, how in (("plain", plain_url, "load"), ("stepper", stepper_url, mode)):
            context, page = new_page(browser, THROTTLE)
            ready[which].append(round(wait_ready(page, url, how), 1))
            context.close()
    medians = {k: statistics.median(v) for k, v in ready.items()}
    context, page = new_page(browser)
    wait_ready(page, stepper_url, mode)
    fast = paints(page, sizes["clicks"])
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate",
                                            {"rate": THROTTLE})
    slow = paints(page, sizes["clicks"])
    context.close()

    def paint_row(index: int, times: list[float]) -> Row:
        row_id, what, unit, budget = ROWS[index]
        if not times:
            return Row(row_id, "browser", what, None, unit, budget, {},
                       note="no 'Next step' button changed the step")
        return Row(row_id, "browser", what, max(times), unit, budget,
                   {"median_ms": statistics.median(times), "ms": times},
                   note=f"median {statistics.median(times):.3g} ms of {len(times)} clicks")

    rows = []
    for index, weighed in ((0, stepper), (1, plain)):
        row_id, what, unit, budget = ROWS[index]
        raw = {k: v for k, v in weighed.items() if k != "flag"}
        rows.append(Row(row_id, "browser", what, round(weighed["gzip_bytes"] / 1000, 1), unit,
                        budget, raw, note=f"{weighed['responses']} responses"))
    row_id, what, unit, budget = ROWS[2]
    rows.append(Row(row_id, "browser", what, round(medians["stepper"] / medians["plain"], 2),
                    unit, budget, {"ready_ms": ready, "median_ms": medians,
                                   "stepper_ready_when": mode, "loads": sizes["loads"]},
                    note=f"median {medians['stepper']:,.0f} vs {medians['plain']:,.0f} ms "
                         f"of {sizes['loads']} cold loads each"))
    rows.append(paint_row(3, fast))
    rows.append(paint_row(4, slow))
    return rows


def main() -> None:
    """Print the rows as a table."""
    print(table([row.as_json() for row in measure()]))


if __name__ == "__main__":
    main()
