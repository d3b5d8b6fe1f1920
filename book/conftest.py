"""``pytest --nbval book/``: each notebook's kernel listens on Unix sockets, not TCP ports; and,
asked by ``make test``, each notebook as executed is kept for the book build.

Two pytest-xdist workers start kernels side by side; over TCP, two kernels can be handed the
same free port and one of them dies with every cell of its notebook (tools/ipc_kernels.py says
why). nbval makes its own ``KernelManager`` (``nbval.kernel.start_new_kernel``) and takes no
configuration for it, so this plugin puts an ipc one under that name, with a socket folder per
test process.

With ``MAGICSUB_EXECUTED`` naming a folder (``tools/executed_notebooks.py``), the pages run
with ``MAGICSUB_PAGES=both``: each stepper, quiz, comparison and rule diff is its widget's
output with its static twin's ``text/html`` beside it (``magicsub.book.Both``). That
``text/html`` is left out of nbval's comparison, only in an output that carries a widget view
(any other ``text/html`` is still an unexpected output), and each notebook whose every cell ran
without an error is written to the folder as executed (``executed_copy``), for
``tools/book_execute.py``.

nbval logs every message its kernel sends at the debug level, pretty-printed before the logger
asks whether debug is on: a page's thousand widget messages cost more CPU in that ``pformat``
than anything else nbval does. The plugin hands nbval a ``pformat`` that formats only when the
message is logged (``LazyPformat``).
"""

from __future__ import annotations

import copy
import os
import pprint
import shutil
import sys
import time
from pathlib import Path

import nbformat
import pytest
from jupyter_client.manager import KernelManager
from nbval import kernel as nbval_kernel
from nbval import plugin as nbval_plugin

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import executed_notebooks  # noqa: E402
from ipc_kernels import on_unix_sockets, socket_folder  # noqa: E402

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
"""The MIME type of a widget's view in an output (the model's id: random, never compared)."""
PAGES_ENV = "MAGICSUB_PAGES"
"""``magicsub.pages.statichtml.PAGES_ENV`` (not imported: the plugin stays light)."""



class LazyPformat:
    """``pprint.pformat(obj)``, computed only when the log record is formatted (``str``)."""

    __slots__ = ("obj",)

    def __init__(self, obj: object):
        self.obj = obj

    def __str__(self) -> str:
        return pprint.pformat(self.obj)


_folders: list[str] = []
_patched: dict[str, object] = {}
_sources: list[str] = []


def without_static_html(outputs: list) -> list:
    """``outputs`` less the ``text/html`` of those that carry a widget view (a magicsub widget's
    static twin, ``MAGICSUB_PAGES=both``); every other output as it is."""
    kept = []
    for output in outputs:
        data = output.get("data", {})
        if WIDGET_VIEW in data and "text/html" in data:
            output = copy.copy(output)
            output["data"] = {k: v for k, v in data.items() if k != "text/html"}
        kept.append(output)
    return kept


def _compare_outputs(self, test, ref, skip_compare=None):
    return _patched["compare_outputs"](self, without_static_html(test), ref, skip_compare)


def pytest_configure(config: pytest.Config) -> None:
    """Make this process's socket folder and give nbval a kernel manager that uses it and a
    lazy ``pformat``; leave the static HTML out of the comparison; when asked, run the pages
    in ``both`` mode."""
    if nbval_kernel.__dict__.get("KernelManager") is not KernelManager:
        raise pytest.UsageError("nbval.kernel.KernelManager is not jupyter_client's: nbval "
                                "changed; see book/conftest.py")
    _folders.append(socket_folder())
    nbval_kernel.KernelManager = on_unix_sockets(KernelManager, _folders[-1])
    if nbval_kernel.__dict__.get("pformat") not in (pprint.pformat, LazyPformat):
        raise pytest.UsageError("nbval.kernel.pformat is not pprint's: nbval changed; see "
                                "book/conftest.py")
    nbval_kernel.pformat = LazyPformat
    _patched.setdefault("compare_outputs", nbval_plugin.IPyNbCell.compare_outputs)
    nbval_plugin.IPyNbCell.compare_outputs = _compare_outputs
    if os.environ.get(executed_notebooks.ENV):
        os.environ[PAGES_ENV] = "both"
        _sources.append(executed_notebooks.sources_digest())


