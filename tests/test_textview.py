"""magicsub.views.textview: the trace as terminal text for ``magicsub show``."""

from __future__ import annotations

import re

import pytest

import magicsub
from magicsub.views.textview import trace_text

ANSI = re.compile(r"\x1b\[[0-9;]*m")

SCENARIO = """\
title: Shahrazad, Bianca short of cards
players: [Alex, Bianca]
seed: 1
libraries: {Alex: 8, Bianca: 5}
objects:
  - {id: shahrazad, name: Shahrazad, owner: Alex, zone: hand}
steps:
  - cast: {card: shahrazad, by: Alex}
  - expect: {stack: [shahrazad]}
  - resolve: shahrazad
  - advance: upkeep
expect:
  - {winner: Alex, game: 1}
  - {trace_cites: ["726.2", "726.5"]}
"""


@pytest.fixture(scope="module")
def result() -> magicsub.ScenarioResult:
    return magicsub.load_scenario(text=SCENARIO).run()


def test_plain_text_has_no_ansi_codes_and_every_step(result):
    text = trace_text(result, colour=False)
    assert not ANSI.search(text)
    lines = text.splitlines()
    assert lines[0] == "Shahrazad, Bianca short of cards"
    for step in result.trace:
        assert f"[{step.index + 1}] {step.rule} ({step.edition}) {step.text}" in lines
        for change in step.changes:
            assert f"    - {change.words()}" in lines


def test_colour_text_has_ansi_codes_and_the_same_words(result):
    text = trace_text(result, colour=True)
    assert ANSI.search(text)
    assert "\x1b[1m726.2\x1b[0m" in text
    assert "\x1b[36m" in text  # moves in cyan
    assert ANSI.sub("", text) == trace_text(result, colour=False)


def test_expectation_results_close_the_text(result):
    text = trace_text(result, colour=False)
    assert text.count("\nok   ") == 3
    assert text.endswith("all 3 expectations hold")


def test_failed_expectations_are_fail_lines():
    result = magicsub.load_scenario(text=SCENARIO.replace("winner: Alex", "winner: Bianca")).run()
    text = trace_text(result, colour=False)
    fail = [line for line in text.splitlines() if line.startswith("FAIL")]
    assert len(fail) == 1 and "won by Bianca" in fail[0]
    assert text.endswith("1 of 3 expectations failed")
    assert "\x1b[1m\x1b[31mFAIL" in trace_text(result, colour=True)


def test_text_of_a_bare_trace_has_a_header_and_no_expectations(result):
    text = trace_text(result.trace, colour=False)
    assert text.splitlines()[0] == f"Trace of {len(result.trace)} steps"
    assert "Expectations" not in text
    assert all(step.rule in text for step in result.trace)


# -- the board as text (golden traces, Stepper summaries) --------------------------------------

def test_show_text_gives_the_board_before_the_first_and_after_the_last_step(result):
    lines = trace_text(result, colour=False).splitlines()
    before = lines.index("Before the first step")
    assert lines[before + 1:before + 6] == [
        "  main game: in progress; turn 1 (Alex's turn), precombat main phase; priority Alex",
        "    Alex: life 20, in game",
        "    Bianca: life 20, in game",
        "    Alex's library (8): Alex#1–Alex#8",
        "    Bianca's library (5): Bianca#1–Bianca#5",
    ]
    after = lines.index("After the last step")
    assert lines[after + 2:after + 4] == ["    Alex: life 20, in game",
                                          "    Bianca: life 10, in game"]
    assert "    Alex's graveyard (1): shahrazad" in lines[after:]
    assert "  subgame 1: ended (won by Alex)" in lines[after:]


def test_world_lines_name_owner_controller_and_marks_of_each_object():
    from magicsub.views.textview import world_lines

    game = magicsub.Game(["Alex", "Bianca", "Cho"], libraries={"Cho": 2})
    game.add_object("angel", "Serra Angel", owner="Bianca", controller="Alex", tapped=True)
    game.add_object("tok", "Soldier", owner="Cho", token=True)
    game.add_object("morph", "Hidden", owner="Alex", face_up=False, types=["creature"])
    game.add_object("wish", "Living Wish", owner="Alex", zone="outside")
    game.add_object("Cho#9", "Cho's card 9", owner="Cho", zone="outside")
    game.apply({"leave": "Cho"})
    lines = world_lines(game.world)
    assert lines[0] == ("main game: in progress; turn 1 (Alex's turn), precombat main phase; "
                        "priority Alex")
    assert "  Cho: life 20, left" in lines
    assert ("  battlefield (2): angel (owner Bianca, controller Alex, tapped), "
            "morph (owner Alex, face down)") in lines
    assert lines[-1] == "outside the game (4): wish (owner Alex), Cho#1, Cho#2, Cho#9"


def test_compress_ids_keeps_order_and_ranges_only_ascending_runs():
    from magicsub.views.textview import compress_ids

    assert compress_ids(["A#1", "A#2", "A#3", "A#4"]) == "A#1–A#4"
    assert compress_ids(["A#1", "A#2", "B#3"]) == "A#1, A#2, B#3"
    assert compress_ids(["A#3", "A#2", "A#1"]) == "A#3, A#2, A#1"
    assert compress_ids(["x", "A#1", "A#2", "A#3", "y"]) == "x, A#1–A#3, y"


def test_a_zone_moved_at_once_is_said_in_one_line_per_place_and_names_every_card():
    """A ``MoveAll`` (CR 726.5: one player's cards from several subgame zones into their
    main-game library, shuffled) is one line of ``magicsub show`` naming every card by place;
    the stepper summary gives one line per place it came from (a group of at least three as a
    run, fewer card by card) and then the shuffle, so a reader of either can find each card."""
    from magicsub.engine.changes import Loc, MoveAll
    from magicsub.views.textview import change_lines

    lib, hand, exile = Loc(1, "library", "Alex"), Loc(1, "hand", "Alex"), Loc(1, "exile")
    cards = (("Alex#3", "Alex's card 3", lib), ("plains", "Plains", hand),
             ("Alex#1", "Alex's card 1", exile), ("Alex#2", "Alex's card 2", lib),
             ("Alex#4", "Alex's card 4", lib))
    change = MoveAll("Alex", Loc(0, "library", "Alex"), *zip(*cards, strict=True), True)
    assert change.words() == (
        "5 cards move: 3 from Alex's library (subgame 1) to Alex's library (main game): "
        "Alex#2–Alex#4; 1 from Alex's hand (subgame 1) to Alex's library (main game): plains; "
        "1 from exile (subgame 1) to Alex's library (main game): Alex#1; "
        "then Alex shuffles their library (main game)")
    assert change.ids == ("Alex#3", "plains", "Alex#1", "Alex#2", "Alex#4")
    assert change_lines([change]) == [
        "move 3 cards: Alex's library (subgame 1) → Alex's library (main game): Alex#2–Alex#4",
        "move [plains] Plains: Alex's hand (subgame 1) → Alex's library (main game)",
        "move [Alex#1] Alex's card 1: exile (subgame 1) → Alex's library (main game)",
        "shuffle: Alex shuffles their library (main game)"]
    one = MoveAll(None, Loc(None, "outside"), *zip(*cards[1:2], strict=True))
    assert one.words() == "1 card moves from Alex's hand (subgame 1) to outside the game: plains"
    assert change_lines([one]) == ["move [plains] Plains: Alex's hand (subgame 1) → "
                                   "outside the game"]
