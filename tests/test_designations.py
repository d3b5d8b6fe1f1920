"""The monarch (CR 722.1-722.4) in a main game and in a subgame (CR 726.1b), Palace Jailer's exile
"until an opponent becomes the monarch" (CR 610.3, 610.3c, with its rulings), and emblems (CR
114.2, 114.4, 114.5) leaving with their owner (CR 800.4a) and staying outside a subgame (CR
726.4), with Palace Sentinels, Palace Jailer and Sorin, Solemn Visitor."""

from __future__ import annotations

import pytest

from magicsub import Game, RulesError
from magicsub.engine.objects import Kind
from magicsub.rules.designations import MONARCH

P4 = ["Alex", "Bianca", "Cho", "Dana"]


def table(players=P4, *objects, seed: int = 1) -> Game:
    g = Game(list(players), seed=seed, libraries={p: 10 for p in players})
    for oid, name, owner, zone in objects:
        g.add_object(oid, name, owner=owner, zone=zone)
    return g


def enters(g: Game, oid: str) -> list:
    """An effect puts ``oid`` onto the battlefield; its "you become the monarch" resolves."""
    g.apply({"move": {"object": oid, "to": "battlefield"}})
    return g.apply({"resolve": oid})


def jail(g: Game, oid: str, target: str, by: str = "Alex") -> None:
    """``by`` casts Palace Jailer: the exile (on top by default) resolves, then the monarch."""
    g.apply({"cast": {"card": oid, "by": by}})
    g.apply({"resolve": oid})
    g.apply({"resolve": {"object": oid, "target": target}})
    g.apply({"resolve": oid})


def monarch(g: Game, game: int = 0):
    return g.world.games[game].monarch


def hand(g: Game, player: str, game: int = 0) -> int:
    return len([o for o in g.world.objects_of(game, player) if o.zone == "hand"])


# -- CR 722.1, 722.3 -----------------------------------------------------------------------------

@pytest.mark.parametrize("card", ["Palace Sentinels", "Palace Jailer"])
def test_722_1_no_monarch_until_an_effect_makes_one(card):
    """CR 722.1: a game starts with no monarch; "you become the monarch" (Palace Sentinels, and
    Palace Jailer's first ability) makes the ability's controller the monarch."""
    g = table(P4, ("it", card, "Bianca", "hand"), ("bears", "Grizzly Bears", "Alex",
                                                    "battlefield"))
    assert monarch(g) is None
    g.apply({"move": {"object": "it", "to": "battlefield"}})
    if card == "Palace Jailer":
        g.apply({"resolve": {"object": "it", "target": "bears"}})
    assert monarch(g) is None
    steps = g.apply({"resolve": "it"})
    assert monarch(g) == "Bianca"
    assert "722.1" in [s.rule for s in steps]
    assert g.obj("it").controller == "Bianca"


def test_722_3_one_monarch_at_a_time_and_becoming_it_again_changes_nothing():
    """CR 722.3: as Bianca becomes the monarch, Alex ceases to be; Bianca becoming the monarch
    again is no change (and cites 722.3, not 722.1)."""
    g = table(P4, ("s1", "Palace Sentinels", "Alex", "hand"),
              ("s2", "Palace Sentinels", "Bianca", "hand"),
              ("s3", "Palace Sentinels", "Bianca", "hand"))
    enters(g, "s1")
    assert monarch(g) == "Alex"
    steps = enters(g, "s2")
    assert monarch(g) == "Bianca"
    assert "722.3" in [s.rule for s in steps] and "722.1" not in [s.rule for s in steps]
    facts = [c for s in steps for c in s.changes if getattr(c, "what", None) == "monarch"]
    assert len(facts) == 1 and "Alex ceases to be the monarch" in facts[0].text
    steps = enters(g, "s3")
    assert monarch(g) == "Bianca"
    assert not [c for s in steps for c in s.changes if getattr(c, "what", None) == "monarch"]


# -- CR 722.2 ------------------------------------------------------------------------------------

def test_722_2_the_monarch_draws_at_their_own_end_step_only():
    """CR 722.2: "At the beginning of the monarch's end step, that player draws a card": Bianca,
    the monarch, draws at her end step; Alex's end step triggers nothing."""
    g = table(P4, ("s", "Palace Sentinels", "Bianca", "hand"))
    enters(g, "s")
    assert monarch(g) == "Bianca"
    g.apply({"advance": "end"})
    assert g.world.stack() == [] and g.world.main.pending == ()
    g.apply({"advance": "next_turn"})
    assert g.world.main.active == "Bianca"
    g.apply({"advance": "main"})
    before = hand(g, "Bianca")
    g.apply({"advance": "end"})
    assert [o.source for o in g.world.stack()] == [MONARCH]
    assert g.world.stack()[0].controller == "Bianca"
    g.apply({"resolve": {}})
    assert hand(g, "Bianca") == before + 1
    assert hand(g, "Alex") == 0


