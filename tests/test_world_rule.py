"""The world rule (CR 704.5k) and its ties: permanents that have had the world supertype for the
same, shortest amount of time all go to their owners' graveyards. A permanent has had the
supertype since it entered the battlefield; permanents that entered in one event tie (two cards
returned by simultaneous CR 610.3 returns, CR 610.3d; permanents set up together), whatever order
of timestamps the players give them (CR 613.7m). With the limited range of influence option,
CR 801.12 decides which world permanents each one is compared with."""

from __future__ import annotations

from pathlib import Path

from tracetools import P3, find, rules

from magicsub import Game, load_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "magicsub" / "scenarios"
P5 = ["Alex", "Bianca", "Cho", "Dana", "Erin"]


def scenario(name: str):
    result = load_scenario(SCENARIOS / name).run()
    assert result.failures == []
    return result


def notes(step) -> str:
    return " ".join(c.words() for c in step.changes)


def exile_with_grasp(g: Game, grasp: str, target: str) -> None:
    """Alex casts the Grasp of Fate ``grasp``; its enters trigger exiles ``target``."""
    g.cast(grasp, "Alex")
    g.resolve(grasp)
    g.choose_target(f"{grasp}-trigger", target)
    g.resolve(grasp)
    assert g.where(target) == ("main", "exile")


def two_grasps(first=("plane", "Living Plane", "Bianca"),
               second=("crossroads", "Concordant Crossroads", "Cho"), types=None) -> Game:
    """Alex's two Grasps of Fate each exile one world enchantment: the first one's world is set
    up on the battlefield, the second one's is put onto the battlefield by an effect after the
    first is exiled (so they were never on the battlefield together)."""
    g = Game(P3, seed=1, libraries={p: 5 for p in P3})
    g.add_object("grasp1", "Grasp of Fate", owner="Alex", zone="hand")
    g.add_object("grasp2", "Grasp of Fate", owner="Alex", zone="hand")
    g.add_object(first[0], first[1], owner=first[2], types=types)
    g.add_object(second[0], second[1], owner=second[2], zone="hand", types=types)
    exile_with_grasp(g, "grasp1", first[0])
    g.move(second[0], "battlefield")
    assert g.where(second[0]) == ("main", "battlefield")
    exile_with_grasp(g, "grasp2", second[0])
    return g


# -- ties from one event ------------------------------------------------------------------------

def test_704_5k_610_3d_worlds_returned_together_tie_and_both_go():
    """CR 704.5k, 610.3d (scenario): Alex concedes; his two Grasps leave the game at once and
    their returns are simultaneous; Living Plane and Concordant Crossroads tie, both go."""
    result = scenario("704_5k_world_tie_610_3_return.yaml")
    g, steps = result.game, list(result.trace)
    assert g.where("plane") == ("main", "graveyard") and g.obj("plane").owner == "Bianca"
    assert g.where("crossroads") == ("main", "graveyard") and g.obj("crossroads").owner == "Cho"
    assert g.zone("battlefield") == [] and g.priority == "Bianca"
    tie = find(steps, "704.5k", "In the event of a tie")
    assert find(steps, "610.3d") < tie
    text = notes(steps[tie])
    assert "at the same moment" in text and "613.7m" in text and "does not break the tie" in text
    assert "all except" not in steps[tie].text


def test_704_5k_tie_with_other_world_cards_when_their_owner_loses():
    """CR 704.5k, 610.3d with other cards and another way out: The Abyss and Nether Void (world
    enchantments the engine knows only by their types) come back together when the owner of the
    two Grasps drops to 0 life (CR 704.5a, 800.4a); both go to their owners' graveyards."""
    g = two_grasps(("abyss", "The Abyss", "Cho"), ("void", "Nether Void", "Bianca"),
                   types=["world", "enchantment"])
    steps = g.change_life("Alex", set=0)
    assert not g.in_game("Alex")
    assert g.where("abyss") == ("main", "graveyard") and g.zone("graveyard", "Cho") == ["abyss"]
    assert g.where("void") == ("main", "graveyard") and g.zone("graveyard", "Bianca") == ["void"]
    assert rules(steps).count("610.3") == 2 and "610.3d" in rules(steps)
    find(steps, "704.5k", "In the event of a tie")


def test_704_5k_returns_one_after_the_other_do_not_tie_the_newer_stays():
    """CR 704.5k, not a tie: the Grasps leave one at a time (two events), so Concordant
    Crossroads, back second, has had the world supertype for the shorter time and stays."""
    g = two_grasps()
    g.move("grasp1", "graveyard")
    assert g.where("plane") == ("main", "battlefield")
    steps = g.move("grasp2", "graveyard")
    assert g.where("plane") == ("main", "graveyard")
    assert g.where("crossroads") == ("main", "battlefield") and g.obj("crossroads").controller \
        == "Cho"
    i = find(steps, "704.5k", "all except the one")
    assert "shorter time than Living Plane" in notes(steps[i])
    assert not any(s.rule == "704.5k" and "tie" in s.text for s in steps)
    assert "610.3d" not in rules(steps)


