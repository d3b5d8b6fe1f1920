"""Controlling another player (CR 720) and leaving (CR 800.4a, 800.4b)."""

from __future__ import annotations

import pytest

from magicsub import Game, RulesError
from magicsub.rules.control import decider


def _game(players=("Alex", "Bianca", "Cho")) -> Game:
    g = Game(list(players), seed=1, libraries={p: 8 for p in players})
    g.add_object("ms", "Mindslaver", owner="Alex", zone="battlefield")
    return g


def _slaved(players=("Alex", "Bianca", "Cho")) -> Game:
    g = _game(players)
    g.apply({"activate": {"object": "ms", "by": "Alex", "target": "Bianca"}})
    g.apply({"resolve": "ms"})
    return g


def _rules(steps) -> list[str]:
    return [s.rule for s in steps]


def test_720_1_effect_waits_for_the_next_turn_then_works_all_turn():
    g = _slaved()
    assert g.where("ms") == ("main", "graveyard")
    assert decider(g.world, 0, "Bianca") == "Bianca"  # not yet: Alex's turn
    g.advance("next_turn")
    assert g.active == "Bianca"
    assert decider(g.world, 0, "Bianca") == "Alex"
    assert decider(g.world, 0, "Alex") == "Alex"  # CR 720.8
    g.advance("end")
    assert decider(g.world, 0, "Bianca") == "Alex"
    steps = g.advance("next_turn")
    assert g.active == "Cho" and decider(g.world, 0, "Bianca") == "Bianca"
    assert "720.1" in _rules(steps)


def test_720_5_decisions_of_the_controlled_player_name_the_controller():
    g = _slaved()
    g.advance("next_turn")
    steps = g.advance("upkeep")
    steps = g.apply({"pass_priority": "Bianca"})
    assert steps[0].rule == "720.5"
    assert "Alex decides this for Bianca" in steps[0].changes[0].words()
    assert g.priority == "Cho"


def test_720_3_the_controlled_player_stays_active_and_controls_their_objects():
    g = _game(("Alex", "Bianca", "Cho", "Dana"))
    g2 = g
    g2.add_object("treason", "Act of Treason", owner="Bianca", zone="hand")
    g2.add_object("angel", "Serra Angel", owner="Cho", zone="battlefield")
    g2.apply({"activate": {"object": "ms", "by": "Alex", "target": "Bianca"}})
    g2.resolve("ms")
    g2.advance("next_turn")
    g2.advance("main")
    g2.cast("treason", by="Bianca", target="angel")
    g2.resolve("treason")
    assert g2.active == "Bianca"
    assert g2.obj("angel").controller == "Bianca"
    assert g2.life("Alex") == 20 and g2.life("Bianca") == 20


def test_720_5_a_choice_asked_of_the_controlled_player_is_the_controllers():
    g = _slaved()
    g.advance("next_turn")
    g.advance("upkeep")
    with pytest.raises(RulesError) as err:
        g.apply({"choice": {"object": "ms", "player": "Bianca", "kind": "choice",
                            "chooser": "Bianca"}})
    assert err.value.rule == "720.5"
    steps = g.apply({"choice": {"object": "ms", "player": "Bianca", "kind": "choice",
                                "chooser": "Alex"}})
    assert steps[0].rule == "720.5"


def test_720_6_the_controlled_player_may_concede():
    g = _slaved(("Alex", "Bianca", "Cho", "Dana"))
    g.advance("next_turn")
    g.advance("main")
    steps = g.apply({"concede": "Bianca"})
    rules = _rules(steps)
    assert rules[0] == "720.6" and "104.3a" in rules and "800.4j" in rules
    assert not g.in_game("Bianca") and g.active is None and g.priority == "Cho"
    assert g.world.main.controls == ()


def test_800_4a_controller_leaves_effect_ends_and_player_decides_again():
    g = _slaved()
    g.advance("next_turn")
    g.advance("upkeep")
    steps = g.apply({"concede": "Alex"})
    assert any(s.rule == "800.4a" and "control of any objects or players end" in s.text
               for s in steps)
    assert g.world.main.controls == ()
    assert decider(g.world, 0, "Bianca") == "Bianca"
    steps = g.apply({"pass_priority": "Bianca"})
    assert steps[0].rule == "117.3d"


def test_800_4a_pending_effect_ends_when_its_controller_leaves_before_the_turn():
    g = _slaved(("Alex", "Bianca", "Cho", "Dana"))
    g.apply({"pass_priority": "Alex"})
    g.apply({"concede": "Alex"})
    assert g.world.main.controls == ()
    g.advance("next_turn")
    assert g.active == "Bianca" and decider(g.world, 0, "Bianca") == "Bianca"


