"""Illegal requests: each raises ``RulesError`` naming the rule and the object or player, and
leaves the game exactly as it was (world, trace and random generator), even when the error is
found in the middle of a request that had already begun several steps (DESIGN.md section 3)."""

from __future__ import annotations

import random

import pytest

import magicsub
from magicsub import Game, RulesError, ScenarioError

PLAYERS = ["Alex", "Bianca", "Cho"]


def make_game(players=PLAYERS, **kw) -> Game:
    """A three-player game in Alex's main phase, with a few built-in cards about."""
    g = Game(players, seed=7, libraries={p: 8 for p in players}, **kw)
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    g.add_object("shahrazad2", "Shahrazad", owner="Bianca", zone="hand")
    g.add_object("bears", "Grizzly Bears", owner="Alex", zone="battlefield")
    g.add_object("angel", "Serra Angel", owner="Bianca", zone="battlefield")
    g.add_object("forest", "Forest", owner="Alex", zone="battlefield", types=["land"])
    g.add_object("shock", "Shock", owner="Bianca", zone="hand", types=["instant"])
    g.add_object("divination", "Divination", owner="Bianca", zone="hand", types=["sorcery"])
    g.add_object("bribery", "Bribery", owner="Alex", zone="hand")
    g.add_object("wish", "Living Wish", owner="Alex", zone="hand")
    g.add_object("fork", "Fork", owner="Alex", zone="hand")
    g.add_object("slide", "Astral Slide", owner="Alex", zone="battlefield")
    g.add_object("cycler", "Drifting Meadow", owner="Alex", zone="hand", types=["land"])
    g.add_object("outside_bears", "Runeclaw Bears", owner="Alex", zone="outside")
    g.add_object("outside_bianca", "Assault Griffin", owner="Bianca", zone="outside")
    g.add_object("outside_land", "Plains", owner="Alex", zone="outside", types=["land"])
    g.add_object("token", "Soldier", owner="Alex", zone="battlefield", token=True,
                 types=["creature"])
    return g


class Snapshot:
    """Everything a refused request must leave untouched."""

    def __init__(self, game: Game):
        self.game = game
        self.world = game.world
        self.objects = dict(game.world.objects.items())
        self.games = dict(game.world.games.items())
        self.n = len(game.trace)
        self.steps = list(game.trace)
        self.initial = game.trace.initial
        self.rng = game.rng.getstate()

    def assert_unchanged(self) -> None:
        g = self.game
        assert g.world is self.world
        assert dict(g.world.objects.items()) == self.objects
        assert dict(g.world.games.items()) == self.games
        assert len(g.trace) == self.n
        assert all(a is b for a, b in zip(g.trace, self.steps, strict=True))
        assert g.trace.initial is self.initial
        assert g.rng.getstate() == self.rng


def refuse(game: Game, step: dict, rule: str, *names: str, error=RulesError) -> RulesError:
    """Apply an illegal ``step``: it must raise ``error`` citing ``rule`` whose message names
    every one of ``names``, and leave the game unchanged."""
    snap = Snapshot(game)
    with pytest.raises(error) as e:
        game.apply(step)
    snap.assert_unchanged()
    assert isinstance(e.value, RulesError)
    assert e.value.rule == rule, str(e.value)
    message = str(e.value)
    if rule != "scenario":
        assert f"rule {rule}" in message
    for name in names:
        assert name in message, (name, message)
    return e.value


def in_subgame() -> Game:
    g = make_game()
    g.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    g.apply({"resolve": "shahrazad"})
    assert g.subgames == 1
    return g


def ended_main() -> Game:
    g = make_game(players=["Alex", "Bianca"])
    g.apply({"win": "Alex"})
    assert g.world.main.ended
    return g


# -- objects that aren't there ------------------------------------------------------------------

def test_move_unknown_object():
    err = refuse(make_game(), {"move": {"object": "nope", "to": "exile"}}, "109.1", "nope")
    assert err.subject == "nope"


def test_move_object_that_is_outside_the_game():
    refuse(make_game(), {"move": {"object": "outside_bears", "to": "hand"}}, "400.11",
           "outside_bears")


def test_move_object_into_the_zone_it_is_in():
    refuse(make_game(), {"move": {"object": "bears", "to": "battlefield"}}, "400.7", "bears")


def test_move_object_of_the_discontinued_main_game():
    err = refuse(in_subgame(), {"move": {"object": "bears", "to": "graveyard"}}, "726.1a",
                 "main game")
    assert err.subject == "bears"


