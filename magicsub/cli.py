"""The command line: ``magicsub check FILE...``, ``magicsub show FILE``, ``magicsub html FILE``.

Exit status: 0 every expectation holds; 1 an expectation failed or a step is illegal; 2 a
malformed file, a usage error, or output that could not be written (standard output closed or
full, a refused or failed ``html`` output); 130 interrupted (Ctrl-C); 143 terminated (SIGTERM).

A reader that stops early (``magicsub check ... | head -1``) does not change the verdict: the
rest of the output is discarded, every file is still run, and the exit status is the work's.
Everything printed goes through ``terminal_text``, so a title cannot rewrite the terminal.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import sys

from .scenario import run_file

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
    from . import textview

    codes = [textview.RESET, textview.BOLD, textview.DIM, textview.RED, textview.GREEN,
             textview.YELLOW, textview.BLUE, textview.MAGENTA, textview.CYAN]
    return re.compile("(" + "|".join(re.escape(c) for c in codes) + ")")


def terminal_text(text: str, *, colour: bool = False) -> str:
    r"""``text`` with every control character shown as a visible escape, for a terminal.

    Escaped: C0 controls but newline and tab, DEL, C1 controls (so ESC and every escape
    sequence), the bidirectional overrides, isolates and marks, and lone surrogates; each
    becomes ``\x1b``- or ``\u202e``-style text. With ``colour``, the SGR codes that
    ``magicsub.textview`` paints with (reset, bold, dim, six colours) pass unchanged: a title
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


class _Parser(argparse.ArgumentParser):
    """argparse, with its usage and error messages printed through ``say``."""

    def _print_message(self, message: str, file=None) -> None:
        if message:
            say(message.rstrip("\n"), err=file is not sys.stdout)


def _check(files: list[str]) -> int:
    status = 0
    for file in files:
        result, message, code = run_file(file)
        status = max(status, code)
        if result is None:
            say(message, err=True)
        elif result.ok:
            say(f"ok: {file} ({len(result.trace)} steps)")
        else:
            for failure in result.failures:
                say(f"FAIL {failure}")
    return status


def _show(file: str, colour: bool | None) -> int:
    result, message, code = run_file(file)
    if result is None:
        say(message, err=True)
        return code
    from .textview import trace_text

    colour = sys.stdout.isatty() if colour is None else colour
    say(trace_text(result, colour=colour), colour=colour)
    return 0 if result.ok else 1


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status (0 ok, 1 expectation failed, 2 bad file)."""
    parser = _Parser(prog="magicsub", description=__doc__.split("\n\n")[0],
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p_check = sub.add_parser("check", help="run scenario files and check their expectations")
    p_check.add_argument("files", nargs="+")
    p_show = sub.add_parser("show", help="print a scenario's trace step by step")
    p_show.add_argument("file")
    p_show.add_argument("--colour", "--color", dest="colour", action="store_true", default=None)
    p_show.add_argument("--no-colour", "--no-color", dest="colour", action="store_false")
    p_html = sub.add_parser(
        "html", help="write a standalone walkthrough page",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Run a scenario and write its walkthrough: a page with a stepper over its "
                    "trace\n(Previous/Next, a slider, arrow keys, Play), which needs no "
                    "kernel, no network\nand no other host.",
        epilog="By default the page comes with a folder named after it (s.html: s_files/, "
               "the\nwidget JavaScript, about 2 MB): keep the two side by side. With "
               "--single-file\nthe page holds everything (about 2.2 MB, 0.55 MB gzipped): "
               "open it from disk,\noffline, email it, attach it to a post.\n\n"
               "For a blog post: upload the page and paste the snippet that --embed prints:"
               "\n\n  magicsub html s.yaml -o s.html --single-file --embed > snippet.html"
               "\n\nThe <iframe> is sandboxed (sandbox=\"allow-scripts\"): the page's "
               "scripts run,\nbut cannot reach the blog's page, cookies or storage. Change "
               "its src if the\npage is not beside the post, its height to taste.")
    p_html.add_argument("file", help="the scenario file (YAML)")
    p_html.add_argument("-o", "--output", required=True, help="the page to write (.html)")
    p_html.add_argument("--single-file", action="store_true",
                        help="write one HTML file with everything inline (no folder)")
    p_html.add_argument("--embed", action="store_true",
                        help="print an <iframe> snippet that shows the page in a blog post on "
                             "standard output (other messages go to standard error)")
    args = parser.parse_args(argv)
    if args.command == "check":
        return _check(args.files)
    if args.command == "show":
        return _show(args.file, args.colour)
    from .htmlpage import write_page

    return write_page(args.file, args.output, single_file=args.single_file,
                      embed=args.embed)


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


__all__ = ["main", "run", "run_command", "say", "terminal_text"]


if __name__ == "__main__":  # pragma: no cover
    run()
