"""Every value that reaches HTML is escaped, whatever its type (issue 10, "Escaped output
everywhere").

Each view is parsed with ``html.parser``: the only elements are those the renderer makes, no
attribute is an event handler or a source, and each hostile value is found back, character for
character, in the page's text or in the attribute it was put in. Two routes: hostile *strings*
through the Python API (every field it takes), and values of *any type* (an object whose
``str()`` is markup, a string life total, a string deck) put straight into a world or a step,
as a careless caller could, past the API's type checks.
"""

from __future__ import annotations

from dataclasses import replace
from html.parser import HTMLParser

import pytest
from immutables import Map

from magicsub import Game, load_scenario
from magicsub.engine.changes import Note
from magicsub.engine.objects import Obj
from magicsub.engine.state import Seat
from magicsub.engine.trace import Step
from magicsub.engine.zones import Zone
from magicsub.views import render

SCRIPT = "<script>alert(1)</script>"
IMG = '"><img src=x onerror=alert(2)>'
AMP = "Dana & <Eve> 'q'"
FRAME = "</li></ul><iframe src=//x onload=alert(3)>"
HOSTILE = (SCRIPT, IMG, AMP, FRAME)

RENDERER_TAGS = {"div", "section", "p", "span", "ul", "ol", "li", "small", "mark", "details",
                 "summary", "style", "strong"}
"""Every element magicsub's views make (render.py and widgets.py)."""
RENDERER_ATTRIBUTES = {"class", "role", "aria-label", "open", "title"}
"""Every attribute they make, besides ``data-*`` (and ``href`` when given a rules page)."""


class Parsed(HTMLParser):
    """The elements, attributes and text of an HTML fragment."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.attrs: list[tuple[str, str | None]] = []
        self.data: list[str] = []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs += attrs

    handle_startendtag = handle_starttag

    def handle_data(self, data):
        self.data.append(data)

    @property
    def text(self) -> str:
        return "".join(self.data)

    def values(self, name: str) -> list[str | None]:
        return [v for k, v in self.attrs if k == name]


def safe(html: str) -> Parsed:
    """Parse ``html`` and assert that it holds only the renderer's own elements and attributes."""
    page = Parsed(html)
    assert set(page.tags) <= RENDERER_TAGS, set(page.tags) - RENDERER_TAGS
    names = {k for k, _ in page.attrs}
    assert {k for k in names if not k.startswith("data-")} <= RENDERER_ATTRIBUTES, names
    assert not [k for k in names if k.startswith("on") or k in ("src", "href", "style")]
    assert page.tags.count("style") <= 1
    return page


# -- hostile strings through the Python API ------------------------------------------------------

def hostile_game() -> Game:
    """Three players named with markup, objects whose ids, names, owners, controllers and
    attachments are markup, a counter kind and a token that are markup; Shahrazad starts a
    subgame, and a player leaves it (notes that quote the names)."""
    g = Game([SCRIPT, IMG, AMP], seed=3, libraries={p: 9 for p in (SCRIPT, IMG, AMP)})
    g.add_object(FRAME, SCRIPT, owner=IMG, controller=AMP, types=["creature"])
    g.add_object("aura", IMG, owner=AMP, attached_to=FRAME, types=["enchantment"])
    g.add_object("scheme", AMP, owner=SCRIPT, zone="command", deck="scheme",
                 traditional=False)
    g.add_object("out", FRAME, owner=AMP, zone="outside")
    g.add_object("grave", SCRIPT, owner=IMG, zone="graveyard")
    g.add_object("shahrazad", "Shahrazad", owner=SCRIPT, zone="hand")
    g.add_effect(FRAME, SCRIPT, source="aura")
    g.apply({"counters": {"player": IMG, "kind": SCRIPT, "add": 2}})
    g.apply({"life": {"player": AMP, "add": -3}})
    g.apply({"create": {"id": IMG + "-token", "name": FRAME, "controller": SCRIPT,
                        "zone": "battlefield"}})
    g.cast("shahrazad", SCRIPT)
    g.resolve("shahrazad")
    g.leave(AMP)
    assert g.subgames == 1
    return g


