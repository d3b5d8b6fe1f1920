"""Exile until a permanent leaves the battlefield (CR 610.3, 610.3b, 610.3c, 610.3d) against an
Oblivion Ring's linked return trigger (CR 607.2a, 603.3a), with players leaving (CR 800.4a,
800.4b, 800.4d) and subgames (CR 726.4, 726.5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from magicsub import Game, RulesError, load_scenario
from magicsub.engine.objects import Kind

SCENARIOS = Path(__file__).resolve().parent.parent / "magicsub" / "scenarios"


def run(name: str):
    result = load_scenario(SCENARIOS / name).run()
    assert result.failures == []
    return result


def cites(result) -> list[str]:
    return [s.rule for s in result.trace]


def four(*objects) -> Game:
    g = Game(["Alex", "Bianca", "Cho", "Dana"], seed=1)
    for oid, name, owner, zone in objects:
        g.add_object(oid, name, owner=owner, zone=zone)
    return g


def exile_with(g: Game, card: str, target: str, by: str = "Alex") -> None:
    g.apply({"cast": {"card": card, "by": by}})
    g.apply({"resolve": card})
    g.apply({"resolve": {"object": card, "target": target}})


def test_610_3_610_3c_priest_destroyed_returns_under_owners_control():
    """CR 610.3c: Cho's Bears, controlled by Bianca when exiled, return under Cho's control."""
    g = four(("priest", "Banisher Priest", "Alex", "hand"),
             ("bears", "Runeclaw Bears", "Cho", "battlefield"))
    g.apply({"effect": {"control": "bears", "to": "Bianca", "until": "forever"}})
    exile_with(g, "priest", "bears")
    assert g.where("bears") == ("main", "exile")
    assert [x.card for x in g.world.main.exiled_by] == ["bears"]
    steps = g.apply({"move": {"object": "priest", "to": "graveyard"}})
    assert [s.rule for s in steps][:3] == ["400.7", "610.3", "610.3c"]
    assert g.where("bears") == ("main", "battlefield")
    assert g.obj("bears").controller == "Cho"
    assert g.world.main.exiled_by == ()
    assert g.world.effects_on("bears") == []
    assert g.priority == "Alex"


@pytest.mark.parametrize("watcher", ["Oblivion Ring", "Banisher Priest"])
def test_610_3_priest_returns_while_another_until_source_watches_the_move(watcher):
    """CR 610.3: the return is made while another permanent's triggered abilities are looking at
    the same move (issue 28, item 1: an Oblivion Ring on the battlefield ended ``check`` in a
    KeyError from the trigger watches). The Bears come back under Cho's control, the watcher
    stays, and priority is Alex's."""
    g = four(("priest", "Banisher Priest", "Alex", "hand"), ("other", watcher, "Alex",
                                                              "battlefield"),
             ("bears", "Runeclaw Bears", "Cho", "battlefield"))
    exile_with(g, "priest", "bears")
    assert g.where("bears") == ("main", "exile")
    steps = g.apply({"move": {"object": "priest", "to": "graveyard"}})
    assert "610.3c" in [s.rule for s in steps]
    assert g.where("bears") == ("main", "battlefield") and g.obj("bears").controller == "Cho"
    assert g.where("other") == ("main", "battlefield")
    assert g.where("priest") == ("main", "graveyard")
    assert g.world.main.exiled_by == () and g.priority == "Alex"


def test_800_4a_610_3_priest_returns_but_800_4d_oblivion_ring_does_not():
    """CR 800.4a: Alex's permanents leave the game with Alex. The Priest's 610.3 return happens;
    Oblivion Ring's trigger is Alex's and isn't put on the stack (CR 800.4d)."""
    r = run("610_3_oring_vs_priest_owner_leaves.yaml")
    g = r.game
    assert g.where("bears") == ("main", "battlefield") and g.obj("bears").controller == "Cho"
    assert g.where("angel") == ("main", "exile")
    assert g.where("oring") == ("outside", "outside")
    assert g.world.main.exiled_by == ()
    assert g.world.main.pending == () and g.stack == []
    assert g.priority == "Bianca"
    rules = cites(r)
    assert rules.index("610.3") < rules.index("800.4d")
    removed = [c for s in r.trace if s.rule == "800.4d" for c in s.changes if c.kind == "trigger"]
    assert [c.trigger for c in removed] == ["oring-trigger"]


