"""The scenario format (DESIGN.md section 5): malformed files are refused with the file, the exact
line and what was expected; files, YAML text and Python mappings load alike; the section's example
vocabulary loads and runs."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import magicsub
from magicsub import RulesError, ScenarioError, load_scenario

FIXTURES = Path(__file__).resolve().parent / "fixtures"
BAD = FIXTURES / "bad"
GOOD = FIXTURES / "good"

# file name -> (line, words the message must contain: what was expected or what is wrong)
BAD_FILES = {
    "yaml_syntax.yaml": (3, ["YAML error", "mapping values are not allowed"]),
    "yaml_unclosed_bracket.yaml": (3, ["YAML error", "expected ',' or ']'"]),
    "not_a_mapping.yaml": (1, ["expected a scenario: a mapping with title, players",
                                "got [{'title'"]),
    "unknown_top_key.yaml": (4, ["unknown key 'step'", "expected one of", "steps"]),
    "missing_title.yaml": (1, ["missing key 'title'", "non-empty string"]),
    "players_not_list.yaml": (3, ["players: expected a list of 2 to 32 distinct names",
                                   "got 'Alex and Bianca'"]),
    "duplicate_player.yaml": (3, ["players", "distinct"]),
    "duplicate_yaml_key.yaml": (4, ["duplicate key 'seed'"]),
    "unknown_step.yaml": (7, ["steps[1]: unknown key 'teleport'", "expected one of", "cast",
                              "resolve"]),
    "step_not_a_mapping.yaml": (5, ["expected a step: a mapping with exactly one key",
                                    "got 'resolve'"]),
    "unknown_player_in_step.yaml": (8, ["unknown player 'Dana'", "Alex, Bianca"]),
    "unknown_object_in_step.yaml": (8, ["unknown object 'shahrazzad'", "not declared"]),
    "seed_not_integer.yaml": (4, ["seed", "expected an integer", "'x'"]),
    "counters_add_not_integer.yaml": (5, ["counters.add", "expected an integer", "'two'"]),
    "library_negative.yaml": (5, ["libraries.Bianca", "expected a whole number", "-3"]),
    "unknown_zone.yaml": (5, ["objects[1].zone: expected one of", "battlefield", "outside",
                              "got 'sideboard'"]),
    "unknown_zone_in_step.yaml": (7, ["move.to", "expected a zone", "'sideboard'"]),
    "unknown_duration.yaml": (7, ["effects[1].until: expected end_of_turn", "source_leaves",
                                  "{next_turn: PLAYER}", "got 'next_tuesday'"]),
    "unknown_edition.yaml": (3, ["edition: expected a CR edition: 726, 723, 506", "'999'"]),
    "commander_under_506.yaml": (4, ["variant", "506", "commander"]),
    "duplicate_object_id.yaml": (6, ["duplicate id 'bears'", "unique"]),
    "expect_unknown_key.yaml": (7, ["unknown key 'colour'", "expected", "controller", "zone"]),
    "expect_unknown_key_in_step.yaml": (5, ["unknown key 'who'", "expected", "priority"]),
}


WELL_FORMED_BUT_FAILING = {"wrong_expectation.yaml", "illegal_step.yaml"}
"""Bad fixtures that load: an expectation fails, or a step is illegal (see test_cli.py)."""


def test_every_bad_fixture_is_listed():
    assert {p.name for p in BAD.glob("*.yaml")} == set(BAD_FILES) | WELL_FORMED_BUT_FAILING


@pytest.mark.parametrize("name", sorted(WELL_FORMED_BUT_FAILING))
def test_fixtures_that_fail_only_when_run_load_cleanly(name):
    scenario = load_scenario(BAD / name)
    assert isinstance(scenario.title, str) and scenario.title and scenario.steps


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_file_names_file_line_and_expectation(name):
    line, words = BAD_FILES[name]
    path = BAD / name
    with pytest.raises(ScenarioError) as e:
        load_scenario(path)
    err = e.value
    assert isinstance(err, RulesError) and isinstance(err, ValueError)
    assert err.file == str(path)
    assert err.line == line, f"{name}: reported line {err.line}, the problem is on line {line}"
    message = str(err)
    assert message.startswith(f"{path}:{line}: "), message
    for word in words:
        assert word in message, (word, message)
    assert "Traceback" not in message


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_text_names_the_line(name):
    """The same problems given as text: the line is the same, the file is the name given."""
    line, words = BAD_FILES[name]
    with pytest.raises(ScenarioError) as e:
        load_scenario(text=(BAD / name).read_text(encoding="utf-8"), name="inline.yaml")
    assert e.value.line == line
    assert str(e.value).startswith(f"inline.yaml:{line}: ")
    with pytest.raises(ScenarioError) as e:
        load_scenario(text=(BAD / name).read_text(encoding="utf-8"))
    assert str(e.value).startswith(f"<scenario>:{line}: ")


def test_missing_file_is_a_scenario_error_naming_it():
    with pytest.raises(ScenarioError) as e:
        load_scenario(BAD / "no_such_file.yaml")
    assert "no_such_file.yaml" in str(e.value) and "cannot read" in str(e.value)


def test_yaml_is_loaded_safely():
    text = "title: !!python/object/apply:os.system ['echo hi']\nplayers: [Alex, Bianca]\n"
    with pytest.raises(ScenarioError) as e:
        load_scenario(text=text, name="unsafe.yaml")
    assert str(e.value).startswith("unsafe.yaml:1: ")


def test_nothing_runs_before_the_whole_file_is_checked():
    """A malformed step late in the file is reported at load time, before any step runs."""
    with pytest.raises(ScenarioError) as e:
        load_scenario(BAD / "unknown_step.yaml")
    assert e.value.line == 7


# -- text= and data= ------------------------------------------------------------------------------

TEXT = """\
title: Shahrazad, briefly
players: [Alex, Bianca]
seed: 3
libraries: {Alex: 10, Bianca: 3}
objects:
  - {id: shahrazad, name: Shahrazad, owner: Alex, zone: hand}
