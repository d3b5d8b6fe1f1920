"""The command line for someone who installed magicsub (issue 12): ``magicsub --version``,
``magicsub examples`` (list and copy out the scenarios shipped in the package), ``magicsub new``
(a scenario to start from, that passes ``magicsub check`` as written), and help text that is
plain text with an example for every command. Refusals exit 2 and change nothing on disk.
The commands run in this process (the ``cli`` fixture); ``tests/test_cli.py`` and
``tests/test_wheel.py`` run the real ``python -m magicsub`` and the installed ``magicsub``."""

from __future__ import annotations

import re
import tomllib
import warnings
from pathlib import Path

import pytest
import yaml

import magicsub
from magicsub import cards, load_scenario
from magicsub.cli import main
from magicsub.engine import registry
from magicsub.scenario import examples, newfiles, scaffold

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "magicsub" / "scenarios"
cards.load_all()
COMMANDS = ["check", "show", "html", "examples", "new"]
MARKUP = re.compile(r"`|:[a-z]+:|\*\*|\.\. ")
"""reST markup: backticks (``code`` and roles), a role's :name:, bold, a directive."""


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (relative path -> content)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


# -- --version -------------------------------------------------------------------------------------

def test_version_prints_magicsub_and_the_package_version(cli):
    proc = cli("--version")
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout == f"magicsub {magicsub.__version__}\n"
    assert re.fullmatch(r"\d+\.\d+\.\d+", magicsub.__version__)


def test_the_package_metadata_takes_its_version_from_magicsub_version():
    """pyproject.toml declares the version dynamic, read from ``magicsub.__version__``: the
    wheel's metadata and ``magicsub --version`` cannot disagree."""
    from setuptools.config.pyprojecttoml import read_configuration

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "magicsub.__version__"}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # setuptools: "[tool.setuptools] ... is still beta"
        resolved = read_configuration(ROOT / "pyproject.toml")["project"]["version"]
    assert resolved == magicsub.__version__


# -- help ------------------------------------------------------------------------------------------

def _help(capsys, *args: str) -> str:
    with pytest.raises(SystemExit) as exit_:
        main([*args, "--help"])
    assert exit_.value.code == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def _listed_commands(text: str) -> dict[str, list[str]]:
    """The commands in ``magicsub --help``, each with its help lines."""
    block = text[text.index("  COMMAND\n") + len("  COMMAND\n"):]
    block = block[:block.index("\n\n")]
    commands: dict[str, list[str]] = {}
    for line in block.splitlines():
        match = re.match(r"    (\w+) +(\S.*)$", line)
        if match:
            commands[match.group(1)] = [match.group(2)]
        else:
            commands[list(commands)[-1]].append(line.strip())
    return commands


def test_magicsub_help_lists_every_command_with_a_one_line_help(capsys):
    text = _help(capsys)
    listed = _listed_commands(text)
    assert sorted(listed) == sorted(COMMANDS)
    for command, lines in listed.items():
        assert len(lines) == 1 and len(lines[0]) > 10, (command, lines)
    assert "examples:" in text and "exit status:" in text


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_every_help_is_plain_text_with_an_example(capsys, command):
    text = _help(capsys, *([command] if command else []))
    assert not MARKUP.search(text), MARKUP.search(text).group()
    if command:
        epilog = text[text.rindex("\nexample"):]
        assert f"magicsub {command} " in epilog
    assert max(len(line) for line in text.splitlines()) <= 100


def test_help_text_comes_from_plain_strings_not_the_module_docstring():
    from magicsub import cli

    for text in [cli.DESCRIPTION, *cli.EPILOGS.values()]:
        assert not MARKUP.search(text)
    assert set(cli.EPILOGS) == {"magicsub", *COMMANDS}


# -- examples: the list ----------------------------------------------------------------------------

