"""Build the book's JupyterLite site (``make lite``) into ``_build/lite``: every page's notebook,
live in the browser, with magicsub running in Pyodide and nothing loaded from another host.

What it takes, from the package registries only:

- the JupyterLite front end and the Pyodide kernel from PyPI (``jupyterlite-core``,
  ``jupyterlite-pyodide-kernel``, in ``requirements.txt``); their kernel loads Pyodide from a CDN
  unless ``pyodideUrl`` points elsewhere, so the site carries its own copy;
- Pyodide's runtime from npm (``pyodide``, in ``package.json``): the interpreter, the standard
  library and ``pyodide-lock.json``, but none of Pyodide's packages;
- the packages: pure-Python wheels from PyPI, pinned with hashes in ``lite/wheels.txt``; pyyaml
  and immutables built here from their source archives (``lite/sources.txt``, each pinned by its
  URL and hash) without their C extensions; and magicsub's own wheel (without the widget
  JavaScript that only ``magicsub html`` uses). ``pyodide-lock.json`` is rewritten to list
  exactly these wheels, with their hashes and dependencies, so ``import magicsub`` loads them
  with no ``%pip`` cell.

The downloads are kept per user, as pip and npm keep theirs (``CACHE``), so that a fresh clone
builds offline; every file there is checked against its pinned sha256 on every build, and one
that differs is fetched again, never used. They are fetched side by side with magicsub's wheel.

The site is always built from scratch: an incremental ``jupyter lite build`` dropped the local
Pyodide setting once, and the kernel silently went to the CDN.

Run ``python tools/lite.py`` (``make lite``); ``--check`` only checks a built site.
"""

from __future__ import annotations

import argparse
import base64
import email.parser
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import urllib.request
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "_build"
OUT = BUILD / "lite"
SRC = BUILD / "lite-src"
CONTENTS = BUILD / "lite-contents"
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "magicsub" / "lite"
"""The downloads (``wheels/``, ``sources/``), shared by every clone of the user."""
GZIPPED_SIZES = CACHE / "gzipped-sizes.json"
"""The gzipped size of each file of the last site built, by its sha256 (``sizes``)."""
BUILT = ROOT / ".cache" / "lite"
"""The wheels built here (``pure/``, ``magicsub/``)."""
PYODIDE_NPM = ROOT / "node_modules" / "pyodide"
WHEELS = ROOT / "lite" / "wheels.txt"
SOURCES = ROOT / "lite" / "sources.txt"
CONFIG = ROOT / "lite" / "jupyter-lite.json"
OVERRIDES = ROOT / "lite" / "overrides.json"

RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
"""The files of the npm package that Pyodide loads at start."""

PURE_SOURCES = {"pyyaml": "lib/yaml", "immutables": "immutables"}
"""For each source distribution, the folder of its Python package inside the archive."""

EXTRA_DEPENDS = {"magicsub": ("ipywidgets",)}
"""Dependencies that the site installs beyond a wheel's own: the widgets are an extra."""

SKIPPED_DEPENDS = {"jsonschema-rs": "jsonschema", "jupyterlab-widgets": None,
                   "widgetsnbextension": None}
"""Requirements the site serves another way: the Rust validator by the pure ``jsonschema``
(magicsub falls back to it); the widget front-end packages not at all (the site's JupyterLab has
their extension; the kernel's piplite index has ``widgetsnbextension``)."""

APPS = ("notebooks", "tree")
"""JupyterLite's apps in the site: a page opens in the notebook app; the tree app lists files."""

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"

MARKERS = {"python_version": "3.14", "python_full_version": "3.14.2", "os_name": "posix",
           "sys_platform": "emscripten", "platform_system": "Emscripten",
           "platform_machine": "wasm32", "platform_release": "", "platform_version": "",
           "implementation_name": "cpython", "implementation_version": "3.14.2",
           "platform_python_implementation": "CPython", "extra": ""}
"""The environment Pyodide's Python reports, to read wheels' conditional requirements."""

_EPOCH = (1980, 1, 1, 0, 0, 0)


