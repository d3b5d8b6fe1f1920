"""``pip install .`` from a source checkout, on a machine without Node, then ``magicsub html``
works (issue 12; issue 29, item 3): the package carries the script and styles of its pages
(``magicsub/assets/pages``) and needs neither Node, nor ``npm ci``, nor ipywidgets.

The sdist and the wheel are built with uv from a copy of this checkout's files (those git does
not ignore: no build leftovers such as ``magicsub.egg-info``, no ``node_modules``), the wheel
from the sdist as a package index would, with a ``PATH`` where no ``node`` or ``npm`` can be
found. The wheel is installed into a fresh virtualenv without extras (no ipywidgets), and the
checkout copy itself into a second one (``pip install .``); each is run from an empty
temporary folder with no ``PYTHONPATH``. Offline: uv installs from its cache, at the versions
of this environment (``make venv`` filled the cache).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = [pytest.mark.wheel, pytest.mark.slow]

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = "726_3_short_library.yaml"
PROBE = """\
import importlib.util, json, magicsub
from magicsub.pages import walkthrough
print(json.dumps({"package": magicsub.__file__, "assets": str(walkthrough.ASSETS_FOLDER),
                  "ipywidgets": importlib.util.find_spec("ipywidgets") is not None}))
"""


def uv() -> str:
    found = Path(sys.executable).with_name("uv")
    if found.is_file():
        return str(found)
    which = shutil.which("uv")
    if which is None:
        pytest.fail("uv is missing: `make venv` installs it into .venv")
    return which


def clean_env(bin_dir: Path) -> dict[str, str]:
    """The environment without anything that would point Python or magicsub at the checkout,
    with ``bin_dir`` (no ``node``, no ``npm``) as the whole ``PATH``."""
    env = {key: value for key, value in os.environ.items()
           if key not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "MAGICSUB_NODE_MODULES"}}
    return {**env, "PATH": str(bin_dir), "PYTHONNOUSERSITE": "1", "UV_OFFLINE": "1",
            "NO_COLOR": "1"}


def checkout_copy(dest: Path) -> Path:
    """Copy the checkout's files that git does not ignore into ``dest``."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                             "--exclude-standard"], cwd=ROOT, capture_output=True, timeout=60)
    if listed.returncode != 0:
        pytest.fail(f"git ls-files failed in {ROOT}: {listed.stderr.decode(errors='replace')}")
    for name in listed.stdout.decode().split("\0"):
        source = ROOT / name
        if name and source.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest / name)
    assert not (dest / "node_modules").exists()
    return dest


def run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    proc = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)
    hint = ("\n(uv runs offline, from its cache: `make venv` fills it)"
            if Path(str(args[0])).name == "uv" else "")
    assert proc.returncode == 0, (f"{' '.join(map(str, args))}\n{proc.stdout}\n{proc.stderr}"
                                  f"{hint}")
    return proc


def install(tmp: Path, venv: Path, what: str | Path, env: dict[str, str]) -> dict:
    """A fresh virtualenv ``venv`` with ``what`` (a wheel, or a source folder) installed at the
    versions of this environment; what it found."""
    run([uv(), "venv", "--offline", "--quiet", "--python", sys.executable, venv], tmp, env)
    pins = tmp / "pins.txt"
    if not pins.exists():
        pins.write_text(run([uv(), "pip", "freeze", "--python", sys.executable,
                             "--exclude-editable"], tmp, env).stdout)
    run([uv(), "pip", "install", "--offline", "--quiet", "--python", venv / "bin" / "python",
         "-c", pins, what], tmp, env)
    work = tmp / f"work-{venv.name}"
    work.mkdir()
    probe = json.loads(run([venv / "bin" / "python", "-c", PROBE], work, env).stdout)
    return {"venv": venv, "work": work, "package": Path(probe["package"]).parent,
            "assets": Path(probe["assets"]), "ipywidgets": probe["ipywidgets"]}


def test_pip_install_from_a_checkout_without_node_then_magicsub_html(tmp_path: Path,
                                                                      cli) -> None:
    """One test (one worker): the sdist and the wheel build without Node; the wheel and the
    checkout install without ipywidgets; the installed ``magicsub html`` writes, byte for byte,
    the single file the checkout writes, and its folder page with the package's assets."""
    started = time.perf_counter()
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    env = clean_env(bin_dir)
    for tool in ("node", "npm", "npx"):
        assert shutil.which(tool, path=env["PATH"]) is None
    source = checkout_copy(tmp_path / "source")
    run([uv(), "build", "--offline", "--quiet", "--python", sys.executable, "--out-dir",
         tmp_path / "dist", source], tmp_path, env)
    (wheel,) = (tmp_path / "dist").glob("magicsub-*.whl")
    reference = tmp_path / "reference.html"
    assert cli("html", ROOT / "magicsub" / "scenarios" / SCENARIO, "-o", reference,
               "--single-file", cwd=tmp_path).returncode == 0
    for name, what in (("from-wheel", wheel), ("from-source", source)):
        installed = install(tmp_path, tmp_path / name, what, env)
        package, work = installed["package"], installed["work"]
        assert package.is_relative_to(installed["venv"]), package
        assert installed["assets"] == package / "assets" / "pages"
        assert not installed["ipywidgets"], "magicsub html needs no ipywidgets"
        assert not any((p / "node_modules").exists() for p in work.parents)
        magicsub = installed["venv"] / "bin" / "magicsub"
        scenario = package / "scenarios" / SCENARIO
        out = work / "single" / "walkthrough.html"
        proc = run([magicsub, "html", scenario, "-o", out, "--single-file"], work, env)
        assert proc.stdout.startswith(f"wrote {out} (") and proc.stderr == ""
        assert sorted(p.name for p in out.parent.iterdir()) == ["walkthrough.html"]
        assert out.read_bytes() == reference.read_bytes()
        page = work / "folder" / "page.html"
        run([magicsub, "html", scenario, "-o", page], work, env)
        for asset in ("magicsub-pages.js", "magicsub-screen.js", "magicsub-pages.css",
                      "magicsub-nav.css"):
            assert (page.parent / "page_files" / asset).read_bytes() == (
                ROOT / "magicsub" / "assets" / "pages" / asset).read_bytes()
        assert '<script defer src="page_files/magicsub-pages.js"></script>' in page.read_text()
    print(f"\nbuilt, installed twice and run in {time.perf_counter() - started:.1f} s "
          f"(wheel {wheel.stat().st_size / 1e3:.0f} kB)")
