"""Phasing (CR 702.26) and face-down permanents (CR 708, manifest CR 701.34), in the main game
and in a subgame (CR 726.2, 726.5)."""

from __future__ import annotations

import pytest

from magicsub import Game, RulesError
from magicsub.engine.changes import Move, Status


def _game(players=("Alex", "Bianca", "Cho"), **libraries) -> Game:
    g = Game(list(players), seed=1, libraries={p: libraries.get(p, 8) for p in players})
    g.add_object("bears", "Grizzly Bears", owner="Bianca")
    return g


def _changes(steps, kind):
    return [c for s in steps for c in s.changes if isinstance(c, kind)]


def test_702_26b_d_phasing_out_is_not_a_zone_change():
    g = _game()
    steps = g.apply({"phase_out": "bears"})
    assert [s.rule for s in steps] == ["702.26b"]
    assert not _changes(steps, Move)
    [status] = _changes(steps, Status)
    assert status.status == "phases out"
    bears = g.obj("bears")
    assert g.where("bears") == ("main", "battlefield")
    assert bears.phased_out and bears.controller == "Bianca" and bears.phased_under == "Bianca"


def test_702_26g_aura_phases_out_indirectly_and_in_with_its_host():
    g = _game()
    g.add_object("aura", "Pacifism", owner="Cho", types=["enchantment"], attached_to="bears")
    steps = g.apply({"phase_out": "bears"})
    assert [s.rule for s in steps] == ["702.26b", "702.26g"]
    assert g.obj("aura").phased_out and g.obj("aura").phased_indirectly
    with pytest.raises(RulesError) as err:
        g.apply({"phase_in": "aura"})
    assert err.value.rule == "702.26g"
    steps = g.apply({"phase_in": "bears"})
    assert [s.rule for s in steps] == ["702.26c", "702.26g"]
    aura = g.obj("aura")
    assert not aura.phased_out and aura.attached_to == "bears" and not g.obj("bears").phased_out


def test_702_26a_phases_in_during_its_controllers_untap_step_only():
    g = _game()
    g.apply({"phase_out": "bears"})
    g.apply({"advance": "next_turn"})
    assert g.active == "Bianca"
    assert not g.obj("bears").phased_out
    assert any(s.rule == "702.26a" for s in g.trace)


def test_702_26a_other_players_untap_step_leaves_it_phased_out():
    g = _game()
    g.add_object("elves", "Llanowar Elves", owner="Cho", types=["creature"], power=1,
                 toughness=1)
    g.apply({"phase_out": "elves"})
    g.apply({"advance": "next_turn"})
    assert g.active == "Bianca" and g.obj("elves").phased_out


def test_702_26b_phased_out_creature_cannot_attack_or_be_targeted():
    g = _game()
    g.add_object("griffin", "Assault Griffin", owner="Alex")
    g.add_object("mc", "Mind Control", owner="Alex", zone="hand")
    g.apply({"phase_out": "griffin"})
    with pytest.raises(RulesError) as err:
        g.apply({"cast": {"card": "mc", "by": "Alex", "target": "griffin"}})
    assert err.value.rule == "702.26b" and g.where("mc") == ("main", "hand")


def test_702_26e_control_effect_created_while_phased_out_skips_it():
    g = _game()
    g.apply({"phase_out": "bears"})
    steps = g.apply({"effect": {"control": "bears", "to": "Alex"}})
    assert "702.26e" in [s.rule for s in steps]
    assert g.obj("bears").controller == "Bianca"
    assert not g.world.effects


def test_702_26k_phased_out_permanent_leaves_with_its_owner():
    g = _game()
    g.apply({"phase_out": "bears"})
    steps = g.apply({"leave": "Bianca"})
    step = next(s for s in steps if s.rule == "702.26k")
    assert [c.obj for c in step.changes if isinstance(c, Move)] == ["bears"]
    assert g.where("bears") == ("outside", "outside")


def test_702_26n_phases_in_after_the_departed_players_turn_would_have_begun():
    g = _game(("Alex", "Bianca", "Cho", "Dana"))
    g.add_object("griffin", "Assault Griffin", owner="Cho")
    g.apply({"effect": {"control": "griffin", "to": "Bianca"}})
    g.apply({"phase_out": "griffin"})
    g.apply({"leave": "Bianca"})
    griffin = g.obj("griffin")
    assert griffin.controller == "Cho" and griffin.phased_out and griffin.zone.value == \
        "battlefield"
    g.apply({"advance": "next_turn"})
    assert g.active == "Cho" and not g.obj("griffin").phased_out
    rules = [s.rule for s in g.trace]
    assert rules.index("800.4k") < rules.index("702.26n")
    assert rules.count("702.26n") == 2  # marked as Bianca's turn is skipped, then phased in


