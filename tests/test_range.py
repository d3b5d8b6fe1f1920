"""The limited range of influence option (CR 800.2, 801): choosing it (801.1, 801.2a), the players
within range (801.2, 801.2b, 801.2c, 801.2d), wins (801.14, 104.3h), attacks (801.3), targets
(801.4), triggered abilities (801.7, 801.7a), "each opponent" (801.10, 801.11) and the world rule
(801.12 with 704.5k)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tracetools import P4, assert_unchanged, find, frozen, rules

from magicsub import Game, RulesError, ScenarioError, load_scenario
from magicsub.rules.ranges import determine, within

P5 = ["Alex", "Bianca", "Cho", "Dana", "Erin"]
SCENARIOS = Path(__file__).resolve().parent.parent / "magicsub" / "scenarios"


def game(players=P5, range=1, **kw) -> Game:  # noqa: A002
    """A game in Alex's first main phase using the option (five players, range 1)."""
    return Game(players, seed=1, libraries={p: 3 for p in players}, range=range, **kw)


def scenario(name: str):
    """Run a scenario of the package; every expectation must hold."""
    result = load_scenario(SCENARIOS / name).run()
    assert result.failures == []
    return result


# -- CR 800.2, 801.1, 801.2a: choosing the option ------------------------------------------------

def test_801_1_two_player_game_has_no_range_option():
    """CR 800.1/800.2/801.1: the option is for multiplayer games; a two-player game refuses it."""
    with pytest.raises(RulesError) as err:
        Game(["Alex", "Bianca"], range=1)
    assert err.value.rule == "801.1"
    assert "multiplayer" in str(err.value)


def test_801_1_scenario_two_players_refused_with_line():
    text = "title: t\nplayers: [Alex, Bianca]\nrange: 1\n"
    with pytest.raises(ScenarioError) as err:
        load_scenario(text=text)
    assert err.value.line == 3 and "801.1" in str(err.value)


@pytest.mark.parametrize("option, rule", [(-1, None), (True, None), ("1", None),
                                          ({"Alex": 1, "Zed": 1}, "801.2a"),
                                          ({"Alex": 1, "Bianca": 2}, "801.2a")])
def test_801_2a_bad_ranges_refused(option, rule):
    with pytest.raises(RulesError) as err:
        Game(P4, range=option)
    if rule:
        assert err.value.rule == rule


def test_801_2a_unknown_player_in_scenario_range():
    text = "title: t\nplayers: [Alex, Bianca, Cho]\nrange: {Alex: 1, Zed: 2}\n"
    with pytest.raises(ScenarioError) as err:
        load_scenario(text=text)
    assert "Zed" in str(err.value) and err.value.line == 3


def test_801_2a_schema_refuses_a_negative_range():
    with pytest.raises(ScenarioError):
        load_scenario(text="title: t\nplayers: [Alex, Bianca, Cho]\nrange: -1\n")


def test_no_option_by_default():
    g = Game(P4)
    assert g.world.main.ranges == () and g.world.main.in_range == ()
    assert within(g.world.main, "Alex") == tuple(P4)


# -- CR 801.2, 801.2a, 801.2b: who is within range ------------------------------------------------

def test_801_2a_range_1_is_the_neighbours():
    """801.2a example: range 1 = you and the players seated directly next to you."""
    main = game().world.main
    assert within(main, "Alex") == ("Alex", "Bianca", "Erin")
    assert within(main, "Cho") == ("Bianca", "Cho", "Dana")


def test_801_2a_range_2_is_two_each_side():
    main = game(P5 + ["Farid"], range=2).world.main
    assert within(main, "Alex") == ("Alex", "Bianca", "Cho", "Erin", "Farid")


def test_801_2b_range_0_is_the_player_alone():
    main = game(range=0).world.main
    assert within(main, "Dana") == ("Dana",)


