"""Static abilities apply however the object got there (CR 611.3a): a permanent set up on the
battlefield has its static abilities from the first step, as if it had been cast, put there by
an effect or returned. Every built-in card with a static ability, set up in place: Mind Control
(control), Glorious Anthem (power and toughness), Concordant Crossroads (haste); the enchant
abilities of the Auras (Mind Control, Fractured Loyalty, the Curses) refuse a set-up they make
illegal (CR 303.4c, 704.5m). Living Plane's type change is not modelled (see its module)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tracetools import P3, assert_unchanged, frozen

from magicsub import Game, RulesError, ScenarioError, load_scenario
from magicsub.engine.registry import BUILTIN

SCENARIOS = Path(__file__).resolve().parent.parent / "magicsub" / "scenarios"


def game(**kw) -> Game:
    return Game(P3, seed=1, libraries={p: 5 for p in P3}, **kw)


def test_611_3a_mind_control_set_up_in_place_scenario():
    """CR 611.3a, 611.3b, 702.26b (scenario): a Mind Control set up attached to Bianca's Angel
    gives Alex the Angel before the first step; phased out it gives nothing, phased in it gives
    the Angel back; when it leaves, the Angel returns to Bianca."""
    result = load_scenario(SCENARIOS / "611_3a_mind_control_set_up_in_place.yaml").run()
    assert result.failures == []
    initial = result.trace.initial
    assert initial.objects["angel"].controller == "Alex"
    assert [(e.obj, e.source, e.static) for e in initial.effects.values()] == \
        [("angel", "mind_control", True)]
    g = result.game
    assert g.obj("angel").controller == "Bianca" and not g.world.effects


@pytest.mark.parametrize("first", ["aura", "creature"])
def test_611_3a_mind_control_set_up_in_either_order(first):
    """CR 611.3a: the Aura may be set up before or after the creature it enchants."""
    g = game()
    adds = {"aura": lambda: g.add_object("mc", "Mind Control", owner="Alex",
                                         attached_to="angel"),
            "creature": lambda: g.add_object("angel", "Serra Angel", owner="Bianca")}
    adds[first]()
    adds["creature" if first == "aura" else "aura"]()
    assert g.obj("angel").controller == "Alex"
    assert g.trace.initial.objects["angel"].controller == "Alex"
    assert len(g.world.effects) == 1


def test_611_3a_set_up_mind_control_follows_its_controller_and_a_later_effect():
    """CR 109.5 with 611.3a: a Mind Control set up under Cho's control gives Cho the Angel; a
    set-up effect giving Bianca the Angel later (a newer timestamp) wins."""
    g = game()
    g.add_object("angel", "Serra Angel", owner="Bianca")
    g.add_object("mc", "Mind Control", owner="Alex", controller="Cho", attached_to="angel")
    assert g.obj("angel").controller == "Cho"
    g.add_effect("angel", "Bianca", source="a spell of Bianca")
    assert g.obj("angel").controller == "Bianca"


def test_611_3a_set_up_mind_control_then_its_controller_leaves():
    """CR 611.3a with 800.4a: Alex's set-up Mind Control leaves the game with him and the Angel
    goes back to Bianca, exactly as with a Mind Control that was cast."""
    g = game()
    g.add_object("angel", "Serra Angel", owner="Bianca")
    g.add_object("mc", "Mind Control", owner="Alex", attached_to="angel")
    g.concede("Alex")
    assert g.obj("mc").outside and g.obj("angel").controller == "Bianca"


def test_611_3a_cast_mind_control_still_controls():
    """The same static, started as the resolving Aura arrives (CR 608.3c)."""
    g = game()
    g.add_object("angel", "Serra Angel", owner="Bianca")
    g.add_object("mc", "Mind Control", owner="Alex", zone="hand")
    g.cast("mc", "Alex", target="angel")
    g.resolve("mc")
    effect, = g.world.effects.values()
    assert effect.static and effect.follows and g.obj("angel").controller == "Alex"


def test_611_3a_glorious_anthem_set_up_in_place():
    """CR 611.3a: a Glorious Anthem set up on the battlefield pumps its controller's creatures
    from the first step, and not while it is phased out (CR 702.26b)."""
    g = game()
    g.add_object("anthem", "Glorious Anthem", owner="Cho")
    g.add_object("bears", "Grizzly Bears", owner="Cho")
    assert g.world.obj("bears") is not None
    from magicsub.engine.characteristics import power_toughness

    assert power_toughness(g.world, g.obj("bears")) == (3, 3)
    g.phase_out("anthem")
    assert power_toughness(g.world, g.obj("bears")) == (2, 2)


@pytest.mark.parametrize("crossroads, attacks", [("in place", True), ("phased out", False),
                                                 ("none", False), ("an opponent's", True)])
def test_611_3a_concordant_crossroads_set_up_in_place_gives_haste(crossroads, attacks):
    """CR 611.3a, 702.10b: Concordant Crossroads ("All creatures have haste.") set up on the
    battlefield, whoever controls it: a creature that came onto the battlefield this turn may
    attack. Phased out (CR 702.26b) or absent, it can't (CR 302.6)."""
    g = game()
    if crossroads != "none":
        g.add_object("crossroads", "Concordant Crossroads",
                     owner="Cho" if crossroads == "an opponent's" else "Alex",
                     phased_out=crossroads == "phased out")
    g.add_object("bears", "Grizzly Bears", owner="Alex", zone="hand", types=["creature"])
    g.move("bears", "battlefield")
    g.advance("declare_attackers")
    if attacks:
        g.attack("bears", "Bianca")
        assert g.world.main.attacks == (("bears", "Bianca"),)
    else:
        with pytest.raises(RulesError) as err:
            g.attack("bears", "Bianca")
        assert err.value.rule == "508.1a" and "no haste" in str(err.value)


