"""Leaving a multiplayer game (CR 800.4, 800.4a with its four CR examples, 800.4d's Astral Slide,
800.4n, 800.4p), losing and conceding (CR 104.2a, 104.3a, 104.4a) and what "multiplayer" means
(CR 800.1). Every test builds the game in Python with ``magicsub.Game`` and ``apply``."""

from __future__ import annotations

import pytest
from tracetools import P3, P4, assert_unchanged, find, frozen, of, rules, run

from magicsub import Game, RulesError
from magicsub.engine.trace import (
    Cease,
    Control,
    EffectChange,
    Loc,
    Move,
    MoveAll,
    PlayerChange,
    Priority,
    Turn,
)

OUT = Loc(None, "outside")


# -- helpers ---------------------------------------------------------------------------------

def game(players=P3, libraries=None, **kw) -> Game:
    """A game in the first player's main phase, that player holding priority."""
    return Game(players, seed=1, libraries=libraries or {}, **kw)


# -- CR 800.4a: the four stages ----------------------------------------------------------------

def _everything_game() -> Game:
    """Alex owns something in every zone, controls a copy on the stack, steals Bianca's Griffin
    with a control effect, controls Cho's Angel by default, and holds priority."""
    g = game(libraries={"Alex": 3, "Bianca": 3, "Cho": 3})
    g.add_object("growth", "Giant Growth", owner="Alex", zone="hand", types=["instant"])
    g.add_object("held", "Lightning Bolt", owner="Alex", zone="hand", types=["instant"])
    g.add_object("gy", "Grizzly Bears", owner="Alex", zone="graveyard")
    g.add_object("bf", "Runeclaw Bears", owner="Alex", zone="battlefield")
    g.add_object("ex", "Hypnotic Specter", owner="Alex", zone="exile")
    g.add_object("cmd", "Kaalia of the Vast", owner="Alex", zone="command", commander=True)
    g.add_object("shock", "Shock", owner="Bianca", zone="hand", types=["instant"])
    g.add_object("griffin", "Assault Griffin", owner="Bianca", zone="battlefield")
    g.add_object("angel", "Serra Angel", owner="Cho", zone="battlefield", controller="Alex")
    g.add_object("cho_bears", "Grizzly Bears", owner="Cho", zone="battlefield")
    g.add_effect("griffin", "Alex", source="Control Magic", until="forever")
    run(g, {"cast": {"card": "growth", "by": "Alex"}},
        {"pass_priority": "Alex"},
        {"cast": {"card": "shock", "by": "Bianca"}},
        {"pass_priority": "Bianca"},
        {"pass_priority": "Cho"},
        {"copy": {"spell": "shock", "by": "Alex", "id": "shock_copy"}})
    assert g.priority == "Alex"
    assert g.stack == ["growth", "shock", "shock_copy"]
    assert g.obj("griffin").controller == "Alex"
    return g


