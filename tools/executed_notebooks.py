"""The book's notebooks as nbval executed them, kept for the book build (``make test``).

``make test`` runs nbval, then builds the book: both would execute every notebook. With the
environment variable ``MAGICSUB_EXECUTED`` naming a folder, nbval (``book/conftest.py``) runs
the pages with ``MAGICSUB_PAGES=both`` (each widget's output carries its static twin's
``text/html``) and writes each notebook it executed without an error into that folder, as the
book's own execution would have left it (the widget views left out); the book build
(``tools/book_execute.py``) stores a copy in its jupyter-cache instead of executing the
notebook, when the copy was executed from the notebook and the sources as they are now
(``read``). Any other notebook is executed as before, so a stale copy is never used.

A copy says what it was executed from in its metadata (``PROVENANCE``): the notebook's sha256
and ``sources_digest``. One file per notebook, written atomically (``write``): the xdist workers
never write the same file, and a reader never sees half of one.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
"""The repository: the magicsub package and the book are under it."""
ENV = "MAGICSUB_EXECUTED"
"""The environment variable naming the folder of executed notebooks (set by ``make test``)."""
PROVENANCE = "magicsub_executed"
"""The key, in a copy's notebook metadata, of what it was executed from (taken out by ``read``)."""
_SKIPPED_PARTS = {"__pycache__", ".ipynb_checkpoints"}


def file_sha256(path: Path) -> str:
    """The sha256 of the file ``path``'s bytes (hex)."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _source_files(root: Path) -> list[Path]:
    files = [p for p in (root / "magicsub").rglob("*") if p.is_file()]
    vendored = root / "book" / "_vendor"
    files += [p for p in (root / "book").rglob("*")
              if p.is_file() and p.suffix != ".ipynb" and vendored not in p.parents]
    return sorted(p for p in files if not _SKIPPED_PARTS & set(p.parts))


def sources_digest(root: Path = ROOT) -> str:
    """A sha256 over what a notebook's outputs depend on besides itself: every file of the
    magicsub package, and every file of ``book/`` but the notebooks and the vendored scripts
    (the quizzes, scenarios beside the pages), each by its path and bytes."""
    digest = hashlib.sha256()
    for path in _source_files(root):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def copy_path(folder: str | Path, notebook: Path, root: Path = ROOT) -> Path:
    """Where the executed copy of ``notebook`` is kept in ``folder`` (its path under ``root``,
    or its absolute path's parts when outside it)."""
    notebook = Path(notebook).resolve()
    try:
        relative = notebook.relative_to(root)
    except ValueError:
        relative = Path(*notebook.parts[1:])
    return Path(folder) / relative


def write(folder: str | Path, notebook: Path, executed: nbformat.NotebookNode, *,
          notebook_sha256: str, sources: str, seconds: float, root: Path = ROOT) -> Path:
    """Write ``executed`` (``notebook`` as executed from a file whose sha256 was
    ``notebook_sha256``, with the sources of digest ``sources``, in ``seconds``) into ``folder``,
    atomically (a temporary file in the same folder, then renamed)."""
    target = copy_path(folder, notebook, root)
    target.parent.mkdir(parents=True, exist_ok=True)
    executed.metadata[PROVENANCE] = {"notebook_sha256": notebook_sha256, "sources": sources,
                                     "seconds": round(seconds, 3)}
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=target.parent,
                                     prefix=f".{target.name}.", delete=False) as out:
        nbformat.write(executed, out)
    os.replace(out.name, target)
    return target


def read(folder: str | Path, notebook: Path, sources: str,
         root: Path = ROOT) -> tuple[nbformat.NotebookNode, float] | None:
    """The executed copy of ``notebook`` in ``folder`` and its execution time, without its
    provenance, when it was executed from ``notebook`` as it is now and sources of digest
    ``sources``; None when there is no such copy."""
    path = copy_path(folder, notebook, root)
    try:
        executed = nbformat.read(path, as_version=4)
    except (OSError, ValueError):
        return None
    made = executed.metadata.pop(PROVENANCE, None) or {}
    if (made.get("notebook_sha256") != file_sha256(notebook)
            or made.get("sources") != sources):
        return None
    return executed, float(made.get("seconds", 0.0))
