"""What the tests of written files share: a scenario file, a page written in process, and a
snapshot of a folder."""

from __future__ import annotations

import os
from pathlib import Path

from magicsub import cli

SCENARIO = (Path(__file__).resolve().parent / "fixtures" / "good"
            / "shahrazad_short_library.yaml").read_text()
"""A short scenario (Shahrazad, a short library) for the page-writing tests."""


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every entry under ``folder`` (links not followed): its bytes, or what it is."""
    found: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        key = str(path.relative_to(folder))
        if path.is_symlink():
            found[key] = f"-> {os.readlink(path)}"
        elif path.is_dir():
            found[key] = "dir"
        else:
            found[key] = path.read_bytes()
    return found


def write_page(scenario: Path, out: Path, capsys, **options) -> tuple[int, str, str]:
    """``magicsub html`` in process (``cli.write_page`` with ``options``): its exit status
    and what it printed to stdout and stderr."""
    status = cli.write_page(scenario, out, **options)
    captured = capsys.readouterr()
    return status, captured.out, captured.err
