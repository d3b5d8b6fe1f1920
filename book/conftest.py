"""``pytest --nbval book/``: each notebook's kernel listens on Unix sockets, not TCP ports.

Two pytest-xdist workers start kernels side by side; over TCP, two kernels can be handed the
same free port and one of them dies with every cell of its notebook (tools/ipc_kernels.py says
why). nbval makes its own ``KernelManager`` (``nbval.kernel.start_new_kernel``) and takes no
configuration for it, so this plugin puts an ipc one under that name, with a socket folder per
test process.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from jupyter_client.manager import KernelManager
from nbval import kernel as nbval_kernel

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
from ipc_kernels import on_unix_sockets, socket_folder  # noqa: E402

_folders: list[str] = []


def pytest_configure(config: pytest.Config) -> None:
    """Make this process's socket folder and give nbval a kernel manager that uses it."""
    if nbval_kernel.__dict__.get("KernelManager") is not KernelManager:
        raise pytest.UsageError("nbval.kernel.KernelManager is not jupyter_client's: nbval "
                                "changed; see book/conftest.py")
    _folders.append(socket_folder())
    nbval_kernel.KernelManager = on_unix_sockets(KernelManager, _folders[-1])


def pytest_unconfigure(config: pytest.Config) -> None:
    """Give nbval its kernel manager back and remove the socket folder."""
    nbval_kernel.KernelManager = KernelManager
    while _folders:
        shutil.rmtree(_folders.pop(), ignore_errors=True)
