"""CR 903.9b, the Commander variant's replacement effect: "If a commander would be put into its
owner's hand or library from anywhere, its owner may put it into the command zone instead." It
applies to every move of a commander card into a hand or a library of a Commander game: an
effect's move, a draw, the start of a subgame (726.2) and its end (726.5, with the Tug of War
ruling of 2022-10-07). The owner's choice is recorded in a step citing 903.9b; the default is the
command zone, and ``command_zone_instead: false`` records the other choice."""

from __future__ import annotations

import pytest
from tracetools import P3, find, of, rules

from magicsub import Game, RulesError, load_scenario
from magicsub.engine.trace import Loc, Move

TUG = ("“After the subgame, each player may put any commanders they own in the subgame into the "
       "command zone of the main game.” (Tug of War, Gatherer ruling of 2022-10-07)")


def commander_game(players=("Alex", "Bianca"), *, edition="726", variant="commander", seed=1,
                   kaalia="battlefield", instead=None, lib=12) -> Game:
    """Alex's Kaalia of the Vast (a commander) in ``kaalia``; Bianca's Atraxa in the command
    zone; Shahrazad in Alex's hand."""
    g = Game(list(players), edition=edition, variant=variant, seed=seed,
             libraries={p: lib for p in players})
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    g.add_object("kaalia", "Kaalia of the Vast", owner="Alex", zone=kaalia, commander=True,
                 types=["legendary", "creature"], command_zone_instead=instead)
    g.add_object("atraxa", "Atraxa, Praetors' Voice", owner="Bianca", zone="command",
                 commander=True, types=["legendary", "creature"])
    return g


def step_903(steps):
    return [s for s in steps if s.rule == "903.9b"]


# -- an effect moves a commander (the main game) -----------------------------------------------

@pytest.mark.parametrize("to", ["hand", "library"])
def test_903_9b_a_commander_an_effect_would_put_into_hand_or_library_goes_to_command(to):
    """CR 903.9b: an effect would put Kaalia (on the battlefield) into Alex's hand or library;
    Alex puts it into the command zone instead (the default). The step that moves it says what
    would have happened, the 903.9b step moves it and says it is the default and how a scenario
    chooses otherwise."""
    g = commander_game()
    steps = g.move("kaalia", to)
    assert g.where("kaalia") == ("main", "command")
    assert rules(steps)[:2] == ["400.7", "903.9b"]
    assert steps[0].notes == [f"Kaalia of the Vast [kaalia], a commander, would be put into "
                              f"Alex's {to}."]
    assert of(steps[0], Move) == []
    moves = of(steps[1], Move)
    assert [(m.obj, m.src, m.dst) for m in moves] == [
        ("kaalia", Loc(0, "battlefield"), Loc(0, "command"))]
    assert "the engine takes the default, the command zone" in steps[1].notes[0]
    assert "command_zone_instead: false on kaalia" in steps[1].notes[0]
    assert TUG not in steps[1].notes[0]  # not the end of a subgame
    assert "kaalia" not in g.zone(to, "Alex")


@pytest.mark.parametrize("to", ["hand", "library"])
def test_903_9b_the_owner_may_choose_the_hand_or_library(to):
    """CR 903.9b: "may": with ``command_zone_instead: false`` Alex lets Kaalia go where the
    effect puts it; the 903.9b step records the choice and moves nothing."""
    g = commander_game(instead=False)
    steps = g.move("kaalia", to)
    assert g.where("kaalia") == ("main", to)
    i = find(steps, "903.9b")
    assert of(steps[i], Move) == []
    assert "chooses not to (command_zone_instead: false)" in steps[i].notes[0]
    assert [m.obj for s in steps for m in of(s, Move)] == ["kaalia"]


def test_903_9b_applies_only_in_a_commander_game_and_only_to_commander_cards():
    """CR 903.9b is a rule of the Commander variant: in a game without it, a card set up as a
    commander goes to the hand like any card; and other cards of a Commander game (Serra Angel)
    are not commanders."""
    g = commander_game(variant=None)
    steps = g.move("kaalia", "hand")
    assert g.where("kaalia") == ("main", "hand") and step_903(steps) == []
    g = commander_game()
    g.add_object("angel", "Serra Angel", owner="Alex", zone="battlefield")
    steps = g.move("angel", "hand")
    assert g.where("angel") == ("main", "hand") and step_903(steps) == []