def test_722_2_the_monarch_as_it_triggered_draws_even_if_the_monarch_changed():
    """CR 722.2 and the Palace Sentinels ruling (2020-11-10): "the first player will still draw
    the card" when another player becomes the monarch before the draw resolves."""
    g = table(P4, ("s", "Palace Sentinels", "Alex", "hand"),
              ("s2", "Palace Sentinels", "Cho", "hand"))
    enters(g, "s")
    g.apply({"advance": "end"})
    assert [o.source for o in g.world.stack()] == [MONARCH]
    g.apply({"move": {"object": "s2", "to": "battlefield"}})
    g.apply({"resolve": "s2"})
    assert monarch(g) == "Cho"
    steps = g.apply({"resolve": {}})
    assert hand(g, "Alex") == 1 and hand(g, "Cho") == 0
    assert any("still draws" in c.text for s in steps for c in s.changes
               if hasattr(c, "text"))


def combat(g: Game, attackers: list[tuple[str, str]]) -> list:
    g.apply({"advance": "declare_attackers"})
    for creature, defender in attackers:
        g.apply({"attack": {"creature": creature, "defender": defender}})
    return g.apply({"advance": "combat_damage"})


def test_722_2_combat_damage_to_the_monarch_one_trigger_per_creature():
    """CR 722.2: each creature that deals combat damage to the monarch triggers the ability,
    controlled by the monarch; its controller becomes the monarch. Damage to another player
    triggers nothing."""
    g = table(P4, ("s", "Palace Sentinels", "Bianca", "hand"),
              ("bears", "Grizzly Bears", "Alex", "battlefield"),
              ("angel", "Serra Angel", "Alex", "battlefield"),
              ("runeclaw", "Runeclaw Bears", "Alex", "battlefield"))
    enters(g, "s")
    steps = combat(g, [("bears", "Bianca"), ("angel", "Bianca"), ("runeclaw", "Cho")])
    assert [s.rule for s in steps].count("722.2") == 2
    stack = g.world.stack()
    assert [o.source for o in stack] == [MONARCH, MONARCH]
    assert {o.controller for o in stack} == {"Bianca"}
    assert monarch(g) == "Bianca"
    g.apply({"resolve": {}})
    assert monarch(g) == "Alex"
    steps = g.apply({"resolve": {}})
    assert monarch(g) == "Alex" and "722.3" in [s.rule for s in steps]


def test_722_2_608_2h_its_controller_as_it_resolves_or_as_it_last_existed():
    """"Its controller": Cho takes control of the Bears before the ability resolves, so Cho
    becomes the monarch (the creature's controller now); when the creature has left the
    battlefield instead, its last known controller, Alex, does (CR 608.2h)."""
    for gone in (False, True):
        g = table(P4, ("s", "Palace Sentinels", "Bianca", "hand"),
                  ("bears", "Grizzly Bears", "Alex", "battlefield"))
        enters(g, "s")
        combat(g, [("bears", "Bianca")])
        if gone:
            g.apply({"move": {"object": "bears", "to": "graveyard"}})
        else:
            g.apply({"effect": {"control": "bears", "to": "Cho", "until": "end_of_turn"}})
        steps = g.apply({"resolve": {}})
        assert monarch(g) == ("Alex" if gone else "Cho")
        assert "608.2h" in [s.rule for s in steps]


def test_722_2_the_monarch_dealt_lethal_damage_loses_and_the_trigger_is_removed():
    """The Palace Sentinels ruling (2020-11-10): combat damage that makes the monarch lose
    means the trigger "doesn't resolve" (its controller left, CR 800.4d); the attacking player,
    the active player, becomes the monarch by CR 722.4."""
    g = table(P4, ("s", "Palace Sentinels", "Bianca", "hand"),
              ("angel", "Serra Angel", "Alex", "battlefield"))
    enters(g, "s")
    g.apply({"life": {"player": "Bianca", "set": 4}})
    steps = combat(g, [("angel", "Bianca")])
    rules = [s.rule for s in steps]
    assert rules.index("722.2") < rules.index("704.5a") < rules.index("800.4d") \
        < rules.index("722.4")
    assert not g.world.main.seat("Bianca").in_game
    assert "800.4d" in rules and "722.4" in rules
    assert monarch(g) == "Alex"
    assert g.world.stack() == []


