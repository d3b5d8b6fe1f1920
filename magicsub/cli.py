"""The command line: ``magicsub check FILE...``, ``magicsub show FILE``, ``magicsub html FILE``,
``magicsub examples``, ``magicsub new FILE`` and ``magicsub --version``.

Exit status: 0 every expectation holds; 1 an expectation failed or a step is illegal; 2 a
malformed file (with ``--strict`` or ``strict: true``, also a card magicsub does not know), a
usage error, or output that could not be written (standard output closed or full, a refused or
failed ``html``, ``examples`` or ``new`` output); 130 interrupted (Ctrl-C); 143 terminated
(SIGTERM).

``check``, ``show`` and ``html`` warn on standard error about each object that names a card
magicsub does not know (``warning: FILE:LINE: ...``): it is played with no abilities. A
warning does not change the exit status. Every expectation that failed is reported, also
those checked before an illegal step.

A reader that stops early (``magicsub check ... | head -1``) does not change the verdict: the
rest of the output is discarded, every file is still run, and the exit status is the work's.
Everything printed goes through ``terminal_text``, so a title cannot rewrite the terminal.
The help it prints is plain text (``DESCRIPTION``, ``EPILOGS``), not this docstring.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import sys
import textwrap
from pathlib import Path
from urllib.parse import quote

from . import __version__
from .engine.limits import MAX_PAGE_BYTES, MAX_PAGE_CELLS
from .scenario import FileRun, run_file

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e"
                      "\u2066-\u2069\ud800-\udfff]")


class _OutputLost(Exception):
    """Standard output could not be written (closed, full disk, an I/O error)."""

    def __init__(self, error: OSError):
        super().__init__(error.strerror or str(error))


class _Terminated(BaseException):
    """SIGTERM arrived: unwind (removing temporary files) and exit 143."""


def _escape(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _sgr_codes() -> re.Pattern:
    from .views import textview

    codes = [textview.RESET, textview.BOLD, textview.DIM, textview.RED, textview.GREEN,
             textview.YELLOW, textview.BLUE, textview.MAGENTA, textview.CYAN]
    return re.compile("(" + "|".join(re.escape(c) for c in codes) + ")")


def terminal_text(text: str, *, colour: bool = False) -> str:
    r"""``text`` with every control character shown as a visible escape, for a terminal.

    Escaped: C0 controls but newline and tab, DEL, C1 controls (so ESC and every escape
    sequence), the bidirectional overrides, isolates and marks, and lone surrogates; each
    becomes ``\x1b``- or ``\u202e``-style text. With ``colour``, the SGR codes that
    ``magicsub.views.textview`` paints with (reset, bold, dim, six colours) pass unchanged: a title
    can then at worst colour the text after it, never move the cursor or clear the screen.

    >>> terminal_text("a\x1b[2Jb\u202ec\n")
    'a\\x1b[2Jb\\u202ec\n'
    """
    if not colour:
        return _CONTROL.sub(_escape, text)
    parts = _sgr_codes().split(text)
    return "".join(part if i % 2 else _CONTROL.sub(_escape, part) for i, part in enumerate(parts))


def _discard(stream) -> None:
    """Send the rest of ``stream``'s output to the null device (its reader has gone)."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)
    except (OSError, ValueError):
        pass


def say(text: str, *, err: bool = False, colour: bool = False) -> None:
    """Print ``text`` and a newline on standard output (or error), through ``terminal_text``.

    A closed pipe (the reader stopped early) discards the rest of that stream's output and
    lets the work go on. Any other failure to write standard output raises (``run`` turns it
    into a one-line message and exit status 2); a failure to write standard error is ignored,
    since there is nowhere left to report it.
    """
    stream = sys.stderr if err else sys.stdout
    if stream is None:
        return
    try:
        stream.write(terminal_text(text, colour=colour) + "\n")
    except BrokenPipeError:
        _discard(stream)
    except OSError as error:
        if not err:
            raise _OutputLost(error) from None


