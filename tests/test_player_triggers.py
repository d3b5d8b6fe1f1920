"""Triggers and durations tied to players: CR 603.9 ("when a player loses the game" triggers on
losing or leaving, for any reason; conceding is losing, CR 104.3a), CR 303.4c / 704.5m (an Aura
enchanting a player who left goes to the graveyard), CR 608.2h (last known information), CR 122.1a
and 613.4c (counters and effects in layer 7c), CR 611.3a-b (a static ability's effect is not
locked in and applies while its source is on the battlefield), CR 611.2a / 611.2c (a resolved
effect's duration and locked-in set), CR 606.3 (loyalty abilities), CR 702.15b (lifelink) and
CR 800.4m (until a departed player's next turn)."""

from __future__ import annotations

import pytest
from tracetools import P3, P4, assert_unchanged, frozen, rules

from magicsub import Game, RulesError, Zone
from magicsub.engine.changes import ModifierChange, ObjCounters
from magicsub.engine.characteristics import power_toughness


def game(players=P4, lib=6) -> Game:
    return Game(players, seed=1, libraries={p: lib for p in players})


def pt(g: Game, oid: str):
    return power_toughness(g.world, g.obj(oid))


def cursed(players=P4, victim=None, spells=2, extra=()):
    """A game in which the first player's Curse of Vengeance enchants ``victim`` (the second
    player by default), who has cast ``spells`` spells (one spite counter each)."""
    g = game(players)
    a = players[0]
    victim = victim or players[1]
    g.add_object("curse", "Curse of Vengeance", owner=a, zone="hand")
    for i in range(spells):
        g.add_object(f"spell{i}", "Shock", owner=victim, zone="hand", types=["instant"])
    for obj in extra:
        g.add_object(*obj[:2], owner=obj[2], zone="hand", types=["instant"])
    g.apply({"cast": {"card": "curse", "by": a, "target": victim}})
    g.apply({"resolve": "curse"})
    for i in range(spells):
        while g.world.game.priority != victim:
            g.apply({"pass_priority": g.world.game.priority})
        g.apply({"cast": {"card": f"spell{i}", "by": victim}})
        g.apply({"resolve": "curse"})
        g.apply({"resolve": f"spell{i}"})
    return g


def test_303_4b_curse_enchants_a_player():
    """CR 303.4b: "The object or player an Aura is attached to is called enchanted." The Curse
    enters attached to the player it targets."""
    g = cursed(spells=0)
    assert g.obj("curse").zone.value == "battlefield"
    assert g.obj("curse").attached_to == P4[1]
    assert g.obj("curse").controller == P4[0]


def test_601_2c_curse_must_target_a_player_in_the_game():
    """CR 601.2c / 303.4a: "Enchant player" targets a player; a departed player can't be chosen."""
    g = game()
    g.add_object("curse", "Curse of Vengeance", owner=P4[0], zone="hand")
    g.apply({"leave": P4[2]})
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.apply({"cast": {"card": "curse", "by": P4[0], "target": P4[2]}})
    assert err.value.rule == "601.2c"
    assert_unchanged(g, before)


def test_603_2_spite_counter_each_spell_the_enchanted_player_casts():
    """CR 603.2 and 122.1: "Whenever enchanted player casts a spell, put a spite counter on this
    Aura." -- the trigger goes on the stack above the spell before anyone gets priority."""
    a, b = P4[0], P4[1]
    g = cursed(spells=0, extra=[("bolt", "Lightning Bolt", b), ("own", "Shock", a)])
    g.apply({"cast": {"card": "own", "by": a}})
    assert [o.id for o in g.world.stack()] == ["own"]  # the Curse's controller casting: nothing
    g.apply({"resolve": "own"})
    g.apply({"pass_priority": a})
    g.apply({"cast": {"card": "bolt", "by": b}})
    assert [o.source or o.id for o in g.world.stack()] == ["bolt", "curse"]
    assert g.world.game.priority == b
    steps = g.apply({"resolve": "curse"})
    assert [c for s in steps for c in s.changes if isinstance(c, ObjCounters)] == [
        ObjCounters("curse", "Curse of Vengeance [curse]", "spite", 0, 1)]
    assert dict(g.obj("curse").counters) == {"spite": 1}