# -- CR 722.4 ------------------------------------------------------------------------------------

@pytest.mark.parametrize("how", ["concede", "leave", "lose"])
def test_722_4_the_monarch_leaves_on_another_players_turn(how):
    """CR 722.4: the monarch (Cho) leaves on Alex's turn: Alex, the active player, becomes the
    monarch at the same time, whatever the way Cho leaves."""
    g = table(P4, ("s", "Palace Sentinels", "Cho", "hand"))
    enters(g, "s")
    steps = g.apply({how: "Cho"})
    assert monarch(g) == "Alex"
    step = next(s for s in steps if s.rule == "722.4")
    assert "the active player becomes the monarch" in step.text


def test_722_4_the_monarch_is_the_active_player_and_leaves():
    """CR 722.4: "If the active player is leaving the game ... the next player in turn order
    becomes the monarch": Alex is the monarch and the active player; Bianca becomes it. Turn
    order counts from the active player: Dana (before Alex) does not."""
    g = table(P4, ("s", "Palace Sentinels", "Alex", "hand"))
    enters(g, "s")
    steps = g.apply({"concede": "Alex"})
    assert monarch(g) == "Bianca"
    assert g.world.main.active is None
    assert "the next player in turn order becomes the monarch" in next(
        s for s in steps if s.rule == "722.4").text


def test_722_4_the_next_player_in_turn_order_skips_players_who_left():
    """CR 722.4: Bianca has left; Alex, the monarch and active player, leaves: Cho becomes it."""
    g = table(P4, ("s", "Palace Sentinels", "Alex", "hand"))
    enters(g, "s")
    g.apply({"concede": "Bianca"})
    assert monarch(g) == "Alex"
    g.apply({"concede": "Alex"})
    assert monarch(g) == "Cho"


def test_722_4_no_active_player_the_next_player_in_turn_order():
    """CR 722.4: "if there is no active player": Alex, the active player, left earlier this turn
    (CR 800.4j: the turn goes on without one); then Cho, the monarch, leaves: the next player in
    turn order (counted on from the turn's player, Alex) is Bianca, not Dana."""
    g = table(P4, ("s", "Palace Sentinels", "Cho", "hand"))
    enters(g, "s")
    g.apply({"concede": "Alex"})
    assert g.world.main.active is None and monarch(g) == "Cho"
    steps = g.apply({"concede": "Cho"})
    assert monarch(g) == "Bianca"
    assert "no active player" in " ".join(c.text for s in steps for c in s.changes
                                          if hasattr(c, "text"))


# -- Palace Jailer: exile until an opponent becomes the monarch (CR 610.3) -----------------------

def test_610_3_jailer_leaving_the_battlefield_does_not_return_the_creature():
    """Palace Jailer ruling (2016-08-23): "Palace Jailer leaving the battlefield won't cause the
    exiled creature to return." Then Cho, another opponent than the exiled creature's controller
    (Bianca), becomes the monarch: it returns under its owner's control (CR 610.3c)."""
    g = table(P4, ("jailer", "Palace Jailer", "Alex", "hand"),
              ("angel", "Serra Angel", "Bianca", "battlefield"),
              ("s", "Palace Sentinels", "Cho", "hand"))
    g.apply({"effect": {"control": "angel", "to": "Dana", "until": "forever"}})
    jail(g, "jailer", "angel")
    assert monarch(g) == "Alex" and g.where("angel") == ("main", "exile")
    g.apply({"move": {"object": "jailer", "to": "graveyard"}})
    assert g.where("angel") == ("main", "exile")
    steps = enters(g, "s")
    assert monarch(g) == "Cho"
    assert g.where("angel") == ("main", "battlefield")
    assert g.obj("angel").controller == "Bianca"
    rules = [s.rule for s in steps]
    assert rules.index("722.3") < rules.index("610.3") < rules.index("610.3c")
    assert g.world.main.until_monarch == ()


