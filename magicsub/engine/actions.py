"""The vocabulary of steps and expectations (DESIGN.md section 5), described once: each step's
fields (name, kind, required or not, help text), the rule it cites and the object it makes
(``ACTIONS``); each expectation's keys and the kind of value each takes (``EXPECTATIONS``).

Everything else is derived from it: the JSON Schema (``magicsub.scenario.schema``), the checks of
a scenario file the schema cannot make (``magicsub.scenario``: a ``player`` field names a player,
an ``object`` field a declared object, a ``new_id`` is free), and the checks of ``Game.apply``
(``normalize`` here; ``Game`` checks the players and objects by the same kinds). A step is
dispatched to the handler its rules module registered with ``hooks.action``; ``step`` adds a
new step, its description and its handler, in one place."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from . import hooks
from .arguments import plain
from .errors import ScenarioError
from .limits import MAX_NUMBER, MAX_TEXT, shown
from .state import STEPS
from .textchars import lone_surrogate, refusal
from .zones import Zone

ADVANCE = STEPS[1:] + ("next_turn",)
"""The steps ``advance`` goes to."""
ZONES = tuple(z.value for z in Zone)
"""The zone names, in ``Zone`` order."""
DURATIONS = ("end_of_turn", "source_leaves", "forever")
"""The durations named by a word; ``{next_turn: PLAYER}`` is the other."""
CHOICES = ("cost", "choice", "rule")
"""What a ``choice`` step asks for."""
INFO = ("life", "counters")
"""What an ``info`` step asks about."""


@dataclass(frozen=True)
class Field:
    """One field of an action: its name, kind, whether it is required, and its help text.

    A field of kind ``new_id`` names the object the step makes; ``default`` is the id it gets
    when the field is left out, a template over the step's other fields (``"{spell}-copy"``).
    A field of kind ``object`` is an object the scenario declares before the step, unless
    ``in_play`` says the game makes it during play (a triggered ability, ``{source}-trigger``):
    then only the game can check it."""

    name: str
    kind: str
    required: bool = True
    doc: str = ""
    default: str | None = None
    in_play: bool = False


@dataclass(frozen=True)
class Action:
    """An action: its fields, the field a bare scalar stands for (``resolve: shahrazad``), and
    what it does with the rule it cites (``doc``)."""

    name: str
    fields: tuple[Field, ...]
    scalar: str | None = None
    doc: str = ""
    example: str = ""

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule paragraphs its ``doc`` cites, e.g. ``('601.2a',)``."""
        return tuple(re.findall(r"\b\d{3}\.\d+[a-z]?(?:-[a-z])?", self.doc))

    def of_kind(self, *kinds: str) -> tuple[Field, ...]:
        """Its fields of one of these ``kinds``."""
        return tuple(f for f in self.fields if f.kind in kinds)

    def made(self, args: dict) -> str | None:
        """The id of the object a step of this action with the checked ``args`` makes (its
        ``new_id`` field, or that field's ``default``), or None."""
        for f in self.of_kind("new_id"):
            if f.name in args:
                return args[f.name]
            if f.default is not None:
                return f.default.format(**args)
        return None


FIELD_DOCS = {
    "by": "the player who does it",
    "card": "the card",
    "spell": "the spell on the stack",
    "target": "the spell's target (an object or a player)",
    "player": "the player",
    "step": "the step to go to (next_turn: the untap step of the next turn)",
    "game": "the game (the game in progress by default)",
    "to": "the zone it goes to",
    "controller": "the player who controls it",
    "creature": "the attacking creature",
    "defender": "the player it attacks",
    "chooser": "the player who makes the choice, when another player does (800.4g)",
}
"""The help text of a field by its name, unless its action gives its own."""


def _f(spec: str, docs: dict[str, str]) -> Field:
    """A field from ``"name?:kind=default"`` (``?``: optional; ``*``: made in play)."""
    spec, _, default = spec.partition("=")
    name, kind = spec.split(":")
    bare = name.rstrip("?*")
    doc = docs.get(bare) or FIELD_DOCS.get(bare)
    if not doc:
        raise ValueError(f"field {bare!r} needs its help text (a keyword argument {bare}=...)")
    return Field(bare, kind, "?" not in name, doc, default or None, "*" in name)