@pytest.mark.parametrize("how", ["concede", "leave", "lose"])
def test_603_9_curse_triggers_when_enchanted_player_loses_or_leaves(how):
    """CR 603.9: "These abilities trigger when a player loses or leaves the game, regardless of
    the reason" (conceding is losing, CR 104.3a). CR 303.4c / 704.5m put the Curse, enchanting a
    player who has left, into its owner's graveyard before the trigger goes on the stack; X uses
    its last known information (CR 608.2h): 2 spite counters, so Alex gains 2 and draws 2."""
    g = cursed()
    a, b = P4[0], P4[1]
    hand = len(g.world.in_zone(0, Zone.HAND, a))
    steps = g.apply({how: b})
    assert "603.9" in rules(steps) and "704.5m" in rules(steps)
    assert rules(steps).index("603.9") < rules(steps).index("704.5m") < rules(steps).index("603.3")
    assert g.obj("curse").zone.value == "graveyard"
    assert [o.source for o in g.world.stack()] == ["curse"]
    assert g.world.game.priority == a
    steps = g.apply({"resolve": "curse"})
    assert "608.2h" in rules(steps)
    assert g.world.game.seat(a).life == 22
    assert len(g.world.in_zone(0, Zone.HAND, a)) == hand + 2
    assert g.world.stack() == []
    assert g.world.game.priority == a


def test_603_9_curse_of_another_player_does_not_trigger():
    """CR 603.9 with "enchanted player": a player who is not enchanted leaving triggers nothing."""
    g = cursed()
    steps = g.apply({"leave": P4[2]})
    assert "603.9" not in rules(steps)
    assert g.obj("curse").zone.value == "battlefield"
    assert g.world.stack() == []


def test_104_2a_two_player_game_ends_so_no_trigger():
    """CR 104.2a: in a two-player game a loss ends the game; the Curse's trigger never matters."""
    g = cursed(players=("Alex", "Bianca"), spells=1)
    steps = g.apply({"concede": "Bianca"})
    assert "603.9" not in rules(steps)
    assert g.world.game.ended and g.world.game.winner == "Alex"


def test_603_9_blood_tyrant_triggers_per_loser_and_looks_back_for_its_own_controller():
    """CR 603.9: Blood Tyrant triggers for each player who loses; CR 122.1a / 613.4c: five +1/+1
    counters make it 10/10. CR 603.10f: when its controller loses, it has left the game with
    them (CR 800.4a), but the game looks back in time: it triggers, controlled by Cho, and
    CR 800.4d keeps it off the stack."""
    g = game()
    g.add_object("tyrant", "Blood Tyrant", owner="Cho", zone="battlefield")
    assert pt(g, "tyrant") == (5, 5)
    g.apply({"concede": "Bianca"})
    g.apply({"resolve": "tyrant"})
    assert dict(g.obj("tyrant").counters) == {"+1/+1": 5}
    assert pt(g, "tyrant") == (10, 10)
    steps = g.apply({"concede": "Cho"})
    assert rules(steps)[-3:] == ["603.9", "603.10f", "800.4d"]
    assert g.obj("tyrant").game is None and g.world.stack() == []
    assert g.world.game.pending == ()


