"""Costs, choices and information about a player who has left a multiplayer game (CR 800.4f,
800.4g, 800.4h, 800.4i), and mulligans in multiplayer and two-player subgames (CR 103.5,
800.6). The ``choice`` and ``info`` actions ask the engine who acts and what it knows."""

from __future__ import annotations

import pytest
from tracetools import P3, P4, assert_unchanged, frozen, rules, run

from magicsub import Game, RulesError
from magicsub.engine.trace import Loc, Move, MoveAll
from magicsub.engine.zones import Zone


def game(players=P3, **kw) -> Game:
    g = Game(players, seed=1, **kw)
    g.add_object("spell", "Fact or Fiction", owner="Alex", zone="hand", types=["instant"])
    return g


def refused(g: Game, request: dict, rule: str, subject: str | None = None) -> RulesError:
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.apply(request)
    assert err.value.rule == rule
    if subject is not None:
        assert err.value.subject == subject
    assert_unchanged(g, before)
    return err.value


def choice(player, kind, obj="spell", chooser=None) -> dict:
    c = {"player": player, "kind": kind}
    if obj:
        c["object"] = obj
    if chooser:
        c["chooser"] = chooser
    return {"choice": c}


# -- CR 800.4f ---------------------------------------------------------------------------------

def test_800_4f_cost_of_departed_player_not_paid():
    """CR 800.4f: "If an object requires a player who has left the game to pay a cost or choose
    whether to pay a cost, that cost is not paid." While Bianca is in the game she decides."""
    g = game()
    g.add_object("tax", "Rhystic Tax", owner="Alex", types=["enchantment"])
    steps = g.apply(choice("Bianca", "cost", "tax"))
    assert rules(steps) == ["608.2d"]
    assert steps[0].notes == ["Bianca is in the game: Bianca chooses whether to pay the cost "
                              "for Rhystic Tax [tax]."]
    g.leave("Bianca")
    steps = g.apply(choice("Bianca", "cost", "tax"))
    assert rules(steps) == ["800.4f"] and "that cost is not paid" in steps[0].text
    assert steps[0].notes == ["Bianca has left the game: the cost Rhystic Tax [tax] asks of "
                              "them is not paid, and nobody waits for them."]
    assert g.priority == "Alex"
    assert [c.kind for c in steps[0].changes] == ["note"]  # no life, no move: nothing paid


def test_800_4f_cost_needs_an_object():
    """CR 800.4f speaks of an object requiring the cost: without one the request is refused."""
    g = game()
    g.leave("Bianca")
    refused(g, choice("Bianca", "cost", obj=None), "608.2d")


# -- CR 800.4g ---------------------------------------------------------------------------------

def test_800_4g_controller_chooses_another_opponent():
    """CR 800.4g: the controller of the object (Alex) chooses another player to make the choice;
    as Bianca was Alex's opponent, he chooses another opponent (Cho)."""
    g = game()
    run(g, {"leave": "Bianca"}, {"cast": {"card": "spell", "by": "Alex"}})
    steps = g.apply(choice("Bianca", "choice", chooser="Cho"))
    assert rules(steps) == ["800.4g"]
    assert "chooses another player to make that choice" in steps[0].text
    assert steps[0].notes == ["Bianca has left the game: Alex chooses Cho to make the choice "
                              "for Fact or Fiction [spell]."]
    assert g.stack == ["spell"] and g.priority == "Alex"


def test_800_4g_controller_cannot_pick_themself_while_another_opponent_exists():
    """CR 800.4g: "that player chooses another opponent if possible" -- Alex choosing himself
    while Cho and Dana are in the game is refused (RulesError) and changes nothing."""
    g = game(P4)
    run(g, {"cast": {"card": "spell", "by": "Alex"}}, {"leave": "Bianca"})
    err = refused(g, choice("Bianca", "choice", chooser="Alex"), "800.4g", "Alex")
    assert "another opponent (Cho, Dana)" in str(err)
    steps = g.apply(choice("Bianca", "choice", chooser="Dana"))
    assert steps[0].notes[0].endswith("Alex chooses Dana to make the choice for Fact or "
                                      "Fiction [spell].")


