"""Say what the engine does not know (issue 27, item 11): a card name that no built-in card has
is played as a card with no abilities. The trace says so in a step citing CR 108.1 ("Use the
Oracle card reference when determining a card's wording": magicsub has no Oracle text for it);
``Scenario.warnings`` lists each such object with its file and line (what ``magicsub check``
and ``show`` print); ``strict`` refuses them; ``plain: true`` marks a deliberate stand-in (no
warning, not refused, still noted). Tokens are never flagged: tokens aren't cards (CR 108.2b).

And a run that stops at an illegal step still reports every inline expectation that failed
before it (``RulesError.failures``)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest
import yaml

from magicsub import Game, RulesError, ScenarioError, load_scenario
from magicsub.engine.registry import lookup
from magicsub.engine.trace import Note
from magicsub.game import unknown_card
from magicsub.views import quizbank

ROOT = Path(__file__).resolve().parent.parent
HELPERS = {"stepper", "run", "try_it", "compare", "quiz"}
"""The book helpers that take a scenario's YAML text (``magicsub.book``)."""


def _notebook_texts(path: Path):
    """Each scenario text a code cell of the notebook hands to a book helper."""
    for cell in nbformat.read(path, 4).cells:
        if cell.cell_type != "code":
            continue
        for node in ast.walk(ast.parse(cell.source)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in HELPERS:
                for arg in [*node.args, *(k.value for k in node.keywords)]:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str) \
                            and "players:" in arg.value:
                        yield arg.value


def book_scenarios() -> list[tuple[str, str]]:
    """(where, YAML text) of every scenario magicsub ships or the book, README and CONTRIBUTING
    show: the shipped files, the quizzes' inline scenarios, the notebooks' inline texts
    (steppers, *Try it* cells) and the scenario blocks of the Markdown files."""
    found = [(f"magicsub/scenarios/{p.name}", p.read_text(encoding="utf-8"))
             for p in sorted((ROOT / "magicsub" / "scenarios").glob("*.yaml"))]
    found += [(f"book/{p.name}", p.read_text(encoding="utf-8"))
              for p in sorted((ROOT / "book").glob("*.yaml"))]
    for path in sorted((ROOT / "book" / "quizzes").glob("*.yaml")):
        for quiz in quizbank.load(path):
            if isinstance(quiz.scenario, dict):
                found.append((f"quiz {quiz.id}", yaml.safe_dump(
                    quizbank._plain(quiz.scenario), sort_keys=False, allow_unicode=True)))
    for path in sorted((ROOT / "book").glob("*.ipynb")):
        found += [(f"book/{path.name} #{i}", text)
                  for i, text in enumerate(_notebook_texts(path), 1)]
    for path in [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted(
            (ROOT / "book").glob("*.md"))]:
        name = path.relative_to(ROOT).as_posix()
        found += [(f"{name} #{i}", m.group(1)) for i, m in enumerate(re.finditer(
            r"```yaml\n(.*?)```", path.read_text(encoding="utf-8"), re.S), 1)
            if "players:" in m.group(1)]
    return found


BOOK = book_scenarios()


def test_the_collection_finds_the_shipped_files_quizzes_notebooks_and_markdown():
    kinds = {where.split()[0].split("/")[0] for where, _ in BOOK}
    assert {"magicsub", "quiz", "book", "CONTRIBUTING.md"} <= kinds
    places = {where.split()[0] for where, _ in BOOK}
    assert {"book/reference_format.md", "CONTRIBUTING.md"} <= places
    assert sum(where.startswith("book/") and ".ipynb" in where for where, _ in BOOK) >= 40


@pytest.mark.parametrize(("where", "text"), BOOK, ids=[w for w, _ in BOOK])
def test_every_shipped_and_book_scenario_names_only_known_cards_or_marked_stand_ins(where, text):
    """CR 108.1: a scenario the book or magicsub ships plays no card by a name magicsub does
    not know, unless the object says so (``plain: true``): ``check`` would warn."""
    scenario = load_scenario(text=text, name=where)
    assert [str(w) for w in scenario.warnings] == []
    assert load_scenario(text=text, name=where, strict=True).title == scenario.title


# -- the trace says it (CR 108.1) ------------------------------------------------------------------

def _notes(step) -> list[str]:
    return [c.text for c in step.changes if isinstance(c, Note)]


