"""Scenarios: a YAML file (safe loader) or a mapping that sets up a game, applies steps and
checks expectations (DESIGN.md section 5). Errors name the file, the line and what was expected.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from . import expectations
from .actions import normalize, parse_game
from .editions import EDITIONS
from .errors import RulesError, ScenarioError
from .game import Game
from .objects import NONTRADITIONAL_DECKS
from .subgame import KNOWN_VARIANTS
from .trace import Trace
from .zones import Zone

TOP_KEYS = {"title", "edition", "players", "variant", "seed", "life", "libraries", "objects",
            "effects", "steps", "expect", "description", "notes", "archenemy"}
OBJECT_KEYS = {"id", "name", "owner", "controller", "zone", "types", "token", "commander",
               "traditional", "deck", "face_up", "power", "toughness", "phased_out", "tapped",
               "attached_to", "hand_modifier", "life_modifier"}
EFFECT_KEYS = {"control", "to", "source", "until"}


class LineDict(dict):
    """A mapping from YAML that knows its line and the line of each key."""

    line: int | None = None
    key_lines: dict


class LineList(list):
    """A sequence from YAML that knows its line and the line of each item."""

    line: int | None = None
    item_lines: list


class _Loader(yaml.SafeLoader):
    """PyYAML's safe loader, keeping line numbers on mappings and sequences."""


