"""What each page's widgets must show, read from the committed notebooks' text outputs.

A ``Stepper``'s ``text/plain`` output lists every step (rule, changes naming objects by id) and
the board after the last step; a ``Quiz``'s lists its choices and the engine's answer (see
``magicsub.views.textview.stepper_text`` and ``quiz_text``). nbval checks those outputs against the
engine; the browser tests check the built page against them. So an engine change that reaches
the page but not the committed notebook, or a page that shows the wrong board, fails here.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]

_STEPPER_HEAD = re.compile(r"^Stepper(?: (?P<title>'.*'|\".*\"))?: (?P<n>\d+) steps?$")
_STEP = re.compile(r"^(?P<n>\d+)\. (?P<rule>\S+)")
_MOVE = re.compile(r"^move \[(?P<id>[^\]]+)\] .*?: (?P<src>.+?) → (?P<dst>.+)$")
_MOVE_GROUP = re.compile(r"^move (?P<count>\d+) cards: (?P<src>.+?) → (?P<dst>.+?): (?P<ids>.+)$")
_CREATE = re.compile(r"^create \[(?P<id>[^\]]+)\] .*\): (?P<dst>.+)$")
_CEASE = re.compile(r"^cease \[(?P<id>[^\]]+)\] ")
_LOC = re.compile(r"^(?:(?P<player>.+)'s )?(?P<zone>\w+) \((?P<game>main game|subgame \d+)\)$")
_GAME = re.compile(r"^(?P<game>main game|subgame \d+): (?P<rest>.*)$")
_SEAT = re.compile(r"^(?P<player>[^:]+): life (?P<life>-?\d+)")
_ZONE = re.compile(r"^(?:(?P<player>.+)'s )?(?P<zone>\w+) \((?P<count>\d+)\): (?P<items>.*)$")
_OUTSIDE = re.compile(r"^outside the game \((?P<count>\d+)\): (?P<items>.*)$")
_ITEM = re.compile(r"\s*(?P<id>[^,(]+?)(?: \((?P<bits>(?:[^()]|\([^()]*\))*)\))?(?:,|$)")
_PILE = re.compile(r"^.+'s \w+ deck, \d+ cards? face down: (?P<ids>.*)$")
_RANGE = re.compile(r"^(?P<p>.+)#(?P<a>\d+)–(?P=p)#(?P<b>\d+)$")

OUTSIDE = ("outside", "outside", None)
"""The place of an object outside every game: (game, zone, player)."""


def game_id(label: str) -> str:
    """``"main game"`` -> ``"0"``, ``"subgame 2"`` -> ``"2"`` (as ``data-game`` writes it)."""
    return "0" if label == "main game" else label.split()[1]


def place(text: str) -> tuple[str, str, str | None]:
    """A place as the summary writes it -> ``(data-game, data-zone, player or None)``."""
    if text == "outside the game":
        return OUTSIDE
    m = _LOC.match(text)
    if not m:
        raise ValueError(f"not a place: {text!r}")
    return game_id(m["game"]), m["zone"], m["player"]


def command_ids(items: str) -> list[str]:
    """A command zone's items: its supplementary decks as piles ("Alex's planar deck, 2 cards
    face down: naya, otaria", ``magicsub.views.textview``), then its other objects, ``; ``
    between them."""
    ids = []
    for part in items.split("; "):
        pile = _PILE.match(part)
        ids += expand_ids(pile["ids"] if pile else part)
    return ids


def expand_ids(items: str) -> list[str]:
    """``"Alex#1–Alex#3, angel"`` -> ``["Alex#1", "Alex#2", "Alex#3", "angel"]``."""
    ids = []
    for m in _ITEM.finditer(items):
        token = m["id"].strip()
        if not token:
            continue
        r = _RANGE.match(token)
        if r:
            ids += [f"{r['p']}#{n}" for n in range(int(r["a"]), int(r["b"]) + 1)]
        else:
            ids.append(token)
    return ids


@dataclass
class StepExpect:
    """One step: its number (1-based), rule, and where it left the objects it touched."""

    number: int
    rule: str
    places: dict[str, tuple[str, str, str | None]] = field(default_factory=dict)
    gone: set[str] = field(default_factory=set)


@dataclass
class ZoneExpect:
    """A non-empty zone of the final board."""

    game: str
    zone: str
    player: str | None
    ids: list[str]


@dataclass
class StepperExpect:
    """A stepper: title, steps, and the board after its last step."""

    title: str | None
    steps: list[StepExpect]
    zones: list[ZoneExpect]
    life: dict[tuple[str, str], int]
    ended: set[str]
    text: str


_JUDGES_DIFFER = "Judges differ: "


@dataclass
class QuizExpect:
    """A quiz: its choices, the index of the engine's answer, and the choices that are readings
    of a disputed corner (empty for a settled quiz)."""

    question: str
    choices: list[str]
    correct: int
    disputed: list[str] = field(default_factory=list)

    def verdict(self, index: int) -> str:
        """The ``data-verdict`` the page must show for choice ``index``: "disputed" for a
        reading of a disputed corner, else "correct" for the engine's answer and "wrong"."""
        if self.choices[index] in self.disputed:
            return "disputed"
        return "correct" if index == self.correct else "wrong"


