"""The scenario format as one JSON Schema (Draft 2020-12), built from the vocabulary of steps
(``actions.ACTIONS`` and ``KINDS``) and of expectations (``actions.EXPECTATIONS``): their fields,
kinds and help text are described there, once.

It is both the check of every field's type at load and the documentation of the format: every
property has a ``description``, and each schema's ``title`` is the phrase an error uses
(``expected <title>, got <value>``). ``magicsub/scenario.schema.json`` is this schema, written
out by ``python tools/schema.py`` (a test keeps it up to date). What a schema cannot say (a
name must be one of the players, an id must be declared before use) ``magicsub.scenario`` checks
after, by the same kinds.

``magicsub.scenario.validation`` applies it and turns its errors into messages with file lines.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from pathlib import Path

from ..engine.actions import (
    ACTIONS,
    ADVANCE,
    CHOICES,
    DURATIONS,
    EXPECTATIONS,
    INFO,
    KEYS,
    KIND_ORDER,
    KINDS,
    ZONES,
    Action,
)
from ..engine.editions import EDITIONS
from ..engine.limits import MAX_LIBRARY, MAX_NUMBER, MAX_OBJECTS, MAX_PLAYERS, MAX_STEPS, MAX_TEXT
from ..engine.objects import NONTRADITIONAL_DECKS
from ..engine.state import PREGAME, STEPS
from ..engine.textchars import NAME_PATTERN
from ..engine.zones import OUTSIDE
from ..rules.subgame import KNOWN_VARIANTS

SCHEMA_FILE = Path(__file__).resolve().parent.parent / "scenario.schema.json"
"""The schema as a file, for editors and readers (``python tools/schema.py`` writes it)."""


RESULTS = ("won", "lost", "drew", "left", "conceded")
"""A player's result in a game, as the engine records it."""


# -- pieces --------------------------------------------------------------------------------------
def _text(title: str, description: str | None = None, *, empty: bool = False,
          null: bool = False, prose: bool = False) -> dict:
    """A string of at most ``MAX_TEXT`` characters; unless it is ``prose`` (a title, a
    description), a name: no control, format or line-break character (``textchars``)."""
    schema: dict = {"title": title, "type": ["string", "null"] if null else "string"}
    if not empty:
        schema["minLength"] = 1
    schema["maxLength"] = MAX_TEXT
    if not prose:
        schema["pattern"] = NAME_PATTERN
    return _doc(schema, description)


def _int(title: str = "an integer", description: str | None = None, *,
         minimum: int = -MAX_NUMBER, maximum: int = MAX_NUMBER) -> dict:
    return _doc({"title": title, "type": "integer", "minimum": minimum, "maximum": maximum},
                description)


def _whole(description: str | None = None, *, maximum: int = MAX_NUMBER) -> dict:
    return _int("a whole number", description, minimum=0, maximum=maximum)


def _bool(description: str | None = None, *, null: bool = False) -> dict:
    return _doc({"title": "true or false" + (" or null" if null else ""),
                 "type": ["boolean", "null"] if null else "boolean"}, description)


def _names(description: str) -> dict:
    """A list of 2 to ``MAX_PLAYERS`` distinct player names (``players``, ``seating``)."""
    return {"title": f"a list of 2 to {MAX_PLAYERS} distinct names", "type": "array",
            "items": PLAYER, "minItems": 2, "maxItems": MAX_PLAYERS, "uniqueItems": True,
            "description": description}


def _enum(values: Iterable, title: str | None = None, description: str | None = None) -> dict:
    values = list(values)
    words = [v if isinstance(v, str) else json.dumps(v) for v in values]
    return _doc({"title": title or "one of " + ", ".join(words), "enum": values}, description)


def _list(items: dict, title: str, description: str | None = None, *,
          max_items: int | None = None) -> dict:
    schema = {"title": title, "type": "array", "items": items}
    if max_items is not None:
        schema["maxItems"] = max_items
    return _doc(schema, description)


def _mapping(title: str, properties: dict, description: str | None = None, *,
             required: Iterable[str] = ()) -> dict:
    schema = {"title": title, "type": "object", "properties": properties,
              "additionalProperties": False}
    if required:
        schema["required"] = list(required)
    return _doc(schema, description)


def _doc(schema: dict, description: str | None) -> dict:
    return schema if description is None else {**schema, "description": description}