def main(argv: list[str] | None = None) -> int:
    """Build the site (or, with ``--check``, check a built one) and print its sizes."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check the built site")
    args = parser.parse_args(argv)
    if not args.check:
        started = time.monotonic()
        build()
        print(f"JupyterLite site built in {time.monotonic() - started:.0f} s: {OUT}")
    problems = check(OUT)
    for problem in problems:
        print(f"lite: {problem}", file=sys.stderr)
    if not problems:
        print(sizes(OUT))
    return 1 if problems else 0


def build() -> None:
    """Fetch the wheels, assemble Pyodide, stage the notebooks and run ``jupyter lite build``."""
    if not (PYODIDE_NPM / "pyodide-lock.json").exists():
        raise SystemExit("lite: node_modules/pyodide is missing: run `make node_modules`")
    with ThreadPoolExecutor(4) as pool:
        downloaded = pool.submit(fetch_wheels)
        built = pool.submit(magicsub_wheel, BUILT / "magicsub")
        wheels = [pure_wheel(s, BUILT / "pure") for s in fetch_sources(pool)]
        wheels += downloaded.result() + [built.result()]
    for folder in (OUT, SRC, CONTENTS):
        shutil.rmtree(folder, ignore_errors=True)
    pyodide = SRC / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    for file in [PYODIDE_NPM / name for name in RUNTIME] + wheels:
        _link(file, pyodide / file.name)
    original = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text(encoding="utf-8"))
    (pyodide / "pyodide-lock.json").write_text(
        json.dumps(lock(original, wheels), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    shutil.copyfile(CONFIG, SRC / "jupyter-lite.json")
    shutil.copyfile(OVERRIDES, SRC / "overrides.json")
    stage_contents(ROOT / "book", CONTENTS)
    command = [str(Path(sys.executable).with_name("jupyter")), "lite", "build",
               "--lite-dir", str(SRC), "--output-dir", str(OUT), "--contents", str(CONTENTS),
               "--no-sourcemaps", "--no-unused-shared-packages", "--log-level", "WARN"]
    for app in APPS:
        command += ["--apps", app]
    subprocess.run(command, check=True, cwd=SRC)


def _link(source: Path, target: Path) -> None:
    """``target`` as a hard link to ``source`` (neither is written to after), else a copy."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _hashes(requirements: Path) -> set[str]:
    return {line.split("sha256:")[1].strip(" \\") for line in
            requirements.read_text(encoding="utf-8").splitlines() if "sha256:" in line}


def pinned_urls(requirements: Path) -> list[tuple[str, str]]:
    """The ``(url, sha256)`` of each ``name @ url --hash=sha256:...`` of a requirements file."""
    text = requirements.read_text(encoding="utf-8").replace("\\\n", " ")
    pins = []
    for line in text.splitlines():
        line = re.sub(r"(^|\s)#.*", "", line).strip()
        if line:
            requirement, _, digest = line.partition("--hash=sha256:")
            pins.append((Requirement(requirement).url, digest.strip()))
    return pins


def fetch(url: str, digest: str, folder: Path) -> Path:
    """The file at ``url``, kept in ``folder``: the kept copy when its sha256 is ``digest``,
    else fetched again and kept only when its sha256 is ``digest``."""
    path = folder / url.rsplit("/", 1)[1]
    if path.is_file() and _sha256(path) == digest:
        return path
    with urllib.request.urlopen(url, timeout=120) as response:
        data = response.read()
    if hashlib.sha256(data).hexdigest() != digest:
        raise SystemExit(f"lite: {url} has sha256 {hashlib.sha256(data).hexdigest()}, "
                         f"not the pinned {digest}")
    folder.mkdir(parents=True, exist_ok=True)
    partial = folder / f".{path.name}.{os.getpid()}.part"
    partial.write_bytes(data)
    partial.replace(path)
    return path


def _download(requirements: Path, folder: Path) -> list[Path]:
    wanted = _hashes(requirements)
    found = {_sha256(p): p for p in folder.glob("*.whl")} if folder.exists() else {}
    if not wanted <= found.keys():
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                        "--require-hashes", "--only-binary=:all:", "--platform", "any",
                        "--python-version", "3.14", "--implementation", "py", "--abi", "none",
                        "--dest", str(folder), "-r", str(requirements)], check=True)
        found = {_sha256(p): p for p in folder.glob("*.whl")}
    return sorted(found[h] for h in wanted)


def fetch_wheels() -> list[Path]:
    """The pinned pure-Python wheels of ``lite/wheels.txt`` (``pip download``, once, into
    ``CACHE``; pip fetches again a kept file whose hash differs)."""
    return _download(WHEELS, CACHE / "wheels")


def fetch_sources(pool: ThreadPoolExecutor) -> list[Path]:
    """The pinned source archives of ``lite/sources.txt``, fetched side by side into ``CACHE``."""
    pins = pinned_urls(SOURCES)
    return list(pool.map(lambda pin: fetch(*pin, CACHE / "sources"), pins))


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _write_wheel(path: Path, files: dict[str, bytes], dist_info: str) -> Path:
    wheel = "Wheel-Version: 1.0\nGenerator: magicsub tools/lite.py\nRoot-Is-Purelib: true\n" \
            "Tag: py3-none-any\n"
    files = {**files, f"{dist_info}/WHEEL": wheel.encode()}
    record = [_record_line(name, data) for name, data in files.items()]
    files[f"{dist_info}/RECORD"] = ("\n".join(record + [f"{dist_info}/RECORD,,"]) + "\n").encode()
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, _EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, files[name])
    return path