def test_800_4a_stages_in_order_and_final_places():
    """CR 800.4a: owned objects from every zone leave the game and effects giving the player
    control end; then what the player still controls is exiled; then, as the player had
    priority, it passes to the next player in turn order still in the game. The steps come in
    the order of the text, each with its own changes."""
    g = _everything_game()
    alex_cards = ["Alex#1", "Alex#2", "Alex#3", "held", "gy", "bf", "ex", "cmd", "growth"]
    steps = g.leave("Alex")
    assert rules(steps) == ["800.4a", "800.4a", "800.4a", "800.4j"]
    i_leave = find(steps, "800.4a", "owned by that player leave the game")
    i_exile = find(steps, "800.4a", "those objects are exiled")
    i_turn = find(steps, "800.4j", "without an active player")
    i_prio = find(steps, "800.4a", "priority passes to the next player")
    assert i_leave < i_exile < i_prio < i_turn

    # stage 1: the player leaves, every owned object leaves, the control effect ends
    first = steps[i_leave]
    assert of(first, PlayerChange)[0] == PlayerChange(0, "Alex", "leaves")
    assert first.changes[0] == PlayerChange(0, "Alex", "leaves")
    moves = {m.obj: m for m in of(first, Move)}
    # the cards in Alex's own library, hand and graveyard leave together, in one change
    (together,) = of(first, MoveAll)
    assert sorted(together.ids) == ["Alex#1", "Alex#2", "Alex#3", "gy", "held"]
    assert together.dst == OUT and not together.shuffled
    moves.update({m.obj: m for m in together.singles()})
    assert set(moves) == set(alex_cards)
    assert all(m.dst == OUT for m in moves.values())
    assert {m.src.zone for m in moves.values()} == {
        "library", "hand", "graveyard", "battlefield", "stack", "exile", "command"}
    assert [c.obj for c in of(first, Cease)] == ["shock_copy"]  # owned by Alex (CR 707.10)
    ended = of(first, EffectChange)
    assert len(ended) == 1 and ended[0].status.startswith("ends")
    assert of(first, Control) == [Control("griffin", "Assault Griffin", "Alex", "Bianca")]
    kinds = [c.kind for c in first.changes]
    assert max(i for i, k in enumerate(kinds) if k in ("move", "moves", "cease")) \
        < kinds.index("effect") \
        < kinds.index("control")
    snap = first.snapshot
    assert snap.obj("angel").zone.value == "battlefield"  # not yet exiled
    assert snap.obj("angel").controller == "Alex"
    assert not snap.games[0].seat("Alex").in_game
    # a player who has left is never shown as active or holding priority
    assert of(first, Priority) == [Priority(0, "Alex", None)]
    assert of(first, Turn) == [Turn(0, 1, None, "main")]
    for step in steps:
        assert step.snapshot.games[0].active is None
        assert step.snapshot.games[0].priority != "Alex"

    # stage 3: what Alex still controls is exiled -- only Cho's Angel
    exile = steps[i_exile]
    assert [(m.obj, m.src, m.dst) for m in of(exile, Move)] == [
        ("angel", Loc(0, "battlefield"), Loc(0, "exile"))]
    assert len(exile.changes) == 1

    # 800.4j and stage 4
    assert of(steps[i_turn], Turn) == []
    assert of(steps[i_prio], Priority) == [Priority(0, None, "Bianca")]

    # final places of every object
    for oid in alex_cards:
        o = g.obj(oid)
        assert (o.game, o.zone, o.controller, o.left_from) == (None, None, None, 0), oid
    assert g.obj("shock_copy") is None
    assert g.where("shock") == ("main", "stack") and g.obj("shock").controller == "Bianca"
    assert g.where("griffin") == ("main", "battlefield")
    assert g.obj("griffin").controller == "Bianca"
    assert g.where("angel") == ("main", "exile") and g.obj("angel").owner == "Cho"
    assert g.where("cho_bears") == ("main", "battlefield")
    assert g.obj("cho_bears").controller == "Cho"
    assert g.zone("library", "Bianca") == ["Bianca#1", "Bianca#2", "Bianca#3"]
    assert len(g.zone("library", "Cho")) == 3
    assert g.stack == ["shock"]
    assert g.priority == "Bianca" and g.active is None
    assert not g.in_game("Alex") and g.current.seat("Alex").result == "left"
    assert g.in_game("Bianca") and g.in_game("Cho")
    assert g.world.effects_on("griffin") == []


def test_800_4a_no_priority_step_when_the_leaver_did_not_hold_priority():
    """CR 800.4a: priority passes only "if the player who left the game had priority"."""
    g = game()
    g.add_object("bears", "Grizzly Bears", owner="Cho")
    steps = g.leave("Cho")
    assert rules(steps) == ["800.4a"]
    assert g.priority == "Alex" and g.active == "Alex"
    assert g.where("bears") == ("outside", "outside")


def test_800_4a_priority_goes_to_next_in_turn_order_not_back_to_active():
    """CR 800.4a: a non-active priority holder leaves; priority goes to the next player in turn
    order still in the game (Dana, as Cho has left), not to the active player."""
    g = game(P4)
    g.add_object("growth", "Giant Growth", owner="Alex", zone="hand", types=["instant"])
    run(g, {"leave": "Cho"}, {"cast": {"card": "growth", "by": "Alex"}},
        {"pass_priority": "Alex"})
    assert g.priority == "Bianca"
    steps = g.leave("Bianca")
    i = find(steps, "800.4a", "priority passes")
    assert of(steps[i], Priority) == [Priority(0, None, "Dana")]
    assert of(steps[0], Priority) == [Priority(0, "Bianca", None)]
    assert g.priority == "Dana" and g.active == "Alex"
    assert "800.4j" not in rules(steps)