def test_610_3_the_jailers_controller_becoming_the_monarch_again_returns_nothing():
    """Palace Jailer ruling (2016-08-23): "If you're not the monarch as [the exile] resolves, the
    creature will be exiled until there's a new monarch and that player is one of your
    opponents." Bianca is the monarch; Alex's Jailer exiles her Bears, then Alex becomes the
    monarch (not an opponent of his own); Alex "becoming" the monarch again later: nothing."""
    g = table(P4, ("jailer", "Palace Jailer", "Alex", "hand"),
              ("bears", "Grizzly Bears", "Bianca", "battlefield"),
              ("s", "Palace Sentinels", "Bianca", "hand"),
              ("s2", "Palace Sentinels", "Alex", "hand"))
    enters(g, "s")
    jail(g, "jailer", "bears")
    assert monarch(g) == "Alex" and g.where("bears") == ("main", "exile")
    enters(g, "s2")
    assert g.where("bears") == ("main", "exile")
    assert [h.card for h in g.world.main.until_monarch] == ["bears"]


def test_610_3_the_monarch_leaving_returns_the_jailed_creature():
    """CR 722.4 with 610.3: Alex (the Jailer's controller and the monarch) leaves on Bianca's
    turn; Bianca becomes the monarch at the same time, an opponent of Alex: Cho's creature
    returns under Cho's control, though the Jailer left the game with Alex (CR 800.4a)."""
    g = table(P4, ("jailer", "Palace Jailer", "Alex", "hand"),
              ("bears", "Runeclaw Bears", "Cho", "battlefield"))
    jail(g, "jailer", "bears")
    g.apply({"advance": "end"})
    g.apply({"resolve": {}})
    g.apply({"advance": "next_turn"})
    assert g.world.main.active == "Bianca"
    g.apply({"leave": "Alex"})
    assert monarch(g) == "Bianca"
    assert g.where("jailer") == ("outside", None) or g.where("jailer")[0] == "outside"
    assert g.where("bears") == ("main", "battlefield")
    assert g.obj("bears").controller == "Cho"


def test_610_3_the_jailers_controller_left_while_not_the_monarch():
    """Palace Jailer ruling (2016-08-23): "Palace Jailer's owner will leave the game while not
    being the monarch. In this case, nothing happens immediately, but the exiled creature will
    return to the battlefield the next time one of that player's opponents becomes the
    monarch.” Bianca is the monarch; Alex's Jailer exiles Cho's Angel; Alex concedes before his
    own monarch ability resolves (it ceases to exist, CR 800.4a): the Angel stays in exile
    (Bianca does not *become* the monarch); when Dana becomes the monarch, it returns."""
    g = table(P4, ("jailer", "Palace Jailer", "Alex", "hand"),
              ("angel", "Serra Angel", "Cho", "battlefield"),
              ("s", "Palace Sentinels", "Bianca", "hand"),
              ("s2", "Palace Sentinels", "Dana", "hand"))
    enters(g, "s")
    g.apply({"cast": {"card": "jailer", "by": "Alex"}})
    g.apply({"resolve": "jailer"})
    g.apply({"resolve": {"object": "jailer", "target": "angel"}})
    assert [o.source for o in g.world.stack()] == ["jailer"]
    g.apply({"concede": "Alex"})
    assert monarch(g) == "Bianca" and g.world.stack() == []
    assert g.where("angel") == ("main", "exile")
    enters(g, "s2")
    assert monarch(g) == "Dana"
    assert g.where("angel") == ("main", "battlefield")
    assert g.obj("angel").controller == "Cho"


def test_610_3_a_token_exiled_by_the_jailer_ceases_to_exist():
    """Palace Jailer ruling (2016-08-23): “If a creature token is exiled, it ceases to exist. It
    won't return to the battlefield.” It is gone for good."""
    g = table(P4, ("jailer", "Palace Jailer", "Alex", "hand"),
              ("s", "Palace Sentinels", "Bianca", "hand"))
    g.apply({"create": {"id": "tok", "name": "Soldier", "controller": "Bianca",
                        "zone": "battlefield", "token": True, "types": ["creature"],
                        "power": 1, "toughness": 1}})
    jail(g, "jailer", "tok")
    assert g.obj("tok") is None
    assert g.world.main.until_monarch == ()
    enters(g, "s")
    assert g.obj("tok") is None


def test_601_2c_the_jailer_cannot_exile_its_controllers_creature_and_the_game_is_unchanged():
    """CR 601.2c (603.3d): "target creature an opponent controls": Alex's own creature is
    refused, and the game is unchanged."""
    g = table(P4, ("jailer", "Palace Jailer", "Alex", "hand"),
              ("mine", "Grizzly Bears", "Alex", "battlefield"))
    g.apply({"cast": {"card": "jailer", "by": "Alex"}})
    g.apply({"resolve": "jailer"})
    before = g.world
    with pytest.raises(RulesError) as err:
        g.apply({"resolve": {"object": "jailer", "target": "mine"}})
    assert err.value.rule == "601.2c" and g.world is before