def pure_wheel(sdist: Path, folder: Path) -> Path:
    """A ``py3-none-any`` wheel of a source distribution's Python files (``PURE_SOURCES``),
    without its C extension, with the sdist's metadata."""
    with tarfile.open(sdist) as archive:
        members = {m.name: m for m in archive.getmembers() if m.isfile()}
        top = next(iter(members)).split("/")[0]
        info = archive.extractfile(members[f"{top}/PKG-INFO"]).read()
        meta = email.parser.BytesParser().parsebytes(info)
        name, version = meta["Name"], meta["Version"]
        inside = f"{top}/{PURE_SOURCES[canonicalize_name(name)]}/"
        package = inside.rstrip("/").rsplit("/", 1)[1]
        files = {f"{package}/{m[len(inside):]}": archive.extractfile(members[m]).read()
                 for m in members if m.startswith(inside)
                 and m.endswith((".py", ".pyi", "py.typed")) and "/tests/" not in m}
    dist_info = f"{canonicalize_name(name).replace('-', '_')}-{version}.dist-info"
    files[f"{dist_info}/METADATA"] = info
    return _write_wheel(folder / f"{dist_info.split('.dist-info')[0]}-py3-none-any.whl",
                        files, dist_info)


def magicsub_wheel(folder: Path) -> Path:
    """The wheel of magicsub (``uv build``), written again as the site's other wheels are."""
    shutil.rmtree(folder, ignore_errors=True)
    built = folder / "built"
    subprocess.run([str(Path(sys.executable).with_name("uv")), "build", "--wheel", "--quiet",
                    "--out-dir", str(built), str(ROOT)], check=True)
    (wheel,) = built.glob("magicsub-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        files = {n: archive.read(n) for n in archive.namelist() if not n.endswith("/RECORD")}
    dist_info = next(n for n in files if n.endswith(".dist-info/METADATA")).rsplit("/", 1)[0]
    del files[f"{dist_info}/WHEEL"]
    return _write_wheel(folder / wheel.name, files, dist_info)


def _wheel_facts(wheel: Path) -> tuple[str, str, list[str], list[Requirement]]:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = email.parser.BytesParser().parsebytes(archive.read(meta_name))
    imports = sorted({n.split("/")[0].removesuffix(".py") for n in names
                      if not n.split("/")[0].endswith((".dist-info", ".data"))
                      and (n.endswith("/__init__.py") and n.count("/") == 1
                           or "/" not in n and n.endswith(".py"))})
    requires = [Requirement(r) for r in meta.get_all("Requires-Dist") or []]
    return meta["Name"], meta["Version"], imports, requires


def lock(original: dict, wheels: list[Path]) -> dict:
    """Pyodide's lock, listing exactly ``wheels``: for each its file, hash, imports and the
    dependencies among them (Pyodide's own when it locks the same version, else the wheel's
    requirements for Pyodide's environment)."""
    known = {canonicalize_name(k): v for k, v in original["packages"].items()}
    facts = {canonicalize_name(f[0]): (w, *f) for w in wheels for f in [_wheel_facts(w)]}
    packages = {}
    for key, (wheel, _name, version, imports, requires) in sorted(facts.items()):
        theirs = known.get(key)
        if theirs and theirs["version"] == version:
            depends = [canonicalize_name(d) for d in theirs["depends"]]
        else:
            depends = [canonicalize_name(r.name) for r in requires
                       if r.marker is None or r.marker.evaluate(MARKERS)]
        depends = [SKIPPED_DEPENDS.get(d, d) for d in depends] + list(EXTRA_DEPENDS.get(key, ()))
        depends = [d for d in depends if d]
        missing = [d for d in depends if d not in facts]
        if missing:
            raise SystemExit(f"lite: {wheel.name} needs {', '.join(missing)}, which "
                             f"{WHEELS.relative_to(ROOT)} does not list")
        packages[key] = {
            "name": key, "version": version, "file_name": wheel.name, "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package", "imports": imports, "unvendored_tests": False,
            "depends": sorted({d for d in depends if d in facts}),
        }
    return {"info": original["info"], "packages": packages}


def stage_contents(book: Path, folder: Path) -> None:
    """The site's files: the book's notebooks (for the Pyodide kernel) and the quiz data they
    read from ``quizzes/`` beside them."""
    folder.mkdir(parents=True)
    for notebook in sorted(book.glob("*.ipynb")):
        data = json.loads(notebook.read_text(encoding="utf-8"))
        data["metadata"]["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)",
                                          "language": "python"}
        (folder / notebook.name).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n",
                                            encoding="utf-8")
    shutil.copytree(book / "quizzes", folder / "quizzes")