def test_800_4a_triggered_ability_ceases_in_the_second_stage():
    """CR 800.4a: "Then, if that player controlled any objects on the stack not represented by
    cards, those objects cease to exist." Alex controls Bianca's Genesis Chamber; its triggered
    ability (controlled by Alex, source owned by Bianca) is on the stack when Alex leaves: it
    ceases in its own step, after the step where Alex's owned objects leave."""
    g = game(libraries={"Alex": 2, "Bianca": 2, "Cho": 2})
    g.add_object("chamber", "Genesis Chamber", owner="Bianca")
    g.add_object("bears", "Runeclaw Bears", owner="Alex", zone="hand")
    g.add_effect("chamber", "Alex", source="Control Magic", until="forever")
    run(g, {"cast": {"card": "bears", "by": "Alex"}}, {"resolve": "bears"})
    trig = g.world.stack()[-1]
    assert trig.kind.value == "ability" and trig.controller == "Alex"
    steps = g.leave("Alex")
    i_leave = find(steps, "800.4a", "owned by that player leave the game")
    i_cease = find(steps, "800.4a", "cease to exist")
    assert i_leave < i_cease
    assert [c.obj for c in of(steps[i_cease], Cease)] == [trig.id]
    assert trig.id not in [c.obj for c in of(steps[i_leave], Cease)]


# -- the CR 800.4a examples ------------------------------------------------------------------

def _mind_control() -> Game:
    g = game()
    g.add_object("mc", "Mind Control", owner="Alex", zone="hand")
    g.add_object("griffin", "Assault Griffin", owner="Bianca", zone="battlefield")
    run(g, {"cast": {"card": "mc", "by": "Alex", "target": "griffin"}}, {"resolve": "mc"})
    assert g.obj("griffin").controller == "Alex"
    assert g.obj("mc").attached_to == "griffin"
    return g


def test_800_4a_example_mind_control_alex_leaves():
    """CR 800.4a, first example: "If Alex leaves the game, so does Mind Control, and Assault
    Griffin reverts to Bianca's control"."""
    g = _mind_control()
    steps = g.leave("Alex")
    first = steps[find(steps, "800.4a", "owned by that player")]
    assert ("mc", Loc(0, "battlefield"), OUT) in [(m.obj, m.src, m.dst) for m in of(first, Move)]
    assert of(first, Control) == [Control("griffin", "Assault Griffin", "Alex", "Bianca")]
    assert "those objects are exiled" not in " ".join(s.text for s in steps)
    assert g.where("mc") == ("outside", "outside") and g.obj("mc").left_from == 0
    assert g.where("griffin") == ("main", "battlefield")
    assert g.obj("griffin").controller == "Bianca"
    assert g.zone("exile") == []


def test_800_4a_example_mind_control_bianca_leaves():
    """CR 800.4a, first example: "If, instead, Bianca leaves the game, so does Assault Griffin,
    and Mind Control is put into Alex's graveyard" (by the state-based action for an Aura
    attached to nothing, after she has left)."""
    g = _mind_control()
    steps = g.leave("Bianca")
    i_leave = find(steps, "800.4a", "owned by that player")
    i_sba = find(steps, "704.5m")
    assert i_leave < i_sba
    assert ("griffin", OUT) in [(m.obj, m.dst) for m in of(steps[i_leave], Move)]
    assert [(m.obj, m.dst) for m in of(steps[i_sba], Move)] == [
        ("mc", Loc(0, "graveyard", "Alex"))]
    assert g.where("griffin") == ("outside", "outside")
    assert g.zone("graveyard", "Alex") == ["mc"]
    assert g.zone("exile") == []
    assert g.priority == "Alex" and g.active == "Alex"


