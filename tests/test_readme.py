"""README.md is what a newcomer reads: under 150 lines, one picture of a stepper, links that lead
somewhere, commands that run. The lists that moved out of it are compared with the code where
they now live: the book's reference pages (``book/reference_format.md``: the scenario format,
the built-in cards, the limits; ``book/reference_python.md``: the typed helpers;
``book/reference_cli.ipynb``: the commands) and CONTRIBUTING.md (how the code is organised), so
adding a step, a card, an expectation key or a rules module without documenting it fails here.
The README keeps the picture of the layers. The Python blocks of the Markdown files are
doctested: README.md and CONTRIBUTING.md by ``make unit``, the book's pages here."""

from __future__ import annotations

import inspect
import json
import re
import shlex
import subprocess
from pathlib import Path

import pytest
import yaml

from magicsub import cards, load_scenario, scenario
from magicsub.engine import actions, registry
from magicsub.engine.actions import ACTIONS, normalize
from magicsub.rules import rulebook

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
CONTRIBUTING = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
FORMAT_PAGE = (ROOT / "book" / "reference_format.md").read_text(encoding="utf-8")
PYTHON_PAGE = (ROOT / "book" / "reference_python.md").read_text(encoding="utf-8")
HELPERS = {"counters": "add_counters", "life": "change_life"}
"""Typed helpers whose name differs from their step."""


def notebook_markdown(path: Path) -> str:
    """The Markdown cells of a notebook, one after the other."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


CLI_PAGE = notebook_markdown(ROOT / "book" / "reference_cli.ipynb")


def section(title: str, text: str = README, until: str | None = None) -> str:
    """The text of ``text`` under the heading ``title`` up to the next heading (or up to the
    heading ``until``)."""
    start = text.index(f"{title}\n") + len(title)
    if until is not None:
        return text[start:text.index(f"\n{until}\n", start)]
    nxt = re.search(r"^#+ ", text[start:], re.M)
    return text[start:start + nxt.start()] if nxt else text[start:]


def table(text: str, first: str) -> list[list[str]]:
    """The rows (cells stripped) of the Markdown table whose header starts with ``first``."""
    start = text.index(f"| {first} |")
    rows = []
    for line in text[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        rows.append([c.strip() for c in line.strip().strip("|").split(" | ")])
    return rows


def code(cell: str) -> list[str]:
    """The `code` spans of a cell."""
    return re.findall(r"`([^`]+)`", cell)


FORMAT = section("## An example", FORMAT_PAGE, until="## Built-in cards")
"""The scenario format in full: the example, the keys, the steps, the expectations."""


def test_the_format_page_keeps_no_hand_written_list_of_steps():
    """The steps are described once (``actions.ACTIONS``); the book's table of them is made
    from that (book/reference_scenarios.ipynb), so the format page keeps none of its own."""
    steps = section("## Steps", FORMAT_PAGE, until="## Expectations")
    assert "reference_scenarios" in steps and not re.search(r"^\|", steps, re.M)


@pytest.mark.parametrize("name", sorted(ACTIONS))
def test_each_step_has_an_example_that_is_a_well_formed_step_of_its_action(name):
    """The example in a step's description (the book's table shows it) parses as YAML and
    passes the same shape check as a scenario file's step."""
    example = ACTIONS[name].example
    assert example.startswith(f"{name}: ")
    assert normalize(yaml.safe_load(example))[0] == name


def test_the_expectation_table_matches_the_kinds_and_their_keys():
    rows = table(FORMAT, "Kind")
    assert [code(kind)[0] for kind, _ in rows] == list(actions.KIND_ORDER)
    assert {code(kind)[0]: set(code(keys)) for kind, keys in rows} == actions.KEYS


