"""Requests the engine must refuse: each request checks who may make it, when, and with what.

Declaring attackers (CR 506.2, 508.1, 508.1a, 302.6, 702.26b), casting a land (CR 305.1, 305.9),
casting and cycling (CR 117.1, 307.1, 601.2a, 601.2c, 702.29a), a rule choice made by the wrong
player (CR 800.4h, 101.4, 800.4f), the planar controller (CR 901.1, 800.4p) and mulligans
(CR 103.5). Every refusal raises ``RulesError`` citing the paragraph, names the object or player,
and leaves the game as it was. The legal counterparts (an attack taps, vigilance doesn't, combat
damage is dealt) are here too, so each refusal is seen next to what it refuses.
"""

from __future__ import annotations

import pytest
from tracetools import P3, of, rules, run

from magicsub import Game, RulesError
from magicsub.engine.trace import Life, Turn

ATTACK = "declare_attackers"


def game(players=P3, **kw) -> Game:
    """A game in Alex's first main phase; Alex has Grizzly Bears and Serra Angel, Bianca has
    Assault Griffin, Cho has a Forest in hand."""
    g = Game(players, seed=1, libraries={p: 8 for p in players}, **kw)
    g.add_object("bears", "Grizzly Bears", owner="Alex")
    g.add_object("angel", "Serra Angel", owner="Alex")
    g.add_object("griffin", "Assault Griffin", owner="Bianca")
    g.add_object("forest", "Forest", owner="Alex", zone="hand", types=["land"])
    g.add_object("arbor", "Dryad Arbor", owner="Alex", zone="hand", types=["land", "creature"])
    g.add_object("shock", "Shock", owner="Alex", zone="hand", types=["instant"])
    return g


def at_attack(players=P3, **kw) -> Game:
    """The same game, in Alex's declare attackers step before anything has happened in it."""
    g = game(players, **kw)
    g.advance(ATTACK)
    # CR 508.1: attackers are declared first, then priority (117.3a)
    assert (g.current.step, g.active, g.priority) == (ATTACK, "Alex", None)
    return g


def refused(g: Game, request: dict, rule: str, *names: str) -> RulesError:
    """``request`` raises RulesError citing ``rule`` and naming ``names``; nothing changes."""
    world, n, rng = g.world, len(g.trace), g.rng.getstate()
    where = {oid: g.where(oid) for oid in g.world.objects}
    with pytest.raises(RulesError) as err:
        g.apply(request)
    assert err.value.rule == rule, str(err.value)
    for name in names:
        assert name in str(err.value), (name, str(err.value))
    assert g.world is world and len(g.trace) == n and g.rng.getstate() == rng
    assert {oid: g.where(oid) for oid in g.world.objects} == where
    return err.value


def attack(creature: str, defender: str) -> dict:
    return {"attack": {"creature": creature, "defender": defender}}


# -- the legal attack ----------------------------------------------------------------------------

def test_508_1_advancing_from_main_to_combat_damage_passes_through_declare_attackers():
    """CR 500.1, 506.1 and 508.8: the combat phase's steps come between the two main phases;
    with no attackers the declare blockers and combat damage steps are skipped, so advancing to
    combat damage stops at the end of combat step."""
    g = game()
    steps = g.advance("combat_damage")
    turns = [c.step for s in steps for c in of(s, Turn)]
    assert turns == ["beginning_of_combat", ATTACK, "end_of_combat"]
    assert "508.8" in rules(steps)


def test_508_1f_attack_taps_the_creature_and_510_1_deals_its_damage():
    """CR 508.1: in the declare attackers step the active player declares Grizzly Bears as an
    attacker; CR 508.1f: "The active player taps the chosen creatures"; CR 510.1: its combat
    damage is dealt to the player it attacks."""
    g = at_attack()
    steps = g.apply(attack("bears", "Bianca"))
    assert rules(steps) == ["508.1", "508.1f"]
    assert g.obj("bears").tapped
    assert g.current.attacks == (("bears", "Bianca"),)
    assert g.priority is None  # CR 117.3a: priority comes after the declaration
    steps = g.apply({"pass_priority": "Alex"})
    assert rules(steps)[:2] == ["117.3a", "117.3d"] and g.priority == "Bianca"
    steps = g.advance("combat_damage")
    i = rules(steps).index("510.2")
    assert of(steps[i], Life) == [Life(0, "Bianca", 20, 18)]
    assert (g.life("Alex"), g.life("Bianca"), g.life("Cho")) == (20, 18, 20)