def test_608_3b_mind_control_whose_target_left_goes_to_the_graveyard_without_entering():
    """CR 608.3b: Bianca leaves with the Griffin while Mind Control is on the stack: "Otherwise,
    the spell doesn’t resolve. It is removed from the stack and put into its owner’s graveyard."
    -- it never enters the battlefield (and so no 704.5m is needed)."""
    g = game()
    g.add_object("mc", "Mind Control", owner="Alex", zone="hand")
    g.add_object("griffin", "Assault Griffin", owner="Bianca", zone="battlefield")
    run(g, {"cast": {"card": "mc", "by": "Alex", "target": "griffin"}}, {"leave": "Bianca"})
    assert g.where("griffin") == ("outside", "outside") and g.stack == ["mc"]
    steps = g.apply({"resolve": "mc"})
    assert rules(steps) == ["117.4", "608.3b", "117.3b"]
    assert steps[1].text == "Otherwise, the spell doesn’t resolve."
    assert [(m.obj, m.src, m.dst) for s in steps for m in of(s, Move)] == [
        ("mc", Loc(0, "stack"), Loc(0, "graveyard", "Alex"))]
    assert g.zone("graveyard", "Alex") == ["mc"] and g.zone("battlefield") == []
    assert g.world.effects_on("griffin") == [] and g.priority == "Alex"


def _treason() -> Game:
    g = game()
    g.add_object("treason", "Act of Treason", owner="Alex", zone="hand")
    g.add_object("bears", "Runeclaw Bears", owner="Bianca", zone="battlefield", tapped=True)
    run(g, {"cast": {"card": "treason", "by": "Alex", "target": "bears"}},
        {"resolve": "treason"})
    assert g.obj("bears").controller == "Alex" and not g.obj("bears").tapped
    assert g.zone("graveyard", "Alex") == ["treason"]
    return g


def test_800_4a_example_act_of_treason_alex_leaves():
    """CR 800.4a, second example: "If Alex leaves the game, Act of Treason's change-of-control
    effect ends and Runeclaw Bears reverts to Bianca's control"."""
    g = _treason()
    steps = g.leave("Alex")
    first = steps[find(steps, "800.4a", "owned by that player")]
    ended = of(first, EffectChange)
    assert [e.text for e in ended] == ["Alex controls Runeclaw Bears until end of turn (treason)"]
    assert ended[0].status == "ends (Alex left the game)"
    assert of(first, Control) == [Control("bears", "Runeclaw Bears", "Alex", "Bianca")]
    assert g.where("bears") == ("main", "battlefield")
    assert g.obj("bears").controller == "Bianca"
    assert g.where("treason") == ("outside", "outside")
    assert g.zone("exile") == []
    assert g.world.effects_on("bears") == []


def test_800_4a_act_of_treason_bianca_leaves_instead():
    """CR 800.4a: the Bears' owner leaves instead; the Bears leave the game with her although
    Alex controls them, and Act of Treason stays in Alex's graveyard."""
    g = _treason()
    g.leave("Bianca")
    assert g.where("bears") == ("outside", "outside")
    assert g.zone("graveyard", "Alex") == ["treason"]
    assert g.world.effects_on("bears") == []


def _bribery() -> Game:
    g = game(libraries={"Bianca": 10})
    g.add_object("bribery", "Bribery", owner="Alex", zone="hand")
    g.add_object("angel", "Serra Angel", owner="Bianca", zone="library")
    run(g, {"cast": {"card": "bribery", "by": "Alex", "target": "Bianca"}},
        {"resolve": {"object": "bribery", "choose": "angel"}})
    angel = g.obj("angel")
    assert (angel.zone.value, angel.controller, angel.base, angel.owner) == (
        "battlefield", "Alex", "Alex", "Bianca")
    assert g.world.effects_on("angel") == []
    return g


def test_800_4a_example_bribery_bianca_leaves():
    """CR 800.4a, third example: "If Bianca leaves the game, Serra Angel also leaves the
    game"."""
    g = _bribery()
    steps = g.leave("Bianca")
    first = steps[find(steps, "800.4a", "owned by that player")]
    assert ("angel", Loc(0, "battlefield"), OUT) in [(m.obj, m.src, m.dst)
                                                       for m in of(first, Move)]
    assert g.where("angel") == ("outside", "outside")
    assert g.zone("graveyard", "Alex") == ["bribery"]
    assert g.zone("library", "Bianca") == [] and g.zone("exile") == []


