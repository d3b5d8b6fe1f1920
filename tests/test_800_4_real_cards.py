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


# -- CR 800.4h: CR 103.1 asks a player who has left ---------------------------------------------

def first_turn_game() -> Game:
    """A four-player game before its first turn (CR 103.1): Bianca won the coin flip."""
    return Game(P4, seed=1, pregame=True, libraries={p: 5 for p in P4})


def test_800_4h_next_player_chooses_who_takes_the_first_turn():
    """CR 800.4h with CR 103.1: Bianca, who was to choose who takes the first turn, concedes
    (CR 104.3a); Cho, next in turn order, chooses Dana, who takes the first turn."""
    g = first_turn_game()
    g.concede("Bianca")
    steps = g.choice("Bianca", "rule", rule="103.1", decision="Dana")
    assert rules(steps) == ["103.1", "800.4h"]
    assert "Cho, next in turn order, chooses who takes the first turn" in steps[1].notes[0]
    assert g.world.main.first == "Dana"
    assert g.world.main.active is None and g.priority is None
    g.advance("upkeep")
    assert (g.world.main.turn, g.world.main.active, g.priority) == (1, "Dana", "Dana")
    assert [p for p in P4 if g.world.main.seat(p).in_game] == ["Alex", "Cho", "Dana"]


def test_800_4h_refusals_name_the_rule():
    """CR 800.4h needs a real rule: none, an unknown paragraph, a rule that asks no player's
    choice, or CR 103.1 after the first turn began are refused, and nothing changes."""
    from test_choices import refused

    g = first_turn_game()
    g.concede("Bianca")
    refused(g, {"choice": {"player": "Bianca", "kind": "rule"}}, "800.4h", "Bianca")
    refused(g, {"choice": {"player": "Bianca", "kind": "rule", "rule": "999.9"}}, "999.9")
    refused(g, {"choice": {"player": "Bianca", "kind": "rule", "rule": "103.8"}}, "103.8")
    refused(g, {"choice": {"player": "Bianca", "kind": "rule", "rule": "103.1",
                           "decision": "Bianca"}}, "103.1", "Bianca")
    refused(g, {"choice": {"player": "Bianca", "kind": "rule", "rule": "103.1",
                           "chooser": "Dana"}}, "800.4h", "Dana")
    begun = Game(P4, seed=1)
    begun.concede("Bianca")
    refused(begun, {"choice": {"player": "Bianca", "kind": "rule", "rule": "103.1"}}, "103.1")


# -- CR 800.4i: storm finds the spells of a player who has left --------------------------------

def storm_game() -> Game:
    """Alex casts Opt, Bianca Forks it, then concedes; Alex holds Grapeshot."""
    g = Game(P4, seed=1, life={"Bianca": 13})
    g.add_object("opt", "Opt", owner="Alex", zone="hand", types=["instant"])
    g.add_object("fork", "Fork", owner="Bianca", zone="hand")
    g.add_object("grapeshot", "Grapeshot", owner="Alex", zone="hand")
    g.apply({"counters": {"player": "Bianca", "kind": "poison", "add": 3}})
    g.cast("opt", "Alex")
    g.pass_priority("Alex")
    g.cast("fork", "Bianca", target="opt")
    g.resolve("fork")
    return g


def test_800_4i_storm_counts_the_spell_of_a_departed_player():
    """CR 800.4i, second sentence, with CR 702.40a: Grapeshot's storm counts Opt (Alex) and Fork
    (Bianca, who has left) but not Fork's copy of Opt (not cast, CR 707.10): two copies, and Cho
    takes 3 damage (CR 120.3a)."""
    g = storm_game()
    g.concede("Bianca")
    g.resolve("opt")
    g.cast("grapeshot", "Alex", target="Cho")
    assert [o.id for o in g.world.stack(0)] == ["grapeshot", "grapeshot-trigger"]
    steps = g.resolve("grapeshot-trigger")
    assert "800.4i" in rules(steps)
    assert [o.id for o in g.world.stack(0)] == ["grapeshot", "grapeshot-storm1",
                                                 "grapeshot-storm2"]
    assert all(g.obj(c).controller == "Alex" and g.obj(c).targets == ("Cho",)
               for c in ("grapeshot-storm1", "grapeshot-storm2"))
    for oid in ("grapeshot-storm2", "grapeshot-storm1", "grapeshot"):
        g.resolve(oid)
    assert g.world.main.seat("Cho").life == 17
    assert g.world.main.seat("Bianca").life == 13
    assert g.where("grapeshot") == ("main", "graveyard") and g.where("opt") == ("main", "graveyard")
    assert g.world.objects["fork"].place == "outside"
    steps = g.apply({"info": {"player": "Bianca", "what": "counters"}})
    assert steps[0].notes[0].endswith("3 poison.")


def test_storm_while_everyone_stays_cites_no_800_4i():
    """CR 702.40a control case: with Bianca still in, the count is the same (two spells) and no
    CR 800.4i step is recorded; the record empties when the next turn begins."""
    g = storm_game()
    g.resolve("opt-copy")
    g.resolve("opt")
    g.cast("grapeshot", "Alex", target="Cho")
    steps = g.resolve("grapeshot-trigger")
    assert "800.4i" not in rules(steps)
    assert len(g.stack) == 3
    for _ in range(3):
        g.resolve()
    assert g.world.main.seat("Cho").life == 17
    g.advance("next_turn")
    assert g.world.main.cast_this_turn == ()


