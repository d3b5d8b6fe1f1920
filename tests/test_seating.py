"""The multiplayer paragraphs around leaving the game: where the players sit (CR 800.5) and the
turn order it gives (CR 103.1), one variant with several options (CR 800.2), and no
deck-construction minimums in the CR (CR 800.3, tournament rules).

A scenario's ``seating:`` lists the players clockwise from the first seat; ``players:`` is the
turn order, the starting player first. The turn order goes clockwise from the starting player
(CR 103.1) and no variant or option magicsub models says otherwise (CR 800.5), so the two lists
may differ only in where they begin; the limited range of influence option (CR 801) counts seats
around the table.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from tracetools import P4, rules

from magicsub import Game, RulesError, ScenarioError, load_scenario
from magicsub.engine.changes import GameFact
from magicsub.rules.ranges import determine, within

SCENARIOS = Path(__file__).resolve().parent.parent / "magicsub" / "scenarios"
SEATED = ["Alex", "Cho", "Bianca", "Dana", "Erin"]
"""Five players as they sit in 800_5_seating_range.yaml, clockwise from the first seat."""


def run(name: str, **changes):
    """Run a scenario of the package (with ``changes`` to it); every expectation must hold."""
    scenario = load_scenario(SCENARIOS / name)
    result = replace(scenario, **changes).run() if changes else scenario.run()
    return result


# -- CR 800.5 and 103.1: seating, and the turn order it gives ------------------------------------

def test_800_5_seating_changes_who_is_within_range():
    """CR 800.5, 801.2, 801.14: seated Alex, Cho, Bianca, Dana, Erin, Alex's neighbours are Cho
    and Erin; when an effect states that Alex wins, they lose. The same table seated in the
    listed order (no seating: key, the players sit in turn order) puts Bianca beside Alex
    instead, and Bianca and Erin lose."""
    seated = run("800_5_seating_range.yaml")
    assert seated.failures == []
    main = seated.game.world.main
    assert seated.game.seating == tuple(SEATED)
    assert [p for p in main.seats if main.seat(p).result == "lost"] == ["Erin", "Cho"]
    assert seated.game.in_game("Bianca") and seated.game.zone("battlefield") == []
    assert seated.game.where("bears") == ("outside", "outside")

    listed = ["Bianca", "Cho", "Dana", "Erin", "Alex"]
    plain = run("800_5_seating_range.yaml", seating=None, players=listed, expect=[], steps=[])
    assert plain.game.seating == tuple(listed)
    assert dict(plain.game.world.main.in_range)["Alex"] == ("Bianca", "Erin", "Alex")
    plain.game.win("Alex")
    main = plain.game.world.main
    assert [p for p in main.seats if main.seat(p).result == "lost"] == ["Bianca", "Erin"]
    assert plain.game.in_game("Cho") and plain.game.where("bears") == ("main", "battlefield")


def test_800_5_range_of_influence_counts_seats_not_turn_order():
    """CR 800.5, 801.2: the range option counts seats around the table (``GameState.clockwise``),
    not places in the turn order. No modelled variant seats the players out of turn order, so
    the game is set so by hand, as Grand Melee's random seats (CR 807.3) could."""
    g = Game(["Alex", "Bianca", "Cho", "Dana", "Erin"], range=1)
    main = g.world.main
    by_hand = main.evolve(seating=tuple(SEATED))
    assert dict(determine(main))["Alex"] == ("Alex", "Bianca", "Erin")
    assert dict(determine(by_hand))["Alex"] == ("Alex", "Cho", "Erin")
    assert dict(determine(by_hand))["Bianca"] == ("Bianca", "Cho", "Dana")
    assert within(main.evolve(in_range=determine(by_hand)), "Cho") == ("Alex", "Bianca", "Cho")


