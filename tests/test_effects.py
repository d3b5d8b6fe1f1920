"""Control effects, tokens and durations when a player has left a multiplayer game: CR 800.4b
(nothing goes to a departed player), 800.4c (exile when a control effect ends and the default
controller has left), 800.4d (nothing is created for a departed owner) and 800.4m (effects
lasting until a departed player's next turn)."""

from __future__ import annotations

import pytest
from tracetools import P3, P4, assert_unchanged, find, frozen, of, rules, run

from magicsub import Game, RulesError
from magicsub.engine.trace import Control, EffectChange, Loc, Move, MoveAll, Turn


def game(players=P3, lib=5, **kw) -> Game:
    return Game(players, seed=1, libraries={p: lib for p in players}, **kw)


# -- CR 800.4b ---------------------------------------------------------------------------------

def test_800_4b_control_effect_toward_departed_player_does_nothing():
    """CR 800.4b: "If an object would change to the control of a player who has left the game,
    it doesn't." The effect does nothing, and the trace says why."""
    g = game()
    g.add_object("bears", "Grizzly Bears", owner="Alex")
    g.leave("Cho")
    steps = g.apply({"effect": {"control": "bears", "to": "Cho", "source": "Threaten",
                                "until": "forever"}})
    changes = [c for s in steps for c in s.changes]
    effects = [c for c in changes if isinstance(c, EffectChange)]
    assert [e.status for e in effects] == ["does nothing"]
    assert effects[0].text == "Cho controls Grizzly Bears indefinitely (Threaten)"
    assert not [c for c in changes if isinstance(c, Control)]
    notes = [n for s in steps for n in s.notes]
    assert "Cho has left the game, so Grizzly Bears [bears] does not change control " \
        "(CR 800.4b)." in notes
    assert g.obj("bears").controller == "Alex"
    assert g.world.effects_on("bears") == []
    assert len(g.world.effects) == 0


def test_800_4b_refused_control_change_is_a_cited_step():
    """CR 800.4b: the refused control change is a step of the trace citing 800.4b (DESIGN.md
    section 4: a step per paragraph that applies), as the refused token is."""
    g = game()
    g.add_object("bears", "Grizzly Bears", owner="Alex")
    g.leave("Cho")
    steps = g.apply({"effect": {"control": "bears", "to": "Cho", "until": "forever"}})
    i = find(steps, "800.4b", "it doesn’t")
    assert [e.status for e in of(steps[i], EffectChange)] == ["does nothing"]


def test_800_4b_token_for_departed_player_not_created():
    """CR 800.4b: "If a token would be created under the control of a player who has left the
    game, no token is created"."""
    g = game()
    g.leave("Cho")
    steps = g.apply({"create": {"id": "soldier", "name": "Soldier", "controller": "Cho",
                                "zone": "battlefield", "token": True}})
    assert rules(steps) == ["800.4b"]
    assert "no token is created" in steps[0].text
    assert steps[0].notes == ["Cho has left the game: Soldier is not created."]
    assert g.obj("soldier") is None
    assert g.zone("battlefield") == []


def test_800_4b_token_for_present_player_is_created():
    """CR 111.2 as the control case of CR 800.4b: Bianca is in the game, so her token is
    created under her control."""
    g = game()
    g.leave("Cho")
    g.apply({"create": {"id": "soldier", "name": "Soldier", "controller": "Bianca",
                        "zone": "battlefield"}})
    assert g.where("soldier") == ("main", "battlefield")
    assert g.obj("soldier").controller == "Bianca" and g.obj("soldier").owner == "Bianca"


def test_800_4b_genesis_chamber_myr_for_departed_controller():
    """CR 800.4b/800.4d: Bianca's Griffin entered and Alex's Genesis Chamber triggered; Bianca
    leaves before it resolves. The Myr would be created under her control (and owned by her):
    no token is created."""
    g = game()
    g.add_object("chamber", "Genesis Chamber", owner="Alex")
    g.add_object("griffin", "Assault Griffin", owner="Bianca", zone="hand")
    run(g, {"advance": "next_turn"}, {"advance": "main"},
        {"cast": {"card": "griffin", "by": "Bianca"}}, {"resolve": "griffin"})
    assert g.stack == ["chamber"]
    g.leave("Bianca")
    assert g.stack == ["chamber"]  # Alex's ability stays
    steps = g.apply({"resolve": "chamber"})
    i_res = find(steps, "117.4")
    i_no = find(steps, "800.4b", "no token is created")
    assert i_res < i_no
    assert steps[i_no].notes == ["Bianca has left the game: no Myr token is created."]
    assert not [o for o in g.world.objects.values() if o.name == "Myr"]
    assert g.stack == []