def test_801_2a_different_ranges():
    main = game(range={"Alex": 2, "Bianca": 1, "Cho": 1, "Dana": 1, "Erin": 0}).world.main
    assert within(main, "Alex") == tuple(P5)
    assert within(main, "Cho") == ("Bianca", "Cho", "Dana")
    assert within(main, "Erin") == ("Erin",)
    assert main.ranges == (("Alex", 2), ("Bianca", 1), ("Cho", 1), ("Dana", 1), ("Erin", 0))


# -- CR 801.2c: determined as each turn begins ---------------------------------------------------

def test_801_2c_leaving_closes_seats_only_at_the_next_turn():
    """801.2c example: when the player between Alex and Cho leaves, Cho enters Alex's range at
    the start of the next turn, not before."""
    g = game()
    steps = g.leave("Bianca")
    i = find(steps, "801.2c")
    assert "Cho will enter Alex's range" in steps[i].changes[0].words()
    assert within(g.world.main, "Alex") == ("Alex", "Erin")
    steps = g.advance("next_turn")
    i = find(steps, "801.2c")
    assert g.active == "Cho"
    assert within(g.world.main, "Alex") == ("Alex", "Cho", "Erin")
    assert dict(g.world.main.in_range)["Cho"] == ("Alex", "Cho", "Dana")
    assert "Players within Alex's range of influence (1 seat): Alex, Cho, Erin." in [
        c.words() for c in steps[i].changes]
    assert "Bianca" not in dict(g.world.main.in_range)


def test_801_2c_determination_each_turn_is_recorded():
    g = game()
    steps = g.advance("next_turn")
    assert rules(steps).count("801.2c") == 1
    assert g.world.main.in_range == determine(g.world.main)


def test_no_option_no_range_steps():
    g = Game(P5, seed=1, libraries={p: 3 for p in P5})
    steps = g.advance("next_turn") + g.leave("Cho")
    assert not {"801.2c", "801.14"} & set(rules(steps))


# -- CR 801.14, 104.3h: winning under the option --------------------------------------------------

def test_801_14_win_makes_opponents_within_range_lose():
    """801.14: Alex's opponents within range (Bianca, Erin) lose; Cho and Dana play on (104.3h)."""
    g = game()
    g.add_object("bears", "Grizzly Bears", owner="Erin", zone="battlefield")
    steps = g.win("Alex")
    assert rules(steps)[:2] == ["104.2b", "801.14"]
    find(steps, "104.3h", "This may not cause the game to end")
    assert [g.in_game(p) for p in P5] == [True, False, True, True, False]
    main = g.world.main
    assert main.seat("Bianca").result == "lost" and main.seat("Erin").result == "lost"
    assert main.seat("Alex").result is None and not main.ended
    assert g.where("bears") == ("outside", "outside")
    assert g.priority == "Alex" and g.active == "Alex"
    assert [g.life(p) for p in ("Alex", "Cho", "Dana")] == [20, 20, 20]


def test_801_14_scenario_five_players():
    scenario("801_14_win_range_1_five_players.yaml")


def test_801_14_after_leaving_uses_the_turns_ranges():
    """801.2c with 801.14: Bianca concedes; in the same turn Cho is not yet within Alex's range,
    so Alex's win makes only Erin lose."""
    g = game()
    g.apply({"concede": "Bianca"})
    g.win("Alex")
    assert [g.in_game(p) for p in P5] == [True, False, True, True, False]
    assert g.world.main.seat("Cho").result is None


def test_801_2c_scenario_second_win_ends_the_game():
    result = scenario("801_2c_win_after_a_player_left.yaml")
    main = result.game.world.main
    assert main.ended and main.winner == "Alex"
    assert result.game.priority is None


def test_801_14_everyone_in_range_ends_the_game_with_104_2a():
    result = scenario("801_14_everyone_in_range.yaml")
    steps = list(result.trace)
    assert find(steps, "104.2a") > find(steps, "801.14")
    assert result.game.world.main.winner == "Alex"


