"""Scenarios: a YAML file (safe loader) or a mapping that sets up a game, applies steps and
checks expectations (DESIGN.md section 5). Errors name the file, the line and what was expected.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..engine import arguments
from ..engine.actions import ACTIONS, EXPECTATIONS, Action, normalize
from ..engine.errors import RulesError, ScenarioError
from ..engine.limits import MAX_OBJECTS, listed, shown
from ..engine.registry import lookup
from ..engine.start import check_seating, one_variant
from ..engine.trace import Trace
from ..engine.transaction import fresh_id
from ..game import Game, as_card, plain_refused, unknown_card, unknown_refused
from ..rules.subgame import KNOWN_VARIANTS
from ..rules.teams import check_life, check_teams, team_life
from . import expectations, validation, yamlfile
from .yamlfile import LineDict, LineList

__all__ = ["Failure", "FileRun", "LineDict", "LineList", "Scenario", "ScenarioResult",
           "UnknownCard", "load_scenario", "run_file"]

TOP_KEYS = {"title", "edition", "players", "variant", "seed", "life", "libraries", "objects",
            "effects", "steps", "expect", "description", "notes", "archenemy", "range",
            "pregame", "seating", "strict", "teams"}
OBJECT_KEYS = {"id", "name", "owner", "controller", "zone", "types", "token", "commander",
               "traditional", "deck", "face_up", "power", "toughness", "phased_out", "tapped",
               "attached_to", "hand_modifier", "life_modifier", "command_zone_instead",
               "plain"}
EFFECT_KEYS = {"control", "to", "source", "until"}


def _line(container, key=None, default: int | None = None) -> int | None:
    return validation.line_at(container, [] if key is None else [key], default)


@dataclass
class Failure:
    """An expectation that did not hold: where it is written, what it said, what was found."""

    file: str
    line: int | None
    expected: str
    actual: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: expected {self.expected}; actual {self.actual}"


@dataclass(frozen=True)
class UnknownCard:
    """An object set up with a card name magicsub does not know (``game.unknown_card``) and not
    marked ``plain``: it is played as a card with no abilities. What ``magicsub check`` and
    ``show`` warn about: where the object is written, its id and its name."""

    file: str
    line: int | None
    id: str
    name: str
    kind: str = "a card"
    """What it is played as: its types with an article ("a sorcery")."""

    def __str__(self) -> str:
        return (f"{self.file}:{self.line}: magicsub does not know the card {shown(self.name)}: "
                f"object {self.id} is played as {self.kind} with no abilities (plain: true "
                "marks a deliberate stand-in; strict: true refuses it)")


@dataclass
class ScenarioResult:
    """What running a scenario gave: the game, its trace and the failed expectations; ``marks``:
    the length of the trace after each step of the scenario that acts (not ``expect``), in
    order, so a view can show the board as each scenario step left it."""

    scenario: Scenario
    game: Game
    failures: list[Failure]
    marks: tuple[int, ...] = ()

    @property
    def trace(self) -> Trace:
        """The steps of the run."""
        return self.game.trace

    @property
    def ok(self) -> bool:
        """True when every expectation held."""
        return not self.failures

    @property
    def warnings(self) -> list[UnknownCard]:
        """The scenario's cards that magicsub does not know (``Scenario.warnings``)."""
        return self.scenario.warnings