def test_move_into_a_game_that_does_not_exist():
    err = refuse(make_game(), {"move": {"object": "bears", "to": "exile", "game": 3}}, "726.1a",
                 "subgame 3")
    assert err.subject == "bears"


def test_move_into_a_game_not_in_progress_names_the_object():
    refuse(in_subgame(), {"move": {"object": "bears", "to": "graveyard"}}, "726.1a", "bears")


def test_move_an_ability_or_copy_off_the_stack():
    g = make_game()
    g.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    g.apply({"copy": {"spell": "shahrazad", "by": "Alex", "id": "shah-copy"}})
    refuse(g, {"move": {"object": "shah-copy", "to": "graveyard"}}, "704.5e", "shah-copy")


def test_unknown_object_in_each_object_field():
    g = make_game()
    for step in ({"cast": {"card": "ghost", "by": "Alex"}},
                 {"copy": {"spell": "ghost", "by": "Alex"}},
                 {"resolve": {"choose": "ghost"}},
                 {"bring_in": {"object": "ghost", "to": "hand"}},
                 {"attack": {"creature": "ghost", "defender": "Bianca"}},
                 {"cycle": {"card": "ghost", "by": "Alex"}},
                 {"effect": {"control": "ghost", "to": "Bianca"}}):
        refuse(g, step, "109.1", "ghost")


# -- casting -------------------------------------------------------------------------------------

def test_cast_card_not_in_hand():
    err = refuse(make_game(), {"cast": {"card": "bears", "by": "Alex"}}, "601.2a", "bears",
                 "Alex", "battlefield")
    assert err.subject == "bears"


def test_cast_card_from_another_players_hand():
    g = make_game()
    g.apply({"pass_priority": "Alex"})  # Bianca now holds priority
    refuse(g, {"cast": {"card": "shahrazad", "by": "Bianca"}}, "601.2a", "shahrazad", "Bianca")


def test_cast_without_priority():
    err = refuse(make_game(), {"cast": {"card": "shock", "by": "Bianca"}}, "117.1", "Bianca",
                 "Alex")
    assert err.subject == "Bianca"


def test_cast_before_the_first_turn_of_a_subgame():
    """CR 103.8: before the starting player takes the first turn nobody can cast a spell."""
    g = in_subgame()
    first = g.current.first
    assert g.priority is None and g.active is None
    hand = g.zone("hand", first, game=1)
    refuse(g, {"cast": {"card": hand[0], "by": first}}, "103.8", first, "first turn")


def test_cast_without_priority_in_the_untap_step_of_a_subgame():
    g = in_subgame()
    g.apply({"advance": "next_turn"})
    assert g.current.step == "untap" and g.priority is None
    hand = g.zone("hand", g.active, game=1)
    refuse(g, {"cast": {"card": hand[0], "by": g.active}}, "117.1", g.active)


def test_cast_sorcery_with_a_nonempty_stack():
    g = make_game()
    g.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    assert g.priority == "Alex"
    refuse(g, {"cast": {"card": "bribery", "by": "Alex", "target": "Bianca"}}, "307.1",
           "bribery", "Alex")


def test_cast_sorcery_in_another_players_turn():
    g = make_game()
    g.apply({"pass_priority": "Alex"})
    assert g.priority == "Bianca" and g.active == "Alex" and g.stack == []
    refuse(g, {"cast": {"card": "divination", "by": "Bianca"}}, "307.1", "divination", "Bianca")


def test_cast_instant_in_another_players_turn_is_legal():
    g = make_game()
    g.apply({"pass_priority": "Alex"})
    g.apply({"cast": {"card": "shock", "by": "Bianca"}})
    assert g.stack == ["shock"]


def test_cast_with_an_illegal_target():
    g = make_game()
    refuse(g, {"cast": {"card": "bribery", "by": "Alex", "target": "Alex"}}, "601.2c", "Alex")
    refuse(g, {"cast": {"card": "bribery", "by": "Alex"}}, "601.2c", "bribery")
    refuse(g, {"cast": {"card": "fork", "by": "Alex", "target": "bears"}}, "601.2c", "bears")


def test_cast_by_a_player_who_left():
    g = make_game()
    g.apply({"leave": "Cho"})
    refuse(g, {"cast": {"card": "shock", "by": "Cho"}}, "800.4", "Cho")


def test_copy_of_something_not_on_the_stack():
    refuse(make_game(), {"copy": {"spell": "bears", "by": "Alex"}}, "707.10", "bears")


def test_copy_with_an_id_that_is_taken():
    g = make_game()
    g.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    refuse(g, {"copy": {"spell": "shahrazad", "by": "Alex", "id": "bears"}}, "707.10", "bears")