# -- CR 303.4c, 704.5m: an Aura set up where it can't be ------------------------------------------

@pytest.mark.parametrize("name, attached_to, why", [
    ("Mind Control", "forest", "is not a creature"),
    ("Mind Control", "Bianca", "is a player, not a creature"),
    ("Mind Control", "exiled", "is not on the battlefield"),
    ("Fractured Loyalty", "forest", "is not a creature"),
    ("Curse of Surveillance", "bears", "is not a player"),
    ("Curse of Vengeance", "Zed", "Zed is not a player of this game"),
])
def test_303_4c_aura_set_up_attached_to_what_it_cannot_enchant_is_refused(name, attached_to,
                                                                          why):
    """CR 303.4c, 704.5m: each built-in Aura's enchant ability refuses a set-up it makes
    illegal, naming the rule; the game is unchanged."""
    g = game()
    g.add_object("forest", "Forest", owner="Bianca", types=["land"])
    g.add_object("bears", "Grizzly Bears", owner="Bianca")
    g.add_object("exiled", "Serra Angel", owner="Bianca", zone="exile")
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.add_object("aura", name, owner="Alex", attached_to=attached_to)
    assert err.value.rule == "303.4c"
    assert why in str(err.value) and "704.5m" in str(err.value)
    assert_unchanged(g, before)
    assert g.obj("aura") is None


def test_303_4c_aura_set_up_before_the_object_it_cannot_enchant():
    """CR 303.4c: Mind Control set up attached to an id set up later: that object is refused
    when it is not a creature, and the error names the Aura."""
    g = game()
    g.add_object("mc", "Mind Control", owner="Alex", attached_to="forest")
    with pytest.raises(RulesError) as err:
        g.add_object("forest", "Forest", owner="Bianca", types=["land"])
    assert err.value.rule == "303.4c" and "Mind Control [mc]" in str(err.value)
    assert g.obj("forest") is None


def test_303_4b_aura_attached_while_not_on_the_battlefield_is_refused():
    g = game()
    g.add_object("bears", "Grizzly Bears", owner="Bianca")
    with pytest.raises(RulesError) as err:
        g.add_object("mc", "Mind Control", owner="Alex", zone="hand", attached_to="bears")
    assert err.value.rule == "303.4b"


def test_303_4c_the_allowed_attachments_are_set_up():
    """The enchant abilities allow what they say: a creature, a player."""
    g = game()
    g.add_object("bears", "Grizzly Bears", owner="Bianca")
    g.add_object("loyalty", "Fractured Loyalty", owner="Alex", attached_to="bears")
    g.add_object("curse", "Curse of Surveillance", owner="Alex", attached_to="Cho")
    assert g.obj("loyalty").attached_to == "bears" and g.obj("curse").attached_to == "Cho"


def test_303_4c_scenario_names_the_file_and_line():
    text = ("title: t\nplayers: [Alex, Bianca, Cho]\nobjects:\n"
            "  - {id: forest, name: Forest, owner: Bianca, zone: battlefield, types: [land]}\n"
            "  - {id: mc, name: Mind Control, owner: Alex, zone: battlefield, "
            "attached_to: forest}\n")
    with pytest.raises(RulesError) as err:
        load_scenario(text=text).run()
    assert err.value.rule == "303.4c"
    assert "<scenario>:5" in str(err.value)
    assert not isinstance(err.value, ScenarioError) or err.value.line == 5


