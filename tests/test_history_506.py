"""CR 506 (Comprehensive Rules of July 1, 2003) as behaviour: each difference from CR 726 (and 723)
shown by running the SAME scenario under each edition and asserting both results.

Edition data (``behaviour:`` in ``magicsub/rules/<edition>.yaml``): ``library_removed_face_down``
(506.3 vs 726.2), ``held_triggers`` (506.2 vs 726.4a/726.5), ``short_deck_loses`` (the second
506.3, "506.3-2", vs 726.3) and ``exile_returns`` (506.6 vs 726.5)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from tracetools import P3, find, of, run

from magicsub import Game, edition, load_scenario
from magicsub.engine.trace import Loc, MoveAll

SCENARIOS = Path(__file__).resolve().parent.parent / "magicsub" / "scenarios"
LAELIA = SCENARIOS / "506_3_laelia_library_removed_face_down.yaml"
HELD = SCENARIOS / "506_2_triggers_held_until_completed.yaml"
SHORT = SCENARIOS / "506_3_2_short_deck_loses_as_it_starts.yaml"
NESTED = SCENARIOS / "506_7_subgame_within_a_subgame.yaml"


def under(path: Path, number: str):
    """The scenario file run under CR edition ``number``."""
    return replace(load_scenario(path), edition=number).run()


def failed(result) -> list[str]:
    return sorted(f"{f.line}: {f.expected}" for f in result.failures)


def notes(steps) -> str:
    return "\n".join(n for s in steps for n in s.notes)


# -- 506.3 vs 726.2: the library is removed from the game face down ------------------------------

def test_506_3_library_removed_face_down_triggers_laelia_held_by_506_2():
    """CR 506.3: "each player removes his or her library from the game face down. It becomes that
    player's deck in the subgame. Abilities that trigger on cards being removed from the main game
    face down will trigger." Alex's library goes to the main game's exile face down, then to the
    subgame library; Laelia triggers once (one or more cards, one event), is held (CR 506.2)
    until the subgame is completed, then resolves: a +1/+1 counter."""
    result = under(LAELIA, "506")
    assert result.ok, result.failures
    g = result.game
    removed = find(g.trace, "506.3", "face down")
    (exiled,) = of(g.trace[removed], MoveAll)
    assert exiled.dst == Loc(0, "exile") and len(exiled.ids) == 10
    assert dict(exiled.turned) == dict.fromkeys(exiled.ids, "face down")
    becomes = find(g.trace, "506.3", "becomes that player's deck")
    (deck,) = of(g.trace[becomes], MoveAll)
    assert deck.dst == Loc(1, "library", "Alex") and sorted(deck.ids) == sorted(exiled.ids)
    assert removed < find(g.trace, "506.2") < find(g.trace, "506.3", "will trigger") < becomes
    held = [c for s in g.trace for c in s.changes
            if getattr(c, "kind", "") == "trigger" and c.op == "held"]
    assert [c.trigger for c in held] == ["laelia-trigger"]
    assert dict(g.obj("laelia").counters) == {"+1/+1": 1}
    assert g.where("laelia") == ("main", "battlefield")


@pytest.mark.parametrize("number", ["726", "723"])
def test_726_2_library_moves_to_the_subgame_library_and_laelia_does_not_trigger(number):
    """CR 726.2 (723.2): each player "moves them to their subgame library": nothing is exiled, so
    Laelia never triggers and has no counter; the same file's 506 expectations about the held
    ability, the stack and the counter fail, and only those."""
    result = under(LAELIA, number)
    g = result.game
    i = find(g.trace, f"{number}.2", "moves them to their subgame library")
    (moved,) = of(g.trace[i], MoveAll)
    assert moved.dst == Loc(1, "library", "Alex") and moved.srcs[0] == Loc(0, "library", "Alex")
    assert not [c for s in g.trace for c in of(s, MoveAll) if c.dst == Loc(0, "exile")]
    assert g.obj("laelia").counters == () and g.stack == []
    assert failed(result) == [
        "21: held ['laelia']",
        "29: stack ['laelia']",
        "36: laelia +1/+1 counters 1",
        "36: laelia power 3",
        "36: laelia toughness 3",
        "44: trace cites ['506.1', '506.2', '506.3', '506.4', '506.5', '506.6', '608.2c']",
    ]
    assert g.life("Bianca") == 10 and len(g.zone("library", "Alex")) == 10


def test_laelia_triggers_once_per_event_and_only_for_her_controllers_cards():
    """Laelia's Oracle text: "Whenever one or more cards are put into exile from your library
    and/or your graveyard" (CR 603.2c: once per event). A card of Bianca's exiled does nothing;
    one of Alex's from his graveyard triggers it; it resolves: a +1/+1 counter."""
    g = Game(["Alex", "Bianca"], seed=1, libraries={"Alex": 5, "Bianca": 5})
    g.add_object("laelia", "Laelia, the Blade Reforged", owner="Alex", zone="battlefield")
    g.add_object("gy", "Grizzly Bears", owner="Alex", zone="graveyard")
    run(g, {"move": {"object": "Bianca#1", "to": "exile"}})
    assert g.stack == []
    run(g, {"move": {"object": "gy", "to": "exile"}})
    assert g.stack == ["laelia"]
    run(g, {"resolve": "laelia"})
    assert dict(g.obj("laelia").counters) == {"+1/+1": 1}


