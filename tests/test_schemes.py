"""Schemes in an Archenemy game (CR 904.9–904.11, 701.25b): the archenemy sets the top scheme of
their scheme deck in motion as their precombat main phase begins; a face-up non-ongoing scheme
goes to the bottom of the deck; an ongoing one stays face up. In a subgame, CR 723.5d and 726.5a
put a scheme set in motion back, face down, under its deck."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from magicsub import load_scenario
from magicsub.engine.trace import Move

SCENARIOS = Path(__file__).resolve().parent.parent / "magicsub" / "scenarios"
ONGOING = {"very-soil": "The Very Soil Shall Shake", "nothing": "Nothing Can Stop Me Now"}


def _archenemy(deck: list[tuple[str, str, bool]], steps: list) -> dict:
    """A main game: Alex the archenemy with ``deck`` (id, name, ongoing) listed bottom to top."""
    objects = [{"id": oid, "name": name, "owner": "Alex", "zone": "command",
                "traditional": False, "deck": "scheme",
                "types": ["ongoing", "scheme"] if ongoing else ["scheme"]}
               for oid, name, ongoing in deck]
    return {"title": "schemes", "players": ["Alex", "Bianca"], "variant": "archenemy",
            "archenemy": "Alex", "seed": 1, "libraries": {"Alex": 10, "Bianca": 10},
            "objects": objects, "steps": steps}


def _run(data: dict):
    result = load_scenario(data=data).run()
    assert result.ok, [str(f) for f in result.failures]
    return result


def _face_up(result) -> list[str]:
    return sorted(o.id for o in result.game.world.objects.values()
                  if o.deck == "scheme" and o.face_up)


def test_904_9_the_archenemy_sets_the_top_scheme_in_motion_as_their_main_phase_begins():
    """CR 904.9: on Alex's turn, as his precombat main phase begins, the top card of his scheme
    deck (the last listed) is moved off the deck and turned face up; on Bianca's turn nothing is
    set in motion. An ongoing scheme stays face up (CR 904.11)."""
    deck = [("good-time", "All in Good Time", False), ("very-soil", ONGOING["very-soil"], True)]
    result = _run(_archenemy(deck, [{"advance": "next_turn"}, {"advance": "main"},
                                    {"advance": "next_turn"}, {"advance": "main"},
                                    {"advance": "end"}]))
    steps = [s for s in result.trace if s.rule == "904.9"]
    assert len(steps) == 1
    game = steps[0].snapshot.games[0]
    assert (game.active, game.step, game.turn) == ("Alex", "main", 3)
    assert steps[0].text.startswith("Immediately after the archenemy’s precombat main phase")
    moved = [c for c in steps[0].changes if isinstance(c, Move)]
    assert [(m.obj, m.after.face_up, m.dst.zone) for m in moved] == [
        ("very-soil", True, "command")]
    assert "ongoing scheme" in " ".join(steps[0].notes)
    assert result.game.world.games[0].active == "Alex"
    assert _face_up(result) == ["very-soil"]


def test_904_10_a_non_ongoing_scheme_goes_face_down_to_the_bottom_of_its_deck():
    """CR 904.10: All in Good Time (not ongoing) set in motion is turned face down and put on the
    bottom of Alex's scheme deck the next time a player would receive priority (a state-based
    action); its own ability is not modelled, and the trace says so."""
    deck = [("very-soil", ONGOING["very-soil"], True), ("good-time", "All in Good Time", False)]
    result = _run(_archenemy(deck, [{"advance": "next_turn"}, {"advance": "next_turn"},
                                    {"advance": "main"}]))
    rules = [s.rule for s in result.trace]
    assert rules.index("904.9") < rules.index("904.10")
    motion = next(s for s in result.trace if s.rule == "904.9")
    assert "not modelled" in " ".join(motion.notes)
    bottom = next(s for s in result.trace if s.rule == "904.10")
    moved = [c for c in bottom.changes if isinstance(c, Move)]
    assert [(m.obj, m.after.face_up) for m in moved] == [("good-time", False)]
    world = result.game.world
    assert world.objects["good-time"].order < world.objects["very-soil"].order
    assert _face_up(result) == []


def test_904_9_an_empty_scheme_deck_sets_nothing_in_motion():
    """CR 904.9 with no scheme left: the step says the deck is empty and nothing moves."""
    data = _archenemy([], [{"advance": "next_turn"}, {"advance": "next_turn"},
                           {"advance": "main"}])
    result = _run(data)
    step = next(s for s in result.trace if s.rule == "904.9")
    assert not [c for c in step.changes if isinstance(c, Move)]
    assert "scheme deck in the main game is empty" in " ".join(step.notes)


def test_723_5d_and_726_5a_a_scheme_set_in_motion_in_the_subgame_goes_back_under_its_deck():
    """CR 723.5d ("any face-up scheme cards in the subgame command zone are turned face down and
    put on the bottom of their owner’s scheme deck") and CR 726.5a ("each nontraditional card not
    in a supplementary deck that began the subgame in a supplementary deck is turned face down
    and put on the bottom of that deck"): the same game under each edition, the same board, each
    quoting its own sentence."""
    scenario = load_scenario(SCENARIOS / "723_5d_scheme_set_in_motion.yaml")
    boards = [(line, exp) for line, exp in scenario.expect
              if not {"trace_cites", "trace_lacks"} & set(exp)]
    sentences = {"723": ("723.5d", "At the end of a subgame of an Archenemy game, any face-up "
                                   "scheme cards in the subgame command zone are turned face down"),
                 "726": ("726.5a", "At the end of a subgame, each nontraditional card not in a "
                                   "supplementary deck that began the subgame")}
    for number, (rule, start) in sentences.items():
        result = replace(scenario, edition=number, expect=boards).run()
        assert result.ok, (number, [str(f) for f in result.failures])
        back = next(s for s in result.trace if s.rule == rule and s.text.startswith(start))
        moved = [c for c in back.changes if isinstance(c, Move)]
        assert [(m.obj, m.src.game, m.after.game, m.after.face_up) for m in moved] == [
            ("very-soil", 1, 1, False)], number
        deck = [o for o in back.snapshot.objects.values() if o.game == 1 and o.deck == "scheme"]
        assert len(deck) == 3 and min(deck, key=lambda o: o.order).id == "very-soil", number
        assert _face_up(result) == ["nothing-can-stop-me"]
        assert result.game.world.objects["very-soil"].game == 0
