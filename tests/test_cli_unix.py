"""The command line as a Unix tool (issue 10): a reader that leaves early does not change the
verdict, standard output closed or full and Ctrl-C end with one line and a non-zero status, and
nothing printed can rewrite the terminal. Each Unix case runs ``python -m magicsub`` with real
pipes, files and signals; what is printed is checked in this process."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from magicsub.cli import terminal_text

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
GOOD = FIXTURES / "good" / "shahrazad_short_library.yaml"
WRONG = FIXTURES / "bad" / "wrong_expectation.yaml"
MALFORMED = FIXTURES / "bad" / "unknown_step.yaml"
RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
SGR = re.compile(r"\x1b\[(?:0|1|2|3[1-6])m")
ENV = {**{k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"},
       "PYTHONPATH": str(ROOT)}
HOSTILE_TITLE = "Evil \\e[2J\\e[H\\e]0;owned\\a title \\u202ereversed\\u202c \\x9b31m end"


def magicsub(*args: str, **kwargs) -> subprocess.CompletedProcess:
    """``python -m magicsub ARGS``, text captured unless ``stdout`` is given."""
    kwargs.setdefault("stdout", subprocess.PIPE)
    return subprocess.run([sys.executable, "-m", "magicsub", *args], cwd=ROOT, env=kwargs.pop(
        "env", ENV), stderr=subprocess.PIPE, text=True, timeout=120, **kwargs)


def into_a_closed_pipe(*args: str, unbuffered: bool = False) -> subprocess.CompletedProcess:
    """Run with standard output a pipe whose reader has already gone (every write: EPIPE)."""
    read, write = os.pipe()
    os.close(read)
    env = {**ENV, "PYTHONUNBUFFERED": "1"} if unbuffered else ENV
    try:
        return magicsub(*args, stdout=write, env=env)
    finally:
        os.close(write)


# -- a reader that leaves early --------------------------------------------------------------------

@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "unbuffered"])
def test_a_failing_check_into_a_closed_pipe_still_exits_1(unbuffered):
    proc = into_a_closed_pipe("check", str(WRONG), unbuffered=unbuffered)
    assert proc.returncode == 1
    assert proc.stderr == ""


def test_check_piped_into_head_still_exits_1():
    """Unbuffered, ``head`` usually leaves between two lines (a race: the closed-pipe tests
    above are the deterministic ones)."""
    shell = shutil.which("bash")
    if shell is None:
        pytest.skip("no bash")
    script = f'"{sys.executable}" -m magicsub check "{WRONG}" | head -c 1; exit ${{PIPESTATUS[0]}}'
    proc = subprocess.run([shell, "-c", script], cwd=ROOT, env={**ENV, "PYTHONUNBUFFERED": "1"},
                          capture_output=True, text=True, timeout=120)
    assert (proc.returncode, proc.stdout, proc.stderr) == (1, "F", "")


def test_every_file_is_still_checked_after_the_reader_left():
    """The pipe breaks at the first line (unbuffered); the files after it still count."""
    proc = into_a_closed_pipe("check", str(GOOD), str(WRONG), unbuffered=True)
    assert (proc.returncode, proc.stderr) == (1, "")
    proc = into_a_closed_pipe("check", str(GOOD), str(MALFORMED), unbuffered=True)
    assert proc.returncode == 2
    assert proc.stderr.startswith(f"error: {MALFORMED}:7: ")


def test_a_passing_check_into_a_closed_pipe_exits_0():
    """The rule chosen: the reader leaving is not a failure of the work (like ``yes | head``
    ends the pipeline without an error); the work's own status stands."""
    proc = into_a_closed_pipe("show", str(GOOD))
    assert (proc.returncode, proc.stderr) == (0, "")


# -- standard output closed or full ----------------------------------------------------------------

def test_standard_output_closed_is_refused_with_one_line():
    shell = shutil.which("bash")
    if shell is None:
        pytest.skip("no bash")
    script = f'exec "{sys.executable}" -m magicsub check "{GOOD}" >&-'
    proc = subprocess.run([shell, "-c", script], cwd=ROOT, env=ENV, capture_output=True,
                          text=True, timeout=120)
    assert (proc.returncode, proc.stderr) == (2, "magicsub: standard output is closed\n")


@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("command", ["check", "show"])
def test_standard_output_full_is_one_line_and_exit_2(command, unbuffered):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    env = {**ENV, "PYTHONUNBUFFERED": "1"} if unbuffered else ENV
    with open("/dev/full", "w") as full:
        proc = magicsub(command, str(WRONG), stdout=full, env=env)
    assert proc.returncode == 2
    assert proc.stderr == "magicsub: cannot write to standard output: No space left on device\n"


# -- Ctrl-C and SIGTERM ----------------------------------------------------------------------------

