"""The command line: ``magicsub check FILE...``, ``magicsub show FILE``, ``magicsub html FILE``."""

from __future__ import annotations

import argparse
import sys

from .scenario import run_file


def _check(files: list[str]) -> int:
    status = 0
    for file in files:
        result, message, code = run_file(file)
        status = max(status, code)
        if result is None:
            print(message, file=sys.stderr)
        elif result.ok:
            print(f"ok: {file} ({len(result.trace)} steps)")
        else:
            for failure in result.failures:
                print(f"FAIL {failure}")
    return status


def _show(file: str, colour: bool | None) -> int:
    result, message, code = run_file(file)
    if result is None:
        print(message, file=sys.stderr)
        return code
    from .textview import trace_text

    colour = sys.stdout.isatty() if colour is None else colour
    print(trace_text(result, colour=colour))
    return 0 if result.ok else 1


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status (0 ok, 1 expectation failed, 2 bad file)."""
    parser = argparse.ArgumentParser(prog="magicsub", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p_check = sub.add_parser("check", help="run scenario files and check their expectations")
    p_check.add_argument("files", nargs="+")
    p_show = sub.add_parser("show", help="print a scenario's trace step by step")
    p_show.add_argument("file")
    p_show.add_argument("--colour", "--color", dest="colour", action="store_true", default=None)
    p_show.add_argument("--no-colour", "--no-color", dest="colour", action="store_false")
    p_html = sub.add_parser("html", help="write a standalone walkthrough page")
    p_html.add_argument("file")
    p_html.add_argument("-o", "--output", required=True)
    args = parser.parse_args(argv)
    if args.command == "check":
        return _check(args.files)
    if args.command == "show":
        return _show(args.file, args.colour)
    from .htmlpage import write_page

    return write_page(args.file, args.output)


def run() -> None:
    """Console entry point: like ``main`` but quiet when the reader closes the pipe early."""
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 0
    sys.exit(status)


if __name__ == "__main__":  # pragma: no cover
    run()
