"""``magicsub html`` keeps files safe (issue 10): it never overwrites its input, writes the page
atomically (a failure leaves the previous page and no partial or temporary file), never follows
a symbolic link in ``<page>_files/``, copies assets by content and never over a file of the
user's, leaves no folder behind when it fails, and writes the same bytes for the same input."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from filetools import SCENARIO, snapshot
from filetools import write_page as write

from magicsub import cli
from magicsub.pages import walkthrough
from magicsub.scenario import safefiles

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
EMBED = "magicsub-pages.js"
"""The first of the page's assets (``walkthrough.ASSETS``): the script that plays the stepper."""
OLD_PAGE = "<!DOCTYPE html><p>the previous page</p>\n"




# -- the output is not an input --------------------------------------------------------------------

@pytest.mark.parametrize("how", ["same path", "relative path", "symlink", "hard link"])
def test_an_output_that_is_the_input_is_refused_and_nothing_is_written(how, scenario, tmp_path,
                                                                       capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = {"same path": scenario, "relative path": Path("s.yaml"),
           "symlink": tmp_path / "link.html", "hard link": tmp_path / "hard.html"}[how]
    if how == "symlink":
        out.symlink_to(scenario)
    if how == "hard link":
        os.link(scenario, out)
    before = snapshot(tmp_path)
    status, stdout, err = write(scenario, out, capsys)
    assert status == 2 and stdout == ""
    assert err == (f"error: {out} is the input file {scenario}; magicsub does not overwrite its "
                   "input: choose another output\n")
    assert snapshot(tmp_path) == before


def test_the_command_line_refuses_html_over_its_input(scenario, cli):
    proc = cli("html", scenario, "-o", scenario)
    assert proc.returncode == 2
    assert "is the input file" in proc.stderr and "Traceback" not in proc.stderr
    assert scenario.read_text() == SCENARIO
    assert not (scenario.parent / "s_files").exists()


def test_a_page_that_is_a_symlink_is_refused(scenario, tmp_path, capsys):
    target = tmp_path / "elsewhere.html"
    target.write_text(OLD_PAGE)
    out = tmp_path / "page.html"
    out.symlink_to(target)
    status, _, err = write(scenario, out, capsys)
    assert status == 2
    assert err.startswith(f"error: {out} is a symbolic link; magicsub does not write through")
    assert target.read_text() == OLD_PAGE and out.is_symlink()
    assert not (tmp_path / "page_files").exists()


# -- atomic writes ---------------------------------------------------------------------------------

def failing_write(error: BaseException):
    """A ``_write_all`` that writes half the data, then fails with ``error``."""
    def write_half(fd, data):
        os.write(fd, bytes(data[: len(data) // 2]))
        raise error
    return write_half


def test_a_full_disk_while_writing_the_page_leaves_the_previous_page(scenario, tmp_path,
                                                                     capsys, monkeypatch):
    out = tmp_path / "page.html"
    assert write(scenario, out, capsys)[0] == 0
    out.write_text(OLD_PAGE)
    before = snapshot(tmp_path)
    monkeypatch.setattr(safefiles, "_write_all",
                        failing_write(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))))
    status, stdout, err = write(scenario, out, capsys)
    assert (status, stdout) == (2, "")
    assert err == (f"error: cannot write {out}: No space left on device; nothing was "
                   "replaced\n")
    assert snapshot(tmp_path) == before


def test_ctrl_c_while_writing_the_page_leaves_the_previous_page(scenario, tmp_path, capsys,
                                                                monkeypatch):
    out = tmp_path / "page.html"
    assert write(scenario, out, capsys)[0] == 0
    out.write_text(OLD_PAGE)
    before = snapshot(tmp_path)
    monkeypatch.setattr(safefiles, "_write_all", failing_write(KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        cli.write_page(scenario, out)
    assert snapshot(tmp_path) == before


def test_a_failure_in_a_new_folder_leaves_no_folder_and_no_file(scenario, tmp_path, capsys,
                                                                 monkeypatch):
    monkeypatch.setattr(safefiles, "_write_all",
                        failing_write(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))))
    out = tmp_path / "new" / "deeper" / "page.html"
    status, _, err = write(scenario, out, capsys)
    assert status == 2
    assert err == (f"error: cannot write {out.parent / 'page_files' / EMBED}: No space left "
                   "on device; nothing was replaced\n")
    assert snapshot(tmp_path) == {"s.yaml": SCENARIO.encode()}


def test_a_failed_page_removes_the_assets_folder_it_created(scenario, tmp_path, capsys,
                                                            monkeypatch):
    """The assets are written, then the page's own write fails (a full disk).

    The folder this run created goes with it. (A folder in the page's place is refused before
    anything is written: tests/test_output_kinds.py.)
    """
    real = safefiles._write_all

    def page_fails(fd, data):
        if bytes(data[:15]) == b"<!DOCTYPE html>":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd, data)

    monkeypatch.setattr(safefiles, "_write_all", page_fails)
    out = tmp_path / "page.html"
    status, _, err = write(scenario, out, capsys)
    assert status == 2
    assert err == f"error: cannot write {out}: No space left on device; nothing was replaced\n"
    assert snapshot(tmp_path) == {"s.yaml": SCENARIO.encode()}


FILE_SIZE_LIMIT = """\
import resource, signal, sys
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (20000, 20000))
from magicsub import cli
sys.argv = ["magicsub", "html", sys.argv[1], "-o", sys.argv[2]]
cli.run()
"""


def test_a_real_write_failure_in_a_subprocess_leaves_the_previous_page(scenario, tmp_path,
                                                                        capsys):
    """The operating system refuses the write past 20 kB (RLIMIT_FSIZE): no monkeypatch."""
    pytest.importorskip("resource")
    out = tmp_path / "page.html"
    assert write(scenario, out, capsys)[0] == 0
    out.write_text(OLD_PAGE)
    before = snapshot(tmp_path)
    proc = subprocess.run([sys.executable, "-c", FILE_SIZE_LIMIT, str(scenario), str(out)],
                          cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=120)
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == f"error: cannot write {out}: File too large; nothing was replaced\n"
    assert snapshot(tmp_path) == before


def test_a_new_page_keeps_the_umask_and_a_replaced_page_its_mode(scenario, tmp_path, capsys):
    out = tmp_path / "page.html"
    assert write(scenario, out, capsys)[0] == 0
    mask = os.umask(0)
    os.umask(mask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~mask
    out.chmod(0o640)
    assert write(scenario, out, capsys)[0] == 0
    assert out.stat().st_mode & 0o777 == 0o640


# -- the assets folder -----------------------------------------------------------------------------

@pytest.fixture()
def outside(tmp_path) -> Path:
    """A folder outside the page's, with a file in it."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "notes.txt").write_text("the user's notes\n")
    return folder


@pytest.mark.parametrize("link", ["page_files", f"page_files/{EMBED}"])
def test_a_symlink_in_the_assets_folder_is_refused_and_nothing_outside_changes(
        link, scenario, tmp_path, outside, capsys):
    site = tmp_path / "site"
    site.mkdir()
    if link != "page_files":
        (site / "page_files").mkdir()
    target = outside / "notes.txt" if link.endswith(".js") else outside
    (site / link).symlink_to(target)
    before, outside_before = snapshot(site), snapshot(outside)
    status, stdout, err = write(scenario, site / "page.html", capsys)
    assert snapshot(outside) == outside_before
    assert snapshot(site) == before
    assert (status, stdout) == (2, "")
    assert err == (f"error: {site / link} is a symbolic link; magicsub does not write through "
                   "symbolic links: remove it or choose another output\n")


def test_a_users_file_at_an_assets_path_is_not_overwritten(scenario, tmp_path, capsys):
    files = tmp_path / "page_files"
    files.mkdir()
    (files / EMBED).write_text("my own script\n")
    before = snapshot(tmp_path)
    status, _, err = write(scenario, tmp_path / "page.html", capsys)
    assert status == 2
    assert err == (f"error: {files / EMBED} exists and is not magicsub's copy of {EMBED} "
                   "(its content differs, and magicsub did not write it there): move it away "
                   "or choose another output; nothing was written\n")
    assert snapshot(tmp_path) == before


def test_a_users_file_of_the_same_size_is_not_taken_for_the_asset(scenario, tmp_path, capsys):
    """Compared by content: a file of the asset's size but other bytes is the user's."""
    out = tmp_path / "page.html"
    assert write(scenario, out, capsys)[0] == 0
    embed = tmp_path / "page_files" / EMBED
    same_size = b"x" * embed.stat().st_size
    embed.write_bytes(same_size)
    status, _, err = write(scenario, out, capsys)
    assert status == 2
    assert err.startswith(f"error: {embed} exists and is not magicsub's copy of {EMBED}")
    assert embed.read_bytes() == same_size


def test_an_older_asset_that_magicsub_wrote_is_replaced_by_content(scenario, tmp_path, capsys):
    """An asset magicsub wrote (its hash in the record) but out of date, same size: replaced."""
    out = tmp_path / "page.html"
    assert write(scenario, out, capsys)[0] == 0
    files = tmp_path / "page_files"
    installed = (files / EMBED).read_bytes()
    older = installed[::-1]
    (files / EMBED).write_bytes(older)
    record = json.loads((files / safefiles.MANIFEST).read_text())
    record["sha256"][EMBED] = hashlib.sha256(older).hexdigest()
    (files / safefiles.MANIFEST).write_text(json.dumps(record))
    assert write(scenario, out, capsys)[0] == 0
    assert (files / EMBED).read_bytes() == installed


def test_a_users_identical_copy_is_accepted_and_recorded(scenario, tmp_path, capsys):
    out = tmp_path / "page.html"
    assert write(scenario, out, capsys)[0] == 0
    files = tmp_path / "page_files"
    (files / safefiles.MANIFEST).unlink()
    assert write(scenario, out, capsys)[0] == 0
    record = json.loads((files / safefiles.MANIFEST).read_text())
    assert record["written_by"] == "magicsub" and EMBED in record["sha256"]


def test_something_else_in_the_assets_way_is_named(scenario, tmp_path, capsys):
    (tmp_path / "page_files").mkdir()
    (tmp_path / "page_files" / EMBED).mkdir()
    (tmp_path / "other_files").write_text("a file, not a folder\n")
    (tmp_path / "third_files").mkdir()
    (tmp_path / "third_files" / safefiles.MANIFEST).write_text("{}")
    before = snapshot(tmp_path)
    for page, path, what in [
            ("page", f"page_files/{EMBED}", "is in the way of magicsub's assets and is not a "
             "regular file"),
            ("other", "other_files", "is in the way of magicsub's assets and is not a folder"),
            ("third", f"third_files/{safefiles.MANIFEST}", "is not magicsub's record of the "
             "assets it wrote")]:
        status, _, err = write(scenario, tmp_path / f"{page}.html", capsys)
        assert status == 2
        assert err.startswith(f"error: {tmp_path / path} {what}: move it")
    assert snapshot(tmp_path) == before


# -- the same input gives the same bytes -----------------------------------------------------------

def test_two_runs_write_identical_bytes(scenario, tmp_path, capsys):
    out = tmp_path / "page.html"
    assert write(scenario, out, capsys)[0] == 0
    first = out.read_bytes()
    files = walkthrough.copy_assets(tmp_path / "again")
    assert write(scenario, out, capsys)[0] == 0
    assert out.read_bytes() == first
    assert [f.read_bytes() for f in files] == [
        (tmp_path / "page_files" / f.name).read_bytes() for f in files]


def test_the_page_is_the_same_under_two_hash_seeds(scenario, tmp_path):
    pages = []
    for seed in ("0", "4242"):
        out = tmp_path / f"seed{seed}" / "page.html"
        proc = subprocess.run([sys.executable, "-m", "magicsub", "html", str(scenario), "-o",
                               str(out)], cwd=ROOT, env={**ENV, "PYTHONHASHSEED": seed},
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        pages.append(out.read_bytes())
    assert pages[0] == pages[1]