# -- 506.2 vs 726.4a / 726.5: which main-game triggers wait, and in what order they go on ---------

def test_506_2_every_main_game_trigger_is_held_and_they_go_on_the_stack_together():
    """CR 506.2: "Any main-game abilities that trigger while the subgame is in progress aren't put
    onto the stack until the subgame is completed." Blood Tyrant's (Cho conceded the main game)
    and Syr Konrad's (CR 506.5a: Runeclaw Bears brought into the subgame from the main game) are
    both held, then go on the stack together in APNAP order: Alex's Tyrant first, Bianca's Konrad
    on top, so Konrad's resolves first."""
    result = under(HELD, "506")
    assert result.ok, result.failures
    g = result.game
    assert g.stack == ["tyrant", "konrad"]
    held = [s for s in g.trace if s.rule == "506.2"]
    assert [c.op for s in held for c in s.changes if getattr(c, "kind", "") == "trigger"] == [
        "held", "held", "release", "release"]
    i = max(j for j, s in enumerate(g.trace) if s.rule == "506.2")
    assert "all together" in notes(g.trace[i:i + 1])
    assert find(g.trace, "603.3b") > i
    run(g, {"resolve": "konrad"})
    assert g.life("Alex") == 19 and g.obj("tyrant").counters == ()
    run(g, {"resolve": "tyrant"})
    assert dict(g.obj("tyrant").counters) == {"+1/+1": 5}


@pytest.mark.parametrize("number", ["726", "723"])
def test_726_4a_holds_only_the_card_removed_726_5_puts_it_first_603_3_the_other_on_top(number):
    """CR 726.4a holds only abilities that trigger on a card brought into the subgame from the main
    game; CR 726.5 puts those "onto the stack" as the main game resumes. Blood Tyrant's trigger
    (a player conceded: no card removed) is not held: it waits under CR 603.3 until a player
    would receive priority, so it goes on the stack after, on top, and resolves first. The same
    file's 506 expectations (both held; Tyrant at the bottom) fail."""
    result = under(HELD, number)
    g = result.game
    assert g.stack == ["konrad", "tyrant"]
    assert failed(result) == ["25: held ['tyrant', 'konrad']", "34: stack ['tyrant', 'konrad']",
                              "40: trace cites ['506.2', '506.5a', '506.6', '603.3b']"]
    wait = find(g.trace, "603.3", "the next time a player would receive priority")
    assert "Literal reading" in notes(g.trace[wait:wait + 1])
    assert "Other reading (the 2003 rules, CR 506.2)" in notes(g.trace[wait:wait + 1])
    assert find(g.trace, f"{number}.4a", "won’t be put onto the stack") > wait
    put = find(g.trace, f"{number}.5", "those abilities are put onto the stack")
    released = [c.trigger for c in g.trace[put].changes if getattr(c, "op", "") == "release"]
    assert released == ["konrad-trigger"]
    assert find(g.trace, "603.3", "the next time") < put
    run(g, {"resolve": "tyrant"})
    assert dict(g.obj("tyrant").counters) == {"+1/+1": 5} and g.life("Alex") == 20
    run(g, {"resolve": "konrad"})
    assert g.life("Alex") == 19


def test_726_5_a_card_removed_to_outside_every_game_holds_its_trigger_until_the_main_game_resumes():
    """CR 726.5: "if any main-game abilities triggered while the subgame was in progress due to
    cards being removed from the main game, those abilities are put onto the stack". Bianca
    concedes the main game: her Runeclaw Bears leaves her main-game graveyard for outside every
    game, and Syr Konrad (Alex's, hers by a control effect) triggers: held, citing 726.5; it is
    then removed, its controller having left (CR 800.4d)."""
    g = Game(P3, seed=4, libraries={"Alex": 10, "Bianca": 10, "Cho": 10})
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    g.add_object("konrad", "Syr Konrad, the Grim", owner="Alex", zone="battlefield")
    g.add_object("runeclaw", "Runeclaw Bears", owner="Bianca", zone="graveyard")
    g.add_effect("konrad", "Bianca", source="Control Magic", until="forever")
    run(g, {"cast": {"card": "shahrazad", "by": "Alex"}}, {"resolve": "shahrazad"},
        {"advance": "upkeep"})
    steps = run(g, {"concede": {"player": "Bianca", "game": "main"}})
    held = find(steps, "726.5", "due to cards being removed from the main game")
    assert "for outside every game" in notes(steps[held:held + 1])
    assert [c.op for c in steps[held].changes if getattr(c, "kind", "") == "trigger"] == ["held"]
    assert find(steps, "800.4d") > held and g.world.games[0].held == ()