PLAYER = _text(KINDS["player"])
OBJECT = _text(KINDS["object"])
GAME = {"title": KINDS["game"], "anyOf": [
    {"const": "main"}, {"type": "integer", "minimum": 0, "maximum": MAX_NUMBER},
    {"type": "string", "pattern": "^[0-9]{1,9}$"}]}
UNTIL = {"title": KINDS["until"], "anyOf": [
    {"enum": list(DURATIONS)},
    _mapping("{next_turn: PLAYER}", {"next_turn": _doc(
        PLAYER, "the effect ends as this player's next turn begins (800.4m)")},
        required=["next_turn"])]}
IDS = _list(OBJECT, "a list of object ids")


def kind_schema(kind: str) -> dict:
    """The schema of one kind of step field (``actions.KINDS``)."""
    title = KINDS[kind]
    if kind in ("player", "object", "target", "new_id", "str"):
        return _text(title)
    simple = {"int": lambda: _int(title), "bool": lambda: _bool(),
              "zone": lambda: _enum(ZONES, title), "step": lambda: _enum(ADVANCE, title),
              "choice": lambda: _enum(CHOICES, title), "info": lambda: _enum(INFO, title),
              "game": lambda: GAME, "until": lambda: UNTIL,
              "types": lambda: _list(_text("a card type"), title),
              "objects": lambda: {**IDS, "title": title, "uniqueItems": True},
              "abilities": lambda: {**IDS, "title": title}}
    return dict(simple[kind]())


# -- steps ---------------------------------------------------------------------------------------
def action_schema(action: Action) -> dict:
    """The schema of one action's value: a mapping of its fields, or the bare scalar the action's
    ``scalar`` field stands for (``resolve: shahrazad``)."""
    fields = {f.name: {**kind_schema(f.kind), "description": f.doc} for f in action.fields}
    mapping = _mapping(f"a mapping with {', '.join(fields)}", fields,
                       required=[f.name for f in action.fields if f.required])
    if action.scalar is None:
        return {**mapping, "description": action.doc}
    scalar = next(f for f in action.fields if f.name == action.scalar)
    return {"description": f"{action.doc}; `{action.name}: X` is short for "
                           f"`{action.name}: {{{action.scalar}: X}}`",
            "if": {"type": "object"}, "then": mapping, "else": kind_schema(scalar.kind)}


def _step() -> dict:
    actions = {name: action_schema(ACTIONS[name]) for name in ACTIONS}
    actions["expect"] = {
        "description": "check expectations here, between steps (one or a list)",
        "if": {"type": "array"},
        "then": _list({"$ref": "#/$defs/expectation"}, "a list of expectations",
                      max_items=MAX_STEPS),
        "else": {"$ref": "#/$defs/expectation"}}
    return {"title": "a step: a mapping with exactly one key, the action",
            "description": "One step, applied to the game in progress: `{ACTION: VALUE}`.",
            "type": "object", "minProperties": 1, "maxProperties": 1, "properties": actions,
            "additionalProperties": False}


# -- expectations --------------------------------------------------------------------------------
RULES = _text('a rule paragraph, e.g. "726.2c"')
EXPECT_VALUES = {
    "place": lambda doc: _enum(ZONES + (OUTSIDE,), description=doc),
    "player_or_null": lambda doc: _text("a player's name or null", doc, null=True),
    "object_or_null": lambda doc: _text("an object id or null", doc, null=True),
    "room_or_null": lambda doc: _text("a room's name or null", doc, null=True),
    "bool_or_null": lambda doc: _bool(doc, null=True),
    "whole": _whole,
    "ids": lambda doc: _doc(IDS, doc),
    "counts": lambda doc: {"title": "a mapping of counter kind to number", "type": "object",
                           "propertyNames": _text("a kind of counter"),
                           "additionalProperties": _whole(), "description": doc},
    "result": lambda doc: _enum(RESULTS + (None,), description=doc),
    "turn_step": lambda doc: _enum((PREGAME,) + STEPS, description=doc),
    "rules": lambda doc: {"title": "a rule paragraph or a list of them",
                          "anyOf": [RULES, _list(RULES, "a list of rule paragraphs")],
                          "description": doc},
}
"""The schema of each kind of value an expectation's key takes that no step field takes
(``actions.Expectation``), given its help text."""


def expect_value_schema(kind: str, doc: str) -> dict:
    """The schema of an expectation's key whose value is of ``kind``, described by ``doc``."""
    if kind in EXPECT_VALUES:
        return EXPECT_VALUES[kind](doc)
    if kind == "int":
        return _int(description=doc)
    if kind == "bool":
        return _bool(doc)
    return {**kind_schema(kind), "description": doc}