def _flush_stdout() -> None:
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _discard(sys.stdout)
    except OSError as error:
        raise _OutputLost(error) from None


DESCRIPTION = ("Step through the Magic: The Gathering rules for subgames (CR 726) and for "
               "leaving a multiplayer game (CR 800.4): run scenario files, check their "
               "expectations, print their traces, write walkthrough pages.")
"""The description ``magicsub --help`` prints (plain text)."""

EPILOGS = {
    "magicsub": """\
examples:
  magicsub examples                     list the scenarios that come with magicsub
  magicsub examples --copy my-examples  copy them all into a folder, to run and adapt
  magicsub new my.yaml --players Alex,Bianca,Cho
                                        start a scenario of your own
  magicsub check my.yaml                check that its expectations hold
  magicsub show my.yaml                 print its trace, step by step
  magicsub html my.yaml -o my.html      write its walkthrough page

exit status: 0 every expectation holds; 1 an expectation failed or a step is illegal;
2 a malformed file (with --strict, also a card magicsub does not know), a usage error, or
output that could not be written or was refused; 130 interrupted (Ctrl-C); 143 terminated.""",
    "check": """\
examples:
  magicsub check my.yaml my-examples/*.yaml
  (prints "ok: FILE (N steps)" or each failed expectation as "FAIL FILE:LINE: expected ...",
  also those before an illegal step)
  magicsub check --strict my.yaml
  (refuses, exit 2, a card magicsub does not know unless the object has plain: true; without
  --strict, "warning: FILE:LINE: magicsub does not know the card ..." on standard error)""",
    "show": """\
example:
  magicsub show my.yaml | less""",
    "html": f"""\
examples:
  magicsub html my.yaml -o my.html                  the page, and its folder my_files/
  magicsub html my.yaml -o my.html --single-file    one file: open it from disk, email it
  magicsub html my.yaml -o my.html --single-file --embed > snippet.html
                                                    and an <iframe> snippet for a blog post

The page shows the book's stepper: compact steps ("Show every step"), "Jump to the step
citing" a rule, a link to each step (my.html#walk-12) and a table of every step for printing.
By default it comes with a folder named after it (my.html: my_files/, its script and styles,
about 40 kB): keep the two side by side. With --single-file the page holds everything (a
walkthrough of 50 steps: about 140 kB). The <iframe> that --embed prints is sandboxed
(sandbox="allow-scripts"): the page's scripts run, but cannot reach the blog's page, cookies
or storage. Change its src if the page is not beside the post, its height to taste.

limits: a page grows with what its steps change (about 1 kB a step). A page of more than
{MAX_PAGE_BYTES:,} bytes, or whose steps show more than {MAX_PAGE_CELLS:,} fragments of board
in all, is refused (exit 2, nothing written): split the scenario into shorter walkthroughs.""",
    "examples": """\
examples:
  magicsub examples                              list them: name, then title
  magicsub examples 726_1_shahrazad              copy one into the current folder
  magicsub examples 726_5_end_of_subgame 800_4a_act_of_treason -o walkthroughs
  magicsub examples --copy my-examples           copy them all into a folder
  magicsub check my-examples/*.yaml              then run them""",
    "new": """\
examples:
  magicsub new my.yaml                                    Shahrazad, with Alex and Bianca
  magicsub new leaving.yaml --rule 800.4a --players Ana,Ben,Chidi,Dee
  magicsub new bribery.yaml --players Alex,Bianca,Cho --card Bribery
  magicsub check my.yaml                                  it passes as written: now edit it""",
}
"""The example (and exit status) text after each command's help, by command."""