def test_603_2b_blood_tyrant_upkeep_drain():
    """CR 603.2b: "At the beginning of your upkeep, each player loses 1 life. Put a +1/+1 counter
    on this creature for each 1 life lost this way." Three players still in the game: +3."""
    g = game()
    g.add_object("tyrant", "Blood Tyrant", owner="Bianca", zone="battlefield")
    g.apply({"leave": "Dana"})
    g.apply({"resolve": "tyrant"})  # CR 603.9: Dana left; five +1/+1 counters
    assert pt(g, "tyrant") == (10, 10)
    g.apply({"advance": "upkeep"})
    assert g.world.game.active == "Bianca"
    assert [o.source for o in g.world.stack()] == ["tyrant"]
    g.apply({"resolve": "tyrant"})
    assert [g.world.game.seat(p).life for p in ("Alex", "Bianca", "Cho")] == [19, 19, 19]
    assert dict(g.obj("tyrant").counters) == {"+1/+1": 8}
    assert pt(g, "tyrant") == (13, 13)


def test_122_2_counters_do_not_follow_a_card_to_a_new_zone():
    """CR 122.2: counters on an object are not retained when it moves to another zone."""
    g = game()
    g.add_object("tyrant", "Blood Tyrant", owner="Cho", zone="battlefield")
    g.apply({"concede": "Bianca"})
    g.apply({"resolve": "tyrant"})
    g.apply({"move": {"object": "tyrant", "to": "graveyard"}})
    g.apply({"move": {"object": "tyrant", "to": "battlefield"}})
    assert g.obj("tyrant").counters == () and pt(g, "tyrant") == (5, 5)


def test_611_3a_anthem_follows_its_controller_and_ends_when_it_leaves():
    """CR 611.3a: a static ability's effect "applies at any given moment to whatever its text
    indicates"; CR 611.3b: only while its source is on the battlefield."""
    g = game()
    g.add_object("anthem", "Glorious Anthem", owner="Alex", zone="battlefield")
    g.add_object("angel", "Serra Angel", owner="Alex", zone="battlefield")
    g.add_object("bears", "Grizzly Bears", owner="Cho", zone="battlefield")
    assert pt(g, "angel") == (5, 5) and pt(g, "bears") == (2, 2)
    g.apply({"effect": {"control": "anthem", "to": "Cho", "source": "Threaten",
                        "until": "forever"}})
    assert pt(g, "angel") == (4, 4) and pt(g, "bears") == (3, 3)
    g.leave("Cho")
    assert g.obj("anthem").controller == "Alex" and pt(g, "angel") == (5, 5)
    g.apply({"move": {"object": "anthem", "to": "graveyard"}})
    assert pt(g, "angel") == (4, 4)


def sorin_game(players=P3):
    g = game(players, lib=5)
    g.add_object("sorin", "Sorin, Solemn Visitor", owner="Alex", zone="hand")
    g.add_object("angel", "Serra Angel", owner="Alex", zone="battlefield")
    g.add_object("bears", "Grizzly Bears", owner="Cho", zone="battlefield")
    g.apply({"effect": {"control": "bears", "to": "Alex", "source": "Threaten",
                        "until": "forever"}})
    g.apply({"cast": {"card": "sorin", "by": "Alex"}})
    g.apply({"resolve": "sorin"})
    return g


def test_606_3_loyalty_ability_once_per_turn_at_sorcery_speed():
    """CR 306.5b: Sorin enters with 4 loyalty counters. CR 606.4: +1 puts one on. CR 606.3: once
    each turn, with priority, an empty stack, in the controller's main phase."""
    g = sorin_game()
    assert dict(g.obj("sorin").counters) == {"loyalty": 4}
    g.apply({"activate": {"object": "sorin", "by": "Alex", "ability": "+1"}})
    assert dict(g.obj("sorin").counters) == {"loyalty": 5}
    assert [o.source for o in g.world.stack()] == ["sorin"]
    assert g.world.game.priority == "Alex"
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.apply({"activate": {"object": "sorin", "by": "Alex", "ability": "+1"}})
    assert_unchanged(g, before)
    assert err.value.rule == "606.3"
    g.apply({"resolve": "sorin"})
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.apply({"activate": {"object": "sorin", "by": "Alex", "ability": "+1"}})
    assert_unchanged(g, before)
    assert err.value.rule == "606.3" and "already" in str(err.value)
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.apply({"activate": {"object": "sorin", "by": "Alex", "ability": "-2"}})
    assert_unchanged(g, before)
    assert err.value.rule == "606.1"