def test_800_4b_genesis_chamber_myr_for_present_controller_control_case():
    """CR 111.2, the control case: the Griffin's controller is still in the game, so the Myr is
    created under her control."""
    g = game()
    g.add_object("chamber", "Genesis Chamber", owner="Alex")
    g.add_object("griffin", "Assault Griffin", owner="Bianca", zone="hand")
    run(g, {"advance": "next_turn"}, {"advance": "main"},
        {"cast": {"card": "griffin", "by": "Bianca"}}, {"resolve": "griffin"},
        {"leave": "Cho"}, {"resolve": "chamber"})
    myr = [o for o in g.world.objects.values() if o.name == "Myr"]
    assert [(o.controller, o.owner, o.entered_under) for o in myr] == [
        ("Bianca", "Bianca", "Bianca")]


def test_800_4d_copy_for_departed_player_is_refused():
    """CR 800.4b/800.4d: a copy of a spell would be owned by, and put on the stack under the
    control of, a player who has left; the engine refuses the request (nothing is created)."""
    g = game()
    g.add_object("growth", "Giant Growth", owner="Alex", zone="hand", types=["instant"])
    run(g, {"cast": {"card": "growth", "by": "Alex"}}, {"leave": "Cho"})
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.apply({"copy": {"spell": "growth", "by": "Cho", "id": "c"}})
    assert err.value.rule == "800.4b" and err.value.subject == "Cho"
    assert_unchanged(g, before)
    assert g.obj("c") is None and g.stack == ["growth"]


def test_800_4b_put_onto_battlefield_under_departed_player_stays():
    """CR 800.4b: "If an object would be put onto the battlefield ... under the control of a
    player who has left the game, that object remains in its current zone." Bianca's anted card
    stayed in the game (CR 800.4n); an effect would put it onto the battlefield under her
    control."""
    g = game()
    g.add_object("anted", "Serra Angel", owner="Bianca", zone="ante")
    g.leave("Bianca")
    steps = g.apply({"move": {"object": "anted", "to": "battlefield"}})
    assert g.where("anted") == ("main", "ante")
    assert rules(steps) == ["800.4b"]
    assert [m for s in steps for m in of(s, Move)] == []


# -- CR 800.4c ---------------------------------------------------------------------------------

def _bribed_angel(players=P3) -> Game:
    """Alex controls Bianca's Serra Angel by default (Bribery put it onto the battlefield under
    his control)."""
    g = game(players)
    g.add_object("angel", "Serra Angel", owner="Bianca", controller="Alex")
    assert g.obj("angel").base == "Alex"
    return g


def test_800_4c_exiled_when_effect_ends_and_default_controller_left():
    """CR 800.4c: Cho controls the Angel until end of turn; Alex (its controller by default)
    leaves -- it is not exiled then, Cho controls it. When Cho's effect ends in the cleanup step,
    no other effect gives it to a player in the game and Alex has left: it is exiled, as soon as
    the effect ends."""
    g = _bribed_angel()
    g.apply({"effect": {"control": "angel", "to": "Cho", "source": "Threaten",
                        "until": "end_of_turn"}})
    steps = g.leave("Alex")
    assert "800.4c" not in rules(steps)
    assert not any(m.obj == "angel" for s in steps for m in of(s, Move))
    assert g.where("angel") == ("main", "battlefield") and g.obj("angel").controller == "Cho"
    steps = g.advance("cleanup")
    i_end = find(steps, "514.2", "effects end")
    i_c = find(steps, "800.4c", "the object is exiled")
    assert i_end < i_c
    assert [e.status for e in of(steps[i_end], EffectChange)] == ["ends (end of turn)"]
    assert of(steps[i_c], Move) == [Move("angel", "Serra Angel", Loc(0, "battlefield"),
                                         Loc(0, "exile"))]
    assert any("Alex, who controls it by default, has left the game" in n
               for n in steps[i_c].notes)
    assert g.where("angel") == ("main", "exile") and g.obj("angel").owner == "Bianca"