def test_examples_lists_every_shipped_scenario_once_with_its_title(cli):
    proc = cli("examples")
    assert proc.returncode == 0 and proc.stderr == ""
    rows = [line.split(None, 1) for line in proc.stdout.splitlines() if line.startswith("  ")]
    names = [name for name, _ in rows]
    assert sorted(names) == sorted(p.stem for p in SCENARIOS.glob("*.yaml"))
    assert len(names) == len(set(names))
    for name, title in rows:
        assert title == load_scenario(SCENARIOS / f"{name}.yaml").title, name


def test_examples_are_grouped_by_rule_section_in_rule_order():
    listed = examples.shipped()
    text = examples.listing(listed)
    headings = [line for line in text.splitlines() if line and not line.startswith(" ")]
    assert headings[0] == "CR 103  Starting the Game"
    assert "CR 726  Subgames" in headings
    assert headings[-1].startswith("Judge's corners")
    assert len(headings) == len(set(headings))
    names = [e.name for e in listed]
    assert names.index("801_2a_different_ranges") < names.index("801_10_syr_konrad_in_range")
    assert names.index("726_5_end_of_subgame") < names.index("726_5a_supplementary_decks_back")
    assert names.index("800_xmage_304_until_next_turn") < names.index(
        "800_xmage_12253_delayed_trigger")
    for example in listed:
        heading = example.group[1]
        assert heading != "Other scenarios" and not re.fullmatch(r"CR \d+", heading), (
            f"{example.name}: add its section to examples.SECTIONS or its word to THEMES")
        section = example.name[:3]
        if section.isdigit():
            assert heading.startswith(f"CR {section}  ")


def test_examples_listing_is_deterministic(cli):
    first = cli("examples").stdout
    assert cli("examples").stdout == first
    assert first == examples.listing() + "\n"


def test_the_shipped_scenarios_are_package_data():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "scenarios/*.yaml" in project["tool"]["setuptools"]["package-data"]["magicsub"]


# -- examples: copying out -------------------------------------------------------------------------

def test_examples_copies_named_scenarios_byte_for_byte(tmp_path, cli):
    out = tmp_path / "new" / "folder"
    proc = cli("examples", "726_1_shahrazad", "800_4a_act_of_treason.yaml", "726_1_shahrazad",
               "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [f"wrote {out / '726_1_shahrazad.yaml'}",
                                        f"wrote {out / '800_4a_act_of_treason.yaml'}"]
    assert tree(out) == {name: (SCENARIOS / name).read_bytes()
                         for name in ("726_1_shahrazad.yaml", "800_4a_act_of_treason.yaml")}
    proc = cli("check", *(str(p) for p in sorted(out.iterdir())))
    assert proc.returncode == 0 and proc.stdout.count("ok: ") == 2


