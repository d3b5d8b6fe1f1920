"""The command line (DESIGN.md section 5): ``magicsub check FILE...`` exits 0 when every
expectation holds, 1 on a failed expectation or an illegal step, 2 on a malformed file (with
``file:line`` and never a traceback); ``magicsub show FILE`` prints each step's rule and changes,
in colour only when asked.

Most run in this process (the ``cli`` fixture: ``run_command``, what ``python -m magicsub``
runs); two start ``python -m magicsub`` to see its exit status and real pipes."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from magicsub import load_scenario
from magicsub.cli import main

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
GOOD = FIXTURES / "good"
BAD = FIXTURES / "bad"
GOOD_FILE = GOOD / "shahrazad_short_library.yaml"
DESIGN_FILE = GOOD / "design_example.yaml"
WRONG = BAD / "wrong_expectation.yaml"
ILLEGAL = BAD / "illegal_step.yaml"
FAILING = {WRONG.name, ILLEGAL.name}
MALFORMED = sorted(p for p in BAD.glob("*.yaml") if p.name not in FAILING)
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def python_m_magicsub(*args: str) -> subprocess.CompletedProcess:
    """``python -m magicsub ARGS`` from the repository root, in a new interpreter."""
    return subprocess.run([sys.executable, "-m", "magicsub", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


# -- check, as the command runs it (``run_command``: exit status, stdout, stderr) ------------------

def test_check_good_file_exits_0_and_says_ok(cli):
    proc = cli("check", rel(GOOD_FILE))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"ok: {rel(GOOD_FILE)}")
    assert proc.stderr == ""


def test_check_failed_expectation_exits_1_with_file_line_expected_actual(cli):
    proc = cli("check", rel(WRONG))
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    assert lines == [
        f"FAIL {rel(WRONG)}:11: expected 2 subgames; actual 1",
        f"FAIL {rel(WRONG)}:15: expected Bianca life 11; actual life 10",
    ]
    assert "Traceback" not in proc.stderr


def test_check_illegal_step_exits_1_with_file_line_and_rule(cli):
    proc = cli("check", rel(ILLEGAL))
    assert proc.returncode == 1
    assert f"{rel(ILLEGAL)}:10:" in proc.stderr
    assert "117.4" in proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("path", MALFORMED, ids=lambda p: p.name)
def test_check_malformed_file_exits_2_with_file_line_and_no_traceback(path, cli):
    error = _scenario_error(path)
    proc = cli("check", rel(path))
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert f"{rel(path)}:{error.line}:" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stdout == ""


def test_check_several_files_reports_each_and_exits_with_the_worst():
    """In a new interpreter: ``python -m magicsub`` exits with the status ``run_command``
    returns (1, then 2), and what it prints reaches real pipes."""
    proc = python_m_magicsub("check", rel(GOOD_FILE), rel(WRONG), rel(DESIGN_FILE))
    assert proc.returncode == 1
    assert f"ok: {rel(GOOD_FILE)}" in proc.stdout
    assert f"ok: {rel(DESIGN_FILE)}" in proc.stdout
    assert f"FAIL {rel(WRONG)}:15:" in proc.stdout
    proc = python_m_magicsub("check", rel(GOOD_FILE), rel(BAD / "unknown_step.yaml"),
                             rel(WRONG))
    assert proc.returncode == 2
    assert f"ok: {rel(GOOD_FILE)}" in proc.stdout
    assert f"FAIL {rel(WRONG)}:11:" in proc.stdout
    assert f"{rel(BAD / 'unknown_step.yaml')}:7:" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_check_all_good_files_at_once(cli):
    files = [rel(p) for p in sorted(GOOD.glob("*.yaml"))]
    proc = cli("check", *files)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.count("ok: ") == len(files)


def test_check_without_a_file_is_a_usage_error_exit_2(cli):
    proc = cli("check")
    assert proc.returncode == 2  # argparse usage error
    assert "Traceback" not in proc.stderr


def test_missing_file_is_a_clean_error(cli):
    proc = cli("check", "tests/fixtures/good/no_such_file.yaml")
    assert proc.returncode == 2
    assert "no_such_file.yaml" in proc.stderr
    assert "Traceback" not in proc.stderr


# -- check, in process -----------------------------------------------------------------------------

def test_main_check_good_file_returns_0_and_prints_ok(capsys):
    assert main(["check", str(GOOD_FILE)]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(f"ok: {GOOD_FILE}") and err == ""


def test_main_check_failed_expectation_returns_1_with_the_fail_line(capsys):
    assert main(["check", str(WRONG)]) == 1
    out, _ = capsys.readouterr()
    assert f"FAIL {WRONG}:15: expected Bianca life 11; actual life 10" in out.splitlines()


@pytest.mark.parametrize("path", MALFORMED, ids=lambda p: p.name)
def test_main_check_malformed_file_returns_2_with_file_line_and_detail(path, capsys):
    error = _scenario_error(path)
    assert main(["check", str(path)]) == 2
    out, err = capsys.readouterr()
    assert f"{path}:{error.line}:" in err
    assert error.detail in err
    assert "Traceback" not in err and out == ""


def test_main_check_several_files_returns_the_worst_status(capsys):
    assert main(["check", str(GOOD_FILE), str(DESIGN_FILE)]) == 0
    out, _ = capsys.readouterr()
    assert out.count("ok: ") == 2
    assert main(["check", str(GOOD_FILE), str(ILLEGAL), str(BAD / "seed_not_integer.yaml")]) == 2
    out, err = capsys.readouterr()
    assert f"{ILLEGAL}:10:" in err and "seed_not_integer.yaml:4:" in err


def _scenario_error(path: Path):
    from magicsub import ScenarioError

    try:
        load_scenario(path)
    except ScenarioError as err:
        return err
    raise AssertionError(f"{path} loads")


# -- show ------------------------------------------------------------------------------------------

def test_show_prints_each_steps_rule_and_changes(capsys):
    assert main(["show", str(GOOD_FILE)]) == 0
    out, _ = capsys.readouterr()
    result = load_scenario(GOOD_FILE).run()
    assert not ANSI.search(out)
    for step in result.trace:
        assert f"[{step.index + 1}] {step.rule}" in out
        for change in step.changes:
            assert change.words() in out


def test_show_colour_only_when_asked(capsys):
    assert main(["show", str(GOOD_FILE), "--no-colour"]) == 0
    plain, _ = capsys.readouterr()
    assert not ANSI.search(plain)
    assert main(["show", str(GOOD_FILE), "--colour"]) == 0
    coloured, _ = capsys.readouterr()
    assert ANSI.search(coloured)
    assert ANSI.sub("", coloured) == plain


def test_show_in_a_subprocess_has_no_colour_without_a_terminal():
    """In a new interpreter: standard output is a real pipe, not a terminal."""
    proc = python_m_magicsub("show", rel(DESIGN_FILE))
    assert proc.returncode == 0, proc.stderr
    assert not ANSI.search(proc.stdout)
    result = load_scenario(DESIGN_FILE).run()
    for step in result.trace:
        assert f"[{step.index + 1}] {step.rule}" in proc.stdout
    proc = python_m_magicsub("show", "--colour", rel(DESIGN_FILE))
    assert proc.returncode == 0 and ANSI.search(proc.stdout)


def test_show_returns_1_for_a_failed_expectation_and_2_for_a_malformed_file(capsys):
    assert main(["show", str(WRONG)]) == 1
    out, _ = capsys.readouterr()
    assert f"{WRONG}:15: expected Bianca life 11; actual life 10" in out
    assert main(["show", str(BAD / "unknown_step.yaml")]) == 2
    out, err = capsys.readouterr()
    assert "unknown_step.yaml:7:" in err and "Traceback" not in err


# -- cards magicsub does not know (CR 108.1), --strict, plain: true --------------------------------

UNKNOWN = """\
title: Timetwister, which magicsub does not know
players: [Alex, Bianca]
libraries: {Alex: 10, Bianca: 10}
objects:
  - {id: etd, name: Timetwister, owner: Alex, zone: hand, types: [sorcery]}
  - {id: bears, name: Grizzly Bears, owner: Bianca}
  - {id: bolt, name: Lightning Bolt, owner: Bianca, zone: hand, types: [instant]}