def _map(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    out = LineDict()
    out.line = node.start_mark.line + 1
    out.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in out:
            raise ScenarioError(f"duplicate key {key!r}", line=key_node.start_mark.line + 1)
        out[key] = loader.construct_object(value_node, deep=True)
        out.key_lines[key] = key_node.start_mark.line + 1
    return out


def _seq(loader: _Loader, node: yaml.SequenceNode) -> LineList:
    out = LineList(loader.construct_object(n, deep=True) for n in node.value)
    out.line = node.start_mark.line + 1
    out.item_lines = [n.start_mark.line + 1 for n in node.value]
    return out


_Loader.add_constructor("tag:yaml.org,2002:map", _map)
_Loader.add_constructor("tag:yaml.org,2002:seq", _seq)


def _line(container, key=None, default: int | None = None) -> int | None:
    if isinstance(container, LineDict) and key is not None:
        return container.key_lines.get(key, container.line)
    if isinstance(container, LineList) and isinstance(key, int) and key < len(
            container.item_lines):
        return container.item_lines[key]
    return getattr(container, "line", None) or default


@dataclass
class Failure:
    """An expectation that did not hold: where it is written, what it said, what was found."""

    file: str
    line: int | None
    expected: str
    actual: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: expected {self.expected}; actual {self.actual}"


@dataclass
class ScenarioResult:
    """What running a scenario gave: the game, its trace and the failed expectations."""

    scenario: Scenario
    game: Game
    failures: list[Failure]

    @property
    def trace(self) -> Trace:
        """The steps of the run."""
        return self.game.trace

    @property
    def ok(self) -> bool:
        """True when every expectation held."""
        return not self.failures


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
    file: str = "<scenario>"
    description: str = ""
    data: dict = field(default_factory=dict, repr=False)

    def build(self) -> Game:
        """A game set up as the scenario says, before its first step."""
        game = Game(self.players, edition=self.edition, seed=self.seed, variant=self.variant,
                    libraries=self.libraries, life=self.life, archenemy=self.archenemy)
        for line, spec in self.objects:
            try:
                game.add_object(**spec)
            except RulesError as err:
                raise err.located(f"{self.file}:{line}") from None
        for line, spec in self.effects:
            try:
                game.add_effect(spec["control"], spec["to"], spec.get("source"),
                                spec.get("until", "forever"))
            except RulesError as err:
                raise err.located(f"{self.file}:{line}") from None
        return game

    def run(self) -> ScenarioResult:
        """Run every step and check every expectation.

        :raises RulesError: a step is illegal; the message starts with ``file:line``.
        """
        game = self.build()
        failures: list[Failure] = []
        for line, step in self.steps:
            if "expect" in step:
                for exp in _as_list(step["expect"]):
                    failures += [Failure(self.file, line, e, a)
                                 for e, a in expectations.check(game, exp)]
                continue
            try:
                game.apply(step)
            except ScenarioError as err:
                raise err.at(self.file, line) from None
            except RulesError as err:
                raise err.located(f"{self.file}:{line}") from None
        for line, exp in self.expect:
            failures += [Failure(self.file, line, e, a) for e, a in expectations.check(game, exp)]
        return ScenarioResult(self, game, failures)


def run_file(path: str | Path) -> tuple[ScenarioResult | None, str | None, int]:
    """Load and run a scenario file for the command line.

    Return ``(result, None, status)`` (status 0 when every expectation holds, else 1), or
    ``(None, message, status)`` when the file is malformed (2) or a step is illegal (1).
    """
    try:
        result = load_scenario(path).run()
    except ScenarioError as err:
        return None, f"error: {err}", 2
    except RulesError as err:
        return None, f"illegal step: {err}", 1
    return result, None, 0 if result.ok else 1


def _as_list(value) -> list:
    return list(value) if isinstance(value, list) else [value]


def load_scenario(path: str | Path | None = None, *, text: str | None = None,
                  data: dict | None = None, name: str | None = None) -> Scenario:
    """Load and check a scenario from a YAML file, YAML ``text`` or a ``data`` mapping.

    :raises ScenarioError: the file or mapping is malformed; names the file, line and what was
        expected. Nothing runs before the whole scenario has been checked.
    """
    file = str(path) if path is not None else (name or "<scenario>")
    if data is None:
        if text is None:
            try:
                text = Path(path).read_text(encoding="utf-8")
            except OSError as err:
                raise ScenarioError(f"cannot read the file: {err.strerror}", file=file) from None
        try:
            data = yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader is a SafeLoader
        except ScenarioError as err:
            raise err.at(file, err.line) from None
        except yaml.YAMLError as err:
            mark = getattr(err, "problem_mark", None)
            line = mark.line + 1 if mark is not None else None
            problem = getattr(err, "problem", None) or str(err)
            raise ScenarioError(f"YAML error: {problem}", file=file, line=line) from None
    try:
        return _check(data, file)
    except ScenarioError as err:
        if err.file is None:
            raise err.at(file, err.line) from None
        raise


def _need(cond: bool, message: str, line: int | None) -> None:
    if not cond:
        raise ScenarioError(message, line=line)


def _check(data: dict, file: str) -> Scenario:
    _need(isinstance(data, dict), "a scenario is a mapping with title, players and steps", 1)
    extra = sorted(set(data) - TOP_KEYS)
    _need(not extra, f"unknown key {extra[0]!r}; expected one of {', '.join(sorted(TOP_KEYS))}"
          if extra else "", _line(data, extra[0]) if extra else None)
    _need(isinstance(data.get("title"), str) and data.get("title"),
          "missing title (a non-empty string)", _line(data, "title", 1))
    players = data.get("players")
    _need(isinstance(players, list) and len(players) >= 2
          and all(isinstance(p, str) and p for p in players),
          "players: expected a list of at least two names", _line(data, "players", 1))
    _need(len(set(players)) == len(players), "players: names must be distinct",
          _line(data, "players"))
    edition = str(data.get("edition", "726"))
    _need(edition in EDITIONS, f"edition: expected one of {', '.join(EDITIONS)}, got "
          f"{data.get('edition')!r}", _line(data, "edition"))
    variant = data.get("variant")
    if variant is not None:
        _need(variant in KNOWN_VARIANTS["726"], "variant: expected commander, vanguard, "
              f"planechase or archenemy, got {variant!r}", _line(data, "variant"))
        _need(variant in KNOWN_VARIANTS[edition], f"variant: CR edition {edition} does not know "
              f"the {variant} variant", _line(data, "variant"))
    seed = data.get("seed", 0)
    _need(isinstance(seed, int) and not isinstance(seed, bool), f"seed: expected an integer, "
          f"got {seed!r}", _line(data, "seed"))
    known_players = set(players)
    archenemy = data.get("archenemy")
    if archenemy is not None:
        _need(archenemy in known_players, f"archenemy: expected one of {', '.join(players)}, got "
              f"{archenemy!r}", _line(data, "archenemy"))
        _need(variant == "archenemy", "archenemy: only with variant: archenemy",
              _line(data, "archenemy"))

    def player_map(key: str) -> dict:
        value = data.get(key) or {}
        _need(isinstance(value, dict), f"{key}: expected a mapping of player to number",
              _line(data, key))
        for p, n in value.items():
            _need(p in known_players, f"{key}: unknown player {p!r}; the players are "
                  f"{', '.join(players)}", _line(value, p))
            _need(isinstance(n, int) and not isinstance(n, bool) and n >= 0,
                  f"{key}.{p}: expected a whole number, got {n!r}", _line(value, p))
        return dict(value)

    life = player_map("life")
    libraries = player_map("libraries")
    ids = {f"{p}#{i}" for p, n in libraries.items() for i in range(1, n + 1)}
    objects = []
    raw_objects = data.get("objects") or []
    _need(isinstance(raw_objects, list), "objects: expected a list", _line(data, "objects"))
    for i, spec in enumerate(raw_objects):
        line = _line(raw_objects, i)
        _need(isinstance(spec, dict), f"objects: expected a mapping, got {spec!r}", line)
        extra = sorted(set(spec) - OBJECT_KEYS)
        _need(not extra, f"object: unknown key {extra[0]!r}; expected "
              f"{', '.join(sorted(OBJECT_KEYS))}" if extra else "", line)
        _need("name" in spec or "id" in spec, "object: needs a name or an id", line)
        oid = spec.get("id", spec.get("name"))
        _need(isinstance(oid, str) and oid, f"object: id must be a string, got {oid!r}", line)
        _need(oid not in ids, f"object: duplicate id {oid!r} (ids are unique across the "
              "scenario)", line)
        _need(spec.get("owner") in known_players, f"object {oid}: owner must be one of "
              f"{', '.join(players)}, got {spec.get('owner')!r}", line)
        if "controller" in spec:
            _need(spec["controller"] in known_players, f"object {oid}: unknown controller "
                  f"{spec['controller']!r}", line)
        zone = spec.get("zone", "battlefield")
        _need(zone == "outside" or zone in {z.value for z in Zone},
              f"object {oid}: zone must be one of {', '.join(z.value for z in Zone)} or "
              f"outside, got {zone!r}", line)
        if "types" in spec:
            _need(isinstance(spec["types"], list) and all(isinstance(t, str)
                                                          for t in spec["types"]),
                  f"object {oid}: types must be a list of strings", line)
        for flag in ("token", "commander", "traditional", "face_up", "phased_out", "tapped"):
            if flag in spec:
                _need(isinstance(spec[flag], bool), f"object {oid}: {flag} must be true or "
                      f"false, got {spec[flag]!r}", line)
        for num in ("power", "toughness", "hand_modifier", "life_modifier"):
            if num in spec:
                _need(isinstance(spec[num], int) and not isinstance(spec[num], bool),
                      f"object {oid}: {num} must be an integer", line)
        if "hand_modifier" in spec or "life_modifier" in spec:
            _need(spec.get("deck") == "vanguard", f"object {oid}: only a vanguard card (deck: "
                  "vanguard) has a hand or life modifier", line)
        if "deck" in spec:
            _need(spec["deck"] in NONTRADITIONAL_DECKS, f"object {oid}: deck must be one of "
                  f"{', '.join(NONTRADITIONAL_DECKS)}, got {spec['deck']!r}", line)
        ids.add(oid)
        kw = {k: v for k, v in spec.items() if k not in ("id",)}
        kw["id"] = oid
        objects.append((line, kw))
    effects = []
    raw_effects = data.get("effects") or []
    _need(isinstance(raw_effects, list), "effects: expected a list", _line(data, "effects"))
    for i, spec in enumerate(raw_effects):
        line = _line(raw_effects, i)
        _need(isinstance(spec, dict) and "control" in spec and "to" in spec,
              "effect: expected {control: OBJECT, to: PLAYER, source: ..., until: ...}", line)
        extra = sorted(set(spec) - EFFECT_KEYS)
        _need(not extra, f"effect: unknown key {extra[0]!r}" if extra else "", line)
        _need(spec["control"] in ids, f"effect: unknown object {spec['control']!r}", line)
        _need(spec["to"] in known_players, f"effect: unknown player {spec['to']!r}", line)
        until = spec.get("until", "forever")
        ok = until in ("end_of_turn", "source_leaves", "forever") or (
            isinstance(until, dict) and set(until) == {"next_turn"}
            and until["next_turn"] in known_players)
        _need(ok, f"effect: unknown duration {until!r}; expected end_of_turn, source_leaves, "
              "forever or {next_turn: PLAYER}", line)
        effects.append((line, dict(spec)))
    steps = []
    raw_steps = data.get("steps") or []
    _need(isinstance(raw_steps, list), "steps: expected a list", _line(data, "steps"))
    for i, step in enumerate(raw_steps):
        line = _line(raw_steps, i)
        if isinstance(step, dict) and set(step) == {"expect"}:
            for exp in _as_list(step["expect"]):
                _check_expect(exp, known_players, _line(exp, None, line))
            steps.append((line, dict(step)))
            continue
        try:
            name, args = normalize(step)
        except ScenarioError as err:
            raise ScenarioError(err.detail, line=line) from None
        for key in ("by", "player", "controller", "defender"):
            if key in args:
                _need(args[key] in known_players, f"{name}: unknown player {args[key]!r}; the "
                      f"players are {', '.join(players)}", line)
        if name == "effect":
            _need(args["to"] in known_players, f"effect: unknown player {args['to']!r}", line)
        for key in ("card", "spell", "object", "creature", "control", "choose"):
            if key in args:
                _need(args[key] in ids, f"{name}: unknown object {args[key]!r} (not declared "
                      "in objects, libraries or an earlier step)", line)
        if "target" in args:
            _need(args["target"] in ids or args["target"] in known_players,
                  f"{name}: unknown target {args['target']!r}", line)
        if name == "create":
            _need(args["id"] not in ids, f"create: duplicate id {args['id']!r}", line)
            ids.add(args["id"])
        if name == "copy":
            ids.add(args.get("id", f"{args['spell']}-copy"))
        if name == "cast" and "target" in args:
            ids.add(f"{args['target']}-copy")
        steps.append((line, step))
    expect = []
    raw_expect = data.get("expect") or []
    _need(isinstance(raw_expect, list), "expect: expected a list", _line(data, "expect"))
    for i, exp in enumerate(raw_expect):
        line = _line(raw_expect, i)
        _check_expect(exp, known_players, line)
        expect.append((line, exp))
    return Scenario(title=data["title"], players=list(players), edition=edition, variant=variant,
                    seed=seed, life=life, libraries=libraries, objects=objects, effects=effects,
                    steps=steps, expect=expect, archenemy=archenemy, file=file,
                    description=str(data.get("description") or ""), data=dict(data))


def _check_expect(exp, players: set, line: int | None) -> None:
    try:
        kind = expectations.kind_of(exp)
    except ScenarioError as err:
        raise ScenarioError(err.detail, line=line) from None
    if kind == "player":
        _need(exp["player"] in players, f"expect: unknown player {exp['player']!r}", line)
    if kind == "zone":
        _need(exp["zone"] in {z.value for z in Zone}, f"expect: unknown zone {exp['zone']!r}",
              line)
    if "game" in exp:
        try:
            parse_game(exp["game"])
        except ScenarioError as err:
            raise ScenarioError(err.detail, line=line) from None
