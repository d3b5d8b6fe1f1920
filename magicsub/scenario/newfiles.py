"""Writing the files a command creates (``magicsub new``, ``magicsub examples``) without
overwriting anything by surprise.

- Every check runs before anything is written: a file already there with other content is
  refused (unless ``force``), a symbolic link or a non-file in the way is always refused, and
  the refusal names the path and writes nothing.
- A file already there with the same content is left alone ("unchanged"), so running the same
  command twice succeeds.
- A new file appears complete or not at all: it is written to a hidden temporary file in the
  same folder, flushed to disk, then linked to its name, which fails if a file took that name
  meanwhile (on a file system without hard links, it is created exclusively instead). A
  replaced file (``force``) is replaced atomically (``safefiles.write_atomic``).
- If writing fails part-way (a full disk, Ctrl-C, SIGTERM), the files this call created are
  removed again.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from collections.abc import Iterable
from contextlib import suppress
from pathlib import Path

from .safefiles import OutputRefused, not_regular, write_atomic

WROTE = "wrote"
"""``write_new_files`` created the file."""
REPLACED = "replaced"
"""``write_new_files`` replaced a file of other content (``force``)."""
UNCHANGED = "unchanged"
"""The file was there with the same content; ``write_new_files`` left it alone."""

_NO_LINKS = {errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EXDEV, errno.EMLINK}


def _plan(path: Path, data: bytes, force: bool) -> str:
    """What writing ``data`` to ``path`` would do; raise ``OutputRefused`` if it must not."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return WROTE
    if stat.S_ISLNK(found.st_mode):
        raise OutputRefused(f"{path} is a symbolic link; magicsub does not write through "
                            "symbolic links: remove it or choose another name. Nothing was "
                            "written")
    if not stat.S_ISREG(found.st_mode):
        raise OutputRefused(not_regular(path))
    if found.st_size == len(data) and path.read_bytes() == data:
        return UNCHANGED
    return REPLACED if force else "refused"


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def create_file(path: Path | str, data: bytes) -> None:
    """Create ``path`` holding ``data``: complete or not at all, never over an existing file.

    :raises FileExistsError: something took the name (nothing was changed).
    :raises OSError: naming ``path``; nothing is left behind.
    """
    path = Path(path)
    temp = path.with_name(f".{path.name[:200]}.{secrets.token_hex(4)}.tmp")
    try:
        try:
            _write_new(temp, data)
            try:
                os.link(temp, path)
            except OSError as err:
                if err.errno not in _NO_LINKS:
                    raise
                _create_exclusively(path, data)
        finally:
            with suppress(OSError):
                os.unlink(temp)
    except FileExistsError:
        raise
    except OSError as err:
        raise OSError(err.errno, err.strerror or str(err), str(path)) from None


def _write_new(path: Path, data: bytes) -> None:
    """Create ``path`` (never an existing file or a link) holding ``data``, synced."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o666)
    try:
        _write_all(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)


def _create_exclusively(path: Path, data: bytes) -> None:
    try:
        _write_new(path, data)
    except BaseException:
        with suppress(OSError):
            os.unlink(path)
        raise


def write_new_files(files: Iterable[tuple[Path | str, bytes]], *,
                    force: bool = False) -> list[tuple[Path, str]]:
    """Write each ``(path, data)``; return each path with what was done (``WROTE``,
    ``REPLACED`` or ``UNCHANGED``). The folders must exist.

    :raises OutputRefused: a file with other content is there and ``force`` is false, or a
        link or a non-file is in the way; nothing was written. The message names the first
        such path and says how many there are.
    :raises OSError: a file could not be written; the files created by this call are removed.
    """
    plan = [(Path(path), data, _plan(Path(path), data, force)) for path, data in files]
    refused = [path for path, _, what in plan if what == "refused"]
    if refused:
        more = f" (and {len(refused) - 1} more)" if len(refused) > 1 else ""
        raise OutputRefused(f"{refused[0]} already exists{more}; magicsub does not overwrite "
                            "files: choose another name or folder, or give --force to replace "
                            "them. Nothing was written")
    created: list[Path] = []
    try:
        for path, data, what in plan:
            if what == WROTE:
                try:
                    create_file(path, data)
                except FileExistsError:
                    raise OutputRefused(f"{path} appeared while magicsub was writing; the "
                                        "files this run created were removed") from None
                created.append(path)
            elif what == REPLACED:
                write_atomic(path, data)
    except BaseException:
        for path in created:
            with suppress(OSError):
                os.unlink(path)
        raise
    return [(path, what) for path, _, what in plan]


__all__ = ["REPLACED", "UNCHANGED", "WROTE", "create_file", "write_new_files"]