def test_cycle_a_card_not_in_hand():
    refuse(make_game(), {"cycle": {"card": "forest", "by": "Alex"}}, "702.29a", "forest", "Alex")


# -- resolving -----------------------------------------------------------------------------------

def test_resolve_with_an_empty_stack():
    err = refuse(make_game(), {"resolve": "shahrazad"}, "117.4", "empty", "shahrazad")
    assert err.subject == "shahrazad"
    refuse(make_game(), {"resolve": {}}, "117.4", "empty", "main game")


def test_resolve_naming_the_wrong_top_object():
    g = make_game()
    g.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    g.apply({"pass_priority": "Alex"})
    g.apply({"cast": {"card": "shock", "by": "Bianca"}})
    refuse(g, {"resolve": "shahrazad"}, "117.4", "Shock", "shahrazad")


# -- turns and priority ----------------------------------------------------------------------------

def test_advance_with_a_nonempty_stack():
    g = make_game()
    g.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    err = refuse(g, {"advance": "end"}, "500.2", "Shahrazad")
    assert err.subject == "shahrazad"


def test_advance_to_an_unknown_step():
    err = refuse(make_game(), {"advance": "second_main"}, "scenario", "second_main",
                 "upkeep", error=ScenarioError)
    assert isinstance(err, RulesError) and isinstance(err, ValueError)


def test_unknown_action_name():
    refuse(make_game(), {"teleport": {"object": "bears"}}, "scenario", "teleport",
           error=ScenarioError)


def test_pass_priority_by_a_player_without_priority():
    err = refuse(make_game(), {"pass_priority": "Cho"}, "117.3d", "Cho", "Alex")
    assert err.subject == "Cho"


def test_pass_priority_when_nobody_holds_it():
    g = in_subgame()
    refuse(g, {"pass_priority": g.current.first}, "103.8", g.current.first, "first turn")
    g.apply({"advance": "next_turn"})
    refuse(g, {"pass_priority": g.active}, "117.3d", g.active, "no player")


# -- players leaving -----------------------------------------------------------------------------

def test_player_leaves_twice():
    g = make_game()
    g.apply({"leave": "Cho"})
    for how in ("leave", "lose", "concede"):
        err = refuse(g, {how: "Cho"}, "800.4", "Cho", "already left")
        assert err.subject == "Cho"


def test_unknown_player_leaves():
    for how in ("leave", "lose", "concede"):
        err = refuse(make_game(), {how: "Dana"}, "102.1", "Dana")
        assert err.subject == "Dana"


def test_unknown_player_in_other_steps():
    g = make_game()
    refuse(g, {"win": "Dana"}, "102.1", "Dana")
    refuse(g, {"counters": {"player": "Dana", "kind": "poison", "add": 1}}, "102.1", "Dana")
    refuse(g, {"cast": {"card": "shahrazad", "by": "Dana"}}, "102.1", "Dana")
    refuse(g, {"effect": {"control": "bears", "to": "Dana"}}, "102.1", "Dana")


def test_player_who_left_the_main_game_is_not_in_the_subgame():
    g = make_game()
    g.apply({"leave": "Cho"})
    g.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    g.apply({"resolve": "shahrazad"})
    refuse(g, {"leave": "Cho"}, "800.4", "Cho", "subgame 1")
    refuse(g, {"life": {"player": "Cho", "add": 3}}, "119.3", "Cho")


# -- bringing cards in (726.4a) ------------------------------------------------------------------

def test_bring_in_a_card_already_in_the_game_in_progress():
    g = make_game()
    err = refuse(g, {"bring_in": {"object": "bears", "to": "hand"}}, "726.4a", "bears",
                 "already")
    assert err.subject == "bears"
    sub = in_subgame()
    card = sub.zone("library", "Alex", game=1)[0]
    refuse(sub, {"bring_in": {"object": card, "to": "hand"}}, "726.4a", card, "subgame 1")


def test_bring_in_a_token():
    refuse(make_game(), {"bring_in": {"object": "token", "to": "battlefield"}}, "726.4a",
           "token")


def test_bring_in_a_copy_or_an_ability():
    g = make_game()
    g.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    g.apply({"copy": {"spell": "shahrazad", "by": "Alex", "id": "shah-copy"}})
    g.apply({"resolve": "shah-copy"})  # the copy's subgame starts; the copy stays on the stack
    refuse(g, {"bring_in": {"object": "shah-copy", "to": "hand"}}, "726.4a", "shah-copy",
           "copy")
    g = make_game()
    g.apply({"cycle": {"card": "cycler", "by": "Alex"}})  # Astral Slide triggers
    ability = g.world.stack()[-1]
    assert ability.kind is magicsub.Kind.ABILITY
    refuse(g, {"bring_in": {"object": ability.id, "to": "hand"}}, "726.4a", ability.id,
           "ability")