SLOW_RUN = """\
import signal, sys, time
from magicsub import cli

# Ctrl-C as from a terminal: a shell starts a background job with SIGINT ignored, and Python
# then never raises KeyboardInterrupt (make test in the background would fail here).
signal.signal(signal.SIGINT, signal.default_int_handler)

def slow(file, **options):
    sys.stderr.write("ready\\n")
    sys.stderr.flush()
    time.sleep(60)

cli.run_file = slow
sys.argv = ["magicsub", "check", "any.yaml"]
cli.run()
"""


@pytest.mark.parametrize(("signum", "status", "line"),
                         [(signal.SIGINT, 130, "magicsub: interrupted"),
                          (signal.SIGTERM, 143, "magicsub: terminated")], ids=["INT", "TERM"])
def test_a_signal_during_a_run_ends_with_one_line_and_its_status(signum, status, line):
    proc = subprocess.Popen([sys.executable, "-c", SLOW_RUN], cwd=ROOT, env=ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr.readline() == "ready\n"
        proc.send_signal(signum)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
        proc.wait()
    assert (proc.returncode, out, err) == (status, "", f"{line}\n")


# -- nothing printed can rewrite the terminal (in this process: the ``cli`` fixture) ---------------

def test_terminal_text_escapes_every_control_character_but_newline_and_tab():
    raw = "".join(chr(c) for c in [*range(0x20), 0x7f, *range(0x80, 0xa0)])
    raw += "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c\udc80"
    shown = terminal_text(raw)
    assert not RAW_CONTROL.search(shown.replace("\n", "").replace("\t", ""))
    assert "\n" in shown and "\t" in shown
    assert shown.startswith("\\x00\\x01")
    assert "\\x1b" in shown and "\\x7f" in shown and "\\x9b" in shown
    assert "\\u202e" in shown and "\\u2069" in shown and "\\udc80" in shown
    assert terminal_text("Alex — Brûlé, 726.1a") == "Alex — Brûlé, 726.1a"


def test_terminal_text_with_colour_keeps_only_the_viewers_own_codes():
    assert terminal_text("\x1b[1mA\x1b[0m \x1b[2J\x1b[8m", colour=True) == (
        "\x1b[1mA\x1b[0m \\x1b[2J\\x1b[8m")


@pytest.fixture()
def hostile(tmp_path) -> tuple[Path, Path]:
    """A passing and a failing scenario with a hostile title, under a hostile file name."""
    name = "evil\x1b[2J\u202e"
    good = tmp_path / f"{name}.yaml"
    good.write_text(GOOD.read_text().replace("title: Shahrazad with a short library",
                                             f'title: "{HOSTILE_TITLE}"'))
    bad = tmp_path / f"{name}fail.yaml"
    bad.write_text(WRONG.read_text())
    return good, bad


def assert_no_raw_control(text: str, *, colour: bool = False) -> None:
    if colour:
        text = SGR.sub("", text)
    assert not RAW_CONTROL.search(text.replace("\n", "").replace("\t", "")), text[:400]


def test_show_escapes_a_hostile_title(hostile, cli):
    good, _ = hostile
    proc = cli("show", str(good))
    assert proc.returncode == 0, proc.stderr
    assert "Evil \\x1b[2J\\x1b[H\\x1b]0;owned\\x07 title \\u202ereversed\\u202c \\x9b31m" \
        in proc.stdout
    assert_no_raw_control(proc.stdout)
    coloured = cli("show", "--colour", str(good))
    assert coloured.returncode == 0 and SGR.search(coloured.stdout)
    assert "\\x1b[2J" in coloured.stdout
    assert_no_raw_control(coloured.stdout, colour=True)


def test_check_escapes_its_ok_fail_and_error_lines(hostile, tmp_path, cli):
    good, bad = hostile
    missing = tmp_path / "gone\x1b]0;x\x07.yaml"
    proc = cli("check", str(good), str(bad), str(missing))
    assert proc.returncode == 2
    assert f"ok: {tmp_path}/evil\\x1b[2J\\u202e.yaml" in proc.stdout
    assert f"FAIL {tmp_path}/evil\\x1b[2J\\u202efail.yaml:11: expected 2 subgames" in proc.stdout
    assert f"{tmp_path}/gone\\x1b]0;x\\x07.yaml" in proc.stderr
    assert_no_raw_control(proc.stdout)
    assert_no_raw_control(proc.stderr)


def test_html_escapes_its_wrote_and_fail_lines(hostile, tmp_path, cli):
    _, bad = hostile
    out = tmp_path / "page\x1b[2J.html"
    proc = cli("html", str(bad), "-o", str(out))
    assert proc.returncode == 1
    assert proc.stdout.startswith(f"wrote {tmp_path}/page\\x1b[2J.html (")
    assert f"FAIL {tmp_path}/evil\\x1b[2J\\u202efail.yaml:11:" in proc.stderr
    assert_no_raw_control(proc.stdout)
    assert_no_raw_control(proc.stderr)