steps:
  - cast: {card: shahrazad, by: Alex}
  - resolve: shahrazad
  - expect: {subgames: 1}
  - advance: upkeep
expect:
  - {subgames: 0}
  - {winner: Alex, game: 1}
  - {player: Bianca, life: 10}
  - {object: shahrazad, game: main, zone: graveyard}
"""


def test_load_scenario_from_text():
    scenario = load_scenario(text=TEXT)
    assert scenario.title == "Shahrazad, briefly"
    assert scenario.players == ["Alex", "Bianca"]
    assert scenario.file == "<scenario>"
    result = scenario.run()
    assert result.ok, [str(f) for f in result.failures]
    assert result.trace.cites("726.3")


def test_load_scenario_from_data_gives_the_same_trace():
    data = yaml.safe_load(TEXT)
    from_data = load_scenario(data=data).run()
    from_text = load_scenario(text=TEXT).run()
    assert from_data.ok
    assert [s.to_dict() for s in from_data.trace] == [s.to_dict() for s in from_text.trace]


def test_load_scenario_from_a_file_gives_the_same_trace(tmp_path):
    path = tmp_path / "brief.yaml"
    path.write_text(TEXT, encoding="utf-8")
    scenario = load_scenario(path)
    assert scenario.file == str(path)
    assert [s.to_dict() for s in scenario.run().trace] == \
        [s.to_dict() for s in load_scenario(text=TEXT).run().trace]


@pytest.mark.parametrize("change, words", [
    ({"title": ""}, ["title: expected a non-empty string, got ''"]),
    ({"players": "Alex"}, ["players", "list"]),
    ({"seed": "x"}, ["seed", "integer"]),
    ({"edition": "2024"}, ["edition", "726"]),
    ({"steps": [{"teleport": "Alex"}]}, ["steps[0]: unknown key 'teleport'"]),
    ({"steps": [{"counters": {"player": "Alex", "kind": "poison", "add": "two"}}]},
     ["expected an integer"]),
    ({"expect": [{"object": "shahrazad", "colour": "red"}]}, ["unknown key 'colour'"]),
    ({"effects": [{"control": "shahrazad", "to": "Alex", "until": "later"}]},
     ["effects[0].until: expected end_of_turn", "got 'later'"]),
    ({"surprise": 1}, ["unknown key 'surprise'"]),
])
def test_load_scenario_from_bad_data(change, words):
    data = {**yaml.safe_load(TEXT), **change}
    with pytest.raises(ScenarioError) as e:
        load_scenario(data=data)
    assert str(e.value).startswith("<scenario>")
    for word in words:
        assert word in str(e.value)


def test_failing_expectation_names_file_line_expected_and_actual():
    text = TEXT.replace("{player: Bianca, life: 10}", "{player: Bianca, life: 11}")
    result = load_scenario(text=text, name="wrong.yaml").run()
    assert not result.ok
    (failure,) = result.failures
    assert (failure.file, failure.line) == ("wrong.yaml", 15)
    assert str(failure) == "wrong.yaml:15: expected Bianca life 11; actual life 10"


def test_illegal_step_is_a_rules_error_located_at_its_line():
    text = TEXT.replace("  - advance: upkeep\n", "  - advance: upkeep\n  - resolve: shahrazad\n")
    scenario = load_scenario(text=text, name="illegal.yaml")
    with pytest.raises(RulesError) as e:
        scenario.run()
    assert not isinstance(e.value, ScenarioError)
    assert str(e.value).startswith("illegal.yaml:12: ")
    assert e.value.rule == "117.4"


# -- the DESIGN.md section 5 vocabulary ------------------------------------------------------------

DESIGN_STEPS = {"cast", "copy", "resolve", "advance", "pass_priority", "counters", "create",
                "move", "bring_in", "win", "draw_game", "leave", "expect"}
DESIGN_EXPECTATIONS = {"object", "player", "zone", "priority", "active", "stack", "subgames",
                       "trace_cites", "trace_lacks", "winner", "step", "held"}
DESIGN_TOP_KEYS = {"title", "edition", "players", "variant", "seed", "life", "libraries",
                   "objects", "effects", "steps", "expect"}


def test_design_example_uses_the_whole_vocabulary():
    data = yaml.safe_load((GOOD / "design_example.yaml").read_text(encoding="utf-8"))
    assert DESIGN_TOP_KEYS <= set(data)
    assert DESIGN_STEPS <= {next(iter(step)) for step in data["steps"]}
    kinds = set()
    for exp in data["expect"] + [s["expect"] for s in data["steps"] if "expect" in s]:
        kinds |= set(exp) & DESIGN_EXPECTATIONS
    assert kinds == DESIGN_EXPECTATIONS
    object_keys = set().union(*(set(o) for o in data["objects"]))
    assert {"id", "name", "owner", "controller", "zone", "types", "commander", "traditional",
            "deck", "face_up", "token"} <= object_keys
    assert {"control", "to", "source", "until"} <= set(data["effects"][0])


def test_design_example_loads_and_runs():
    scenario = load_scenario(GOOD / "design_example.yaml")
    assert scenario.variant == "commander" and scenario.seed == 1
    result = scenario.run()
    assert result.ok, "\n".join(str(f) for f in result.failures)
    assert result.trace.cites("726.2c") and result.trace.cites("726.5c")
    game = result.game
    assert game.where("angel") == ("outside", "outside")
    assert game.obj("t2") is None
    assert game.subgames == 0


@pytest.mark.parametrize("path", sorted(GOOD.glob("*.yaml")), ids=lambda p: p.name)
def test_good_fixtures_run_clean(path):
    result = load_scenario(path).run()
    assert result.ok, "\n".join(str(f) for f in result.failures)


def test_design_example_written_in_python_gives_the_same_places_life_and_trace():
    """The section's Python vocabulary, written out by hand (``Game``, ``add_object``,
    ``add_effect``, ``apply``): each check below is stated here, not read from the file; then the
    file run through the scenario runner must give the same trace, step for step."""
    game = magicsub.Game(["Alex", "Bianca", "Cho"], edition="726", seed=1, variant="commander",
                         libraries={"Alex": 40, "Bianca": 40, "Cho": 5}, life={"Alex": 20})
    game.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    game.add_object("angel", "Serra Angel", owner="Bianca", controller="Alex",
                    zone="battlefield")
    game.add_object("bears", "Grizzly Bears", owner="Alex", zone="graveyard", types=["creature"])
    game.add_object("cmd", "Kaalia of the Vast", owner="Alex", zone="command", commander=True)
    game.add_object("p1", "Tazeem", owner="Bianca", zone="command", traditional=False,
                    deck="planar", face_up=True)
    game.add_object("tok", "Soldier", owner="Bianca", zone="battlefield", token=True)
    game.add_object("y", "Runeclaw Bears", owner="Alex", zone="outside")
    game.add_effect("angel", "Cho", source="treason", until="end_of_turn")
    assert game.obj("angel").controller == "Cho"

    game.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    game.apply({"copy": {"spell": "shahrazad", "by": "Bianca", "id": "shah2"}})
    assert game.stack == ["shahrazad", "shah2"]
    game.apply({"resolve": "shah2"})
    assert game.subgames == 1 and game.current.creator == "shah2"
    assert game.where("cmd") == ("1", "command")  # CR 726.2c
    game.apply({"advance": "upkeep"})
    assert not game.in_game("Cho", 1) and game.in_game("Cho")  # CR 726.3: 5 cards
    game.apply({"pass_priority": "Alex"})
    game.apply({"counters": {"player": "Bianca", "kind": "poison", "add": 2}})
    game.apply({"create": {"id": "t2", "name": "Soldier", "controller": "Alex",
                           "zone": "battlefield", "token": True}})
    game.apply({"move": {"object": "Alex#1", "to": "exile"}})
    game.apply({"bring_in": {"object": "y", "to": "hand"}})
    assert game.where("y") == ("1", "hand") and game.where("Alex#1") == ("1", "exile")
    assert game.counters("Bianca", 1) == {"poison": 2}
    game.apply({"win": "Bianca"})
    assert game.world.games[1].winner == "Bianca" and game.subgames == 0
    # commander: 40 life (CR 903.7), Alex set to 20; Shahrazad halves the non-winners' life
    assert [game.life(p) for p in ("Alex", "Bianca", "Cho")] == [10, 40, 20]
    assert game.stack == ["shahrazad"] and game.obj("shah2") is None
    game.apply({"resolve": "shahrazad"})
    assert game.subgames == 1 and game.current.gid == 2
    game.apply({"draw_game": True})
    assert game.world.games[2].winner is None
    assert [game.life(p) for p in ("Alex", "Bianca", "Cho")] == [5, 20, 10]  # a draw: all
    game.apply({"leave": "Bianca"})

    assert game.where("angel") == ("outside", "outside")  # left with its owner (CR 800.4a)
    assert game.where("Alex#1") == ("main", "library") and game.where("y") == ("main", "library")
    assert game.obj("t2") is None and game.obj("tok") is None
    assert game.where("cmd") == ("main", "command")  # CR 726.5c
    assert game.where("shahrazad") == ("main", "graveyard")
    assert (game.life("Alex"), game.counters("Alex"), game.in_game("Alex")) == (5, {}, True)
    assert game.counters("Bianca") == {} and not game.in_game("Bianca")
    assert game.world.games[0].seat("Bianca").result == "left"
    assert len(game.zone("library", "Alex")) == 41
    assert (game.priority, game.active, game.stack, game.subgames) == ("Alex", "Alex", [], 0)
    assert (game.current.step, game.current.turn) == ("main", 1)
    assert game.trace.cites("726.2c") and game.trace.cites("726.5c")
    assert not game.trace.cites("800.4e") and not game.trace.cites("726.6")

    result = load_scenario(GOOD / "design_example.yaml").run()
    assert result.ok
    assert [s.to_dict() for s in game.trace] == [s.to_dict() for s in result.trace]
