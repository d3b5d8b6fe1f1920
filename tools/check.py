"""``make check``: the checks an edit touches, in well under a minute (``make test`` runs all).

The change is every file that differs from the branch's base: committed since the merge base
with ``origin/main`` (or ``main``), staged, unstaged and untracked (``--base REF`` names
another base). From it:

1. **Lint**: ruff on the changed Python files; the notebook hygiene check (``tools/notebooks.py
   check``) when a notebook changed.
2. **Golden traces**: when anything under ``magicsub/`` changed, every shipped scenario is run
   and its ``magicsub show`` text compared with ``tests/golden/`` (``tools/golden.py``); the
   scenarios whose trace changed are named.
3. **Unit tests**: the changed test modules; for a changed module of ``magicsub``, the test
   modules that import it (by its dotted name, or ``from`` its package) or are named after it,
   and the module's own doctests; for any other changed file (data, a tool), the test modules
   that name it; for a changed page, the test modules that read the book's notebooks (the
   prose rules, rule coverage, links); ``tests/test_scenarios.py`` and
   ``tests/test_structure.py`` whenever ``magicsub/`` changed. A change to
   ``tests/conftest.py`` or a helper module of ``tests/`` runs every unit test.
4. **Notebooks** (nbval): the changed notebooks, the notebooks whose quiz files changed, and the
   notebooks that show a scenario whose trace changed (step 2) or whose file changed.

It stops at the first failing group. Run ``python tools/check.py --dry-run`` to see what it
would run. Times of each group are printed; ``make test`` stays the gate before a merge.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
BOOK = ROOT / "book"
PACKAGE = ROOT / "magicsub"
SCENARIOS = PACKAGE / "scenarios"
QUIZZES = BOOK / "quizzes"
NETS = ("tests/test_scenarios.py", "tests/test_structure.py")
"""Run whenever the package changed: every scenario's expectations, the layers' import rules
(every trace byte for byte is step 2)."""
LINTED = ("magicsub/", "tests/", "tools/", "benchmarks/", "book/conftest.py")
"""The Python files `make lint` checks (the Makefile's ruff line)."""
DATA_SUFFIXES = {".yaml", ".yml", ".json", ".md", ".txt", ".css", ".js", ".html"}
"""The package's data files (named by the tests that read them)."""
WORKERS_FROM = 40
"""Unit test items from which two workers (pytest-xdist) pay for their start."""


def git(*args: str) -> str:
    """``git ARGS`` in the repository; its standard output."""
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True,
                          text=True).stdout


def base_commit(base: str | None) -> str:
    """The commit the change is measured from: ``base``, else the merge base with
    ``origin/main`` or ``main``, else ``HEAD``."""
    for ref in ([base] if base else ["origin/main", "main"]):
        try:
            return git("merge-base", "HEAD", ref).strip()
        except subprocess.CalledProcessError:
            if base:
                raise SystemExit(f"check: {base!r} is not a commit of this repository") from None
    return "HEAD"


def changed_files(base: str) -> list[str]:
    """Paths (relative to the root) that differ from ``base`` or are new, and still exist."""
    names = set(git("diff", "--name-only", base).split("\n"))
    names |= set(git("ls-files", "--others", "--exclude-standard").split("\n"))
    return sorted(n for n in names if n and (ROOT / n).is_file())


def module_name(path: str) -> str | None:
    """``magicsub/engine/zones.py`` -> ``magicsub.engine.zones`` (``None`` off the package)."""
    if not (path.startswith("magicsub/") and path.endswith(".py")):
        return None
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(source: str, dotted: str) -> bool:
    package, _, last = dotted.rpartition(".")
    if re.search(rf"\b{re.escape(dotted)}\b", source):
        return True
    pattern = rf"^\s*from\s+{re.escape(package)}\s+import\s+\(?[^)]*?\b{re.escape(last)}\b"
    return bool(package and re.search(pattern, source, re.MULTILINE | re.DOTALL))


def test_modules() -> dict[str, str]:
    """Every unit test module (``tests/test_*.py``, not the browser or lite tests): its
    source."""
    return {p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted(TESTS.glob("test_*.py"))}


def select_tests(changed: list[str]) -> tuple[list[str], list[str], str | None]:
    """The unit test modules, the package modules whose doctests run, and a reason to run
    every unit test instead (or ``None``)."""
    modules = test_modules()
    chosen: set[str] = set()
    doctests: list[str] = []
    for path in changed:
        if path in modules:
            chosen.add(path)
        elif path.startswith("tests/") and path.endswith(".py") and "/" not in path[6:]:
            return sorted(modules), [], f"{path} is shared by the tests"
        dotted = module_name(path)
        if dotted:
            last = dotted.rsplit(".", 1)[-1]
            chosen |= {m for m, src in modules.items()
                       if _imports(src, dotted) or Path(m).stem == f"test_{last}"}
            if ">>> " in (ROOT / path).read_text(encoding="utf-8"):
                doctests.append(path)
        elif not path.startswith(("tests/", "magicsub/")) or (
                Path(path).suffix in DATA_SUFFIXES and not path.startswith("tests/golden/")):
            name = Path(path).name
            chosen |= {m for m, src in modules.items() if name in src}
    if any(p.startswith("magicsub/") for p in changed):
        chosen |= {n for n in NETS if (ROOT / n).is_file()}
    if any(p.startswith("book/") and p.endswith((".ipynb", ".md")) for p in changed):
        chosen |= {m for m, src in modules.items() if ".ipynb" in src}
    return sorted(chosen), doctests, None