def test_801_2a_scenario_range_2_win():
    result = scenario("801_2a_different_ranges.yaml")
    g = result.game
    assert [g.in_game(p) for p in g.players] == [False, False, True, False, False, True]


def test_801_14_nobody_in_range_nothing_happens():
    g = game(range={"Alex": 0, "Bianca": 1, "Cho": 1, "Dana": 1, "Erin": 1})
    steps = g.win("Alex")
    assert rules(steps) == ["104.2b", "801.14"]
    assert all(g.in_game(p) for p in P5) and not g.world.main.ended


def test_104_2b_without_option_the_game_ends():
    g = Game(P5, seed=1)
    steps = g.win("Alex")
    assert "801.14" not in rules(steps)
    assert g.world.main.ended and g.world.main.winner == "Alex"


def test_801_14_in_three_player_game_with_range_1_ends_the_game():
    """With three players, range 1 reaches both opponents: they lose, and Alex wins (104.2a)."""
    g = game(["Alex", "Bianca", "Cho"])
    g.win("Alex")
    assert g.world.main.winner == "Alex"


# -- CR 801.4, 801.2d: targets --------------------------------------------------------------------

def test_801_4_target_player_outside_range_refused():
    g = game()
    g.add_object("bribery", "Bribery", owner="Alex", zone="hand")
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.cast("bribery", "Alex", target="Cho")
    assert err.value.rule == "801.4" and "Cho" in str(err.value)
    assert_unchanged(g, before)
    g.cast("bribery", "Alex", target="Erin")
    assert g.stack == ["bribery"]


def test_801_2d_target_object_controlled_outside_range_refused():
    """801.2d: an object is within range if its controller is: Dana's creature is not in Alex's
    range, Bianca's is."""
    g = game()
    g.add_object("treason", "Act of Treason", owner="Alex", zone="hand")
    g.add_object("far", "Grizzly Bears", owner="Dana", zone="battlefield")
    g.add_object("near", "Runeclaw Bears", owner="Bianca", zone="battlefield")
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.cast("treason", "Alex", target="far")
    assert err.value.rule == "801.4" and "Dana" in str(err.value)
    assert_unchanged(g, before)
    g.cast("treason", "Alex", target="near")
    g.resolve("treason")
    assert g.obj("near").controller == "Alex"


def test_801_4_without_option_any_opponent_may_be_targeted():
    g = Game(P5, seed=1)
    g.add_object("bribery", "Bribery", owner="Alex", zone="hand")
    g.cast("bribery", "Alex", target="Cho")
    assert g.stack == ["bribery"]


# -- CR 801.10, 801.11: "each opponent" -----------------------------------------------------------

def test_801_10_blood_tithe_reaches_only_opponents_in_range():
    result = scenario("801_10_blood_tithe_each_opponent.yaml")
    steps = list(result.trace)
    i = find(steps, "801.10")
    assert "Cho and Dana are outside Alex's range" in steps[i].changes[0].words()


def test_blood_tithe_without_option_every_opponent():
    g = Game(P5, seed=1)
    g.add_object("tithe", "Blood Tithe", owner="Alex", zone="hand")
    steps = g.cast("tithe", "Alex") + g.resolve("tithe")
    assert "801.10" not in rules(steps)
    assert [g.life(p) for p in P5] == [32, 17, 17, 17, 17]
    assert g.where("tithe") == ("main", "graveyard")


def test_blood_tithe_kills_in_range_opponent_game_goes_on():
    """An opponent at 3 life in range dies (704.5a) and leaves; one out of range is unaffected."""
    g = game(life={"Bianca": 3, "Cho": 3})
    g.add_object("tithe", "Blood Tithe", owner="Alex", zone="hand")
    g.cast("tithe", "Alex")
    g.resolve("tithe")
    assert not g.in_game("Bianca") and g.in_game("Cho") and g.life("Cho") == 3
    assert g.life("Alex") == 26 and g.priority == "Alex"


