"""magicsub.engine.datafiles: one way to read a YAML data file, libyaml's loader where PyYAML has
it, parsed once while the file's text is unchanged."""

from __future__ import annotations

from pathlib import Path

import yaml

from magicsub.engine import datafiles

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted(p for folder in ("magicsub", "book", "tests")
               for p in (ROOT / folder).rglob("*.yaml") if "hostile" not in p.parts)


def test_every_yaml_file_reads_as_the_pure_safe_loader_reads_it():
    """The loader used (libyaml's here) gives the values of PyYAML's pure safe loader, which the
    JupyterLite site uses; a file either loader refuses is refused by both."""
    assert datafiles.LOADER is (yaml.CSafeLoader if yaml.__with_libyaml__ else yaml.SafeLoader)
    assert len(FILES) > 200
    for path in FILES:
        text = path.read_bytes()
        try:
            pure = yaml.load(text, Loader=yaml.SafeLoader)  # noqa: S506 - a safe loader
        except yaml.YAMLError:
            pure = "refused"
        try:
            ours = datafiles.parse(text)
        except yaml.YAMLError:
            ours = "refused"
        assert ours == pure, path


def test_a_file_is_parsed_once_while_its_text_is_the_same(tmp_path):
    path = tmp_path / "d.yaml"
    path.write_text("a: 1\n")
    first = datafiles.load(path)
    assert first == {"a": 1} and datafiles.load(path) is first
    path.write_text("a: 2\n")
    assert datafiles.load(path) == {"a": 2}
    assert datafiles.parse("a: 1\n") is not datafiles.parse("a: 1\n")


def test_the_rules_data_is_the_file_beside_the_package():
    assert datafiles.load_rules("core.yaml") is datafiles.load(ROOT / "magicsub/rules/core.yaml")