def _expectation_kind(kind: str) -> dict:
    expectation = EXPECTATIONS[kind]
    fields = {f.name: expect_value_schema(f.kind, f.doc)
              for f in sorted(expectation.fields, key=lambda f: (f.name != kind, f.name))}
    return _mapping(f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} expectation, with "
                    f"{', '.join(fields)}", fields, expectation.doc, required=[kind])


def _expectation() -> dict:
    branches = []
    for i, kind in enumerate(KIND_ORDER):
        condition: dict = {"required": [kind]}
        earlier = [k for k in KIND_ORDER[:i] if kind in KEYS[k]]
        if earlier:
            condition["not"] = {"anyOf": [{"required": [k]} for k in earlier]}
        branches.append({"if": condition, "then": {"$ref": f"#/$defs/expect_{kind}"}})
    return {"title": "an expectation: a mapping with one of the keys " + ", ".join(KIND_ORDER),
            "description": "A check of the game's state. Its kind is the first of these keys it "
                           "has: " + ", ".join(KIND_ORDER) + ".",
            "type": "object", "anyOf": [{"required": [k]} for k in KIND_ORDER],
            "allOf": branches}


# -- the scenario --------------------------------------------------------------------------------
def _player_map(title: str, values: dict, description: str) -> dict:
    return {"title": title, "type": ["object", "null"], "propertyNames": PLAYER,
            "maxProperties": MAX_PLAYERS, "additionalProperties": values,
            "description": description}


def _object() -> dict:
    flag = _bool
    props = {
        "id": _doc(OBJECT, "its id, unique across the scenario (default: its name)"),
        "name": _text("a card name", "the card's name; a built-in card's name gives it its "
                                     "behaviour, any other is a card magicsub does not know, "
                                     "played with no abilities, of its types (check and show "
                                     "warn; strict refuses it unless plain)"),
        "owner": _doc(PLAYER, "its owner"),
        "controller": _doc(PLAYER, "its controller (default: its owner)"),
        "zone": _enum(ZONES + (OUTSIDE,), description="where it starts (default: battlefield; "
                                                      "outside: outside the game)"),
        "types": _list(_text("a card type"), "a list of card types",
                       "its card types, e.g. [creature] (a built-in card has its own)"),
        "token": flag("true for a token"),
        "commander": flag("true for a commander (variant: commander)"),
        "command_zone_instead": flag("a commander's owner's choice whenever it would be put into "
                                     "their hand or library (CR 903.9b): the command zone "
                                     "instead (true, the default) or not (false)"),
        "traditional": flag("false for a nontraditional card (a plane, a scheme, ...)"),
        "deck": _enum(NONTRADITIONAL_DECKS, description="the nontraditional deck or kind it "
                                                        "belongs to"),
        "face_up": flag("whether it is face up"),
        "power": _int(description="its power"),
        "toughness": _int(description="its toughness"),
        "phased_out": flag("true when it is phased out"),
        "tapped": flag("true when it is tapped"),
        "attached_to": _doc(OBJECT, "the object it is attached to (an Aura)"),
        "hand_modifier": _int(description="a vanguard card's hand modifier (deck: vanguard)"),
        "life_modifier": _int(description="a vanguard card's life modifier (deck: vanguard)"),
        "plain": flag("true: a deliberate stand-in, a card magicsub does not know played with "
                      "no abilities on purpose (no warning; the trace still notes it, CR "
                      "108.1); refused on a built-in card"),
    }
    schema = _mapping("an object: a mapping with owner and an id or a name", props,
                      "A card or token set up in the main game before the first step.",
                      required=["owner"])
    schema["anyOf"] = [{"required": ["id"]}, {"required": ["name"]}]
    return schema


def _effect() -> dict:
    return _mapping("an effect: a mapping with control, to, and source or until", {
        "control": _doc(OBJECT, "the object whose control changes"),
        "to": _doc(PLAYER, "the player who gains control"),
        "source": _text("an object id", "the object the effect comes from"),
        "until": _doc(UNTIL, "how long it lasts (default: forever)"),
    }, "A control-changing effect in place before the first step.", required=["control", "to"])


