"""Real cards for CR 800.4b, 800.4h and 800.4i: the situations each paragraph governs, produced by
a card's own wording (Fractured Loyalty, Genesis Chamber) rather than by an anonymous effect."""

from __future__ import annotations

from tracetools import P4, rules

from magicsub import Game


def loyalty_game() -> Game:
    """Alex's Grizzly Bears wear Alex's Fractured Loyalty; Cho holds Act of Treason; it is Cho's
    precombat main phase."""
    g = Game(P4, seed=1, libraries={p: 5 for p in P4})
    g.add_object("bears", "Grizzly Bears", owner="Alex")
    g.add_object("loyalty", "Fractured Loyalty", owner="Alex", attached_to="bears")
    g.add_object("treason", "Act of Treason", owner="Cho", zone="hand")
    for _ in range(2):
        g.advance("next_turn")
    g.advance("main")
    return g


def test_fractured_loyalty_gives_the_creature_to_the_targeting_spells_controller():
    """CR 603.2, 611.2a: Cho targets the Bears with Act of Treason; Fractured Loyalty's ability
    resolves first and Cho gains control of them indefinitely (no CR 800.4b: Cho is in the game)."""
    g = loyalty_game()
    g.cast("treason", "Cho", target="bears")
    assert g.stack == ["treason", "loyalty"]
    steps = g.resolve("loyalty-trigger")
    assert "800.4b" not in rules(steps)
    assert g.obj("bears").controller == "Cho"
    g.resolve("treason")
    g.advance("next_turn")
    assert g.obj("bears").controller == "Cho"  # "This effect lasts indefinitely."


def test_800_4b_fractured_loyalty_cannot_give_control_to_a_departed_player():
    """CR 800.4b, first sentence: Cho, the controller of the targeting spell, concedes with
    Fractured Loyalty's ability on the stack. The ability is Alex's and targets nobody, so it
    still resolves; the Bears would change to Cho's control, and they don't."""
    g = loyalty_game()
    g.cast("treason", "Cho", target="bears")
    g.concede("Cho")
    assert g.world.objects["treason"].place == "outside"
    assert g.stack == ["loyalty"]
    steps = g.resolve("loyalty-trigger")
    assert "800.4b" in rules(steps)
    assert "608.2b" not in rules(steps)
    bears = g.obj("bears")
    assert (bears.zone.value, bears.controller) == ("battlefield", "Alex")
    assert g.obj("loyalty").controller == "Alex"
    assert g.stack == []
    assert g.priority == "Dana"


def test_800_4b_genesis_chamber_creates_no_token_for_a_departed_player():
    """CR 800.4b, second sentence: Bianca's Runeclaw Bears enter; Genesis Chamber's ability (Alex's)
    would have Bianca create a Myr, and she concedes before it resolves: no token is created, and
    nobody else gets one."""
    g = Game(P4, seed=1, libraries={p: 5 for p in P4})
    g.add_object("chamber", "Genesis Chamber", owner="Alex")
    g.add_object("runeclaw", "Runeclaw Bears", owner="Bianca", zone="hand")
    g.advance("next_turn")
    g.advance("main")
    g.cast("runeclaw", "Bianca")
    g.resolve("runeclaw")
    g.concede("Bianca")
    steps = g.resolve("chamber-trigger")
    assert "800.4b" in rules(steps)
    assert "111.2" not in rules(steps)
    assert [o.name for o in g.world.objects.values() if o.name == "Myr"] == []
    assert g.stack == []