def test_800_4a_example_bribery_alex_leaves():
    """CR 800.4a, third example: "If, instead, Alex leaves the game, Serra Angel is exiled." No
    control effect is involved: Alex controls it by default, so the third stage exiles it."""
    g = _bribery()
    steps = g.leave("Alex")
    i_leave = find(steps, "800.4a", "owned by that player")
    i_exile = find(steps, "800.4a", "those objects are exiled")
    assert i_leave < i_exile
    assert "angel" not in [m.obj for m in of(steps[i_leave], Move)]
    assert [(m.obj, m.dst) for m in of(steps[i_exile], Move)] == [("angel", Loc(0, "exile"))]
    assert g.where("angel") == ("main", "exile") and g.obj("angel").owner == "Bianca"
    assert g.where("bribery") == ("outside", "outside")
    assert len(g.zone("library", "Bianca")) == 10


def test_800_4a_example_genesis_chamber():
    """CR 800.4a, fourth example: "If Alex leaves the game, all such Myr tokens that entered the
    battlefield under Alex's control leave the game, and all such Myr tokens that entered the
    battlefield under any other player's control remain in the game." Alex's Myr leaves even
    though Cho controls it by then."""
    g = game(libraries={"Alex": 5, "Bianca": 5, "Cho": 5})
    g.add_object("chamber", "Genesis Chamber", owner="Alex")
    g.add_object("bears", "Runeclaw Bears", owner="Alex", zone="hand")
    g.add_object("griffin", "Assault Griffin", owner="Bianca", zone="hand")
    run(g, {"cast": {"card": "bears", "by": "Alex"}}, {"resolve": "bears"},
        {"resolve": "chamber"})
    myr_a = g.obj("myr")
    assert (myr_a.entered_under, myr_a.owner, myr_a.kind.value) == ("Alex", "Alex", "token")
    run(g, {"effect": {"control": "myr", "to": "Cho", "source": "Threaten",
                       "until": "forever"}},
        {"advance": "next_turn"}, {"advance": "main"},
        {"cast": {"card": "griffin", "by": "Bianca"}}, {"resolve": "griffin"},
        {"resolve": "chamber"})
    assert g.obj("myr").controller == "Cho"
    assert g.obj("myr-2").entered_under == "Bianca"
    steps = g.leave("Alex")
    first = steps[find(steps, "800.4a", "owned by that player")]
    assert "myr" in [c.obj for c in of(first, Cease)]
    assert g.obj("myr") is None
    assert g.where("myr-2") == ("main", "battlefield")
    assert g.obj("myr-2").controller == "Bianca"
    assert g.where("chamber") == ("outside", "outside")
    assert g.where("griffin") == ("main", "battlefield")
    assert g.obj("griffin").controller == "Bianca"


def _astral(leaver: str) -> tuple[Game, list]:
    g = game(libraries={"Alex": 5, "Bianca": 5, "Cho": 5})
    g.add_object("slide", "Astral Slide", owner="Bianca")
    g.add_object("specter", "Hypnotic Specter", owner="Alex")
    g.add_object("moor", "Barren Moor", owner="Alex", zone="hand", types=["land"])
    run(g, {"cycle": {"card": "moor", "by": "Alex"}})
    assert g.stack == ["moor", "slide"] and g.zone("hand", "Alex") == []  # CR 702.29a, 603.3
    run(g, {"resolve": {"object": "slide", "target": "specter"}})
    assert g.where("specter") == ("main", "exile") and g.zone("hand", "Alex") == []
    run(g, {"resolve": "moor"})  # the cycling ability resolves: only now Alex draws
    assert g.stack == [] and g.zone("hand", "Alex") == ["Alex#5"]
    assert len(g.world.delayed) == 1
    return g, g.leave(leaver)


