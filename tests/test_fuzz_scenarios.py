"""Fuzzing the command line with malformed scenarios (issue 10, "Done when"): documents made from
the shipped scenarios with wrong-typed or odd values put at random places, steps drawn from the
vocabulary with odd values, and random or damaged bytes. ``magicsub check`` and ``magicsub show``
must end with exit 0, 1 or 2 and agree, and no exception may escape. The budget is fixed
(``derandomize=True``: the same examples on every run)."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from magicsub import cli
from magicsub.engine import actions, datafiles

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "magicsub" / "scenarios").glob("*.yaml"))
TEXTS = [p.read_text(encoding="utf-8") for p in SCENARIOS]
DOCS = [datafiles.parse(t) for t in TEXTS]
FUZZ = settings(max_examples=120, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


def run(path: Path) -> int:
    """``check`` and ``show`` on ``path``: both end with the same code, 0, 1 or 2."""
    codes = []
    for argv in (["check", str(path)], ["show", "--no-colour", str(path)]):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            codes.append(cli.main(argv))
        assert codes[-1] in (0, 1, 2), (argv, codes[-1], err.getvalue())
        if codes[-1] == 2:
            assert err.getvalue().startswith(f"error: {path}"), err.getvalue()
            assert err.getvalue().count("\n") == 1
        assert "Traceback" not in out.getvalue() + err.getvalue()
    assert codes[0] == codes[1], codes
    return codes[0]


def write(tmp_path: Path, content: str | bytes) -> Path:
    path = tmp_path / "fuzz.yaml"
    if isinstance(content, str):
        content = content.encode("utf-8", errors="surrogatepass")
    path.write_bytes(content)
    return path


# -- (a) shipped scenarios with values replaced ---------------------------------------------------
def _strings(node) -> set:
    if isinstance(node, str):
        return {node}
    if isinstance(node, dict):
        return set().union(*(_strings(k) | _strings(v) for k, v in node.items()), set())
    if isinstance(node, list):
        return set().union(*(_strings(v) for v in node), set())
    return set()


POOL = sorted(set().union(*(_strings(d) for d in DOCS)) | {"main", "1", "2", "0"})
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-3, 12),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
    st.sampled_from(POOL), st.sampled_from(["\ud800", "٣", "²", "", "x" * 300, "\x1b[2J",
                                            "<script>", "a\nb", "#1", "Alex#999"]))
VALUES = st.recursive(SCALARS, lambda children: st.one_of(
    st.lists(children, max_size=3),
    st.dictionaries(st.one_of(st.sampled_from(POOL), st.integers(0, 3)), children, max_size=3)),
    max_leaves=6)


def _paths(node, prefix=()):
    if isinstance(node, dict):
        for key, value in node.items():
            yield prefix + (key,)
            yield from _paths(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield prefix + (i,)
            yield from _paths(value, prefix + (i,))


def _mutate(doc, path, how, value):
    *parents, last = path
    node = doc
    for key in parents:
        node = node[key]
    if how == "delete":
        del node[last]
    elif how == "copy" and isinstance(node, list):
        node.insert(last, node[last])
    elif how == "add" and isinstance(node, dict):
        node[f"x{len(node)}"] = value
    else:
        node[last] = value


@st.composite
def mutated(draw):
    i = draw(st.integers(0, len(DOCS) - 1))
    doc = datafiles.parse(TEXTS[i])
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(doc))
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        how = draw(st.sampled_from(["replace", "replace", "replace", "delete", "copy", "add"]))
        _mutate(doc, path, how, draw(VALUES))
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)


@pytest.mark.slow
@FUZZ
@given(mutated())
def test_mutated_scenarios_never_escape(tmp_path, text):
    run(write(tmp_path, text))


# -- (b) steps from the vocabulary with odd values ------------------------------------------------
@st.composite
def odd_steps(draw):
    i = draw(st.integers(0, len(DOCS) - 1))
    doc = datafiles.parse(TEXTS[i])
    names = list(doc["players"])
    ids = [o.get("id", o.get("name")) for o in doc.get("objects") or []] or ["nothing"]
    kinds = {"player": names, "object": ids, "target": ids + names, "new_id": ["t1", "t2"],
             "str": ["poison", "x"], "int": [-5, 0, 1, 7, 10**9], "bool": [True, False],
             "zone": list(actions.ZONES), "game": ["main", 0, 1, 2, 9],
             "step": list(actions.ADVANCE), "types": [["creature"], []],
             "until": list(actions.DURATIONS) + [{"next_turn": names[0]}],
             "choice": list(actions.CHOICES), "info": list(actions.INFO),
             "objects": [ids[:1], ids[:3], []], "abilities": [[f"{ids[0]}-trigger"], []]}
    odd = {"player": "Zed", "object": "nothing", "target": "nothing", "new_id": ids[0],
           "objects": ["nothing"]}

    def value(kind):
        if kind in odd and draw(st.integers(0, 19)) == 7:
            return odd[kind]
        return draw(st.sampled_from(kinds[kind]))

    steps = list(doc.get("steps") or [])
    keep = draw(st.integers(0, len(steps)))
    steps = steps[:keep]
    for _ in range(draw(st.integers(1, 8))):
        action = actions.ACTIONS[draw(st.sampled_from(sorted(actions.ACTIONS)))]
        steps.append({action.name: {f.name: value(f.kind) for f in action.fields
                                    if f.required or draw(st.booleans())}})
    doc["steps"] = steps
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)


@pytest.mark.slow
@FUZZ
@given(odd_steps())
def test_odd_steps_never_escape(tmp_path, text):
    run(write(tmp_path, text))


# -- (c) bytes ------------------------------------------------------------------------------------
@FUZZ
@given(st.binary(max_size=2000))
def test_random_bytes_never_escape(tmp_path, data):
    assert run(write(tmp_path, data)) in (1, 2)


@st.composite
def damaged(draw):
    data = bytearray(draw(st.sampled_from(TEXTS)).encode("utf-8"))
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(data)))
        how = draw(st.sampled_from(["insert", "delete", "replace"]))
        chunk = draw(st.one_of(st.binary(min_size=1, max_size=4),
                               st.sampled_from([b"[", b"]", b"{", b"}", b":", b"- ", b"&a ",
                                                b"*a", b"\n  ", b"'", b'"', b"!!", b"#"])))
        if how == "insert":
            data[at:at] = chunk
        elif how == "delete":
            del data[at:at + len(chunk)]
        else:
            data[at:at + len(chunk)] = chunk
    return bytes(data)


@FUZZ
@given(damaged())
def test_damaged_files_never_escape(tmp_path, data):
    run(write(tmp_path, data))