def test_card_brought_into_an_ended_subgame_is_back_in_the_main_game_and_not_outside_it():
    """CR 726.4a brings Runeclaw Bears from outside into subgame 1; when the subgame ends, CR
    726.5 puts it, like every subgame card, into its owner's main-game library and nothing is
    left in the ended subgame. Bringing it in again is refused: it is in the main game now."""
    g = in_subgame()
    g.apply({"bring_in": {"object": "outside_bears", "to": "hand"}})
    assert g.where("outside_bears") == ("1", "hand")
    subgame_card = g.zone("library", "Alex", game=1)[0]
    g.apply({"win": "Bianca"})
    assert g.subgames == 0 and g.world.games[1].status == "ended"
    assert [o.id for o in g.world.objects.values() if o.game == 1] == []
    assert g.where("outside_bears") == ("main", "library")
    assert g.where(subgame_card) == ("main", "library")
    assert len(g.zone("library", "Alex")) == 9  # 8 of Alex's cards and the Bears
    err = refuse(g, {"bring_in": {"object": "outside_bears", "to": "hand"}}, "726.4a",
                 "outside_bears", "already in the main game")
    assert err.subject == "outside_bears"


# -- games that have ended (104.1) ---------------------------------------------------------------

@pytest.mark.parametrize("step", [
    {"advance": "upkeep"},
    {"pass_priority": "Alex"},
    {"win": "Bianca"},
    {"draw_game": True},
    {"leave": "Bianca"},
    {"lose": "Alex"},
    {"concede": "Bianca"},
    {"cast": {"card": "shahrazad", "by": "Alex"}},
    {"resolve": {}},
    {"counters": {"player": "Alex", "kind": "poison", "add": 1}},
    {"life": {"player": "Bianca", "add": 1}},
    {"create": {"id": "t9", "name": "Soldier", "controller": "Alex", "zone": "battlefield"}},
    {"move": {"object": "bears", "to": "exile"}},
    {"bring_in": {"object": "outside_bears", "to": "hand"}},
    {"effect": {"control": "bears", "to": "Bianca"}},
], ids=lambda s: next(iter(s)))
def test_no_action_after_the_main_game_has_ended(step):
    g = ended_main()
    refuse(g, step, "104.1", "main game", "ended")


def test_win_and_draw_end_the_main_game_legally():
    g = make_game(players=["Alex", "Bianca"])
    g.apply({"draw_game": True})
    assert g.world.main.ended and g.world.main.winner is None
    g = make_game()
    g.apply({"win": "Bianca"})
    assert g.world.main.ended and g.world.main.winner == "Bianca"


def test_draw_game_takes_true():
    refuse(make_game(), {"draw_game": False}, "104.4a", "true")


# -- editions and variants -----------------------------------------------------------------------

def test_unknown_cr_edition():
    with pytest.raises(RulesError) as e:
        Game(["Alex", "Bianca"], edition="999")
    assert "999" in str(e.value) and "726" in str(e.value)
    assert e.value.subject == "999"
    assert e.value.rule == "726"
    with pytest.raises(RulesError):
        magicsub.edition("1999")


@pytest.mark.parametrize("variant", ["commander", "vanguard", "planechase", "archenemy"])
def test_variant_unknown_to_edition_506(variant):
    with pytest.raises(RulesError) as e:
        Game(["Alex", "Bianca"], edition="506", variant=variant)
    assert e.value.rule == "506.1"
    assert variant in str(e.value) and "506" in str(e.value)
    assert e.value.subject == variant


def test_variant_unknown_to_every_edition_is_refused_naming_it():
    with pytest.raises(RulesError) as e:
        Game(["Alex", "Bianca"], variant="emperor")
    assert e.value.rule == "726.1" and e.value.subject == "emperor"
    assert "emperor" in str(e.value)


def test_game_construction_refuses_one_player_a_duplicate_name_and_unknown_players():
    with pytest.raises(RulesError) as e:
        Game(["Alex"])
    assert e.value.rule == "103.1"
    with pytest.raises(RulesError) as e:
        Game(["Alex", "Alex"])
    assert e.value.rule == "103.1" and "Alex" in str(e.value)
    with pytest.raises(RulesError) as e:
        Game(["Alex", "Bianca"], libraries={"Dana": 3})
    assert e.value.subject == "Dana"
    with pytest.raises(RulesError) as e:
        Game(["Alex", "Bianca"], life={"Dana": 3})
    assert e.value.subject == "Dana"