def test_examples_names_without_a_folder_copy_into_the_current_folder(tmp_path, cli):
    proc = cli("examples", "corner_fork_copy", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "wrote corner_fork_copy.yaml\n"
    assert tree(tmp_path) == {"corner_fork_copy.yaml":
                              (SCENARIOS / "corner_fork_copy.yaml").read_bytes()}


def test_examples_copy_without_names_copies_them_all(tmp_path, capsys):
    out = tmp_path / "all"
    assert main(["examples", "--copy", str(out)]) == 0
    assert tree(out) == {p.name: p.read_bytes() for p in SCENARIOS.glob("*.yaml")}
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(tree(out)) and all(line.startswith("wrote ") for line in lines)
    assert main(["examples", "--copy", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert all(line.startswith("unchanged ") for line in lines), lines[:3]


def test_examples_refuses_to_overwrite_and_writes_nothing(tmp_path, capsys):
    (tmp_path / "800_4n_ante.yaml").write_text("my own notes\n")
    before = tree(tmp_path)
    status = main(["examples", "726_1_shahrazad", "800_4n_ante", "-o", str(tmp_path)])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert f"{tmp_path / '800_4n_ante.yaml'} already exists" in err
    assert "--force" in err and "Nothing was written" in err
    assert tree(tmp_path) == before
    assert main(["examples", "--copy", str(tmp_path)]) == 2
    assert "(and " not in capsys.readouterr().err
    assert tree(tmp_path) == before


def test_examples_force_replaces_and_says_so(tmp_path, capsys):
    (tmp_path / "800_4n_ante.yaml").write_text("my own notes\n")
    assert main(["examples", "800_4n_ante", "726_1_shahrazad", "-o", str(tmp_path),
                 "--force"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"replaced {tmp_path / '800_4n_ante.yaml'}", f"wrote {tmp_path / '726_1_shahrazad.yaml'}"]
    assert (tmp_path / "800_4n_ante.yaml").read_bytes() == (
        SCENARIOS / "800_4n_ante.yaml").read_bytes()


def test_examples_unknown_name_exits_2_with_suggestions_and_creates_nothing(tmp_path, cli):
    out = tmp_path / "out"
    proc = cli("examples", "726_1_shahrazad", "726_shahrazad", "-o", str(out))
    assert proc.returncode == 2 and proc.stdout == ""
    assert "no example is named '726_shahrazad'" in proc.stderr
    assert "726_1_shahrazad" in proc.stderr and "Traceback" not in proc.stderr
    assert not out.exists()


def test_examples_refuses_a_folder_that_is_a_file_or_a_link_in_the_way(tmp_path, capsys):
    a_file = tmp_path / "file"
    a_file.write_text("x")
    assert main(["examples", "--copy", str(a_file)]) == 2
    assert "is not a folder" in capsys.readouterr().err
    target = tmp_path / "target.yaml"
    target.write_text("mine\n")
    (tmp_path / "726_1_shahrazad.yaml").symlink_to(target)
    assert main(["examples", "726_1_shahrazad", "-o", str(tmp_path), "--force"]) == 2
    assert "symbolic link" in capsys.readouterr().err
    assert target.read_text() == "mine\n"


def test_examples_removes_what_it_created_when_writing_fails(tmp_path, capsys, monkeypatch):
    real = newfiles.create_file
    calls = []

    def fail_second(path, data):
        calls.append(path)
        if len(calls) == 2:
            raise OSError(28, "No space left on device", str(path))
        real(path, data)

    monkeypatch.setattr(newfiles, "create_file", fail_second)
    out = tmp_path / "new"
    assert main(["examples", "726_1_shahrazad", "726_2_new_zones", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "No space left on device" in err and "726_2_new_zones.yaml" in err
    assert not out.exists()
    keep = tmp_path / "kept"
    keep.mkdir()
    calls.clear()
    assert main(["examples", "726_1_shahrazad", "726_2_new_zones", "-o", str(keep)]) == 2
    assert tree(keep) == {}


# -- new -------------------------------------------------------------------------------------------

KEYS = ["title", "description", "players", "seed", "libraries", "life", "objects", "steps",
        "expect"]


def run_text(text: str, name: str = "new.yaml"):
    """Run a scaffold's text; return the result."""
    return load_scenario(text=text, name=name).run()


def test_new_writes_a_scenario_that_passes_check(tmp_path, cli):
    file = tmp_path / "mine.yaml"
    proc = cli("new", str(file))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == (f"wrote {file}: it passes as written; edit it, then run: "
                           f"magicsub check {file}\n")
    proc = cli("check", str(file))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    data = yaml.safe_load(file.read_text(encoding="utf-8"))
    assert data["players"] == ["Alex", "Bianca"]
    assert list(data) == KEYS


def test_every_key_of_a_new_scenario_has_a_comment_that_explains_it():
    text = scaffold.scaffold("mine.yaml")
    lines = text.splitlines()
    for key in KEYS:
        at = next(i for i, line in enumerate(lines) if line.startswith(f"{key}:"))
        comment = []
        for line in reversed(lines[:at]):
            if not line.startswith("#"):
                break
            comment.insert(0, line)
        assert comment and comment[0].startswith(f"# {key}: "), key
    assert "magicsub check mine.yaml" in text


def test_a_new_scenario_quotes_the_oracle_text_of_every_card_it_uses():
    cards.load_all()
    for rule in (None, "800.4a"):
        text = scaffold.scaffold(rule=rule, card_names=["Bribery"])
        data = yaml.safe_load(text)
        comments = " ".join(line.strip().lstrip("#").strip() for line in text.splitlines()
                            if line.strip().startswith("#"))
        for obj in data["objects"]:
            card = registry.BUILTIN[obj["name"]]
            for part in card.text.split("\n"):
                assert " ".join(part.split()) in comments, (obj["name"], part)


def test_new_expectations_check_something():
    """A scaffold's expectations fail when the game differs: its example is a test."""
    text = scaffold.scaffold(players="Alex,Bianca,Cho")
    assert run_text(text).ok
    wrong = text.replace("{player: Cho, life: 10}", "{player: Cho, life: 11}")
    assert wrong != text
    failures = run_text(wrong).failures
    assert [f.expected for f in failures] == ["Cho life 11"]


@pytest.mark.parametrize(("players", "rule"), [
    (None, None), ("Alex,Bianca,Cho", None), ("Ana, Ben, Chidi, Dee, Eve", "726.5"),
    (None, "726.2c"), (None, "800.4a"), ("Ana,Ben,Chidi", "800.4d"), (None, "801.10"),
    (None, "603.3b"), (None, "104.3a"), ("No,Yes,null", None),
    ("O'Neil: Jr. #1,\"q\",[a],Zoë", "800.4a"), (",".join(f"P{i}" for i in range(32)), None),
])
def test_new_scenarios_run_and_every_expectation_holds(players, rule):
    text = scaffold.scaffold("s.yaml", players=players, rule=rule)
    result = run_text(text)
    assert result.ok, result.failures
    data = yaml.safe_load(text)
    wanted = players.split(",") if players else None
    assert data["players"] == ([p.strip() for p in wanted] if wanted else data["players"])
    if players is None:
        assert max(len(line) for line in text.splitlines()) <= scaffold.WIDTH
    assert text == scaffold.scaffold("s.yaml", players=players, rule=rule)


def test_a_rule_of_cr_800_starts_from_a_player_leaving():
    data = yaml.safe_load(scaffold.scaffold(rule="800.4a"))
    assert data["players"] == ["Alex", "Bianca", "Cho"]
    assert {"concede": "Alex"} in data["steps"]
    assert data["title"].startswith("800.4a: ")
    data = yaml.safe_load(scaffold.scaffold(rule="726.5"))
    assert {"cast": {"card": "shahrazad", "by": "Alex"}} in data["steps"]


def test_the_rule_is_quoted_and_checked_when_the_trace_cites_it():
    text = scaffold.scaffold(rule="726.5")
    assert "# CR 726.5:\n#   At the end of a subgame, each player takes" in text
    assert '{trace_cites: ["726.1", "726.5"]}' in text
    text = scaffold.scaffold(rule="726.2")
    assert '{trace_cites: ["726.1", "726.2", "726.5"]}' in text
    text = scaffold.scaffold(rule="800.4d")
    assert '  # - {trace_cites: ["800.4d"]}' in text
    assert "# CR 800.4d:" in text
    text = scaffold.scaffold(rule="999.1")
    assert "magicsub's rules data has no text for it" in text
    assert run_text(text).ok


@pytest.mark.parametrize("rule", [None, "800.4a"])
@pytest.mark.parametrize("name", sorted(registry.BUILTIN))
def test_every_built_in_card_can_join_a_new_scenario(name, rule):
    text = scaffold.scaffold(rule=rule, card_names=[name.upper()])
    result = run_text(text)
    assert result.ok, result.failures
    data = yaml.safe_load(text)
    assert sum(obj["name"] == name for obj in data["objects"]) == 1


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "Alex"], "--players: 1 given"),
    (["--players", "Alex,Alex"], "Alex is named twice"),
    (["--players", "Alex,,Cho"], "an empty name"),
    (["--players", "Alex,Bi\x1bnca"], "control character"),
    (["--players", "Alex,Bianca", "--rule", "800.4a"], "multiplayer games"),
    (["--players", ",".join(f"P{i}" for i in range(33))], "give 2 to 32 names"),
    (["--rule", "7265"], "'7265' is not a rule number"),
    (["--card", "Brbery"], "(did you mean Bribery?)"),
    (["--card", "Nonexistent Card"], "does not know a card named 'Nonexistent Card'"),
])
def test_new_refuses_bad_options_with_exit_2_and_writes_nothing(tmp_path, capsys, args,
                                                                message):
    file = tmp_path / "sub" / "mine.yaml"
    assert main(["new", str(file), *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and message in err and err.startswith("magicsub new: ")
    assert tree(tmp_path) == {} and not (tmp_path / "sub").exists()


def test_new_refuses_to_overwrite_and_force_replaces(tmp_path, capsys, cli):
    file = tmp_path / "mine.yaml"
    file.write_text("my scenario\n")
    proc = cli("new", str(file))
    assert proc.returncode == 2 and proc.stdout == ""
    assert f"magicsub new: {file} already exists" in proc.stderr
    assert file.read_text() == "my scenario\n"
    assert tree(tmp_path) == {"mine.yaml": b"my scenario\n"}
    assert main(["new", str(file), "--force"]) == 0
    assert capsys.readouterr().out.startswith(f"replaced {file}:")
    assert run_text(file.read_text(encoding="utf-8")).ok
    assert main(["new", str(file)]) == 0
    assert capsys.readouterr().out.startswith(f"unchanged {file}:")


def test_new_refuses_a_folder_or_a_link_even_with_force(tmp_path, capsys):
    (tmp_path / "dir.yaml").mkdir()
    assert main(["new", str(tmp_path / "dir.yaml"), "--force"]) == 2
    assert "not a regular file" in capsys.readouterr().err
    target = tmp_path / "target.yaml"
    target.write_text("mine\n")
    (tmp_path / "link.yaml").symlink_to(target)
    assert main(["new", str(tmp_path / "link.yaml"), "--force"]) == 2
    assert "symbolic link" in capsys.readouterr().err
    assert target.read_text() == "mine\n"


def test_new_creates_missing_folders(tmp_path, capsys):
    file = tmp_path / "a" / "b" / "mine.yaml"
    assert main(["new", str(file), "--rule", "800.4a", "--card", "Act of Treason"]) == 0
    assert run_text(file.read_text(encoding="utf-8")).ok
    assert main(["check", str(file)]) == 0


def test_create_file_never_replaces_a_file(tmp_path):
    file = tmp_path / "x.yaml"
    newfiles.create_file(file, b"one")
    with pytest.raises(FileExistsError):
        newfiles.create_file(file, b"two")
    assert file.read_bytes() == b"one"
    assert tree(tmp_path) == {"x.yaml": b"one"}


def test_the_scalars_of_a_scaffold_read_back_as_written():
    for text in ["Alex", "No", "null", "1", "-x", "a: b", "a #b", "[a]", "Zoë", "'q'", "x ",
                 "\u2028", "tab\there", "~", "@x", "%x", "!x", "&x", "*x", "|", ">"]:
        assert yaml.safe_load(f"k: {scaffold.scalar(text)}") == {"k": text}, text


def test_create_file_errors_name_the_file_not_its_temporary(tmp_path):
    with pytest.raises(FileNotFoundError) as info:
        newfiles.create_file(tmp_path / "missing" / "x.yaml", b"one")
    assert info.value.filename == str(tmp_path / "missing" / "x.yaml")
