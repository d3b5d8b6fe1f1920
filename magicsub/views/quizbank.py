"""Quizzes as data: YAML files of questions whose right answer the engine computes.

A quiz file (``book/quizzes/NAME.yaml``) is a list of quizzes::

    - id: leave-bribery-angel          # unique in the folder: quiz("leave-bribery-angel")
      scenario: 800_4a_bribery_alex_leaves.yaml   # a scenario file, or an inline mapping
      ask: what                        # "what" happens, or "why": which rule applies and why
      question: Alex leaves the game. Where is Bianca's Serra Angel?
      rule: "800.4a"                   # the rule that decides the answer ...
      decides: "those objects are exiled"   # ... and words of its deciding sentence
      choices:
        - text: main-game exile
          holds: {object: angel, zone: exile}  # expectation(s), as in scenario files
          feedback: Alex still controls it as he leaves, so it is exiled.
        - text: main-game battlefield
          holds: {object: angel, zone: battlefield}
          feedback: Only control effects end; Bribery's effect isn't one.
      disputed:                        # optional: a corner where judges differ
        note: 726.5 does not say what happens to cards that left with a player.
        readings:
          - {choice: main-game library, reading: "The literal reading: ..."}
          - {choice: outside the game, reading: "The other reading: ..."}
        official: >-                   # the official guidance that exists, or "None: ..."
          The Countdown Is at One, Gatherer ruling, 2018-01-19: “After the subgame ends, all
          players shuffle their cards from the subgame to reform their main-game libraries”.

The right choice is the one whose ``holds`` expectations all hold after the run; exactly one
must (otherwise ``QuizError`` says which held). The feedback of every choice quotes the deciding
sentence of ``rule`` (found by ``decides`` in the rules data) as the run's trace cites it at the
deciding step (``QuizData.deciding_step``): a quiz whose run never cites that sentence is an
error, so the quote and the stepper's highlighted sentence cannot drift apart. A disputed quiz
still computes the engine's reading, but shows every reading and grades none as the only
answer, and says whether official guidance exists (``official``): either it quotes that guidance
with its source and date, each quoted passage (in “curly quotes”) found word for word in a ruling
of that date in ``magicsub/rules/rulings.yaml`` (``magicsub.views.rulings``), or it begins with
"None:" and says that no official ruling speaks to the point.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..engine.errors import CitationError, ScenarioError
from ..scenario import expectations
from ..scenario.yamlfile import LineDict, LineList, parse, read_text
from . import rulings

QUIZ_KEYS = {"id", "scenario", "ask", "question", "rule", "decides", "choices", "explain",
             "disputed"}
"""The keys of a quiz (``explain`` is optional: a sentence shown with the right answer)."""
CHOICE_KEYS = {"text", "holds", "feedback"}
DISPUTED_KEYS = {"note", "readings", "official"}
"""The keys of a quiz's ``disputed``: all three are required."""
NO_GUIDANCE = "None:"
"""How ``official`` begins when no official ruling speaks to the point."""
_QUOTED = re.compile(r"“([^”]+)”")
_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
ASKS = {"what", "why"}


class QuizError(ValueError):
    """A quiz file is malformed, or the engine's run leaves no single right choice; the message
    names the file and line."""


@dataclass
class Choice:
    """One answer a reader can pick: its text, the expectations that make it right, feedback."""

    text: str
    holds: list
    feedback: str


@dataclass
class Reading:
    """One reading of a disputed corner: the choice it leads to and the argument for it."""

    choice: str
    reading: str


