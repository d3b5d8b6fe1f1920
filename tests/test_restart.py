"""Restarting the game (CR 724, 104.1, 104.6; Karn Liberated), through the Python API and the
shipped scenarios.

Each paragraph is checked by what it leads to: zones, controllers, life, counters, priority, the
starting player. Karn's rulings (Gatherer, 2020-08-07) decide what CR 724 leaves to the card:
"Only non-Aura permanent cards exiled by either of Karn's first two abilities will remain in
exile when the game restarts"; "In a multiplayer game, any player who left the game before it
was restarted with Karn's ability won't be involved in the new game." Every class of case is
checked again with the roles swapped or another card.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tracetools import assert_unchanged, frozen, rules

from magicsub import Game, RulesError, load_scenario
from magicsub.engine.changes import GameChange

SCENARIOS = Path(__file__).resolve().parent.parent / "magicsub" / "scenarios"
P2 = ["Alex", "Bianca"]
P3 = ["Alex", "Bianca", "Cho"]
P4 = ["Alex", "Bianca", "Cho", "Dee"]


def with_karn(players=P2, who="Alex", loyalty=15, size=10, seed=1, **objects) -> Game:
    """``who`` has Karn Liberated (id ``karn``) on the battlefield with
    ``loyalty`` counters, in their precombat main phase; ``objects``: id -> (name, owner, zone)."""
    g = Game(players, seed=seed, libraries={p: size for p in players})
    g.add_object("karn", "Karn Liberated", owner=who, zone="hand")
    for oid, (name, owner, zone) in objects.items():
        g.add_object(oid, name, owner=owner, zone=zone,
                     types=None if name in KNOWN else ["creature"])
    while g.active != who:
        g.advance("next_turn")
        g.advance("main")
    g.cast("karn", who)
    g.resolve("karn")
    if loyalty != 6:
        g.apply({"counters": {"object": "karn", "kind": "loyalty", "add": loyalty - 6}})
    return g


KNOWN = {"Serra Angel", "Assault Griffin", "Oblivion Ring", "Fork", "Mind Control",
         "Runeclaw Bears", "Living Wish"}


def scenario(name: str):
    result = load_scenario(SCENARIOS / name).run()
    assert result.failures == []
    return result


def restart_steps(trace) -> list:
    return [s for s in trace if s.rule.startswith("724.")]


# -- CR 724.1, 104.1: the game ends, nobody wins, loses or draws; a new game begins ---------------

def test_724_1_a_restarted_game_ends_with_no_winner_and_a_new_one_begins():
    """CR 724.1 and 104.1: "A game that is restarted immediately ends. No players in that game
    win, lose, or draw that game." The new game starts as CR 103 says: 20 life each (CR 103.4),
    seven cards (CR 103.5), before its first turn with nobody holding priority; counters, tokens
    and life totals of the old game are gone."""
    g = with_karn(griffin=("Assault Griffin", "Alex", "battlefield"),
                  angel=("Serra Angel", "Bianca", "battlefield"))
    g.change_life("Bianca", add=-7)
    g.add_counters("Bianca", "poison", 3)
    g.apply({"create": {"id": "tok", "name": "Soldier", "controller": "Bianca",
                        "zone": "battlefield", "types": ["creature"]}})
    g.activate("karn", "Alex", "-14")
    steps = g.resolve("karn")
    ended = [c for s in steps for c in s.changes
             if isinstance(c, GameChange) and c.status == "ends"]
    assert [(c.game, c.winner, c.result) for c in ended] == [(0, None, "restarted")]
    state = g.current
    assert state.turn == 0 and state.step == "pregame" and state.priority is None
    assert state.winner is None and all(state.seat(p).result is None for p in P2)
    assert {p: g.life(p) for p in P2} == {"Alex": 20, "Bianca": 20}
    assert g.counters("Bianca") == {}
    assert g.obj("tok") is None
    assert g.where("griffin") in (("main", "library"), ("main", "hand"))
    assert g.where("angel") in (("main", "library"), ("main", "hand"))
    assert len(g.zone("hand", "Alex")) == 7 and len(g.zone("hand", "Bianca")) == 7
    assert g.zone("battlefield") == [] and g.stack == []
    assert rules(steps).index("724.1") < rules(steps).index("103.4") < rules(steps).index("103.5")


def test_724_1_a_restart_is_no_subgame_the_scenario_with_another_board():
    """CR 724.1, the shipped two-player scenario: the Griffin and Karn itself go into Alex's
    deck; the token is gone; Bianca's 13 life and poison counters are replaced by 20 and none."""
    result = scenario("724_1_karn_restarts_two_players.yaml")
    cited = {s.rule for s in result.trace}
    assert {"724.1", "724.1a", "724.2", "724.4", "724.5", "103.4"} <= cited
    assert "726.1a" not in cited and "726.2" not in cited


