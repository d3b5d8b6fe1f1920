"""book/conftest.py: nbval's kernels listen on Unix sockets of their own (no TCP ports for two
pytest-xdist workers to race for), and they run cells; nbval pretty-prints a kernel message only
when its debug log is shown."""

from __future__ import annotations

import importlib.util
import logging
import pprint
import stat
from pathlib import Path

from nbval import kernel as nbval_kernel

BOOK = Path(__file__).resolve().parent.parent / "book"


def _plugin():
    spec = importlib.util.spec_from_file_location("book_conftest", BOOK / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_an_nbval_kernel_listens_on_unix_sockets_in_its_process_folder():
    plugin = _plugin()
    plugin.pytest_configure(None)
    folder = Path(plugin._folders[-1])
    try:
        kernel = nbval_kernel.RunningKernel(nbval_kernel.CURRENT_ENV_KERNEL_NAME, cwd=str(BOOK))
        try:
            info = kernel.km.get_connection_info()
            assert info["transport"] == "ipc"
            assert Path(info["ip"]).parent == folder
            sockets = sorted(folder.iterdir())
            assert [p.name.rsplit("-", 1)[1] for p in sockets] == ["1", "2", "3", "4", "5"]
            assert all(stat.S_ISSOCK(p.stat().st_mode) for p in sockets)
            msg_id = kernel.execute_cell_input("6 * 7", allow_stdin=False)
            kernel.await_reply(msg_id, timeout=60)
            results = []
            while not results:
                msg = kernel.get_message("iopub", timeout=30)
                if msg["msg_type"] == "execute_result":
                    results.append(msg["content"]["data"]["text/plain"])
            assert results == ["42"]
        finally:
            kernel.stop()
    finally:
        plugin.pytest_unconfigure(None)
    assert not folder.exists()
    assert nbval_kernel.KernelManager is plugin.KernelManager


def test_nbval_pretty_prints_a_kernel_message_only_when_its_debug_log_is_shown(caplog):
    plugin = _plugin()
    plugin.pytest_configure(None)
    try:
        assert nbval_kernel.pformat is plugin.LazyPformat
        message = {"msg_type": "comm_open", "content": {"data": {"state": list(range(30))}}}
        lazy = nbval_kernel.pformat(message)
        assert str(lazy) == pprint.pformat(message)
        kernel = nbval_kernel.RunningKernel(nbval_kernel.CURRENT_ENV_KERNEL_NAME, cwd=str(BOOK))
        try:
            with caplog.at_level(logging.DEBUG, logger=nbval_kernel.logger.name):
                msg_id = kernel.execute_cell_input("6 * 7", allow_stdin=False)
                kernel.await_reply(msg_id, timeout=60)
        finally:
            kernel.stop()
        logged = [r.getMessage() for r in caplog.records if r.name == nbval_kernel.logger.name]
        assert any("'execute_reply'" in text and "'status': 'ok'" in text for text in logged)
    finally:
        plugin.pytest_unconfigure(None)
    assert nbval_kernel.pformat is pprint.pformat