@dataclass
class QuizData:
    """A quiz read from a file (see the module docstring)."""

    id: str
    scenario: object
    ask: str
    question: str
    rule: str
    decides: str
    choices: list[Choice]
    explain: str = ""
    note: str = ""
    readings: tuple[Reading, ...] = ()
    official: str = ""
    where: str = ""

    @property
    def disputed(self) -> bool:
        """Whether judges differ on this corner (the quiz shows every reading)."""
        return bool(self.readings)

    @property
    def has_guidance(self) -> bool:
        """Whether official guidance speaks to this disputed corner (``official`` quotes it)."""
        return bool(self.official) and not self.official.startswith(NO_GUIDANCE)

    def sentence(self, edition: str = "726") -> str:
        """The sentence of ``rule`` that decides the answer, verbatim from the rules data."""
        from ..engine.editions import edition as load_edition

        try:
            return load_edition(edition).cite(self.rule, self.decides).text
        except CitationError as err:
            raise QuizError(f"{self.where}: {err}") from None

    def deciding_step(self, result, *, strict: bool = False):
        """The step of ``result``'s trace that decides the answer: the first citing ``rule`` at
        the deciding sentence (or at its whole paragraph, for a rule cited as a whole); None when
        the run never reaches it (a learner's edit may not).

        :raises QuizError: ``strict`` and no step cites the deciding sentence.
        """
        from ..engine.editions import edition as load_edition

        try:
            cite = load_edition(result.game.edition.number).cite(self.rule, self.decides)
        except CitationError as err:
            raise QuizError(f"{self.where}: {err}") from None
        for step in result.trace:
            if step.rule == cite.rule and (step.text == cite.text
                                           or step.text == cite.paragraph):
                return step
        if strict:
            raise QuizError(f"quiz {self.id!r} ({self.where}): no step of the run cites CR "
                            f"{self.rule} at the deciding sentence ({self.decides!r}), so the "
                            "feedback would quote a sentence the stepper never shows")
        return None


def _line(node, key=None) -> str:
    if isinstance(node, LineDict) and key is not None and key in node.key_lines:
        return str(node.key_lines[key])
    return str(getattr(node, "line", None) or "?")


def _text(node: LineDict, key: str, where: str, *, required: bool = True) -> str:
    value = node.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, (str, int, float)) or isinstance(value, bool) or str(value) == "":
        raise QuizError(f"{where}, line {_line(node, key)}: {key!r} must be text")
    return str(value)


def _quiz(node: object, file: str) -> QuizData:
    if not isinstance(node, LineDict):
        raise QuizError(f"{file}, line {_line(node)}: a quiz is a mapping")
    where = f"{file}, line {_line(node)}"
    extra = sorted(set(node) - QUIZ_KEYS)
    if extra:
        raise QuizError(f"{file}, line {_line(node, extra[0])}: unknown key {extra[0]!r} in a "
                        f"quiz; expected {', '.join(sorted(QUIZ_KEYS))}")
    for key in ("id", "scenario", "question", "rule", "decides", "choices"):
        if key not in node:
            raise QuizError(f"{where}: a quiz needs {key!r}")
    ask = _text(node, "ask", where, required=False) or "what"
    if ask not in ASKS:
        raise QuizError(f"{file}, line {_line(node, 'ask')}: ask is 'what' or 'why', got {ask!r}")
    raw = node["choices"]
    if not isinstance(raw, LineList) or len(raw) < 2:
        raise QuizError(f"{file}, line {_line(node, 'choices')}: choices is a list of two or "
                        "more")
    choices = []
    for item in raw:
        cwhere = f"{file}, line {_line(item)}"
        if not isinstance(item, LineDict) or set(item) - CHOICE_KEYS or "holds" not in item:
            raise QuizError(f"{cwhere}: a choice is a mapping of text, holds and feedback")
        holds = item["holds"] if isinstance(item["holds"], list) else [item["holds"]]
        for exp in holds:
            try:
                expectations.kind_of(exp)
            except ScenarioError as err:
                raise QuizError(f"{file}, line {_line(item, 'holds')}: {err.detail}") from None
        choices.append(Choice(_text(item, "text", cwhere), holds,
                              _text(item, "feedback", cwhere)))
    texts = [c.text for c in choices]
    if len(set(texts)) != len(texts):
        raise QuizError(f"{where}: choices must be distinct: {texts}")
    note, readings, official = "", (), ""
    if "disputed" in node:
        note, readings, official = _disputed(node, file, where, texts)
    data = QuizData(id=_text(node, "id", where), scenario=node["scenario"], ask=ask,
                    question=_text(node, "question", where), rule=_text(node, "rule", where),
                    decides=_text(node, "decides", where), choices=choices,
                    explain=_text(node, "explain", where, required=False), note=note,
                    readings=readings, official=official, where=where)
    try:
        data.sentence()
    except QuizError as err:
        raise QuizError(str(err).replace(where, f"{file}, line {_line(node, 'decides')}")) \
            from None
    return data