def test_800_4d_example_astral_slide_bianca_leaves():
    """CR 800.4d example: Bianca exiles Alex's Hypnotic Specter with Astral Slide during Alex's
    turn and leaves; at the end step the delayed triggered ability triggers but isn't put on the
    stack; the Specter never returns."""
    g, _ = _astral("Bianca")
    assert g.where("slide") == ("outside", "outside")
    steps = g.advance("end")
    i_trig = find(steps, "603.3")
    i_refuse = find(steps, "800.4d", "isn’t put on the stack")
    assert i_trig < i_refuse
    assert [c.status for c in steps[i_trig].changes if c.kind == "trigger"] == ["triggers"]
    refused = [c for c in steps[i_refuse].changes if c.kind == "trigger"]
    assert [c.status for c in refused] == ["not put on the stack: Bianca has left the game"]
    assert g.stack == [] and g.world.stack() == []
    assert g.where("specter") == ("main", "exile")
    run(g, {"advance": "next_turn"}, {"advance": "next_turn"}, {"advance": "end"})
    assert g.where("specter") == ("main", "exile")
    assert not g.trace.cites("608.3a")


def test_800_4b_astral_slide_return_for_a_departed_owner():
    """CR 800.4a with 800.4b: the Specter's owner leaves instead; the exiled Specter is his, so
    it leaves the game from exile. Bianca's delayed ability still goes on the stack (she is in
    the game) and returns nothing."""
    g, steps = _astral("Alex")
    first = steps[find(steps, "800.4a", "owned by that player")]
    assert ("specter", Loc(0, "exile"), OUT) in [(m.obj, m.src, m.dst) for m in of(first, Move)]
    assert g.obj("specter").left_from == 0
    steps = g.advance("end")
    assert "800.4d" not in rules(steps)
    assert len(g.world.stack()) == 1 and g.world.stack()[0].controller == "Bianca"
    steps = g.apply({"resolve": "slide"})
    notes = [n for s in steps for n in s.notes]
    assert "The exiled card is no longer in exile: it does not return." in notes
    assert g.where("specter") == ("outside", "outside")
    assert g.zone("battlefield") == ["slide"]


# -- CR 800.4n, 800.4p -----------------------------------------------------------------------

def test_800_4n_ante_stays():
    """CR 800.4n: objects the leaving player owns in the ante zone do not leave the game (an
    exception to CR 800.4a); the rest of what she owns does."""
    g = game()
    g.add_object("anted", "Serra Angel", owner="Bianca", zone="ante")
    g.add_object("bears", "Grizzly Bears", owner="Bianca")
    steps = g.leave("Bianca")
    i_leave = find(steps, "800.4a", "owned by that player")
    i_ante = find(steps, "800.4n", "do not leave the game")
    assert i_leave < i_ante
    assert "anted" not in [m.obj for s in steps for m in of(s, Move)]
    assert any("Serra Angel [anted] stays in the ante zone" in n for n in steps[i_ante].notes)
    assert g.where("anted") == ("main", "ante") and g.obj("anted").owner == "Bianca"
    assert g.where("bears") == ("outside", "outside")


def _planechase(players=P3, **kw) -> Game:
    g = Game(players, seed=1, variant="planechase", **kw)
    g.add_object("tazeem", "Tazeem", owner="Bianca", zone="command", traditional=False,
                 deck="planar", face_up=True, types=["plane"])
    g.add_object("naya", "Naya", owner="Alex", zone="command", traditional=False,
                 deck="planar", types=["plane"])
    return g


def test_800_4p_planar_controller_passes_before_leaving():
    """CR 800.4p: the planar controller would leave: the next player in turn order becomes the
    planar controller first, then the old one leaves (with his planar deck)."""
    g = _planechase()
    assert g.current.planar_controller == "Alex" and g.obj("tazeem").controller == "Alex"
    steps = g.leave("Alex")
    i_p = find(steps, "800.4p", "becomes the planar controller")
    i_leave = find(steps, "800.4a", "owned by that player")
    assert i_p < i_leave
    assert of(steps[i_p], Control) == [Control("tazeem", "Tazeem", "Alex", "Bianca")]
    snap = steps[i_p].snapshot
    assert snap.games[0].planar_controller == "Bianca"
    assert snap.games[0].seat("Alex").in_game  # not yet left
    assert g.current.planar_controller == "Bianca"
    assert g.where("tazeem") == ("main", "command")
    assert g.obj("tazeem").controller == "Bianca"
    assert g.where("naya") == ("outside", "outside")