steps:
  - cast: {card: etd, by: Alex}
  - resolve: etd
expect:
  - {object: etd, zone: graveyard}
"""
WARNING = ("warning: {file}:{line}: magicsub does not know the card {name!r}: object {id} is "
           "played as {kind} with no abilities (plain: true marks a deliberate stand-in; "
           "strict: true refuses it)")


def _write(tmp_path: Path, text: str, name: str = "s.yaml") -> str:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return name


def test_check_and_show_warn_about_each_unknown_card_with_its_file_and_line(cli, tmp_path):
    """CR 108.1: one warning per object naming a card magicsub does not know, on standard
    error, at the object's line; the exit status stays the work's (0)."""
    file = _write(tmp_path, UNKNOWN)
    warnings = [WARNING.format(file=file, line=5, name="Timetwister", id="etd",
                               kind="a sorcery"),
                WARNING.format(file=file, line=7, name="Lightning Bolt", id="bolt",
                               kind="an instant")]
    proc = cli("check", file, cwd=tmp_path)
    assert proc.returncode == 0
    assert proc.stderr.splitlines() == warnings
    assert proc.stdout.startswith(f"ok: {file} (")
    proc = cli("show", file, "--no-colour", cwd=tmp_path)
    assert proc.returncode == 0
    assert proc.stderr.splitlines() == warnings
    assert "[1] 108.1 (726) Use the Oracle card reference when determining a card’s wording." \
        in proc.stdout
    assert ("    - magicsub does not know Timetwister [etd]: it is played as a sorcery "
            "with no abilities of its own, so its Oracle text does nothing here.") in proc.stdout


@pytest.mark.parametrize("how", ["flag", "key"])
def test_strict_refuses_an_unknown_card_exit_2_with_its_line_and_writes_nothing(cli, tmp_path,
                                                                                 how):
    """``--strict`` (or ``strict: true`` in the file): the first unknown card is an error at its
    line, exit 2, for check, show and html; nothing is printed on standard output and html
    writes no page."""
    text = UNKNOWN + ("strict: true\n" if how == "key" else "")
    file = _write(tmp_path, text)
    flag = ["--strict"] if how == "flag" else []
    error = (f"error: {file}:5: object etd: magicsub does not know the card "
             "'Timetwister' (it has no Oracle text for it, CR 108.1) and strict refuses to play it "
             "as a card with no abilities: use a built-in card, or mark a deliberate stand-in "
             "plain: true")
    for command in (["check", file], ["show", file], ["html", file, "-o", "out.html"]):
        proc = cli(*command, *flag, cwd=tmp_path)
        assert (proc.returncode, proc.stdout, proc.stderr) == (2, "", error + "\n"), command
    assert sorted(p.name for p in tmp_path.iterdir()) == [file]


def test_an_acknowledged_stand_in_is_not_warned_about_nor_refused_but_still_noted(cli,
                                                                                   tmp_path):
    """``plain: true`` on both unknown cards: no warning, ``--strict`` accepts them, and the
    trace's 108.1 step says each stands in."""
    file = _write(tmp_path, UNKNOWN.replace("types: [sorcery]}", "types: [sorcery], plain: true}")
                  .replace("types: [instant]}", "types: [instant], plain: true}"))
    proc = cli("check", "--strict", file, cwd=tmp_path)
    assert (proc.returncode, proc.stderr) == (0, "")
    proc = cli("show", file, "--strict", "--no-colour", cwd=tmp_path)
    assert (proc.returncode, proc.stderr) == (0, "")
    assert ("    - Timetwister [etd] stands in as a sorcery with no abilities of its own: "
            "what happens to it here is what the steps do, not what its Oracle text says."
            ) in proc.stdout
    assert "    - Lightning Bolt [bolt] stands in as an instant" in proc.stdout


