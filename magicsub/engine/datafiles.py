"""Reading a YAML data file (the rules data, the rulings, a quiz or scenario file read as plain
data): one parse per file while its text is unchanged, with libyaml's loader where PyYAML has it.

PyYAML built without libyaml (the JupyterLite site's) falls back to its pure-Python safe loader;
both give the same values. Scenario files read for the engine go through
``magicsub.scenario.yamlfile`` instead (limits, lines of keys, errors naming the line).
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

import yaml

LOADER = yaml.CSafeLoader if yaml.__with_libyaml__ else yaml.SafeLoader
"""The safe loader used: libyaml's when PyYAML was built with it."""


def parse(text: str | bytes) -> object:
    """The YAML document in ``text`` (what ``yaml.safe_load`` gives), a new object each call."""
    return yaml.load(text, Loader=LOADER)  # noqa: S506 - a safe loader


@lru_cache(maxsize=256)
def _parsed(text: str) -> object:
    return parse(text)


def load(path: str | Path) -> object:
    """The YAML document of the file at ``path`` (UTF-8), parsed once while its text is the same.

    The value is shared by every caller: read it, do not change it (``parse`` gives a copy of
    one's own)."""
    return _parsed(Path(path).read_text(encoding="utf-8"))


def load_rules(name: str) -> object:
    """The YAML document of ``magicsub/rules/NAME`` (``load``'s shared value)."""
    return _parsed(resources.files("magicsub.rules").joinpath(name).read_text(encoding="utf-8"))


__all__ = ["LOADER", "load", "load_rules", "parse"]
