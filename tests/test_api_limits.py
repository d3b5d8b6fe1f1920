"""The API's limits are the file's limits (issue 28, item 6). Every entry of the Python API
refuses with a ``ScenarioError`` naming the argument what a scenario file refuses: an integer
beyond ``MAX_NUMBER`` (``10**5000`` used to be accepted and fail later with Python's
``ValueError`` on its digits), a name holding a control or format character, and a set or a
dict's view where order matters (``Game({a set of names})`` gave a turn order that followed
the hash seed). A ``str`` or ``int`` subclass is read as the plain value it holds (documented
in ``magicsub.engine.arguments``): ``load_scenario(data=...)`` with one used to end in the schema
library's bare ``ValueError: Unsupported type``.

The entry points are enumerated, not picked: every public method of ``Game`` is in a table
below (a new one fails ``test_every_public_game_method_is_in_the_tables``), and each table row
is one argument with each kind of bad value."""

from __future__ import annotations

import inspect
import subprocess
import sys
from enum import IntEnum, StrEnum
from pathlib import Path

import pytest

import magicsub
from magicsub import Game, RulesError, ScenarioError, Zone, book, load_scenario
from magicsub.engine.limits import MAX_NUMBER

ROOT = Path(__file__).resolve().parent.parent
P3 = ["Alex", "Bianca", "Cho"]
HUGE = 10**5000
BIDI = "Al\u202eex"
UNORDERED = [{"Alex", "Bianca", "Cho"}, frozenset(P3), dict.fromkeys(P3).keys(),
             dict.fromkeys(P3).items()]


class Name(str):
    """A str subclass that answers differently from the value it holds."""

    def __eq__(self, other):
        return True

    def __hash__(self):
        return 0

    def __str__(self):
        return "not the name"

    def __format__(self, spec):
        return "not the name"


class Number(int):
    """An int subclass that prints itself differently."""

    def __repr__(self):
        return "not the number"

    def __str__(self):
        return "not the number"

    def __format__(self, spec):
        return "not the number"


class Seat(IntEnum):
    FIRST = 3


class Who(StrEnum):
    ALEX = "Alex"


def frozen(g: Game) -> tuple:
    return g.world, len(g.trace), g.rng.getstate()


def small() -> Game:
    g = Game(P3, seed=1, libraries={"Alex": 5, "Bianca": 5, "Cho": 5})
    g.add_object("bears", "Grizzly Bears", owner="Alex")
    g.add_object("angel", "Serra Angel", owner="Bianca")
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    return g