def test_800_4c_not_exiled_when_another_effect_gives_it_to_a_player_in_the_game():
    """CR 800.4c applies only when "there is no other effect giving control of that object to
    another player in the game": Bianca's older effect still gives it to her, so when Cho's
    effect ends the Angel goes to Bianca and stays."""
    g = _bribed_angel(P4)
    run(g, {"effect": {"control": "angel", "to": "Dana", "source": "Old", "until": "forever"}},
        {"effect": {"control": "angel", "to": "Cho", "source": "Threaten",
                    "until": "end_of_turn"}},
        {"leave": "Alex"})
    assert g.obj("angel").controller == "Cho"
    steps = g.advance("cleanup")
    assert "800.4c" not in rules(steps)
    i_end = find(steps, "514.2")
    assert of(steps[i_end], Control) == [Control("angel", "Serra Angel", "Cho", "Dana")]
    assert g.where("angel") == ("main", "battlefield") and g.obj("angel").controller == "Dana"


def test_800_4c_not_exiled_when_default_controller_is_in_the_game():
    """CR 800.4c needs the default controller to have left: Cho's effect ends, Alex is still in
    the game, the Angel returns to him."""
    g = _bribed_angel()
    run(g, {"effect": {"control": "angel", "to": "Cho", "until": "end_of_turn"}})
    steps = g.advance("cleanup")
    assert "800.4c" not in rules(steps)
    assert g.where("angel") == ("main", "battlefield") and g.obj("angel").controller == "Alex"


def test_800_4c_effect_ends_when_its_source_leaves():
    """CR 800.4c: "It happens as soon as the control-changing effect ends" -- here when the
    effect's source leaves the battlefield, in the same request."""
    g = _bribed_angel()
    g.add_object("aura", "Steal Aura", owner="Cho", types=["enchantment"])
    run(g, {"effect": {"control": "angel", "to": "Cho", "source": "aura",
                       "until": "source_leaves"}}, {"leave": "Alex"})
    assert g.obj("angel").controller == "Cho"
    steps = g.apply({"move": {"object": "aura", "to": "graveyard"}})
    i_move = find(steps, "400.7")
    i_c = find(steps, "800.4c")
    assert i_move < i_c
    assert [e.status for e in of(steps[i_move], EffectChange)] == [
        "ends (Steal Aura left the battlefield)"]
    assert g.where("angel") == ("main", "exile")


@pytest.mark.parametrize(("leaver", "taker", "owner", "source", "creature", "other"), [
    ("Alex", "Cho", "Bianca", "Seasinger", "Serra Angel", "Grizzly Bears"),
    ("Bianca", "Alex", "Cho", "Old Man of the Sea", "Runeclaw Bear", "Assault Griffin"),
])
def test_800_4a_800_4c_an_effect_ended_by_a_leaving_source_exiles_after_the_stage(
        leaver, taker, owner, source, creature, other):
    """CR 800.4a, 800.4c: the leaving player's objects leave the game as one stage; a control
    effect that ends because its source (theirs, controlled by another) left with them exiles
    what it leaves to the departed default controller only after that stage (``Tx.hold_orphans``):
    the 800.4c step comes after every object of theirs has left, not between them."""
    g = Game(P3, seed=1, libraries={leaver: 2})
    g.add_object("src", source, owner=leaver, controller=taker, types=["creature"])
    g.add_object("other", other, owner=leaver, types=["creature"])
    g.add_object("c", creature, owner=owner, controller=leaver, types=["creature"])
    run(g, {"effect": {"control": "c", "to": taker, "source": "src", "until": "source_leaves"}})
    steps = g.apply({"leave": leaver})
    stage, c = find(steps, "800.4a"), find(steps, "800.4c")
    left = [m.obj for m in of(steps[stage], Move)]
    assert left[:2] == ["src", "other"] and stage < c
    assert [m.obj for m in of(steps[c], Move)] == ["c"]
    assert g.where("c") == ("main", "exile") and g.obj("c").owner == owner
    assert g.where("src") == g.where("other") == g.where(f"{leaver}#1") == ("outside", "outside")
    assert [len(m.cards) for m in of(steps[stage], MoveAll)] == [2]