@dataclass
class Scenario:
    """A checked scenario, ready to run. Build one with ``load_scenario``."""

    title: str
    players: list[str]
    edition: str = "726"
    variant: str | None = None
    seed: int = 0
    life: dict = field(default_factory=dict)
    libraries: dict = field(default_factory=dict)
    objects: list = field(default_factory=list)
    effects: list = field(default_factory=list)
    steps: list = field(default_factory=list)
    expect: list = field(default_factory=list)
    archenemy: str | None = None
    range: int | dict | None = None
    pregame: bool = False
    seating: list[str] | None = None
    strict: bool = False
    teams: list | None = None
    file: str = "<scenario>"
    description: str = ""
    data: dict = field(default_factory=dict, repr=False)

    @property
    def warnings(self) -> list[UnknownCard]:
        """Each object of ``objects`` that names a card magicsub does not know and is not
        marked ``plain``, in the order written: it is played as a card with no abilities."""
        out = []
        for line, spec in self.objects:
            name = spec.get("name", spec.get("id"))
            if (isinstance(name, str) and not spec.get("plain")
                    and unknown_card(name, token=spec.get("token") is True)):
                kind = as_card(tuple(spec.get("types") or ()), spec.get("deck"))
                out.append(UnknownCard(self.file, line, str(spec.get("id", name)), name, kind))
        return out

    def build(self) -> Game:
        """A game set up as the scenario says, before its first step (``strict``: a card
        magicsub does not know, not marked ``plain``, is refused)."""
        game = Game(self.players, edition=self.edition, seed=self.seed, variant=self.variant,
                    libraries=self.libraries, life=self.life, archenemy=self.archenemy,
                    range=self.range, pregame=self.pregame, seating=self.seating,
                    strict=self.strict, teams=self.teams)
        for line, spec in self.objects:
            try:
                game.add_object(**spec)
            except ScenarioError as err:
                raise err.at(self.file, line) from None
            except RulesError as err:
                raise err.located(f"{self.file}:{line}") from None
        for line, spec in self.effects:
            try:
                game.add_effect(spec["control"], spec["to"], spec.get("source"),
                                spec.get("until", "forever"))
            except ScenarioError as err:
                raise err.at(self.file, line) from None
            except RulesError as err:
                raise err.located(f"{self.file}:{line}") from None
        return game

    def run(self) -> ScenarioResult:
        """Run every step and check every expectation.

        :raises RulesError: a step is illegal; the message starts with ``file:line``, and its
            ``failures`` are the expectations among the steps before it that did not hold.
        """
        game = self.build()
        failures: list[Failure] = []
        made = len(game.trace)
        marks = []
        for line, step in self.steps:
            if "expect" in step:
                for exp in _as_list(step["expect"]):
                    failures += [Failure(self.file, line, e, a)
                                 for e, a in expectations.check(game, exp)]
                continue
            try:
                made += len(game.apply(step))
            except ScenarioError as err:
                raise _failed_before(err.at(self.file, line), failures) from None
            except RulesError as err:
                raise _failed_before(err.located(f"{self.file}:{line}"), failures) from None
            marks.append(made)
        for line, exp in self.expect:
            failures += [Failure(self.file, line, e, a) for e, a in expectations.check(game, exp)]
        return ScenarioResult(self, game, failures, tuple(marks))


def _failed_before(err: RulesError, failures: list[Failure]) -> RulesError:
    """``err`` carrying the expectations that failed before the step it refuses."""
    err.failures = tuple(failures)
    return err


@dataclass(frozen=True)
class FileRun:
    """What running a scenario file gave the command line (``run_file``).

    ``result`` is None when the file is malformed or a step is illegal; ``error`` then says
    which (``"error: ..."`` or ``"illegal step: ..."``). ``status``: 0 every expectation holds,
    1 one failed or a step is illegal, 2 the file is malformed. ``warnings``: the cards magicsub
    does not know (``Scenario.warnings``). ``failures``: every expectation that did not hold,
    including those checked before an illegal step.
    """

    result: ScenarioResult | None
    error: str | None
    status: int
    warnings: tuple[UnknownCard, ...] = ()
    failures: tuple[Failure, ...] = ()


def run_file(path: str | Path, *, strict: bool | None = None) -> FileRun:
    """Load and run a scenario file for the command line (``strict``: as ``load_scenario``)."""
    try:
        scenario = load_scenario(path, strict=strict)
    except ScenarioError as err:
        return FileRun(None, f"error: {err}", 2)
    warnings = tuple(scenario.warnings)
    try:
        result = scenario.run()
    except ScenarioError as err:
        return FileRun(None, f"error: {err}", 2, warnings, err.failures)
    except RulesError as err:
        return FileRun(None, f"illegal step: {err}", 1, warnings, err.failures)
    return FileRun(result, None, 0 if result.ok else 1, warnings, tuple(result.failures))


def _as_list(value) -> list:
    return list(value) if isinstance(value, list) else [value]


def load_scenario(path: str | Path | None = None, *, text: str | None = None,
                  data: dict | None = None, name: str | None = None,
                  strict: bool | None = None) -> Scenario:
    """Load and check a scenario from a YAML file, YAML ``text`` or a ``data`` mapping.

    ``strict`` (True or False; None: the scenario's own ``strict:``, false by default) refuses
    an object naming a card magicsub does not know unless it is marked ``plain: true``; without
    it, such a card is listed in ``Scenario.warnings`` and played with no abilities.

    ``data`` is held to the file's rules (``validation.check_json``, the schema): JSON data
    only; a ``str`` or ``int`` subclass in it (a key or a value) is read as the plain ``str``
    or ``int`` it holds (``arguments.plain``), and the scenario keeps a plain copy.

    :raises ScenarioError: the file or mapping is malformed, or strict and a card unknown; names
        the file, line and what was expected. Nothing runs before the whole scenario has been
        checked.
    """
    name = arguments.optional_text(name, "load_scenario: name")
    strict = arguments.optional_flag(strict, "load_scenario: strict")
    file = str(path) if path is not None else (name or "<scenario>")
    try:
        if data is None:
            if text is None:
                text = yamlfile.read_text(path)
            data = yamlfile.parse(arguments.plain(text), file)
            validation.validate(data)
        else:
            validation.check_json(data, line=None)
            data = validation.plain_data(data)
            validation.validate(data, line=None)
        return _check(data, file, strict)
    except ScenarioError as err:
        if err.file is None:
            raise err.at(file, err.line) from None
        raise