def pytest_unconfigure(config: pytest.Config) -> None:
    """Give nbval its kernel manager, ``pformat`` and methods back and remove the socket folder."""
    nbval_kernel.KernelManager = KernelManager
    nbval_kernel.pformat = pprint.pformat
    if _patched:
        nbval_plugin.IPyNbCell.compare_outputs = _patched.pop("compare_outputs")
    while _folders:
        shutil.rmtree(_folders.pop(), ignore_errors=True)


def pytest_itemcollected(item: pytest.Item) -> None:
    """Note the sha256 of a notebook as nbval read it (at its first cell)."""
    parent = item.parent
    if _sources and isinstance(parent, nbval_plugin.IPyNbFile) \
            and not hasattr(parent, "magicsub_sha256"):
        parent.magicsub_sha256 = executed_notebooks.file_sha256(Path(parent.path))


def pytest_runtest_call(item: pytest.Item) -> None:
    """Note when a notebook's first cell started."""
    if not hasattr(item.parent, "magicsub_started"):
        item.parent.magicsub_started = time.perf_counter()


def _language_info(kernel) -> dict | None:
    msg_id = kernel.kc.kernel_info()
    while True:
        msg = kernel.get_message("shell", timeout=30)
        if msg["parent_header"].get("msg_id") == msg_id:
            return msg["content"].get("language_info")


def executed_copy(nb: nbformat.NotebookNode, cells: list, language_info: dict | None
                  ) -> nbformat.NotebookNode | None:
    """``nb`` (as nbval read it) with the outputs of ``cells`` (nbval's items of its code
    cells, run), the widget views left out, and the kernel's ``language_info``, as the book's
    own execution would leave it; None when a cell was not run or raised an error.

    nbval executes without history (no execution count); nbclient skips empty cells and
    counts the others from 1, so their counts are given so here."""
    executed = copy.deepcopy(nb)
    ran = {id(cell.cell): cell for cell in cells}
    count = 0
    for original, cell in zip(nb.cells, executed.cells, strict=True):
        if original.cell_type != "code" or not original.source.strip():
            continue
        outputs = getattr(ran.get(id(original)), "test_outputs", None)
        if outputs is None or any(o.get("output_type") == "error" for o in outputs):
            return None
        count += 1
        cell.execution_count = count
        cell.outputs = []
        for output in outputs:
            output = nbformat.from_dict(copy.deepcopy(dict(output)))
            if "data" in output:
                output.data.pop(WIDGET_VIEW, None)
            if output.output_type == "execute_result":
                output.execution_count = count
            cell.outputs.append(output)
    if language_info is not None:
        executed.metadata["language_info"] = language_info
    return executed


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """After a notebook's last cell, while its kernel lives: write it as executed (when asked
    and every cell ran without an error)."""
    folder = os.environ.get(executed_notebooks.ENV)
    parent = item.parent
    if not (folder and _sources and isinstance(parent, nbval_plugin.IPyNbFile)) \
            or (nextitem is not None and nextitem.parent is parent):
        return
    kernel = parent.kernel
    if kernel is None or parent.timed_out or not kernel.is_alive():
        return
    cells = [i for i in item.session.items if i.parent is parent]
    executed = executed_copy(parent.nb, cells, _language_info(kernel))
    if executed is not None:
        executed_notebooks.write(
            folder, Path(parent.path), executed, notebook_sha256=parent.magicsub_sha256,
            sources=_sources[-1],
            seconds=time.perf_counter() - getattr(parent, "magicsub_started", time.perf_counter()))
