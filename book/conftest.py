"""``pytest --nbval book/``: each notebook's kernel talks over Unix sockets, not TCP ports.

jupyter_client gives a kernel five TCP ports by binding port 0 and closing it, then writes them
into the connection file; the kernel binds them a second or more later. Two processes that start
kernels side by side (two pytest-xdist workers, or anything else on the machine) can be handed
the same free port in that gap: the kernel that binds it second dies, and every cell of its
notebook fails ("Kernel died before replying to kernel_info"). jupyter_client's port cache only
keeps one process's kernels apart. Over ``ipc`` a kernel's sockets are files named after the
kernel in a folder of this test process, so kernels started side by side share nothing.

nbval makes its own ``KernelManager`` (``nbval.kernel.start_new_kernel``) and takes no
configuration for it, so this plugin swaps in ``IpcKernelManager`` under that name.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid

import pytest
from jupyter_client.manager import KernelManager
from nbval import kernel as nbval_kernel

SOCKET_PATH_MAX = 100
"""Unix socket paths are limited (108 bytes on Linux, 104 on macOS, the terminator included)."""

_folder: list[str] = []


class IpcKernelManager(KernelManager):
    """A ``KernelManager`` whose kernel listens on Unix sockets named after it (a random id, a
    tail ``-1`` ... ``-5`` for each channel) in this test process's folder."""

    def __init__(self, **kwargs) -> None:
        if not _folder:
            raise RuntimeError("IpcKernelManager outside a test session (book/conftest.py)")
        ip = os.path.join(_folder[0], uuid.uuid4().hex[:12])
        super().__init__(transport="ipc", ip=ip, **kwargs)


def pytest_configure(config: pytest.Config) -> None:
    """Make this process's socket folder and give nbval the ipc kernel manager."""
    if not hasattr(nbval_kernel, "KernelManager"):
        raise pytest.UsageError("nbval.kernel has no KernelManager to replace: nbval changed; "
                                "see book/conftest.py")
    folder = tempfile.mkdtemp(prefix="nbval-")
    if len(folder) + len("/0123456789ab-5") > SOCKET_PATH_MAX:
        shutil.rmtree(folder, ignore_errors=True)
        folder = tempfile.mkdtemp(prefix="nbval-", dir="/tmp")
    _folder[:] = [folder]
    nbval_kernel.KernelManager = IpcKernelManager


def pytest_unconfigure(config: pytest.Config) -> None:
    """Give nbval its manager back and remove the socket folder."""
    nbval_kernel.KernelManager = KernelManager
    for folder in _folder:
        shutil.rmtree(folder, ignore_errors=True)
    _folder.clear()
