"""Hostile and malformed input (issue 10): every file in ``fixtures/hostile`` and every file made
below is refused by ``magicsub check`` with exit 2, its file and line and what was expected (or,
where the file is well formed, fails with exit 1), never with a traceback; limits are refused at
once with the limit in the message; files that are not regular files are not read."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from magicsub import Game, ScenarioError, cli, load_scenario
from magicsub.engine.limits import (
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_LIBRARY,
    MAX_NUMBER,
    MAX_OBJECTS,
    MAX_PLAYERS,
    MAX_STEPS,
    MAX_TEXT,
    MAX_YAML_NODES,
)
from magicsub.scenario import expectations

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = Path(__file__).resolve().parent / "fixtures" / "hostile"

GAME = "a game (main, 1, 2, ...)"

# file -> (line, words of the message after "FILE:LINE: ")
MALFORMED = {
    "expect_game_false.yaml": (4, [f"expect[0].game: expected {GAME}, got False"]),
    "expect_game_arabic_digit.yaml": (5, [f"expect[1].game: expected {GAME}, got '٣'"]),
    "owner_list.yaml": (5, ["objects[1].owner: expected a player's name, got ['Alex']"]),
    "expect_stack_number.yaml": (5, ["expect[1].stack: expected a list of object ids, got 5"]),
    "name_number.yaml": (5, ["objects[0].name: expected a card name, got 5"]),
    "title_lone_surrogate.yaml": (1, ["YAML error", "invalid Unicode character escape"]),
    "description_list.yaml": (3, ["description: expected a string, got ['a', 'b']"]),
    "life_false.yaml": (4, ["life: expected a mapping of player to life total, got False"]),
    "libraries_zero.yaml": (3, ["libraries: expected a mapping of player to a number of cards, "
                                "got 0"]),
    "expect_subgames_word.yaml": (4, ["steps[0].expect.subgames: expected a whole number, "
                                      "got 'one'"]),
    "expect_life_word.yaml": (5, ["expect[1].life: expected an integer, got 'ten'"]),
    "trace_cites_number.yaml": (4, ["expect[0].trace_cites: expected a rule paragraph or a "
                                    "list of them, got 726"]),
    "billion_laughs.yaml": (6, [f"more than the limit of {MAX_YAML_NODES} YAML nodes"]),
    "deep_flow_nesting.yaml": (3, [f"nested deeper than the limit of {MAX_DEPTH} levels"]),
    "players_too_many.yaml": (2, [f"players: expected a list of at most {MAX_PLAYERS} items",
                                  "(33 items)"]),
    "library_too_large.yaml": (5, [f"libraries.Bianca: expected at most {MAX_LIBRARY}, "
                                   "got 1000000000"]),
    "key_not_a_string.yaml": (5, ["life: key 1: expected a string"]),
    "mapping_key_list.yaml": (3, ["a mapping key must be a string, got ['a', 'b']"]),
    "seed_fraction.yaml": (3, ["seed: got 1.5: no field takes a number with a fraction"]),
    "seed_too_large.yaml": (3, [f"seed: expected at most {MAX_NUMBER}, got 10000000000"]),
    "integer_too_long.yaml": (3, ["cannot read the value '99999", "4300 digits"]),
    "step_field_list.yaml": (6, ["steps[0].cast.card: expected an object id, got ['bears']"]),
    "step_unknown_key_number.yaml": (6, ["steps[0].cast: key 7: expected a string"]),
    "undefined_alias.yaml": (2, ["YAML error: found undefined alias 'nobody'"]),
    "recursive_alias.yaml": (3, ["YAML error: found unconstructable recursive node"]),
    "two_documents.yaml": (3, ["YAML error: expected a single document in the stream"]),
    "binary_tag.yaml": (3, ["notes: got b'hello': a scenario holds only mappings, lists"]),
    "python_tag.yaml": (3, ["YAML error: could not determine a constructor for the tag"]),
}

# file -> the FAIL lines ``check`` prints (exit 1: the file is well formed, expectations fail)
FAILING = {
    "expect_game_missing.yaml": [
        "5: expected priority Alex in game 9; actual game 9 does not exist",
        "6: expected active Alex in game 9; actual game 9 does not exist",
        "7: expected stack [] in game 9; actual game 9 does not exist",
        "8: expected step main in game 9; actual game 9 does not exist",
        "9: expected won by Alex in game 9; actual game 9 does not exist",
        "10: expected held [] in game 9; actual game 9 does not exist",
        "11: expected Alex hand in game 9; actual game 9 does not exist",
        "12: expected player Alex in game 9; actual game 9 does not exist",
    ],
    "trace_cites_string.yaml": [
        "11: expected trace cites ['726']; actual cites ['117.3c', '601.2a']",
    ],
}


def check(path: Path | str, capsys) -> tuple[int, str, str]:
    code = cli.main(["check", str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_every_hostile_fixture_is_listed():
    assert {p.name for p in HOSTILE.glob("*.yaml")} == set(MALFORMED) | set(FAILING)


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_malformed_file_exits_2_naming_file_line_and_what_was_expected(name, capsys):
    line, words = MALFORMED[name]
    path = HOSTILE / name
    code, out, err = check(path, capsys)
    assert (code, out) == (2, "")
    assert err.startswith(f"error: {path}:{line}: "), err
    assert err.count("\n") == 1, err
    for word in words:
        assert word in err, (word, err)


@pytest.mark.parametrize("name", sorted(FAILING))
def test_well_formed_file_with_failing_expectations_exits_1(name, capsys):
    path = HOSTILE / name
    code, out, err = check(path, capsys)
    assert (code, err) == (1, "")
    assert out.splitlines() == [f"FAIL {path}:{line}" for line in FAILING[name]]


def test_a_citation_given_as_a_string_is_one_citation():
    result = load_scenario(HOSTILE / "trace_cites_string.yaml").run()
    assert [f.expected for f in result.failures] == ["trace cites ['726']"]


def test_billion_laughs_is_refused_in_well_under_a_second():
    start = time.perf_counter()
    with pytest.raises(ScenarioError):
        load_scenario(HOSTILE / "billion_laughs.yaml")
    assert time.perf_counter() - start < 0.5
    assert (HOSTILE / "billion_laughs.yaml").stat().st_size < 400


@pytest.mark.parametrize("levels", [300, 5000])
def test_deep_nesting_is_refused_without_recursion(levels):
    text = f"title: t\nplayers: [A, B]\nnotes: {'[' * levels}{']' * levels}\n"
    with pytest.raises(ScenarioError) as e:
        load_scenario(text=text)
    assert str(e.value) == f"<scenario>:3: nested deeper than the limit of {MAX_DEPTH} levels"


def test_deep_data_from_python_is_refused_too():
    notes: list = []
    for _ in range(MAX_DEPTH + 5):
        notes = [notes]
    with pytest.raises(ScenarioError) as e:
        load_scenario(data={"title": "t", "players": ["A", "B"], "notes": notes})
    assert f"nested deeper than the limit of {MAX_DEPTH} levels" in str(e.value)


def test_a_lone_surrogate_from_python_is_refused():
    with pytest.raises(ScenarioError) as e:
        load_scenario(data={"title": "a \ud800", "players": ["A", "B"]})
    assert str(e.value) == ("<scenario>: title: expected valid Unicode, got 'a \\ud800' (a lone "
                            "surrogate)")


# -- files made here: encodings, sizes, limits --------------------------------------------------
GOOD = "title: t\nplayers: [Alex, Bianca]\n"


@pytest.mark.parametrize("content, line, words", [
    ('title: "caf\xe9"\nplayers: [A, B]\n'.encode("latin-1"), 1,
     ["not UTF-8 text: byte 0xe9 at offset 11"]),
    (GOOD.encode("utf-16"), 1, ["not UTF-8 text: byte 0xff at offset 0"]),
    (b"title: t\nplayers: [A, B]\nnotes: \x89PNG\r\n\x1a\n", 3,
     ["not UTF-8 text: byte 0x89 at offset 32"]),
    (b"title: t\x00\nplayers: [A, B]\n", 1, ["a NUL character: this is not a text file"]),
    (b"title: t\nplayers: [A, B]\nnotes: \x07bell\n", 3, ["YAML error", "not allowed"]),
])
def test_files_that_are_not_utf8_text_are_refused(tmp_path, capsys, content, line, words):
    path = tmp_path / "bad.yaml"
    path.write_bytes(content)
    code, out, err = check(path, capsys)
    assert (code, out) == (2, "")
    assert err.startswith(f"error: {path}:{line}: "), err
    for word in words:
        assert word in err, (word, err)


def test_a_utf8_byte_order_mark_is_fine(tmp_path, capsys):
    path = tmp_path / "bom.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + GOOD.encode())
    assert check(path, capsys) == (0, f"ok: {path} (0 steps)\n", "")


def test_a_file_over_the_size_limit_is_refused_unparsed(tmp_path, capsys):
    path = tmp_path / "big.yaml"
    path.write_bytes(GOOD.encode() + b"#" * MAX_FILE_BYTES)
    code, out, err = check(path, capsys)
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: the file is larger than the limit of {MAX_FILE_BYTES} bytes "
                   f"({path.stat().st_size} bytes)\n")


def test_text_over_the_size_limit_is_refused():
    with pytest.raises(ScenarioError) as e:
        load_scenario(text=GOOD + "#" * MAX_FILE_BYTES)
    assert f"longer than the limit of {MAX_FILE_BYTES} characters" in str(e.value)


@pytest.mark.parametrize("make, line, words", [
    (lambda: GOOD.replace("title: t", "title: " + "x" * (MAX_TEXT + 1)), 1,
     [f"title: expected a string of at most {MAX_TEXT} characters", f"({MAX_TEXT + 1} "
      "characters)"]),
    (lambda: GOOD + "libraries: {Alex: 1}\nsteps:\n" + "  - pass_priority: Alex\n" * (
        MAX_STEPS + 1), 4, [f"steps: expected a list of at most {MAX_STEPS} items",
                            f"({MAX_STEPS + 1} items)"]),
    (lambda: GOOD + f"libraries: {{Alex: {MAX_LIBRARY + 1}}}\n", 3,
     [f"libraries.Alex: expected at most {MAX_LIBRARY}, got {MAX_LIBRARY + 1}"]),
    (lambda: GOOD + "notes: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"n{i}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
        f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
        f"*{chr(97 + i)}]\n" for i in range(5)), 7,
     [f"more than the limit of {MAX_YAML_NODES} YAML nodes"]),
])
def test_each_limit_is_refused_with_its_value(make, line, words):
    with pytest.raises(ScenarioError) as e:
        load_scenario(text=make(), name="limits.yaml")
    assert str(e.value).startswith(f"limits.yaml:{line}: "), str(e.value)[:200]
    for word in words:
        assert word in str(e.value), (word, str(e.value)[:300])
    assert len(str(e.value)) < 400


def test_libraries_and_objects_together_are_held_to_the_limit_on_objects():
    players = [f"P{i}" for i in range(MAX_OBJECTS // MAX_LIBRARY + 1)]
    text = (f"title: t\nplayers: [{', '.join(players)}]\n"
            f"libraries: {{{', '.join(f'{p}: {MAX_LIBRARY}' for p in players)}}}\n")
    with pytest.raises(ScenarioError) as e:
        load_scenario(text=text)
    total = len(players) * MAX_LIBRARY
    assert str(e.value) == (f"<scenario>:3: libraries and objects: {total} cards, more than the "
                            f"limit of {MAX_OBJECTS} objects")


def test_the_largest_allowed_library_loads():
    scenario = load_scenario(text=GOOD + f"libraries: {{Alex: {MAX_LIBRARY}}}\n")
    assert scenario.libraries == {"Alex": MAX_LIBRARY}


# -- files that are not regular files ------------------------------------------------------------
def run_cli(*args: str, timeout: float = 30) -> tuple[subprocess.CompletedProcess, float]:
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "magicsub", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    return proc, time.perf_counter() - start


NOT_REGULAR = "not a regular file (a FIFO, a device or a folder is not read)"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_is_refused_without_being_read(tmp_path):
    fifo = tmp_path / "scenario.yaml"
    os.mkfifo(fifo)
    proc, seconds = run_cli("check", str(fifo))
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == f"error: {fifo}: {NOT_REGULAR}\n"
    assert seconds < 10


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_dev_zero_is_refused_without_being_read():
    proc, seconds = run_cli("show", "/dev/zero")
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == f"error: /dev/zero: {NOT_REGULAR}\n"
    assert seconds < 10


def test_a_folder_is_refused(tmp_path, capsys):
    assert check(tmp_path, capsys) == (2, "", f"error: {tmp_path}: {NOT_REGULAR}\n")


def test_a_path_that_is_not_a_path_is_refused():
    with pytest.raises(ScenarioError) as e:
        load_scenario(5)
    assert "a file is named by a path, got 5" in str(e.value)


@pytest.mark.parametrize("name", ["billion_laughs.yaml", "title_lone_surrogate.yaml",
                                  "expect_game_missing.yaml"])
def test_no_traceback_reaches_stderr_of_the_command(name):
    path = HOSTILE / name
    proc, _ = run_cli("check", str(path))
    assert "Traceback" not in proc.stderr
    assert proc.returncode == (1 if name in FAILING else 2)
    assert f"{path}:" in proc.stdout + proc.stderr


# -- the Python API shares the checks ------------------------------------------------------------
@pytest.mark.parametrize("step, words", [
    (None, ["a step is a mapping with exactly one key (the action), got None"]),
    ("cast", ["a step is a mapping with exactly one key (the action), got 'cast'"]),
    (5, ["a step is a mapping with exactly one key (the action), got 5"]),
    ({"cast": {"card": ["x"], "by": "Alex"}}, ["cast.card: expected an object id, got ['x']"]),
    ({"move": {"object": "x", "to": ["hand"]}}, ["move.to: expected a zone", "got ['hand']"]),
    ({"counters": {"player": "Alex", "kind": "poison", "add": 1, "game": False}},
     [f"counters.game: expected {GAME}, got False"]),
    ({"counters": {"player": "Alex", "kind": "poison", "add": 1, "game": "٣"}},
     [f"counters.game: expected {GAME}, got '٣'"]),
    ({"cast": {"card": "x", "by": "Alex", 7: 1}}, ["cast: unknown field 7"]),
])
def test_apply_refuses_malformed_steps_naming_what_was_expected(step, words):
    game = Game(["Alex", "Bianca"])
    before = game.world
    with pytest.raises(ScenarioError) as e:
        game.apply(step)
    for word in words:
        assert word in str(e.value), (word, str(e.value))
    assert game.world is before


@pytest.mark.parametrize("exp, words", [
    ({"stack": 5}, ["stack: expected a list of object ids, got 5"]),
    ({"priority": "Alex", "game": False}, [f"game: expected {GAME}, got False"]),
    ({"subgames": "one"}, ["subgames: expected a whole number, got 'one'"]),
    ({"trace_cites": 726}, ["trace_cites: expected a rule paragraph or a list of them"]),
    ({"colour": "red"}, ["expected an expectation: a mapping with one of the keys object"]),
])
def test_expectations_check_refuses_malformed_expectations(exp, words):
    with pytest.raises(ScenarioError) as e:
        expectations.check(Game(["Alex", "Bianca"]), exp)
    for word in words:
        assert word in str(e.value), (word, str(e.value))


def test_expectations_about_a_missing_game_fail_without_error():
    game = Game(["Alex", "Bianca"])
    assert expectations.check(game, {"priority": "Alex", "game": 9}) == [
        ("priority Alex in game 9", "game 9 does not exist")]
    assert expectations.check(game, {"trace_cites": "726"}) == [
        ("trace cites ['726']", "cites []")]


# -- the book's reference page documents the limits as they are --------------------------------
def test_the_reference_page_states_each_limit():
    from magicsub.engine import limits

    text = (ROOT / "book" / "reference_format.md").read_text(encoding="utf-8")
    table = text.split("\n## Limits", 1)[1].split("\n\n", 2)[2].split("\n\n", 1)[0]
    rows = dict(line.strip("| ").split(" | ") for line in table.splitlines()[2:])
    assert rows == {
        "file size (a regular file; a FIFO, device or folder is not read)":
            f"{limits.MAX_FILE_BYTES:,} bytes, UTF-8",
        "YAML nodes, counting each use of an alias again": f"{limits.MAX_YAML_NODES:,}",
        "nesting of mappings and lists": f"{limits.MAX_DEPTH} levels",
        "players": f"{limits.MAX_PLAYERS}",
        "cards in one library (`libraries:`)": f"{limits.MAX_LIBRARY:,}",
        "objects, counting the cards of `libraries:`": f"{limits.MAX_OBJECTS:,}",
        "steps, and expectations": f"{limits.MAX_STEPS:,} each",
        "length of any string": f"{limits.MAX_TEXT:,} characters",
        "any integer": f"between -{limits.MAX_NUMBER:,} and {limits.MAX_NUMBER:,}",
        "nesting of subgames": f"{limits.MAX_SUBGAME_DEPTH}",
        "characters of a value quoted in an error message, and about, of a list of names in "
        "one": f"{limits.MAX_QUOTED}",
        "characters of an error message (cut in the middle; the file's name comes before it)":
            f"{limits.MAX_MESSAGE:,}",
    }


def test_a_scenario_built_from_python_keeps_a_malformed_object_a_scenario_error():
    """A wrong type reaching Game.add_object through Scenario.build stays malformed input
    (ScenarioError at the object's line, CLI exit 2), not an illegal step."""
    from magicsub.engine.errors import ScenarioError
    from magicsub.scenario import Scenario

    scenario = Scenario(title="t", players=["A", "B"], file="f.yaml",
                        objects=[(4, {"id": "x", "owner": "A", "types": "creature"})])
    with pytest.raises(ScenarioError) as caught:
        scenario.build()
    assert type(caught.value) is ScenarioError
    assert (caught.value.file, caught.value.line) == ("f.yaml", 4)
    assert str(caught.value).startswith("f.yaml:4: add_object 'x': types: expected a list")