def test_plain_on_a_built_in_card_is_a_malformed_file_exit_2(cli, tmp_path):
    file = _write(tmp_path, UNKNOWN.replace("owner: Bianca}", "owner: Bianca, plain: true}"))
    proc = cli("check", file, cwd=tmp_path)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.endswith(f"error: {file}:6: object bears: plain: true marks a card "
                                "magicsub does not know, but 'Grizzly Bears' is a built-in card, "
                                "played with its abilities: remove plain\n")


BEFORE_ILLEGAL = """\
title: Two wrong expectations, then an illegal step
players: [Alex, Bianca]
libraries: {Alex: 10, Bianca: 10}
objects:
  - {id: shahrazad, name: Shahrazad, owner: Alex, zone: hand}
steps:
  - cast: {card: shahrazad, by: Alex}
  - expect: {subgames: 1}
  - expect: {stack: [shahrazad]}
  - resolve: shahrazad
  - expect: [{player: Bianca, life: 3}]
  - resolve: shahrazad
expect:
  - {subgames: 7}
"""


def test_check_reports_every_failed_inline_expectation_before_an_illegal_step(cli, tmp_path):
    """Two inline expectations fail (lines 8 and 11), then a step is illegal (line 12, CR 117.4:
    the subgame's stack is empty): ``check`` prints both FAIL lines, in order, then the illegal
    step, and exits 1; ``show`` and ``html`` (no page written) report them too."""
    file = _write(tmp_path, BEFORE_ILLEGAL)
    fails = [f"FAIL {file}:8: expected 1 subgames; actual 0",
             f"FAIL {file}:11: expected Bianca life 3; actual life 20"]
    illegal = (f"illegal step: {file}:12: the stack of subgame 1 is empty; nothing can resolve "
               "(expected shahrazad) (rule 117.4)")
    proc = cli("check", file, cwd=tmp_path)
    assert (proc.returncode, proc.stdout.splitlines(), proc.stderr.splitlines()) == (
        1, fails, [illegal])
    proc = cli("show", file, cwd=tmp_path)
    assert (proc.returncode, proc.stdout.splitlines(), proc.stderr.splitlines()) == (
        1, fails, [illegal])
    proc = cli("html", file, "-o", "out.html", cwd=tmp_path)
    assert (proc.returncode, proc.stdout, proc.stderr.splitlines()) == (1, "", fails + [illegal])
    assert sorted(p.name for p in tmp_path.iterdir()) == [file]