# -- control effects ------------------------------------------------------------------------------

def test_control_effect_with_an_unknown_duration():
    refuse(make_game(), {"effect": {"control": "bears", "to": "Bianca", "until": "someday"}},
           "scenario", "someday", "end_of_turn", error=ScenarioError)
    refuse(make_game(), {"effect": {"control": "bears", "to": "Bianca",
                                    "until": {"next_turn": "Alex", "x": 1}}},
           "scenario", "next_turn", error=ScenarioError)


def test_add_effect_with_an_unknown_duration_changes_nothing():
    g = make_game()
    snap = Snapshot(g)
    with pytest.raises(RulesError) as e:
        g.add_effect("bears", "Bianca", until="someday")
    snap.assert_unchanged()
    assert e.value.rule == "611.2" and "someday" in str(e.value)


def test_control_effect_on_an_object_not_on_the_battlefield():
    refuse(make_game(), {"effect": {"control": "shahrazad", "to": "Bianca"}}, "611.2",
           "shahrazad")


def test_control_effect_on_an_object_of_the_discontinued_main_game():
    refuse(in_subgame(), {"effect": {"control": "bears", "to": "Bianca"}}, "726.1a", "bears")


def test_control_effect_until_the_next_turn_of_an_unknown_player():
    g = make_game()
    snap = Snapshot(g)
    with pytest.raises(RulesError) as e:
        g.apply({"effect": {"control": "bears", "to": "Bianca", "until": {"next_turn": "Dana"}}})
    snap.assert_unchanged()
    assert "Dana" in str(e.value)


# -- malformed step mappings ---------------------------------------------------------------

@pytest.mark.parametrize("step, words", [
    ({}, ["exactly one key"]),
    ({"win": "Alex", "leave": "Bianca"}, ["exactly one key"]),
    ({"cast": "shahrazad"}, ["cast", "card, by"]),
    ({"cast": {"card": "shahrazad"}}, ["missing field 'by'"]),
    ({"cast": {"card": "shahrazad", "by": "Alex", "speed": 3}}, ["unknown field 'speed'"]),
    ({"counters": {"player": "Alex", "kind": "poison", "add": "two"}}, ["integer", "'two'"]),
    ({"counters": {"player": "Alex", "kind": "poison", "add": True}}, ["integer"]),
    ({"move": {"object": "bears", "to": "sideboard"}}, ["zone", "sideboard"]),
    ({"move": {"object": "bears", "to": "exile", "game": "first"}}, ["game", "first"]),
    ({"create": {"id": "t", "name": "Soldier", "controller": "Alex", "zone": "battlefield",
                 "types": "creature"}}, ["list of card types"]),
    ({"draw_game": "yes"}, ["true or false"]),
    ({"leave": ""}, ["player's name"]),
    ({"leave": ["Alex"]}, ["player's name"]),
], ids=lambda v: str(v)[:40])
def test_malformed_step_mapping(step, words):
    err = refuse(make_game(), step, "scenario", *words, error=ScenarioError)
    assert isinstance(err, ValueError)


@pytest.mark.parametrize("step", [["win", "Alex"], ["ab", "cd"], "win", 3, None],
                         ids=repr)
def test_a_step_that_is_not_a_mapping_is_a_scenario_error(step):
    """DESIGN.md section 3: a malformed request raises RulesError (here ScenarioError), never a
    bare ValueError or TypeError, and a list of pairs is not read as a mapping."""
    err = refuse(make_game(), step, "scenario", "a step is a mapping with exactly one key",
                 f"got {step!r}", error=ScenarioError)
    assert isinstance(err, ValueError)


# -- errors in the middle of a request -------------------------------------------------------

def test_bribery_choosing_a_non_creature_leaves_nothing_half_done():
    g = make_game()
    g.apply({"cast": {"card": "bribery", "by": "Alex", "target": "Bianca"}})
    card = g.zone("library", "Bianca")[0]
    err = refuse(g, {"resolve": {"object": "bribery", "choose": card}}, "701.23", card, "Bianca")
    assert err.subject == card
    assert not g.trace.cites("117.4")
    assert g.stack == ["bribery"]


def test_bribery_choosing_a_creature_of_the_wrong_library():
    g = make_game()
    g.apply({"cast": {"card": "bribery", "by": "Alex", "target": "Bianca"}})
    refuse(g, {"resolve": {"object": "bribery", "choose": "angel"}}, "701.23", "angel")


