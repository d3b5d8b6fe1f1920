"""The scenario schema (magicsub/scenario/schema.py): one JSON Schema, Draft 2020-12, built from the
vocabulary of steps and expectations, committed as ``magicsub/scenario.schema.json``, with a
description on every property; it agrees with ``actions.normalize`` on every step."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema_rs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from magicsub import ScenarioError, scenario
from magicsub.engine import actions
from magicsub.engine.limits import MAX_NUMBER, MAX_TEXT
from magicsub.scenario import schema, validation

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "magicsub" / "scenarios").glob("*.yaml"))


def test_the_committed_schema_file_is_up_to_date():
    assert schema.SCHEMA_FILE.read_text(encoding="utf-8") == schema.schema_text(), \
        "run: python tools/schema.py"
    assert json.loads(schema.SCHEMA_FILE.read_text(encoding="utf-8")) == schema.schema()


def test_the_schema_is_a_valid_draft_2020_12_schema():
    doc = schema.schema()
    assert doc["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema_rs.meta.validate(doc)


def _properties(node, path=""):
    """Every (path, schema) under a ``properties`` keyword, and every ``$defs`` entry."""
    if isinstance(node, dict):
        for keyword in ("properties", "$defs"):
            for name, sub in node.get(keyword, {}).items():
                yield f"{path}/{keyword}/{name}", sub
        for key, value in node.items():
            yield from _properties(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _properties(value, f"{path}/{i}")


def test_every_property_has_a_description():
    found = list(_properties(schema.schema()))
    assert len(found) > 150
    missing = [path for path, sub in found if not sub.get("description")]
    assert missing == []


def test_the_schema_names_the_whole_vocabulary():
    doc = schema.schema()
    steps = doc["$defs"]["step"]["properties"]
    assert set(steps) == set(actions.ACTIONS) | {"expect"}
    for name, action in actions.ACTIONS.items():
        value = steps[name]
        mapping = value.get("then", value)
        assert list(mapping["properties"]) == [f.name for f in action.fields]
        assert mapping.get("required", []) == [f.name for f in action.fields if f.required]
    for kind, keys in actions.KEYS.items():
        assert set(doc["$defs"][f"expect_{kind}"]["properties"]) == keys
    assert set(doc["properties"]) == scenario.TOP_KEYS
    assert set(doc["$defs"]["object"]["properties"]) == scenario.OBJECT_KEYS
    assert set(doc["$defs"]["effect"]["properties"]) == scenario.EFFECT_KEYS
    assert set(actions.KIND_ORDER) == set(actions.KEYS)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_every_shipped_scenario_passes_the_schema(path):
    from magicsub.scenario import yamlfile

    validation.validate(yamlfile.parse(yamlfile.read_text(path)))


def test_an_expectation_is_of_the_first_kind_whose_key_it_has():
    validation.validate({"object": "x", "zone": "exile"}, ref="expectation")
    validation.validate({"zone": "exile", "count": 0}, ref="expectation")
    with pytest.raises(ScenarioError) as e:
        validation.validate({"object": "x", "count": 0}, ref="expectation", line=None)
    assert str(e.value).startswith("<scenario>: unknown key 'count'; expected one of object, ")


@pytest.mark.parametrize("data, message", [
    ({"title": "t"}, "missing key 'players' (a list of 2 to 32 distinct names)"),
    ({"title": "t", "players": ["A", "A"]}, "players: expected distinct items, got ['A', 'A']"),
    ({"title": "t", "players": ["A", "B"], "steps": [{"cast": {"card": "x"}}]},
     "steps[0].cast: missing key 'by' (a player's name)"),
    ({"title": "t", "players": ["A", "B"], "steps": [{}]},
     "steps[0]: expected a step: a mapping with exactly one key, the action, got {}"),
    ({"title": "t", "players": ["A", "B"], "steps": [{"resolve": 5}]},
     "steps[0].resolve: expected an object id, got 5"),
    ({"title": "t", "players": ["A", "B"], "life": {"": 3}},
     "life: key '': expected a player's name"),
    ({"title": "t", "players": ["A", "B"], "effects": [{"control": "x", "to": "A",
                                                        "until": {"next_turn": 3}}]},
     "effects[0].until: expected end_of_turn, source_leaves, forever or {next_turn: PLAYER}, "
     "got {'next_turn': 3}"),
    ({"title": "t", "players": ["A", "B"], "expect": [{"zone": "outside"}]},
     "expect[0].zone: expected a zone (library, hand, graveyard, battlefield, stack, exile, "
     "command, ante), got 'outside'"),
])
def test_schema_messages_name_the_path_and_what_was_expected(data, message):
    with pytest.raises(ScenarioError) as e:
        scenario.load_scenario(data=data)
    assert str(e.value) == f"<scenario>: {message}"


def test_the_first_problem_in_the_file_is_reported():
    text = ("title: t\nplayers: [A, B]\nexpect:\n  - {subgames: x}\nsteps:\n"
            "  - pass_priority: 5\n")
    with pytest.raises(ScenarioError) as e:
        scenario.load_scenario(text=text)
    assert str(e.value) == "<scenario>:4: expect[0].subgames: expected a whole number, got 'x'"


# -- one vocabulary: the schema and actions.normalize accept the same steps -----------------------
VALID = {"player": ["Alex"], "object": ["x"], "target": ["x", "Alex"], "new_id": ["t1"],
         "str": ["poison"], "int": [0, -3, MAX_NUMBER], "bool": [True, False],
         "zone": list(actions.ZONES), "game": ["main", 0, 2, "3"], "step": list(actions.ADVANCE),
         "types": [[], ["creature"]], "until": list(actions.DURATIONS) + [{"next_turn": "Alex"}],
         "choice": list(actions.CHOICES), "info": list(actions.INFO),
         "objects": [["x"], [], ["x", "y"]], "abilities": [["x"], [], ["x", "x"]]}
ODD_VALUES = ["", "x" * (MAX_TEXT + 1), "a\ud800", "٣", "3\n", "1234567890", "upkeep2", "outside",
              MAX_NUMBER + 1, -MAX_NUMBER - 1, True, None, 1.0, 2.5, [], ["creature", ""],
              ["x" * (MAX_TEXT + 1)], {}, {"next_turn": 1}, {"next_turn": "Alex", "x": 1},
              ("creature",), {"card": "x"}, [["x"]], ["x", "x"]]
ODD = st.one_of(st.sampled_from(ODD_VALUES),
                st.sampled_from([v for values in VALID.values() for v in values]), st.integers())


def _verdicts(step) -> tuple[str | None, str | None]:
    """What ``normalize`` and the schema say of a step: None (accepted) or the message."""
    out = []
    for check in (actions.normalize,
                  lambda s: validation.validate(s, ref="step", line=None)):
        try:
            check(step)
            out.append(None)
        except ScenarioError as err:
            out.append(str(err))
    return out[0], out[1]


def test_the_schema_and_normalize_agree_on_every_field_and_odd_value():
    """Each field of each action in turn takes each odd value (and each valid value of every
    kind), the others staying valid: both checks accept, or both refuse."""
    values = ODD_VALUES + [v for vs in VALID.values() for v in vs]
    disagree = []
    for name, action in actions.ACTIONS.items():
        base = {f.name: VALID[f.kind][0] for f in action.fields}
        for f in action.fields:
            for value in values:
                steps = [{name: {**base, f.name: value}}]
                if f.name == action.scalar:
                    steps.append({name: value})
                for step in steps:
                    by_normalize, by_schema = _verdicts(step)
                    if (by_normalize is None) != (by_schema is None):
                        disagree.append((step, by_normalize, by_schema))
    assert disagree == []


@st.composite
def steps(draw):
    """A step of the vocabulary whose fields are valid but for at most one odd value."""
    name = draw(st.sampled_from(sorted(actions.ACTIONS)))
    action = actions.ACTIONS[name]
    present = [f for f in action.fields if f.required or draw(st.booleans())]
    fields = {f.name: draw(st.sampled_from(VALID[f.kind])) for f in present}
    if present and draw(st.booleans()):
        fields[draw(st.sampled_from(present)).name] = draw(ODD)
    if action.scalar is not None and set(fields) <= {action.scalar} and draw(st.booleans()):
        return {name: fields.get(action.scalar, draw(ODD))}
    if draw(st.integers(0, 9)) == 7:
        fields[draw(st.sampled_from(["extra", 7]))] = 1
    if fields and draw(st.integers(0, 9)) == 7:
        fields.pop(next(iter(fields)))
    return {name: fields}


@settings(max_examples=400, deadline=None, derandomize=True)
@given(steps())
def test_the_schema_and_normalize_accept_the_same_steps(step):
    by_normalize, by_schema = _verdicts(step)
    assert (by_normalize is None) == (by_schema is None), (by_normalize, by_schema)
