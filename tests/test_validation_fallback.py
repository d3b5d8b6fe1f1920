"""Where ``jsonschema_rs`` cannot be imported (Pyodide, JupyterLite), the pure-Python
``jsonschema`` checks scenarios (``magicsub.scenario.validation``,
``magicsub.scenario.schemalibs``): for every bad scenario the test suite knows (the fixture files,
the shipped scenarios mutated, every field of every step given odd values) both refuse it with the
same message and the same line, and the first problem reported does not depend on the order in which
a library finds them."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from test_fuzz_scenarios import mutated, odd_steps
from test_schema import ODD_VALUES, VALID, steps

from magicsub import ScenarioError, load_scenario
from magicsub.engine import actions, datafiles
from magicsub.scenario import validation, yamlfile

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "tests" / "fixtures").rglob("*.yaml")) + sorted(
    (ROOT / "magicsub" / "scenarios").glob("*.yaml"))
MODES = ("jsonschema_rs", "jsonschema", "jsonschema, errors reversed")
FUZZ = settings(max_examples=150, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow])


class _Found:
    """The pure-Python validator ``inner``, searching each piece of data once (``_SEARCHED``) and
    yielding its errors in the library's order or (``reverse``) last first.

    A scenario's schema errors do not depend on the form it came in (a line per key, one line, a
    ``data=`` mapping: the lines are read from the data after, by ``validation``) nor on the
    order asked for, so the three forms under the two orders share one search by the slow
    library; the data (its ``repr``: types, values, keys in order) and the schema entry are the
    key. ``jsonschema_rs`` searches every form itself."""

    name = "jsonschema"

    def __init__(self, inner, ref, reverse: bool) -> None:
        self.inner, self.ref, self.reverse = inner, ref, reverse

    def iter_errors(self, data):
        key = (self.ref, repr(data))
        if _SEARCHED is None:
            found = tuple(self.inner.iter_errors(data))
        elif key in _SEARCHED:
            found = _SEARCHED[key]
        else:
            found = _SEARCHED[key] = tuple(self.inner.iter_errors(data))
        return iter(found[::-1] if self.reverse else found)


_SEARCHED: dict | None = None


def _parsed_once(parse):
    """``yamlfile.parse`` reading each text once for the two pure-Python modes while ``_SEARCHED``
    is kept (``load_scenario`` reads the parsed data without changing it); ``jsonschema_rs``
    parses every text itself."""
    def once(text, file=None):
        key = ("yaml", text, file)
        if _SEARCHED is None:
            return parse(text, file)
        if key not in _SEARCHED:
            _SEARCHED[key] = parse(text, file)
        return _SEARCHED[key]
    return once


@contextlib.contextmanager
def one_search():
    """Inside the block (the checks of one scenario), the pure-Python library searches each piece
    of data once (``_Found``) and parses each YAML text once (``_parsed_once``); outside, every
    time."""
    global _SEARCHED
    if _SEARCHED is not None:
        yield
        return
    _SEARCHED = {}
    try:
        yield
    finally:
        _SEARCHED = None


@contextlib.contextmanager
def checked_by(mode: str):
    """Validation by the library ``mode`` names (one of ``MODES``) inside the block."""
    real, parse = validation._validator, yamlfile.parse
    pure = mode != "jsonschema_rs"
    validation.use_pure_python(pure)
    if pure:
        validation._validator = lambda ref, pure: _Found(real(ref, pure), ref,
                                                         mode.endswith("reversed"))
        yamlfile.parse = _parsed_once(parse)
    try:
        yield
    finally:
        validation._validator, yamlfile.parse = real, parse
        validation.use_pure_python(False)


def verdicts(check) -> dict:
    """``{mode: None (accepted) or (message, line)}`` for ``check()`` under each of ``MODES``."""
    out = {}
    for mode in MODES:
        with checked_by(mode):
            try:
                check()
                out[mode] = None
            except ScenarioError as err:
                out[mode] = (str(err), err.line)
    return out


def assert_same(check) -> object:
    """``check()`` gives the same verdict under every mode; return it."""
    with one_search():
        found = verdicts(check)
    assert len(set(found.values())) == 1, found
    return found["jsonschema_rs"]


def test_the_pure_library_is_used_only_when_asked_or_when_rust_is_missing():
    assert validation.library() == "jsonschema_rs"
    with checked_by("jsonschema"):
        assert validation.library() == "jsonschema"
    assert validation.library() == "jsonschema_rs"


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_fixture_and_shipped_file_gets_the_same_verdict(path):
    with one_search():
        _file_and_data(path)


def _file_and_data(path: Path) -> None:
    assert_same(lambda: load_scenario(path))
    try:
        data = datafiles.parse(path.read_bytes()) if path.parent.name != "hostile" else None
    except yaml.YAMLError:
        data = None
    if isinstance(data, dict):
        assert_same(lambda: load_scenario(data=data))


def test_every_field_of_every_step_with_each_odd_value_gets_the_same_verdict():
    """The matrix of ``test_schema``: each field of each action takes each odd value (and each
    valid value of every kind), the others staying valid."""
    values = ODD_VALUES + [v for vs in VALID.values() for v in vs]
    refused = 0
    for name, action in actions.ACTIONS.items():
        base = {f.name: VALID[f.kind][0] for f in action.fields}
        for f in action.fields:
            for value in values:
                cases = [{name: {**base, f.name: value}}]
                if f.name == action.scalar:
                    cases.append({name: value})
                for step in cases:
                    refused += assert_same(lambda s=step: validation.validate(
                        s, ref="step", line=None)) is not None
    assert refused > 1000


@FUZZ
@given(steps())
def test_odd_steps_of_the_schema_test_get_the_same_verdict(step):
    assert_same(lambda: validation.validate(step, ref="step", line=None))


def _three_ways(text: str) -> None:
    """The YAML ``text`` as it is (a line per key), on one line (every problem on the same line)
    and as a ``data=`` mapping (no lines): the same verdict each time."""
    with one_search():
        _each_form(text)


def _each_form(text: str) -> None:
    assert_same(lambda: load_scenario(text=text))
    try:
        doc = datafiles.parse(text)
        flat = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, default_flow_style=True,
                              width=10**9)
    except yaml.YAMLError:
        return
    assert_same(lambda: load_scenario(text=flat))
    if isinstance(doc, dict):
        assert_same(lambda: load_scenario(data=doc))


@pytest.mark.slow
@FUZZ
@given(mutated())
def test_mutated_shipped_scenarios_get_the_same_verdict(text):
    _three_ways(text)


@pytest.mark.slow
@FUZZ
@given(odd_steps())
def test_shipped_scenarios_with_odd_steps_get_the_same_verdict(text):
    _three_ways(text)


BASE = "title: t\nplayers: [A, B]\n"


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("text, line, message", [
    (BASE + "steps:\n  - cast: {}\n", 4, "steps[0].cast: missing key 'card' (an object id)"),
    (BASE + "steps:\n  - create: {zone: exile}\n", 4,
     "steps[0].create: missing key 'id' (a new object id)"),
    (BASE + "life:\n  A: 3\n  '': 4\n", 5, "life: key '': expected a player's name"),
    (BASE + "libraries: {A: 3, '': 4}\n", 3, "libraries: key '': expected a player's name"),
    (BASE + "objects:\n  - {name: x, owner: A, zone: hand, colour: red}\n", 4,
     "objects[0]: unknown key 'colour'; expected one of "),
    (BASE + "expect:\n  - {zone: exile, game: \"3\\n\"}\n", 4,
     "expect[0].game: expected a game (main, 1, 2, ...), got '3\\n'"),
    (BASE + "steps:\n  - {resolve: 5}\n  - {cast: {card: 5}}\n", 4,
     "steps[0].resolve: expected an object id, got 5"),
    ("title: t\nplayers: [A, B]\nsteps: [{cast: {card: 5}}, {resolve: 5}]\n", 3,
     "steps[0].cast: missing key 'by' (a player's name)"),
    ("title: t\nplayers: [A, B]\nsteps: [{resolve: 5}, {cast: {card: 5}}]\n", 3,
     "steps[0].resolve: expected an object id, got 5"),
    ("title: t\nplayers: [A, B]\nsteps: [{advance: {card: x}}]\n", 3,
     "steps[0].advance: unknown key 'card'; expected one of step"),
    (BASE + "expect:\n  - {subgames: x}\nsteps:\n" + "  - {cast: {card: 5}}\n" * 200, 4,
     "expect[0].subgames: expected a whole number, got 'x'"),
])
def test_each_library_words_each_kind_of_problem_the_same(mode, text, line, message):
    """``required`` names the first missing key in the schema's order; ``propertyNames`` the
    key; ``additionalProperties`` the unknown key and its line; ``pattern`` refuses a final
    newline (ECMA 262 ``$``); on one line the first value in the file is reported (a mapping
    before its values), then the first failing keyword in the schema; the first problem in the
    file is found among all of them (here 401), not among the first a library yields."""
    with checked_by(mode), pytest.raises(ScenarioError) as e:
        load_scenario(text=text)
    assert e.value.line == line
    assert str(e.value).startswith(f"<scenario>:{line}: {message}")


@pytest.mark.parametrize("mode", MODES)
def test_a_tuple_is_a_list_for_each_library(mode):
    with checked_by(mode):
        validation.validate({"create": {"id": "t", "name": "n", "controller": "A", "zone": "exile",
                                        "types": ("creature",)}},
                            ref="step", line=None)
        with pytest.raises(ScenarioError, match=r"players: expected distinct items"):
            validation.validate({"title": "t", "players": ("A", "A")}, line=None)


def test_without_jsonschema_rs_a_scenario_loads_and_a_bad_one_is_refused_alike(monkeypatch):
    bad = BASE + "steps:\n  - cast: {card: x, by: [A]}\n"
    with pytest.raises(ScenarioError) as by_rust:
        load_scenario(text=bad)
    monkeypatch.setitem(sys.modules, "jsonschema_rs", None)
    validation._validator.cache_clear()
    try:
        assert validation.library() == "jsonschema"
        assert load_scenario(FILES[-1]).run().ok
        with pytest.raises(ScenarioError) as by_python:
            load_scenario(text=bad)
    finally:
        validation._validator.cache_clear()
    assert (str(by_python.value), by_python.value.line) == \
        (str(by_rust.value), by_rust.value.line) == \
        ("<scenario>:4: steps[0].cast.by: expected a player's name, got ['A']", 4)