def test_the_top_level_keys_and_object_keys_are_all_documented():
    rows = table(FORMAT, "Key")
    assert {k for row in rows for k in code(row[0])} == scenario.TOP_KEYS
    objects = next(row[1] for row in rows if code(row[0]) == ["objects"])
    assert set(code(objects)) == scenario.OBJECT_KEYS
    effects = next(row[1] for row in rows if code(row[0]) == ["effects"])
    assert set(code(effects)) == scenario.EFFECT_KEYS


def test_the_example_scenario_runs_and_every_expectation_holds():
    text = re.search(r"```yaml\n(.*?)```", FORMAT, re.S).group(1)
    result = load_scenario(text=text, name="reference_format.md").run()
    assert result.failures == []
    # CR 801.2c: a game using the range option begins with who is within each player's range
    assert [s.rule for s in result.trace] == ["801.2c", "702.26b", "702.26c", "701.34a"]


def test_the_typed_helper_list_names_every_typed_method_of_a_step():
    """The paragraph on typed methods lists exactly the methods of Game named for a step (a new
    step needs none: ``game.act`` reaches it), each of whose keywords cover the step's fields
    (``object`` is spelled ``obj``; ``draw_game``'s ``value`` and ``create``'s ``token`` can
    only be true, so the helpers leave them out)."""
    from magicsub import Game
    para = PYTHON_PAGE[PYTHON_PAGE.index("Most steps of the vocabulary also have a typed method"):]
    para = para[:para.index("`game.act(")]
    listed = [c for c in code(re.sub(r"\(the\s+`\w+`\s+step\)", "", para)) if c != "apply"]
    typed = [HELPERS.get(a, a) for a in ACTIONS if callable(getattr(Game, HELPERS.get(a, a), 0))]
    assert sorted(listed) == sorted(typed)
    for name, action in ACTIONS.items():
        method = getattr(Game, HELPERS.get(name, name), None)
        if method is None:
            continue
        params = set(inspect.signature(method).parameters)
        wanted = {{"object": "obj"}.get(f.name, f.name) for f in action.fields}
        wanted -= {"value", "token"}
        assert wanted <= params, (name, wanted - params)


def test_the_built_in_card_table_is_the_registry():
    cards.load_all()
    rows = table(section("## Built-in cards", FORMAT_PAGE), "Card")
    assert {name: code(module)[0] for name, module in rows} == {
        name: registry.origin(name).rsplit(".", 1)[1] + ".py" for name in registry.BUILTIN}
    assert [name for name, _ in rows] == sorted(registry.BUILTIN)


def test_every_rules_module_the_rulebook_imports_is_described():
    text = section("## How the code is organised", CONTRIBUTING)
    imported = {n for n, v in vars(rulebook).items() if inspect.ismodule(v)}
    assert imported and all(f"`{n}.py`" in text for n in imported), imported
    assert all(f"`{n}.py`" in text for n in ("transaction", "priority", "turns", "resolution",
                                             "triggers", "effects", "state"))


def test_the_picture_of_the_layers_is_the_structure_test_s():
    """The README's picture names the layers in ``test_structure.LAYERS``' order, top down, and
    every module of each subpackage under its own layer."""
    from test_structure import LAYERS, PACKAGE

    text = section("## How the code is organised")
    picture = re.search(r"```text\n(magicsub/cli.py.*?)```", text, re.S).group(1)
    rows: list[tuple[str, str]] = []
    for line in picture.splitlines():
        m = re.match(r"magicsub/(\w+)(?:/|\.py)", line)
        if m:
            rows.append((m.group(1), line))
        elif rows:
            rows[-1] = (rows[-1][0], rows[-1][1] + " " + line)
    order = [name for name, _ in rows]
    assert order == ["cli", "pages", "views", "scenario", "game", "cards", "rules", "engine"]
    tops = [names[0] for names in LAYERS]
    assert [n for n in reversed(tops) if n in order] == [n for n in order if n in tops]
    for name, words in rows:
        folder = PACKAGE / name
        if folder.is_dir() and name != "cards":
            modules = {p.stem for p in folder.glob("*.py") if p.stem != "__init__"}
            missing = sorted(m for m in modules if not re.search(rf"\b{m}\b", words))
            assert not missing, f"{name}/: {missing}"