def test_702_26n_not_before_the_departed_players_turn_would_have_begun():
    g = _game(("Alex", "Bianca", "Cho", "Dana"))
    g.add_object("griffin", "Assault Griffin", owner="Cho")
    g.apply({"effect": {"control": "griffin", "to": "Alex"}})
    g.apply({"phase_out": "griffin"})
    g.apply({"leave": "Alex"})
    for active in ("Bianca", "Cho", "Dana"):
        g.apply({"advance": "next_turn"})
        assert g.active == active and g.obj("griffin").phased_out
    g.apply({"advance": "next_turn"})
    assert g.active == "Bianca" and not g.obj("griffin").phased_out


def test_708_2a_turned_face_down_is_a_2_2_creature_and_708_9_revealed_on_leaving():
    g = _game()
    g.add_object("angel", "Serra Angel", owner="Alex")
    steps = g.apply({"turn_face_down": "angel"})
    assert [s.rule for s in steps] == ["708.2a"]
    angel = g.obj("angel")
    assert not angel.face_up and (angel.types, angel.power, angel.toughness) == (
        ("creature",), 2, 2)
    steps = g.apply({"move": {"object": "angel", "to": "graveyard"}})
    angel = g.obj("angel")
    assert angel.face_up and (angel.power, angel.toughness) == (4, 4)
    assert any("708.9" in n for s in steps for n in s.notes)


def test_708_2b_face_down_permanent_cannot_be_turned_face_down():
    g = _game()
    g.apply({"turn_face_down": "bears"})
    before = g.obj("bears")
    steps = g.apply({"turn_face_down": "bears"})
    assert [s.rule for s in steps] == ["708.2b"] and not _changes(steps, Status)
    assert g.obj("bears") == before


def test_701_34b_only_a_manifested_creature_card_turns_face_up():
    g = Game(["Alex", "Bianca", "Cho"], seed=1)
    g.add_object("forest", "Forest", owner="Alex", zone="library", types=["land"])
    g.add_object("angel", "Serra Angel", owner="Alex", zone="library")
    g.apply({"manifest": "Alex"})
    g.apply({"manifest": "Alex"})
    assert not g.obj("angel").face_up and not g.obj("forest").face_up
    assert g.obj("forest").types == ("creature",)
    with pytest.raises(RulesError) as err:
        g.apply({"turn_face_up": {"object": "forest", "by": "Alex"}})
    assert err.value.rule == "701.34b"
    with pytest.raises(RulesError) as err:
        g.apply({"turn_face_up": {"object": "angel", "by": "Bianca"}})
    assert err.value.rule in ("117.1", "701.34b")
    steps = g.apply({"turn_face_up": {"object": "angel", "by": "Alex"}})
    assert [s.rule for s in steps] == ["116.2b", "701.34b", "117.3c"]
    assert g.obj("angel").face_up and g.obj("angel").power == 4 and g.priority == "Alex"


def test_708_7_face_down_by_an_effect_cannot_be_turned_face_up():
    g = _game()
    g.add_object("angel", "Serra Angel", owner="Alex")
    g.apply({"turn_face_down": "angel"})
    with pytest.raises(RulesError) as err:
        g.apply({"turn_face_up": {"object": "angel", "by": "Alex"}})
    assert err.value.rule == "708.7" and not g.obj("angel").face_up


def _subgame() -> Game:
    g = _game()
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    g.add_object("griffin", "Assault Griffin", owner="Cho")
    g.apply({"phase_out": "griffin"})
    g.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    g.apply({"resolve": "shahrazad"})
    g.apply({"advance": "main"})
    return g


def test_726_2_main_game_phased_out_permanent_stays_in_the_main_game():
    g = _subgame()
    assert g.subgames == 1
    assert g.where("griffin") == ("main", "battlefield") and g.obj("griffin").phased_out


def test_726_5_card_of_a_phased_out_permanent_goes_to_the_main_game_library():
    g = _subgame()
    g.apply({"create": {"id": "tok", "name": "Soldier", "controller": "Cho",
                        "zone": "battlefield"}})
    cho_card = next(o for o in g.zone("hand", "Cho", game=1))
    g.apply({"move": {"object": cho_card, "to": "battlefield"}})
    g.apply({"phase_out": cho_card})
    g.apply({"phase_out": "tok"})
    steps = g.apply({"win": "Bianca"})
    cite = next(s for s in steps if s.rule == "726.5" and "phased-out" in s.text)
    assert "cards that represent phased-out permanents as the subgame ends" in cite.text
    assert g.where(cho_card) == ("main", "library") and not g.obj(cho_card).phased_out
    assert g.obj("tok") is None
    assert g.obj("griffin").phased_out


def test_726_5_708_9_face_down_card_is_revealed_at_the_end_of_the_subgame():
    g = _subgame()
    g.apply({"manifest": "Alex"})
    face_down = [o for o in g.world.objects.values() if o.game == 1 and not o.face_up
                 and o.zone.value == "battlefield"]
    assert len(face_down) == 1
    manifested = face_down[0].id
    steps = g.apply({"win": "Bianca"})
    reveal = next(s for s in steps if s.rule == "708.9")
    assert "At the end of each game" in reveal.text and manifested in reveal.notes[0]
    assert g.where(manifested) == ("main", "library") and g.obj(manifested).face_up
    assert g.obj(manifested).printed is None