@pytest.mark.parametrize(("name", "types", "kind"), [
    ("Timetwister", ["sorcery"], "a sorcery"),
    ("Lightning Bolt", ["instant"], "an instant"),
    ("Llanowar Elves", ["creature"], "a creature"),
    ("Kaalia of the Vast", ["legendary", "creature"], "a legendary creature"),
])
def test_108_1_a_card_magicsub_does_not_know_is_noted_as_set_up_ends(name, types, kind):
    """CR 108.1 (a card's wording is its Oracle text): magicsub has none for these names. The
    trace begins with a step citing 108.1 whose note names the card and what it is played as;
    the step changes nothing (its snapshot is the world set up)."""
    game = Game(["Alex", "Bianca"], libraries={"Alex": 5, "Bianca": 5})
    game.add_object("bears", "Grizzly Bears", owner="Alex")
    game.add_object("x", name, owner="Alex", zone="hand", types=types)
    (step,) = game.trace
    assert step.rule == "108.1" and step.text.startswith("Use the Oracle card reference")
    assert _notes(step) == [f"magicsub does not know {name} [x]: it is played as {kind} with no "
                            "abilities of its own, so its Oracle text does nothing here."]
    assert step.snapshot == game.trace.initial == game.world


def test_108_1_timetwister_is_cast_and_does_nothing_after_its_note():
    """The issue's example: an unknown "Timetwister" resolves doing nothing (CR 608.2c: no
    instruction known) and goes to the graveyard; no subgame starts. The note said so first."""
    game = Game(["Alex", "Bianca"], libraries={"Alex": 10, "Bianca": 10})
    game.add_object("etd", "Timetwister", owner="Alex", zone="hand", types=["sorcery"])
    game.cast("etd", by="Alex")
    game.resolve("etd")
    assert game.trace[0].rule == "108.1"
    assert game.where("etd") == ("main", "graveyard") and game.subgames == 0
    assert game.trace.cites("608.2c")


def test_108_1_a_plain_stand_in_is_noted_as_one_and_several_cards_in_set_up_order():
    game = Game(["Alex", "Bianca", "Cho"], seating=["Alex", "Bianca", "Cho"])
    game.add_object("opt", "Opt", owner="Bianca", zone="hand", types=["instant"], plain=True)
    game.add_object("tazeem", "Tazeem", owner="Alex", zone="command", deck="planar",
                    traditional=False, face_up=True, plain=True)
    game.add_object("ritual", "Dark Ritual", owner="Cho", zone="hand", types=["instant"])
    assert [s.rule for s in game.trace] == ["800.5", "103.1", "108.1"]
    assert _notes(game.trace[2]) == [
        "Opt [opt] stands in as an instant with no abilities of its own: what happens to it "
        "here is what the steps do, not what its Oracle text says.",
        "Tazeem [tazeem] stands in as a planar card with no abilities of its own: what happens "
        "to it here is what the steps do, not what its Oracle text says.",
        "magicsub does not know Dark Ritual [ritual]: it is played as an instant with no "
        "abilities of its own, so its Oracle text does nothing here."]


@pytest.mark.parametrize("edition", ["506", "723", "726"])
def test_108_1_is_cited_in_every_edition(edition):
    game = Game(["Alex", "Bianca"], edition=edition)
    game.add_object("bolt", "Lightning Bolt", owner="Alex", zone="hand", types=["instant"])
    assert [(s.rule, s.edition) for s in game.trace] == [("108.1", edition)]


def test_108_1_no_note_for_built_in_cards_anonymous_library_cards_or_tokens():
    """Built-in cards are known; a library's anonymous cards are named by magicsub; tokens
    aren't cards (CR 108.2b): a token set up or created is what its creator says."""
    game = Game(["Alex", "Bianca"], libraries={"Alex": 3, "Bianca": 3})
    game.add_object("bears", "Grizzly Bears", owner="Alex")
    game.add_object("soldier", "Soldier", owner="Alex", token=True, types=["creature"])
    game.create("goblin", "Goblin", "Bianca", types=["creature"], power=1, toughness=1)
    assert not game.trace.cites("108.1")
    assert not unknown_card("Soldier", token=True) and unknown_card("Soldier")


def test_a_trace_read_during_set_up_is_made_again_with_the_cards_added_after():
    game = Game(["Alex", "Bianca"])
    game.add_object("a", "Opt", owner="Alex", zone="hand", types=["instant"])
    assert len(_notes(game.trace[0])) == 1
    game.add_object("b", "Shock", owner="Alex", zone="hand", types=["instant"])
    assert len(game.trace) == 1 and len(_notes(game.trace[0])) == 2
    assert game.trace[0].snapshot == game.world