# -- subgames (CR 726.1b) ------------------------------------------------------------------------

def test_726_1b_a_subgame_has_no_monarch_and_the_main_games_comes_back_unchanged():
    """CR 726.1b: Alex, the main game's monarch, casts Shahrazad; the subgame begins with no
    monarch; Bianca becomes the subgame's monarch, then leaves the subgame (CR 722.4 in the
    subgame only); when it ends Alex is still the main game's monarch and Bianca still plays."""
    g = table(["Alex", "Bianca", "Cho"], ("s", "Palace Sentinels", "Alex", "hand"),
              ("shahrazad", "Shahrazad", "Alex", "hand"),
              ("bs", "Palace Sentinels", "Bianca", "library"))
    enters(g, "s")
    g.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    steps = g.apply({"resolve": "shahrazad"})
    assert monarch(g, 1) is None and monarch(g, 0) == "Alex"
    steps += g.apply({"advance": "main"})
    assert "726.1b" in [s.rule for s in steps]
    assert monarch(g, 1) is None and monarch(g, 0) == "Alex"
    g.apply({"move": {"object": "bs", "to": "battlefield"}})
    g.apply({"resolve": "bs"})
    assert monarch(g, 1) == "Bianca" and monarch(g, 0) == "Alex"
    sub = g.world.games[1]
    heir = sub.active if sub.active != "Bianca" else sub.next_in_order("Bianca")
    steps = g.apply({"concede": "Bianca"})
    assert monarch(g, 1) == heir and "722.4" in [s.rule for s in steps]
    assert monarch(g, 0) == "Alex" and g.world.main.seat("Bianca").in_game
    g.apply({"win": "Alex"})
    assert g.world.current == 0 and monarch(g) == "Alex"


def test_726_1b_a_monarch_change_in_a_subgame_returns_no_main_game_card():
    """CR 726.1b: Alex's Jailer exiled Bianca's Angel in the main game; in the subgame Bianca
    becomes the monarch: that is not the main game's monarch, and the Angel stays exiled."""
    g = table(["Alex", "Bianca", "Cho"], ("jailer", "Palace Jailer", "Alex", "hand"),
              ("angel", "Serra Angel", "Bianca", "battlefield"),
              ("shahrazad", "Shahrazad", "Alex", "hand"),
              ("bs", "Palace Sentinels", "Bianca", "library"))
    jail(g, "jailer", "angel")
    g.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    g.apply({"resolve": "shahrazad"})
    g.apply({"advance": "main"})
    g.apply({"move": {"object": "bs", "to": "battlefield"}})
    g.apply({"resolve": "bs"})
    assert monarch(g, 1) == "Bianca"
    assert g.where("angel") == ("main", "exile")
    assert [h.card for h in g.world.main.until_monarch] == ["angel"]


# -- emblems (CR 114) ----------------------------------------------------------------------------

def sorin_emblem(players, **objects) -> Game:
    """Alex's Sorin reaches 6 loyalty over his turns and he activates its -6 (Alex also holds a
    Shahrazad)."""
    g = table(players, ("sorin", "Sorin, Solemn Visitor", "Alex", "hand"),
              ("shahrazad", "Shahrazad", "Alex", "hand"),
              *[(oid, name, owner, "battlefield") for oid, (name, owner) in objects.items()])
    g.apply({"cast": {"card": "sorin", "by": "Alex"}})
    g.apply({"resolve": "sorin"})
    for _ in range(2):
        g.apply({"activate": {"object": "sorin", "by": "Alex", "ability": "+1"}})
        g.apply({"resolve": "sorin"})
        for _ in players:
            g.apply({"advance": "next_turn"})
        g.apply({"advance": "main"})
    assert dict(g.obj("sorin").counters) == {"loyalty": 6}
    g.apply({"activate": {"object": "sorin", "by": "Alex", "ability": "-6"}})
    g.apply({"resolve": "sorin"})
    return g


def emblems_in(g: Game, game: int = 0) -> list:
    return [o for o in g.world.in_zone(game, "command") if o.kind is Kind.EMBLEM]