# -- CR 704.5k with 801.12: the world rule --------------------------------------------------------

def _worlds(players, owners, range=1):  # noqa: A002
    g = Game(players, seed=1, libraries={p: 3 for p in players}, range=range)
    first, second = owners
    g.add_object("plane", "Living Plane", owner=first, zone="battlefield")
    g.add_object("crossroads", "Concordant Crossroads", owner=second, zone="hand")
    return g


def test_704_5k_world_rule_without_option_newest_stays():
    g = _worlds(P5, ("Cho", "Alex"), range=None)
    steps = g.cast("crossroads", "Alex") + g.resolve("crossroads")
    find(steps, "704.5k")
    assert g.where("plane") == ("main", "graveyard")
    assert g.where("crossroads") == ("main", "battlefield")
    assert "801.12" not in rules(steps)


def test_801_12_out_of_range_both_stay():
    g = _worlds(P5, ("Cho", "Alex"))
    steps = g.cast("crossroads", "Alex") + g.resolve("crossroads")
    assert "704.5k" not in rules(steps) and rules(steps).count("801.12") == 1
    assert g.where("plane") == ("main", "battlefield")
    assert g.where("crossroads") == ("main", "battlefield")
    more = g.advance("end")
    assert "801.12" not in rules(more)


def test_801_12_within_range_newest_stays():
    result = scenario("704_5k_world_rule_in_range.yaml")
    assert result.game.where("plane") == ("main", "graveyard")


def test_801_12_scenario_ranges_change_after_leaving():
    result = scenario("801_12_world_rule_out_of_range.yaml")
    steps = list(result.trace)
    assert find(steps, "704.5k") > find(steps, "801.2c", "determined as each turn begins")


def test_801_12_asymmetric_ranges_judge_each_permanent_by_its_controller():
    """Alex (range 2) sees Cho's world; Cho (range 1) does not see Alex's. The world rule applies
    to Alex's newer Crossroads only, and it stays; Cho's older Living Plane is exempt and stays."""
    g = _worlds(P5, ("Cho", "Alex"),
                range={"Alex": 2, "Bianca": 1, "Cho": 1, "Dana": 1, "Erin": 1})
    steps = g.cast("crossroads", "Alex") + g.resolve("crossroads")
    i = find(steps, "801.12")
    notes = [c.words() for c in steps[i].changes]
    assert any("Cho's range" in n and "Living Plane" in n for n in notes)
    assert g.where("plane") == ("main", "battlefield")
    assert g.where("crossroads") == ("main", "battlefield")


def test_801_12_older_world_within_its_controllers_range_goes():
    """Cho (range 2) sees Alex's newer Crossroads: her Living Plane goes (704.5k); Alex (range 1)
    does not see hers, and his Crossroads stays either way."""
    g = _worlds(P5, ("Cho", "Alex"),
                range={"Alex": 1, "Bianca": 1, "Cho": 2, "Dana": 1, "Erin": 1})
    g.cast("crossroads", "Alex")
    g.resolve("crossroads")
    assert g.where("plane") == ("main", "graveyard")
    assert g.where("crossroads") == ("main", "battlefield")


# -- subgames ---------------------------------------------------------------------------------

def test_subgame_does_not_use_the_option():
    """Literal reading: the option is chosen for the main game; a subgame is a new game."""
    g = Game(P5, seed=1, libraries={p: 10 for p in P5}, range=1)
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    g.cast("shahrazad", "Alex")
    g.resolve("shahrazad")
    assert g.subgames == 1
    assert g.current.ranges == () and g.current.in_range == ()
    assert g.world.main.ranges == tuple((p, 1) for p in P5)


# -- CR 801.3: attacking ------------------------------------------------------------------------