@pytest.fixture(scope="module")
def game() -> Game:
    return hostile_game()


def test_the_board_of_a_hostile_game_shows_every_value_as_text(game):
    page = safe(game._repr_html_())
    for value in HOSTILE:
        assert value in page.text
    assert set(page.values("data-player")) == {SCRIPT, IMG, AMP}
    assert FRAME in page.values("data-obj") and IMG + "-token" in page.values("data-obj")
    assert f"{SCRIPT} counters 2" in page.text
    assert f"attached to {FRAME}" in page.text


def test_every_step_page_and_the_trace_of_a_hostile_game_are_safe(game):
    before = game.trace.initial
    pages = [render.initial_html(before), render.trace_html(game.trace)]
    for step in game.trace:
        pages.append(render.step_html(step, world_before=before, of=len(game.trace)))
        pages.append(step._repr_html_())
        before = step.snapshot
    for html in pages:
        safe(html)
    words = "".join(Parsed(p).text for p in pages)
    assert f"{AMP} leaves the subgame 1" in words
    assert f"{IMG} keeps 2 {SCRIPT} counters in the main game" in words
    assert all(value in words for value in HOSTILE)


def test_a_stepper_over_a_hostile_game_with_a_hostile_title_is_safe(game):
    pytest.importorskip("ipywidgets")
    from magicsub.pages.widgets import Stepper

    stepper = Stepper(game.trace, title=SCRIPT + IMG)
    every, compact = stepper.every_page, stepper.group_pages
    pages = [p.value for p in every + compact] + [stepper.header.value]
    for html in pages:
        safe(html)
    assert SCRIPT + IMG in Parsed(stepper.header.value).text
    assert len(every) == len(game.trace) + 1
    assert stepper.rules is not None and all(
        label.startswith("CR ") or label == "a rule…" for label, _ in stepper.rules.options)


def test_a_stepper_title_that_is_not_a_string_is_escaped(game):
    pytest.importorskip("ipywidgets")
    from magicsub.pages.widgets import Stepper

    stepper = Stepper(game.trace[:1], title=Markup())
    assert SCRIPT in safe(stepper.header.value).text


def test_a_quiz_with_hostile_question_choices_and_explanation_is_safe():
    pytest.importorskip("ipywidgets")
    from pathlib import Path

    import magicsub
    from magicsub.pages.widgets import Quiz

    path = Path(magicsub.__file__).parent / "scenarios" / "726_1_shahrazad.yaml"
    quiz = Quiz(SCRIPT, [IMG, AMP], load_scenario(path), answer=lambda r: 1, explain=FRAME)
    for html in [quiz.header.value] + [p.value for p in quiz.feedback.children]:
        safe(html)
    right = Parsed(quiz.feedback.children[1].value).text
    assert AMP in right and FRAME in right and SCRIPT in Parsed(quiz.header.value).text


# -- values of any type, past the API ------------------------------------------------------------

class Markup:
    """A value whose ``str()`` is markup (a script by default, or ``text``): what reaches HTML
    is escaped whatever its type. Adding to it gives it again (a step index plus one)."""

    def __init__(self, text: str = SCRIPT):
        self.text = text

    def __str__(self) -> str:
        return self.text

    __repr__ = __str__

    def __add__(self, other: object) -> Markup:
        return self


class OddZone(str):
    """A zone that is the battlefield for every lookup, but whose name is markup."""

    value = IMG
    per_player = False