def test_living_wish_choosing_a_card_in_the_game_or_of_another_owner():
    g = make_game()
    g.apply({"cast": {"card": "wish", "by": "Alex"}})
    refuse(g, {"resolve": {"object": "wish", "choose": "bears"}}, "400.11", "bears")
    refuse(g, {"resolve": {"object": "wish", "choose": "outside_bianca"}}, "400.11",
           "outside_bianca", "Alex")
    refuse(g, {"resolve": {"object": "wish", "choose": "shahrazad"}}, "400.11", "shahrazad")
    assert not g.trace.cites("117.4")
    g.apply({"resolve": {"object": "wish", "choose": "outside_land"}})
    assert g.where("outside_land") == ("main", "hand")


def test_astral_slide_exiling_a_non_creature_leaves_nothing_half_done():
    g = make_game()
    g.apply({"cycle": {"card": "cycler", "by": "Alex"}})
    n = len(g.trace)
    refuse(g, {"resolve": {"target": "forest"}}, "601.2c", "forest")
    assert len(g.trace) == n
    g.apply({"resolve": {"target": "angel"}})
    assert g.where("angel") == ("main", "exile")


def nested_subgame() -> Game:
    """Subgame 2 running inside subgame 1 (CR 726.6): Alex, active in subgame 1, brings in his
    second Shahrazad from outside, casts it and it resolves. Subgame 2 is before its first turn."""
    g = make_game()
    g.add_object("shah-alex", "Shahrazad", owner="Alex", zone="outside")
    g.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    g.apply({"resolve": "shahrazad"})
    g.apply({"advance": "main"})
    assert g.active == g.priority == "Alex"
    g.apply({"bring_in": {"object": "shah-alex", "to": "hand"}})
    g.apply({"cast": {"card": "shah-alex", "by": "Alex"}})
    g.apply({"resolve": "shah-alex"})
    assert g.subgames == 2 and g.current.gid == 2 and g.current.parent == 1
    assert g.current.step == "pregame" and g.priority is None
    return g


def test_errors_in_a_nested_subgame_leave_all_three_games_unchanged():
    """In subgame 2 (CR 726.6) the main game and subgame 1 are both discontinued (CR 726.1a):
    moving an object of either is refused, as are bringing in a card already in subgame 2 and
    casting without priority; each refusal leaves the whole tree as it was. A legal bring-in
    from the main game (CR 726.4a) then works. Subgame 2 has not begun its first turn, so
    casting is refused by CR 103.8."""
    g = nested_subgame()
    sub1_card = g.zone("hand", "Bianca", game=1)[0]
    sub2_card = g.zone("hand", "Bianca", game=2)[0]
    refuse(g, {"move": {"object": "bears", "to": "exile"}}, "726.1a", "bears", "main game")
    refuse(g, {"move": {"object": sub1_card, "to": "graveyard"}}, "726.1a", sub1_card,
           "subgame 1")
    refuse(g, {"move": {"object": "shah-alex", "to": "graveyard"}}, "726.1a", "shah-alex")
    refuse(g, {"bring_in": {"object": sub2_card, "to": "battlefield"}}, "726.4a", sub2_card,
           "subgame 2")
    refuse(g, {"cast": {"card": sub2_card, "by": "Bianca"}}, "103.8", "Bianca")
    assert [(gid, s.status) for gid, s in g.world.games.items()] == [
        (0, "discontinued"), (1, "discontinued"), (2, "in progress")]
    assert g.where("bears") == ("main", "battlefield")
    assert g.where(sub1_card) == ("1", "hand") and g.where(sub2_card) == ("2", "hand")
    assert g.where("shahrazad") == ("main", "stack") and g.where("shah-alex") == ("1", "stack")
    assert [g.life(p, game) for p in PLAYERS for game in (0, 1, 2)] == [20] * 9
    g.apply({"bring_in": {"object": "angel", "to": "hand"}})
    assert g.where("angel") == ("2", "hand") and g.subgames == 2