# -- the second 506.3 vs 726.3: when a short deck loses -----------------------------------------

def test_506_3_2_a_short_deck_loses_as_the_subgame_starts_726_3_in_the_first_upkeep():
    """CR 506.3-2 (the second 506.3): a player whose deck has fewer than seven cards "will lose the
    game as soon as it starts, even if he or she mulligans": as the first turn would begin, no
    turn is taken. CR 726.3: "when state-based actions are checked during the upkeep step of the
    first turn". The same file, 726_3_short_library.yaml, under each: the same winner and life,
    a different moment."""
    old = under(SCENARIOS / "726_3_short_library.yaml", "506")
    new = under(SCENARIOS / "726_3_short_library.yaml", "726")
    for g in (old.game, new.game):
        assert g.world.games[1].winner == "Alex" and g.life("Bianca") == 10
    sub_old, sub_new = old.game.world.games[1], new.game.world.games[1]
    assert (sub_old.turn, sub_old.step) == (0, "pregame")
    assert (sub_new.turn, sub_new.step) == (1, "upkeep")
    lost = next(i for i, s in enumerate(old.game.trace) if s.rule == "506.3"
                and any(c.words() == "Bianca loses the subgame 1" for c in s.changes))
    assert old.game.trace[lost].paragraph == edition("506").paragraphs["506.3-2"]
    assert "as soon as it starts" in old.game.trace[lost].text
    assert "Literal reading" in notes(old.game.trace[lost:lost + 1])
    assert not old.game.trace.cites("103.8") and not old.game.trace.cites("704.5b")
    assert find(new.game.trace, "103.8") < find(new.game.trace, "704.5b")
    assert failed(old) == ["31: trace cites ['726.3', '704.5b']"]
    assert new.ok, new.failures
    native = under(SHORT, "726")
    assert failed(native) == ["27: step pregame", "32: trace cites ['506.3-2']",
                              "33: trace does not cite ['704.5b', '103.8']"]
    assert under(SHORT, "506").ok


# -- 506.6 vs 726.5: exiled cards ----------------------------------------------------------------

def test_506_6_exiled_card_remains_removed_726_5_puts_it_into_the_library():
    """CR 506.6: "Cards removed from the game in the subgame are not put into the player's
    main-game library. Instead they remain removed from the game in the main game." CR 726.5:
    "This includes cards in the subgame’s exile zone." The same file, 726_5_edition_506.yaml."""
    path = SCENARIOS / "726_5_edition_506.yaml"
    old, new = under(path, "506"), under(path, "726")
    assert old.ok, old.failures
    assert old.game.where("Alex#4") == ("main", "exile")
    assert new.game.where("Alex#4") == ("main", "library")
    assert len(new.game.zone("library", "Alex")) == 10
    assert failed(new) == ["21: Alex#4 in exile",
                           "23: 9 objects in Alex library of game main",
                           "27: trace cites ['506.1', '506.3', '506.4', '506.6']",
                           "28: trace does not cite ['726.5']"]


def test_506_7_subgame_within_a_subgame_the_exiled_card_stays_out_at_each_end():
    """CR 506.7: "some games will be considered both a main game and a subgame at the same time."
    Subgame 1 is the main game of subgame 2: a card exiled in subgame 2 remains removed from the
    game in subgame 1 (506.6), then in the real main game. Under CR 726.6 and 726.5 it goes back
    to Alex's library each time."""
    old, new = under(NESTED, "506"), under(NESTED, "726")
    assert old.ok, old.failures
    assert old.game.trace.cites("506.7") and new.game.trace.cites("726.6")
    assert old.game.where("Alex#3") == ("main", "exile")
    assert new.game.where("Alex#3") == ("main", "library")
    assert len(new.game.zone("library", "Alex")) == 16
    assert failed(new) == ["33: Alex#3 in exile", "41: Alex#3 in exile",
                           "42: 15 objects in Alex library of game main",
                           "46: trace cites ['506.7', '506.6', '506.3', '506.1']"]


