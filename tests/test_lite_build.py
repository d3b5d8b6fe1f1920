"""tools/lite.py, the JupyterLite site's builder: the pure wheels it makes from sources, the
Pyodide lock it rewrites to list exactly the wheels it serves, and the check of a built site
(the kernel pointed at the site's own Pyodide, PyPI off, every wheel listed with its hash).
The site itself runs in tests/lite (``make test-lite``)."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import lite  # noqa: E402


def _wheel(folder: Path, name: str, version: str, requires: tuple[str, ...] = (),
           modules: tuple[str, ...] = ()) -> Path:
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n" + "".join(
        f"Requires-Dist: {r}\n" for r in requires)
    dist = f"{name.replace('-', '_')}-{version}.dist-info"
    files = {f"{dist}/METADATA": meta.encode()}
    files.update({m: b"x = 1\n" for m in modules or (f"{name.replace('-', '_')}/__init__.py",)})
    return lite._write_wheel(folder / f"{name.replace('-', '_')}-{version}-py3-none-any.whl",
                             files, dist)


def _sdist(folder: Path) -> Path:
    path = folder / "immutables-0.21.tar.gz"
    members = {"immutables-0.21/PKG-INFO": b"Metadata-Version: 2.1\nName: immutables\n"
                                           b"Version: 0.21\n",
               "immutables-0.21/immutables/__init__.py": b"from .map import Map\n",
               "immutables-0.21/immutables/map.py": b"class Map: pass\n",
               "immutables-0.21/immutables/_map.c": b"/* C */\n",
               "immutables-0.21/immutables/py.typed": b"",
               "immutables-0.21/tests/test_map.py": b"",
               "immutables-0.21/setup.py": b""}
    with tarfile.open(path, "w:gz") as archive:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return path


PYODIDE_LOCK = {"info": {"python": "3.14.2", "arch": "wasm32"}, "packages": {
    "ipython": {"name": "ipython", "version": "9.12.0", "depends": ["traitlets", "prompt_toolkit"],
                "file_name": "ipython-9.12.0-py3-none-any.whl"},
    "traitlets": {"name": "traitlets", "version": "5.14.3", "depends": [],
                  "file_name": "traitlets-5.14.3-py3-none-any.whl"},
    "prompt-toolkit": {"name": "prompt_toolkit", "version": "3.0.52", "depends": [],
                       "file_name": "prompt_toolkit-3.0.52-py3-none-any.whl"},
    "numpy": {"name": "numpy", "version": "2.3.0", "depends": [],
              "file_name": "numpy-2.3.0-cp314-cp314-pyemscripten_2026_0_wasm32.whl"},
}}


def test_the_pure_wheel_of_an_sdist_has_its_python_files_and_metadata_but_no_c(tmp_path):
    wheel = lite.pure_wheel(_sdist(tmp_path), tmp_path / "out")
    assert wheel.name == "immutables-0.21-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        assert sorted(names) == ["immutables-0.21.dist-info/METADATA",
                                 "immutables-0.21.dist-info/RECORD",
                                 "immutables-0.21.dist-info/WHEEL",
                                 "immutables/__init__.py", "immutables/map.py",
                                 "immutables/py.typed"]
        assert b"Tag: py3-none-any" in archive.read("immutables-0.21.dist-info/WHEEL")
        assert all(i.compress_type == zipfile.ZIP_DEFLATED for i in archive.infolist())
        record = archive.read("immutables-0.21.dist-info/RECORD").decode().splitlines()
        data = archive.read("immutables/map.py")
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert f"immutables/map.py,sha256={digest},{len(data)}" in record


def test_the_lock_lists_exactly_the_served_wheels_with_their_hashes_and_dependencies(tmp_path):
    wheels = [_wheel(tmp_path, "ipython", "9.12.0", ("traitlets", "jedi")),
              _wheel(tmp_path, "traitlets", "5.14.3"),
              _wheel(tmp_path, "prompt-toolkit", "3.0.52",
                     modules=("prompt_toolkit/__init__.py",)),
              _wheel(tmp_path, "jsonschema", "4.17.3"),
              _wheel(tmp_path, "ipywidgets", "8.1.9",
                     ("traitlets>=4", "jupyterlab_widgets~=3.0",
                      "colorama; sys_platform=='win32'")),
              _wheel(tmp_path, "magicsub", "0.1.0",
                     ("pyyaml; python_version<'3'", "jsonschema-rs; sys_platform != 'emscripten'",
                      "jsonschema; sys_platform == 'emscripten'", "ipywidgets>=8.1; extra == 'x'"),
                     modules=("magicsub/__init__.py", "magicsub/cards/__init__.py"))]
    locked = lite.lock(PYODIDE_LOCK, wheels)
    assert locked["info"] == PYODIDE_LOCK["info"]
    packages = locked["packages"]
    assert sorted(packages) == ["ipython", "ipywidgets", "jsonschema", "magicsub",
                                "prompt-toolkit", "traitlets"]
    for wheel in wheels:
        entry = next(e for e in packages.values() if e["file_name"] == wheel.name)
        assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert packages["ipython"]["depends"] == ["prompt-toolkit", "traitlets"]
    assert packages["ipywidgets"]["depends"] == ["traitlets"]
    assert packages["magicsub"]["depends"] == ["ipywidgets", "jsonschema"]
    assert packages["magicsub"]["imports"] == ["magicsub"]
    assert packages["prompt-toolkit"]["imports"] == ["prompt_toolkit"]


def test_a_dependency_the_site_does_not_serve_stops_the_build(tmp_path):
    wheels = [_wheel(tmp_path, "comm", "0.2.3", ("traitlets>=4",))]
    with pytest.raises(SystemExit, match="comm-0.2.3-py3-none-any.whl needs traitlets"):
        lite.lock(PYODIDE_LOCK, wheels)


def _site(tmp_path: Path, kernel: dict, storage: list[str] | None = None) -> Path:
    site = tmp_path / "site"
    pyodide = site / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    config = {"jupyter-config-data": {"litePluginSettings": {lite.KERNEL_PLUGIN: kernel},
                                      "contentsStorageDrivers": storage or []}}
    (site / "jupyter-lite.json").write_text(json.dumps(config))
    wheel = _wheel(pyodide, "traitlets", "5.14.3")
    extra = _wheel(pyodide, "comm", "0.2.3")
    (pyodide / "pyodide-lock.json").write_text(json.dumps(lite.lock(PYODIDE_LOCK, [wheel])))
    (site / "files").mkdir()
    for notebook in (lite.ROOT / "book").glob("*.ipynb"):
        (site / "files" / notebook.name).write_text("{}")
    return site, wheel, extra


def test_a_built_site_is_checked_for_the_cdn_pypi_storage_and_its_wheels(tmp_path):
    good = {"pyodideUrl": "./static/pyodide/pyodide.mjs", "disablePyPIFallback": True}
    site, wheel, extra = _site(tmp_path, good, ["memoryStorageDriver"])
    assert lite.check(site) == [f"{extra.name} is served but not in the lock"]
    extra.unlink()
    assert lite.check(site) == []
    wheel.write_bytes(wheel.read_bytes() + b"\0")
    assert lite.check(site) == [f"{wheel.name}: its hash differs from the lock's"]

    cdn = {"pyodideUrl": "https://cdn.jsdelivr.net/pyodide/v314.0.6/full/pyodide.mjs"}
    problems = lite.check(_site(tmp_path / "cdn", cdn)[0])
    assert any("pyodideUrl is 'https://cdn.jsdelivr.net" in p for p in problems)
    assert any("disablePyPIFallback is not true" in p for p in problems)
    assert any("contents are not kept in memory" in p for p in problems)
    assert sum("is served but not in the lock" in p for p in problems) == 1


def test_a_source_is_fetched_by_its_pinned_url_and_kept_only_while_its_hash_holds(tmp_path):
    archive = _sdist(tmp_path)
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    requirements = tmp_path / "sources.txt"
    requirements.write_text(f"# the sources\nimmutables @ {archive.as_uri()} \\\n"
                            f"    --hash=sha256:{digest}  # pinned\n")
    assert lite.pinned_urls(requirements) == [(archive.as_uri(), digest)]
    cache = tmp_path / "cache"
    kept = lite.fetch(archive.as_uri(), digest, cache)
    assert kept.read_bytes() == archive.read_bytes() and kept.parent == cache
    original = archive.read_bytes()
    archive.write_bytes(b"changed at the source")
    assert lite.fetch(archive.as_uri(), digest, cache).read_bytes() == original
    kept.write_bytes(original[:-1])
    with pytest.raises(SystemExit, match="not the pinned"):
        lite.fetch(archive.as_uri(), digest, cache)
    archive.write_bytes(original)
    assert lite.fetch(archive.as_uri(), digest, cache).read_bytes() == original
    assert sorted(p.name for p in cache.iterdir()) == [kept.name]


def test_the_gzipped_sizes_are_kept_by_hash_and_the_table_is_the_same_from_them(tmp_path,
                                                                               monkeypatch):
    import gzip

    monkeypatch.setattr(lite, "GZIPPED_SIZES", tmp_path / "cache" / "gzipped-sizes.json")
    site = tmp_path / "site"
    (site / "static" / "pyodide").mkdir(parents=True)
    big = b"magicsub " * 4000
    (site / "static" / "pyodide" / "a.whl").write_bytes(big)
    (site / "index.html").write_bytes(b"<p>small</p>")
    first = lite.sizes(site)
    kept = json.loads(lite.GZIPPED_SIZES.read_text(encoding="utf-8"))
    assert kept == {hashlib.sha256(big).hexdigest(): len(gzip.compress(big, 6))}
    assert lite.sizes(site) == first
    assert "| static/pyodide | 1 | 0.0 | 0.0 |" in first and "| **total** | 2 |" in first
    (site / "static" / "pyodide" / "a.whl").write_bytes(big + b"more")
    lite.sizes(site)
    kept = json.loads(lite.GZIPPED_SIZES.read_text(encoding="utf-8"))
    assert list(kept) == [hashlib.sha256(big + b"more").hexdigest()]