class _Parser(argparse.ArgumentParser):
    """argparse, with its usage and error messages printed through ``say``, help text kept as
    written (no rewrapping), and the command's example from ``EPILOGS`` after its help."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        if kwargs.get("description") and "\n" not in kwargs["description"]:
            kwargs["description"] = textwrap.fill(kwargs["description"], 78)
        super().__init__(*args, **kwargs)
        if self.epilog is None:
            self.epilog = EPILOGS.get(self.prog.split(" ")[-1])

    def _print_message(self, message: str, file=None) -> None:
        if message:
            say(message.rstrip("\n"), err=file is not sys.stdout)


def warn(run: FileRun) -> None:
    """Say on standard error what ``run``'s scenario plays without knowing: one line per object
    naming a card magicsub does not know (``warning: FILE:LINE: ...``)."""
    for warning in run.warnings:
        say(f"warning: {warning}", err=True)


def _check(files: list[str], strict: bool | None) -> int:
    status = 0
    for file in files:
        run = run_file(file, strict=strict)
        status = max(status, run.status)
        warn(run)
        for failure in run.failures:
            say(f"FAIL {failure}")
        if run.error is not None:
            say(run.error, err=True)
        elif run.result.ok:
            say(f"ok: {file} ({len(run.result.trace)} steps)")
    return status


def _show(file: str, colour: bool | None, strict: bool | None) -> int:
    run = run_file(file, strict=strict)
    warn(run)
    if run.result is None:
        for failure in run.failures:
            say(f"FAIL {failure}")
        say(run.error, err=True)
        return run.status
    from .views.textview import trace_text

    colour = sys.stdout.isatty() if colour is None else colour
    say(trace_text(run.result, colour=colour), colour=colour)
    return run.status


def _add_author_commands(sub) -> None:
    """The commands for someone writing scenarios: ``examples`` and ``new``."""
    p_examples = sub.add_parser(
        "examples", help="list the scenarios that come with magicsub, or copy them out",
        description="List the scenarios that come with magicsub (name and title, grouped by "
        "rule), or copy them into a folder to run and adapt. A file already there with other "
        "content is not overwritten unless --force is given: nothing is written then.")
    p_examples.add_argument("names", nargs="*", metavar="NAME",
                            help="an example to copy (a name from the list); with no NAME, "
                            "--copy copies them all")
    p_examples.add_argument("-o", "--copy", dest="folder", metavar="DIR",
                            help="copy into this folder, created if missing (default with a "
                            "NAME: the current folder)")
    p_examples.add_argument("--force", action="store_true",
                            help="replace files there that have other content")
    p_examples.set_defaults(handler=_examples)
    p_new = sub.add_parser(
        "new", help="start a scenario file: comments, and an example that runs",
        description="Write a new scenario file to start from: the players you name, a comment "
        "on every key, and a small example that runs and passes 'magicsub check' (Shahrazad "
        "starting a subgame; for a rule of CR 800-801, a player conceding a multiplayer game). "
        "An existing file is not overwritten unless --force is given.")
    p_new.add_argument("file", metavar="FILE", help="the scenario file to write, e.g. my.yaml")
    p_new.add_argument("--players", metavar="NAMES",
                       help="the players in turn order, separated by commas (default: "
                       "Alex,Bianca; Alex,Bianca,Cho for a rule of CR 800-801)")
    p_new.add_argument("--rule", metavar="RULE",
                       help="the rule the scenario is about, e.g. 726.5: its text is quoted at "
                       "the top and it starts the title")
    p_new.add_argument("--card", action="append", default=[], metavar="NAME",
                       help="a card magicsub knows, put in the first player's hand with its "
                       "rules text quoted (repeat for more; the book's reference lists them)")
    p_new.add_argument("--force", action="store_true", help="replace FILE if it exists")
    p_new.set_defaults(handler=_new)


def _examples(args) -> int:
    from .scenario import examples
    from .scenario.safefiles import OutputRefused

    try:
        shipped = examples.shipped()
        if not args.names and args.folder is None:
            say(examples.listing(shipped))
            return 0
        chosen = examples.find(args.names, shipped) if args.names else shipped
        done = examples.copy_out(chosen, args.folder or ".", force=args.force)
    except (examples.UnknownExample, OutputRefused) as err:
        say(f"magicsub examples: {err}", err=True)
        return 2
    except OSError as err:
        say(f"magicsub examples: {_os_error(err)}; nothing was kept", err=True)
        return 2
    for path, what in done:
        say(f"{what} {path}")
    return 0


def _new(args) -> int:
    from .scenario.newfiles import write_new_files
    from .scenario.safefiles import OutputRefused, new_folder
    from .scenario.scaffold import ScaffoldError, scaffold

    path = Path(args.file)
    try:
        text = scaffold(path.name, players=args.players, rule=args.rule, card_names=args.card)
        with new_folder(path.parent):
            [(_, what)] = write_new_files([(path, text.encode("utf-8"))], force=args.force)
    except (ScaffoldError, OutputRefused) as err:
        say(f"magicsub new: {err}", err=True)
        return 2
    except OSError as err:
        say(f"magicsub new: {_os_error(err)}; nothing was written", err=True)
        return 2
    say(f"{what} {path}: it passes as written; edit it, then run: magicsub check {path}")
    return 0


def _os_error(err: OSError) -> str:
    where = f"{err.filename}: " if err.filename else ""
    return f"cannot write {where}{err.strerror or err}"


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status (0 ok, 1 expectation failed, 2 bad file)."""
    parser = _Parser(prog="magicsub", description=DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"magicsub {__version__}",
                        help="print magicsub's version and exit")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p_check = sub.add_parser("check", help="run scenario files and check their expectations",
                             description="Run scenario files and check their expectations.")
    p_check.add_argument("files", nargs="+", metavar="FILE", help="a scenario file (YAML)")
    _strict_flag(p_check)
    p_show = sub.add_parser("show", help="print a scenario's trace step by step",
                            description="Print a scenario's trace step by step: each step's "
                            "rule, the sentence that applies and what changed.")
    p_show.add_argument("file", metavar="FILE", help="a scenario file (YAML)")
    p_show.add_argument("--colour", "--color", dest="colour", action="store_true", default=None,
                        help="colour the output (the default on a terminal)")
    p_show.add_argument("--no-colour", "--no-color", dest="colour", action="store_false",
                        help="never colour the output")
    _strict_flag(p_show)
    _add_author_commands(sub)
    p_html = sub.add_parser(
        "html", help="write a standalone walkthrough page",
        description="Run a scenario and write its walkthrough: a page with a stepper over its "
                    "trace\n(Previous/Next, a slider, arrow keys, Play), which needs no "
                    "kernel, no network\nand no other host.")
    p_html.add_argument("file", help="the scenario file (YAML)")
    p_html.add_argument("-o", "--output", required=True, help="the page to write (.html)")
    p_html.add_argument("--single-file", action="store_true",
                        help="write one HTML file with everything inline (no folder)")
    p_html.add_argument("--embed", action="store_true",
                        help="print an <iframe> snippet that shows the page in a blog post on "
                             "standard output (other messages go to standard error)")
    _strict_flag(p_html)
    args = parser.parse_args(argv)
    if hasattr(args, "handler"):
        return args.handler(args)
    if args.command == "check":
        return _check(args.files, args.strict)
    if args.command == "show":
        return _show(args.file, args.colour, args.strict)
    return write_page(args.file, args.output, single_file=args.single_file,
                      embed=args.embed, strict=args.strict)


