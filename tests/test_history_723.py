"""Rules history, CR 723 (Comprehensive Rules of June 10, 2022) against CR 726 (2024).

Where the 723 text leads to another result, the same scenario runs under both editions
(``dataclasses.replace(scenario, edition=...)``) and each result is asserted: where every card is
during the subgame and after it, life totals, held triggers, and the paragraphs each edition
cites. The edition-723 scenario files (``magicsub/scenarios/723_*.yaml``) cite every paragraph of
723 between them.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from magicsub import load_scenario
from magicsub.engine.editions import edition

SCENARIOS = Path(__file__).resolve().parent.parent / "magicsub" / "scenarios"
PARAGRAPHS_723 = ["723.1", "723.1a", "723.1b", "723.2", "723.2a", "723.2b", "723.2c", "723.2d",
                  "723.3", "723.4", "723.4a", "723.4b", "723.5", "723.5a", "723.5b", "723.5c",
                  "723.5d", "723.6"]


def play(name: str, number: str, *, stop: str | None = None):
    """Run scenario ``name`` under CR edition ``number``, up to (not including) its first step
    named ``stop``, or to the end; return the game. Mid-run ``expect`` steps are skipped: the
    file's own expectations are those of its own edition (tests/test_scenarios.py)."""
    scenario = replace(load_scenario(SCENARIOS / f"{name}.yaml"), edition=number)
    game = scenario.build()
    for _line, step in scenario.steps:
        if stop in step:
            break
        if "expect" not in step:
            game.apply(step)
    return game


def at(game, *ids: str) -> dict[str, tuple]:
    """Where each object is: ``(game, zone, face up)``."""
    return {oid: (*game.where(oid), game.obj(oid).face_up) for oid in ids}


def notes(game) -> str:
    """Every note of the trace, one per line."""
    return "\n".join(n for step in game.trace for n in step.notes)


SCHEMES = ("very-soil", "all-in-good-time", "feed-the-machine", "realms")


@pytest.mark.parametrize("number", ["723", "726"])
def test_723_2d_and_723_5d_move_the_scheme_deck_only_726_2a_every_supplementary_deck(number):
    """CR 723.2d: "the archenemy moves their scheme deck from the main-game command zone to the
    subgame command zone and shuffles it. (Face-up scheme cards remain in the main-game command
    zone.)"; CR 723.5d moves it back. Rule 723 names no Attraction deck, so Bianca's stays in the
    main game. CR 726.2a and 726.5a move "each of their supplementary decks": hers goes too."""
    during = play("723_2d_scheme_deck", number, stop="advance")
    where = at(during, *SCHEMES, "nothing-can-stop-me", "carousel", "ferris")
    assert all(where[s] == ("1", "command", False) for s in SCHEMES)
    assert where["nothing-can-stop-me"] == ("main", "command", True)
    attraction = ("main", "command", False) if number == "723" else ("1", "command", False)
    assert where["carousel"] == where["ferris"] == attraction
    assert during.life("Alex", game=1) == 40 and during.life("Bianca", game=1) == 20

    done = play("723_2d_scheme_deck", number)
    where = at(done, *SCHEMES, "nothing-can-stop-me", "carousel", "ferris")
    assert all(where[s] == ("main", "command", False) for s in SCHEMES)
    assert where["nothing-can-stop-me"] == ("main", "command", True)
    assert where["carousel"] == where["ferris"] == ("main", "command", False)
    assert [done.life(p) for p in ("Alex", "Bianca", "Cho")] == [20, 20, 10]
    rules = done.trace.rules()
    if number == "723":
        assert {"723.2d", "723.5d"} <= set(rules) and not {"726.2a", "726.5a"} & set(rules)
        kept = [s.text for s in done.trace if s.rule == "723.2d"]
        assert "(Face-up scheme cards remain in the main-game command zone.)" in kept
        moved = [c for s in done.trace if s.rule in ("723.2d", "723.5d") for c in s.changes
                 if getattr(c, "player", None) == "Bianca"]
        assert moved == []
    else:
        assert {"726.2a", "726.5a"} <= set(rules) and not any(r.startswith("723") for r in rules)
        bianca = [s for s in done.trace if s.rule in ("726.2a", "726.5a")
                  and any(getattr(c, "player", None) == "Bianca" for c in s.changes)]
        assert [s.rule for s in bianca] == ["726.2a", "726.5a"]


