"""A phased-out permanent is treated as though it does not exist (CR 702.26b), also when it leaves
the game: a phased-out "until" source (CR 610.3) never leaves the battlefield in the eyes of the
game, so its exile never ends (how judges rule it; no Gatherer ruling speaks of the case). The
same class: a phased-out Oblivion Ring's leaves-the-battlefield ability (CR 603.6c), a phased-out
Oubliette's phasing, effects lasting "for as long as" a source remains (CR 702.26f), static
abilities of a phased-out permanent (CR 702.26b, 702.26c), and the end of a subgame (CR 726.5)."""

from __future__ import annotations

from pathlib import Path

from tracetools import P3, P4, find, rules

from magicsub import Game, load_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "magicsub" / "scenarios"


def notes(steps) -> str:
    return " ".join(c.words() for s in steps for c in s.changes)


def exiled_by(g: Game, source: str, target: str, *, by: str = "Alex") -> None:
    """``by`` casts ``source`` (Banisher Priest, Grasp of Fate); its trigger exiles ``target``."""
    g.cast(source, by)
    g.resolve(source)
    g.choose_target(f"{source}-trigger", target)
    g.resolve(source)
    assert g.where(target) == ("main", "exile")


def test_702_26b_610_3_phased_out_priest_leaves_with_its_owner_card_stays_exiled():
    """CR 702.26b, 702.26k, 610.3 (scenario): of Alex's two Priests, the phased-out one never
    leaves the battlefield as Alex concedes, and Cho's Bears stay exiled; the phased-in one
    leaves, and Dana's Angel returns under her control (CR 610.3c)."""
    result = load_scenario(SCENARIOS / "702_26b_phased_out_priest_owner_leaves.yaml").run()
    assert result.failures == []
    g, steps = result.game, list(result.trace)
    assert g.where("bears") == ("main", "exile")
    assert g.where("angel") == ("main", "battlefield") and g.obj("angel").controller == "Dana"
    assert g.world.main.exiled_by == ()
    k = find(steps, "702.26k")
    b = find(steps, "702.26b", "treated as though it does not exist")
    stays = find(steps, "610.3")
    assert k < b < stays
    text = notes(steps[stays:stays + 1])
    assert "never happens" in text and "Runeclaw Bears [bears] stays in exile" in text
    assert "No Gatherer ruling or other official document speaks" in text
    assert "2020-06-23" in text and "The other reading" in text
    assert "Literal reading" not in notes(steps)
    assert find(steps, "610.3c") > stays


def test_702_26b_phased_out_grasp_of_fate_owner_loses_nothing_returns():
    """The same class with another card and another way out: Alex's Grasp of Fate exiles one
    permanent of each opponent, then phases out; Alex drops to 0 life (CR 704.5a) and the Grasp
    leaves the game phased out: both permanents stay in exile."""
    g = Game(P3, seed=1, libraries={p: 5 for p in P3})
    g.add_object("grasp", "Grasp of Fate", owner="Alex", zone="hand")
    g.add_object("ox", "Pillarfield Ox", owner="Bianca", types=["creature"])
    g.add_object("jug", "Juggernaut", owner="Cho", types=["artifact", "creature"])
    g.cast("grasp", "Alex")
    g.resolve("grasp")
    g.choose_target("grasp-trigger", "ox")
    g.choose_target("grasp-trigger", "jug")
    g.resolve("grasp")
    g.phase_out("grasp")
    steps = g.change_life("Alex", set=0)
    assert not g.in_game("Alex") and g.obj("grasp").outside
    assert g.where("ox") == ("main", "exile") and g.where("jug") == ("main", "exile")
    assert "610.3c" not in rules(steps) and "610.3d" not in rules(steps)
    assert "Pillarfield Ox [ox] and Juggernaut [jug] stay in exile" in notes(steps)


def test_702_26b_800_4a_phased_out_priest_exiled_as_its_controller_leaves():
    """CR 702.26b with CR 800.4a's exile (702.26n): Bianca's Bribery took Alex's Priest, whose
    ability exiled Cho's Bears; the Priest phases out and Bianca leaves. The Priest is exiled
    (still controlled by her) but, phased out, it never left the battlefield: the Bears stay."""
    g = Game(["Bianca", "Alex", "Cho"], seed=1, libraries={"Alex": 5})
    g.add_object("bribery", "Bribery", owner="Bianca", zone="hand")
    g.add_object("priest", "Banisher Priest", owner="Alex", zone="library")
    g.add_object("bears", "Runeclaw Bears", owner="Cho")
    g.apply({"cast": {"card": "bribery", "by": "Bianca", "target": "Alex"}})
    g.resolve("bribery", choose="priest")
    g.resolve("priest", target="bears")
    g.phase_out("priest")
    steps = g.leave("Bianca")
    assert g.where("priest") == ("main", "exile")
    assert g.where("bears") == ("main", "exile")
    assert "is exiled because Bianca, who controlled it, left the game" in notes(steps)
    assert "610.3c" not in rules(steps)


def test_603_6c_phased_out_oblivion_ring_does_not_trigger_and_its_link_ends():
    """CR 603.6c: a phased-out Oblivion Ring leaving with its owner does not trigger; the Angel
    stays exiled and nothing is left linked to the Ring."""
    g = Game(P4, seed=1)
    g.add_object("oring", "Oblivion Ring", owner="Alex", zone="hand")
    g.add_object("angel", "Serra Angel", owner="Bianca")
    g.cast("oring", "Alex")
    g.resolve("oring")
    g.resolve("oring", target="angel")
    g.phase_out("oring")
    steps = g.concede("Alex")
    assert g.where("angel") == ("main", "exile") and g.stack == []
    assert "603.3" not in rules(steps) and g.world.main.exiled_by == ()
    assert "CR 603.6c" in notes(steps)