# -- CR 724.1a: the starting player --------------------------------------------------------------

@pytest.mark.parametrize("who", ["Alex", "Bianca"])
def test_724_1a_the_starting_player_is_the_controller_of_the_restarting_ability(who):
    """CR 724.1a: "The starting player in the new game is the player who controlled the spell or
    ability that restarted the game", whoever sat first (two players, each as Karn's
    controller: Bianca, second in turn order, restarts on her turn and goes first)."""
    g = with_karn(P2, who=who)
    g.activate("karn", who, "-14")
    g.resolve("karn")
    assert g.current.first == who and g.current.seats == tuple(P2)
    g.advance("upkeep")
    assert g.active == who and g.priority == who and g.current.turn == 1


def test_724_1a_in_four_players_the_second_player_starts_the_new_game():
    """CR 724.1a with four players (the shipped scenario): Bianca, second in turn order,
    restarts the game and takes its first turn, and draws in it (CR 103.8c: three players)."""
    result = scenario("724_1_karn_four_players_after_a_departure.yaml")
    assert "724.1a" in {s.rule for s in result.trace}


# -- CR 104.6 and Karn's ruling: players who left stay out ---------------------------------------

def test_104_6_a_player_who_left_before_the_restart_is_not_in_the_new_game():
    """CR 104.6: "All players still in the game when it restarts then immediately begin a new
    game"; Karn's ruling (2020-08-07): "any player who left the game before it was restarted
    with Karn's ability won't be involved in the new game." Cho concedes; the new game has Alex
    and Bianca only (a two-player game: Alex, the starting player, skips his first draw, CR
    103.8a), and Cho's cards stay outside."""
    g = with_karn(P3, cho_card=("Grizzly Bears", "Cho", "battlefield"))
    g.apply({"concede": "Cho"})
    g.activate("karn", "Alex", "-14")
    g.resolve("karn")
    assert g.current.seats == ("Alex", "Bianca")
    assert "Cho" not in g.current.seats and g.world.game.seat("Alex").in_game
    assert g.where("cho_card") == ("outside", "outside")
    with pytest.raises(RulesError) as err:
        g.advance("draw")
    assert err.value.rule == "103.8a"


def test_104_6_the_player_who_left_is_another_seat_with_roles_swapped():
    """CR 104.6 again, roles swapped: Bianca leaves (800.4a) and Cho restarts the game from the
    third seat; the new game is Alex and Cho, Cho first."""
    g = with_karn(["Cho", "Alex", "Bianca"], who="Cho")
    g.leave("Bianca")
    g.activate("karn", "Cho", "-14")
    g.resolve("karn")
    assert g.current.seats == ("Cho", "Alex") and g.current.first == "Cho"
    assert all(o.game is None for o in g.world.objects.values() if o.owner == "Bianca")


# -- CR 724.2: every card involved ---------------------------------------------------------------

def test_724_2_a_card_brought_in_by_living_wish_and_a_phased_out_card_go_into_the_deck():
    """CR 724.2 and its example (Living Wish): a card brought in from outside the game, and a
    phased-out permanent, are part of their owners' libraries in the new game, phased in."""
    result = scenario("724_2_living_wish_card_restarts_in_the_library.yaml")
    assert "724.2" in {s.rule for s in result.trace}


def test_724_2_cards_in_every_zone_go_to_their_owners_not_their_controllers():
    """CR 724.2: "Ownership of cards in the new game doesn't change, regardless of their
    location": Bianca's Serra Angel, which Alex controls with Mind Control (Alex's Aura), goes
    into Bianca's deck, the Aura into Alex's; graveyard and exile cards go too."""
    g = with_karn(angel=("Serra Angel", "Bianca", "battlefield"),
                  dead=("Grizzly Bears", "Bianca", "graveyard"),
                  gone=("Runeclaw Bears", "Alex", "exile"), mc=("Mind Control", "Alex", "hand"),
                  seed=3)
    g.apply({"effect": {"control": "angel", "to": "Alex", "until": "forever"}})
    assert g.obj("angel").controller == "Alex"
    g.activate("karn", "Alex", "-14")
    g.resolve("karn")
    deck = {p: set(g.zone("library", p)) | set(g.zone("hand", p)) for p in P2}
    assert {"angel", "dead"} <= deck["Bianca"]
    assert {"gone", "mc", "karn"} <= deck["Alex"]
    assert g.zone("exile") == [] and g.zone("graveyard", "Bianca") == []


# -- CR 724.3: fewer than seven cards -------------------------------------------------------------

