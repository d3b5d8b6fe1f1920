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


def game_label(game: int | None) -> str:
    """``"main"`` for game 0, ``"subgame 1"`` for game 1, and so on."""
    if game is None:
        return "outside"
    return "main game" if game == 0 else f"subgame {game}"


@dataclass(frozen=True, slots=True)
class Loc:
    """A place: a zone of one game (with its player for library, hand, graveyard), or outside."""

    game: int | None
    zone: str
    player: str | None = None

    def __str__(self) -> str:
        if self.game is None:
            return "outside the game"
        who = f"{self.player}'s " if self.player else ""
        return f"{who}{self.zone} ({game_label(self.game)})"


class Change:
    """Base of the typed changes a step makes. ``words()`` says it in plain English."""

    __slots__ = ()
    kind = "change"

    def words(self) -> str:  # pragma: no cover - every subclass overrides
        """The change in words."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Move(Change):
    """An object moved from one place to another (possibly between games)."""

    obj: str
    name: str
    src: Loc
    dst: Loc
    kind = "move"

    def words(self) -> str:
        """The change in words."""
        return f"{self.name} moves from {self.src} to {self.dst}"


@dataclass(frozen=True, slots=True)
class Create(Change):
    """A token, a copy of a spell, or an ability came into existence."""

    obj: str
    name: str
    dst: Loc
    what: str = "token"
    kind = "create"

    def words(self) -> str:
        """The change in words."""
        return f"{self.name} ({self.what}) is created in {self.dst}"


@dataclass(frozen=True, slots=True)
class Cease(Change):
    """An object ceased to exist (a token, a copy, an ability, anything of a subgame)."""

    obj: str
    name: str
    src: Loc
    kind = "cease"

    def words(self) -> str:
        """The change in words."""
        return f"{self.name} ceases to exist (was in {self.src})"


@dataclass(frozen=True, slots=True)
class Control(Change):
    """An object's controller changed."""

    obj: str
    name: str
    old: str | None
    new: str | None
    kind = "control"

    def words(self) -> str:
        """The change in words."""
        return f"{self.name}: control passes from {self.old} to {self.new}"


@dataclass(frozen=True, slots=True)
class Life(Change):
    """A player's life total in one game changed."""

    game: int
    player: str
    old: int
    new: int
    kind = "life"

    def words(self) -> str:
        """The change in words."""
        verb = "gains" if self.new > self.old else "loses"
        return (f"{self.player} {verb} {abs(self.new - self.old)} life in the "
                f"{game_label(self.game)} ({self.old} → {self.new})")


@dataclass(frozen=True, slots=True)
class Counters(Change):
    """A player's counters of one kind in one game changed (CR 726.4b: per game)."""

    game: int
    player: str
    counter: str
    old: int
    new: int
    kind = "counters"

    def words(self) -> str:
        """The change in words."""
        return (f"{self.player}'s {self.counter} counters in the {game_label(self.game)}: "
                f"{self.old} → {self.new}")


@dataclass(frozen=True, slots=True)
class Priority(Change):
    """Priority passed (or no one has it: ``new`` is None)."""

    game: int
    old: str | None
    new: str | None
    kind = "priority"

    def words(self) -> str:
        """The change in words."""
        if self.new is None:
            return f"no player has priority in the {game_label(self.game)}"
        return f"{self.new} receives priority in the {game_label(self.game)}"


@dataclass(frozen=True, slots=True)
class Turn(Change):
    """The turn, its active player or its step changed."""

    game: int
    turn: int
    active: str | None
    step: str
    kind = "turn"

    def words(self) -> str:
        """The change in words."""
        who = self.active if self.active else "no active player"
        return f"{game_label(self.game)}: turn {self.turn} ({who}), {self.step} step"


@dataclass(frozen=True, slots=True)
class Shuffle(Change):
    """A library or supplementary deck was shuffled."""

    game: int
    player: str
    what: str = "library"
    kind = "shuffle"

    def words(self) -> str:
        """The change in words."""
        return f"{self.player} shuffles their {self.what} ({game_label(self.game)})"


@dataclass(frozen=True, slots=True)
class Trigger(Change):
    """A triggered ability triggered, was held, released, or removed without going on the stack."""

    game: int
    trigger: str
    text: str
    status: str
    kind = "trigger"

    def words(self) -> str:
        """The change in words."""
        return f"{self.text}: {self.status} ({game_label(self.game)})"


@dataclass(frozen=True, slots=True)
class GameChange(Change):
    """A game was created, discontinued, resumed or ended; its zones created or destroyed."""

    game: int
    status: str
    detail: str = ""
    kind = "game"

    def words(self) -> str:
        """The change in words."""
        extra = f": {self.detail}" if self.detail else ""
        return f"{game_label(self.game)} {self.status}{extra}"


@dataclass(frozen=True, slots=True)
class PlayerChange(Change):
    """A player won, lost, or left a game."""

    game: int
    player: str
    status: str
    kind = "player"

    def words(self) -> str:
        """The change in words."""
        return f"{self.player} {self.status} the {game_label(self.game)}"


@dataclass(frozen=True, slots=True)
class EffectChange(Change):
    """A continuous effect began, ended, or did nothing."""

    effect: str
    text: str
    status: str
    kind = "effect"

    def words(self) -> str:
        """The change in words."""
        return f"{self.text}: {self.status}"


@dataclass(frozen=True, slots=True)
class Note(Change):
    """A remark the trace makes: where the rules are silent or surprising, or what did not move."""

    text: str
    kind = "note"

    def words(self) -> str:
        """The change in words."""
        return self.text


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
        from .render import step_html

        return step_html(self)


def move_runs(changes: Iterable[Change], min_run: int) -> Iterator[Change | list[Move]]:
    """The changes in order, with each run of at least ``min_run`` consecutive moves between the
    same two places gathered into one list (views say such a run in one line)."""
    changes = list(changes)
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


class Trace(list):
    """The list of steps of a game, in order. Renders as HTML in a notebook."""

    def cites(self, rule: str) -> bool:
        """True when some step cites exactly ``rule`` (e.g. ``"726.2c"``)."""
        return any(s.rule == rule for s in self)

    def rules(self) -> list[str]:
        """The rules cited, in order of first citation."""
        seen: dict[str, None] = {}
        for step in self:
            seen.setdefault(step.rule, None)
        return list(seen)

    def text(self) -> str:
        """The whole trace as plain text."""
        return "\n".join(step.describe() for step in self)

    def _repr_html_(self) -> str:
        from .render import trace_html

        return trace_html(self)