def test_903_9b_a_drawn_commander_goes_to_the_command_zone():
    """CR 903.9b "from anywhere": Kaalia, on top of Alex's library, would be put into his hand
    by a draw (CR 504.1); it goes to the command zone instead, and the draw is still taken
    (no attempt to draw from an empty library is recorded)."""
    g = commander_game(players=P3, kaalia="library", instead=None)
    assert g.zone("library", "Alex")[-1] == "kaalia"
    for _ in P3:
        g.advance("next_turn")
    hand = len(g.zone("hand", "Alex"))
    steps = g.advance("draw")
    assert g.active == "Alex" and g.where("kaalia") == ("main", "command")
    assert len(step_903(steps)) == 1 and "Alex" not in g.current.drew_empty
    assert len(g.zone("hand", "Alex")) == hand


def test_903_9b_refused_for_a_card_that_is_not_a_commander():
    """``command_zone_instead`` is a commander's owner's choice: set on another card it is
    refused, citing 903.9b, and nothing is added."""
    g = commander_game()
    before = g.world
    with pytest.raises(RulesError) as err:
        g.add_object("angel", "Serra Angel", owner="Alex", command_zone_instead=False)
    assert err.value.rule == "903.9b" and err.value.subject == "angel"
    assert g.world is before


# -- the end of a subgame (726.5 with 726.5c) ----------------------------------------------------

def bianca_casts_atraxa(edition="726", instead=None) -> Game:
    for seed in range(40):
        g = commander_game(edition=edition, seed=seed)
        if instead is not None:
            g = Game(["Alex", "Bianca"], edition=edition, variant="commander", seed=seed,
                     libraries={"Alex": 12, "Bianca": 12})
            g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
            g.add_object("atraxa", "Atraxa, Praetors' Voice", owner="Bianca", zone="command",
                         commander=True, types=["legendary", "creature"],
                         command_zone_instead=instead)
        g.cast("shahrazad", "Alex")
        g.resolve("shahrazad")
        if g.current.first == "Bianca":
            break
    g.advance("main")
    g.cast("atraxa", "Bianca")
    g.resolve("atraxa")
    assert g.where("atraxa") == ("1", "battlefield")
    return g


@pytest.mark.parametrize(("edition", "back"), [("726", "726.5"), ("723", "723.5")])
def test_903_9b_a_commander_726_5_would_put_into_the_main_library_goes_to_command(edition, back):
    """CR 726.5 would put Atraxa (on the subgame battlefield, not in its command zone, so
    726.5c does not apply) into Bianca's main-game library with her other cards; CR 903.9b
    replaces it: the main-game command zone, as the Tug of War ruling of 2022-10-07 says for a
    subgame, quoted in the step. The same under the June 2022 rules (723.5)."""
    g = bianca_casts_atraxa(edition)
    steps = g.win("Bianca")
    assert g.where("atraxa") == ("main", "command")
    assert sorted(g.zone("library", "Bianca")) == sorted(f"Bianca#{i}" for i in range(1, 13))
    i = find(steps, "903.9b")
    assert steps[i - 1].rule == back and steps[i - 1].notes == [
        "Atraxa, Praetors' Voice [atraxa], a commander, would be put into Bianca's library in "
        "the main game."]
    assert TUG in steps[i].notes[0]
    assert [(m.obj, m.src, m.dst) for m in of(steps[i], Move)] == [
        ("atraxa", Loc(1, "battlefield"), Loc(0, "command"))]
    assert steps[i + 1].rule == back  # the rest of Bianca's cards, then
    assert "atraxa" not in [c for s in steps[i + 1:] for m in s.changes
                            for c in getattr(m, "ids", ())]


def test_903_9b_at_the_end_of_a_subgame_the_owner_may_choose_the_library():
    """The other choice, recorded with ``command_zone_instead: false``: Atraxa goes into
    Bianca's main-game library with her other cards (13 cards), and the main-game command zone
    stays empty."""
    g = bianca_casts_atraxa(instead=False)
    steps = g.win("Bianca")
    assert g.where("atraxa") == ("main", "library")
    assert len(g.zone("library", "Bianca")) == 13 and g.zone("command") == []
    assert "chooses not to" in step_903(steps)[0].notes[0]