# -- every 506 paragraph is cited by a native 506 scenario ---------------------------------------

def test_506_every_paragraph_is_cited_by_a_native_506_scenario():
    """CR 506.1, CR 506.2, CR 506.3, CR 506.3-2 (the second 506.3), CR 506.4, CR 506.5,
    CR 506.5a, CR 506.6 and CR 506.7: each is cited by the trace of a scenario file written for
    CR 506 (``edition: "506"``) and listed in its final ``trace_cites``, which the run checks."""
    wanted = {f"506.{p}" for p in ("1", "2", "3", "3-2", "4", "5", "5a", "6", "7")}
    assert wanted == set(edition("506").paragraphs) & {k for k in edition("506").paragraphs
                                                       if k.startswith("506.")}
    listed: set[str] = set()
    for path in sorted(SCENARIOS.glob("*.yaml")):
        scenario = load_scenario(path)
        if scenario.edition != "506":
            continue
        result = scenario.run()
        assert result.ok, (path.name, result.failures)
        for _, exp in scenario.expect:
            cites = exp.get("trace_cites", [])
            listed.update([cites] if isinstance(cites, str) else cites)
    assert wanted <= listed, sorted(wanted - listed)


def test_edition_data_says_what_each_text_says():
    """CR 506.3 ("removes his or her library from the game face down"), 506.2 ("Any main-game
    abilities"), the second 506.3 ("as soon as it starts"), and 726.2, 726.4a, 726.3 as data."""
    e506, e723, e726 = edition("506"), edition("723"), edition("726")
    assert "face down" in e506.paragraphs["506.3"] and e506.does("library_removed_face_down")
    assert not e723.does("library_removed_face_down") and not e726.does("library_removed_face_down")
    assert e506.behaviour("held_triggers") == "all"
    assert e723.behaviour("held_triggers") == e726.behaviour("held_triggers") == "removed_cards"
    assert "as soon as it starts" in e506.paragraphs["506.3-2"]
    assert e506.behaviour("short_deck_loses") == "at_start"
    assert e726.behaviour("short_deck_loses") == e723.behaviour("short_deck_loses") == \
        "first_upkeep"


def test_800_4d_a_held_trigger_of_a_player_who_leaves_names_the_paragraph_that_held_it():
    """CR 800.4d with CR 506.2 and 726.4a: Bianca's Syr Konrad trigger is held (Runeclaw Bears
    was brought into the subgame), then Bianca concedes the main game: the trigger is removed,
    and the note says which paragraph held it in each edition (506.2 under CR 506, 726.4a under
    CR 726)."""
    from magicsub import load_scenario
    from magicsub.engine import datafiles
    path = SCENARIOS / "506_2_triggers_held_until_completed.yaml"
    data = datafiles.parse(path.read_text(encoding="utf-8"))
    data.pop("expect")
    steps = [s for s in data["steps"] if "expect" not in s][:5]
    data["steps"] = steps + [{"concede": {"player": "Bianca", "game": "main"}}]
    for number, held_by in (("506", "506.2"), ("726", "726.4a")):
        data["edition"] = number
        result = load_scenario(data=data).run()
        notes = [n for s in result.trace if s.rule == "800.4d" for n in s.notes
                 if "is held until" in n]
        assert len(notes) == 1, number
        assert f"(CR {held_by}); it would then be put onto the stack, but Bianca" in notes[0]
        removed = [c for s in result.trace if s.rule == "800.4d" for c in s.changes
                   if "removed: Bianca has left the game" in str(c)]
        assert len(removed) == 1 and "Syr Konrad" in str(removed[0]), number


def test_laelia_triggers_once_for_each_event_of_one_request():
    """"Whenever one or more cards are put into exile from your library": one trigger for a whole
    event (every card of one move), and a new one for the next event, even within one request
    (one transaction)."""
    from magicsub.engine import triggers
    from magicsub.engine.transaction import Tx
    from magicsub.engine.zones import Zone
    game = Game(["Alex", "Bianca"], seed=1, libraries={"Alex": 6, "Bianca": 3})
    game.add_object("laelia", "Laelia, the Blade Reforged", owner="Alex", zone="battlefield")
    tx = Tx(game.world, game.edition, game.rng, 0, observers=(triggers.on_move,))
    tx.step("406.3")
    library = [o.id for o in tx.world.in_zone(0, Zone.LIBRARY, "Alex")]
    tx.move_all("Alex", library[:3], 0, Zone.EXILE)
    assert [t.source for t in tx.game(0).pending] == ["laelia"]
    tx.move_all("Alex", library[3:], 0, Zone.EXILE)
    assert [t.source for t in tx.game(0).pending] == ["laelia", "laelia"]
