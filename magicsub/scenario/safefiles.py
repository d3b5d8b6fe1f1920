"""Writing a page and its ``<page>_files/`` folder without harming anything else on disk.

The rules ``magicsub html`` keeps (with ``--single-file``, those of the page: there is no
folder):

- The page may not be an input: not the same path once resolved, not the same file (device and
  inode: a symbolic or hard link to it). Nor may it be a symbolic link: the page is replaced,
  and replacing the link would not write the file it points to. Nor may it be anything but a
  regular file: a FIFO, a device (``/dev/null``), a socket or a folder there is refused, not
  replaced (as ``yamlfile`` refuses to read one), checked before anything is written and again
  as each file is written.
- Every file is written atomically: a temporary file in the same folder, ``fsync``, then a
  rename over the old one. A full disk, an exception, Ctrl-C or SIGTERM removes the temporary
  file and leaves the previous file as it was; a SIGKILL can leave a hidden ``.NAME.*.tmp``
  beside it, never a partial or empty ``NAME``.
- The assets folder never follows a symbolic link: if the folder, a folder in it or an asset's
  path is a link, the run is refused, naming it. An asset is copied when its content (SHA-256)
  differs from the installed one. A file at an asset's path whose content is neither the
  asset's nor what magicsub last wrote there (recorded in ``MANIFEST``) is the user's: the run
  is refused, naming it, and nothing is written.
- A folder created by a run that fails is removed.

Errors name the path that could not be written.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import shutil
import stat
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path, PurePosixPath

MANIFEST = "magicsub-assets.json"
"""The record, in an assets folder, of the SHA-256 of each file magicsub wrote there."""

_DIR = os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = os.O_NOFOLLOW
_CHUNK = 1 << 20
_MAX_MANIFEST = 1_000_000


class OutputRefused(ValueError):
    """Writing would overwrite an input, write through a symbolic link or replace a file of the
    user's. Nothing was written; the message names the path and what to do."""


@contextmanager
def _about(path: Path | str) -> Iterator[None]:
    """Re-raise an ``OSError`` with ``path`` as its file name (a ``dir_fd`` call names only the
    last component)."""
    try:
        yield
    except OSError as err:
        raise OSError(err.errno, err.strerror or str(err), str(path)) from None


def same_file(a: Path | str, b: Path | str) -> bool:
    """Whether ``a`` and ``b`` are one file: the same path once resolved, or the same device
    and inode (a symbolic or hard link); ``False`` when either does not exist."""
    a, b = Path(a), Path(b)
    with suppress(OSError, RuntimeError):
        if a.resolve() == b.resolve():
            return True
    try:
        sa, sb = os.stat(a), os.stat(b)
    except (OSError, ValueError):
        return False
    return (sa.st_dev, sa.st_ino) == (sb.st_dev, sb.st_ino)


def check_output(out: Path | str, inputs: Iterable[Path | str] = ()) -> None:
    """Refuse an output that is one of ``inputs``, a symbolic link, or that exists and is not a
    regular file (a FIFO, a device, a socket, a folder).

    :raises OutputRefused: naming the path (and the input).
    """
    out = Path(out)
    for source in inputs:
        if same_file(out, source):
            raise OutputRefused(f"{out} is the input file {source}; magicsub does not "
                                "overwrite its input: choose another output")
    try:
        found = os.lstat(out)
    except (OSError, ValueError):
        return
    _refuse_special(found, out)


def _refuse_special(found: os.stat_result, path: Path) -> None:
    """Refuse a symbolic link or anything but a regular file found at an output's path."""
    if stat.S_ISLNK(found.st_mode):
        raise OutputRefused(_link_message(path))
    if not stat.S_ISREG(found.st_mode):
        raise OutputRefused(not_regular(path))


def not_regular(path: Path | str) -> str:
    """Why an output ``path`` that exists and is not a regular file is refused."""
    return (f"{path} exists and is not a regular file (a FIFO, a device, a socket or a "
            "folder): magicsub writes only regular files and does not replace one of those; "
            "choose another output. Nothing was written")


def _link_message(path: Path) -> str:
    return (f"{path} is a symbolic link; magicsub does not write through symbolic links: "
            "remove it or choose another output")


