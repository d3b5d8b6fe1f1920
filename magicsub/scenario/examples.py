"""The scenarios shipped in the package (``magicsub/scenarios/``): listed by the rule they
illustrate, and copied out for a reader to run and adapt (``magicsub examples``).

An example's name is its file name without ``.yaml``. Names starting with a rule number
(``726_5c_commander_back``) are grouped by the rule's section of the Comprehensive Rules
(CR 726, Subgames); the others by their first word (``corner_``, ``mp_``, ``compare_``).
Within a group they are in rule order (``801_2a`` before ``801_10``). The listing reads the
files shipped with the package, so it works the same from a checkout and from an installed
wheel.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from ..engine import datafiles
from ..engine.limits import shown
from .newfiles import write_new_files
from .safefiles import OutputRefused, new_folder

SECTIONS = {
    "103": "Starting the Game",
    "104": "Ending the Game",
    "109": "Objects",
    "114": "Emblems",
    "500": "General (turn structure)",
    "506": "Subgames (the 2003 rules)",
    "508": "Declare Attackers Step",
    "514": "Cleanup Step",
    "603": "Handling Triggered Abilities",
    "608": "Resolving Spells and Abilities",
    "610": "One-Shot Effects",
    "611": "Continuous Effects",
    "614": "Replacement Effects",
    "701": "Keyword Actions",
    "702": "Keyword Abilities",
    "704": "State-Based Actions",
    "707": "Copies of Objects",
    "708": "Face-Down Spells and Permanents",
    "720": "Controlling Another Player",
    "722": "The Monarch",
    "723": "The Initiative; Subgames (the older rule 723)",
    "724": "Restarting the Game",
    "726": "Subgames",
    "800": "General (multiplayer rules)",
    "801": "Limited Range of Influence Option",
    "810": "Two-Headed Giant Variant",
    "901": "Planechase",
    "902": "Vanguard",
    "903": "Commander",
    "904": "Archenemy",
}
"""The titles of the Comprehensive Rules sections the shipped scenarios illustrate."""

THEMES = {
    "mp": (1, "Leaving a game while a subgame runs (CR 800.4 with CR 726)"),
    "concede": (1, "Leaving a game while a subgame runs (CR 800.4 with CR 726)"),
    "compare": (1, "One game under each card that makes a subgame (CR 726.1b)"),
    "corner": (2, "Judge's corners: where the rules are silent or surprising"),
}
"""Groups of scenarios named by a word (``corner_fork_copy``): their order after the rule
sections, and their heading."""


@dataclass(frozen=True)
class Example:
    """A scenario shipped in the package: its name (file name without ``.yaml``) and title."""

    name: str
    title: str

    @property
    def file_name(self) -> str:
        """The name of its file, ``NAME.yaml``."""
        return f"{self.name}.yaml"

    @property
    def group(self) -> tuple[tuple, str]:
        """Its group: a sort key and a heading (``CR 726  Subgames``)."""
        number = re.match(r"\d{3}(?=_|$)", self.name)
        if number:
            section = number.group()
            heading = f"CR {section}  {SECTIONS[section]}" if section in SECTIONS else \
                f"CR {section}"
            return (0, int(section)), heading
        word = self.name.split("_", 1)[0]
        order, heading = THEMES.get(word, (3, "Other scenarios"))
        return (order, heading), heading

    def sort_key(self) -> tuple:
        """Its place in the listing: its group, then rule order of its name."""
        parts = tuple((0, int(t), "") if t.isdigit() else (1, 0, t)
                      for t in re.split(r"(\d+)", self.name) if t)
        return self.group[0], parts

    def read_bytes(self) -> bytes:
        """The file's content, exactly as shipped."""
        return _folder().joinpath(self.file_name).read_bytes()


class UnknownExample(ValueError):
    """A name that is not one of the shipped examples; the message suggests close names."""


def _folder():
    return resources.files("magicsub").joinpath("scenarios")


def _title(text: str, name: str) -> str:
    data = datafiles.parse(text)
    title = data.get("title") if isinstance(data, dict) else None
    return str(title) if title else name


def shipped() -> list[Example]:
    """Every scenario shipped in the package, in listing order."""
    found = []
    for entry in _folder().iterdir():
        if entry.name.endswith(".yaml") and entry.is_file():
            name = entry.name[:-len(".yaml")]
            found.append(Example(name, _title(entry.read_text(encoding="utf-8"), name)))
    return sorted(found, key=Example.sort_key)


def listing(examples: list[Example] | None = None) -> str:
    """The examples as text, one per line (name, then title, aligned within their group)
    under a heading per group, with a blank line between groups."""
    examples = shipped() if examples is None else examples
    groups: dict[str, list[Example]] = {}
    for example in examples:
        groups.setdefault(example.group[1], []).append(example)
    lines: list[str] = []
    for heading, members in groups.items():
        width = max(len(e.name) for e in members)
        lines += [""] if lines else []
        lines.append(heading)
        lines += [f"  {e.name:<{width}}  {e.title}" for e in members]
    return "\n".join(lines)


def find(names: list[str], examples: list[Example] | None = None) -> list[Example]:
    """The examples named (``726_1_shahrazad`` or ``726_1_shahrazad.yaml``), in the order
    given, each once.

    :raises UnknownExample: a name is not shipped; the message lists the close ones.
    """
    examples = shipped() if examples is None else examples
    by_name = {e.name: e for e in examples}
    chosen: dict[str, Example] = {}
    for raw in names:
        name = raw[:-len(".yaml")] if raw.endswith(".yaml") else raw
        if name not in by_name:
            close = difflib.get_close_matches(name, list(by_name), n=3, cutoff=0.5)
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            raise UnknownExample(f"no example is named {shown(raw)}{hint}; 'magicsub examples' "
                                 "lists them")
        chosen.setdefault(name, by_name[name])
    return list(chosen.values())


def copy_out(examples: list[Example], folder: Path | str, *,
             force: bool = False) -> list[tuple[Path, str]]:
    """Copy ``examples`` into ``folder`` (created with its parents if missing); return each
    file's path with what was done (``newfiles.WROTE``, ``REPLACED`` or ``UNCHANGED``).

    :raises OutputRefused: ``folder`` is not a folder, or a file in it would be overwritten
        (without ``force``) or is a link; nothing was written.
    :raises OSError: naming the path; what this call created is removed.
    """
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise OutputRefused(f"{folder} exists and is not a folder: choose another. Nothing was "
                            "written")
    files = [(folder / e.file_name, e.read_bytes()) for e in examples]
    with new_folder(folder):
        return write_new_files(files, force=force)


__all__ = ["SECTIONS", "THEMES", "Example", "UnknownExample", "copy_out", "find", "listing",
           "shipped"]