def test_724_3_a_player_with_fewer_than_seven_cards_loses_in_the_first_upkeep():
    """CR 724.3: Bianca has only 4 cards of her own when the game restarts: she loses when
    state-based actions are checked in the first upkeep (CR 704.5b), mulligans or not; Alex,
    the only player left, wins (CR 104.2a)."""
    g = Game(P2, seed=1, libraries={"Alex": 10, "Bianca": 3})
    g.add_object("karn", "Karn Liberated", owner="Alex", zone="hand")
    g.add_object("one", "Grizzly Bears", owner="Bianca", zone="battlefield", types=["creature"])
    g.cast("karn", "Alex")
    g.resolve("karn")
    g.apply({"counters": {"object": "karn", "kind": "loyalty", "add": 10}})
    g.activate("karn", "Alex", "-14")
    steps = g.resolve("karn")
    assert "724.3" in rules(steps)
    assert g.in_game("Bianca")
    steps = g.advance("upkeep")
    assert "704.5b" in rules(steps)
    assert not g.in_game("Bianca") and g.current.winner == "Alex"


# -- CR 724.4: the effect finishes resolving before the first untap step ---------------------------

def test_724_4_exempt_cards_enter_before_the_untap_step_and_their_triggers_wait_for_priority():
    """CR 724.4: Karn's ability finishes resolving just before the first untap step: Oblivion
    Ring, exiled with Karn's −3, enters under Alex's control then; nobody has priority, and its
    "When Oblivion Ring enters" trigger goes on the stack in the first upkeep, when Alex
    receives priority."""
    g = with_karn(oring=("Oblivion Ring", "Bianca", "battlefield"),
                  angel=("Serra Angel", "Bianca", "battlefield"), loyalty=18)
    g.activate("karn", "Alex", "-3", target="oring")
    g.resolve("karn")
    g.resolve()  # Oblivion Ring's leaves-the-battlefield trigger: it exiled nothing
    assert g.where("oring") == ("main", "exile")
    g.advance("next_turn")
    g.advance("next_turn")
    g.advance("main")
    g.activate("karn", "Alex", "-14")
    g.resolve("karn")
    assert g.where("oring") == ("main", "exile") and g.priority is None
    steps = g.advance("upkeep")
    order = rules(steps)
    assert order.index("724.4") < order.index("103.8")
    assert g.obj("oring").zone.value == "battlefield"
    assert g.obj("oring").controller == "Alex" and g.obj("oring").owner == "Bianca"
    assert g.stack == ["oring"] and g.priority == "Alex" and g.current.step == "upkeep"


# -- CR 724.5: exempt cards -----------------------------------------------------------------------

def test_724_5_only_non_aura_permanent_cards_exiled_with_karn_stay_out():
    """CR 724.5 with Karn's ruling (2020-08-07): "Only non-Aura permanent cards exiled by either
    of Karn's first two abilities will remain in exile when the game restarts." The four-player
    scenario: Fork (an instant, +4) and Mind Control (an Aura, −3) go into their owners' decks."""
    result = scenario("724_1_karn_four_players_after_a_departure.yaml")
    assert "607.2a" in {s.rule for s in result.trace}


def test_724_5_a_card_exiled_by_another_card_is_not_exempt():
    """CR 724.5 and CR 607.2a: only cards exiled *with Karn* are exempt. Bianca's Grizzly Bears
    exiled by an effect (``move``), and a creature card Bianca exiled with Karn's +4 from her
    hand: the first goes into her deck, the second enters under Alex's control."""
    g = with_karn(angel=("Serra Angel", "Bianca", "hand"),
                  bears=("Grizzly Bears", "Bianca", "battlefield"))
    g.apply({"move": {"object": "bears", "to": "exile"}})
    g.activate("karn", "Alex", "+4", target="Bianca")
    g.resolve("karn", choose="angel")
    g.advance("next_turn")
    g.advance("next_turn")
    g.advance("main")
    g.activate("karn", "Alex", "-14")
    g.resolve("karn")
    assert g.where("angel") == ("main", "exile")
    assert g.where("bears") in (("main", "library"), ("main", "hand"))
    g.advance("upkeep")
    assert g.obj("angel").zone.value == "battlefield" and g.obj("angel").controller == "Alex"


def test_724_5a_an_exempt_commander_stays_out_of_the_command_zone_and_stays_a_commander():
    """CR 724.5a: Bianca's commander, exiled with Karn, does not begin the new game in the
    command zone; it enters under Alex's control, still Bianca's commander; Alex's own
    commander goes to the command zone (CR 903.6) and both start at 40 (CR 903.7)."""
    result = scenario("724_5a_karn_exiles_a_commander.yaml")
    g = result.game
    atraxa = g.obj("atraxa")
    assert atraxa.commander and atraxa.owner == "Bianca" and atraxa.controller == "Alex"
    assert g.zone("command") == ["kaalia"]
    assert {"724.5a", "903.6", "903.7"} <= {s.rule for s in result.trace}