def parse_stepper(text: str) -> StepperExpect:
    """Read a Stepper's text/plain output."""
    lines = text.splitlines()
    head = _STEPPER_HEAD.match(lines[0])
    if not head:
        raise ValueError(f"not a stepper summary: {lines[0]!r}")
    steps: list[StepExpect] = []
    zones: list[ZoneExpect] = []
    life: dict[tuple[str, str], int] = {}
    ended: set[str] = set()
    final = False
    game = None
    for line in lines[1:]:
        if line in ("After the last step:", "Before the first step:"):
            final = True
            continue
        if not final:
            m = _STEP.match(line)
            if m:
                steps.append(StepExpect(int(m["n"]), m["rule"]))
                continue
            change = line.strip().removeprefix("- ")
            step = steps[-1]
            if (m := _MOVE_GROUP.match(change)):
                for oid in expand_ids(m["ids"]):
                    step.places[oid] = place(m["dst"])
                    step.gone.discard(oid)
            elif (m := _MOVE.match(change)) or (m := _CREATE.match(change)):
                step.places[m["id"]] = place(m["dst"])
                step.gone.discard(m["id"])
            elif (m := _CEASE.match(change)):
                step.places.pop(m["id"], None)
                step.gone.add(m["id"])
            continue
        body = line[2:]
        if (m := _OUTSIDE.match(body)):
            zones.append(ZoneExpect("outside", "outside", None, expand_ids(m["items"])))
        elif not body.startswith("  ") and (m := _GAME.match(body)):
            game = game_id(m["game"])
            if m["rest"].startswith("ended"):
                ended.add(game)
        elif (m := _SEAT.match(body.strip())) and game is not None:
            life[(game, m["player"])] = int(m["life"])
        elif (m := _ZONE.match(body.strip())) and game is not None:
            items = m["items"]
            ids = command_ids(items) if m["zone"] == "command" else expand_ids(items)
            zones.append(ZoneExpect(game, m["zone"], m["player"], ids))
        else:
            raise ValueError(f"cannot read the summary line {line!r}")
    if len(steps) != int(head["n"]):
        raise ValueError(f"{lines[0]!r} but {len(steps)} steps listed")
    title = head["title"][1:-1] if head["title"] else None
    return StepperExpect(title, steps, zones, life, ended, text)


def parse_quiz(text: str) -> QuizExpect:
    """Read a Quiz's text/plain output."""
    lines = text.splitlines()
    question = lines[0].removeprefix("Quiz: ")
    choices, correct = [], None
    for line in lines[1:]:
        m = re.match(r"^  (?P<mark>[* ]) (?P<n>\d+)\. (?P<choice>.*)$", line)
        if m:
            if m["mark"] == "*":
                correct = len(choices)
            choices.append(m["choice"])
    if correct is None:
        raise ValueError(f"no engine answer in the quiz summary {text!r}")
    disputed: list[str] = []
    for line in lines[1:]:
        if line.startswith(_JUDGES_DIFFER):
            disputed = line.removeprefix(_JUDGES_DIFFER).split("; ")
            unknown = [c for c in disputed if c not in choices]
            if unknown or choices[correct] not in disputed:
                raise ValueError(f"cannot read the readings {line!r}: {unknown or 'no reading'} "
                                 f"among the choices {choices} (the engine's answer must be one)")
    return QuizExpect(question, choices, correct, disputed)


def page_widgets(relative: str) -> list[StepperExpect | QuizExpect]:
    """The steppers and quizzes of a built page (``book/x.html``), in page order, from the
    committed notebook ``book/x.ipynb`` (whose widget outputs keep their text form only: the
    committed notebooks hold no widget state); empty for a page without a notebook. Steppers
    side by side (``magicsub.book.compare``, text "Compare ...") count as their steppers, each
    text a block of its own (``magicsub.views.history.Comparison.summary``)."""
    notebook = REPO_ROOT / Path(relative).with_suffix(".ipynb")
    if not notebook.is_file():
        return []
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    found: list[StepperExpect | QuizExpect] = []
    for cell in nb["cells"]:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            text = data.get("text/plain", "")
            text = "".join(text) if isinstance(text, list) else text
            if _STEPPER_HEAD.match(text.split("\n", 1)[0]):
                found.append(parse_stepper(text))
            elif text.startswith("Compare "):
                found += [parse_stepper(part) for part in text.split("\n\n")
                          if _STEPPER_HEAD.match(part.split("\n", 1)[0])]
            elif text.startswith("Quiz: "):
                found.append(parse_quiz(text))
    return found