def test_800_4b_800_4a_the_effect_of_a_departing_controller_ends_into_a_departed_player():
    """CR 800.4a with 800.4b: Cho controls the Angel by an effect after Alex (its default
    controller) left; when Cho leaves too, 800.4a ends Cho's effect, but control can't change to
    Alex, who has left (800.4b: "it doesn't"). So the Angel is still controlled by Cho and
    800.4a's third sentence exiles it; it is never shown as controlled by Alex. 800.4c would
    exile it too, by the other path."""
    g = _bribed_angel(P4)
    run(g, {"effect": {"control": "angel", "to": "Cho", "until": "forever"}},
        {"leave": "Alex"})
    steps = g.leave("Cho")
    i_a = find(steps, "800.4a", "owned by that player")
    i_x = find(steps, "800.4a", "those objects are exiled")
    assert i_a < i_x
    assert [e.status for e in of(steps[i_a], EffectChange)] == ["ends (Cho left the game)"]
    assert of(steps[i_a], Control) == []
    assert [m.obj for m in of(steps[i_x], Move)] == ["angel"]
    assert g.where("angel") == ("main", "exile")
    assert all(s.snapshot.obj("angel").controller != "Alex" for s in steps)


# -- CR 800.4m ---------------------------------------------------------------------------------

def test_800_4m_until_departed_players_next_turn_ends_when_it_would_have_begun():
    """CR 800.4m: an effect lasting until Bianca's next turn (Alex controls Cho's Angel) neither
    expires when she leaves nor lasts forever: it ends when her turn would have begun."""
    g = game()
    g.add_object("angel", "Serra Angel", owner="Cho")
    g.add_effect("angel", "Alex", source="Alex's spell", until={"next_turn": "Bianca"})
    steps = g.leave("Bianca")
    assert not any(of(s, EffectChange) for s in steps)  # not immediately
    assert g.obj("angel").controller == "Alex" and len(g.world.effects) == 1
    steps = g.advance("next_turn")
    i_k = find(steps, "800.4k")
    i_m = find(steps, "800.4m", "until that turn would have begun")
    i_begin = len(steps) - 1
    assert i_k < i_m < i_begin
    assert [e.status for e in of(steps[i_m], EffectChange)] == [
        "ends (Bianca's turn would have begun)"]
    assert of(steps[i_m], Control) == [Control("angel", "Serra Angel", "Alex", "Cho")]
    assert of(steps[i_begin], Turn) == [Turn(0, 2, "Cho", "untap")]
    assert g.obj("angel").controller == "Cho" and len(g.world.effects) == 0  # not never


def test_800_4m_lasts_through_other_players_turns_until_that_point():
    """CR 800.4m: with four players and Cho gone, an effect until Cho's next turn lasts through
    Bianca's turn 2 and ends when Cho's turn would have begun, before Dana's turn 3."""
    g = game(P4)
    g.add_object("angel", "Serra Angel", owner="Dana")
    g.add_effect("angel", "Alex", source="x", until={"next_turn": "Cho"})
    g.leave("Cho")
    g.advance("next_turn")
    assert (g.current.turn, g.active) == (2, "Bianca")
    g.advance("end")
    assert g.obj("angel").controller == "Alex"
    steps = g.advance("next_turn")
    assert rules(steps)[-3:] == ["800.4k", "800.4m", "500.3"]
    assert (g.current.turn, g.active) == (3, "Dana")
    assert g.obj("angel").controller == "Dana"


def test_800_4a_not_800_4m_for_an_effect_giving_the_departed_player_control():
    """CR 800.4a, not 800.4m: an effect until Bianca's next turn that gives *Bianca* control
    ends at once when she leaves, because it gives the departed player control."""
    g = game()
    g.add_object("bears", "Grizzly Bears", owner="Alex")
    g.add_effect("bears", "Bianca", until={"next_turn": "Bianca"})
    steps = g.leave("Bianca")
    i_a = find(steps, "800.4a", "owned by that player")
    assert [e.status for e in of(steps[i_a], EffectChange)] == ["ends (Bianca left the game)"]
    assert "800.4m" not in rules(steps)
    assert g.obj("bears").controller == "Alex" and len(g.world.effects) == 0


def test_until_next_turn_of_present_player_ends_when_that_turn_begins():
    """CR 611.2 control case for CR 800.4m: an effect until Cho's next turn (Cho in the game)
    ends when Cho's turn begins, after Bianca's skipped turn (CR 800.4k), citing no 800.4m."""
    g = game()
    g.add_object("angel", "Serra Angel", owner="Alex")
    g.add_effect("angel", "Cho", until={"next_turn": "Cho"})
    g.leave("Bianca")
    steps = g.advance("next_turn")
    assert "800.4m" not in rules(steps)
    ended = [e.status for s in steps for e in of(s, EffectChange)]
    assert ended == ["ends (Cho's turn began)"]
    assert (g.current.turn, g.active) == (2, "Cho")
    assert g.obj("angel").controller == "Alex"
