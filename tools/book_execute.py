"""Sphinx extension: execute the book's notebooks two at a time, fresh at every build.

myst-nb executes a notebook when it reads it, one after the other. With ``execute_notebooks:
cache`` in ``_config.yml`` it first looks for the notebook in a jupyter-cache (by default
``_build/.jupyter_cache``). Just before Sphinx reads the pages (``env-before-read-docs``) this
extension empties that cache, executes every notebook about to be read, ``WORKERS`` at a time,
exactly as myst-nb would (``jupyter_cache``'s ``single_nb_execution``, the same folder, timeout
and ``allow_errors``), and stores each one that ran without error. myst-nb then takes the
outputs from the cache. A notebook that failed here is not stored: myst-nb executes it again
itself and reports it as it always does (a warning, so ``-W`` fails the build).

So every build still executes every notebook it reads from the notebooks as they are (nothing
is kept from the build before: a change in magicsub itself shows). One exception: with
``MAGICSUB_EXECUTED`` naming a folder (``make test`` sets it; ``tools/executed_notebooks.py``),
a notebook that nbval executed in this run, from the notebook and the sources as they are now,
is stored as nbval executed it instead of being executed again; any other is executed. The log
says how many were reused and how many executed. The kernels are started by
this Sphinx process after every extension's ``setup`` and ``config-inited`` (and after the other
``env-before-read-docs`` handlers), so they inherit its environment as myst-nb's own kernels
would. They listen on Unix sockets (``ipc_kernels``), not TCP ports that another process could
be handed at the same time.

Loaded from ``_config.yml`` (``sphinx.local_extensions`` puts ``tools/`` on ``sys.path``).
"""

from __future__ import annotations

import os
import shutil
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import nullcontext
from pathlib import Path, PurePosixPath
from tempfile import TemporaryDirectory
from types import SimpleNamespace
from typing import Any

import executed_notebooks
import nbformat
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

WORKERS = 2
"""Notebooks executed at a time (the machines the book is built on have two cores)."""

LOGGER = logging.getLogger(__name__)


def notebooks_to_run(env: BuildEnvironment, docnames: list[str]) -> list[Path]:
    """The notebooks among ``docnames`` that myst-nb would execute (``.ipynb``, not excluded by
    ``nb_execution_excludepatterns``), in reading order."""
    config = env.mystnb_config
    found = []
    for docname in sorted(docnames):
        path = Path(env.doc2path(docname))
        if path.suffix != ".ipynb":
            continue
        posix = PurePosixPath(path.as_posix())
        if any(posix.match(pattern) for pattern in config.execution_excludepatterns):
            continue
        found.append(path)
    return found


def _execute(path: Path, config: Any, manager: type) -> tuple[nbformat.NotebookNode, Any]:
    """``path`` executed as myst-nb would; the result's ``err`` is set when it failed."""
    from jupyter_cache.executors.utils import single_nb_execution

    nb = nbformat.read(path, as_version=4)
    with TemporaryDirectory() if config.execution_in_temp else nullcontext(path.parent) as cwd:
        try:
            result = single_nb_execution(nb, cwd=str(cwd),
                                         allow_errors=config.execution_allow_errors,
                                         timeout=config.execution_timeout, meta_override=True,
                                         kernel_manager_class=manager)
        except Exception as err:  # noqa: BLE001 - a dead kernel...: myst-nb runs it again
            result = SimpleNamespace(err=err, time=0.0)
    return nb, result


def _store(cache: Any, path: Path, nb: nbformat.NotebookNode, seconds: float) -> None:
    from jupyter_cache.base import CacheBundleIn

    cache.cache_notebook_bundle(
        CacheBundleIn(nb, os.fspath(path), data={"execution_seconds": seconds}),
        check_validity=False, overwrite=True)


def reuse_executed(cache: Any, paths: list[Path], folder: str | None
                   ) -> tuple[list[Path], int | None]:
    """Store in ``cache`` each notebook of ``paths`` whose executed copy in ``folder`` matches
    it and the sources as they are (``executed_notebooks.read``); the notebooks left to
    execute, and how many were stored (None without ``folder``)."""
    if not folder:
        return paths, None
    sources = executed_notebooks.sources_digest()
    left = []
    for path in paths:
        found = executed_notebooks.read(folder, path, sources)
        if found is None:
            left.append(path)
        else:
            _store(cache, path, *found)
    return left, len(paths) - len(left)


def execute_ahead(app: Sphinx, env: BuildEnvironment, docnames: list[str]) -> None:
    """Empty the cache; execute the notebooks about to be read, ``WORKERS`` at a time; store
    those that ran without error."""
    config = env.mystnb_config
    if config.execution_mode != "cache":
        return
    from ipc_kernels import on_unix_sockets, socket_folder
    from jupyter_cache import get_cache
    from jupyter_client import AsyncKernelManager

    shutil.rmtree(config.execution_cache_path, ignore_errors=True)
    paths = notebooks_to_run(env, docnames)
    if not paths:
        return
    cache = get_cache(config.execution_cache_path)
    start = time.perf_counter()
    paths, reused = reuse_executed(cache, paths, os.environ.get(executed_notebooks.ENV))
    failed = 0
    folder = socket_folder()
    manager = on_unix_sockets(AsyncKernelManager, folder)
    try:
        with ThreadPoolExecutor(WORKERS) as pool:
            runs = pool.map(lambda path: _execute(path, config, manager), paths)
            for path, (nb, result) in zip(paths, runs, strict=True):
                if result.err is not None:
                    failed += 1
                    continue
                _store(cache, path, nb, result.time)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    LOGGER.info("book_execute: %d notebooks executed, %d at a time, in %.1f s%s%s", len(paths),
                WORKERS, time.perf_counter() - start,
                f" ({failed} failed: myst-nb runs them again and reports them)" if failed else "",
                f"; {reused} reused as nbval executed them" if reused is not None else "")


def setup(app: Sphinx) -> dict[str, Any]:
    """Execute the notebooks ahead of myst-nb, before Sphinx reads them."""
    app.setup_extension("myst_nb")
    app.connect("env-before-read-docs", execute_ahead, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
