"""Abilities that trigger when a player loses the game look back in time (CR 603.10f, in
603.10's list of exceptions): the game looks at the permanents and their controllers as they
were immediately before the loss, every player who lost in the same event at once (a
state-based action check, CR 704.3). A trigger controlled by a player who has left is not put
on the stack (CR 800.4d); one controlled by another player goes on the stack under that player
(CR 603.3a), even when its source left the game with the loser (then it finds nothing on
resolution, CR 400.7). Each class with Blood Tyrant and with Curse of Vengeance."""

from __future__ import annotations

from tracetools import P4, find, of, rules

from magicsub import Game, Zone
from magicsub.engine.changes import Trigger
from magicsub.engine.characteristics import power_toughness

P5 = ["Alex", "Bianca", "Cho", "Dana", "Erin"]


def game(players=P4, lib=6, **kw) -> Game:
    return Game(players, seed=1, libraries={p: lib for p in players}, **kw)


def statuses(steps) -> list[str]:
    """What happened to each triggered ability, in order (the Trigger changes' status)."""
    return [c.status for s in steps for c in of(s, Trigger)]


def steal(g: Game, oid: str, to: str, source: str = "Threaten") -> None:
    g.apply({"effect": {"control": oid, "to": to, "source": source, "until": "forever"}})


def test_603_10f_own_tyrant_triggers_for_its_controller_and_800_4d_removes_it():
    """CR 603.10f: Cho's own Blood Tyrant has left the game with her, but immediately before
    her loss it was on the battlefield under her control: its ability triggers, controlled by
    Cho (CR 603.3a), and CR 800.4d: "it isn't put on the stack"."""
    g = game()
    g.add_object("tyrant", "Blood Tyrant", owner="Cho", zone="battlefield")
    steps = g.apply({"concede": "Cho"})
    i, j, k = find(steps, "603.9"), find(steps, "603.10f"), find(steps, "800.4d")
    assert find(steps, "800.4a") < i < j < k
    assert "look back in time" in steps[j].text
    assert "under Cho's control" in steps[j].changes[0].words()
    assert statuses(steps[j:]) == ["triggers", "not put on the stack: Cho, its controller, "
                                   "has left the game"]
    assert g.where("tyrant") == ("outside", "outside")
    assert g.stack == [] and g.world.main.pending == () and g.priority == "Alex"


def test_603_10f_stolen_tyrant_triggers_for_the_thief_who_loses():
    """CR 603.10f, 603.3a, 800.4d: Alex controls Bianca's Blood Tyrant (Threaten, forever) and
    concedes. The control effect ends and the Tyrant goes back to Bianca (CR 800.4a), but the
    game looks back: Alex controlled it, so Alex controls the trigger, which is never put on
    the stack. Bianca's Tyrant gets no counters."""
    g = game()
    g.add_object("tyrant", "Blood Tyrant", owner="Bianca", zone="battlefield")
    steal(g, "tyrant", "Alex")
    steps = g.apply({"concede": "Alex"})
    j = find(steps, "603.10f")
    assert "Bianca's now" in steps[j].changes[0].words()
    assert "under Alex's control" in steps[j].changes[0].words()
    find(steps, "800.4d")
    assert g.obj("tyrant").controller == "Bianca" and g.obj("tyrant").zone is Zone.BATTLEFIELD
    assert g.stack == [] and g.world.main.pending == ()
    assert g.obj("tyrant").counters == () and g.priority == "Bianca"


def test_603_10f_curse_controller_loses_with_the_enchanted_player():
    """The same class with another card: Alex's Curse of Vengeance enchants Bianca. Cho's Blood
    Tithe makes Alex and Bianca lose at once (one state-based action check, CR 704.3). Looking
    back, the Curse enchanted Bianca under Alex's control: it triggers, controlled by Alex, and
    800.4d keeps it off the stack. Taking the losers one by one, the Curse would have left with
    Alex first and never triggered."""
    g = game(life={"Alex": 3, "Bianca": 3})
    g.add_object("curse", "Curse of Vengeance", owner="Alex", zone="hand")
    g.add_object("tithe", "Blood Tithe", owner="Cho", zone="hand")
    g.apply({"cast": {"card": "curse", "by": "Alex", "target": "Bianca"}})
    g.apply({"resolve": "curse"})
    g.advance("next_turn")
    g.advance("next_turn")
    g.advance("main")
    g.apply({"cast": {"card": "tithe", "by": "Cho"}})
    steps = g.apply({"resolve": "tithe"})
    assert not g.in_game("Alex") and not g.in_game("Bianca")
    i = find(steps, "603.9")
    assert "Curse of Vengeance [curse] enchanted Bianca" in steps[i].changes[0].words()
    find(steps, "603.10f")
    assert statuses(steps[i:]) == ["triggers", "not put on the stack: Alex, its controller, "
                                   "has left the game"]
    assert g.stack == [] and g.life("Cho") == 29