def test_611_2c_sorin_locks_in_the_creatures_it_affects():
    """CR 611.2c: the set of creatures is fixed as the effect begins; a creature Alex gains later
    is not affected, and the affected ones keep it after changing control."""
    g = sorin_game()
    g.apply({"activate": {"object": "sorin", "by": "Alex", "ability": "+1"}})
    steps = g.apply({"resolve": "sorin"})
    begun = [c for s in steps for c in s.changes if isinstance(c, ModifierChange)]
    assert [c.status for c in begun] == ["begins"]
    assert pt(g, "angel") == (5, 4) and pt(g, "bears") == (3, 2)
    g.apply({"create": {"id": "later", "name": "Runeclaw Bears", "controller": "Alex",
                        "zone": "battlefield", "token": True, "types": ["creature"],
                        "power": 2, "toughness": 2}})
    assert pt(g, "later") == (2, 2)


def test_611_2a_until_your_next_turn_ends_as_that_turn_begins():
    """CR 611.2a: the effect lasts as stated: until Alex's next turn begins."""
    g = sorin_game()
    g.apply({"activate": {"object": "sorin", "by": "Alex", "ability": "+1"}})
    g.apply({"resolve": "sorin"})
    g.apply({"advance": "next_turn"})
    g.apply({"advance": "next_turn"})
    assert g.world.game.active == "Cho" and pt(g, "angel") == (5, 4)
    steps = g.apply({"advance": "next_turn"})
    assert g.world.game.active == "Alex" and pt(g, "angel") == (4, 4)
    assert "611.2a" in rules(steps) and g.world.modifiers == type(g.world.modifiers)()


def test_800_4m_sorin_effect_lasts_until_departed_players_turn_would_have_begun():
    """CR 800.4m: "until that player's next turn" effects of a player who left "last until that
    turn would have begun. They neither expire immediately nor last indefinitely." The Bears go
    back to Cho (CR 800.4a) still 3/2 with lifelink (CR 702.15b: Cho gains the life)."""
    g = sorin_game()
    g.apply({"activate": {"object": "sorin", "by": "Alex", "ability": "+1"}})
    g.apply({"resolve": "sorin"})
    g.leave("Alex")
    assert g.obj("bears").controller == "Cho" and pt(g, "bears") == (3, 2)
    g.apply({"advance": "next_turn"})
    g.apply({"advance": "next_turn"})
    assert g.world.game.active == "Cho"
    g.apply({"advance": "declare_attackers"})
    g.apply({"attack": {"creature": "bears", "defender": "Bianca"}})
    steps = g.apply({"advance": "combat_damage"})
    assert "702.15b" in rules(steps)
    assert g.world.game.seat("Bianca").life == 17 and g.world.game.seat("Cho").life == 23
    assert pt(g, "bears") == (3, 2)
    steps = g.apply({"advance": "next_turn"})
    assert rules(steps).index("800.4k") < rules(steps).index("800.4m")
    assert g.world.game.active == "Bianca" and pt(g, "bears") == (2, 2)


def test_400_7_resolved_effect_does_not_follow_a_card_back_to_the_battlefield():
    """CR 400.7 and 611.2c: the Angel that leaves and returns is a new object, not in the locked-in
    set of Sorin's effect: it is 4/4 again, while the Bears keep +1/+0."""
    g = sorin_game()
    g.apply({"activate": {"object": "sorin", "by": "Alex", "ability": "+1"}})
    g.apply({"resolve": "sorin"})
    assert pt(g, "angel") == (5, 4)
    g.apply({"move": {"object": "angel", "to": "graveyard"}})
    g.apply({"move": {"object": "angel", "to": "battlefield"}})
    assert g.obj("angel").zone is Zone.BATTLEFIELD
    assert pt(g, "angel") == (4, 4) and pt(g, "bears") == (3, 2)