def refused(call, *words: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        call()
    message = str(caught.value)
    for word in words:
        assert word in message, (word, message)
    assert len(message) < 600, message
    return caught.value


# -- the tables: (label, call with the bad value in one argument, the argument's name) ----------

GAME_INTEGERS = [
    ("Game(seed)", lambda v: Game(P3, seed=v), "seed"),
    ("Game(life)", lambda v: Game(P3, life={"Alex": v}), "life['Alex']"),
    ("Game(libraries)", lambda v: Game(P3, libraries={"Alex": v}), "libraries['Alex']"),
    ("Game(range)", lambda v: Game(P3, range=v), "range["),
    ("Game(range mapping)", lambda v: Game(P3, range={"Alex": v, "Bianca": 1, "Cho": 1}),
     "range['Alex']"),
]
OBJECT_INTEGERS = ["power", "toughness", "hand_modifier", "life_modifier"]
STEP_INTEGERS = [
    ("add_counters(add)", lambda g, v: g.add_counters("Alex", "poison", v), "counters.add"),
    ("change_life(add)", lambda g, v: g.change_life("Alex", add=v), "life.add"),
    ("change_life(set)", lambda g, v: g.change_life("Alex", set=v), "life.set"),
    ("create(power)", lambda g, v: g.create("t", "Soldier", "Alex", power=v), "create.power"),
    ("create(toughness)", lambda g, v: g.create("t", "Soldier", "Alex", toughness=v),
     "create.toughness"),
    ("move(game)", lambda g, v: g.move("bears", "graveyard", game=v), "move.game"),
    ("leave(game)", lambda g, v: g.leave("Cho", game=v), "leave.game"),
    ("lose(game)", lambda g, v: g.lose("Cho", game=v), "lose.game"),
    ("concede(game)", lambda g, v: g.concede("Cho", game=v), "concede.game"),
    ("apply(life)", lambda g, v: g.apply({"life": {"player": "Alex", "add": v}}), "life.add"),
]

GAME_NAMES = [
    ("Game(players)", lambda v: Game(["Bianca", v, "Cho"]), "players[1]"),
    ("Game(seating)", lambda v: Game(P3, seating=["Alex", "Bianca", v]), "seating[2]"),
    ("Game(archenemy)", lambda v: Game(P3, variant="archenemy", archenemy=v), "archenemy"),
    ("Game(life key)", lambda v: Game(P3, life={v: 3}), "life: player"),
    ("Game(libraries key)", lambda v: Game(P3, libraries={v: 3}), "libraries: player"),
    ("Game(range key)", lambda v: Game(P3, range={v: 1, "Bianca": 1, "Cho": 1}),
     "range: player"),
]
OBJECT_NAMES = {"id": "add_object: id", "name": "name", "owner": "owner",
                "controller": "controller", "attached_to": "attached_to", "types": "types[0]"}
STEP_NAMES = [
    ("cast(card)", lambda g, v: g.cast(v, "Alex"), "cast.card"),
    ("cast(by)", lambda g, v: g.cast("shahrazad", v), "cast.by"),
    ("cast(target)", lambda g, v: g.cast("shahrazad", "Alex", target=v), "cast.target"),
    ("resolve(obj)", lambda g, v: g.resolve(v), "resolve.object"),
    ("resolve(choose)", lambda g, v: g.resolve(choose=v), "resolve.choose"),
    ("resolve(target)", lambda g, v: g.resolve(target=v), "resolve.target"),
    ("leave", lambda g, v: g.leave(v), "leave.player"),
    ("win", lambda g, v: g.win(v), "win.player"),
    ("copy(spell)", lambda g, v: g.copy(v, "Alex"), "copy.spell"),
    ("copy(by)", lambda g, v: g.copy("shahrazad", v), "copy.by"),
    ("copy(id)", lambda g, v: g.copy("shahrazad", "Alex", id=v), "copy.id"),
    ("pass_priority", lambda g, v: g.pass_priority(v), "pass_priority.player"),
    ("concede", lambda g, v: g.concede(v), "concede.player"),
    ("lose", lambda g, v: g.lose(v), "lose.player"),
    ("move(obj)", lambda g, v: g.move(v, "graveyard"), "move.object"),
    ("bring_in(obj)", lambda g, v: g.bring_in(v, "hand"), "bring_in.object"),
    ("create(id)", lambda g, v: g.create(v, "Soldier", "Alex"), "create.id"),
    ("create(name)", lambda g, v: g.create("t", v, "Alex"), "create.name"),
    ("create(controller)", lambda g, v: g.create("t", "Soldier", v), "create.controller"),
    ("create(types)", lambda g, v: g.create("t", "Soldier", "Alex", types=[v]),
     "create: types[0]"),
    ("add_counters(player)", lambda g, v: g.add_counters(v, "poison", 1), "counters.player"),
    ("add_counters(kind)", lambda g, v: g.add_counters("Alex", v, 1), "counters.kind"),
    ("change_life", lambda g, v: g.change_life(v, add=1), "life.player"),
    ("order_triggers(player)", lambda g, v: g.order_triggers(v, ["t"]), "order_triggers.player"),
    ("order_triggers(order)", lambda g, v: g.order_triggers("Alex", [v]),
     "order_triggers.order[0]"),
    ("order_triggers(by)", lambda g, v: g.order_triggers("Alex", ["t"], by=v),
     "order_triggers.by"),
    ("cleanup_discard(player)", lambda g, v: g.cleanup_discard(v, ["shahrazad"]),
     "cleanup_discard.player"),
    ("cleanup_discard(cards)", lambda g, v: g.cleanup_discard("Alex", [v]),
     "cleanup_discard.cards[0]"),
    ("attack(creature)", lambda g, v: g.attack(v, "Bianca"), "attack.creature"),
    ("attack(defender)", lambda g, v: g.attack("bears", v), "attack.defender"),
    ("cycle(card)", lambda g, v: g.cycle(v, "Alex"), "cycle.card"),
    ("cycle(by)", lambda g, v: g.cycle("shahrazad", v), "cycle.by"),
    ("effect(control)", lambda g, v: g.effect(v, "Alex"), "effect.control"),
    ("effect(to)", lambda g, v: g.effect("angel", v), "effect.to"),
    ("effect(source)", lambda g, v: g.effect("angel", "Alex", source=v), "effect.source"),
    ("effect(until)", lambda g, v: g.effect("angel", "Alex", until={"next_turn": v}),
     "effect.until.next_turn"),
    ("choice(player)", lambda g, v: g.choice(v, "cost", obj="bears"), "choice.player"),
    ("choice(obj)", lambda g, v: g.choice("Alex", "cost", obj=v), "choice.object"),
    ("choice(chooser)", lambda g, v: g.choice("Alex", "cost", "bears", chooser=v),
     "choice.chooser"),
    ("choice(rule)", lambda g, v: g.choice("Alex", "rule", rule=v), "choice.rule"),
    ("choice(decision)", lambda g, v: g.choice("Alex", "rule", rule="103.1", decision=v),
     "choice.decision"),
    ("info(player)", lambda g, v: g.info(v, "life"), "info.player"),
    ("activate(obj)", lambda g, v: g.activate(v, "Alex"), "activate.object"),
    ("activate(by)", lambda g, v: g.activate("bears", v), "activate.by"),
    ("activate(ability)", lambda g, v: g.activate("bears", "Alex", ability=v),
     "activate.ability"),
    ("activate(target)", lambda g, v: g.activate("bears", "Alex", target=v),
     "activate.target"),
    ("choose_target(ability)", lambda g, v: g.choose_target(v, "bears"),
     "choose_target.ability"),
    ("choose_target(target)", lambda g, v: g.choose_target("bears", v),
     "choose_target.target"),
    ("phase_out", lambda g, v: g.phase_out(v), "phase_out.object"),
    ("phase_in", lambda g, v: g.phase_in(v), "phase_in.object"),
    ("turn_face_down", lambda g, v: g.turn_face_down(v), "turn_face_down.object"),
    ("turn_face_up(obj)", lambda g, v: g.turn_face_up(v, "Alex"), "turn_face_up.object"),
    ("turn_face_up(by)", lambda g, v: g.turn_face_up("bears", v), "turn_face_up.by"),
    ("manifest", lambda g, v: g.manifest(v), "manifest.player"),
    ("open_attraction", lambda g, v: g.open_attraction(v), "open_attraction.player"),
    ("mulligan", lambda g, v: g.mulligan(v), "mulligan.player"),
    ("planar_controller", lambda g, v: g.planar_controller(v), "planar_controller.player"),
    ("double_damage(players)", lambda g, v: g.double_damage([v], "The Countdown Is at One"),
     "double_damage: players[0]"),
    ("double_damage(source)", lambda g, v: g.double_damage(["Alex"], v),
     "double_damage: source"),
    ("act", lambda g, v: g.act("win", player=v), "win.player"),
    ("apply", lambda g, v: g.apply({"win": v}), "win.player"),
]
SETUP_NAMES = [
    ("add_effect(control)", lambda g, v: g.add_effect(v, "Alex"), "add_effect: control"),
    ("add_effect(to)", lambda g, v: g.add_effect("angel", v), "add_effect: to"),
    ("add_effect(source)", lambda g, v: g.add_effect("angel", "Alex", v), "add_effect: source"),
    ("add_effect(until)", lambda g, v: g.add_effect("angel", "Alex", until={"next_turn": v}),
     "add_effect: until: next_turn"),
]
QUESTIONS = {"obj", "where", "zone", "life", "counters", "in_game", "damage_factor"}
"""Methods that ask about the game: a name there enters nothing (an unknown one is refused as
unknown, CR 102.1); their ``game`` argument is bounded by ``parse_game``."""
NO_ARGUMENTS = {"undo", "draw_game"}
"""``advance`` takes one of the step words (``actions.ADVANCE``), checked against them."""


def test_every_public_game_method_is_in_the_tables():
    """The class, not the example: a public method of ``Game`` that takes an argument is in a
    table of this file (or is a question, or takes none)."""
    covered = {label.split("(")[0] for label, _, _ in STEP_NAMES + STEP_INTEGERS + SETUP_NAMES}
    covered |= {"add_object", "apply", "act", "advance"} | QUESTIONS | NO_ARGUMENTS
    methods = {name for name, member in inspect.getmembers(Game, inspect.isfunction)
               if not name.startswith("_")}
    assert methods - covered == set()


@pytest.mark.parametrize("value", [MAX_NUMBER + 1, -MAX_NUMBER - 1, HUGE, -HUGE],
                         ids=["MAX_NUMBER+1", "-MAX_NUMBER-1", "10**5000", "-10**5000"])
@pytest.mark.parametrize(("label", "call", "argument"), GAME_INTEGERS,
                         ids=[row[0] for row in GAME_INTEGERS])
def test_game_refuses_integers_beyond_the_file_limits(label, call, argument, value):
    """On main (3ade3ff) Game(seed=10**5000) and life={"Alex": 10**5000} were accepted."""
    message = str(refused(lambda: call(value), argument)).replace(argument, "")
    assert "10**5000" not in message and ("digits" in message or str(abs(value)) in message)


@pytest.mark.parametrize("value", [MAX_NUMBER + 1, HUGE, -HUGE],
                         ids=["MAX_NUMBER+1", "10**5000", "-10**5000"])
@pytest.mark.parametrize("key", OBJECT_INTEGERS)
def test_add_object_refuses_integers_beyond_the_file_limits(key, value):
    """On main add_object(power=10**5000) was accepted; the trace then raised ValueError."""
    g = small()
    before = frozen(g)
    refused(lambda: g.add_object("x", "Grizzly Bears", owner="Alex", **{key: value}),
            f"add_object 'x': {key}: expected")
    assert frozen(g) == before and g.obj("x") is None
    g.add_object("y", "Grizzly Bears", owner="Alex", **{key: MAX_NUMBER})
    assert getattr(g.obj("y"), key) == MAX_NUMBER


@pytest.mark.parametrize("value", [MAX_NUMBER + 1, HUGE], ids=["MAX_NUMBER+1", "10**5000"])
@pytest.mark.parametrize(("label", "call", "argument"), STEP_INTEGERS,
                         ids=[row[0] for row in STEP_INTEGERS])
def test_steps_refuse_integers_beyond_the_file_limits(label, call, argument, value):
    g = small()
    before = frozen(g)
    refused(lambda: call(g, value), argument)
    assert frozen(g) == before


@pytest.mark.parametrize(("label", "call", "argument"), GAME_NAMES,
                         ids=[row[0] for row in GAME_NAMES])
def test_game_refuses_a_name_with_a_bidi_control(label, call, argument):
    refused(lambda: call(BIDI), argument, "U+202E RIGHT-TO-LEFT OVERRIDE")


@pytest.mark.parametrize("key", sorted(OBJECT_NAMES))
def test_add_object_refuses_a_name_with_a_bidi_control(key):
    g = small()
    before = frozen(g)
    args = {"owner": "Alex", "name": "Grizzly Bears", key: [BIDI] if key == "types" else BIDI}
    oid = args.pop("id", "x")
    refused(lambda: g.add_object(oid, **args), OBJECT_NAMES[key], "U+202E")
    assert frozen(g) == before


@pytest.mark.parametrize(("label", "call", "argument"), STEP_NAMES + SETUP_NAMES,
                         ids=[row[0] for row in STEP_NAMES + SETUP_NAMES])
@pytest.mark.parametrize("char", ["\u202e", "\n", "\U000e0041"])
def test_every_step_refuses_a_name_with_a_control_or_format_character(label, call, argument,
                                                                       char):
    """Every typed method, ``act`` and ``apply``: the name field is refused, naming it and the
    character, and the game is unchanged (on main each went in raw)."""
    g = small()
    before = frozen(g)
    refused(lambda: call(g, f"Al{char}ex"), argument, f"U+{ord(char):04X}")
    assert frozen(g) == before


@pytest.mark.parametrize("players", UNORDERED, ids=["set", "frozenset", "keys", "items"])
def test_an_unordered_collection_is_no_turn_order(players):
    """On main Game({a set of names}) was accepted: its turn order followed the hash seed."""
    refused(lambda: Game(players), "players: expected a list of player names in an order")
    refused(lambda: Game(P3, seating=players), "seating: expected a list of player names")
    g = small()
    refused(lambda: g.add_object("x", owner="Alex", types={"creature", "artifact"}),
            "types: expected a list of card types in an order")
    refused(lambda: g.create("t", "Soldier", "Alex", types={"creature", "artifact"}),
            "create: types: expected a list of card types in an order")


def test_the_turn_order_of_a_generator_is_its_own():
    assert Game(name for name in P3).players == tuple(P3)


def test_str_and_int_subclasses_are_read_as_the_plain_values_they_hold():
    """``Name`` claims to equal everything and prints as something else; ``Number`` prints as
    something else: the game keeps the plain values, so nothing they say leaks in (on main the
    players stayed ``Name`` objects: ``Game([Name("Alex"), Name("Bianca")])`` was refused as
    two equal names)."""
    g = Game([Name("Alex"), Name("Bianca"), Who.ALEX.replace("Alex", "Cho")],
             seed=Number(3), life={Name("Alex"): Number(7)}, libraries={Who.ALEX: Seat.FIRST},
             edition=Number(723))
    assert [type(p) for p in g.players] == [str, str, str] and g.players == tuple(P3)
    assert g.life("Alex") == 7 and type(g.life("Alex")) is int and g.seed == 3
    assert g.zone("library", "Alex") == ["Alex#1", "Alex#2", "Alex#3"]
    assert g.edition.number == "723"
    ranged = Game(P3, range={Name("Alex"): Number(1), "Bianca": Seat.FIRST, Who.ALEX.replace(
        "Alex", "Cho"): 2})
    assert ranged.world.main.ranges == (("Alex", 1), ("Bianca", 3), ("Cho", 2))
    g.add_object(Name("bears"), Name("Grizzly Bears"), owner=Who.ALEX, power=Number(5),
                 zone=Zone.BATTLEFIELD, types=[Name("creature")])
    obj = g.obj("bears")
    assert (type(obj.id), type(obj.name), type(obj.owner), type(obj.power)) == (str, str, str,
                                                                               int)
    assert obj.types == ("creature",) and type(obj.types[0]) is str
    g.apply({Name("life"): {Name("player"): Name("Alex"), "add": Number(2)}})
    assert g.life("Alex") == 9 and "not the" not in g.trace.text()


def test_load_scenario_reads_str_and_int_subclasses_in_data():
    """On main: ``ValueError: Unsupported type`` (values) or ``Dict key must be str`` (keys)
    from the schema library."""
    data = {Name("title"): Name("Subclasses"), "players": [Name("Alex"), Who.ALEX.replace(
        "Alex", "Bianca")], "seed": Number(4), "life": {"Alex": Seat.FIRST},
            "steps": [{"life": {"player": Name("Alex"), "add": Number(1)}}],
            "expect": [{"player": "Alex", "life": Number(4)}]}
    scenario = load_scenario(data=data)
    assert scenario.title == "Subclasses" and type(scenario.title) is str
    assert scenario.players == ["Alex", "Bianca"] and scenario.seed == 4
    assert scenario.run().ok


@pytest.mark.parametrize(("data", "words"), [
    ({"players": ["Alex", BIDI]}, ["players[1]: expected a player's name", "U+202E"]),
    ({"seed": HUGE}, ["seed: got <an integer of about 5001 digits>: no field takes an integer "
                      "beyond 1000000000 either way (MAX_NUMBER)"]),
    ({"life": {"Alex": MAX_NUMBER + 1}}, ["life.Alex: expected at most 1000000000"]),
    ({"players": {"Alex", "Bianca"}}, ["players: got {"]),
    ({"objects": [{"id": "x", "owner": "Alex", "power": -2**62}]},
     ["objects[0].power: expected at least -1000000000"]),
    ({"objects": [{"id": "x", "owner": "Alex", "power": -HUGE}]},
     ["objects[0].power: got <an integer of about 5001 digits>"]),
])
def test_load_scenario_data_is_held_to_the_file_rules(data, words):
    refused(lambda: load_scenario(data={"title": "t", "players": ["Alex", "Bianca"], **data}),
            *words)


@pytest.mark.parametrize(("kw", "words"), [
    ({"strict": "yes"}, ["load_scenario: strict: expected true or false, got 'yes'"]),
    ({"name": 5}, ["load_scenario: name: expected a non-empty string, got 5"]),
    ({"text": 5}, ["YAML text must be a str, got 5"]),
])
def test_load_scenario_arguments(kw, words):
    args = {"text": "title: t\nplayers: [Alex, Bianca]\n", **kw}
    refused(lambda: load_scenario(**args), *words)


def test_book_helpers_take_a_str_subclass_as_its_text():
    """``book.run(text=...)`` (and ``stepper``, ``compare``, ``try_it``, which load the same
    way): on main a str subclass ended in PyYAML's TypeError."""
    result = book.run(text=Name("title: t\nplayers: [Alex, Bianca]\n"))
    assert result.ok and result.scenario.players == ["Alex", "Bianca"]
    with pytest.raises(ScenarioError, match="players\\[0\\]: expected a player's name"):
        book.run(text="title: t\nplayers: [\"A\\u202Eb\", Bianca]\n")


@pytest.mark.parametrize("value", [HUGE, True, "999", 7.26, None],
                         ids=["10**5000", "True", "999", "7.26", "None"])
def test_an_edition_that_is_not_one_is_a_rules_error_with_a_short_message(value):
    with pytest.raises(RulesError, match="unknown CR edition") as caught:
        magicsub.edition(value)
    assert len(str(caught.value)) < 120
    with pytest.raises(RulesError):
        Game(P3, edition=value)


def test_turn_order_from_a_list_does_not_depend_on_the_hash_seed():
    """The same names in a list give the same turn order under two hash seeds (a set is
    refused above, so nothing but a list reaches the game)."""
    code = ("import magicsub; print(magicsub.Game(['Cho', 'Alex', 'Bianca']).players); "
            "print(magicsub.Game(list(dict.fromkeys(['Cho', 'Alex', 'Bianca']))).players)")
    outputs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              env={"PYTHONHASHSEED": seed, "PATH": ""}, cwd=ROOT,
                              check=True).stdout for seed in ("1", "2")}
    assert len(outputs) == 1