def test_800_4g_chooser_must_be_given_and_still_in_the_game():
    """CR 800.4g: someone must be chosen (the game does not wait), and not a player who has
    left (neither Bianca herself nor Cho, who left too)."""
    g = game(P4)
    run(g, {"cast": {"card": "spell", "by": "Alex"}}, {"leave": "Bianca"}, {"leave": "Cho"})
    refused(g, choice("Bianca", "choice"), "800.4g", "Bianca")
    refused(g, choice("Bianca", "choice", chooser="Bianca"), "800.4g", "Bianca")
    refused(g, choice("Bianca", "choice", chooser="Cho"), "800.4g", "Cho")


def test_800_4g_does_not_apply_to_a_player_still_in_the_game():
    """CR 608.2d, the control case of CR 800.4g: a player still in the game makes her choice
    herself; nobody may make it for her."""
    g = game()
    g.apply({"cast": {"card": "spell", "by": "Alex"}})
    steps = g.apply(choice("Bianca", "choice"))
    assert rules(steps) == ["608.2d"]
    assert steps[0].notes == ["Bianca is in the game: Bianca makes the choice for Fact or "
                              "Fiction [spell]."]
    refused(g, choice("Bianca", "choice", chooser="Cho"), "608.2d", "Cho")


# -- CR 800.4h ---------------------------------------------------------------------------------

def test_800_4h_rule_choice_goes_to_next_player_in_turn_order():
    """CR 800.4h: "If a rule requires a player who has left the game to make a choice, the next
    player in turn order makes that choice" -- the next one still in the game. The rule is CR
    103.1 (who takes the first turn), asked before the first turn."""
    refused(game(P4, pregame=True), choice("Bianca", "rule", obj=None), "800.4h", "Bianca")
    g = game(P4, pregame=True)
    steps = g.choice("Bianca", "rule", rule="103.1")
    assert rules(steps) == ["103.1"]
    assert steps[0].notes == ["Bianca is in the game: Bianca chooses who takes the first turn."]
    g.leave("Bianca")
    steps = g.choice("Bianca", "rule", rule="103.1")
    assert rules(steps) == ["103.1", "800.4h"]
    assert steps[1].notes[0] == ("Bianca has left the game: Cho, next in turn order, chooses "
                                 "who takes the first turn.")
    g.leave("Cho")
    steps = g.choice("Bianca", "rule", rule="103.1")
    assert steps[1].notes[0] == ("Bianca has left the game: Dana, next in turn order, chooses "
                                 "who takes the first turn.")
    g.leave("Dana")  # Dana's leaving ends the game: Alex is the last
    assert g.current.winner == "Alex"


def test_800_4h_wraps_around_turn_order():
    """CR 800.4h: after the last seat, turn order goes on with the first (Dana -> Alex)."""
    g = game(P4, pregame=True)
    g.leave("Dana")
    steps = g.choice("Dana", "rule", rule="103.1")
    assert steps[1].notes[0] == ("Dana has left the game: Alex, next in turn order, chooses "
                                 "who takes the first turn.")


def subgame_pregame(players=P3, edition="726") -> Game:
    """A game whose Shahrazad has resolved: its subgame is before its first turn."""
    g = Game(players, seed=2, edition=edition, libraries={p: 10 for p in players})
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    g.cast("shahrazad", "Alex")
    g.resolve("shahrazad")
    assert g.current.gid == 1 and g.current.pregame
    return g


@pytest.mark.parametrize(("edition", "rule"), [("726", "726.2"), ("723", "723.2"),
                                               ("506", "506.4")])