def test_rng_is_restored_after_an_error_that_followed_a_shuffle(monkeypatch):
    """An error raised after the request has drawn from the generator (Bribery has shuffled
    Bianca's library, then finishing the spell fails) restores the generator: the game then
    goes on exactly like a game that never saw the failed request."""
    from magicsub.engine import resolution
    from magicsub.engine.transaction import Tx

    a, b = make_game(), make_game()
    for g in (a, b):
        g.add_object("griffin", "Assault Griffin", owner="Bianca", zone="library")
        g.apply({"cast": {"card": "bribery", "by": "Alex", "target": "Bianca"}})
    shuffled = []
    real_shuffle = Tx.shuffle

    def shuffle(tx, *args, **kw):
        shuffled.append(args)
        return real_shuffle(tx, *args, **kw)

    def fail(*args, **kw):
        raise RulesError("608.2n", "injected failure after the shuffle")

    monkeypatch.setattr(Tx, "shuffle", shuffle)
    monkeypatch.setattr(resolution, "_finish", fail)
    snap = Snapshot(a)
    with pytest.raises(RulesError, match="injected failure"):
        a.apply({"resolve": {"object": "bribery", "choose": "griffin"}})
    assert shuffled == [(0, "Bianca")]
    snap.assert_unchanged()
    monkeypatch.undo()
    for g in (a, b):
        g.apply({"resolve": {"object": "bribery", "choose": "griffin"}})
        g.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
        g.apply({"resolve": "shahrazad"})
    assert a.zone("library", "Bianca", game=1) == b.zone("library", "Bianca", game=1)
    assert [s.to_dict() for s in a.trace] == [s.to_dict() for s in b.trace]


def test_random_requests_that_are_refused_change_nothing():
    """300 random requests in a subgame, most of them illegal: each refused one leaves the game
    unchanged; after a legal one the test starts again from a fresh subgame."""
    rnd = random.Random(3)
    refused = 0
    g = in_subgame()
    ids = list(g.world.objects.keys()) + ["ghost"]
    zones = ["library", "hand", "graveyard", "battlefield", "exile", "command", "stack"]
    for _ in range(300):
        step = rnd.choice([
            {"move": {"object": rnd.choice(ids), "to": rnd.choice(zones), "game": "main"}},
            {"cast": {"card": rnd.choice(ids), "by": rnd.choice(PLAYERS + ["Dana"])}},
            {"pass_priority": rnd.choice(PLAYERS)},
            {"resolve": rnd.choice(ids)},
            {"bring_in": {"object": rnd.choice(["token", "bears", "ghost"]), "to": "hand"}},
            {"leave": "Dana"},
        ])
        snap = Snapshot(g)
        try:
            g.apply(step)
        except RulesError as err:
            snap.assert_unchanged()
            assert err.rule
            refused += 1
        else:  # a legal step: start again from a fresh subgame
            g = in_subgame()
    assert refused >= 250  # the property is about refusals: most requests must be refused


# -- set-up after play has begun ------------------------------------------------------------------

def test_set_up_after_the_first_step_is_refused():
    g = make_game()
    g.apply({"pass_priority": "Alex"})
    snap = Snapshot(g)
    with pytest.raises(RulesError) as e:
        g.add_object("late", "Grizzly Bears", owner="Alex")
    assert e.value.rule == "103.1"
    with pytest.raises(RulesError):
        g.add_effect("bears", "Bianca")
    snap.assert_unchanged()


def test_set_up_errors_name_the_object():
    g = make_game()
    with pytest.raises(RulesError) as e:
        g.add_object("bears", "Grizzly Bears", owner="Alex")
    assert e.value.subject == "bears" and e.value.rule == "109.1"
    with pytest.raises(RulesError) as e:
        g.add_object("x", "Grizzly Bears", owner="Dana")
    assert "Dana" in str(e.value) and e.value.subject == "x"
    with pytest.raises(RulesError) as e:
        g.add_object("y", "Grizzly Bears", owner="Alex", zone="sideboard")
    assert e.value.rule == "400.1" and "sideboard" in str(e.value)
    with pytest.raises(RulesError) as e:
        g.add_object("z", "Soldier", owner="Alex", zone="hand", token=True)
    assert e.value.rule == "111.1" and e.value.subject == "z"


# -- corners the property tests found: legal requests that do nothing ------------------------
# These are not errors: the request is legal, and the rule it meets says nothing happens. Each
# test asserts that one outcome exactly: no RulesError, the rule cited, nothing moved.

OWNER_LEFT_RULE = {"battlefield": "800.4b", "stack": "800.4b", "hand": "800.4d",
                   "library": "800.4d", "graveyard": "800.4d", "exile": "800.4d",
                   "command": "800.4d"}
"""Onto the battlefield or the stack the card would come under its departed owner's control:
CR 800.4b, "that object remains in its current zone". Into any other zone it would be a new
object owned by a player who has left: CR 800.4d, "it isn't created"."""


def moves_in(steps) -> list:
    return [c for s in steps for c in s.changes if c.kind == "move"]


