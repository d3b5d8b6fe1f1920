"""Fixtures for the JupyterLite test: ``_build`` served on 127.0.0.1 (the book in ``html/`` and
the site in ``lite/``, side by side as they are published) and Debian's headless Chromium.

The server and the browser's flags are the browser tests' own (``tests/browser/pagecheck.py``).
Run ``make lite`` and ``make book`` first; ``make test-lite`` does both, then this test.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))
from pagecheck import CHROMIUM, CHROMIUM_ARGS, LOCAL_ONLY, REPO_ROOT, serve  # noqa: E402

BUILD = REPO_ROOT / "_build"


@pytest.fixture(scope="session")
def build_url() -> Iterator[str]:
    """The URL of ``_build`` served over HTTP (``/html/`` the book, ``/lite/`` the site)."""
    for needed, make in (("lite/jupyter-lite.json", "make lite"),
                         ("html/index.html", "make book")):
        if not (BUILD / needed).is_file():
            pytest.fail(f"_build/{needed} is missing: run `{make}` first")
    with serve(BUILD) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's headless Chromium."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                             args=[*CHROMIUM_ARGS, LOCAL_ONLY])
        yield browser
        browser.close()
