"""Jupyter kernels that listen on Unix sockets, not TCP ports (nbval, the book build).

jupyter_client gives a kernel five TCP ports by binding port 0 and closing it, then writes them
into the connection file; the kernel binds them a second or more later. Two processes that start
kernels side by side (two pytest-xdist workers running nbval, or anything else on the machine)
can be handed the same free port in that gap: the kernel that binds it second dies ("Kernel died
before replying to kernel_info") and its notebook fails. jupyter_client's port cache only keeps
one process's kernels apart. Over ``ipc`` a kernel's sockets are files named after the kernel
(a random id, a tail ``-1`` ... ``-5`` per channel) in a folder of the process that started it:
kernels started side by side share nothing.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from typing import TypeVar

SOCKET_PATH_MAX = 100
"""Unix socket paths are limited (108 bytes on Linux, 104 on macOS, the terminator included)."""

Manager = TypeVar("Manager")


def socket_folder() -> str:
    """A new folder for kernel sockets, short enough for their paths (under /tmp when the
    temporary folder's path is too long). The caller removes it (``shutil.rmtree``)."""
    folder = tempfile.mkdtemp(prefix="kernels-")
    if len(os.path.join(folder, "0123456789ab-5")) > SOCKET_PATH_MAX:
        shutil.rmtree(folder, ignore_errors=True)
        folder = tempfile.mkdtemp(prefix="kernels-", dir="/tmp")
    return folder


def on_unix_sockets(base: type[Manager], folder: str) -> type[Manager]:
    """``base`` (jupyter_client's ``KernelManager``, ``AsyncKernelManager`` or a subclass) with
    each kernel listening on Unix sockets of its own in ``folder``."""

    class IpcKernelManager(base):  # type: ignore[valid-type, misc]
        def __init__(self, **kwargs) -> None:
            kwargs.update(transport="ipc", ip=os.path.join(folder, uuid.uuid4().hex[:12]))
            super().__init__(**kwargs)

    IpcKernelManager.__name__ = IpcKernelManager.__qualname__ = f"Ipc{base.__name__}"
    IpcKernelManager.__doc__ = f"``{base.__name__}`` over Unix sockets in {folder}."
    return IpcKernelManager