def _need(cond: bool, message: str, line: int | None) -> None:
    if not cond:
        raise ScenarioError(message, line=line)


def _check(data: dict, file: str, strict: bool | None = None) -> Scenario:
    """The checks a schema cannot make, on data the schema has passed: names and ids must be
    known where they are used, ids unique, some fields go only with others, and (``strict``, or
    the scenario's ``strict:``) every card's name is known unless it is marked ``plain``."""
    players = list(data["players"])
    known_players = set(players)
    edition = str(data.get("edition", "726"))
    variant = data.get("variant")
    _need(not isinstance(variant, list), one_variant(variant or []), _line(data, "variant"))
    if variant is not None:
        _need(variant in KNOWN_VARIANTS[edition], f"variant: CR edition {edition} does not know "
              f"the {variant} variant", _line(data, "variant"))
    archenemy = data.get("archenemy")
    if archenemy is not None:
        _need(archenemy in known_players, "archenemy: expected one of "
              f"{listed(players, 'players')}, got {shown(archenemy)}", _line(data, "archenemy"))
        _need(variant == "archenemy", "archenemy: only with variant: archenemy",
              _line(data, "archenemy"))

    def player_map(key: str) -> dict:
        value = data.get(key) or {}
        for p in value:
            _need(p in known_players, f"{key}: unknown player {shown(p)}; the players are "
                  f"{listed(players, 'players')}", _line(value, p))
        return dict(value)

    life = player_map("life")
    option = data.get("range")
    if isinstance(option, dict):
        option = player_map("range")
        missing = [p for p in players if p not in option]
        _need(not missing, "range: every player needs a range of influence (CR 801.2a); "
              f"missing: {listed(missing, 'players')}", _line(data, "range"))
    if option is not None:
        _need(len(players) > 2, "range: the limited range of influence option (CR 801.1) is an "
              "option of multiplayer games (CR 800.1, 800.2: more than two players); this game "
              f"has {len(players)}", _line(data, "range"))
    teams = data.get("teams")
    try:
        checked = check_teams(players, variant, teams)
    except RulesError as err:
        raise ScenarioError(str(err), line=_line(data, "teams" if "teams" in data
                                                 else "variant")) from None
    try:
        check_life(checked, life, team_life(len(checked[0])) if checked else 20)
    except RulesError as err:
        raise ScenarioError(str(err), line=_line(data, "life")) from None
    seating = data.get("seating")
    if seating is not None:
        try:
            seating = list(check_seating(tuple(players), tuple(seating)))
        except RulesError as err:
            raise ScenarioError(str(err), line=_line(data, "seating")) from None
    if strict is None:
        strict = data.get("strict", False)
    pregame = data.get("pregame", False)
    _need(isinstance(pregame, bool), f"pregame: expected true or false, got {shown(pregame)}",
          _line(data, "pregame"))
    libraries = player_map("libraries")
    raw_objects = data.get("objects") or []
    total = sum(libraries.values()) + len(raw_objects)
    _need(total <= MAX_OBJECTS, f"libraries and objects: {total} cards, more than the limit of "
          f"{MAX_OBJECTS} objects", _line(data, "libraries"))
    ids = {f"{p}#{i}" for p, n in libraries.items() for i in range(1, n + 1)}
    names: dict[str, str] = {}
    objects = []
    for i, spec in enumerate(raw_objects):
        line = _line(raw_objects, i)
        oid = spec.get("id", spec.get("name"))
        _need(oid not in ids, f"object: duplicate id {shown(oid)} (ids are unique across the "
              "scenario)", line)
        for key in ("owner", "controller"):
            if key in spec:
                _need(spec[key] in known_players, f"object {oid}: unknown {key} "
                      f"{shown(spec[key])}; the players are {listed(players, 'players')}", line)
        name = spec.get("name", oid)
        if spec.get("plain"):
            _need(unknown_card(name), f"object {oid}: {plain_refused(name)}", line)
        elif strict:
            _need(not unknown_card(name, token=spec.get("token") is True),
                  f"object {oid}: {unknown_refused(name)}", line)
        if "hand_modifier" in spec or "life_modifier" in spec:
            _need(spec.get("deck") == "vanguard", f"object {oid}: only a vanguard card (deck: "
                  "vanguard) has a hand or life modifier", line)
        ids.add(oid)
        names[oid] = name
        kw = {k: v for k, v in spec.items() if k not in ("id",)}
        kw["id"] = oid
        objects.append((line, kw))
    effects = []
    raw_effects = data.get("effects") or []
    for i, spec in enumerate(raw_effects):
        line = _line(raw_effects, i)
        _need(spec["control"] in ids, f"effect: unknown object {shown(spec['control'])}", line)
        _need(spec["to"] in known_players, f"effect: unknown player {shown(spec['to'])}", line)
        until = spec.get("until", "forever")
        _need(not isinstance(until, dict) or until["next_turn"] in known_players,
              f"effect: unknown duration {shown(until)}; expected end_of_turn, source_leaves, "
              "forever or {next_turn: PLAYER}", line)
        effects.append((line, dict(spec)))
    steps = []
    raw_steps = data.get("steps") or []
    for i, step in enumerate(raw_steps):
        line = _line(raw_steps, i)
        if set(step) == {"expect"}:
            for exp in _as_list(step["expect"]):
                _check_expect(exp, known_players, _line(exp, None, line))
            steps.append((line, dict(step)))
            continue
        try:
            name, args = normalize(step)
        except ScenarioError as err:
            raise ScenarioError(err.detail, line=line) from None
        _check_step(ACTIONS[name], args, players, ids, names, line)
        steps.append((line, step))
    expect = []
    raw_expect = data.get("expect") or []
    for i, exp in enumerate(raw_expect):
        line = _line(raw_expect, i)
        _check_expect(exp, known_players, line)
        expect.append((line, exp))
    return Scenario(title=data["title"], players=players, edition=edition, variant=variant,
                    seed=data.get("seed", 0), life=life, libraries=libraries, objects=objects,
                    effects=effects, steps=steps, expect=expect, archenemy=archenemy,
                    range=option, pregame=pregame, seating=seating, strict=strict, file=file,
                    teams=teams,
                    description=data.get("description") or "", data=dict(data))