def _disputed(node: LineDict, file: str, where: str, texts: list[str]
              ) -> tuple[str, tuple[Reading, ...], str]:
    """The note, readings and official guidance of a quiz's ``disputed`` mapping, checked."""
    d = node["disputed"]
    if not isinstance(d, LineDict) or not isinstance(d.get("readings"), list) \
            or len(d["readings"]) < 2:
        raise QuizError(f"{file}, line {_line(node, 'disputed')}: disputed has a note, two or "
                        "more readings and official")
    extra = sorted(set(d) - DISPUTED_KEYS)
    if extra:
        raise QuizError(f"{file}, line {_line(d, extra[0])}: unknown key {extra[0]!r} in "
                        f"disputed; expected {', '.join(sorted(DISPUTED_KEYS))}")
    if "official" not in d:
        raise QuizError(f"{file}, line {_line(node, 'disputed')}: disputed needs 'official': "
                        "the official guidance that exists, quoted with its source and date, or "
                        f"{NO_GUIDANCE!r} and why no official ruling speaks to the point")
    note = _text(d, "note", where)
    readings = tuple(Reading(_text(r, "choice", where), _text(r, "reading", where))
                     for r in d["readings"])
    for r in readings:
        if r.choice not in texts:
            raise QuizError(f"{where}: reading of {r.choice!r}, which is not a choice")
    official = " ".join(_text(d, "official", where).split())
    problem = official_problem(official)
    if problem:
        raise QuizError(f"{file}, line {_line(d, 'official')}: {problem}")
    return note, readings, official


def official_problem(official: str) -> str:
    """What is wrong with a disputed quiz's ``official`` text ("" when nothing is).

    It begins with "None:" and says why no guidance exists; or it quotes official guidance: one
    or more passages in “curly quotes”, each found word for word in a ruling of
    ``magicsub/rules/rulings.yaml`` whose card, source and date the text names.
    """
    if official.startswith(NO_GUIDANCE):
        return "" if official[len(NO_GUIDANCE):].strip() else (
            f"official: say after {NO_GUIDANCE!r} why no official ruling speaks to the point")
    quoted = _QUOTED.findall(official)
    if not quoted:
        return (f"official quotes the guidance in “curly quotes” with its source and date, or "
                f"begins with {NO_GUIDANCE!r}")
    dates = set(_DATE.findall(official))
    known = [(card.card, r) for card in rulings.load().values() for r in card.rulings
             if r.date in dates]
    if not known:
        return ("official names no date of a ruling in magicsub/rules/rulings.yaml (give it as "
                "YYYY-MM-DD)")
    for passage in quoted:
        words = " ".join(passage.split()).rstrip(".,")
        said = [(card, r) for card, r in known if words in r.text]
        if not said:
            return (f"official quotes “{words[:60]}”, which no ruling of "
                    f"{', '.join(sorted(dates))} in magicsub/rules/rulings.yaml says")
        if not any(card in official and r.source in official for card, r in said):
            card, r = said[0]
            return (f"official quotes “{words[:60]}” without its card and source: name "
                    f"{card} and say “{r.source}” with the date {r.date}")
    return ""