@functools.cache
def schema() -> dict:
    """The scenario schema (a JSON Schema, Draft 2020-12), as a mapping."""
    editions = list(EDITIONS) + [int(e) for e in EDITIONS]
    expect_defs = {f"expect_{kind}": _expectation_kind(kind) for kind in KIND_ORDER}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "a scenario: a mapping with title, players and steps",
        "description": "A magicsub scenario: it sets up a game, applies steps and checks "
                       "expectations. Names of players and ids of objects must be known where "
                       "they are used (checked after this schema).",
        "type": "object",
        "required": ["title", "players"],
        "additionalProperties": False,
        "properties": {
            "title": _text("a non-empty string", "what the scenario shows", prose=True),
            "description": _text("a string", "a longer explanation, shown with the trace",
                                 empty=True, prose=True),
            "notes": _text("a string", "notes for the scenario's readers", empty=True,
                           prose=True),
            "edition": _enum(editions, "a CR edition: " + ", ".join(EDITIONS),
                             "the Comprehensive Rules edition (default 726)"),
            "players": _names("the players in turn order; the first is the starting player, "
                              "the active player, with priority (CR 103.1: turn order goes "
                              "clockwise from the starting player, so with seating: this is "
                              "the seating read from the starting player's seat)"),
            "seating": _names("where the players sit, clockwise from the first seat (CR 800.5; "
                              "multiplayer games): every player once. Default: the players' "
                              "order. The turn order goes clockwise from the starting player "
                              "(CR 103.1), so players must be this list read from the first "
                              "player's seat. The trace begins with a step citing 800.5 and "
                              "one citing 103.1; the range option (CR 801) counts seats in "
                              "this order"),
            "variant": {"title": "one of " + ", ".join(KNOWN_VARIANTS["726"]) + ", null",
                        "anyOf": [_enum(list(KNOWN_VARIANTS["726"]) + [None]),
                                  _list(_enum(KNOWN_VARIANTS["726"]), "a list of variants")],
                        "description": "one casual variant of the main game (CR 901-904), or "
                                       "two_headed_giant (CR 810, with teams); none "
                                       "by default; a list is refused: the engine does not "
                                       "combine variants (CR 800.2's one variant is a "
                                       "multiplayer variant, CR 806-811)"},
            "teams": _list(_names("a team: its players"), "a list of two teams",
                           "the two teams of a Two-Headed Giant game (variant: "
                           "two_headed_giant; CR 810.1): every player on one team, the teams "
                           "of equal size; each team's shared life total starts at 30 (CR "
                           "810.4)", max_items=2),
            "archenemy": _text("a player's name or null", "the archenemy (variant: "
                               "archenemy)", null=True),
            "seed": _int(description="the seed of the game's random choices (default 0)"),
            "range": {"title": "a whole number, or a mapping of every player to one",
                      "anyOf": [_whole(), _player_map("a mapping of player to range", _whole(),
                                                      "each player's range")],
                      "description": "the limited range of influence option (CR 801): every "
                                     "player's range in seats, or each player's (801.2a); "
                                     "multiplayer games only"},
            "pregame": {"title": "true or false", "type": "boolean",
                        "description": "the main game starts before its first turn (CR 103.1: "
                                       "nobody is active yet; `advance` begins turn 1)"},
            "strict": _bool("true: refuse every object naming a card magicsub does not know "
                            "unless it is marked plain: true (default false: such a card is "
                            "played with no abilities, and check and show warn)"),
            "life": _player_map("a mapping of player to life total", _whole(),
                                "starting life totals that differ from the variant's"),
            "libraries": _player_map(
                "a mapping of player to a number of cards", _whole(maximum=MAX_LIBRARY),
                f"N anonymous cards in that player's library (at most {MAX_LIBRARY})"),
            "objects": _list({"$ref": "#/$defs/object"}, "a list of objects",
                             "cards and tokens set up in the main game", max_items=MAX_OBJECTS)
            | {"type": ["array", "null"]},
            "effects": _list({"$ref": "#/$defs/effect"}, "a list of effects",
                             "control-changing effects already in place") | {
                                 "type": ["array", "null"]},
            "steps": _list({"$ref": "#/$defs/step"}, "a list of steps",
                           "the steps, in order, each applied to the game in progress",
                           max_items=MAX_STEPS) | {"type": ["array", "null"]},
            "expect": _list({"$ref": "#/$defs/expectation"}, "a list of expectations",
                            "expectations checked after the last step",
                            max_items=MAX_STEPS) | {"type": ["array", "null"]},
        },
        "$defs": {"object": _object(), "effect": _effect(), "step": _step(),
                  "expectation": _expectation(), **expect_defs},
    }


def schema_text() -> str:
    """The schema as the JSON text of ``scenario.schema.json``."""
    return json.dumps(schema(), indent=2, ensure_ascii=True) + "\n"
