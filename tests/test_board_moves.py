"""The board says where a moved object came from and where it went (issue 14, the stepper's
"where from, where to"), shows a subgame inside the game it discontinued (CR 726.1a, 726.6),
and shows a step's deciding sentence with its whole paragraph folded.

Boards of real scenarios (``magicsub/scenarios``) are read with ``html.parser``: each object
(``data-obj``) and each "ghost" item (``class="ms-gone"``) with the game panels, seats and
ghost list around it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from htmltree import ElementTree
from test_escaping import HOSTILE, safe

import magicsub
from magicsub import load_scenario
from magicsub.engine.changes import Loc
from magicsub.views import render
from magicsub.views.render import place_key

SCENARIOS = Path(__file__).resolve().parent.parent / "magicsub" / "scenarios"


class Board(ElementTree):
    """Each ``data-obj``, ghost (``li.ms-gone``), game panel and ``details`` of a step's HTML,
    with its attributes, its text and what encloses it (``panels``: the game panels from the
    outermost; ``seat``; ``from``: the ghost list's ``data-from``)."""

    def __init__(self, html: str):
        self.objs: dict[str, list[dict]] = {}
        self.ghosts: list[dict] = []
        self.panels: dict[str, dict] = {}
        self.details: list[dict] = []
        self.pars: list[dict] = []
        super().__init__(html)

    def record(self, tag, attrs):
        a = {k: v or "" for k, v in attrs.items()}
        rec = {**a, "text": "", "tag": tag,
               "panels": [n["data-game-panel"] for _, n in self.open if "data-game-panel" in n],
               "seat": next((n["data-player"] for _, n in reversed(self.open)
                             if "data-player" in n), None),
               "from": next((n["data-from"] for _, n in reversed(self.open)
                             if "data-from" in n), None)}
        classes = a.get("class", "").split()
        if "data-obj" in a:
            self.objs.setdefault(a["data-obj"], []).append(rec)
        if "ms-gone" in classes:
            self.ghosts.append(rec)
        if "data-game-panel" in a:
            self.panels[a["data-game-panel"]] = rec
        if tag == "details":
            self.details.append(rec)
        if "ms-par" in classes:
            self.pars.append(rec)
        return rec

    def obj(self, oid: str) -> dict:
        (found,) = self.objs[oid]
        return found

    def ghost(self, oid: str) -> dict:
        (found,) = [g for g in self.ghosts if g.get("data-left") == oid]
        return found


def words(text: str) -> str:
    return " ".join(text.split())


def trace_of(name: str) -> magicsub.Trace:
    return load_scenario(SCENARIOS / f"{name}.yaml").run().trace


def step_board(trace, index: int) -> Board:
    before = trace[index - 1].snapshot if index else trace.initial
    return Board(render.step_html(trace[index], world_before=before))


def first(trace, rule: str, moving: str):
    return next(s.index for s in trace if s.rule == rule and moving in render.step_moves(s))


# -- where from, where to ------------------------------------------------------------------------

def test_726_2_the_library_left_in_the_main_game_and_arrived_in_the_subgame():
    """CR 726.2: "each player takes all the cards in their main-game library, moves them to
    their subgame library": Alex's main-game library says where its 12 cards went; the subgame
    library they arrived in says where from."""
    trace = trace_of("726_5_end_of_subgame")
    board = step_board(trace, first(trace, "726.2", "Alex#1"))
    (line,) = board.ghosts
    assert line["data-left-count"] == "12" and "data-left" not in line
    assert (line["from"], line["data-to"]) == ("0:library:Alex", "1:library:Alex")
    assert (line["panels"], line["seat"]) == (["0"], "Alex")
    assert words(line["text"]) == "↗ 12 cards moved to Alex's library (Subgame 1)"
    assert "Alex#1" not in board.objs  # 12 cards: counted, not listed
    html = render.step_html(trace[first(trace, "726.2", "Alex#1")])
    library = re.search(r'<div class="ms-z" data-place="1:library:Alex">.*?</div>', html)
    assert library and words(re.sub("<[^>]+>", "", library.group())) == \
        "Library: 12 cards ★ 12 moved here from Alex's library (Main game)"


def test_a_card_exiled_leaves_a_ghost_on_the_battlefield_and_says_where_from_in_exile():
    """CR 800.4a: the face-down Hystrodon Alex owns is exiled as Alex leaves (CR 708.9)."""
    trace = trace_of("708_9_face_down_permanent_exiled")
    index = first(trace, "800.4a", "hystrodon")
    board = step_board(trace, index)
    ghost = board.ghost("hystrodon")
    assert (ghost["from"], ghost["data-to"], ghost["panels"], ghost["seat"]) == (
        "0:battlefield", "0:exile", ["0"], None)
    assert words(ghost["text"]) == "↗ Hystrodon moved to exile"
    assert "data-obj" not in ghost
    arrived = board.obj("hystrodon")
    assert (arrived["data-zone"], arrived["data-mark"]) == ("exile", "moved")
    assert "★ moved from the battlefield" in arrived["text"]
    later = step_board(trace, index + 1)
    assert not [g for g in later.ghosts if g.get("data-left") == "hystrodon"]
    assert "moved from" not in later.obj("hystrodon")["text"]


def test_800_4a_what_leaves_the_game_goes_outside_and_says_so_in_both_places():
    """CR 800.4a: "all objects owned by that player leave the game": the Genesis Chamber and
    Alex's library leave the main game for outside the game."""
    trace = trace_of("800_4a_genesis_chamber")
    index = first(trace, "800.4a", "chamber")
    board = step_board(trace, index)
    chamber = board.ghost("chamber")
    assert (chamber["from"], chamber["data-to"], chamber["panels"]) == (
        "0:battlefield", "outside", ["0"])
    assert words(chamber["text"]) == "↗ Genesis Chamber moved outside the game"
    (library,) = [g for g in board.ghosts if g["from"] == "0:library:Alex"]
    assert words(library["text"]) == f"↗ {library['data-left-count']} cards moved outside the game"
    arrived = board.obj("chamber")
    assert arrived["panels"] == ["outside"]
    assert "★ moved from the battlefield (Main game)" in words(arrived["text"])
    assert board.panels["outside"]["data-place"] == "outside"


def test_cards_back_from_outside_say_so_without_naming_a_game():
    """CR 726.5 with the Countdown and Tug of War rulings: the cards of a player who lost a
    multiplayer subgame come back from outside every game into their main-game library; the
    library says "★ 10 moved here from outside the game", naming no game (outside is none)."""
    trace = trace_of("mp_lose_subgame")
    notes = [m for i in range(len(trace))
             for m in re.findall(r'<span class="ms-mk">(★ \d+ moved here from outside[^<]*)</span>',
                                 render.step_html(trace[i], world_before=trace[i - 1].snapshot
                                                  if i else trace.initial))]
    assert notes == ["★ 10 moved here from outside the game"]


@pytest.mark.slow
def test_every_move_of_every_scenario_has_its_ghost_where_it_left(scenario_runs, boards_alone):
    """For every step of every scenario: each object the step moved is named by a ghost (or
    counted in a ghost line) in a list whose ``data-from`` is the place it left, with
    ``data-to`` the place it is in; ``data-obj`` is unique; the fragments (drawn as a
    stepper draws them, one cache for the scenario) join to the page each step draws alone
    (``step_html``, in ``boards_alone``)."""
    ghost_list = re.compile(r'<ul class="ms-l ms-left" data-from="([^"]*)">(.*?)</ul>')
    ghost_item = re.compile(r'<li class="ms-gone" data-left(-count)?="([^"]*)" data-to="([^"]*)"')
    checked = 0
    for path in sorted(SCENARIOS.glob("*.yaml")):
        trace = scenario_runs[path.name].trace
        alone = boards_alone[path.name]
        before = trace.initial
        cache = render.BoardCache()
        for step in trace:
            parts = render.step_fragments(step, world_before=before, of=len(trace), cache=cache)
            html = "".join(parts)
            assert html == alone[step.index + 1], (path.stem, step.index)
            objs = re.findall(r' data-obj="([^"]*)"', html)
            assert len(objs) == len(set(objs)), (path.stem, step.index)
            assert "Subgame None" not in html and "(outside)" not in html, (path.stem, step.index)
            moves = render.step_moves(step, before)
            named, counted = {}, {}
            for src, items in ghost_list.findall(html):
                for count, value, dst in ghost_item.findall(items):
                    if count:
                        counted[(src, dst)] = counted.get((src, dst), 0) + int(value)
                    else:
                        named[value.replace("&quot;", '"').replace("&amp;", "&")] = (src, dst)
            expected: dict = {}
            for oid, m in moves.items():
                where = (place_key(m.src), place_key(m.dst))
                if oid in named:
                    assert named.pop(oid) == where, (path.stem, step.index, oid)
                else:
                    expected[where] = expected.get(where, 0) + 1
            assert not named, (path.stem, step.index, named)
            assert counted == expected, (path.stem, step.index)
            checked += len(moves)
            before = step.snapshot
    assert checked > 1000


def test_hostile_names_stay_text_in_ghosts_arrivals_and_connectors():
    """Names reach the new markup escaped: a ghost's words and ``data-left``/``data-to``, the
    "moved from" words, the subgame's connector line (test_escaping's hostile strings)."""
    card, player = HOSTILE[0], HOSTILE[1]
    game = magicsub.Game(["Alex", player], seed=1, libraries={"Alex": 8, player: 8})
    game.add_object(HOSTILE[3], card, owner=player, zone="hand")
    game.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    game.apply({"move": {"object": HOSTILE[3], "to": "exile"}})
    game.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    trace = game.trace
    before = trace.initial
    for step in trace:
        html = render.step_html(step, world_before=before)
        page = safe(html)
        board = Board(html)
        for ghost in board.ghosts:
            assert ghost.get("data-left") in (None, *render.step_moves(step, before))
        if step.rule == "400.7":  # the move (a 108.1 step notes the unknown card first)
            ghost = board.ghost(HOSTILE[3])
            assert ghost["from"] == f"0:hand:{player}" and words(ghost["text"]) == \
                f"↗ {card} moved to exile"
            assert f"★ moved from {player}'s hand" in board.obj(HOSTILE[3])["text"]
            assert card in page.text and player in page.text
        before = step.snapshot


# -- nesting ---------------------------------------------------------------------------------------

def test_a_subgame_sits_inside_the_game_it_discontinued_at_any_depth():
    """CR 726.6: subgame 2, created in subgame 1, is drawn inside subgame 1's panel, itself
    inside the main game's; each says what game it is a subgame of and that it waits (726.1a);
    when subgame 2 ends it stays inside, its parent resumed."""
    trace = trace_of("726_6_subgame_in_a_subgame")
    running = next(s for s in trace if s.snapshot.current == 2)
    board = Board(render.step_html(running))
    assert board.panels["0"]["panels"] == [] and board.panels["1"]["panels"] == ["0"]
    assert board.panels["2"]["panels"] == ["0", "1"]
    assert board.panels["outside"]["panels"] == []
    assert "↳ a subgame of the main game, which waits (CR 726.1a)" in board.panels["1"]["text"]
    assert "↳ a subgame of subgame 1, which waits (CR 726.1a)" in board.panels["2"]["text"]
    assert "ms-sub" in board.panels["2"]["class"] and "ms-sub" not in board.panels["0"]["class"]
    resumed = next(s for s in trace if s.rule == "726.1a" and s.snapshot.current == 1
                   and 2 in s.snapshot.games)
    board = Board(render.step_html(resumed))
    assert board.panels["2"]["panels"] == ["0", "1"]
    assert "ended" in board.panels["2"]["text"]
    assert "↳ a subgame of subgame 1, which has resumed" in words(board.panels["2"]["text"])


def test_deep_nesting_indents_three_levels_then_borders_only():
    """Four subgames deep (the engine allows 16): every panel inside its parent's; from the
    fourth level on, the panel is marked ``ms-deep`` (a border, no more indentation)."""
    game = magicsub.Game(["Alex", "Bianca"], seed=1, libraries={"Alex": 40, "Bianca": 40})
    for player in ("Alex", "Bianca"):
        for i in range(4):
            game.add_object(f"s-{player}-{i}", "Shahrazad", owner=player, zone="outside")
    for i in range(4):
        if game.current.step != "main" or game.priority != game.active:
            game.advance("main")
        card = f"s-{game.active}-{i}"
        game.apply({"bring_in": {"object": card, "to": "hand"}})
        game.cast(card, game.active)
        game.resolve(card)
    assert game.subgames == 4
    board = Board(render.world_html(game.world))
    for gid in range(1, 5):
        assert board.panels[str(gid)]["panels"] == [str(g) for g in range(gid)]
        classes = board.panels[str(gid)]["class"].split()
        assert ("ms-deep" in classes) == (gid > render.NEST_INDENTED)


# -- the rule header -------------------------------------------------------------------------------

def test_the_deciding_sentence_shows_and_its_paragraph_is_folded():
    """CR 726.2's step about libraries: the sentence is what shows (marked); the whole paragraph,
    with the sentence marked in it, is in a ``<details>`` named "Whole paragraph (CR 726.2)"."""
    trace = trace_of("726_5_end_of_subgame")
    step = trace[first(trace, "726.2", "Alex#1")]
    assert step.text != step.paragraph and step.text in step.paragraph
    html = render.step_html(step)
    board = Board(html)
    (par,) = board.pars
    assert words(par["text"]) == words(step.text)
    (whole,) = [d for d in board.details if "ms-whole" in d.get("class", "")]
    assert "open" not in whole
    assert words(whole["text"]) == words(f"Whole paragraph (CR {step.rule}){step.paragraph}")
    assert re.search(r'<details class="ms-whole"><summary>Whole paragraph \(CR 726\.2\)</summary>'
                     rf"<p>[^<]*<mark>{re.escape(step.text)}</mark>", html)


def test_a_sentence_that_is_its_whole_paragraph_has_nothing_to_unfold():
    trace = trace_of("726_5_end_of_subgame")
    step = next(s for s in trace if s.text and s.text == s.paragraph)
    board = Board(render.step_html(step))
    assert not [d for d in board.details if "ms-whole" in d.get("class", "")]
    assert words(board.pars[0]["text"]) == words(step.text)


def test_place_words_and_keys():
    assert render.place_words(Loc(0, "exile"), 1) == "exile (Main game)"
    assert render.place_words(Loc(None, "outside")) == "outside the game"
    assert place_key(Loc(2, "hand", "Cho")) == "2:hand:Cho"


@pytest.mark.parametrize("name", ["726_6_subgame_in_a_subgame", "800_4a_genesis_chamber"])
def test_board_fragments_join_to_the_board_with_moves(name):
    trace = trace_of(name)
    before = trace.initial
    for step in trace:
        moves = render.step_moves(step, before)
        marks, players = render.step_marks(step, before)
        kwargs = dict(highlight=marks, players=players, edition=step.edition, moves=moves)
        assert "".join(render.board_fragments(step.snapshot, **kwargs)) == \
            render.board_html(step.snapshot, **kwargs)
        before = step.snapshot