def _attackers(range=1, **kw):  # noqa: A002
    g = game(range=range, **kw)
    g.add_object("bears", "Grizzly Bears", owner="Alex", zone="battlefield")
    g.add_object("angel", "Serra Angel", owner="Alex", zone="battlefield")
    g.advance("declare_attackers")
    return g


def test_801_3_attack_on_opponent_outside_range_refused():
    """801.3: Alex's creatures can attack Bianca and Erin (his neighbours), not Cho; the refusal
    leaves the game unchanged, and the attack on a neighbour still works."""
    g = _attackers()
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.attack("bears", "Cho")
    assert err.value.rule == "801.3" and err.value.subject == "Cho"
    assert "outside Alex's range" in str(err.value) and "Bianca, Erin" in str(err.value)
    assert_unchanged(g, before)
    steps = g.attack("bears", "Bianca") + g.attack("angel", "Erin")
    assert rules(steps) == ["508.1", "508.1f", "508.1", "702.20b"]
    assert g.world.main.attacks == (("bears", "Bianca"), ("angel", "Erin"))
    assert g.obj("bears").tapped and not g.obj("angel").tapped
    assert g.priority is None


def test_801_3_no_opponent_in_range_creatures_cannot_attack():
    """801.3: "If no opponents are within a player's range of influence, creatures that player
    controls can't attack" (Alex's range is 0)."""
    g = _attackers(range={"Alex": 0, "Bianca": 1, "Cho": 1, "Dana": 1, "Erin": 1})
    before = frozen(g)
    for defender in ("Bianca", "Cho"):
        with pytest.raises(RulesError) as err:
            g.attack("bears", defender)
        assert err.value.rule == "801.3" and err.value.subject == "bears"
        assert "creatures Alex controls can't attack" in str(err.value)
    assert_unchanged(g, before)
    assert g.world.main.attacks == () and not g.obj("bears").tapped


def test_801_3_combat_damage_to_neighbour():
    g = _attackers()
    g.attack("bears", "Bianca")
    g.advance("combat_damage")
    assert [g.life(p) for p in P5] == [20, 18, 20, 20, 20]


def test_801_3_after_leaving_range_is_the_turns():
    """801.3 with 801.2c: Bianca concedes; Cho is not within Alex's range until the next turn
    begins, so this turn Alex's creatures still cannot attack her."""
    g = _attackers()
    g.concede("Bianca")
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.attack("bears", "Cho")
    assert err.value.rule == "801.3"
    assert_unchanged(g, before)
    g.attack("bears", "Erin")
    assert g.world.main.attacks == (("bears", "Erin"),)


def test_801_3_without_option_any_opponent_may_be_attacked():
    g = Game(P5, seed=1, libraries={p: 3 for p in P5})
    g.add_object("bears", "Grizzly Bears", owner="Alex", zone="battlefield")
    g.advance("declare_attackers")
    g.attack("bears", "Cho")
    assert g.world.main.attacks == (("bears", "Cho"),)


# -- CR 801.7, 801.7a, 801.10: Syr Konrad, the Grim ---------------------------------------------

def _konrad(**kw):
    g = game(**kw)
    g.add_object("konrad", "Syr Konrad, the Grim", owner="Alex", zone="battlefield")
    return g


def test_801_7_and_801_10_syr_konrad_scenario():
    """801.7: Dana's creature dying does not trigger Alex's Konrad; 801.10: the damage of the
    trigger on Bianca's creature reaches Bianca and Erin only."""
    result = scenario("801_10_syr_konrad_in_range.yaml")
    steps = list(result.trace)
    i = find(steps, "801.7")
    assert "involves Dana, outside Alex's range" in steps[i].changes[0].words()
    assert "triggers" not in [getattr(c, "status", None) for c in steps[i].changes]
    i = find(steps, "801.10")
    assert "Cho and Dana are outside Alex's range" in steps[i].changes[0].words()
    g = result.game
    assert [g.life(p) for p in P5] == [20, 19, 20, 20, 19]
    assert g.where("far") == ("main", "graveyard") and g.where("near") == ("main", "graveyard")