# -- CR 724.6: a restarted subgame -------------------------------------------------------------

def test_724_6_a_restarted_subgame_leaves_the_main_game_and_its_winner_counts():
    """CR 724.6: the main game is unaffected (its life totals, its Griffin, Shahrazad on its
    stack); Shahrazad's "each player who doesn't win the subgame" refers to the restarted
    subgame's winner, Bianca: Alex loses half his life (20 -> 10), Bianca keeps 13."""
    result = scenario("724_6_karn_restarts_shahrazads_subgame.yaml")
    g = result.game
    assert g.life("Alex") == 10 and g.life("Bianca") == 13
    assert g.where("griffin") == ("main", "battlefield")
    assert "724.6" in {s.rule for s in result.trace}


def test_724_6_the_restarted_subgame_keeps_its_place_in_the_tree():
    """CR 724.6 with the roles swapped: Bianca restarts Shahrazad's subgame (cast by Alex); the
    subgame restarts as subgame 1 of the same main game, Bianca first, and the main game stays
    discontinued with Shahrazad on its stack."""
    g = Game(P2, seed=3, libraries={"Alex": 10, "Bianca": 6})
    g.add_object("shah", "Shahrazad", owner="Alex", zone="hand")
    g.add_object("karn", "Karn Liberated", owner="Bianca", zone="library")
    g.cast("shah", "Alex")
    g.resolve("shah")
    g.advance("upkeep")
    while g.active != "Bianca":
        g.advance("next_turn")
    g.advance("main")
    g.cast("karn", "Bianca")
    g.resolve("karn")
    g.apply({"counters": {"object": "karn", "kind": "loyalty", "add": 8}})
    g.activate("karn", "Bianca", "-14")
    g.resolve("karn")
    sub = g.current
    assert sub.gid == 1 and sub.parent == 0 and sub.first == "Bianca" and sub.creator == "shah"
    assert g.subgames == 1 and g.zone("stack", game="main") == ["shah"]
    assert g.life("Alex", 1) == 20 and g.life("Bianca", 1) == 20
    g.advance("upkeep")
    g.win("Alex")
    assert g.life("Bianca") == 10 and g.life("Alex") == 20


# -- CR 724.7: limited range of influence ------------------------------------------------------

def test_724_7_with_limited_range_every_player_is_in_the_new_game():
    """CR 724.7: with the limited range of influence option (range 1), Cho is outside Alex's
    range, and still every player begins the new game."""
    g = Game(P4, seed=1, libraries={p: 10 for p in P4}, range=1)
    g.add_object("karn", "Karn Liberated", owner="Alex", zone="hand")
    g.cast("karn", "Alex")
    g.resolve("karn")
    g.apply({"counters": {"object": "karn", "kind": "loyalty", "add": 10}})
    g.activate("karn", "Alex", "-14")
    steps = g.resolve("karn")
    assert "724.7" in rules(steps)
    assert g.current.seats == tuple(P4)
    assert all(len(g.zone("hand", p)) == 7 for p in P4)


# -- refusals: the game is unchanged --------------------------------------------------------------

@pytest.mark.parametrize(("ability", "target", "rule"), [
    ("-14", None, "606.6"),
    ("+4", None, "601.2c"),
    ("+4", "Nobody", "601.2c"),
    ("-3", "karn-in-hand", "601.2c"),
    ("-14", "Bianca", "601.2c"),
])
def test_606_karn_refuses_a_cost_it_cannot_pay_or_a_bad_target_and_changes_nothing(
        ability, target, rule):
    """CR 606.6 (14 loyalty counters can't be removed from 6) and CR 601.2c (a target is
    chosen as the ability is activated: a player in the game, a permanent on the battlefield;
    the −14 has none): refused, with the game unchanged."""
    g = with_karn(loyalty=6, **{"karn-in-hand": ("Grizzly Bears", "Bianca", "hand")})
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.activate("karn", "Alex", ability, target=target)
    assert err.value.rule == rule
    assert_unchanged(g, before)


def test_122_1_counters_on_a_card_in_hand_are_refused():
    """CR 122.1 (the ``counters`` step on an object): only a permanent on the battlefield of
    the game in progress gets counters; a card in hand is refused, and so is a step naming both a
    player and an object."""
    g = with_karn(bears=("Grizzly Bears", "Bianca", "hand"))
    before = frozen(g)
    with pytest.raises(RulesError, match="not a permanent"):
        g.apply({"counters": {"object": "bears", "kind": "loyalty", "add": 1}})
    with pytest.raises(RulesError, match="exactly one"):
        g.apply({"counters": {"object": "karn", "player": "Alex", "kind": "loyalty", "add": 1}})
    assert_unchanged(g, before)