def test_702_20b_serra_angel_has_vigilance_and_stays_untapped():
    """CR 702.20b: "Attacking doesn't cause creatures with vigilance to tap." Serra Angel
    (Flying, vigilance) attacks Cho and stays untapped; its 4 damage is dealt all the same."""
    g = at_attack()
    steps = g.apply(attack("angel", "Cho"))
    assert rules(steps) == ["508.1", "702.20b"]
    assert not g.obj("angel").tapped
    g.advance("combat_damage")
    assert g.life("Cho") == 16 and not g.obj("angel").tapped


def test_508_1_a_player_may_concede_before_attackers_are_declared():
    """CR 104.3a: "A player can concede the game at any time": Cho concedes as the declare
    attackers step begins; Alex still declares attackers against Bianca."""
    g = at_attack()
    g.apply({"concede": "Cho"})
    g.apply(attack("bears", "Bianca"))
    assert g.obj("bears").tapped and g.current.attacks == (("bears", "Bianca"),)


def test_702_10b_act_of_treason_gives_haste_so_the_stolen_creature_attacks():
    """CR 302.6 and 702.10b: Alex takes Bianca's Griffin this turn with Act of Treason ("It gains
    haste until end of turn"), so it can attack although he has not controlled it since the turn
    began."""
    g = game()
    g.add_object("treason", "Act of Treason", owner="Alex", zone="hand")
    run(g, {"cast": {"card": "treason", "by": "Alex", "target": "griffin"}},
        {"resolve": "treason"}, {"advance": ATTACK}, attack("griffin", "Bianca"))
    assert g.obj("griffin").tapped and g.current.attacks == (("griffin", "Bianca"),)


# -- when attackers may be declared --------------------------------------------------------------

def test_508_1_no_attack_in_the_main_phase():
    """CR 508.1: attackers are declared in the declare attackers step, not the main phase."""
    refused(game(), attack("bears", "Bianca"), "508.1", "Grizzly Bears [bears]", "main phase")


def test_508_1_no_attack_in_the_combat_damage_step():
    g = game()
    g.advance("combat_damage")
    refused(g, attack("bears", "Bianca"), "508.1", "bears", "end of combat step")


def test_508_1_no_attack_after_a_player_passed_priority_in_the_step():
    """CR 508.1 "First, the active player declares attackers" and CR 117.3a: priority comes after
    the turn-based action; once Alex has passed, it is too late."""
    g = at_attack()
    g.apply({"pass_priority": "Alex"})
    refused(g, attack("bears", "Bianca"), "508.1", "bears", "Alex already passed")


def test_508_1_no_attack_while_a_spell_is_on_the_stack():
    g = at_attack()
    g.apply({"cast": {"card": "shock", "by": "Alex"}})
    refused(g, attack("bears", "Bianca"), "508.1", "bears", "Shock [shock] is on the stack")


def test_508_1_no_attack_after_a_spell_was_cast_and_resolved_in_the_step():
    """Passes and the stack are back to empty after Shock resolves, but something other than
    declaring attackers has happened in the step: declaring comes first (CR 508.1)."""
    g = at_attack()
    run(g, {"cast": {"card": "shock", "by": "Alex"}}, {"resolve": "shock"})
    assert g.current.passed == () and g.stack == [] and g.priority == "Alex"
    refused(g, attack("bears", "Bianca"), "508.1", "bears", "cast: ")


def test_506_2_no_attack_in_a_turn_without_an_active_player():
    """CR 800.4j: Alex left during his turn; the turn goes on without an active player, so
    there is no attacking player (CR 506.2)."""
    g = game()
    g.add_object("cho_bears", "Grizzly Bears", owner="Cho")
    run(g, {"leave": "Alex"}, {"advance": ATTACK})
    assert g.active is None
    refused(g, attack("cho_bears", "Bianca"), "506.2", "cho_bears", "no active player")


# -- which creatures may attack ------------------------------------------------------------------

def test_508_1a_a_tapped_creature_cannot_attack():
    """CR 508.1a: "The chosen creatures must be untapped"."""
    g = game()
    g.add_object("tapped", "Runeclaw Bears", owner="Alex", tapped=True)
    g.advance(ATTACK)
    refused(g, attack("tapped", "Bianca"), "508.1a", "Runeclaw Bears [tapped]", "untapped")


def test_508_1a_only_the_active_players_creatures_attack():
    """CR 508.1a: "The active player chooses which creatures that they control ... will
    attack": Bianca's Griffin cannot attack in Alex's turn."""
    refused(at_attack(), attack("griffin", "Cho"), "508.1a", "griffin", "Bianca", "Alex")


