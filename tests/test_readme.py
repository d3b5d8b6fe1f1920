"""README.md documents the scenario format, the typed helpers, the built-in cards and the rules
modules as they are: each list in it is compared with the code it describes, so adding a step, a
card, an expectation key or a rules module without documenting it fails here (the README's
Python blocks are doctested separately: ``--doctest-glob=README.md``)."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest
import yaml

from magicsub import cards, load_scenario, scenario
from magicsub.engine import actions, registry
from magicsub.engine.actions import ACTIONS, normalize
from magicsub.rules import rulebook

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
HELPERS = {"counters": "add_counters", "life": "change_life"}
"""Typed helpers whose name differs from their step."""


def section(title: str) -> str:
    """The text under the heading ``title`` up to the next heading."""
    start = README.index(f"{title}\n") + len(title)
    nxt = re.search(r"^#+ ", README[start:], re.M)
    return README[start:start + nxt.start()] if nxt else README[start:]


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


FORMAT = section("### Scenario format")


def test_the_step_table_lists_every_step_of_the_vocabulary_once():
    names = [code(row[0])[0] for row in table(FORMAT, "Step")]
    assert sorted(names) == sorted(ACTIONS) and len(names) == len(set(names))


@pytest.mark.parametrize("row", table(FORMAT, "Step"), ids=lambda row: code(row[0])[0])
def test_each_step_example_is_a_well_formed_step_of_its_action(row):
    """The example parses as YAML and passes the same shape check as a scenario file's step."""
    name, example = code(row[0])[0], code(row[1])[0]
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
    result = load_scenario(text=text, name="README.md").run()
    assert result.failures == []
    # CR 801.2c: a game using the range option begins with who is within each player's range
    assert [s.rule for s in result.trace] == ["801.2c", "702.26b", "702.26c", "701.34a"]


def test_the_typed_helper_list_names_a_helper_for_every_step():
    """The paragraph on typed methods lists exactly one helper per step, each a method of Game
    whose keywords cover the step's fields (``object`` is spelled ``obj``; ``draw_game``'s
    ``value`` and ``create``'s ``token`` can only be true, so the helpers leave them out)."""
    from magicsub import Game
    para = README[README.index("Every step of the vocabulary also has a typed method"):]
    para = para[:para.index("`game.act(")]
    listed = [c for c in code(re.sub(r"\(the\s+`\w+`\s+step\)", "", para)) if c != "apply"]
    assert sorted(listed) == sorted(HELPERS.get(a, a) for a in ACTIONS)
    for name, action in ACTIONS.items():
        params = set(inspect.signature(getattr(Game, HELPERS.get(name, name))).parameters)
        wanted = {{"object": "obj"}.get(f.name, f.name) for f in action.fields}
        wanted -= {"value", "token"}
        assert wanted <= params, (name, wanted - params)


def test_the_built_in_card_table_is_the_registry():
    cards.load_all()
    rows = table(section("### Built-in cards"), "Card")
    assert {name: code(module)[0] for name, module in rows} == {
        name: registry.origin(name).rsplit(".", 1)[1] + ".py" for name in registry.BUILTIN}
    assert [name for name, _ in rows] == sorted(registry.BUILTIN)


def test_every_rules_module_the_rulebook_imports_is_described():
    text = section("## How the code is organised")
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
    """Each row of "Use it"'s command table is a command of ``magicsub --help`` (or
    ``--version``), each listed once, and each row's usage parses as that command's."""
    from magicsub.cli import main

    rows = table(section("## Use it"), "Command")
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