def test_800_5_103_1_the_trace_begins_with_the_seating_and_the_turn_order():
    """CR 800.5 and 103.1: a game given its seating begins its trace with a step citing 800.5
    (the seating, a fact of the game) and one citing 103.1 (the turn order clockwise from the
    starting player's seat); the first request's steps come after them. They change nothing:
    their snapshot is the world the trace begins from, objects set up after included."""
    g = Game(["Bianca", "Dana", "Erin", "Alex", "Cho"], seating=SEATED,
             libraries={"Alex": 2})
    g.add_object("bears", "Grizzly Bears", owner="Cho")
    assert rules(g.trace) == ["800.5", "103.1"]
    seat_step, order_step = g.trace
    facts = [c for c in seat_step.changes if isinstance(c, GameFact)]
    assert [(f.what, f.value) for f in facts] == [("seating", tuple(SEATED))]
    assert "Alex, Cho, Bianca, Dana, Erin" in seat_step.describe()
    assert "seating order is determined by any mutually agreeable method" in seat_step.text
    assert "proceeds clockwise" in order_step.text
    assert order_step.notes == ["Bianca is the starting player: the turn order goes clockwise "
                                "from Bianca's seat, Bianca, Dana, Erin, Alex, Cho."]
    for step in g.trace:
        assert step.snapshot == g.trace.initial
        assert step.snapshot.obj("bears") is not None
    g.pass_priority("Bianca")
    assert rules(g.trace)[:3] == ["800.5", "103.1", "117.3d"]
    assert [s.index for s in g.trace] == list(range(len(g.trace)))
    with pytest.raises(RulesError) as err:
        Game(P4).undo()
    assert err.value.rule == "103.1"


def test_800_5_no_seating_given_no_seating_steps():
    """CR 800.5: without a seating the players sit in turn order (``Game.seating``) and the
    trace is as before: nothing cites 800.5 or 103.1."""
    g = Game(P4)
    assert g.seating == tuple(P4) and g.world.main.seating == ()
    assert len(g.trace) == 0
    g.pass_priority("Alex")
    assert "800.5" not in rules(g.trace) and "103.1" not in rules(g.trace)


def test_800_5_103_1_a_chosen_starting_player_takes_turns_clockwise_from_their_seat():
    """CR 103.1 with 800.5: when a player chooses the starting player at the start of the game,
    the turn order proceeds clockwise from that player's seat in the seating given."""
    g = Game(["Alex", "Cho", "Bianca"], seating=["Alex", "Cho", "Bianca"], pregame=True,
             libraries={p: 8 for p in P4[:3]})
    g.choice("Alex", "rule", rule="103.1", decision="Bianca")
    g.advance("upkeep")
    order = [g.active]
    for _ in range(3):
        g.advance("next_turn")
        order.append(g.active)
    assert order == ["Bianca", "Alex", "Cho", "Bianca"]


@pytest.mark.parametrize("seating, rule, words", [
    (["Alex", "Bianca", "Cho", "Dana"], "103.1", "Alex, Bianca, Cho, Dana, not Alex, Cho"),
    (["Alex", "Cho", "Bianca", "Zed"], "800.5", "unknown player 'Zed'"),
    (["Alex", "Cho", "Bianca", "Alex"], "800.5", "Alex has two seats"),
    (["Alex", "Cho", "Bianca"], "800.5", "missing: Dana"),
])
def test_800_5_a_seating_that_contradicts_the_turn_order_is_refused(seating, rule, words):
    """CR 800.5 and 103.1 from Python: a seating that is not every player once, or whose
    clockwise order from the starting player is not the turn order given, is refused."""
    with pytest.raises(RulesError) as err:
        Game(["Alex", "Cho", "Dana", "Bianca"], seating=seating)
    assert err.value.rule == rule and words in str(err.value)