def test_the_command_table_lists_every_command_of_the_cli(capsys):
    """Each row of the command table (the book's page on the command line) is a command of
    ``magicsub --help`` (or ``--version``), each listed once, and each row's usage parses as
    that command's."""
    from magicsub.cli import main

    rows = table(CLI_PAGE, "Command")
    usages = [code(row[0])[0].split() for row in rows]
    assert all(words[0] == "magicsub" for words in usages)
    with pytest.raises(SystemExit):
        main(["--help"])
    listed = re.findall(r"^    (\w+)  ", capsys.readouterr().out, re.M)
    assert sorted(words[1] for words in usages) == sorted([*listed, "--version"])
    assert len({words[1] for words in usages}) == len(usages)
    for words in (words for words in usages if words[1] != "--version"):
        with pytest.raises(SystemExit) as exit_:
            main([words[1], "--help"])
        assert exit_.value.code == 0
        usage = capsys.readouterr().out
        for option in (w.strip("[]") for w in words[2:] if w.strip("[]").startswith("-")):
            assert option in usage, (words[1], option)


# -- the README a newcomer reads to the end (issue 29, item 5) ----------------------------------

def test_the_readme_is_under_150_lines():
    assert len(README.splitlines()) < 150


def test_the_readme_shows_one_picture_of_a_stepper_with_its_alt_text():
    """One image, a PNG committed beside the code (not fetched from another host), small, with
    alt text that says what it shows."""
    images = re.findall(r"!\[([^\]]*)\]\(([^)\s]+)\)", README)
    assert len(images) == 1
    alt, target = images[0]
    assert "stepper" in alt and len(alt.split()) >= 10, alt
    path = ROOT / target
    assert not re.match(r"\w+:", target) and path.is_file(), target
    data = path.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) < 80_000, len(data)