def write_page(file: str | Path, out: str | Path, *, single_file: bool = False,
               embed: bool = False, strict: bool | None = None) -> int:
    """Load and run the scenario ``file`` and write its walkthrough page to ``out``: with
    ``single_file``, one file with everything inline; else the page and ``<stem>_files/``.
    With ``embed``, print ``embed_snippet`` for the page on standard output (and the other
    messages on stderr).

    Return the exit status: 0 written and every expectation holds; 1 an illegal step, or a
    failed expectation (the page is still written); 2 a malformed file, or no page written
    (``out`` is the input or a link, a file of the user's is in the assets' way, a write
    failed, the page would pass ``MAX_PAGE_BYTES`` or ``MAX_PAGE_CELLS``). Errors go to
    stderr, in one line; a refused or failed write changes nothing on disk. Each card
    magicsub does not know is a warning on stderr; with ``strict`` (or ``strict: true`` in
    the file) it is refused (2, nothing written).
    """
    from .pages.statichtml import PageTooLarge
    from .pages.walkthrough import embed_height, embed_snippet, scenario_page
    from .scenario.safefiles import OutputRefused

    run = run_file(file, strict=strict)
    warn(run)
    result = run.result
    if result is None:
        for failure in run.failures:
            say(f"FAIL {failure}", err=True)
        say(run.error, err=True)
        return run.status
    try:
        path = scenario_page(result, out, single_file=single_file)
    except PageTooLarge as err:
        say(f"error: {file}: {err}; nothing was written: split the scenario into shorter "
            "walkthroughs", err=True)
        return 2
    except OutputRefused as err:
        say(f"error: {err}", err=True)
        return 2
    except OSError as err:
        say(f"error: cannot write {err.filename or out}: {err.strerror or err}; nothing was "
            "replaced", err=True)
        return 2
    steps = f"{len(result.trace)} steps"
    if single_file:
        size = path.stat().st_size
        say(f"wrote {path} ({steps}, {size / 1e3:,.0f} kB, everything inline: open it from "
            "disk, send it, or put it online)", err=embed)
    else:
        say(f"wrote {path} ({steps}) and {path.stem}_files/ (keep them side by side; or use "
            "--single-file for one file)", err=embed)
    if embed:
        say(embed_snippet(quote(path.name), result.scenario.title,
                          embed_height(len(result.scenario.players))))
    for failure in result.failures:
        say(f"FAIL {failure}", err=True)
    return 0 if result.ok else 1