def test_508_1a_a_creature_attacks_once():
    g = at_attack()
    g.apply(attack("angel", "Bianca"))
    err = refused(g, attack("angel", "Cho"), "508.1a", "angel", "already")
    assert "Bianca" in str(err)


def test_508_1a_not_a_creature_on_the_battlefield():
    g = game()
    g.add_object("dead", "Runeclaw Bears", owner="Alex", zone="graveyard")
    g.add_object("field", "Plains", owner="Alex", types=["land"])
    g.advance(ATTACK)
    refused(g, attack("dead", "Bianca"), "508.1a", "dead", "graveyard")
    refused(g, attack("field", "Bianca"), "508.1a", "Plains [field]", "not a creature")


def test_508_1a_302_6_a_creature_that_came_under_control_this_turn_cannot_attack():
    """CR 508.1a and 302.6: "A creature can't attack unless it has been under its controller's
    control continuously since their most recent turn began." A creature cast this turn, and one
    Alex gained control of this turn (without haste), both stay home."""
    g = game()
    g.add_object("fresh", "Runeclaw Bears", owner="Alex", zone="hand")
    run(g, {"cast": {"card": "fresh", "by": "Alex"}}, {"resolve": "fresh"},
        {"effect": {"control": "griffin", "to": "Alex", "until": "end_of_turn"}},
        {"advance": ATTACK})
    assert g.obj("griffin").controller == "Alex"
    refused(g, attack("fresh", "Bianca"), "508.1a", "fresh", "since the turn began")
    refused(g, attack("griffin", "Bianca"), "508.1a", "griffin", "no haste")


def test_508_1a_the_next_turn_the_creature_may_attack():
    """The other side of CR 302.6: in Alex's next turn the creature he cast has been under his
    control since that turn began."""
    g = game(["Alex", "Bianca"])
    g.add_object("fresh", "Runeclaw Bears", owner="Alex", zone="hand")
    run(g, {"cast": {"card": "fresh", "by": "Alex"}}, {"resolve": "fresh"},
        {"advance": "next_turn"}, {"advance": "next_turn"}, {"advance": ATTACK})
    assert g.active == "Alex"
    g.apply(attack("fresh", "Bianca"))
    assert g.obj("fresh").tapped


def test_702_26b_a_phased_out_creature_cannot_attack():
    g = game()
    g.add_object("ghost", "Runeclaw Bears", owner="Alex", phased_out=True)
    g.advance(ATTACK)
    refused(g, attack("ghost", "Bianca"), "702.26b", "ghost", "phased out")


# -- whom it may attack ----------------------------------------------------------------------------

def test_506_2_a_player_cannot_attack_themself():
    """CR 506.2: the active player is the attacking player; the defending player is an
    opponent."""
    refused(at_attack(), attack("bears", "Alex"), "506.2", "bears", "Alex")


def test_506_2_a_player_who_has_left_cannot_be_attacked():
    g = at_attack()
    g.apply({"leave": "Cho"})
    refused(g, attack("bears", "Cho"), "506.2", "bears", "Cho", "not a player still in")


# -- casting -------------------------------------------------------------------------------------

@pytest.mark.parametrize("land", ["forest", "arbor"])
def test_305_9_a_land_is_played_not_cast(land):
    """CR 305.1: playing a land is a special action, the land "is never a spell"; CR 305.9: an
    object that is both a land and another card type "can't be cast as a spell" (Dryad Arbor)."""
    err = refused(game(), {"cast": {"card": land, "by": "Alex"}}, "305.9", land, "Alex",
                  "played, not cast")
    assert err.subject == land


def test_117_1_a_player_without_priority_cannot_cast():
    g = game()
    g.add_object("bianca_shock", "Shock", owner="Bianca", zone="hand", types=["instant"])
    refused(g, {"cast": {"card": "bianca_shock", "by": "Bianca"}}, "117.1", "Bianca", "Alex")


def test_800_4_a_player_who_has_left_cannot_cast():
    g = game()
    g.add_object("cho_shock", "Shock", owner="Cho", zone="hand", types=["instant"])
    g.leave("Cho")
    refused(g, {"cast": {"card": "cho_shock", "by": "Cho"}}, "800.4", "Cho")


def test_601_2a_a_player_casts_only_their_own_cards():
    g = game()
    g.add_object("bianca_shock", "Shock", owner="Bianca", zone="hand", types=["instant"])
    refused(g, {"cast": {"card": "bianca_shock", "by": "Alex"}}, "601.2a", "bianca_shock",
            "Alex")