def test_610_3d_grasp_of_fate_owner_loses_every_permanent_returns():
    """CR 610.3d: the returns are simultaneous; each under its owner's control (610.3c)."""
    r = run("610_3_grasp_of_fate_owner_loses.yaml")
    g = r.game
    for oid, owner in (("ox", "Bianca"), ("juggernaut", "Cho"), ("lion", "Dana")):
        assert g.where(oid) == ("main", "battlefield")
        assert g.obj(oid).controller == owner
    assert not g.in_game("Alex")
    step = next(s for s in r.trace if s.rule == "610.3c")
    assert [c.obj for c in step.changes if c.kind == "move"] == ["ox", "juggernaut", "lion"]


def test_601_2c_grasp_of_fate_one_target_for_each_opponent():
    """Grasp of Fate: "for each opponent, up to one target": a second target that the same
    opponent controls, a permanent its controller controls, or a land are refused; nothing
    changes."""
    g = four(("grasp", "Grasp of Fate", "Alex", "hand"),
             ("ox", "Grizzly Bears", "Bianca", "battlefield"),
             ("ox2", "Runeclaw Bears", "Bianca", "battlefield"),
             ("mine", "Serra Angel", "Alex", "battlefield"))
    g.add_object("land", "Plains", owner="Cho", types=["land"])
    g.apply({"cast": {"card": "grasp", "by": "Alex"}})
    g.apply({"resolve": "grasp"})
    g.apply({"choose_target": {"ability": "grasp-trigger", "target": "ox"}})
    before = (g.world, len(g.trace))
    for target, words in (("ox2", "up to one permanent for each opponent"),
                          ("mine", "who controls the ability, controls it"),
                          ("land", "it is a land"), ("ox", "already targets")):
        with pytest.raises(RulesError, match=words) as err:
            g.apply({"choose_target": {"ability": "grasp-trigger", "target": target}})
        assert err.value.rule == "601.2c"
    assert (g.world, len(g.trace)) == before
    g.apply({"resolve": "grasp"})
    assert g.where("ox") == ("main", "exile") and g.where("ox2") == ("main", "battlefield")


def test_601_2c_banisher_priest_targets_a_creature_an_opponent_controls():
    g = four(("priest", "Banisher Priest", "Alex", "hand"),
             ("mine", "Serra Angel", "Alex", "battlefield"))
    g.apply({"cast": {"card": "priest", "by": "Alex"}})
    g.apply({"resolve": "priest"})
    with pytest.raises(RulesError, match="Alex, who controls the ability, controls it"):
        g.apply({"resolve": {"object": "priest", "target": "mine"}})
    steps = g.apply({"resolve": "priest"})
    assert "603.3d" in [s.rule for s in steps]
    assert g.where("mine") == ("main", "battlefield") and g.stack == []


def test_603_3a_stolen_oblivion_ring_its_trigger_is_the_thiefs():
    """CR 603.3a: the return trigger is controlled by Bianca, who controlled the Ring as it left;
    it returns the Angel under its owner's control."""
    g = four(("oring", "Oblivion Ring", "Alex", "hand"),
             ("angel", "Serra Angel", "Cho", "battlefield"))
    exile_with(g, "oring", "angel")
    g.apply({"effect": {"control": "oring", "to": "Bianca", "until": "forever"}})
    g.apply({"move": {"object": "oring", "to": "graveyard"}})
    top = g.world.stack()[-1]
    assert top.kind is Kind.ABILITY and top.controller == "Bianca" and top.source == "oring"
    g.apply({"resolve": "oring"})
    assert g.where("angel") == ("main", "battlefield") and g.obj("angel").controller == "Cho"


def test_800_4a_stolen_ring_trigger_ceases_when_its_controller_leaves():
    """CR 800.4a: Bianca's return trigger on the stack ceases to exist as she concedes; the
    stolen Priest goes back to Alex without leaving, so its Bears stay exiled until it leaves."""
    r = run("610_3_stolen_oblivion_ring.yaml")
    g = r.game
    assert g.where("angel") == ("main", "exile")
    assert g.where("bears") == ("main", "battlefield") and g.obj("bears").controller == "Dana"
    assert g.world.main.exiled_by == ()
    concede = [s for s in r.trace if s.rule == "800.4a"]
    assert any(c.kind == "cease" and c.obj == "oring-trigger" for s in concede
               for c in s.changes)