def test_903_9b_a_commander_in_the_subgame_graveyard_goes_to_the_main_command_zone():
    """The same class with another zone: Kaalia, in the command zone, goes to the subgame
    (726.2c); Alex casts it there and it is put into the subgame graveyard (the state-based
    choice of 903.9a is not modelled). At the end, 726.5 would take it to the main-game
    library; 903.9b puts it into the main-game command zone."""
    for seed in range(40):
        g = commander_game(seed=seed, kaalia="command")
        g.cast("shahrazad", "Alex")
        g.resolve("shahrazad")
        if g.current.first == "Alex":
            break
    g.advance("main")
    g.cast("kaalia", "Alex")
    g.resolve("kaalia")
    g.move("kaalia", "graveyard")
    assert g.where("kaalia") == ("1", "graveyard")
    g.win("Bianca")
    assert g.where("kaalia") == ("main", "command")
    assert sorted(g.zone("command")) == ["atraxa", "kaalia"]


# -- the start of a subgame (726.2 with 726.2c) --------------------------------------------------

def test_903_9b_a_commander_in_the_main_library_goes_to_the_subgame_command_zone():
    """CR 726.2 moves Alex's main-game library, with Kaalia in it, to his subgame library; 903.9b
    puts Kaalia into the command zone of the subgame instead (the game whose library it would be
    put into), and at the subgame's end 726.5c brings it to the main-game command zone."""
    g = commander_game(kaalia="library")
    g.cast("shahrazad", "Alex")
    steps = g.resolve("shahrazad")
    assert g.where("kaalia") == ("1", "command")
    i = find(steps, "903.9b")
    assert steps[i - 1].rule == "726.2" and "would be put into Alex's library in subgame 1" in \
        steps[i - 1].notes[0]
    assert [(m.obj, m.dst) for m in of(steps[i], Move)] == [("kaalia", Loc(1, "command"))]
    assert "kaalia" not in g.zone("library", "Alex", game=1)
    g.advance("upkeep")
    g.win("Alex")
    assert g.where("kaalia") == ("main", "command")


def test_903_9b_declined_at_the_start_the_commander_is_a_subgame_library_card():
    """With ``command_zone_instead: false`` Kaalia moves with the library (726.2) and is one of
    Alex's subgame cards; at the end it goes back into his main-game library."""
    g = commander_game(kaalia="library", instead=False)
    g.cast("shahrazad", "Alex")
    g.resolve("shahrazad")
    assert g.where("kaalia")[0] == "1" and g.where("kaalia")[1] in ("library", "hand")
    g.advance("upkeep")
    g.win("Alex")
    assert g.where("kaalia") == ("main", "library") and g.zone("command") == ["atraxa"]


# -- a multiplayer subgame's loser (726.5 with the rulings, then 903.9b) -------------------------

def test_903_9b_the_commander_of_a_subgame_loser_comes_home_to_the_command_zone():
    """Cho's commander is in the subgame command zone when he loses the three-player subgame: it
    leaves with him (800.4a). At the end his cards go home (726.5 with the Countdown and Tug of
    War rulings), and his commander, which 726.5 would put into his main-game library, goes to
    the main-game command zone (903.9b)."""
    g = Game(P3, variant="commander", seed=4, libraries={p: 10 for p in P3})
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    g.add_object("edgar", "Edgar Markov", owner="Cho", zone="command", commander=True,
                 types=["legendary", "creature"])
    g.cast("shahrazad", "Alex")
    g.resolve("shahrazad")
    assert g.where("edgar") == ("1", "command")
    g.lose("Cho")
    assert g.obj("edgar").game is None
    steps = g.win("Bianca")
    assert g.where("edgar") == ("main", "command")
    assert len(g.zone("library", "Cho")) == 10
    i = find(steps, "903.9b")
    assert TUG in steps[i].notes[0]
    c = find(steps, "726.5c")
    assert any("outside the subgame (it left with its owner)" in n for n in steps[c].notes)


def test_903_9b_shipped_scenario_corner_commander():
    """The book's scenario: Atraxa ends the subgame on its battlefield and goes to the main-game
    command zone; Kaalia never left the main battlefield."""
    result = load_scenario("magicsub/scenarios/corner_commander_not_in_command_zone.yaml").run()
    assert result.failures == []
    assert result.game.where("atraxa") == ("main", "command")