@pytest.mark.parametrize("number", ["723", "726"])
def test_723_2a_planechase_game_leaves_the_attraction_deck_726_2a_moves_it(number):
    """CR 723.2a moves "their planar deck" as a subgame of a Planechase game starts, and 723.5a
    brings it back; CR 726.2a and 726.5a move the Attraction deck as well (scenario
    726_2_edition_723, run under each edition)."""
    during = play("726_2_edition_723", number, stop="advance")
    assert at(during, "naya", "agyrem", "tazeem")["tazeem"] == ("main", "command", True)
    assert during.where("naya") == during.where("agyrem") == ("1", "command")
    assert during.where("carousel") == ("main" if number == "723" else "1", "command")
    done = play("726_2_edition_723", number)
    assert at(done, "carousel", "naya") == {"carousel": ("main", "command", False),
                                            "naya": ("main", "command", False)}
    assert done.life("Alex") == 10 and done.life("Bianca") == 20
    cited = set(done.trace.rules())
    both = {"723": {"723.2a", "723.5a"}, "726": {"726.2a", "726.5a"}}
    assert both[number] <= cited and not both["726" if number == "723" else "723"] & cited
    carousel = [s.rule for s in done.trace for c in s.changes
                if "carousel" in (getattr(c, "ids", ()) or (getattr(c, "obj", None),))]
    assert carousel == ([] if number == "723" else ["726.2a", "726.5a"])


@pytest.mark.parametrize("number", ["723", "726"])
def test_723_5_takes_a_nontraditional_card_726_5_only_traditional_cards(number):
    """CR 723.5: "each player takes all cards they own that are in the subgame other than those
    in the subgame command zone"; CR 726.5: "all traditional cards", and 726.5a returns only
    cards that "began the subgame in a supplementary deck". Ferris Wheel, brought in from the
    main-game battlefield (CR 723.4a), goes to Bianca's main-game library under 723 and is put
    outside the game under 726."""
    during = play("723_5_nontraditional_card", number, stop="win")
    assert during.where("ferris") == ("1", "battlefield")
    assert during.where("carousel") == ("main" if number == "723" else "1", "command")
    done = play("723_5_nontraditional_card", number)
    text = notes(done)
    if number == "723":
        assert done.where("ferris") == ("main", "library")
        assert len(done.zone("library", "Bianca")) == 11
        assert "CR 723.5 takes “all cards” Bianca owns there" in text
    else:
        assert done.where("ferris") == ("outside", "outside")
        assert len(done.zone("library", "Bianca")) == 10
        assert "CR 726.5 takes only traditional cards, CR 726.5a only cards" in text
        assert "The rule's own example reads otherwise" in text
    assert done.where("carousel") == ("main", "command")
    assert done.life("Bianca") == 10 and done.life("Alex") == 20


@pytest.mark.parametrize("name", ["723_5_phased_out_oubliette", "726_5_phased_out_oubliette"])
def test_723_5_leaves_a_phased_out_card_outside_726_5_takes_it_home(name):
    """CR 726.5 (2024) names "cards that represent phased-out permanents"; CR 723.5 does not,
    and CR 702.26b treats a phased-out permanent "as though it does not exist" except for rules
    that specifically mention phased-out permanents. Literal reading under 723 (behaviour
    ``phased_out_cards: not_seen``): the Bears are not taken and end outside every game; the
    trace names the other reading. Under 726 they go to Cho's main-game library."""
    old, new = play(name, "723"), play(name, "726")
    assert old.where("bears") == ("outside", "outside")
    assert new.where("bears") == ("main", "library") and not new.obj("bears").phased_out
    assert len(new.zone("library", "Cho")) == len(old.zone("library", "Cho")) + 1
    assert old.where("oubliette") == new.where("oubliette") == ("main", "library")
    steps = [s for s in old.trace if s.rule == "702.26b" and "treated as though it does not "
             "exist" in s.text and any("Literal reading: CR 723.5" in n for n in s.notes)]
    assert len(steps) == 1 and "The other reading" in steps[0].notes[0]
    assert any("cards that represent phased-out permanents" in s.text
               for s in new.trace if s.rule == "726.5")
    assert edition("723").behaviour("phased_out_cards") == "not_seen"
    assert edition("726").behaviour("phased_out_cards") == "named"


def test_723_1_723_1b_723_4b_effects_and_counters_stay_in_their_game():
    """CR 723.1, CR 723.1a, CR 723.1b (Act of Treason's "until end of turn" means nothing in the
    subgame), CR 723.2 (libraries move), CR 723.4 (main-game objects are outside the subgame),
    CR 723.4b (counters: 8 poison kept, 3 gotten in the subgame cease), CR 723.5."""
    during = play("723_1_effects_and_counters", "723", stop="win")
    assert during.obj("angel").controller == "Alex"
    assert during.counters("Bianca", game=1) == {"poison": 3}
    assert during.counters("Bianca") == {"poison": 8}
    assert len(during.zone("library", "Alex")) == 0
    done = play("723_1_effects_and_counters", "723")
    assert done.obj("angel").controller == "Bianca"
    assert done.counters("Bianca") == {"poison": 8} and done.life("Alex") == 10
    assert not done.counters("Bianca", game=1)
    rules = done.trace.rules()
    assert {"723.1", "723.1a", "723.1b", "723.2", "723.4", "723.4b", "723.5"} <= set(rules)