def test_many_unknown_cards_are_noted_in_one_step_made_once():
    """Set-up makes its steps once, when it ends: ten thousand unknown cards stay linear."""
    game = Game(["Alex", "Bianca"])
    for i in range(10_000):
        game.add_object(f"c{i}", f"Card {i}", owner="Alex", zone="hand", types=["instant"])
    (step,) = game.trace
    assert len(_notes(step)) == 10_000 and "Card 9999 [c9999]" in _notes(step)[-1]


# -- strict, and plain ----------------------------------------------------------------------------

def test_108_1_strict_refuses_an_unknown_card_and_the_game_is_unchanged():
    game = Game(["Alex", "Bianca"], strict=True, libraries={"Alex": 2})
    world = game.world
    with pytest.raises(ScenarioError) as err:
        game.add_object("etd", "Timetwister", owner="Alex", zone="hand")
    assert "add_object 'etd': magicsub does not know the card 'Timetwister'" in str(
        err.value) and "strict refuses" in str(err.value)
    assert game.world is world and len(game.trace) == 0 and game.obj("etd") is None
    game.add_object("etd", "Timetwister", owner="Alex", zone="hand", plain=True)
    game.add_object("bears", "Grizzly Bears", owner="Alex")
    assert _notes(game.trace[0])[0].startswith("Timetwister [etd] stands in as")


@pytest.mark.parametrize("name", ["Serra Angel", "Shahrazad", "Forest"])
def test_plain_on_a_built_in_card_is_refused(name):
    game = Game(["Alex", "Bianca"])
    with pytest.raises(ScenarioError, match="plain: true marks a card magicsub does not know"):
        game.add_object("x", name, owner="Alex", zone="hand", plain=True)
    text = f"title: t\nplayers: [Alex, Bianca]\nobjects:\n  - {{id: x, name: {name}, " \
           "owner: Alex, plain: true}\n"
    with pytest.raises(ScenarioError) as err:
        load_scenario(text=text, name="p.yaml")
    assert str(err.value).startswith("p.yaml:4: object x: plain: true marks a card")


@pytest.mark.parametrize(("flag", "written"), [(1, "1"), ("yes", '"yes"'), (None, "null")])
def test_strict_and_plain_take_true_or_false(flag, written):
    with pytest.raises(ScenarioError, match="strict: expected true or false"):
        Game(["Alex", "Bianca"], strict=flag)
    with pytest.raises(ScenarioError, match="plain: expected true or false"):
        Game(["Alex", "Bianca"]).add_object("x", "Opt", owner="Alex", plain=flag)
    text = f"title: t\nplayers: [Alex, Bianca]\nstrict: {written}\n"
    with pytest.raises(ScenarioError, match=r"s.yaml:3: strict: expected true or false"):
        load_scenario(text=text, name="s.yaml")
    text = f"title: t\nplayers: [A, B]\nobjects:\n  - {{id: x, owner: A, plain: {written}}}\n"
    with pytest.raises(ScenarioError, match=r"s.yaml:4: objects\[0\].plain: expected true"):
        load_scenario(text=text, name="s.yaml")


SCENARIO = """\
title: Unknown cards
players: [Alex, Bianca]
libraries: {Alex: 10, Bianca: 10}
objects:
  - {id: etd, name: Timetwister, owner: Alex, zone: hand, types: [sorcery]}
  - {id: bolt, name: Lightning Bolt, owner: Bianca, zone: hand, types: [instant], plain: true}
  - {id: bears, name: Grizzly Bears, owner: Bianca}
  - {id: soldier, name: Soldier, owner: Alex, token: true, types: [creature]}
  - {id: elves, owner: Alex, zone: graveyard, types: [creature]}
steps:
  - cast: {card: etd, by: Alex}
  - resolve: etd
"""


def test_108_1_a_scenario_lists_each_unknown_card_with_its_line_unless_plain():
    scenario = load_scenario(text=SCENARIO, name="u.yaml")
    assert [(w.file, w.line, w.id, w.name, w.kind) for w in scenario.warnings] == [
        ("u.yaml", 5, "etd", "Timetwister", "a sorcery"),
        ("u.yaml", 9, "elves", "elves", "a creature")]
    assert str(scenario.warnings[0]) == (
        "u.yaml:5: magicsub does not know the card 'Timetwister': object etd is played "
        "as a sorcery with no abilities (plain: true marks a deliberate stand-in; strict: true "
        "refuses it)")
    result = scenario.run()
    assert result.ok and result.warnings == scenario.warnings
    notes = _notes(result.trace[0])
    assert [n.split(":")[0] for n in notes] == [
        "magicsub does not know Timetwister [etd]",
        "Lightning Bolt [bolt] stands in as an instant with no abilities of its own",
        "magicsub does not know elves"]