def stale_scenarios() -> list[str]:
    """The shipped scenarios whose ``magicsub show`` text differs from its golden file."""
    sys.path.insert(0, str(ROOT / "tools"))
    import golden

    return sorted(Path(p).stem for p in golden.stale())


def quiz_ids(text: str) -> set[str]:
    """The ids of the quizzes in a quiz file's text."""
    return set(re.findall(r"^- id: *(\S+)", text, re.MULTILINE))


def notebooks_showing(files: set[str]) -> set[str]:
    """The notebooks of ``book/`` that show any of ``files`` (file names): a scenario or quiz
    file they name, or a quiz of a quiz file named, or a quiz whose scenario names a file."""
    ids: set[str] = set()
    for quiz_file in QUIZZES.glob("*.yaml"):
        text = quiz_file.read_text(encoding="utf-8")
        if quiz_file.name in files or any(f in text for f in files):
            ids |= quiz_ids(text)
    found = set()
    for nb in BOOK.glob("*.ipynb"):
        text = nb.read_text(encoding="utf-8")
        if any(f in text for f in files) or any(i in text for i in ids):
            found.add(nb.relative_to(ROOT).as_posix())
    return found


def select_notebooks(changed: list[str], stale: list[str]) -> list[str]:
    """Changed notebooks, and those showing a changed scenario or quiz file, or a scenario
    whose golden trace changed (``stale``, or its golden file among ``changed``)."""
    chosen = {p for p in changed if p.startswith("book/") and p.endswith(".ipynb")}
    files = {Path(p).name for p in changed
             if p.startswith(("magicsub/scenarios/", "book/")) and p.endswith(".yaml")}
    files |= {f"{name}.yaml" for name in stale}
    files |= {f"{Path(p).stem}.yaml" for p in changed if p.startswith("tests/golden/")}
    if files:
        chosen |= notebooks_showing(files)
    return sorted(p for p in chosen if (ROOT / p).is_file() and "checkpoint" not in p)


def run(title: str, command: list[str], dry: bool) -> bool:
    """Run one group of checks, timed; ``True`` when it passed."""
    print(f"--- {title}: {' '.join(command)}", flush=True)
    if dry:
        return True
    start = time.monotonic()
    ok = subprocess.run(command, cwd=ROOT).returncode == 0
    print(f"--- {title}: {'passed' if ok else 'FAILED'} in {time.monotonic() - start:.1f} s",
          flush=True)
    return ok


def main(argv: list[str] | None = None) -> int:
    """Select and run the checks of the change; exit 1 at the first failing group."""
    parser = argparse.ArgumentParser(prog="make check", description=__doc__.split("\n")[0])
    parser.add_argument("--base", help="measure the change from this commit")
    parser.add_argument("--dry-run", action="store_true", help="say what would run, run nothing")
    args = parser.parse_args(argv)
    started = time.monotonic()
    python = sys.executable
    changed = changed_files(base_commit(args.base))
    if not changed:
        print("check: nothing changed since the base; `make test` runs everything")
        return 0
    print(f"check: {len(changed)} changed file(s): {', '.join(changed[:12])}"
          + (" ..." if len(changed) > 12 else ""))
    pytest = [python, "-m", "pytest", "-p", "no:cacheprovider", "-q"]
    lint = [p for p in changed if p.endswith(".py") and p.startswith(LINTED)]
    if lint and not run("lint", [python, "-m", "ruff", "check", *lint], args.dry_run):
        return 1
    if any(p.endswith(".ipynb") for p in changed) and not run(
            "notebook hygiene", [python, "tools/notebooks.py", "check"], args.dry_run):
        return 1
    stale: list[str] = []
    if any(p.startswith("magicsub/") for p in changed):
        print("--- golden traces: every shipped scenario against tests/golden/", flush=True)
        start = time.monotonic()
        stale = stale_scenarios()
        print(f"--- golden traces: {len(stale)} changed in {time.monotonic() - start:.1f} s",
              flush=True)
        if stale:
            shown = select_notebooks([], stale)
            print(f"--- golden traces: FAILED: the trace of {', '.join(stale)} changed; if you "
                  f"meant it, run `make golden` and review `git diff tests/golden`, then `make "
                  f"check` runs the notebooks that show it: {', '.join(shown) or 'none'}")
            if not args.dry_run:
                return 1
    tests, doctests, everything = select_tests(changed)
    if everything:
        print(f"check: {everything}: every unit test runs")
    if tests or doctests:
        targets = tests + doctests
        workers = ["-n", "2", "--dist", "loadgroup"] if len(tests) > 3 else []
        doctest = ["--doctest-modules"] if doctests else []
        if not run(f"unit tests ({len(tests)} modules, {len(doctests)} doctest modules)",
                   [*pytest, *workers, *doctest, "-m", "not browser", *targets], args.dry_run):
            return 1
    notebooks = select_notebooks(changed, stale)
    if notebooks:
        workers = ["-n", "2", "--dist", "loadfile"] if len(notebooks) > 1 else []
        if not run(f"notebooks ({len(notebooks)})",
                   [*pytest, *workers, "--nbval", "--nbval-current-env",
                    "--nbval-cell-timeout=300", *notebooks], args.dry_run):
            return 1
    print(f"check: passed in {time.monotonic() - started:.1f} s"
          + (" (dry run)" if args.dry_run else "") + "; `make test` runs everything")
    return 0


if __name__ == "__main__":
    os.chdir(ROOT)
    sys.exit(main())
