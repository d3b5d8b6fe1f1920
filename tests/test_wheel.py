"""The built wheel carries the widget JavaScript (issue 12): ``pip install magicsub[widgets]``
then ``magicsub html`` works on a machine without Node.

The sdist and the wheel are built with uv from a copy of this checkout's files (those git does
not ignore: no build leftovers such as ``magicsub.egg-info``, no vendored copy; its
``node_modules`` linked in, as ``npm ci`` would install it), the wheel from the sdist as a
package index would. The wheel is installed into a fresh virtualenv with the ``widgets`` extra
and run from an empty temporary folder with no ``PYTHONPATH``: the only widget JavaScript it can
find is the installed package's, which the test checks. Offline: uv installs from its cache, at
the versions of this environment (``make venv`` filled the cache).
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
import json, magicsub
from magicsub import widgetjs
print(json.dumps({"package": magicsub.__file__, "js": str(widgetjs.folder())}))
"""


def uv() -> str:
    found = Path(sys.executable).with_name("uv")
    if found.is_file():
        return str(found)
    which = shutil.which("uv")
    if which is None:
        pytest.fail("uv is missing: `make venv` installs it into .venv")
    return which


def clean_env() -> dict[str, str]:
    """The environment without anything that would point Python or magicsub at the checkout."""
    env = {key: value for key, value in os.environ.items()
           if key not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "MAGICSUB_NODE_MODULES"}}
    return {**env, "PYTHONNOUSERSITE": "1", "UV_OFFLINE": "1", "NO_COLOR": "1"}


def checkout_copy(dest: Path) -> Path:
    """Copy the checkout's files that git does not ignore into ``dest``; link node_modules."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                             "--exclude-standard"], cwd=ROOT, capture_output=True, timeout=60)
    if listed.returncode != 0:
        pytest.fail(f"git ls-files failed in {ROOT}: {listed.stderr.decode(errors='replace')}")
    for name in listed.stdout.decode().split("\0"):
        source = ROOT / name
        if name and source.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest / name)
    assert not (dest / "magicsub" / "assets" / "vendor").exists()
    (dest / "node_modules").symlink_to((ROOT / "node_modules").resolve())
    return dest


def run(args: list[str], cwd: Path, **kwargs) -> subprocess.CompletedProcess:
    proc = subprocess.run([str(a) for a in args], cwd=cwd, env=kwargs.pop("env", clean_env()),
                          capture_output=True, text=True, timeout=300, **kwargs)
    hint = ("\n(uv runs offline, from its cache: `make venv` fills it)"
            if Path(str(args[0])).name == "uv" else "")
    assert proc.returncode == 0, (f"{' '.join(map(str, args))}\n{proc.stdout}\n{proc.stderr}"
                                  f"{hint}")
    return proc


def build_and_install(tmp: Path) -> dict:
    """A fresh virtualenv with the wheel built from this checkout; what it found, and the
    seconds it took."""
    started = time.perf_counter()
    source = checkout_copy(tmp / "source")
    run([uv(), "build", "--offline", "--quiet", "--out-dir", tmp / "dist", source], cwd=tmp)
    (wheel,) = (tmp / "dist").glob("magicsub-*.whl")
    venv = tmp / "venv"
    run([uv(), "venv", "--offline", "--quiet", "--python", sys.executable, venv], cwd=tmp)
    pins = run([uv(), "pip", "freeze", "--python", sys.executable, "--exclude-editable"],
               cwd=tmp).stdout
    (tmp / "pins.txt").write_text(pins)
    run([uv(), "pip", "install", "--offline", "--quiet", "--python", venv / "bin" / "python",
         "-c", tmp / "pins.txt", f"{wheel}[widgets]"], cwd=tmp)
    work = tmp / "work"
    work.mkdir()
    probe = json.loads(run([venv / "bin" / "python", "-c", PROBE], cwd=work).stdout)
    return {"venv": venv, "work": work, "wheel": wheel, "package": Path(probe["package"]).parent,
            "js": Path(probe["js"]), "seconds": time.perf_counter() - started}


def test_magicsub_html_from_the_wheel_without_node_modules(tmp_path: Path, cli) -> None:
    """One test (one worker, one build): the installed package finds its own widget JavaScript;
    its single file is byte for byte the one the checkout writes; its folder page works too."""
    installed = build_and_install(tmp_path)
    package, work = installed["package"], installed["work"]
    assert package.is_relative_to(installed["venv"]), package
    assert installed["js"] == package / "assets" / "vendor"
    assert not any((p / "node_modules").exists() for p in work.parents)
    print(f"\nbuilt, installed and probed the wheel in {installed['seconds']:.1f} s "
          f"({installed['wheel'].stat().st_size / 1e3:.0f} kB)")

    magicsub = installed["venv"] / "bin" / "magicsub"
    scenario = package / "scenarios" / SCENARIO
    out = work / "single" / "walkthrough.html"
    proc = run([magicsub, "html", scenario, "-o", out, "--single-file"], cwd=work)
    assert proc.stdout.startswith(f"wrote {out} (") and proc.stderr == ""
    assert sorted(p.name for p in out.parent.iterdir()) == ["walkthrough.html"]
    html = out.read_text("utf-8")
    assert "<script src=" not in html and html.count("data:font/woff2;base64,") == 1
    assert "application/vnd.jupyter.widget-state+json" in html
    reference = tmp_path / "reference.html"
    assert cli("html", ROOT / "magicsub" / "scenarios" / SCENARIO, "-o", reference,
               "--single-file", cwd=tmp_path).returncode == 0
    assert out.read_bytes() == reference.read_bytes()

    page = work / "folder" / "page.html"
    run([magicsub, "html", scenario, "-o", page], cwd=work)
    for name in ("embed.js", "1551f4f60c37af51121f.woff2"):
        assert (page.parent / "page_files" / name).read_bytes() == (
            installed["js"] / "dist" / name).read_bytes()
    assert '<script src="page_files/embed.js"' in page.read_text("utf-8")