def test_704_5k_worlds_set_up_together_tie():
    """CR 704.5k: every permanent set up before play entered at the same moment; two world
    permanents set up on the battlefield tie, and the first check of state-based actions puts
    both into their owners' graveyards."""
    g = Game(P3, seed=1, libraries={p: 5 for p in P3})
    g.add_object("plane", "Living Plane", owner="Bianca")
    g.add_object("crossroads", "Concordant Crossroads", owner="Cho")
    steps = g.advance("beginning_of_combat")
    i = find(steps, "704.5k", "In the event of a tie")
    assert "were set up on the battlefield together, before play began" in notes(steps[i])
    assert g.zone("graveyard", "Bianca") == ["plane"] and g.zone("graveyard", "Cho") == \
        ["crossroads"]


def test_704_5k_two_newest_tie_and_the_oldest_goes_too():
    """CR 704.5k, both sentences: an older world permanent goes because newer ones exist; the
    two newest, which tie, go as well. Nothing stays."""
    g = two_grasps()
    g.advance("next_turn")
    g.advance("next_turn")
    g.advance("next_turn")
    assert g.active == "Alex"
    g.advance("main")
    g.apply({"create": {"id": "old", "name": "Null Chamber", "controller": "Bianca",
                        "zone": "battlefield", "types": ["world", "enchantment"]}})
    assert g.where("old") == ("main", "battlefield")
    steps = g.concede("Alex")
    older = find(steps, "704.5k", "all except the one")
    tie = find(steps, "704.5k", "In the event of a tie")
    assert older < tie
    assert g.zone("battlefield") == []
    assert g.where("plane") == g.where("crossroads") == ("main", "graveyard")


# -- with the limited range of influence option (CR 801.12) --------------------------------------

def test_801_12_704_5k_tie_within_range_after_the_seats_close_up():
    """CR 801.12 with a tie: Bianca's Living Plane and Erin's Concordant Crossroads, two seats
    apart with range 1, both stay. Alex's Grasp of Fate exiles both; Alex loses and they return
    at the same moment, still out of each other's range (801.2c: the seats close up as the next
    turn begins), so both stay. As Bianca's turn begins they are neighbours: a tie, both go."""
    g = Game(P5, seed=1, libraries={p: 5 for p in P5},
             range={"Alex": 2, "Bianca": 1, "Cho": 1, "Dana": 1, "Erin": 1})
    g.add_object("grasp", "Grasp of Fate", owner="Alex", zone="hand")
    g.add_object("plane", "Living Plane", owner="Bianca")
    g.add_object("crossroads", "Concordant Crossroads", owner="Erin")
    first = g.cast("grasp", "Alex") + g.resolve("grasp")
    assert "801.12" in rules(first) and "704.5k" not in rules(first)
    g.choose_target("grasp-trigger", "plane")
    g.choose_target("grasp-trigger", "crossroads")
    g.resolve("grasp")
    steps = g.change_life("Alex", set=0)
    assert "610.3d" in rules(steps) and "704.5k" not in rules(steps)
    assert rules(steps).count("801.12") == 1
    assert g.where("plane") == g.where("crossroads") == ("main", "battlefield")
    assert g.obj("plane").moment == g.obj("crossroads").moment
    more = g.advance("upkeep")
    assert g.active == "Bianca"
    assert find(more, "801.2c") < find(more, "704.5k", "In the event of a tie")
    assert g.zone("graveyard", "Bianca") == ["plane"] and g.zone("graveyard", "Erin") == \
        ["crossroads"]


def test_801_12_704_5k_tie_judged_per_permanent_by_its_controllers_range():
    """CR 801.12 with a tie, asymmetric ranges: Alex (range 2) has Cho's world within range, Cho
    (range 1) does not have Alex's. Set up together, they tie: the world rule applies to Alex's
    Living Plane, which goes though its timestamp is the later one; Cho's Concordant Crossroads
    is exempt and stays."""
    g = Game(P5, seed=1, libraries={p: 5 for p in P5},
             range={"Alex": 2, "Bianca": 1, "Cho": 1, "Dana": 1, "Erin": 1})
    g.add_object("crossroads", "Concordant Crossroads", owner="Cho")
    g.add_object("plane", "Living Plane", owner="Alex")
    assert g.obj("plane").order > g.obj("crossroads").order
    steps = g.advance("beginning_of_combat")
    exempt = find(steps, "801.12")
    assert "does not apply to Concordant Crossroads" in notes(steps[exempt])
    tie = find(steps, "704.5k", "In the event of a tie")
    assert "Literal reading of CR 801.12" in notes(steps[tie])
    assert g.where("plane") == ("main", "graveyard")
    assert g.where("crossroads") == ("main", "battlefield")


# -- the moment an object entered (Obj.moment) ----------------------------------------------------

def test_613_7m_one_event_one_moment_but_each_its_own_timestamp():
    """``Obj.moment``: the two cards one concession returns share a moment and keep distinct
    timestamps (``order``, the order CR 613.7m lets a player choose); returns made one after the
    other are two moments; the cards of a set-up library share moment 0."""
    g = two_grasps()
    g.apply({"create": {"id": "witness", "name": "Witness", "controller": "Bianca",
                        "zone": "battlefield", "types": ["creature"]}})
    g.concede("Alex")
    plane, crossroads = g.world.objects["plane"], g.world.objects["crossroads"]
    assert plane.moment == crossroads.moment and plane.order != crossroads.order
    assert plane.moment > g.obj("witness").moment
    g2 = two_grasps()
    g2.move("grasp1", "graveyard")
    first = g2.obj("plane").moment
    g2.move("grasp2", "graveyard")
    assert g2.obj("crossroads").moment > first
    library = [g.obj(o) for o in g.zone("library", "Bianca")]
    assert {o.moment for o in library} == {0}