def describe(name: str, fields: str, scalar: str | None = None, /, doc: str = "", *,
             example: str = "", **docs: str) -> Action:
    """An action from its fields' specs, ``"name:kind"`` each (``name?``: optional; ``name*``:
    an object the game makes in play; ``:kind=default``: a new id's default, a template over
    the other fields), what it does with the rule it cites (``doc``), a step of it as a scenario
    writes it (``example``, YAML: the book's table of steps shows it), and the help text of the
    fields whose own differs from ``FIELD_DOCS``.

    >>> describe("copy", "spell:object by:player id?:new_id={spell}-copy",
    ...          id="the copy's id").made({"spell": "fork", "by": "Alex"})
    'fork-copy'
    """
    return Action(name, tuple(_f(s, docs) for s in fields.split()), scalar, doc, example)


ACTIONS: dict[str, Action] = {}
"""Every step of the vocabulary by name, in the order the schema lists them."""


def define(action: Action) -> Action:
    """Add ``action`` to the vocabulary (``ACTIONS``): the schema, the checks of a scenario and
    ``Game.apply`` know it from then on. Its handler is registered with ``hooks.action``."""
    if action.name in ACTIONS or action.name == "expect":
        raise ValueError(f"step {action.name!r} is defined twice")
    ACTIONS[action.name] = action
    return action


def step(name: str, fields: str, scalar: str | None = None, /, doc: str = "", *,
         example: str = "", history: bool = False, **docs: str) -> Callable[[Callable], Callable]:
    """Add a step to the vocabulary in one place: decorate its handler, in the module that owns
    its rule, with its description (``describe``'s arguments). The schema, the checks of a
    scenario and ``Game.apply`` (``Game.act``) know it from then on; ``hooks.action`` (with
    ``history``) dispatches it to the handler."""
    action = define(describe(name, fields, scalar, doc, example=example, **docs))
    return hooks.action(action.name, history=history)