def _slug(heading: str) -> str:
    """GitHub's anchor for a Markdown heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _links(text: str) -> list[str]:
    return re.findall(r"(?<!!)\[[^\]]+\]\(([^)\s]+)\)", text)


@pytest.mark.parametrize("name", ["README.md", "CONTRIBUTING.md"])
def test_every_link_leads_to_a_file_heading_or_published_page(name):
    """Relative links to files (they work on GitHub): the file exists, an anchor is a heading of
    it, and a book page linked is in the table of contents (so `make book` publishes it)."""
    text = (ROOT / name).read_text(encoding="utf-8")
    toc = set(re.findall(r"file: (\S+)", (ROOT / "_toc.yml").read_text(encoding="utf-8")))
    links = _links(text)
    assert name != "README.md" or len(links) >= 8
    for link in links:
        assert not re.match(r"\w+:", link), link
        target, _, anchor = link.partition("#")
        path = ROOT / target
        assert path.is_file(), link
        if anchor:
            headings = re.findall(r"^#+ (.+)$", path.read_text(encoding="utf-8"), re.M)
            assert anchor in {_slug(h) for h in headings}, link
        if target.startswith("book/"):
            assert target.rsplit(".", 1)[0] in toc, link


def test_the_slug_of_a_heading_is_github_s():
    assert _slug("Add a page to the book") == "add-a-page-to-the-book"
    assert _slug("How the code is organised") == "how-the-code-is-organised"
    assert _slug("The JupyterLite site (make lite)") == "the-jupyterlite-site-make-lite"


def test_the_readme_keeps_the_two_set_up_commands():
    block = re.search(r"```sh\n(.*?)```", section("## Set up"), re.S).group(1)
    assert [line.split()[:2] for line in block.splitlines()] == [["make", "book"],
                                                                   ["make", "test"]]


def test_the_three_quick_starts_are_there():
    heads = re.findall(r"^### (.+)$", section("## Three quick starts", until="## Where to go next"),
                       re.M)
    assert heads == ["Read the book", "Teach a class", "Publish a walkthrough"]


def test_the_teach_a_class_commands_run_as_written(tmp_path, monkeypatch, capsys):
    """Each command of "Teach a class", run in a fresh folder, exits 0 (``check``'s glob is cut
    to the new file and one shipped scenario: the golden tests run every one)."""
    from magicsub.cli import main

    block = re.search(r"```sh\n(.*?)```", section("### Teach a class"), re.S).group(1)
    monkeypatch.chdir(tmp_path)
    commands = [shlex.split(line, comments=True) for line in block.splitlines()]
    assert [c[1] for c in commands] == ["examples", "new", "check", "show"]
    for words in commands:
        assert words[0] == ".venv/bin/magicsub"
        args = []
        for word in words[1:]:
            if "*" in word:
                found = sorted(tmp_path.glob(word))
                assert len(found) > 50
                word_files = [p for p in found if p.name in ("mine.yaml",
                                                              "726_3_short_library.yaml")]
                args += [str(p.relative_to(tmp_path)) for p in word_files]
            else:
                args.append(word)
        assert main(args) == 0, (args, capsys.readouterr())
    assert "800.4a" in capsys.readouterr().out


def _unit_command() -> list[str]:
    """The pytest command line of ``make unit``, as make expands it."""
    out = subprocess.run(["make", "-n", "-s", "unit"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    line = next(line for line in out.replace("\\\n", " ").splitlines() if " -m pytest " in line)
    return shlex.split(line)


def test_make_unit_doctests_the_readme_and_contributing():
    """README.md and CONTRIBUTING.md are on ``make unit``'s command line, each matched by a
    ``--doctest-glob``, so a Python example added to either is run."""
    import fnmatch

    words = _unit_command()
    globs = [w.split("=", 1)[1] for w in words if w.startswith("--doctest-glob=")]
    for name in ("README.md", "CONTRIBUTING.md"):
        assert name in words, name
        assert any(fnmatch.fnmatch(name, g) for g in globs), (name, globs)
    assert not [w for w in words if w.startswith("book/")], "book/conftest.py would load"


BOOK_EXAMPLES = [p for p in sorted((ROOT / "book").glob("*.md"))
                 if re.search(r"^>>> ", p.read_text(encoding="utf-8"), re.M)]
"""The book's Markdown pages that hold Python examples (``>>>``)."""


def _run_examples(text: str, name: str) -> tuple[int, int, str]:
    """Run the doctest examples of ``text`` as pytest runs a text file's: (examples, failures,
    report)."""
    import doctest

    test = doctest.DocTestParser().get_doctest(text, {"__name__": "__main__"}, name, name, 0)
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, out=report.append, clear_globs=True)
    return len(test.examples), runner.failures, "".join(report)


def test_the_book_s_python_page_holds_examples():
    assert "reference_python.md" in [p.name for p in BOOK_EXAMPLES]


@pytest.mark.parametrize("path", BOOK_EXAMPLES, ids=lambda p: p.name)
def test_the_python_examples_of_a_book_page_run_as_written(path):
    """Each ``>>>`` example of the page prints what the page says it prints. They run here, not
    on ``make unit``'s command line (see the Makefile's ``unit``)."""
    examples, failures, report = _run_examples(path.read_text(encoding="utf-8"), path.name)
    assert examples >= 10 and failures == 0, report


def test_a_wrong_example_fails_the_check():
    page = (ROOT / "book" / "reference_python.md").read_text(encoding="utf-8")
    wrong = page.replace("\n(1, 3, 7)\n", "\n(1, 3, 8)\n", 1)
    assert wrong != page
    examples, failures, report = _run_examples(wrong, "wrong.md")
    assert failures == 1 and "(1, 3, 8)" in report