def test_307_1_a_sorcery_only_in_the_casters_main_phase():
    g = game()
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    g.advance(ATTACK)
    refused(g, {"cast": {"card": "shahrazad", "by": "Alex"}}, "307.1", "Shahrazad", "Alex")


def test_601_2c_a_spell_without_targets_takes_none():
    """CR 601.2c: targets are chosen for a spell that has them; Shahrazad has none."""
    g = game()
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    refused(g, {"cast": {"card": "shahrazad", "by": "Alex", "target": "bears"}}, "601.2c",
            "Shahrazad", "bears")


def test_702_29a_a_card_without_cycling_cannot_be_cycled():
    """CR 702.29a: cycling is an ability of the card; Fork (a built-in card) has none."""
    g = game()
    g.add_object("fork", "Fork", owner="Alex", zone="hand")
    refused(g, {"cycle": {"card": "fork", "by": "Alex"}}, "702.29a", "Fork", "no cycling")


def test_117_3d_a_player_who_has_left_cannot_pass_priority():
    g = game()
    g.leave("Cho")
    refused(g, {"pass_priority": "Cho"}, "117.3d", "Cho", "Alex holds priority")


# -- choices -------------------------------------------------------------------------------------

def test_800_4h_only_the_next_player_in_turn_order_makes_the_rule_choice():
    """CR 800.4h: "If a rule requires a player who has left the game to make a choice, the next
    player in turn order makes that choice." Before the first turn Bianca, who was to choose who
    takes it (CR 103.1), has left; Alex is not the next player after her, Cho is."""
    g = game(pregame=True)
    g.leave("Bianca")
    ask = {"player": "Bianca", "kind": "rule", "rule": "103.1"}
    err = refused(g, {"choice": ask | {"chooser": "Alex"}}, "800.4h", "Bianca", "Cho", "Alex")
    assert err.subject == "Alex"
    steps = g.apply({"choice": ask | {"chooser": "Cho"}})
    assert rules(steps) == ["103.1", "800.4h"]
    assert "Cho, next in turn order, chooses who takes the first turn" in steps[1].notes[0]


def test_103_1_a_player_still_in_the_game_makes_their_own_rule_choice():
    """CR 103.1: Bianca, still in the game, chooses who takes the first turn herself."""
    refused(game(pregame=True), {"choice": {"player": "Bianca", "kind": "rule", "rule": "103.1",
                                            "chooser": "Cho"}}, "103.1", "Bianca", "Cho")


def test_800_4f_nobody_pays_the_cost_of_a_player_who_has_left():
    g = game()
    g.add_object("tax", "Rhystic Tax", owner="Alex", types=["enchantment"])
    g.leave("Bianca")
    refused(g, {"choice": {"player": "Bianca", "kind": "cost", "object": "tax",
                           "chooser": "Cho"}}, "800.4f", "Bianca", "Cho")


# -- planar controller, mulligans ----------------------------------------------------------------

def test_901_1_no_planar_controller_outside_planechase():
    refused(game(), {"planar_controller": "Bianca"}, "901.1", "Bianca", "Planechase")


def test_800_4p_planar_controller_must_be_in_the_subgame():
    """A player who left the main game is not a player of the subgame Shahrazad starts: they
    cannot become its planar controller (refused, not a crash)."""
    g = Game(P3, seed=3, variant="planechase", libraries={p: 12 for p in P3})
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    run(g, {"leave": "Cho"}, {"cast": {"card": "shahrazad", "by": "Alex"}},
        {"resolve": "shahrazad"})
    assert g.current.gid == 1 and "Cho" not in g.current.seats
    refused(g, {"planar_controller": "Cho"}, "800.4p", "Cho", "subgame 1")


def test_103_5_no_mulligan_once_the_hand_would_be_zero_cards():
    """CR 103.5: "A player can take mulligans until their opening hand would be zero cards, after
    which they may not take further mulligans." In a two-player subgame the seventh mulligan
    leaves Bianca no cards; an eighth is refused."""
    g = Game(["Alex", "Bianca"], seed=3, libraries={"Alex": 12, "Bianca": 12})
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    run(g, {"cast": {"card": "shahrazad", "by": "Alex"}}, {"resolve": "shahrazad"})
    for _ in range(7):
        g.apply({"mulligan": "Bianca"})
    assert g.zone("hand", "Bianca", 1) == []
    refused(g, {"mulligan": "Bianca"}, "103.5", "Bianca", "zero cards")