def test_726_2_nobody_chooses_who_starts_a_subgame(edition, rule):
    """CR 726.2: in a subgame, "Randomly determine which player goes first" (723.2 and, in
    2003, 506.4 say the same). The choice CR 103.1 gives one player in a main game is refused
    in a subgame's pregame, citing that paragraph, whoever would make it, with or without a
    decision, and the game, trace and random generator are unchanged. The random starting
    player stays the starting player."""
    g = subgame_pregame(edition=edition)
    first = g.current.first
    drawn = [s for s in g.trace if s.rule == rule and "Randomly determine" in s.text]
    assert len(drawn) == 1 and drawn[0].snapshot.games[1].first == first
    other = next(p for p in P3 if p != first)
    for request in ({"player": "Bianca", "kind": "rule", "rule": "103.1"},
                    {"player": "Bianca", "kind": "rule", "rule": "103.1", "decision": other},
                    {"player": first, "kind": "rule", "rule": "103.1", "decision": other}):
        err = refused(g, {"choice": request}, rule, request["player"])
        assert "Randomly determine which player goes first" in str(err)
        assert f"{first} was determined at random" in str(err)
    g.advance("upkeep")
    assert g.active == first and g.current.turn == 1


def test_726_2_refused_for_a_player_who_has_left_the_subgame_too():
    """CR 726.2 with 800.4h: a player who has left a four-player subgame before its first turn
    was never asked to choose, so nobody chooses in their place either."""
    g = subgame_pregame(P4)
    g.leave("Bianca")
    refused(g, {"choice": {"player": "Bianca", "kind": "rule", "rule": "103.1"}}, "726.2",
            "Bianca")
    refused(g, {"choice": {"player": "Bianca", "kind": "rule", "rule": "103.1",
                           "chooser": "Cho", "decision": "Dana"}}, "726.2", "Bianca")


def test_103_1_still_chosen_in_the_main_game_and_after_the_subgame():
    """CR 103.1 stands in the main game: in its pregame Cho chooses Bianca, who takes the first
    turn. The subgame rule (726.2) does not reach the main game."""
    g = game(P3, pregame=True)
    steps = g.choice("Cho", "rule", rule="103.1", decision="Bianca")
    assert rules(steps) == ["103.1"]
    assert g.current.first == "Bianca"
    g.advance("upkeep")
    assert g.active == "Bianca"


# -- CR 800.4i ---------------------------------------------------------------------------------

def test_800_4i_current_information_while_in_the_game():
    """CR 800.4i: "the effect uses the current information about that player if they are still
    in the game"."""
    g = game()
    run(g, {"life": {"player": "Cho", "add": -6}},
        {"counters": {"player": "Cho", "kind": "poison", "add": 2}})
    steps = run(g, {"info": {"player": "Cho", "what": "life"}},
                {"info": {"player": "Cho", "what": "counters"}})
    assert rules(steps) == ["800.4i", "800.4i"]
    assert "uses the current information" in steps[0].text
    assert steps[0].notes == ["Cho is in the game: the effect uses their current life: 14."]
    assert steps[1].notes == ["Cho is in the game: the effect uses their current counters: "
                              "2 poison."]


def test_800_4i_last_known_information_after_leaving():
    """CR 800.4i: once Bianca has left, an effect uses her last known information from before she
    left (13 life, 3 poison counters), while Cho's information stays current."""
    g = game(life={"Bianca": 13})
    run(g, {"counters": {"player": "Bianca", "kind": "poison", "add": 3}},
        {"counters": {"player": "Bianca", "kind": "experience", "add": 1}},
        {"leave": "Bianca"}, {"life": {"player": "Cho", "add": -5}})
    steps = run(g, {"info": {"player": "Bianca", "what": "life"}},
                {"info": {"player": "Bianca", "what": "counters"}},
                {"info": {"player": "Cho", "what": "life"}})
    assert rules(steps) == ["800.4i"] * 3
    assert "last known information" in steps[0].text
    assert steps[0].notes == ["Bianca has left the game: the effect uses their last known life "
                              "from before they left: 13."]
    assert steps[1].notes == ["Bianca has left the game: the effect uses their last known "
                              "counters from before they left: 1 experience, 3 poison."]
    assert steps[2].notes == ["Cho is in the game: the effect uses their current life: 15."]
    assert g.world.lki[(0, "Bianca")][:2] == (13, (("experience", 1), ("poison", 3)))
    assert (g.life("Bianca"), g.counters("Bianca")) == (13, {"poison": 3, "experience": 1})