_LOADED: dict[Path, tuple[tuple[int, int], list[QuizData]]] = {}


def load(path: str | Path) -> list[QuizData]:
    """Every quiz of one quiz file, validated (``QuizError`` names the file and line).

    A file is read again only when it changed (its modification time or size): a page that
    asks three quizzes reads the folder's files once, and an edit is seen at the next ask.
    """
    path = Path(path).resolve()
    info = path.stat()
    stamp = (info.st_mtime_ns, info.st_size)
    kept = _LOADED.get(path)
    if kept is None or kept[0] != stamp:
        kept = _LOADED[path] = (stamp, _read(path))
    return list(kept[1])


def _read(path: Path) -> list[QuizData]:
    file = path.name
    try:
        doc = parse(read_text(path), file)
    except ScenarioError as err:
        raise QuizError(f"{file}: {err}") from None
    if not isinstance(doc, LineList):
        raise QuizError(f"{file}: a quiz file is a list of quizzes")
    quizzes = [_quiz(node, file) for node in doc]
    ids = [q.id for q in quizzes]
    for qid in ids:
        if ids.count(qid) > 1:
            raise QuizError(f"{file}: two quizzes are called {qid!r}")
    return quizzes


def load_folder(folder: str | Path) -> dict[str, QuizData]:
    """Every quiz of the ``*.yaml`` files in ``folder``, by id (ids are unique in the folder)."""
    found: dict[str, QuizData] = {}
    for path in sorted(Path(folder).glob("*.yaml")):
        for q in load(path):
            if q.id in found:
                raise QuizError(f"{path.name}: quiz {q.id!r} is also in {found[q.id].where}")
            found[q.id] = q
    return found


def find(quiz_id: str, folder: str | Path = "quizzes") -> QuizData:
    """The quiz ``quiz_id`` from the quiz files in ``folder``."""
    quizzes = load_folder(folder)
    if quiz_id not in quizzes:
        raise QuizError(f"no quiz {quiz_id!r} in {folder}/*.yaml "
                        f"(there are {len(quizzes)}: {', '.join(sorted(quizzes)[:8])}...)")
    return quizzes[quiz_id]


def _plain(value: object) -> object:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def run(data: QuizData, locate):
    """Run the quiz's scenario (``locate(file)`` finds a scenario file) and return the result."""
    from ..scenario import load_scenario

    if isinstance(data.scenario, str):
        return load_scenario(locate(data.scenario)).run()
    if isinstance(data.scenario, dict):
        import yaml

        text = yaml.safe_dump(_plain(data.scenario), sort_keys=False, allow_unicode=True)
        return load_scenario(text=text, name=f"quiz {data.id}").run()
    raise QuizError(f"{data.where}: scenario is a file name or an inline scenario mapping")


def holding(game, per_choice) -> list[int]:
    """The indexes of the choices whose expectations (a mapping or a list of them, as in
    scenario files) all hold in ``game``."""
    return [i for i, exps in enumerate(per_choice)
            if all(not expectations.check(game, e)
                   for e in (exps if isinstance(exps, list) else [exps]))]


def correct(data: QuizData, result) -> int:
    """The index of the choice whose expectations hold after ``result``'s run; ``QuizError``
    saying why when none or several do (an edited scenario may no longer decide the quiz)."""
    holding_now = holding(result.game, [c.holds for c in data.choices])
    if len(holding_now) != 1:
        which = [data.choices[i].text for i in holding_now] or "none"
        raise QuizError(f"quiz {data.id!r} ({data.where}): exactly one choice must hold after "
                        f"the run; these hold: {which}")
    return holding_now[0]


__all__ = ["ASKS", "CHOICE_KEYS", "DISPUTED_KEYS", "NO_GUIDANCE", "Choice", "QUIZ_KEYS",
           "QuizData", "QuizError", "Reading", "correct", "find", "holding", "load", "load_folder",
           "official_problem", "run"]