def test_603_10f_tyrant_owned_by_the_loser_triggers_for_its_controller():
    """CR 603.10f, 603.3a: Bianca controls Alex's Blood Tyrant through Mind Control. Alex
    concedes; the Tyrant leaves the game with him (800.4a), but immediately before the loss
    Bianca controlled it: its ability triggers and goes on the stack under Bianca's control. On
    resolution the Tyrant is gone: no counters on anything (CR 400.7, 608.2)."""
    g = game()
    g.add_object("tyrant", "Blood Tyrant", owner="Alex", zone="battlefield")
    g.add_object("mc", "Mind Control", owner="Bianca", zone="hand")
    g.advance("next_turn")
    g.advance("main")
    g.apply({"cast": {"card": "mc", "by": "Bianca", "target": "tyrant"}})
    g.apply({"resolve": "mc"})
    assert g.obj("tyrant").controller == "Bianca"
    steps = g.apply({"concede": "Alex"})
    j = find(steps, "603.10f")
    assert "has left the game" in steps[j].changes[0].words()
    assert "800.4d" not in rules(steps)
    assert [o.controller for o in g.world.stack()] == ["Bianca"]
    assert [o.source for o in g.world.stack()] == ["tyrant"]
    steps = g.apply({"resolve": "tyrant"})
    assert "no counters are put on anything (CR 400.7)" in " ".join(
        c.words() for s in steps for c in s.changes)
    assert g.where("tyrant") == ("outside", "outside") and g.stack == []


def test_603_10f_curse_owned_by_the_loser_pays_its_controller():
    """The same class with Curse of Vengeance: Bianca's Curse enchants Bianca herself and Alex
    controls it (an effect such as Confiscate's). Bianca casts a spell (one spite counter), then
    concedes: the Curse leaves the game with its owner, yet it triggers, looking back, for Alex,
    who gains 1 life and draws 1 card (X from last known information, CR 608.2h)."""
    g = game()
    g.add_object("curse", "Curse of Vengeance", owner="Bianca", zone="hand")
    g.add_object("shock", "Shock", owner="Bianca", zone="hand", types=["instant"])
    g.advance("next_turn")
    g.advance("main")
    g.apply({"cast": {"card": "curse", "by": "Bianca", "target": "Bianca"}})
    g.apply({"resolve": "curse"})
    g.apply({"effect": {"control": "curse", "to": "Alex", "source": "Confiscate",
                        "until": "forever"}})
    g.apply({"cast": {"card": "shock", "by": "Bianca"}})
    g.apply({"resolve": "curse"})
    g.apply({"resolve": "shock"})
    assert dict(g.obj("curse").counters) == {"spite": 1}
    hand = len(g.world.in_zone(0, Zone.HAND, "Alex"))
    steps = g.apply({"concede": "Bianca"})
    find(steps, "603.10f")
    assert g.where("curse") == ("outside", "outside")
    assert [(o.source, o.controller) for o in g.world.stack()] == [("curse", "Alex")]
    steps = g.apply({"resolve": "curse"})
    assert "608.2h" in rules(steps)
    assert g.life("Alex") == 21 and len(g.world.in_zone(0, Zone.HAND, "Alex")) == hand + 1


def test_603_10f_704_3_two_players_lose_at_once_look_back_together():
    """CR 704.3 and 603.10f: Bianca and Cho lose in one state-based action check. Dana controls
    Cho's Blood Tyrant (Threaten). Both losses look back to the same moment, when Dana controlled
    the Tyrant: it triggers twice, both under Dana, in APNAP order of the losers (the engine's
    default order, CR 603.3b), although it left the game with Cho. No trigger depends on which
    loser the engine takes out first."""
    g = game(life={"Bianca": 0})
    g.add_object("tyrant", "Blood Tyrant", owner="Cho", zone="battlefield")
    g.add_object("own", "Blood Tyrant", owner="Bianca", zone="battlefield")
    steal(g, "tyrant", "Dana")
    steps = g.apply({"life": {"player": "Cho", "set": 0}})
    assert not g.in_game("Bianca") and not g.in_game("Cho")
    texts = [c.text for s in steps for c in of(s, Trigger) if c.status == "triggers"]
    assert texts == ["Blood Tyrant: Bianca lost the game; put five +1/+1 counters on this "
                     "creature", "Blood Tyrant: Cho lost the game; put five +1/+1 counters on "
                     "this creature"] * 2
    assert rules(steps).count("800.4d") == 2  # Bianca's own Tyrant: both under Bianca
    assert [(o.source, o.controller) for o in g.world.stack()] == [("tyrant", "Dana")] * 2
    g.apply({"resolve": "tyrant"})
    g.apply({"resolve": "tyrant"})
    assert g.stack == [] and g.where("tyrant") == ("outside", "outside")


def test_603_10f_the_other_losers_tyrant_on_the_battlefield_grows_twice():
    """CR 704.3, 603.10f with a Tyrant that stays: Bianca and Cho lose at once; Dana's own Blood
    Tyrant triggers for each of them and gets ten counters (15/15)."""
    g = game(life={"Bianca": 0})
    g.add_object("tyrant", "Blood Tyrant", owner="Dana", zone="battlefield")
    g.apply({"life": {"player": "Cho", "set": 0}})
    assert [o.source for o in g.world.stack()] == ["tyrant", "tyrant"]
    g.apply({"resolve": "tyrant"})
    g.apply({"resolve": "tyrant"})
    assert power_toughness(g.world, g.obj("tyrant")) == (15, 15)


def test_603_10f_a_phased_out_tyrant_does_not_look_back_into_triggering():
    """CR 702.26b: a permanent phased out immediately before the loss was treated as though it
    did not exist then: looking back finds no ability to trigger."""
    g = game()
    g.add_object("tyrant", "Blood Tyrant", owner="Cho", zone="battlefield", phased_out=True)
    steps = g.apply({"concede": "Cho"})
    assert "603.9" not in rules(steps) and "603.10f" not in rules(steps)