def test_800_4i_departed_players_figures_cannot_change():
    """CR 800.4i: the last known information is fixed -- life and counters of a player who has
    left cannot be changed any more (refused, nothing changes)."""
    g = game(life={"Bianca": 13})
    g.leave("Bianca")
    refused(g, {"life": {"player": "Bianca", "add": -3}}, "119.3", "Bianca")
    refused(g, {"counters": {"player": "Bianca", "kind": "poison", "add": 1}}, "122.1",
            "Bianca")
    steps = g.apply({"info": {"player": "Bianca", "what": "life"}})
    assert steps[0].notes[0].endswith("before they left: 13.")


# -- CR 800.6, 103.5 -------------------------------------------------------------------------

def _subgame(players, seed=3) -> Game:
    g = Game(players, seed=seed, libraries={p: 12 for p in players})
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    run(g, {"cast": {"card": "shahrazad", "by": "Alex"}}, {"resolve": "shahrazad"})
    assert g.current.gid == 1
    return g


def test_800_6_first_mulligan_free_in_multiplayer_subgame():
    """CR 800.6: in a multiplayer game the first mulligan doesn't count toward the cards put on
    the bottom; the second counts as normal (one card)."""
    g = _subgame(P3)
    assert g.current.multiplayer
    steps = g.apply({"mulligan": "Bianca"})
    assert rules(steps) == ["103.5", "800.6"]
    assert steps[1].notes == ["Bianca's first mulligan in a multiplayer game is free: no card "
                              "goes to the bottom."]
    assert of_moves(steps[1]) == []
    assert (len(g.zone("hand", "Bianca", 1)), len(g.zone("library", "Bianca", 1))) == (7, 5)
    steps = g.apply({"mulligan": "Bianca"})
    assert rules(steps) == ["103.5"]
    assert "Bianca puts 1 card(s) on the bottom of their library." in steps[0].notes
    assert (len(g.zone("hand", "Bianca", 1)), len(g.zone("library", "Bianca", 1))) == (6, 6)
    assert g.current.seat("Bianca").mulligans == 2


def test_103_5_first_mulligan_counts_in_two_player_subgame():
    """CR 103.5 without CR 800.6: in a two-player subgame the first mulligan puts one card on
    the bottom."""
    g = _subgame(["Alex", "Bianca"])
    assert not g.current.multiplayer
    hand = [o.id for o in g.world.in_zone(1, Zone.HAND, "Bianca")]
    steps = g.apply({"mulligan": "Bianca"})
    assert rules(steps) == ["103.5"]
    # "shuffles their hand into their library": the whole hand in one change, shuffled in
    (back,) = [c for c in steps[0].changes if isinstance(c, MoveAll)]
    assert sorted(back.ids) == sorted(hand) and back.shuffled
    assert (back.player, back.dst) == ("Bianca", Loc(1, "library", "Bianca"))
    assert steps[0].changes[0] is back and len(of_moves(steps[0])) == 7 + 1  # draws, bottom
    assert "Bianca puts 1 card(s) on the bottom of their library." in steps[0].notes
    assert (len(g.zone("hand", "Bianca", 1)), len(g.zone("library", "Bianca", 1))) == (6, 6)


def test_800_6_mulligan_only_before_the_first_turn():
    """CR 103.5: mulligans happen before the game's first turn; once the upkeep has begun the
    request is refused and changes nothing."""
    g = _subgame(P3)
    g.advance("upkeep")
    refused(g, {"mulligan": "Bianca"}, "103.5", "Bianca")


def of_moves(step) -> list:
    return [c for c in step.changes if isinstance(c, Move)]