def _strict_flag(parser: argparse.ArgumentParser) -> None:
    """``--strict``: refuse a card magicsub does not know (as ``strict: true`` in the file)."""
    parser.add_argument("--strict", action="store_const", const=True, default=None,
                        help="refuse (exit 2) an object naming a card magicsub does not know, "
                        "unless it is marked plain: true (as strict: true in the file)")


def _terminate(signum, frame) -> None:
    raise _Terminated


def _exit_code(code: object) -> int:
    if code is None:
        return 0
    return code if isinstance(code, int) else 2


def run_command(argv: list[str] | None = None) -> int:
    """``main`` as a Unix tool: return the exit status, never a traceback.

    Standard output closed: refused before any work, exit 2 (a file opened later could take
    its descriptor). Standard output full or failing: one line on stderr, exit 2 (the output
    is lost, whatever the verdict). A closed pipe: the work's status. Ctrl-C: "interrupted",
    130. SIGTERM (when called from the main thread): "terminated", 143; temporary files are
    removed on the way out.
    """
    if sys.stdout is None:
        say("magicsub: standard output is closed", err=True)
        return 2
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    try:
        previous = signal.signal(signal.SIGTERM, _terminate)
    except ValueError:  # not the main thread
        previous = None
    try:
        return _run_main(argv)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _run_main(argv: list[str] | None) -> int:
    try:
        try:
            status = main(argv)
        except SystemExit as exc:  # argparse: --help, or a usage error
            status = _exit_code(exc.code)
        _flush_stdout()
        return status
    except KeyboardInterrupt:
        _settle_stdout()
        say("magicsub: interrupted", err=True)
        return 130
    except _Terminated:
        _settle_stdout()
        say("magicsub: terminated", err=True)
        return 143
    except _OutputLost as error:
        _discard(sys.stdout)
        say(f"magicsub: cannot write to standard output: {error}", err=True)
        return 2


def _settle_stdout() -> None:
    """Flush what was printed before an interruption; drop it if it cannot be written."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        _discard(sys.stdout)


def run() -> None:
    """Console entry point: ``run_command`` on ``sys.argv``, then exit with its status."""
    sys.exit(run_command(sys.argv[1:]))


__all__ = ["DESCRIPTION", "EPILOGS", "main", "run", "run_command", "say", "terminal_text",
           "warn"]


if __name__ == "__main__":  # pragma: no cover
    run()