def test_723_3_a_short_library_loses_the_subgame_at_its_first_upkeep():
    """CR 723.3: Bianca's five cards are fewer than seven: she loses the subgame when state-based
    actions are checked in the first upkeep, and half her main-game life."""
    done = play("723_3_short_library", "723")
    assert done.life("Bianca") == 10 and done.life("Alex") == 20
    assert len(done.zone("library", "Bianca")) == 5 and done.trace.cites("723.3")


def test_723_4a_a_trigger_of_the_main_game_waits_for_it_to_resume():
    """CR 723.4a: Living Wish brings Runeclaw Bears from Alex's main-game graveyard; Syr Konrad
    triggers in the main game but is held; CR 723.5 puts it onto the stack after Shahrazad
    finishes resolving."""
    during = play("723_4a_brought_in_trigger_held", "723", stop="win")
    assert [t.source for t in during.world.games[0].held] == ["konrad"]
    done = play("723_4a_brought_in_trigger_held", "723")
    assert not done.world.games[0].held
    assert done.where("runeclaw") == ("main", "library")
    assert done.trace.cites("723.4a") and done.life("Bianca") == 10
    released = [s for s in done.trace if s.rule == "723.5"
                and "those abilities are put onto the stack" in s.text]
    assert len(released) == 1


def test_723_6_a_subgame_within_a_subgame():
    """CR 723.6: subgame 1 becomes the main game of subgame 2; subgame 2's half-life loss
    happens in subgame 1."""
    done = play("723_6_subgame_in_a_subgame", "723")
    assert done.trace.cites("723.6")
    assert done.life("Alex") == 20 and done.life("Bianca") == 10
    assert done.where("shahrazad-2") == ("main", "library")


@pytest.mark.parametrize("number", ["723", "726"])
def test_723_2b_723_5b_vanguards_go_and_come_back_the_exception_renumbered(number):
    """CR 723.2b, CR 723.5b ("This is an exception to rule 312.2"); CR 726.5b says 313.2 (the
    vanguard rule was renumbered): the same moves under both editions."""
    during = play("723_2b_5b_vanguard", number, stop="advance")
    assert during.where("v-alex") == during.where("v-bianca") == ("1", "command")
    done = play("723_2b_5b_vanguard", number)
    assert done.where("v-alex") == done.where("v-bianca") == ("main", "command")
    assert done.life("Alex") == 11 and done.life("Bianca") == 8
    back = [s.text for s in done.trace if s.rule == f"{number}.5b"]
    rule = "312.2" if number == "723" else "313.2"
    assert back and all(f"This is an exception to rule {rule}." in t for t in back)
    assert done.trace.cites(f"{number}.2b")


def test_723_2c_723_5c_commanders_go_and_come_back():
    """CR 723.2c, CR 723.5c: both commanders go to the subgame command zone and come back."""
    during = play("723_2c_5c_commander", "723", stop="life")
    assert during.where("kaalia") == during.where("atraxa") == ("1", "command")
    done = play("723_2c_5c_commander", "723")
    assert done.where("kaalia") == done.where("atraxa") == ("main", "command")
    assert done.life("Bianca") == 13 and done.life("Alex") == 40
    assert done.trace.cites("723.2c") and done.trace.cites("723.5c")


def test_every_723_paragraph_is_cited_by_an_edition_723_scenario_file():
    """CR 723.1 to CR 723.6: each paragraph is cited by the trace of a scenario file with
    ``edition: "723"`` and listed in that file's final ``trace_cites``."""
    assert PARAGRAPHS_723 == [k for k in edition("723").paragraphs if k.startswith("723")]
    cited, listed = set(), set()
    for path in sorted(SCENARIOS.glob("*.yaml")):
        scenario = load_scenario(path)
        if scenario.edition != "723":
            continue
        result = scenario.run()
        assert result.failures == [], path.name
        rules = set(result.trace.rules())
        lists = {r for _line, exp in scenario.expect if "trace_cites" in exp
                 for r in exp["trace_cites"]}
        cited |= rules
        listed |= lists & rules
    assert [p for p in PARAGRAPHS_723 if p not in cited] == []
    assert [p for p in PARAGRAPHS_723 if p not in listed] == []