def test_800_4a_controller_leaves_priest_is_exiled_and_returns_the_bears():
    """CR 800.4a "Then ... those objects are exiled": exiling the Priest is its leaving the
    battlefield (CR 610.3)."""
    r = run("610_3_controller_leaves.yaml")
    g = r.game
    assert g.where("priest") == ("main", "exile")
    assert g.where("bears") == ("main", "battlefield") and g.obj("bears").controller == "Cho"
    rules = cites(r)
    assert rules[rules.index("610.3") - 1] == "800.4a"


def test_800_4a_exiled_cards_owner_leaves_nothing_returns():
    """CR 800.4a: the exiled Bears leave the game with Cho; the link ends (CR 400.7)."""
    r = run("610_3_exiled_card_owner_leaves.yaml")
    g = r.game
    assert g.where("bears") == ("outside", "outside")
    assert g.world.main.exiled_by == ()
    assert "610.3c" not in cites(r)


def test_610_3b_priest_gone_before_its_ability_resolves():
    """CR 610.3b: the Priest left after its ability triggered: the Bears don't move. Oblivion
    Ring has no "until": its card is exiled for good."""
    r = run("610_3b_source_left_first.yaml")
    g = r.game
    assert g.where("bears") == ("main", "battlefield")
    assert g.where("angel") == ("main", "exile")
    assert g.world.main.exiled_by == ()
    assert "610.3b" in cites(r)


def test_726_5_subgame_ends_exiled_cards_go_to_main_game_libraries():
    """CR 726.5: the cards in the subgame's exile go to their owners' main-game libraries with
    the Priest and the Ring; no return, no trigger on any stack."""
    r = run("610_3_subgame_ends.yaml")
    g = r.game
    for oid in ("priest", "oring", "bears", "angel"):
        assert g.where(oid) == ("main", "library")
    assert g.world.games[1].exiled_by == ()
    assert "610.3" not in cites(r)
    assert g.world.main.held == () and g.stack == []


def test_726_4_main_game_exile_waits_through_the_subgame():
    """CR 726.4: the main-game Priest and the Angel it exiled are outside the subgame; the link
    holds, and the Angel returns when the Priest leaves after the subgame."""
    g = Game(["Alex", "Bianca", "Cho"], seed=3, libraries={"Alex": 8, "Bianca": 8, "Cho": 8})
    g.add_object("priest", "Banisher Priest", owner="Alex", zone="hand")
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    g.add_object("angel", "Serra Angel", owner="Bianca")
    exile_with(g, "priest", "angel")
    g.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    g.apply({"resolve": "shahrazad"})
    assert g.subgames == 1 and g.where("angel") == ("main", "exile")
    g.apply({"win": "Bianca"})
    assert [x.card for x in g.world.main.exiled_by] == ["angel"]
    g.apply({"move": {"object": "priest", "to": "graveyard"}})
    assert g.where("angel") == ("main", "battlefield") and g.obj("angel").controller == "Bianca"


def test_400_7_a_card_that_left_exile_is_no_longer_linked():
    """CR 400.7: the Bears leave exile and come back; the Priest's return ignores the new
    object."""
    g = four(("priest", "Banisher Priest", "Alex", "hand"),
             ("bears", "Runeclaw Bears", "Cho", "battlefield"))
    exile_with(g, "priest", "bears")
    g.apply({"move": {"object": "bears", "to": "graveyard"}})
    g.apply({"move": {"object": "bears", "to": "exile"}})
    assert g.world.main.exiled_by == ()
    g.apply({"move": {"object": "priest", "to": "graveyard"}})
    assert g.where("bears") == ("main", "exile")


def test_refused_choose_target_names_the_rule():
    g = four(("bears", "Runeclaw Bears", "Cho", "battlefield"))
    with pytest.raises(RulesError) as err:
        g.apply({"choose_target": {"ability": "bears", "target": "bears"}})
    assert err.value.rule == "603.3d" and "Runeclaw Bears" in str(err.value)