_a = describe
for _action in [
    _a("cast", "card:object by:player target?:target", doc="cast a spell from hand (601.2a)",
       example="cast: {card: shahrazad, by: Alex}"),
    _a("copy", "spell:object by:player id?:new_id={spell}-copy",
       doc="copy a spell on the stack (707.10)",
       example="copy: {spell: shahrazad, by: Bianca, id: shahrazad-copy}",
       id="the copy's id (by default the spell's id followed by -copy)"),
    _a("resolve", "object?:object choose?:object target?:target set_aside?:objects "
       "find?:objects keep?:object", "object",
       doc="all players pass; the top of the stack resolves (117.4)",
       example="resolve: {object: oring, target: angel}",
       object="the object expected on top of the stack (a check)",
       choose="the card chosen as it resolves (Living Wish, Bribery)",
       target="the target chosen as a triggered ability resolves (Astral Slide)",
       set_aside="the cards each player sets aside from their library as the subgame it "
                 "creates begins, to put onto its battlefield (Tug of War: up to three "
                 "permanent cards with different names each; 726.1b)",
       find="the cards the subgame's winner finds when the spell finishes resolving (Enter "
            "the Dungeon: two cards of their library; 726.5)",
       keep="the card the subgame's winner puts onto the main-game battlefield as it ends "
            "(Tug of War: one they set aside; 726.1b)"),
    _a("advance", "step:step", "step", doc="go to the next such step (500.2)",
       example="advance: upkeep"),
    _a("pass_priority", "player:player", "player", doc="the priority holder passes (117.3d)",
       example="pass_priority: Alex"),
    _a("counters", "player?:player object?:object kind:str add:int game?:game",
       doc="an effect puts counters on a player or a permanent (122.1)",
       example="counters: {player: Cho, kind: poison, add: 3}",
       player="the player who gets the counters (or object: the permanent)",
       object="the permanent that gets the counters (e.g. loyalty on a planeswalker)",
       kind="the kind of counter (poison, energy, ...)",
       add="how many counters to add (negative: remove)"),
    _a("life", "player:player add?:int set?:int", doc="gain or lose life (119.3)",
       example="life: {player: Bianca, add: -4}",
       add="the life gained (negative: lost)", set="the new life total"),
    _a("create", "id:new_id name:str controller:player zone:zone token?:bool types?:types "
       "power?:int toughness?:int", doc="create a token (111.2)",
       example="create: {id: myr, name: Myr, controller: Cho, zone: battlefield, "
               "types: [artifact, creature], power: 1, toughness: 1}",
       id="the new object's id", name="its name (a built-in card's name gives its behaviour)",
       zone="the zone it is created in", token="true for a token",
       types="its card types, e.g. [creature]", power="its power", toughness="its toughness"),
    _a("move", "object:object to:zone game?:game bottom?:bool", doc="an effect moves an object",
       example="move: {object: angel, to: graveyard}",
       object="the object moved", bottom="true to put it at the bottom (of a library)"),
    _a("bring_in", "object:object to:zone", doc="bring a card in from outside (726.4a)",
       example="bring_in: {object: konrad, to: hand}",
       object="the card brought in from outside the game in progress",
       to="the zone of the game in progress it goes to"),
    _a("win", "player:player", "player", doc="the game in progress ends; this player wins",
       example="win: Alex"),
    _a("draw_game", "value:bool", "value", doc="the game in progress ends in a draw",
       example="draw_game: true",
       value="true"),
    _a("leave", "player:player game?:game", "player",
       doc="the player leaves a game (800.4a); game: which (default: the one in progress)",
       example="leave: {player: Cho, game: main}"),
    _a("lose", "player:player game?:game", "player",
       doc="the player loses a game; game: which (default: the one in progress)",
       example="lose: {player: Cho, game: 1}"),
    _a("concede", "player:player game?:game", "player",
       doc="the player concedes a game (104.3a); game: which (default: the one in progress)",
       example="concede: {player: Alex, game: main}"),
    _a("attack", "creature:object defender:player",
       doc="declare an attacker, in the declare attackers step (508.1)",
       example="attack: {creature: bears, defender: Bianca}"),
    _a("cycle", "card:object by:player", doc="cycle a card (702.29a)",
       example="cycle: {card: fodder, by: Alex}"),
    _a("effect", "control:object to:player source?:str until?:until static?:bool",
       doc="a control-changing effect begins (static: a static ability's effect, 611.3a)",
       example="effect: {control: angel, to: Alex, until: end_of_turn}",
       control="the object whose control changes", to="the player who gains control",
       source="the object the effect comes from", until="how long it lasts",
       static="true for a static ability's effect (611.3a), false for a resolved one"),
    _a("planar_controller", "player:player", "player", doc="designate the planar controller",
       example="planar_controller: Bianca"),
    _a("choice", "player:player kind:choice object?:object chooser?:player rule?:str "
       "decision?:player",
       doc="an object or a rule asks a player to pay a cost or choose (800.4f-h)",
       example="choice: {player: Alex, kind: cost, object: study, chooser: Bianca}",
       kind="cost (pay a cost), choice (make a choice) or rule (a rule asks)",
       object="the object that asks",
       rule="the rule that asks (required for kind rule; e.g. \"103.1\": who chooses the "
            "starting player)",
       decision="what a rule's choice decides (103.1: the player who takes the first turn)"),
    _a("info", "player:player what:info",
       doc="an effect needs a player's life or counters (800.4i)",
       example="info: {player: Cho, what: life}",
       what="what the effect needs to know"),
    _a("mulligan", "player:player", "player", doc="take a mulligan (103.5, 800.6)",
       example="mulligan: Cho"),
    _a("activate", "object:object by:player ability?:str target?:target",
       doc="activate an activated ability (602.2; a loyalty ability by its cost, 606.3)",
       example="activate: {object: sorin, by: Alex, ability: \"+1\"}",
       object="the planeswalker whose loyalty ability is activated",
       ability="the ability, by its loyalty cost (e.g. +1)"),
    _a("choose_target", "ability*:object target:target",
       doc="a triggered ability on the stack takes a target (603.3d, 601.2c)",
       example="choose_target: {ability: priest-trigger, target: bears}",
       ability="the triggered ability on the stack (by its id)",
       target="one target, chosen as the ability was put on the stack"),
    _a("phase_out", "object:object", "object", doc="an effect phases a permanent out (702.26b)",
       example="phase_out: bears",
       object="the permanent that phases out (702.26b)"),
    _a("phase_in", "object:object", "object", doc="an effect phases a permanent in (702.26c)",
       example="phase_in: bears",
       object="the phased-out permanent that phases in (702.26c)"),
    _a("turn_face_down", "object:object", "object",
       doc="an effect turns a permanent face down (708.2a)",
       example="turn_face_down: angel",
       object="the permanent turned face down (708.2a)"),
    _a("turn_face_up", "object:object by:player",
       doc="special action: turn a manifested creature card face up (116.2b, 701.34b)",
       example="turn_face_up: {object: \"Bianca#3\", by: Bianca}",
       object="the manifested permanent turned face up (701.34b)",
       by="its controller, who holds priority (116.2b)"),
    _a("manifest", "player:player", "player",
       doc="manifest the top card of the player's library (701.34a)",
       example="manifest: Bianca",
       player="the player who manifests the top card of their library (701.34a)"),
    _a("open_attraction", "player:player", "player",
       doc="open an Attraction: the top card of the player's Attraction deck goes face up "
           "onto the battlefield (701.48b)",
       example="open_attraction: Bianca",
       player="the player who opens an Attraction, playing with an Attraction deck (701.48a)"),
]:
    define(_action)