def test_114_2_114_5_sorins_emblem_is_owned_and_controlled_in_the_command_zone():
    """CR 114.2: "[player] puts an emblem with [ability] into the command zone. The emblem is
    both owned and controlled by that player." CR 114.5: no card, no permanent. CR 704.5i:
    Sorin, at 0 loyalty, goes to its owner's graveyard."""
    g = sorin_emblem(["Alex", "Bianca"])
    (emblem,) = emblems_in(g)
    assert emblem.owner == "Alex" and emblem.controller == "Alex"
    assert emblem.kind is Kind.EMBLEM and not emblem.types
    assert g.where("sorin") == ("main", "graveyard")
    assert g.world.main.step == "main" and g.world.main.active == "Alex"


def test_114_4_the_emblem_triggers_at_each_opponents_upkeep_not_its_owners():
    """CR 114.4: the emblem's ability functions in the command zone: at Bianca's and Cho's
    upkeeps each sacrifices a creature (the oldest, the recorded default); at Alex's, nothing."""
    g = sorin_emblem(["Alex", "Bianca", "Cho"], bears=("Grizzly Bears", "Bianca"),
                     angel=("Serra Angel", "Bianca"), rune=("Runeclaw Bears", "Cho"),
                     mine=("Grizzly Bears", "Alex"))
    for player, gone in (("Bianca", "bears"), ("Cho", "rune")):
        g.apply({"advance": "next_turn"})
        g.apply({"advance": "upkeep"})
        assert g.world.main.active == player
        assert [o.controller for o in g.world.stack()] == ["Alex"]
        g.apply({"resolve": {}})
        assert g.where(gone) == ("main", "graveyard")
    g.apply({"advance": "next_turn"})
    g.apply({"advance": "upkeep"})
    assert g.world.main.active == "Alex" and g.world.stack() == []
    assert g.where("angel") == ("main", "battlefield")
    assert g.where("mine") == ("main", "battlefield")


def test_800_4a_the_emblem_leaves_the_game_with_its_owner():
    """CR 800.4a: the emblem is an object Alex owns: when he leaves, it ceases to exist, and
    Bianca's next upkeep triggers nothing."""
    g = sorin_emblem(["Alex", "Bianca", "Cho"], bears=("Grizzly Bears", "Bianca"))
    (emblem,) = emblems_in(g)
    steps = g.apply({"concede": "Alex"})
    assert "800.4a" in [s.rule for s in steps]
    assert g.obj(emblem.id) is None and emblems_in(g) == []
    g.apply({"advance": "next_turn"})
    g.apply({"advance": "upkeep"})
    assert g.world.main.active == "Bianca" and g.world.stack() == []
    assert g.where("bears") == ("main", "battlefield")


def test_726_4_a_main_game_emblem_is_outside_the_subgame():
    """CR 726.4: the emblem stays in the main game's command zone; Bianca's upkeeps in the
    subgame trigger nothing; when the main game resumes her upkeep there does."""
    g = sorin_emblem(["Alex", "Bianca"], bears=("Grizzly Bears", "Bianca"))
    g.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    steps = g.apply({"resolve": "shahrazad"})
    steps += g.apply({"advance": "main"})
    assert "726.4" in [s.rule for s in steps]
    assert emblems_in(g, 1) == [] and len(emblems_in(g, 0)) == 1
    g.apply({"create": {"id": "tok", "name": "Soldier", "controller": "Bianca",
                        "zone": "battlefield", "token": True, "types": ["creature"],
                        "power": 1, "toughness": 1}})
    for _ in range(2):
        g.apply({"advance": "next_turn"})
        g.apply({"advance": "upkeep"})
        assert g.world.stack() == []
    assert g.where("tok") == ("1", "battlefield")
    g.apply({"win": "Alex"})
    g.apply({"advance": "next_turn"})
    g.apply({"advance": "upkeep"})
    assert g.world.main.active == "Bianca"
    assert [o.source for o in g.world.stack()] == [emblems_in(g)[0].id]


def test_606_6_the_minus_six_needs_six_loyalty_and_the_game_is_unchanged():
    """CR 606.6: Sorin with 4 loyalty can't pay -6: refused, the game unchanged."""
    g = table(["Alex", "Bianca"], ("sorin", "Sorin, Solemn Visitor", "Alex", "hand"))
    g.apply({"cast": {"card": "sorin", "by": "Alex"}})
    g.apply({"resolve": "sorin"})
    before = g.world
    with pytest.raises(RulesError) as err:
        g.apply({"activate": {"object": "sorin", "by": "Alex", "ability": "-6"}})
    assert err.value.rule == "606.6" and g.world is before
