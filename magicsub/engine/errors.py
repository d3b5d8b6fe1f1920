"""The errors magicsub raises: one base for illegal requests, one for bad scenario files, and
one for a citation the engine got wrong (a programming error, never an illegal request).

A message is at most about ``MAX_MESSAGE`` characters whatever it quotes (``limits.bounded``:
cut in the middle, its start and its rule kept), besides the file name before it.
"""

from __future__ import annotations

from .limits import bounded


class RulesError(Exception):
    """An illegal request: the rules do not allow it, and the game is left unchanged.

    ``rule`` is the paragraph that forbids it (e.g. ``"800.4a"``) and ``subject`` the object or
    player the request named. The message always names both. Raised by ``Scenario.run``,
    ``failures`` are the expectations among the steps before the refused one that did not hold
    (``scenario.Failure``; empty otherwise).
    """

    failures: tuple = ()

    def __init__(self, rule: str, message: str, *, subject: str | None = None):
        self.rule = rule
        self.subject = subject
        self.where: str | None = None
        super().__init__(bounded(f"{message} (rule {rule})"))

    def located(self, where: str) -> RulesError:
        """Return this error with a ``file:line`` prefix in its message."""
        err = RulesError(self.rule, f"{where}: {self.args[0].rsplit(' (rule ', 1)[0]}",
                         subject=self.subject)
        err.where = where
        return err


class ScenarioError(RulesError, ValueError):
    """A malformed scenario file or step mapping: names the file, the line and what was expected.

    A subclass of ``RulesError`` so that one ``except`` catches every refused request.
    """

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None):
        self.file = file
        self.line = line
        self.detail = message = bounded(message)
        self.rule = "scenario"
        self.subject = None
        where = f"{file or '<scenario>'}:{line}" if line is not None else (file or "<scenario>")
        self.where = where
        Exception.__init__(self, f"{where}: {message}")

    def at(self, file: str | None, line: int | None) -> ScenarioError:
        """The same error located at ``file:line``."""
        return ScenarioError(self.detail, file=file, line=line)


class CitationError(AssertionError):
    """The engine cited a rule with a phrase that no sentence of the paragraph contains.

    A defect of the engine, not an illegal request: it is not a ``RulesError``, so scenario runners
    do not catch it. ``edition``, ``rule`` (the edition's paragraph key) and ``phrase`` say which.
    """

    def __init__(self, edition: str, rule: str, phrase: str):
        self.edition = edition
        self.rule = rule
        self.phrase = phrase
        super().__init__(f"CR edition {edition}: no sentence of rule {rule} contains {phrase!r}")