KINDS = {
    "player": "a player's name",
    "object": "an object id",
    "objects": "a list of object ids",
    "abilities": "a list of triggered abilities' ids (made in play, e.g. konrad-trigger)",
    "target": "an object id or a player's name",
    "new_id": "a new object id",
    "str": "a string",
    "int": "an integer",
    "bool": "true or false",
    "zone": "a zone (" + ", ".join(ZONES) + ")",
    "game": "a game (main, 1, 2, ...)",
    "step": "a step (" + ", ".join(ADVANCE) + ")",
    "types": "a list of card types",
    "until": ", ".join(DURATIONS) + " or {next_turn: PLAYER}",
    "choice": ", ".join(CHOICES[:-1]) + " or " + CHOICES[-1],
    "info": " or ".join(INFO),
}


def parse_game(value: object) -> int:
    """``main`` (or 0) is game 0; a whole number (or a string of ASCII digits) is that subgame.

    >>> parse_game("main"), parse_game(2), parse_game("3")
    (0, 2, 3)
    """
    if value == "main":
        return 0
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_NUMBER:
        return int.__int__(value)
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 9:
        return int(value)
    raise ScenarioError(f"expected {KINDS['game']}, got {shown(value)}")


def _is_text(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_TEXT and not lone_surrogate(value)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_NUMBER


def _not_a_name(value: object, where: str) -> None:
    """Refuse text that is no name: it holds a control, format or line-break character."""
    why = refusal(value) if isinstance(value, str) else None
    if why is not None:
        raise ScenarioError(f"{where}: expected a name, got {shown(value)}: {why}")


def check_value(kind: str, value: object, where: str) -> object:
    """Check one value's shape against its kind; return it normalised (plain ``str`` and
    ``int``, a list of card types as a list). Every text field is a name (``textchars``)."""
    ok = True
    value = plain(value)
    if kind in ("player", "object", "new_id", "str", "target"):
        ok = _is_text(value)
        if ok:
            _not_a_name(value, where)
    elif kind == "int":
        ok = _is_int(value)
    elif kind == "bool":
        ok = isinstance(value, bool)
    elif kind == "game":
        try:
            return parse_game(value)
        except ScenarioError:
            ok = False
    elif kind in ("zone", "step", "choice", "info"):
        ok = isinstance(value, str) and value in {"zone": ZONES, "step": ADVANCE,
                                                  "choice": CHOICES, "info": INFO}[kind]
    elif kind in ("objects", "abilities"):
        ok = isinstance(value, list | tuple) and len(value) <= MAX_NUMBER \
            and all(_is_text(v) for v in value)
        if ok:
            value = [plain(v) for v in value]
            for i, v in enumerate(value):
                _not_a_name(v, f"{where}[{i}]")
            if kind == "objects" and len(set(value)) < len(value):
                raise ScenarioError(f"{where}: an object is named twice in {shown(value)}")
    elif kind == "types":
        ok = isinstance(value, list | tuple) and all(_is_text(t) for t in value)
        if ok:
            value = [plain(t) for t in value]
            for i, t in enumerate(value):
                _not_a_name(t, f"{where}[{i}]")
    elif kind == "until":
        ok = (isinstance(value, str) and value in DURATIONS) or (
            isinstance(value, dict) and list(value) == ["next_turn"]
            and _is_text(value["next_turn"]))
        if ok and isinstance(value, dict):
            value = {"next_turn": plain(value["next_turn"])}
            _not_a_name(value["next_turn"], f"{where}.next_turn")
    if not ok:
        expected = KINDS[kind]
        if kind == "int" and isinstance(value, int) and not isinstance(value, bool):
            expected = f"an integer from -{MAX_NUMBER} to {MAX_NUMBER} (MAX_NUMBER)"
        raise ScenarioError(f"{where}: expected {expected}, got {shown(value)}")
    return value


def normalize(step: object) -> tuple[str, dict]:
    """Check a step's shape: a one-key mapping naming a known action with the right fields.

    Return ``(action, fields)``. Raise ``ScenarioError`` saying what was expected.

    >>> normalize({"resolve": "shahrazad"})
    ('resolve', {'object': 'shahrazad'})
    """
    if not isinstance(step, dict) or len(step) != 1:
        raise ScenarioError("a step is a mapping with exactly one key (the action), got "
                            f"{shown(step)}")
    (name, value), = step.items()
    name = plain(name)
    action = ACTIONS.get(name) if isinstance(name, str) else None
    if action is None:
        known = ", ".join(sorted(ACTIONS) + ["expect"])
        raise ScenarioError(f"unknown step {shown(name)}; expected one of {known}")
    if not isinstance(value, dict):
        if action.scalar is None:
            fields = ", ".join(f.name for f in action.fields)
            raise ScenarioError(f"{name}: expected a mapping with {fields}, got {shown(value)}")
        value = {action.scalar: value}
    known = {f.name: f for f in action.fields}
    value = {plain(k): v for k, v in value.items()}
    extra = [k for k in value if k not in known]
    if extra:
        raise ScenarioError(f"{name}: unknown field {shown(extra[0])}; expected "
                            f"{', '.join(known)}")
    out = {}
    for f in action.fields:
        if f.name not in value:
            if f.required:
                raise ScenarioError(f"{name}: missing field {f.name!r} ({KINDS[f.kind]})")
            continue
        out[f.name] = check_value(f.kind, value[f.name], f"{name}.{f.name}")
    return name, out


# -- expectations -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Expectation:
    """A kind of expectation: its keys (``Field``: the key, the kind of value it takes, whether it
    is required, its help text) and what it checks (``doc``). The kinds of value are the
    schema's (``magicsub.scenario.schema.expect_value_schema``): a step's kinds and ``place``
    (a zone or outside), ``player_or_null``, ``object_or_null``, ``bool_or_null``, ``whole``,
    ``ids``, ``counts``, ``result``, ``turn_step``, ``rules`` and ``room_or_null``."""

    kind: str
    fields: tuple[Field, ...]
    doc: str = ""

    def of_kind(self, *kinds: str) -> tuple[Field, ...]:
        """Its keys that take a value of one of these ``kinds``."""
        return tuple(f for f in self.fields if f.kind in kinds)


EXPECT_DOCS = {
    "object": "the object (an object id)",
    "zone": "the zone it is in (outside: in no game)",
    "game": "the game (see the kind's description for the default)",
    "controller": "its controller",
    "owner": "its owner",
    "exists": "false: it has ceased to exist (a token that left, a copy of a spell)",
    "face_up": "whether it is face up",
    "tapped": "whether it is tapped",
    "attached_to": "the object it is attached to",
    "phased_out": "whether it is phased out",
    "power": "its power now (printed, then layer 7c: 613.4c)",
    "toughness": "its toughness now (printed, then layer 7c: 613.4c)",
    "player": "the player",
    "life": "the life total",
    "counters": "counters the player (or the permanent) has, e.g. {poison: 2} (others: any)",
    "in_game": "whether the player is still in the game",
    "commander_damage": "combat damage the player has been dealt by each commander over the "
                        "course of the game, by commander id, e.g. {yargle: 18} (903.10a; "
                        "others: any)",
    "commander_casts": "times the player has cast each commander from the command zone in the "
                       "game, by commander id, e.g. {yargle: 2} (903.8; others: any)",
    "result": "how the player's game went (null: going on)",
    "count": "how many objects it holds",
    "cards": "its objects, bottom first (a library's top card last)",
    "contains": "objects it holds (among others)",
    "priority": "who has priority (null: no one)",
    "active": "the active player (null: a turn without one, 800.4j)",
    "stack": "the stack, bottom first; an ability is listed by its source's id",
    "subgames": "how many subgames are running",
    "trace_cites": "the trace has steps citing each of these paragraphs",
    "trace_lacks": "no step of the trace cites any of these paragraphs",
    "winner": "who won the game (null: a draw)",
    "held": "the sources of triggered abilities held until the subgame ends (726.4a)",
    "step": "the step of the turn",
    "turn": "the turn number",
    "monarch": "the player who is the monarch (null: nobody is, 722.1)",
    "initiative": "the player who has the initiative (null: nobody has it, 723.1)",
    "venture": "the player whose venture marker it is (309.4)",
    "room": "the room their venture marker is on (null: they own no dungeon in the command zone)",
}
"""The help text of an expectation's key by its name, unless its kind gives its own."""


def _e(kind: str, keys: str, doc: str, **docs: str) -> Expectation:
    """A kind of expectation from its keys' specs (``"key:kind"``; the key named like the kind
    is required) and the help text of those whose own differs from ``EXPECT_DOCS``."""
    fields = []
    for spec in keys.split():
        name, value = spec.split(":")
        fields.append(Field(name, value, name == kind, docs.get(name) or EXPECT_DOCS[name]))
    return Expectation(kind, tuple(fields), doc)


EXPECTATIONS: dict[str, Expectation] = {e.kind: e for e in [
    _e("object", "object:object zone:place game:game owner:player controller:player_or_null "
       "exists:bool face_up:bool_or_null tapped:bool attached_to:object_or_null "
       "phased_out:bool power:int toughness:int counters:counts",
       "An object's zone, game, control and status; without game, it is looked for in the "
       "whole game tree."),
    _e("player", "player:player life:int counters:counts in_game:bool game:game result:result "
       "commander_damage:counts commander_casts:counts",
       "A player's figures in a game (the main game by default)."),
    _e("zone", "zone:zone owner:player game:game count:whole cards:ids contains:ids",
       "The objects in a zone of a game (the main game by default).",
       zone="the zone", owner="the owner of the library, hand or graveyard"),
    _e("priority", "priority:player_or_null game:game",
       "Who has priority in a game (the game in progress by default)."),
    _e("active", "active:player_or_null game:game",
       "The active player of a game (the game in progress by default)."),
    _e("stack", "stack:ids game:game", "The stack of a game (the game in progress by default)."),
    _e("subgames", "subgames:whole", "How many subgames are running."),
    _e("trace_cites", "trace_cites:rules", "Paragraphs the trace cites."),
    _e("trace_lacks", "trace_lacks:rules", "Paragraphs the trace does not cite."),
    _e("winner", "winner:player_or_null game:game",
       "Who won a game that has ended (the main game by default)."),
    _e("step", "step:turn_step game:game turn:whole",
       "The step and turn of a game (the game in progress by default)."),
    _e("held", "held:ids game:game",
       "Triggered abilities held in a game until its subgame ends (the main game by default)."),
    _e("monarch", "monarch:player_or_null game:game",
       "The monarch of a game (722; the game in progress by default)."),
    _e("initiative", "initiative:player_or_null game:game",
       "Who has the initiative in a game (723; the game in progress by default)."),
    _e("venture", "venture:player room:room_or_null game:game",
       "The room a player's venture marker is on (309.4; the game in progress by default)."),
]}
"""Each kind of expectation (``magicsub.scenario.expectations`` checks them): its keys, the kind
of value each takes (``magicsub.scenario.schema`` gives their types) and its help text."""

KEYS = {kind: {f.name for f in e.fields} for kind, e in EXPECTATIONS.items()}
"""Each kind of expectation and the keys it may have (``EXPECTATIONS``)."""

KIND_ORDER = ("object", "player", "priority", "active", "stack", "subgames", "trace_cites",
              "trace_lacks", "winner", "held", "step", "zone", "monarch", "initiative",
              "venture")
"""The kinds in the order they are recognised: a mapping is of the first kind whose key it has
(``{object: x, zone: exile}`` is an object expectation)."""


def kind_of(exp: dict) -> str:
    """Which kind of expectation a mapping is; raise ``ScenarioError`` if none or unknown keys."""
    if not isinstance(exp, dict) or not exp:
        raise ScenarioError(f"an expectation is a mapping, got {shown(exp)}")
    for kind in KIND_ORDER:
        if kind in exp:
            extra = [k for k in exp if k not in KEYS[kind]]
            if extra:
                article = "an" if kind[0] in "aeiou" else "a"
                raise ScenarioError(f"unknown key {shown(extra[0])} in {article} {kind} "
                                    f"expectation; expected {', '.join(sorted(KEYS[kind]))}")
            if "game" in exp:
                parse_game(exp["game"])
            return kind
    raise ScenarioError(f"unknown expectation {shown(exp)}; expected one of the keys "
                        f"{', '.join(KEYS)}")