def test_800_4p_next_player_who_wouldnt_leave():
    """CR 800.4p: "the next player in turn order that wouldn't leave the game becomes the planar
    controller". Alex (planar controller) and Bianca lose at the same time in Cho's turn: Cho,
    not Bianca, becomes the planar controller."""
    g = _planechase(P4, life={"Alex": 2, "Bianca": 2},
                    libraries={p: 5 for p in P4})
    g.add_object("c1", "Grizzly Bears", owner="Cho")
    g.add_object("c2", "Serra Angel", owner="Cho")
    run(g, {"advance": "next_turn"}, {"advance": "next_turn"}, {"advance": "main"},
        {"planar_controller": "Alex"})
    assert g.active == "Cho" and g.current.planar_controller == "Alex"
    run(g, {"advance": "declare_attackers"}, {"attack": {"creature": "c1", "defender": "Alex"}},
        {"attack": {"creature": "c2", "defender": "Bianca"}})
    steps = g.advance("combat_damage")
    assert not g.in_game("Alex") and not g.in_game("Bianca")
    assert g.current.planar_controller == "Cho"
    controllers = [s.snapshot.games[0].planar_controller for s in steps]
    assert [c for i, c in enumerate(controllers) if i == 0 or c != controllers[i - 1]] == [
        "Alex", "Cho"]  # Alex, then straight to Cho: never Bianca, who leaves with Alex
    assert [c.new for s in steps for c in of(s, Control) if c.obj == "tazeem"] == ["Cho"]


def test_311_5_planar_controller_controls_the_face_up_plane():
    """CR 311.5 (referred to by 800.4p): "The controller of a face-up plane card is the player
    designated as the planar controller"."""
    g = _planechase()
    g.apply({"planar_controller": "Bianca"})
    assert g.obj("tazeem").controller == "Bianca"


def test_311_5_new_planar_controller_keeps_it_until_another_player_is_active():
    """CR 311.5 (800.4p): the new planar controller "retains that designation until they leave
    the game or a different player becomes the active player"."""
    g = _planechase(libraries={p: 5 for p in P3})
    g.leave("Alex")
    assert g.current.planar_controller == "Bianca"
    g.advance("next_turn")
    assert g.active == "Bianca" and g.current.planar_controller == "Bianca"
    g.advance("next_turn")
    assert g.active == "Cho"
    assert g.current.planar_controller == "Cho"
    assert g.obj("tazeem").controller == "Cho"


# -- lose, concede, the end of the game (CR 104.2a, 104.3a, 104.4a, 800.1, 800.4) -------------

def test_lose_in_multiplayer_is_leaving():
    """CR 800.4a (with CR 104.2a not applying yet): in a three-player game a player who loses
    leaves the game; her objects leave; the game goes on."""
    g = game(libraries={"Bianca": 2})
    g.add_object("bears", "Grizzly Bears", owner="Bianca")
    steps = g.apply({"lose": "Bianca"})
    assert rules(steps) == ["800.4a"]
    assert of(steps[0], PlayerChange) == [PlayerChange(0, "Bianca", "loses and leaves")]
    assert g.current.seat("Bianca").result == "lost"
    assert g.where("bears") == ("outside", "outside")
    assert g.zone("library", "Bianca") == []
    assert g.current.status == "in progress" and g.current.winner is None


def test_concede_in_multiplayer_is_leaving():
    """CR 104.3a: "A player who concedes leaves the game immediately." In a multiplayer game
    that is CR 800.4a, cited after 104.3a."""
    g = game()
    g.add_object("bears", "Grizzly Bears", owner="Cho")
    steps = g.apply({"concede": "Cho"})
    assert rules(steps) == ["104.3a", "800.4a"]
    assert of(steps[0], PlayerChange) == [PlayerChange(0, "Cho", "concedes")]
    assert g.current.seat("Cho").result == "conceded"
    assert g.where("bears") == ("outside", "outside")
    assert g.current.status == "in progress"