def test_a_world_holding_values_of_any_type_renders_them_as_text():
    g = Game(["Alex", "Bianca"], libraries={"Alex": 2})
    g.add_object("bears", "Grizzly Bears", owner="Alex")
    world = g.world
    main = world.main
    seats = Map({"Alex": Seat(life=Markup(), counters=Map({IMG: Markup()})),
                 "Bianca": Seat(life="<b>ten</b>", in_game=False, result=FRAME)})
    main = replace(main, players=seats, turn=Markup(), variant=AMP, step="<i>main</i>")
    bears = world.obj("bears")
    odd = Obj(Markup(), ["<u>list</u>"], "Alex", deck=IMG, traditional=False, damage="<dmg>",
              game=0, zone=OddZone(Zone.BATTLEFIELD), base="Alex", controller="Alex",
              order=99, targets=(SCRIPT,), source=FRAME)
    world = replace(world, games=world.games.set(0, main),
                    objects=world.objects.set("odd", odd).set("bears", bears.moved(damage=IMG)))
    page = safe(render.world_html(world))
    for value in (SCRIPT, IMG, AMP, FRAME, "<b>ten</b>", "<i>main</i>", "<u>list</u>",
                  "<dmg>"):
        assert value in page.text, value
    assert f"life {SCRIPT}" in page.text and f"{IMG} counters {SCRIPT}" in page.text
    assert f"{IMG} card" in page.text and f"{IMG} damage" in page.text
    assert f"turn {SCRIPT}" in page.text
    assert SCRIPT in page.values("data-obj") and IMG in page.values("data-zone")


def test_a_step_holding_hostile_rule_edition_text_and_notes_renders_them_as_text():
    g = Game(["Alex", "Bianca"])
    step = Step(Markup(IMG), SCRIPT, IMG, AMP, f"{FRAME} {AMP} after",
                (Note(SCRIPT + FRAME),), g.world, action=IMG)
    for html in (render.step_html(step, of=Markup(IMG)), render.rule_html(step),
                 render.trace_html(type(g.trace)([step], g.world))):
        page = safe(html)
        for value in (SCRIPT, AMP, FRAME):
            assert value in page.text
    page = Parsed(render.step_html(step, of=Markup(IMG)))
    assert page.values("data-rule") == [SCRIPT] and page.values("data-step") == [IMG]
    assert page.values("aria-label")[0] == f"Step {IMG} of {IMG}: rule {SCRIPT}"
    assert f"edition {IMG}" in page.text and f"step {IMG}" in page.text
    assert Parsed(render.trace_html(type(g.trace)([step], g.world))).values("data-step") == [IMG]


def test_escape_text_takes_any_value():
    assert render.escape_text(Markup()) == "&lt;script&gt;alert(1)&lt;/script&gt;"
    assert render.escape_text(5) == "5"
    assert render.escape_text(None) == "None"


def test_issue_11_notes_that_quote_hostile_names_are_escaped():
    """Review of issue 11: the new notes (range of influence, phasing, Mindslaver's player
    control, a player leaving) quote player names and object ids; with markup in them every
    page stays safe and shows each value as text."""
    players = [SCRIPT, IMG, AMP, FRAME]
    g = Game(players, seed=3, libraries={p: 5 for p in players}, range=1)
    g.add_object(FRAME + "-bears", "Grizzly Bears", owner=IMG)
    g.add_object(SCRIPT + "-ms", "Mindslaver", owner=SCRIPT)
    g.apply({"phase_out": FRAME + "-bears"})
    g.apply({"activate": {"object": SCRIPT + "-ms", "by": SCRIPT, "target": IMG}})
    g.apply({"concede": AMP})
    before = g.trace.initial
    pages = [render.trace_html(g.trace)]
    for step in g.trace:
        pages.append(render.step_html(step, world_before=before, of=len(g.trace)))
        before = step.snapshot
    pages.append(g._repr_html_())
    for html in pages:
        safe(html)
    words = "".join(Parsed(p).text for p in pages)
    assert f"{FRAME}-bears" in words and f"{SCRIPT}-ms" in words
    assert f"{AMP} has left the game. The players within each player's range" in words
    assert all(value in words for value in HOSTILE)