def test_every_builtin_aura_says_what_it_enchants():
    """The audit: every built-in Aura has an enchant ability the set-up checks."""
    auras = {name: card.enchant for name, card in BUILTIN.items() if "aura" in card.subtypes}
    assert auras == {"Mind Control": "creature", "Fractured Loyalty": "creature",
                     "Curse of Surveillance": "player", "Curse of Vengeance": "player"}


# -- CR 303.4f: an Aura that a 610.3 return puts onto the battlefield ----------------------------

def grasp_exiles(aura: str, name: str, attached_to: str, creature: bool = True) -> Game:
    """Bianca's Grasp of Fate exiles Alex's Aura ``aura``; with ``creature`` false, the only
    creature then leaves the battlefield."""
    g = game()
    g.add_object("grasp", "Grasp of Fate", owner="Bianca", zone="hand")
    g.add_object("angel", "Serra Angel", owner="Cho")
    g.add_object(aura, name, owner="Alex", attached_to=attached_to)
    g.advance("next_turn")
    g.advance("main")
    g.cast("grasp", "Bianca")
    g.resolve("grasp")
    g.choose_target("grasp-trigger", aura)
    g.resolve("grasp")
    assert g.where(aura) == ("main", "exile")
    if not creature:
        g.move("angel", "graveyard")
    return g


def test_303_4f_611_3a_mind_control_returned_by_610_3_enchants_and_controls():
    """CR 303.4f, 611.3a: Grasp of Fate leaves, and Mind Control returns under Alex's control;
    he chooses what it enchants (the default: the first creature, the Angel), and its static
    ability gives him the Angel at once."""
    g = grasp_exiles("mc", "Mind Control", "angel")
    assert g.obj("angel").controller == "Cho"
    steps = g.move("grasp", "graveyard")
    assert g.where("mc") == ("main", "battlefield") and g.obj("mc").attached_to == "angel"
    assert g.obj("angel").controller == "Alex"
    text = " ".join(c.words() for s in steps for c in s.changes)
    assert "2020-01-24" in text and "default choice" in text
    assert [s.rule for s in steps].index("303.4f") < [s.rule for s in steps].index("610.3c")


def test_303_4f_aura_with_nothing_to_enchant_stays_in_exile():
    """The Calix ruling (2020-01-24): "If the Aura can't legally be attached to anything, it
    remains in its current zone": with no creature left, Mind Control stays exiled."""
    g = grasp_exiles("mc", "Mind Control", "angel", creature=False)
    steps = g.move("grasp", "graveyard")
    assert g.where("mc") == ("main", "exile")
    assert "610.3c" not in [s.rule for s in steps] and "704.5m" not in [s.rule for s in steps]


def test_303_4f_curse_returned_by_610_3_enchants_a_player():
    """CR 303.4f for an Aura with "Enchant player": Curse of Surveillance comes back attached to
    a player (the default: the first in turn order)."""
    g = grasp_exiles("curse", "Curse of Surveillance", "Cho")
    g.move("grasp", "graveyard")
    assert g.where("curse") == ("main", "battlefield") and g.obj("curse").attached_to == "Alex"


def test_611_3a_mind_control_set_up_phased_out_controls_once_it_phases_in():
    """CR 702.26b, 702.26c, 611.3a: a Mind Control set up phased out does nothing until it
    phases in; then Alex controls the Angel."""
    g = game()
    g.add_object("angel", "Serra Angel", owner="Bianca")
    g.add_object("mc", "Mind Control", owner="Alex", attached_to="angel", phased_out=True)
    assert g.obj("angel").controller == "Bianca"
    g.phase_in("mc")
    assert g.obj("angel").controller == "Alex"


def test_708_2a_face_down_mind_control_has_no_static_ability():
    """CR 708.2a, 611.3a: Mind Control turned face down is a 2/2 with no text: Bianca controls
    her Angel again."""
    g = game()
    g.add_object("angel", "Serra Angel", owner="Bianca")
    g.add_object("mc", "Mind Control", owner="Alex", attached_to="angel")
    steps = g.turn_face_down("mc")
    assert g.obj("angel").controller == "Bianca"
    assert "a face-down permanent has no text" in " ".join(c.words() for s in steps
                                                           for c in s.changes)
