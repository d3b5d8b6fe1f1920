"""The trace: the list of steps the engine hands to the outside world (DESIGN.md section 4).

Each ``Step`` cites one rule paragraph in one edition, gives the sentence that applies, lists the
typed changes it made, and holds a snapshot of the whole game tree after it. Snapshots are the
engine's persistent ``World`` values: consecutive snapshots share every part that did not change.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import World


from .changes import (  # noqa: F401 - the change types are part of the trace's interface
    Cease,
    Change,
    Control,
    Counters,
    Create,
    Damage,
    Delayed,
    EffectChange,
    GameChange,
    GameFact,
    Life,
    Loc,
    Move,
    MoveAll,
    Note,
    Pass,
    PlayerChange,
    Priority,
    ReplacementChange,
    Shuffle,
    Status,
    Tap,
    Trigger,
    Turn,
)


@dataclass(frozen=True)
class Step:
    """One application of one rule: ``rule`` in ``edition``, the ``text`` that applies, the
    ``changes`` it made, and the ``snapshot`` of the game tree after it."""

    index: int
    rule: str
    edition: str
    text: str
    paragraph: str
    changes: tuple[Change, ...]
    snapshot: World = field(repr=False, compare=False)
    action: str = ""

    @property
    def notes(self) -> list[str]:
        """The notes among the changes."""
        return [c.text for c in self.changes if isinstance(c, Note)]

    def describe(self) -> str:
        """The step as plain text: rule, sentence, changes."""
        lines = [f"[{self.index}] {self.rule} ({self.edition}): {self.text}"]
        lines += [f"    - {c.words()}" for c in self.changes]
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The step as plain data (no snapshot), for golden traces and JSON."""
        return {"index": self.index, "rule": self.rule, "edition": self.edition,
                "text": self.text, "action": self.action,
                "changes": [{"kind": c.kind, "words": c.words()} for c in self.changes]}

    def _repr_html_(self) -> str:
        from ..views.render import step_html

        return step_html(self)


def singles(changes: Iterable[Change]) -> Iterator[Change]:
    """The changes in order, each ``MoveAll`` as the single moves and the shuffle it stands for
    (``MoveAll.singles``): what views list card by card."""
    for c in changes:
        if isinstance(c, MoveAll):
            yield from c.singles()
        else:
            yield c


def move_runs(changes: Iterable[Change], min_run: int) -> Iterator[Change | list[Move]]:
    """The changes in order (a ``MoveAll`` as its ``singles``), with each run of at least
    ``min_run`` consecutive moves between the same two places gathered into one list (views say
    such a run in one line)."""
    changes = list(singles(changes))
    i = 0
    while i < len(changes):
        c = changes[i]
        j = i + 1
        if isinstance(c, Move):
            while (j < len(changes) and isinstance(changes[j], Move)
                   and changes[j].src == c.src and changes[j].dst == c.dst):
                j += 1
            if j - i >= min_run:
                yield changes[i:j]
                i = j
                continue
        yield c
        i += 1


class Trace(tuple):
    """The steps of a game, in order, and ``initial``: the world before the first step.

    A trace is immutable: a game's record cannot be cleared or rewritten. Renders as HTML in a
    notebook.
    """

    initial: World | None

    def __new__(cls, steps: Iterable[Step] = (), initial: World | None = None) -> Trace:
        """A trace of ``steps`` that began from the world ``initial``."""
        trace = super().__new__(cls, steps)
        trace.initial = initial
        return trace

    def __getitem__(self, item):
        got = super().__getitem__(item)
        return Trace(got, self.initial) if isinstance(item, slice) else got

    def cites(self, rule: str) -> bool:
        """True when some step cites exactly ``rule`` (e.g. ``"726.2c"``, or ``"506.3-2"``: see
        ``paragraph_keys``)."""
        return any(s.rule == rule for s in self) or ("-" in rule
                                                     and rule in self.paragraph_keys())

    def rules(self) -> list[str]:
        """The rules cited, in order of first citation."""
        seen: dict[str, None] = {}
        for step in self:
            seen.setdefault(step.rule, None)
        return list(seen)

    def paragraph_keys(self) -> list[str]:
        """The paragraphs cited, in order of first citation, as their edition's data keys them:
        the step's rule, or for the second of two paragraphs an edition numbers alike, its key
        (CR 506.3-2, "the second 506.3")."""
        from .editions import edition

        seen: dict[str, None] = {}
        for step in self:
            second = f"{step.rule}-2"
            if edition(step.edition).paragraphs.get(second) == step.paragraph:
                seen.setdefault(second, None)
            else:
                seen.setdefault(step.rule, None)
        return list(seen)

    def text(self) -> str:
        """The whole trace as plain text."""
        return "\n".join(step.describe() for step in self)

    def _repr_html_(self) -> str:
        from ..views.render import trace_html

        return trace_html(self)