@pytest.mark.parametrize("how", ["lose", "concede"])
def test_two_player_game_other_player_wins_nothing_leaves(how):
    """CR 104.2a / 104.3a in a two-player game (CR 800.1: not multiplayer): the opponent wins at
    once and CR 800.4a does not apply, so nothing of the loser's leaves."""
    g = Game(["Alex", "Bianca"], seed=1, libraries={"Alex": 3})
    g.add_object("bears", "Grizzly Bears", owner="Alex")
    g.add_object("hand", "Shock", owner="Alex", zone="hand", types=["instant"])
    before = {oid: g.world.obj(oid) for oid in g.world.objects.keys()}
    steps = g.apply({how: "Alex"})
    assert rules(steps) == (["104.3a"] if how == "concede" else []) + ["104.2a"]
    assert not g.trace.cites("800.4a")
    assert g.current.status == "ended" and g.current.winner == "Bianca"
    assert g.current.seat("Alex").result == "lost" and g.current.seat("Bianca").result == "won"
    assert {oid: g.world.obj(oid) for oid in g.world.objects.keys()} == before
    assert g.priority is None


def test_three_then_two_then_one_last_wins():
    """CR 800.1: a game that began with three players is still multiplayer with two left, so a
    loss then makes the player leave (CR 800.4a, her objects leave) before the last player wins
    (CR 104.2a)."""
    g = game(libraries={"Bianca": 2})
    g.add_object("bears", "Grizzly Bears", owner="Bianca")
    g.apply({"concede": "Cho"})
    assert g.current.multiplayer and g.current.in_game == ("Alex", "Bianca")
    steps = g.apply({"lose": "Bianca"})
    assert rules(steps) == ["800.4a", "104.2a"]
    assert g.where("bears") == ("outside", "outside")
    assert g.current.status == "ended" and g.current.winner == "Alex"
    assert {p: g.current.seat(p).result for p in P3} == {
        "Alex": "won", "Bianca": "lost", "Cho": "conceded"}
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.apply({"leave": "Alex"})
    assert err.value.rule == "104.1"
    assert_unchanged(g, before)


def test_simultaneous_losses_leave_in_order_then_last_wins():
    """CR 704.5a, 800.4a, 104.2a: Bianca and Cho drop to 0 life together; both lose, each
    leaves (in turn order), and Alex, the last player, wins."""
    g = game(P4, life={"Bianca": 2, "Cho": 2})
    g.add_object("bears", "Grizzly Bears", owner="Alex")
    g.add_object("angel", "Serra Angel", owner="Alex")
    run(g, {"leave": "Dana"}, {"advance": "declare_attackers"},
        {"attack": {"creature": "bears", "defender": "Bianca"}},
        {"attack": {"creature": "angel", "defender": "Cho"}})
    steps = g.advance("combat_damage")
    tail = [s.rule for s in steps if s.rule in ("704.5a", "800.4a", "104.2a")]
    assert tail == ["704.5a", "704.5a", "800.4a", "800.4a", "104.2a"]
    assert [c.player for s in steps if s.rule == "800.4a" for c in of(s, PlayerChange)] == [
        "Bianca", "Cho"]
    assert g.current.winner == "Alex"
    assert g.life("Bianca") == 0 and g.life("Cho") == -2


def test_life_zero_in_multiplayer_is_leaving():
    """CR 704.5a then 800.4a: a player at 0 life loses; in a multiplayer game she leaves."""
    g = game()
    g.add_object("bears", "Grizzly Bears", owner="Cho")
    steps = g.apply({"life": {"player": "Cho", "set": 0}})
    assert rules(steps) == ["119.3", "704.5a", "800.4a"]
    assert not g.in_game("Cho") and g.where("bears") == ("outside", "outside")
    assert g.current.status == "in progress"


@pytest.mark.parametrize("how", ["leave", "lose", "concede"])
def test_leaving_twice_is_refused_and_changes_nothing(how):
    """CR 800.4: a player who has left the game cannot leave it again; the request raises
    RulesError and leaves world, trace and random generator untouched."""
    g = game(libraries={"Alex": 5, "Bianca": 5, "Cho": 5})
    g.leave("Cho")
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.apply({how: "Cho"})
    assert err.value.rule == "800.4" and err.value.subject == "Cho"
    assert "already left" in str(err.value)
    assert_unchanged(g, before)


def test_unknown_player_cannot_leave():
    """CR 800.4: only a player of the game can leave it."""
    g = game()
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.leave("Zed")
    assert err.value.subject == "Zed"
    assert_unchanged(g, before)