def test_800_5_103_1_scenario_contradiction_names_the_file_the_line_and_the_rules(tmp_path):
    """CR 800.5 and 103.1 in a scenario file: the error names the file, the line of seating:,
    both rules and the turn order the seating gives; nothing runs."""
    path = tmp_path / "seats.yaml"
    path.write_text("title: t\nplayers: [Bianca, Cho, Dana, Erin, Alex]\n"
                    "seating: [Alex, Cho, Bianca, Dana, Erin]\nsteps:\n  - win: Alex\n",
                    encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        load_scenario(path)
    assert err.value.file == str(path) and err.value.line == 3
    message = str(err.value)
    assert "CR 103.1" in message and "CR 800.5" in message
    assert "Bianca, Dana, Erin, Alex, Cho" in message
    for text, line in (("players: [Alex, Bianca]\nseating: [Bianca, Alex]\n", 3),
                       ("players: [Alex, Bianca, Cho]\nseating: [Alex, Bianca, Zed]\n", 3),
                       ("players: [Alex, Bianca, Cho]\nseating: [Alex, Bianca, Bianca]\n", 3)):
        with pytest.raises(ScenarioError) as err:
            load_scenario(text="title: t\n" + text, name="inline.yaml")
        assert err.value.line == line and err.value.file == "inline.yaml"
    assert "800.1" in str(load_error("players: [Alex, Bianca]\nseating: [Bianca, Alex]\n"))


def load_error(text: str) -> ScenarioError:
    """The error loading a scenario of ``text`` (after a title) raises."""
    with pytest.raises(ScenarioError) as err:
        load_scenario(text="title: t\n" + text)
    return err.value


def test_800_5_a_rotated_seating_keeps_the_turn_order():
    """CR 800.5 and 103.1: the players may be seated from any seat; the turn order is the
    seating read from the starting player's seat, and the game is the game it would be
    without the seating, but for its two first steps."""
    seated = load_scenario(text="title: t\nplayers: [Cho, Dana, Alex, Bianca]\n"
                                "seating: [Alex, Bianca, Cho, Dana]\nsteps:\n"
                                "  - advance: next_turn\n").run()
    plain = load_scenario(text="title: t\nplayers: [Cho, Dana, Alex, Bianca]\nsteps:\n"
                               "  - advance: next_turn\n").run()
    assert seated.game.players == plain.game.players == ("Cho", "Dana", "Alex", "Bianca")
    assert seated.game.seating == ("Alex", "Bianca", "Cho", "Dana")
    assert seated.game.active == plain.game.active == "Dana"
    assert [s.describe().split(" ", 1)[1] for s in seated.trace[2:]] == \
        [s.describe().split(" ", 1)[1] for s in plain.trace]


# -- CR 800.2: options and one variant ------------------------------------------------------------

def test_800_2_a_variant_and_an_option_in_one_game():
    """CR 800.2: "A single game may use multiple options": a Planechase game (a variant) with
    the limited range of influence option runs, and the option works in it (CR 801.14)."""
    result = run("800_2_variant_with_an_option.yaml")
    assert result.failures == []
    g = result.game
    assert g.world.main.variant == "planechase" and g.world.main.ranges
    assert [p for p in P4 if not g.in_game(p)] == ["Bianca", "Dana"]
    assert g.zone("command") == ["tazeem"] and g.world.main.planar_controller == "Alex"


def test_800_2_a_list_of_variants_is_refused():
    """CR 800.2 ("only one variant"): a scenario or a game given two variants is refused, the
    message naming CR 800.2 and saying that magicsub plays one casual variant per game (800.2
    itself limits the multiplayer variants, CR 806–811, none of which magicsub models)."""
    err = load_error("players: [Alex, Bianca, Cho]\nseed: 1\n"
                     "variant: [commander, planechase]\n")
    assert err.line == 4 and "CR 800.2" in str(err) and "commander, planechase" in str(err)
    with pytest.raises(ScenarioError) as raised:
        Game(["Alex", "Bianca", "Cho"], variant=("commander", "planechase"))
    assert "CR 800.2" in str(raised.value)
    assert "expected one of" in str(load_error("players: [Alex, Bianca, Cho]\n"
                                               "variant: [commandr]\n"))


# -- CR 800.3: deck construction is for the tournament rules -------------------------------------

def test_800_3_no_deck_minimum_small_libraries_play_on():
    """CR 800.3: multiplayer tournaments have their own deck-construction rules, not in the CR;
    magicsub checks no deck size. A four-player game whose libraries hold 2, 1, 1 and 0 cards
    plays its turns: each player draws what is there."""
    result = load_scenario(text="title: small libraries\nplayers: [Alex, Bianca, Cho, Dana]\n"
                                "libraries: {Alex: 2, Bianca: 1, Cho: 1}\nsteps:\n"
                                "  - advance: next_turn\n  - advance: draw\n"
                                "expect:\n  - {active: Bianca}\n"
                                "  - {zone: hand, owner: Bianca, cards: ['Bianca#1']}\n"
                                "  - {zone: library, owner: Bianca, count: 0}\n").run()
    assert result.failures == []
    g = result.game
    assert g.zone("library", "Alex") == ["Alex#1", "Alex#2"]
    assert g.zone("library", "Cho") == ["Cho#1"] and g.zone("library", "Dana") == []
    assert g.zone("hand", "Bianca") == ["Bianca#1"]
    assert all(g.in_game(p) for p in P4)