@contextmanager
def new_folder(folder: Path | str) -> Iterator[Path]:
    """Create ``folder`` and its missing parents; if the block fails, remove what was created
    here, contents and all (only this run wrote in a folder it created)."""
    folder = Path(folder)
    top = None
    probe = folder
    while not os.path.lexists(probe) and probe != probe.parent:
        top = probe
        probe = probe.parent
    if top is not None:
        with _about(folder):
            folder.mkdir(parents=True, exist_ok=True)
    try:
        yield folder
    except BaseException:
        if top is not None:
            with suppress(OSError):
                shutil.rmtree(top)
        raise


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view[:_CHUNK]):]


def _lstat(dir_fd: int, name: str) -> os.stat_result | None:
    try:
        return os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
    except FileNotFoundError:
        return None


def _write_at(dir_fd: int, name: str, data: bytes, shown: Path) -> None:
    """Write ``data`` to ``name`` in the folder ``dir_fd`` atomically (see the module)."""
    with _about(shown):
        old = _lstat(dir_fd, name)
    if old is not None:
        _refuse_special(old, shown)
    for _ in range(100):
        temp = f".{name[:200]}.{secrets.token_hex(4)}.tmp"
        try:
            with _about(shown.parent / temp):
                fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o666,
                             dir_fd=dir_fd)
            break
        except FileExistsError:
            continue
    else:
        raise OSError(17, "no free temporary name", str(shown))
    try:
        with _about(shown):
            try:
                if old is not None:
                    os.fchmod(fd, stat.S_IMODE(old.st_mode))
                _write_all(fd, data)
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(temp, name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
    except BaseException:
        with suppress(OSError):
            os.unlink(temp, dir_fd=dir_fd)
        raise
    with suppress(OSError):
        os.fsync(dir_fd)


def write_atomic(path: Path | str, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically: the old file, or none, until the new one is
    complete on disk; never a partial file.

    :raises OutputRefused: ``path`` is a symbolic link, or exists and is not a regular file
        (a FIFO, a device, a socket, a folder); nothing was written.
    :raises OSError: naming ``path``; the previous file is unchanged.
    """
    path = Path(path)
    with _about(path.parent):
        folder = os.open(path.parent, _DIR)
    try:
        _write_at(folder, path.name, data, path)
    finally:
        os.close(folder)


def _open_dir(dir_fd: int, name: str, shown: Path, *, create: bool) -> int | None:
    with _about(shown):
        found = _lstat(dir_fd, name)
        if found is None:
            if not create:
                return None
            os.mkdir(name, dir_fd=dir_fd)
        elif stat.S_ISLNK(found.st_mode):
            raise OutputRefused(_link_message(shown))
        elif not stat.S_ISDIR(found.st_mode):
            raise OutputRefused(f"{shown} is in the way of magicsub's assets and is not a "
                                "folder: move it or choose another output")
        return os.open(name, _DIR | _NOFOLLOW, dir_fd=dir_fd)


def _open_parent(root: int, rel: PurePosixPath, dest: Path, *, create: bool) -> int | None:
    """The folder of ``rel`` under ``root`` (opened without following links), or ``None``."""
    fd = os.dup(root)
    shown = dest
    for part in rel.parts[:-1]:
        shown = shown / part
        try:
            inner = _open_dir(fd, part, shown, create=create)
        finally:
            os.close(fd)
        if inner is None:
            return None
        fd = inner
    return fd


def _hash_fd(fd: int) -> str:
    digest = hashlib.sha256()
    while chunk := os.read(fd, _CHUNK):
        digest.update(chunk)
    return digest.hexdigest()


def _hash_at(dir_fd: int, name: str, shown: Path) -> str:
    """The SHA-256 of the regular file ``name`` in ``dir_fd`` (a link or a non-file refused)."""
    with _about(shown):
        found = _lstat(dir_fd, name)
    if stat.S_ISLNK(found.st_mode):
        raise OutputRefused(_link_message(shown))
    if not stat.S_ISREG(found.st_mode):
        raise OutputRefused(f"{shown} is in the way of magicsub's assets and is not a regular "
                            "file: move it or choose another output")
    with _about(shown):
        fd = os.open(name, os.O_RDONLY | _NOFOLLOW, dir_fd=dir_fd)
        try:
            return _hash_fd(fd)
        finally:
            os.close(fd)


def _read_manifest(root: int, dest: Path) -> dict[str, str]:
    shown = dest / MANIFEST
    with _about(shown):
        found = _lstat(root, MANIFEST)
    if found is None:
        return {}
    not_ours = OutputRefused(f"{shown} is not magicsub's record of the assets it wrote: move it "
                             "or choose another output")
    if stat.S_ISLNK(found.st_mode):
        raise OutputRefused(_link_message(shown))
    if not stat.S_ISREG(found.st_mode) or found.st_size > _MAX_MANIFEST:
        raise not_ours
    with _about(shown):
        fd = os.open(MANIFEST, os.O_RDONLY | _NOFOLLOW, dir_fd=root)
        try:
            text = os.read(fd, _MAX_MANIFEST + 1)
        finally:
            os.close(fd)
    try:
        record = json.loads(text)
        hashes = record["sha256"]
        ok = (record.get("written_by") == "magicsub" and isinstance(hashes, dict)
              and all(isinstance(v, str) for v in hashes.values()))
    except (ValueError, TypeError, KeyError, AttributeError):
        ok = False
    if not ok:
        raise not_ours
    return hashes


def _to_copy(root: int, dest: Path, wanted: dict[str, tuple[Path, str]],
             known: dict[str, str]) -> list[str]:
    """The assets to (re)write; refuses links and files of the user's, writing nothing."""
    todo = []
    for rel, (source, digest) in wanted.items():
        path = PurePosixPath(rel)
        folder = _open_parent(root, path, dest, create=False)
        if folder is None:
            todo.append(rel)
            continue
        try:
            with _about(dest / rel):
                found = _lstat(folder, path.name)
            if found is None:
                todo.append(rel)
                continue
            present = _hash_at(folder, path.name, dest / rel)
        finally:
            os.close(folder)
        if present == digest:
            continue
        if present != known.get(rel):
            raise OutputRefused(
                f"{dest / rel} exists and is not magicsub's copy of {source.name} (its content "
                "differs, and magicsub did not write it there): move it away or choose another "
                "output; nothing was written")
        todo.append(rel)
    return todo


def _hash_file(path: Path) -> str:
    with _about(path):
        fd = os.open(path, os.O_RDONLY)
        try:
            return _hash_fd(fd)
        finally:
            os.close(fd)


def sync_folder(dest: Path | str, files: Sequence[tuple[str, Path]]) -> list[Path]:
    """Make ``dest`` hold a copy of each ``(relative path, source)`` in ``files``; return the
    copies' paths. ``dest``'s parent may be reached through links; nothing under ``dest`` is.

    Every check runs before anything is written; see the module for the rules.

    :raises OutputRefused: a link, a non-file or a file of the user's is in the way (named).
    :raises OSError: naming the path that could not be read or written.
    """
    dest = Path(dest)
    wanted = {rel: (source, _hash_file(source)) for rel, source in files}
    with _about(dest.parent):
        parent = os.open(dest.parent, _DIR)
    try:
        root = _open_dir(parent, dest.name, dest, create=True)
    finally:
        os.close(parent)
    try:
        known = _read_manifest(root, dest)
        for rel in _to_copy(root, dest, wanted, known):
            path = PurePosixPath(rel)
            source = wanted[rel][0]
            with _about(source):
                data = source.read_bytes()
            folder = _open_parent(root, path, dest, create=True)
            try:
                _write_at(folder, path.name, data, dest / rel)
            finally:
                os.close(folder)
        record = {"written_by": "magicsub", "sha256": {rel: d for rel, (_, d) in wanted.items()}}
        if known != record["sha256"]:
            text = json.dumps(record, indent=1, sort_keys=True) + "\n"
            _write_at(root, MANIFEST, text.encode("utf-8"), dest / MANIFEST)
    finally:
        os.close(root)
    return [dest / rel for rel, _ in files]


__all__ = ["MANIFEST", "OutputRefused", "check_output", "new_folder", "not_regular",
           "same_file", "sync_folder", "write_atomic"]