def test_702_26b_phased_out_oubliette_leaves_with_its_owner_creature_stays_phased_out():
    """The same class for phasing: Oubliette phased Bianca's Bears out "until Oubliette leaves
    the battlefield"; Oubliette itself phases out and leaves the game with Alex. It never left
    the battlefield in the eyes of the game: the Bears stay phased out, also through the untap
    steps that follow."""
    g = Game(P3, seed=1, libraries={p: 5 for p in P3})
    g.add_object("ou", "Oubliette", owner="Alex", zone="hand")
    g.add_object("bears", "Runeclaw Bears", owner="Bianca")
    g.cast("ou", "Alex")
    g.resolve("ou")
    g.resolve("ou", target="bears")
    assert g.obj("bears").phased_out
    g.phase_out("ou")
    steps = g.concede("Alex")
    assert "never ends" in notes(steps)
    assert g.obj("bears").phased_out and not g.obj("bears").tapped
    g.advance("next_turn")
    g.advance("next_turn")
    assert g.active == "Cho" and g.obj("bears").phased_out


def test_702_26b_phased_in_oubliette_leaving_still_phases_the_creature_in():
    """The contrast: Oubliette, phased in, leaves the game with Alex: the Bears phase in tapped
    (CR 702.26c, Oubliette's text)."""
    g = Game(P3, seed=1, libraries={p: 5 for p in P3})
    g.add_object("ou", "Oubliette", owner="Alex", zone="hand")
    g.add_object("bears", "Runeclaw Bears", owner="Bianca")
    g.cast("ou", "Alex")
    g.resolve("ou")
    g.resolve("ou", target="bears")
    g.concede("Alex")
    assert not g.obj("bears").phased_out and g.obj("bears").tapped


def test_702_26f_for_as_long_as_effect_ends_when_its_source_phases_out():
    """CR 702.26f: an effect lasting "for as long as" its source remains ends when the source
    phases out (it can no longer see it); phasing the source back in does not restore it."""
    g = Game(P3, seed=1)
    g.add_object("oldman", "Old Man of the Sea", owner="Alex", types=["creature"])
    g.add_object("angel", "Serra Angel", owner="Bianca")
    g.effect("angel", "Alex", source="oldman", until="source_leaves")
    assert g.obj("angel").controller == "Alex"
    steps = g.phase_out("oldman")
    i = find(steps, "702.26f", "end when that permanent phases out")
    assert "Awakener Druid" in notes(steps[i:i + 1])
    assert g.obj("angel").controller == "Bianca" and not g.world.effects
    g.phase_in("oldman")
    assert g.obj("angel").controller == "Bianca"


def test_702_26b_static_effect_ignored_while_its_source_is_phased_out():
    """CR 702.26b, 702.26c, 611.3a: a static ability's control effect (Confiscate's, given by an
    ``effect`` step with ``static``) stops applying while its source is phased out and applies
    again when it phases in; the effect itself stays (its timestamp is its source's)."""
    g = Game(P3, seed=1)
    g.add_object("confiscate", "Confiscate", owner="Cho", types=["enchantment"])
    g.add_object("angel", "Serra Angel", owner="Bianca")
    g.effect("angel", "Cho", source="confiscate", until="source_leaves", static=True)
    assert g.obj("angel").controller == "Cho"
    steps = g.phase_out("confiscate")
    assert "702.26f" not in rules(steps) and len(g.world.effects) == 1
    assert g.obj("angel").controller == "Bianca"
    assert "its static abilities have no effect on the game" in notes(steps)
    g.phase_in("confiscate")
    assert g.obj("angel").controller == "Cho"


def test_702_26d_creature_and_its_mind_control_phase_out_together_control_stays():
    """CR 702.26d, 702.26g: the Angel phases out and its Mind Control with it (indirectly):
    phasing changes no control, so Alex still controls the phased-out Angel, and again after
    both phase in."""
    g = Game(P3, seed=1)
    g.add_object("mc", "Mind Control", owner="Alex", attached_to="angel")
    g.add_object("angel", "Serra Angel", owner="Bianca")
    g.phase_out("angel")
    assert g.obj("mc").phased_out and g.obj("mc").phased_indirectly
    assert g.obj("angel").controller == "Alex"
    g.phase_in("angel")
    assert not g.obj("mc").phased_out and g.obj("angel").controller == "Alex"


def test_726_5_phased_out_priest_in_a_subgame_its_cards_go_home():
    """CR 726.5 with 702.26b: a phased-out Banisher Priest in a subgame, and the card it exiled,
    go to their owners' main-game libraries as the subgame ends (726.5 names phased-out
    permanents); no 610.3 return is made into a game that has ended."""
    g = Game(P3, seed=5, libraries={p: 10 for p in P3})  # seed 5: Alex starts the subgame
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    g.add_object("priest", "Banisher Priest", owner="Alex", zone="library")
    g.add_object("bears", "Runeclaw Bears", owner="Bianca", zone="library")
    g.cast("shahrazad", "Alex")
    g.resolve("shahrazad")
    g.advance("main")
    assert g.active == "Alex" and g.subgames == 1
    g.move("bears", "battlefield")
    if g.where("priest") != ("1", "hand"):  # it may have been drawn into the opening hand
        g.move("priest", "hand")
    g.cast("priest", "Alex")
    g.resolve("priest")
    g.resolve("priest", target="bears")
    g.phase_out("priest")
    steps = g.win("Bianca")
    assert g.where("priest") == ("main", "library") and g.where("bears") == ("main", "library")
    assert "610.3" not in rules(steps) and "610.3c" not in rules(steps)
    assert not g.obj("priest").phased_out