def test_800_4b_a_player_is_not_controlled_by_a_player_who_has_left():
    from magicsub.engine.transaction import Tx
    from magicsub.rules.control import give

    g = _game()
    g.apply({"leave": "Cho"})
    tx = Tx(g.world, g.edition, g.rng, 0)
    tx.step("608.2c", "follows its instructions")
    give(tx, 0, "Cho", "Bianca", "Mindslaver")
    tx.close()
    assert tx.steps[-1].rule == "800.4b"
    assert tx.world.main.controls == ()


def test_720_1a_the_last_effect_created_works():
    g = Game(["Alex", "Bianca", "Cho"], seed=1, libraries={p: 8 for p in ("Alex", "Bianca",
                                                                             "Cho")})
    g.add_object("fears", "Worst Fears", owner="Alex", zone="hand")
    g.add_object("ms", "Mindslaver", owner="Bianca", zone="battlefield")
    g.cast("fears", by="Alex", target="Cho")
    g.resolve("fears")
    assert g.where("fears") == ("main", "exile")
    g.apply({"pass_priority": "Alex"})
    g.apply({"activate": {"object": "ms", "by": "Bianca", "target": "Cho"}})
    g.resolve("ms")
    g.advance("next_turn")
    steps = g.advance("next_turn")
    assert "720.1a" in _rules(steps)
    assert decider(g.world, 0, "Cho") == "Bianca"


def test_720_9_a_player_may_control_themself():
    g = _game()
    g.apply({"activate": {"object": "ms", "by": "Alex", "target": "Alex"}})
    steps = g.resolve("ms")
    assert any("720.9" in c.words() for s in steps for c in s.changes)
    g.advance("next_turn")
    assert decider(g.world, 0, "Alex") == "Alex"


def test_602_2_activation_refusals_change_nothing():
    g = _game()
    before = g.world
    with pytest.raises(RulesError) as err:
        g.apply({"activate": {"object": "ms", "by": "Bianca", "target": "Cho"}})
    assert err.value.rule == "117.1"
    with pytest.raises(RulesError) as err:
        g.apply({"activate": {"object": "ms", "by": "Alex", "target": "Zed"}})
    with pytest.raises(RulesError) as err:
        g.apply({"activate": {"object": "ms", "by": "Alex"}})
    assert err.value.rule == "601.2c"
    assert g.world is before


def test_608_2b_target_player_left_the_ability_does_not_resolve():
    g = _game()
    g.apply({"activate": {"object": "ms", "by": "Alex", "target": "Bianca"}})
    g.apply({"concede": "Bianca"})
    steps = g.resolve("ms")
    assert "608.2b" in _rules(steps)
    assert g.world.main.controls == () and g.stack == []


def test_726_1b_control_means_nothing_in_a_subgame_and_resumes_after():
    g2 = Game(["Alex", "Bianca", "Cho"], seed=1, libraries={p: 10 for p in ("Alex", "Bianca",
                                                                              "Cho")})
    g2.add_object("ms", "Mindslaver", owner="Alex", zone="battlefield")
    g2.add_object("shah", "Shahrazad", owner="Bianca", zone="hand")
    g2.apply({"activate": {"object": "ms", "by": "Alex", "target": "Bianca"}})
    g2.resolve("ms")
    g2.advance("next_turn")
    g2.advance("main")
    steps = g2.cast("shah", by="Bianca")
    assert steps[0].rule == "720.5"
    g2.resolve("shah")
    assert g2.subgames == 1
    assert decider(g2.world, 1, "Bianca") == "Bianca"
    steps = g2.apply({"mulligan": "Bianca"})
    assert steps[0].rule == "726.1b"
    g2.win("Cho")
    assert g2.subgames == 0 and g2.active == "Bianca"
    assert decider(g2.world, 0, "Bianca") == "Alex"
    assert g2.life("Bianca") == 10 and g2.life("Alex") == 10 and g2.life("Cho") == 20


def test_800_4f_rhystic_study_cost_of_a_departed_caster_is_not_paid():
    g = Game(["Alex", "Bianca", "Cho"], seed=1, libraries={"Alex": 5, "Bianca": 5, "Cho": 5})
    g.add_object("study", "Rhystic Study", owner="Alex", zone="battlefield")
    g.add_object("opt", "Opt", owner="Cho", zone="hand", types=["instant"])
    g.apply({"pass_priority": "Alex"})
    g.apply({"pass_priority": "Bianca"})
    g.cast("opt", by="Cho")
    assert g.stack == ["opt", "study"]
    g.apply({"concede": "Cho"})
    steps = g.resolve("study")
    assert "800.4f" in _rules(steps)
    assert len(g.zone("hand", "Alex")) == 1 and g.priority == "Alex"