# -- CR 800.4i, first sentence: Curse of Surveillance counts a departed player's Curses ---------

def surveillance_game() -> Game:
    """Bianca wears two Curses of Surveillance, Alex's and Dana's; it is Bianca's upkeep and both
    abilities are on the stack (Alex's on top: APNAP order, CR 603.3b)."""
    g = Game(P4, seed=1, libraries={p: 5 for p in P4})
    g.add_object("surveil_a", "Curse of Surveillance", owner="Alex", attached_to="Bianca")
    g.add_object("surveil_d", "Curse of Surveillance", owner="Dana", attached_to="Bianca")
    steps = g.advance("upkeep")
    assert rules(steps).count("603.2b") == 2
    assert (g.world.main.active, g.world.main.step) == ("Bianca", "upkeep")
    assert _stack(g) == ["surveil_d-trigger", "surveil_a-trigger"]
    return g


def _stack(g: Game) -> list[str]:
    return [o.id for o in g.world.stack(0)]


def _hands(g: Game) -> dict[str, int]:
    return {p: len(g.zone("hand", p)) for p in P4}


def test_800_4i_curse_of_surveillance_uses_the_last_known_curses_of_a_departed_player():
    """CR 800.4i, first sentence: Bianca concedes with both abilities on the stack; the Curses go
    to their owners' graveyards (CR 704.5m). "The number of Curses attached to that player" is
    Bianca's last known information, two, so Alex and Dana each draw 2 cards."""
    g = surveillance_game()
    g.concede("Bianca")
    assert g.where("surveil_a") == ("main", "graveyard")
    assert g.where("surveil_d") == ("main", "graveyard")
    assert g.world.main.active is None and g.priority == "Cho"
    steps = g.resolve("surveil_a-trigger", target="Alex")
    lki = [s for s in steps if s.rule == "800.4i"]
    assert len(lki) == 1 and "X = 2" in lki[0].notes[0]
    assert "last known information" in lki[0].text
    steps = g.resolve("surveil_d-trigger", target="Dana")
    assert "800.4i" in rules(steps)
    assert _hands(g) == {"Alex": 2, "Bianca": 0, "Cho": 0, "Dana": 2}
    assert len(g.zone("library", "Alex")) == 3 and len(g.zone("library", "Dana")) == 3
    assert _stack(g) == [] and g.priority == "Cho"


def test_800_4i_the_information_is_from_when_the_player_left():
    """CR 800.4i: "the last known information about that player before they left the game".
    Dana's Curse is exiled after the abilities trigger and before Bianca concedes: one Curse was
    attached to her as she left, so Alex draws 1. Dana's ability still resolves without its
    source (CR 113.7a) and counts the same one."""
    g = surveillance_game()
    g.apply({"move": {"object": "surveil_d", "to": "exile"}})
    g.concede("Bianca")
    g.resolve("surveil_a-trigger", target="Alex")
    g.resolve("surveil_d-trigger", target="Dana")
    assert _hands(g) == {"Alex": 1, "Bianca": 0, "Cho": 0, "Dana": 1}
    assert g.where("surveil_d") == ("main", "exile")
    assert g.where("surveil_a") == ("main", "graveyard")


def test_curse_of_surveillance_while_the_player_stays_uses_current_information():
    """CR 800.4i control case: Bianca stays, so the effect uses her current information: both
    Curses are still attached, and Alex's ability has Cho draw 2."""
    g = surveillance_game()
    steps = g.resolve("surveil_a-trigger", target="Cho")
    step = next(s for s in steps if s.rule == "800.4i")
    assert "current information" in step.text and "2 Curses attached" in step.notes[0]
    assert _hands(g)["Cho"] == 2
    g.resolve("surveil_d-trigger")  # Dana chose no targets: nobody draws
    assert _hands(g) == {"Alex": 0, "Bianca": 0, "Cho": 2, "Dana": 0}
    assert g.where("surveil_a") == ("main", "battlefield")


def test_curse_of_surveillance_targets():
    """CR 115.1d: the enchanted player can't be a target (refused, nothing changes); a target
    player who has left is illegal, so the ability doesn't resolve (CR 608.2b)."""
    from test_choices import refused

    g = surveillance_game()
    refused(g, {"resolve": {"object": "surveil_a-trigger", "target": "Bianca"}}, "115.1d",
            "Bianca")
    refused(g, {"resolve": {"object": "surveil_a-trigger", "target": "Eve"}}, "115.1d", "Eve")
    g.concede("Cho")
    steps = g.resolve("surveil_a-trigger", target="Cho")
    assert "608.2b" in rules(steps) and "800.4i" not in rules(steps)
    assert _stack(g) == ["surveil_d-trigger"]
    assert _hands(g) == {"Alex": 0, "Bianca": 0, "Cho": 0, "Dana": 0}