def test_801_7_creature_out_of_range_dies_no_trigger():
    g = _konrad()
    g.add_object("far", "Grizzly Bears", owner="Cho", zone="battlefield")
    steps = g.move("far", "graveyard")
    assert "801.7" in rules(steps)
    assert g.stack == [] and g.world.main.pending == ()
    assert g.where("far") == ("main", "graveyard")
    assert [g.life(p) for p in P5] == [20] * 5


def test_801_7a_dies_looks_back_at_its_controller():
    """801.7a with 603.10a: dying looks back in time. Cho's creature, controlled by Bianca,
    dies into Cho's graveyard (outside Alex's range): it was within range as it died, so
    Konrad triggers."""
    g = _konrad()
    g.add_object("stolen", "Grizzly Bears", owner="Cho", controller="Bianca",
                 zone="battlefield")
    steps = g.move("stolen", "graveyard")
    assert "801.7" not in rules(steps)
    assert g.stack == ["konrad"]
    assert g.where("stolen") == ("main", "graveyard")
    g.resolve("konrad")
    assert [g.life(p) for p in P5] == [20, 19, 20, 20, 19]


def test_801_7_card_put_into_out_of_range_graveyard_no_trigger():
    """801.7a: "put into a graveyard" is looked at after the event: a creature card going from
    Dana's hand to her graveyard is outside Alex's range; one from Erin's hand is within."""
    g = _konrad()
    g.add_object("far", "Grizzly Bears", owner="Dana", zone="hand")
    g.add_object("near", "Runeclaw Bears", owner="Erin", zone="hand")
    steps = g.move("far", "graveyard")
    assert "801.7" in rules(steps) and g.stack == []
    steps = g.move("near", "graveyard")
    assert "801.7" not in rules(steps) and g.stack == ["konrad"]


def test_801_7_card_leaving_your_graveyard_always_in_range():
    """801.2b: Alex is within his own range: a creature card leaving his graveyard triggers."""
    g = _konrad(range=0)
    g.add_object("card", "Grizzly Bears", owner="Alex", zone="graveyard")
    steps = g.move("card", "exile")
    assert "801.7" not in rules(steps) and g.stack == ["konrad"]
    steps = g.resolve("konrad")
    assert "801.10" in rules(steps)
    assert [g.life(p) for p in P5] == [20] * 5


def test_801_7_without_option_konrad_sees_every_death():
    g = Game(P5, seed=1, libraries={p: 3 for p in P5})
    g.add_object("konrad", "Syr Konrad, the Grim", owner="Alex", zone="battlefield")
    g.add_object("far", "Grizzly Bears", owner="Cho", zone="battlefield")
    steps = g.move("far", "graveyard") + g.resolve("konrad")
    assert not {"801.7", "801.10"} & set(rules(steps))
    assert [g.life(p) for p in P5] == [20, 19, 19, 19, 19]


def test_801_7_konrad_controlled_far_away_sees_its_own_neighbours():
    """The range is the *source's controller's*: Cho's Konrad sees Dana's creature die and
    damages Bianca and Dana, not Alex or Erin."""
    g = game()
    g.add_object("konrad", "Syr Konrad, the Grim", owner="Cho", zone="battlefield")
    g.add_object("bears", "Grizzly Bears", owner="Dana", zone="battlefield")
    g.move("bears", "graveyard")
    assert g.stack == ["konrad"]
    g.resolve("konrad")
    assert [g.life(p) for p in P5] == [20, 19, 20, 19, 20]


@pytest.mark.parametrize("owner, controller, triggers", [("Bianca", "Cho", True),
                                                         ("Cho", "Bianca", False)])