# -- review of issue 11: a phased-out permanent "can't affect or be affected by anything" --------

def test_702_26b_a_triggered_ability_cannot_target_a_phased_out_creature():
    """CR 702.26b: Banisher Priest's trigger (choose_target) can't target the phased-out Bears;
    with no other creature an opponent controls, the ability is removed (CR 603.3d)."""
    g = _game()
    g.add_object("priest", "Banisher Priest", owner="Alex", zone="hand")
    g.apply({"phase_out": "bears"})
    g.apply({"cast": {"card": "priest", "by": "Alex"}})
    g.apply({"resolve": "priest"})
    before = g.world
    with pytest.raises(RulesError) as err:
        g.apply({"choose_target": {"ability": "priest-trigger", "target": "bears"}})
    assert err.value.rule == "702.26b" and g.world is before
    steps = g.apply({"resolve": "priest-trigger"})
    assert "603.3d" in [s.rule for s in steps]
    assert g.where("bears") == ("main", "battlefield") and g.obj("bears").phased_out
    assert g.stack == []


def test_702_26b_a_target_that_phases_out_before_resolution_is_illegal():
    """CR 702.26b, 608.2b: the Bears phase out after being targeted: the ability doesn't
    resolve and the Bears stay (phased out) on the battlefield."""
    g = _game()
    g.add_object("priest", "Banisher Priest", owner="Alex", zone="hand")
    g.apply({"cast": {"card": "priest", "by": "Alex"}})
    g.apply({"resolve": "priest"})
    g.apply({"choose_target": {"ability": "priest-trigger", "target": "bears"}})
    g.apply({"phase_out": "bears"})
    steps = g.apply({"resolve": "priest-trigger"})
    assert "608.2b" in [s.rule for s in steps]
    assert g.where("bears") == ("main", "battlefield") and g.obj("bears").phased_out


@pytest.mark.parametrize("request_", [
    {"activate": {"object": "ms", "by": "Alex", "target": "Bianca"}},
    {"activate": {"object": "sorin", "by": "Alex", "ability": "+1"}},
])
def test_702_26b_a_phased_out_permanent_s_ability_cannot_be_activated(request_):
    """CR 702.26b: a phased-out Mindslaver or Sorin is treated as though it does not exist; the
    same activation works once it has phased in."""
    g = _game()
    g.add_object("ms", "Mindslaver", owner="Alex")
    g.add_object("sorin", "Sorin, Solemn Visitor", owner="Alex")
    assert g.world.games[0].step == "main" and g.priority == "Alex"
    oid = request_["activate"]["object"]
    g.apply({"phase_out": oid})
    before = g.world
    with pytest.raises(RulesError) as err:
        g.apply(request_)
    assert err.value.rule == "702.26b" and g.world is before
    g.apply({"phase_in": oid})
    steps = g.apply(request_)
    assert "602.2a" in [s.rule for s in steps]


def test_702_26b_a_phased_out_astral_slide_does_not_trigger_on_cycling():
    """CR 702.26b: Astral Slide, phased out, doesn't see a card being cycled."""
    g = _game()
    g.add_object("slide", "Astral Slide", owner="Alex")
    g.add_object("dragon", "Eternal Dragon", owner="Alex", zone="hand")
    g.apply({"phase_out": "slide"})
    steps = g.apply({"cycle": {"card": "dragon", "by": "Alex"}})
    assert [s.rule for s in steps] == ["702.29a"]
    assert g.stack == ["dragon"] and g.world.games[0].pending == ()


def test_708_2a_a_face_down_glorious_anthem_gives_nothing():
    """CR 708.2a: a manifested Glorious Anthem is a 2/2 creature with no text and so no static
    ability: the Bears stay 2/2."""
    from magicsub.engine import characteristics

    g = Game(["Alex", "Bianca", "Cho"], seed=1, libraries={"Alex": 0, "Bianca": 3, "Cho": 3})
    g.add_object("anthem", "Glorious Anthem", owner="Alex", zone="library")
    g.add_object("bears", "Grizzly Bears", owner="Alex")
    g.apply({"manifest": "Alex"})
    assert g.where("anthem") == ("main", "battlefield") and not g.obj("anthem").face_up
    assert characteristics.power_toughness(g.world, g.obj("bears")) == (2, 2)
    assert characteristics.power_toughness(g.world, g.obj("anthem")) == (2, 2)


def test_708_2a_a_face_down_blood_tyrant_does_not_trigger_when_a_player_loses():
    """CR 708.2a, 603.9: Blood Tyrant turned face down has no abilities: Cho conceding puts no
    trigger on the stack and no counters on it."""
    g = _game()
    g.add_object("tyrant", "Blood Tyrant", owner="Alex")
    g.apply({"turn_face_down": "tyrant"})
    steps = g.apply({"concede": "Cho"})
    assert "603.9" not in [s.rule for s in steps]
    assert g.stack == [] and g.obj("tyrant").counters == ()