@pytest.mark.parametrize("how", ["argument", "key"])
def test_108_1_strict_refuses_the_first_unknown_card_at_its_line_before_anything_runs(how):
    text = SCENARIO + "strict: true\n" if how == "key" else SCENARIO
    with pytest.raises(ScenarioError) as err:
        load_scenario(text=text, name="u.yaml", strict=True if how == "argument" else None)
    assert (err.value.file, err.value.line) == ("u.yaml", 5)
    assert str(err.value) == (
        "u.yaml:5: object etd: magicsub does not know the card 'Timetwister' (it has no "
        "Oracle text for it, CR 108.1) and strict refuses to play it as a card with no "
        "abilities: use a built-in card, or mark a deliberate stand-in plain: true")


def test_strict_false_as_an_argument_overrides_the_files_key():
    scenario = load_scenario(text=SCENARIO + "strict: true\n", name="u.yaml", strict=False)
    assert not scenario.strict and len(scenario.warnings) == 2


def test_a_scenario_built_in_python_with_strict_refuses_at_the_objects_line():
    from magicsub.scenario import Scenario

    scenario = Scenario(title="t", players=["A", "B"], file="f.yaml", strict=True,
                        objects=[(4, {"id": "x", "name": "Opt", "owner": "A"})])
    assert [w.line for w in scenario.warnings] == [4]
    with pytest.raises(ScenarioError) as err:
        scenario.build()
    assert (err.value.file, err.value.line) == ("f.yaml", 4)


@pytest.mark.parametrize(("name", "types", "power", "toughness", "text"), [
    ("Grizzly Bears", ("creature",), 2, 2, ""),
    ("Pillarfield Ox", ("creature",), 2, 4, ""),
    ("Silvercoat Lion", ("creature",), 2, 2, ""),
    ("Forest", ("basic", "land"), None, None, "({T}: Add {G}.)"),
    ("Plains", ("basic", "land"), None, None, "({T}: Add {W}.)"),
])
def test_real_vanilla_cards_and_basic_lands_are_known_with_their_oracle_text(
        name, types, power, toughness, text):
    """Oracle text (Gatherer): Pillarfield Ox, a 2/4 Ox, and Silvercoat Lion, a 2/2 Cat, have
    none; a basic land's is the reminder of its intrinsic mana ability (CR 305.6)."""
    card = lookup(name)
    assert not unknown_card(name)
    assert (card.types, card.power, card.toughness, card.text) == (types, power, toughness,
                                                                    text)
    assert card.resolve is None and card.watch is None and not card.abilities


# -- every failed expectation before an illegal step ----------------------------------------------

BEFORE_ILLEGAL = """\
title: Two wrong expectations, then an illegal step
players: [Alex, Bianca]
libraries: {Alex: 10, Bianca: 10}
objects:
  - {id: shahrazad, name: Shahrazad, owner: Alex, zone: hand}
steps:
  - cast: {card: shahrazad, by: Alex}
  - expect: {subgames: 1}
  - expect: {stack: [shahrazad]}
  - resolve: shahrazad
  - expect: [{player: Bianca, life: 3}, {subgames: 1}]
  - resolve: shahrazad
expect:
  - {subgames: 7}
"""


def test_an_illegal_step_carries_every_inline_expectation_that_failed_before_it():
    """CR 117.4 refuses the last step (nothing is on the subgame's stack); the two inline
    expectations that failed before it (lines 8 and 11, one of them twice) come with the
    error, in order; the one that held (line 9) and the final ones (never reached) do not."""
    with pytest.raises(RulesError) as err:
        load_scenario(text=BEFORE_ILLEGAL, name="b.yaml").run()
    assert str(err.value).startswith("b.yaml:12: ") and err.value.rule == "117.4"
    assert [(f.line, f.expected, f.actual) for f in err.value.failures] == [
        (8, "1 subgames", "0"), (11, "Bianca life 3", "life 20")]


def test_an_illegal_first_step_has_no_failures_and_other_errors_none():
    with pytest.raises(RulesError) as err:
        load_scenario(text=BEFORE_ILLEGAL.replace("  - cast: {card: shahrazad, by: Alex}\n",
                                                  "  - resolve: shahrazad\n"),
                      name="b.yaml").run()
    assert err.value.failures == ()
    with pytest.raises(RulesError) as err:
        Game(["Alex", "Bianca"]).resolve()
    assert err.value.failures == ()