def test_801_7a_put_into_a_graveyard_looks_at_the_graveyard(owner, controller, triggers):
    """801.7a: "put into a graveyard" is not a look-back trigger (603.10a), so the state after
    the event decides: a creature spell controlled by Cho (outside Alex's range) going to its
    owner Bianca's graveyard triggers Konrad; one controlled by Bianca going to Cho's does not."""
    g = _konrad()
    g.add_object("spell", "Grizzly Bears", owner=owner, controller=controller, zone="stack")
    steps = g.move("spell", "graveyard")
    assert g.where("spell") == ("main", "graveyard")
    assert ("801.7" not in rules(steps)) is triggers
    assert g.stack == (["konrad"] if triggers else [])


# -- review of issue 11: CR 801.4 holds for abilities too ----------------------------------------

def test_801_4_a_triggered_ability_cannot_target_a_creature_out_of_range():
    """CR 801.4 ("spells or abilities"): Banisher Priest's trigger can't target Cho's Bears, two
    seats from Alex (range 1); Bianca's Bears, within range, can be."""
    g = game()
    g.add_object("priest", "Banisher Priest", owner="Alex", zone="hand")
    g.add_object("far", "Grizzly Bears", owner="Cho")
    g.add_object("near", "Grizzly Bears", owner="Bianca")
    g.apply({"cast": {"card": "priest", "by": "Alex"}})
    g.apply({"resolve": "priest"})
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.apply({"choose_target": {"ability": "priest-trigger", "target": "far"}})
    assert err.value.rule == "801.4" and "Cho is outside Alex's range" in str(err.value)
    assert_unchanged(g, before)
    g.apply({"choose_target": {"ability": "priest-trigger", "target": "near"}})
    g.apply({"resolve": "priest-trigger"})
    assert g.where("near") == ("main", "exile") and g.where("far") == ("main", "battlefield")


def test_801_4_an_activated_ability_cannot_target_a_player_out_of_range():
    """CR 801.4: Alex's Mindslaver can't target Cho (two seats away, range 1); Bianca it can."""
    g = game()
    g.add_object("ms", "Mindslaver", owner="Alex")
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.apply({"activate": {"object": "ms", "by": "Alex", "target": "Cho"}})
    assert err.value.rule == "801.4"
    assert_unchanged(g, before)
    g.apply({"activate": {"object": "ms", "by": "Alex", "target": "Bianca"}})
    assert g.where("ms") == ("main", "graveyard") and len(g.stack) == 1


def test_801_4_oubliette_cannot_target_a_creature_out_of_range():
    """CR 801.4: Oubliette's enters trigger, resolving with a target out of Alex's range, is
    refused and changes nothing."""
    g = game()
    g.add_object("ou", "Oubliette", owner="Alex", zone="hand")
    g.add_object("far", "Grizzly Bears", owner="Dana")
    g.apply({"cast": {"card": "ou", "by": "Alex"}})
    g.apply({"resolve": "ou"})
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.apply({"resolve": {"object": "ou-trigger", "target": "far"}})
    assert err.value.rule == "801.4"
    assert_unchanged(g, before)


def test_801_2a_a_range_beyond_max_number_is_refused():
    """A range is a whole number of seats within the documented MAX_NUMBER limit."""
    with pytest.raises(ScenarioError) as err:
        game(range=10**30)
    assert "MAX_NUMBER" in str(err.value)


def test_801_2a_a_scenario_range_missing_a_player_names_file_and_line(tmp_path):
    """CR 801.2a: a scenario file whose range mapping misses a player is refused with its file
    and line (a ScenarioError), as the other malformed keys are."""
    path = tmp_path / "r.yaml"
    path.write_text("title: t\ndescription: d\nplayers: [Alex, Bianca, Cho]\n"
                    "range: {Alex: 1}\nsteps: []\nexpect: []\n")
    with pytest.raises(ScenarioError) as err:
        load_scenario(path)
    assert f"{path}:4: range: every player needs a range of influence" in str(err.value)
    assert "missing: Bianca, Cho" in str(err.value)