def _check_step(action: Action, args: dict, players: list, ids: set, names: dict,
                line: int | None) -> None:
    """The checks of one step that the schema cannot make, derived from its action's fields
    (``actions.ACTIONS``): a ``player`` is one of the players (so is an ``until``'s next_turn),
    an ``object`` is declared before (unless the game makes it in play), a ``target`` is either,
    and a ``new_id`` is not taken. The object the step makes (``Action.made``, with the id
    ``transaction.fresh_id`` gives it, as the game does) is added to ``ids``, as is the copy a
    cast card that ``copies`` its target puts onto the stack as it resolves (Fork's, CR
    707.10)."""
    name = action.name
    for f in action.fields:
        value = args.get(f.name)
        if value is None:
            continue
        if f.kind == "player" or (f.kind == "until" and isinstance(value, dict)):
            player = value["next_turn"] if isinstance(value, dict) else value
            where = " in until" if isinstance(value, dict) else ""
            _need(player in players, f"{name}: unknown player {shown(player)}{where}; the "
                  f"players are {listed(players, 'players')}", line)
        elif f.kind == "object" and not f.in_play:
            _need(value in ids, f"{name}: unknown object {shown(value)} (not declared in "
                  "objects, libraries or an earlier step)", line)
        elif f.kind == "objects":
            for item in value:
                _need(item in ids, f"{name}: {f.name}: unknown object {shown(item)} (not "
                      "declared in objects, libraries or an earlier step)", line)
        elif f.kind == "target":
            _need(value in ids or value in players, f"{name}: unknown target {shown(value)}",
                  line)
        elif f.kind == "new_id":
            _need(value not in ids, f"{name}: duplicate id {shown(value)}", line)
    made = action.made(args)
    if made is not None:
        made = fresh_id(made, ids)
        ids.add(made)
        names[made] = args.get("name") or names.get(args.get("spell", ""), made)
    card = lookup(names.get(args["card"], "")) if name == "cast" else None
    if card is not None and card.copies and "target" in args:
        copy = fresh_id(card.copies.format(target=args["target"]), ids)
        ids.add(copy)
        names[copy] = names.get(args["target"], copy)


def _check_expect(exp: dict, players: set, line: int | None) -> None:
    """The checks of an expectation the schema cannot make: every key that takes a player
    (``actions.EXPECTATIONS``) names one of the players."""
    try:
        kind = expectations.kind_of(exp)
    except ScenarioError as err:
        raise ScenarioError(err.detail, line=line) from None
    for f in EXPECTATIONS[kind].of_kind("player", "player_or_null"):
        if exp.get(f.name) is not None:
            _need(exp[f.name] in players, f"expect: unknown player {shown(exp[f.name])} "
                  f"({f.name}); the players are {listed(sorted(players), 'players')}", line)