@pytest.mark.parametrize("zone", sorted(OWNER_LEFT_RULE))
def test_bring_in_a_card_whose_owner_has_left_does_nothing_and_the_card_stays_outside(zone):
    """CR 726.4a meets CR 800.4b/800.4d: Bianca has left; bringing her card in from outside is a
    legal request that does nothing: the card stays outside every game."""
    g = make_game()
    g.apply({"leave": "Bianca"})
    assert g.where("outside_bianca") == ("outside", "outside")
    objects = dict(g.world.objects.items())
    steps = g.apply({"bring_in": {"object": "outside_bianca", "to": zone}})
    rule = OWNER_LEFT_RULE[zone]
    assert [s.rule for s in steps] == ["726.4a", rule]
    assert steps[1].text == ("If an object would be put onto the battlefield or onto the stack "
                             "under the control of a player who has left the game, that object "
                             "remains in its current zone." if rule == "800.4b" else
                             "If an object that would be owned by a player who has left the "
                             "game would be created in any zone, it isn’t created.")
    assert steps[1].notes == ["Bianca, who owns Assault Griffin [outside_bianca], has left the "
                              "main game: the card does not come into the game and stays where "
                              "it is."]
    assert moves_in(steps) == []
    assert dict(g.world.objects.items()) == objects
    assert g.where("outside_bianca") == ("outside", "outside")
    assert g.priority == "Alex" and g.stack == []


@pytest.mark.parametrize("zone", sorted(OWNER_LEFT_RULE))
def test_move_an_ante_card_whose_owner_has_left_does_nothing_and_it_stays_in_ante(zone):
    """CR 800.4n keeps Bianca's anted Lotus in the game when she leaves; an effect that would
    move it is a legal request that does nothing (CR 800.4b or 800.4d, as above): the Lotus
    stays in the ante zone."""
    g = make_game()
    g.add_object("lotus", "Lotus", owner="Bianca", zone="ante", types=["artifact"])
    g.apply({"leave": "Bianca"})
    assert g.where("lotus") == ("main", "ante")
    objects = dict(g.world.objects.items())
    steps = g.apply({"move": {"object": "lotus", "to": zone}})
    assert [s.rule for s in steps] == [OWNER_LEFT_RULE[zone]]
    assert moves_in(steps) == []
    assert dict(g.world.objects.items()) == objects
    assert g.where("lotus") == ("main", "ante")


def bribery_moved_onto_the_stack() -> Game:
    g = make_game()
    g.apply({"move": {"object": "bribery", "to": "stack"}})
    assert g.obj("bribery").targets == ()
    return g


def bribery_whose_target_left() -> Game:
    g = make_game()
    g.apply({"cast": {"card": "bribery", "by": "Alex", "target": "Bianca"}})
    g.apply({"leave": "Bianca"})
    assert g.obj("bribery").targets == ("Bianca",)
    return g


@pytest.mark.parametrize("setup", [bribery_moved_onto_the_stack, bribery_whose_target_left],
                         ids=["moved_onto_the_stack_without_a_target", "target_left_the_game"])
def test_bribery_without_a_legal_target_goes_to_the_graveyard_and_searches_nothing(setup):
    """CR 608.2b: Bribery ("Search target opponent's library ...") with no opponent in the game
    to target doesn't resolve: "It’s removed from the stack and, if it’s a spell, put into its
    owner’s graveyard." Nobody's library is searched or shuffled and no creature enters."""
    g = setup()
    assert g.stack == ["bribery"]
    libraries = {p: g.zone("library", p) for p in PLAYERS}
    battlefield = g.zone("battlefield")
    rng = g.rng.getstate()
    steps = g.apply({"resolve": "bribery"})
    assert [s.rule for s in steps] == ["117.4", "608.2b", "117.3b"]
    assert steps[1].text == ("It’s removed from the stack and, if it’s a spell, put into its "
                             "owner’s graveyard.")
    why = ("It has no target (it was put onto the stack without being cast, so no target was "
           "ever chosen, CR 601.2c)" if setup is bribery_moved_onto_the_stack
           else "Its target opponent is no longer in the game")
    assert steps[1].notes == [f"{why}: Bribery [bribery] doesn't resolve."]
    assert [(m.obj, m.dst.zone) for m in moves_in(steps)] == [("bribery", "graveyard")]
    assert g.where("bribery") == ("main", "graveyard")
    assert {p: g.zone("library", p) for p in PLAYERS} == libraries
    assert g.zone("battlefield") == battlefield
    assert g.rng.getstate() == rng  # no shuffle
    assert g.stack == [] and g.priority == "Alex"
