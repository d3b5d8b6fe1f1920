"""Every command that writes a file refuses an output that exists and is not a regular file
(issue 28, item 5): a FIFO, a socket, a device, a folder, or a symbolic link to one of those.
``magicsub html s.yaml -o FIFO`` used to replace the FIFO with a file, and as root ``-o
/dev/null`` would have replaced the device; ``yamlfile`` already refused to read such inputs.

Exit 2, one line naming the path, and nothing written: the special file is still there (same
kind, same inode) and no page, assets folder or temporary file appears beside it. The device
case uses a device node made in the test's own folder (root only), never /dev/null itself, so
the test cannot damage the machine even where the refusal is missing."""

from __future__ import annotations

import os
import socket
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from filetools import SCENARIO

from magicsub.scenario import newfiles, safefiles

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")

KINDS = ["fifo", "socket", "folder", "link to a fifo", "device"]


@contextmanager
def special(kind: str) -> Iterator[Path]:
    """A folder holding ``out.html``, a file of ``kind`` (a short path: a socket's is limited
    to about 100 bytes); removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="ms-") as name:
        folder = Path(name)
        out = folder / "out.html"
        held = None
        if kind == "fifo":
            os.mkfifo(out)
        elif kind == "socket":
            held = socket.socket(socket.AF_UNIX)
            held.bind(str(out))
        elif kind == "folder":
            out.mkdir()
        elif kind == "link to a fifo":
            os.mkfifo(folder / "fifo")
            out.symlink_to("fifo")
        elif kind == "device":
            if os.geteuid() != 0:
                pytest.skip("making a device node needs root")
            try:  # the null device's numbers, as a node of this folder (not /dev/null)
                os.mknod(out, stat.S_IFCHR | 0o666, os.makedev(1, 3))
            except PermissionError:
                pytest.skip("this system does not let root make device nodes")
        try:
            yield out
        finally:
            if held is not None:
                held.close()


def listing(folder: Path) -> dict[str, tuple[int, int]]:
    """Each entry of ``folder`` (links not followed, nothing opened): its mode and inode."""
    return {p.name: (os.lstat(p).st_mode, os.lstat(p).st_ino) for p in folder.iterdir()}


def scenario_beside(out: Path) -> Path:
    scenario = out.parent / "s.yaml"
    scenario.write_text(SCENARIO, encoding="utf-8")
    return scenario


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("single_file", [True, False], ids=["single file", "with folder"])
def test_html_refuses_an_output_that_is_not_a_regular_file(kind, single_file, cli):
    """Failed on main (3ade3ff) for the FIFO, the socket and the device: the page replaced
    them (exit 0); the folder failed later, with a write error."""
    pytest.importorskip("ipywidgets")
    with special(kind) as out:
        scenario = scenario_beside(out)
        before = listing(out.parent)
        options = ["--single-file"] if single_file else []
        proc = cli("html", scenario, "-o", out, *options, cwd=out.parent)
        assert proc.returncode == 2, proc.stderr
        reason = "symbolic link" if kind.startswith("link") else "is not a regular file"
        assert proc.stderr.count("\n") == 1 and str(out) in proc.stderr
        assert reason in proc.stderr and "Traceback" not in proc.stderr
        assert listing(out.parent) == before


@pytest.mark.parametrize("kind", KINDS)
def test_new_refuses_an_output_that_is_not_a_regular_file(kind, cli):
    """``magicsub new`` (already refused on main: its files are written by ``newfiles``)."""
    with special(kind) as out:
        before = listing(out.parent)
        for force in ([], ["--force"]):
            proc = cli("new", out, *force, cwd=out.parent)
            assert proc.returncode == 2, proc.stderr
            assert proc.stderr.startswith(f"magicsub new: {out} ")
            assert listing(out.parent) == before


@pytest.mark.parametrize("kind", KINDS)
def test_examples_refuses_a_copy_onto_a_file_that_is_not_regular(kind, cli):
    with special(kind) as out:
        target = out.parent / "726_1_shahrazad.yaml"
        out.rename(target)
        before = listing(out.parent)
        proc = cli("examples", "726_1_shahrazad", "-o", out.parent, "--force", cwd=out.parent)
        assert proc.returncode == 2, proc.stderr
        assert str(target) in proc.stderr and listing(out.parent) == before


@pytest.mark.parametrize("kind", KINDS)
def test_the_writers_refuse_what_is_not_a_regular_file(kind):
    """``safefiles.check_output`` and ``write_atomic``, which every page write goes through,
    and ``newfiles.write_new_files``: each refuses before writing (failed on main for
    ``check_output`` and ``write_atomic``, which replaced the FIFO, socket and device)."""
    with special(kind) as out:
        before = listing(out.parent)
        for write in (lambda: safefiles.check_output(out),
                      lambda: safefiles.write_atomic(out, b"page"),
                      lambda: newfiles.write_new_files([(out, b"page")], force=True)):
            with pytest.raises(safefiles.OutputRefused, match="not a regular file|symbolic"):
                write()
            assert listing(out.parent) == before


def test_dev_null_is_refused_by_the_check_that_runs_before_any_write():
    """The path of the issue, checked without writing: ``check_output`` refuses /dev/null
    (on main it let it through, and the page write that follows would replace the device)."""
    with pytest.raises(safefiles.OutputRefused, match="/dev/null exists and is not a regular"):
        safefiles.check_output(os.devnull)


def test_a_regular_file_is_still_replaced(tmp_path):
    out = tmp_path / "out.html"
    out.write_bytes(b"old")
    safefiles.check_output(out)
    safefiles.write_atomic(out, b"new")
    assert out.read_bytes() == b"new" and [p.name for p in tmp_path.iterdir()] == ["out.html"]