def check(site: Path) -> list[str]:
    """What is wrong with a built site: the kernel not pointed at the site's own Pyodide, PyPI
    not switched off, a lock entry without its wheel or with another hash, a notebook missing."""
    problems = []
    config_path = site / "jupyter-lite.json"
    if not config_path.exists():
        return [f"{config_path} is missing: run `make lite`"]
    config = json.loads(config_path.read_text(encoding="utf-8"))["jupyter-config-data"]
    kernel = config.get("litePluginSettings", {}).get(KERNEL_PLUGIN, {})
    url = kernel.get("pyodideUrl", "")
    if url != "./static/pyodide/pyodide.mjs":
        problems.append(f"pyodideUrl is {url!r}, not the site's own ./static/pyodide/pyodide.mjs")
    if kernel.get("disablePyPIFallback") is not True:
        problems.append("disablePyPIFallback is not true: piplite would ask PyPI")
    if config.get("contentsStorageDrivers") != ["memoryStorageDriver"]:
        problems.append("contents are not kept in memory: a reader's old edits would hide a "
                        "newer page")
    pyodide = site / "static" / "pyodide"
    lock_path = pyodide / "pyodide-lock.json"
    if not lock_path.exists():
        return [*problems, f"{lock_path} is missing"]
    locked = json.loads(lock_path.read_text(encoding="utf-8"))["packages"]
    for name, entry in locked.items():
        wheel = pyodide / entry["file_name"]
        if not wheel.exists():
            problems.append(f"the lock lists {entry['file_name']} ({name}), which is not served")
        elif hashlib.sha256(wheel.read_bytes()).hexdigest() != entry["sha256"]:
            problems.append(f"{entry['file_name']}: its hash differs from the lock's")
    served = {p.name for p in pyodide.glob("*.whl")}
    listed = {entry["file_name"] for entry in locked.values()}
    problems += [f"{name} is served but not in the lock" for name in sorted(served - listed)]
    for notebook in sorted((ROOT / "book").glob("*.ipynb")):
        if not (site / "files" / notebook.name).exists():
            problems.append(f"files/{notebook.name} is missing")
    return problems


def _read_gzipped_sizes() -> dict[str, int]:
    try:
        known = json.loads(GZIPPED_SIZES.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return known if isinstance(known, dict) else {}


def _write_gzipped_sizes(known: dict[str, int]) -> None:
    try:
        GZIPPED_SIZES.parent.mkdir(parents=True, exist_ok=True)
        partial = GZIPPED_SIZES.with_name(f".{GZIPPED_SIZES.name}.{os.getpid()}")
        partial.write_text(json.dumps(known, sort_keys=True), encoding="utf-8")
        os.replace(partial, GZIPPED_SIZES)
    except OSError:
        pass


def sizes(site: Path) -> str:
    """A table of the site's size on disk and gzipped (level 6; a file of 256 bytes or fewer as
    it is), in total and by top folder. The gzipped size of each file is kept by its sha256
    (``GZIPPED_SIZES``): nearly every file is the same from one build to the next, and gzipping
    them all anew cost a fifth of a warm build."""
    rows: dict[str, list[int]] = {}
    stored = _read_gzipped_sizes()
    known = dict(stored)
    used: dict[str, int] = {}
    for path in site.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            top = path.relative_to(site).parts[0] if path.parent != site else "(top)"
            top = "static/pyodide" if path.parent == site / "static" / "pyodide" else top
            row = rows.setdefault(top, [0, 0, 0])
            row[0] += 1
            row[1] += len(data)
            if len(data) > 256:
                key = hashlib.sha256(data).hexdigest()
                if key not in known:
                    known[key] = len(gzip.compress(data, 6))
                used[key] = known[key]
            row[2] += used[key] if len(data) > 256 else len(data)
    if used != stored:
        _write_gzipped_sizes(used)
    total = [sum(r[i] for r in rows.values()) for i in range(3)]
    lines = ["| folder | files | MB | MB gzipped |", "|---|---|---|---|"]
    for name, (count, raw, packed) in sorted(rows.items(), key=lambda r: -r[1][1]):
        lines.append(f"| {name} | {count} | {raw / 1e6:.1f} | {packed / 1e6:.1f} |")
    lines.append(f"| **total** | {total[0]} | {total[1] / 1e6:.1f} | {total[2] / 1e6:.1f} |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())

