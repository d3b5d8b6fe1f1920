"""Commander damage and the commander tax, per game (CR 903.10a, 704.6c, 903.8, 903.3), across
a player's leaving (CR 800.4a) and a subgame (CR 726.1a), and the untap step the repeated
attacks need (CR 502.3).

CR 903.10a: "A player who's been dealt 21 or more combat damage by the same commander over the
course of the game loses the game. (This is a state-based action. See rule 704.)" CR 903.8: "A
commander cast from the command zone costs an additional {2} for each previous time the player
casting it has cast it from the command zone that game." CR 726.1a: a subgame is "a completely
separate Magic game". Each class of case is checked with two commanders (Yargle, 9/3; Isamaru,
2/2) or with the roles swapped.
"""

from __future__ import annotations

import pytest
from tracetools import P4, assert_unchanged, find, frozen, rules

from magicsub import Game, RulesError, ScenarioError, load_scenario
from magicsub.engine.trace import GameFact
from magicsub.rules.commander import casts, commander_damage
from magicsub.views.render import world_html
from magicsub.views.textview import world_lines

YARGLE, ISAMARU = "Yargle, Glutton of Urborg", "Isamaru, Hound of Konda"
SCENARIOS = "magicsub/scenarios/"


def table(players=("Alex", "Bianca"), *, variant="commander", seed=1, life=None,
          **objects) -> Game:
    """A game in the first player's precombat main phase; ``objects``: id -> (name, owner,
    zone, commander)."""
    g = Game(list(players), variant=variant, seed=seed, libraries={p: 30 for p in players},
             life=life)
    for oid, (name, owner, zone, commander) in objects.items():
        g.add_object(oid, name, owner=owner, zone=zone, commander=commander)
    return g


def hit(g: Game, *attacks: tuple[str, str]) -> list:
    """The active player attacks with each (creature, defender); combat damage is dealt."""
    steps = g.advance("declare_attackers")
    for creature, defender in attacks:
        steps += g.attack(creature, defender)
    return steps + g.advance("combat_damage")


def turns(g: Game, n: int) -> None:
    for _ in range(n):
        g.advance("next_turn")


def dealt(g: Game, player: str, game: int = 0) -> dict[str, int]:
    return commander_damage(g.world.games[game], player)


def run(name: str):
    result = load_scenario(SCENARIOS + name).run()
    assert result.failures == []
    return result


# -- CR 903.10a: what is counted ------------------------------------------------------------------

@pytest.mark.parametrize(("owner", "foe"), [("Alex", "Bianca"), ("Bianca", "Alex")])
def test_903_10a_a_commanders_combat_damage_is_counted_for_the_player_it_hits(owner, foe):
    """CR 903.10a: Yargle deals 9 combat damage to the other player: 9 commander damage from
    Yargle, in a step citing 903.10a right after the damage (CR 510.2); roles swapped."""
    g = table((owner, foe), yargle=(YARGLE, owner, "battlefield", True))
    steps = hit(g, ("yargle", foe))
    assert dealt(g, foe) == {"yargle": 9} and dealt(g, owner) == {}
    assert g.life(foe) == 31
    i = find(steps, "903.10a")
    assert steps[i - 1].rule == "510.2"
    fact = [c for c in steps[i].changes if isinstance(c, GameFact)]
    assert [(f.what, f.value) for f in fact] == [("commander_damage", ((foe, "yargle", 9),))]


def test_903_10a_only_a_commanders_combat_damage_counts():
    """CR 903.10a counts combat damage dealt by a commander: Grizzly Bears (no commander)
    attacking beside Isamaru (a commander) adds nothing, and life lost to an effect adds
    nothing."""
    g = table(P4, bears=("Grizzly Bears", "Alex", "battlefield", False),
              isamaru=(ISAMARU, "Alex", "battlefield", True))
    hit(g, ("bears", "Bianca"), ("isamaru", "Cho"))
    g.change_life("Dana", add=-9)
    assert (dealt(g, "Bianca"), dealt(g, "Cho"), dealt(g, "Dana")) == ({}, {"isamaru": 2}, {})
    assert g.life("Bianca") == 38


def test_903_10a_not_counted_outside_a_commander_game():
    """CR 903.10a is a rule of the Commander variant: the same creature marked commander in a
    game of no variant deals 18 combat damage in two hits and nothing is counted."""
    g = table(variant=None, yargle=(YARGLE, "Alex", "battlefield", True))
    hit(g, ("yargle", "Bianca"))
    turns(g, 2)
    hit(g, ("yargle", "Bianca"))
    assert dealt(g, "Bianca") == {} and g.in_game("Bianca") and g.life("Bianca") == 2
    assert "903.10a" not in rules(list(g.trace))


def test_903_10a_doubled_damage_counts_doubled():
    """CR 903.10a counts the damage dealt, after replacement effects (CR 614.1a): with The
    Countdown Is at One doubling damage to Bianca, Yargle's 9 counts 18, the second hit 36."""
    result = run("903_10a_doubled_commander_damage.yaml")
    g = result.game
    assert dealt(g, "Bianca") == {"yargle": 36} and g.life("Bianca") == 4
    assert not g.in_game("Bianca")


# -- CR 704.6c: the loss -----------------------------------------------------------------------

@pytest.mark.parametrize("name", ["903_10a_commander_damage_two_players.yaml",
                                  "903_10a_commander_damage_roles_swapped.yaml"])
def test_704_6c_three_hits_of_yargle_lose_the_game_with_life_left(name):
    """CR 704.6c: 18 commander damage is not enough; 27 is, though the player has 13 of 40 life;
    the loss is a state-based action citing 704.6c (with a note naming the commander and the
    total), and the other player wins (CR 104.2a). Both seatings."""
    g = run(name).game
    loser = "Bianca" if "two_players" in name else "Alex"
    winner = "Alex" if loser == "Bianca" else "Bianca"
    assert dealt(g, loser) == {"yargle": 27} and g.life(loser) == 13
    assert not g.in_game(loser) and g.world.games[0].winner == winner
    steps = list(g.trace)
    i = find(steps, "704.6c")
    assert steps[i].notes[0].startswith(f"{loser} has been dealt 27 combat damage by {YARGLE}")
    assert rules(steps).count("502.3") >= 2  # Yargle untaps between the attacks


def test_704_6c_twenty_does_not_lose_twenty_two_does():
    """CR 903.10a says "21 or more": Isamaru (2/2) hits Bianca ten times (20: still in the
    game), then an eleventh (22: she loses)."""
    g = table(isamaru=(ISAMARU, "Alex", "battlefield", True))
    for _ in range(10):
        hit(g, ("isamaru", "Bianca"))
        turns(g, 2)
    assert dealt(g, "Bianca") == {"isamaru": 20} and g.in_game("Bianca")
    hit(g, ("isamaru", "Bianca"))
    assert dealt(g, "Bianca") == {"isamaru": 22} and not g.in_game("Bianca")
    assert g.life("Bianca") == 18


def test_704_6c_counts_each_commander_apart_and_loses_with_the_other_sbas():
    """CR 903.10a "by the same commander": Cho dealt 18 by Yargle and 4 by Isamaru (22 in all)
    stays in; Yargle's next hit makes 27. CR 704.3: Cho (704.6c) and Dana (704.5a, Grizzly
    Bears' 2) lose in the same check, one after the other in the trace, then both leave
    (800.4a), their commanders leaving from the command zone."""
    result = run("903_10a_same_commander_four_players.yaml")
    steps = list(result.trace)
    i = find(steps, "704.6c")
    assert rules(steps)[i:i + 4] == ["704.6c", "704.5a", "800.4a", "800.4a"]
    assert steps[i].action == steps[i + 1].action  # one request, one check
    g = result.game
    assert dealt(g, "Cho") == {"yargle": 27, "isamaru": 4}
    assert {g.where(c) for c in ("kaalia", "atraxa", "isamaru")} == {("outside", "outside")}


def test_704_6c_names_the_commander_with_most_damage_by_id_not_by_hash():
    """Two commanders each past 21 (a tie, Bianca at 100 life): the note names the one with the
    larger id, the same whatever the order the attacks were declared in."""
    g = table(life={"Bianca": 100}, a=(YARGLE, "Alex", "battlefield", True),
              b=(YARGLE, "Alex", "battlefield", True))
    hit(g, ("a", "Bianca"), ("b", "Bianca"))
    turns(g, 2)
    hit(g, ("b", "Bianca"), ("a", "Bianca"))
    turns(g, 2)
    hit(g, ("a", "Bianca"), ("b", "Bianca"))
    note = list(g.trace)[find(list(g.trace), "704.6c")].notes[0]
    assert note.startswith(f"Bianca has been dealt 27 combat damage by {YARGLE} [b]")


# -- CR 800.4a: commanders of a player who leaves; a stolen commander --------------------------

@pytest.mark.parametrize(("owner", "thief", "foe"), [("Bianca", "Cho", "Dana"),
                                                      ("Dana", "Alex", "Bianca")])
def test_800_4a_a_stolen_commanders_damage_counts_and_stays_when_the_thief_leaves(
        owner, thief, foe):
    """CR 903.3 (a commander is one as a card, whoever controls it) and 903.10a: Yargle, stolen
    with Act of Treason, hits ``foe`` (9, counted; the step says who controls it). The thief
    concedes: the control effect ends (CR 800.4a), Yargle returns to its owner, and the 9
    stays counted. Two seatings."""
    g = Game(P4, variant="commander", seed=3, libraries={p: 20 for p in P4})
    g.add_object("yargle", YARGLE, owner=owner, commander=True)
    g.add_object("treason", "Act of Treason", owner=thief, zone="hand")
    g.advance("next_turn")
    while g.world.games[0].active != thief:
        g.advance("next_turn")
    g.advance("main")
    g.cast("treason", thief, target="yargle")
    g.resolve("treason")
    steps = hit(g, ("yargle", foe))
    note = steps[find(steps, "903.10a")].notes[0]
    assert note.startswith(f"{YARGLE} [yargle] is {owner}'s commander, controlled by {thief}")
    assert dealt(g, foe) == {"yargle": 9}
    g.concede(thief)
    assert g.where("yargle") == ("main", "battlefield")
    assert g.world.obj("yargle").controller == owner
    assert dealt(g, foe) == {"yargle": 9}


def test_800_4a_stolen_commander_scenario_reaches_27_with_the_stolen_hit():
    """The shipped scenario: 9 by Bianca, 9 while Cho controls Yargle, Cho concedes, 9 by
    Bianca again: Dana loses at 27 (CR 704.6c)."""
    g = run("800_4a_stolen_commander_controller_leaves.yaml").game
    assert dealt(g, "Dana") == {"yargle": 27} and not g.in_game("Dana")


@pytest.mark.parametrize("zone", ["battlefield", "command"])
def test_800_4a_a_leaving_players_commander_leaves_the_game_from_any_zone(zone):
    """CR 800.4a: all objects owned by the player who leaves leave the game: Bianca's
    commander, on the battlefield or in the command zone; the commander damage it dealt stays
    counted (Cho's 9), and no more can be dealt by it."""
    g = table(P4, isamaru=(ISAMARU, "Bianca", "battlefield", True),
              yargle=(YARGLE, "Alex", "battlefield", True))
    hit(g, ("yargle", "Cho"))
    g.advance("next_turn")
    hit(g, ("isamaru", "Cho"))
    if zone == "command":
        g.move("isamaru", "hand")  # CR 903.9b: into the command zone instead
        assert g.where("isamaru") == ("main", "command")
    g.concede("Bianca")
    assert g.where("isamaru") == ("outside", "outside")
    assert g.where("yargle") == ("main", "battlefield")
    assert dealt(g, "Cho") == {"yargle": 9, "isamaru": 2}


# -- CR 903.8: the commander tax ---------------------------------------------------------------

def test_903_8_each_previous_cast_from_the_command_zone_costs_two_more():
    """CR 903.8: Yargle cast from the command zone three times: no tax, {2}, {4}; the count is
    the main game's, per player and commander."""
    g = table(yargle=(YARGLE, "Alex", "command", True))
    notes = []
    for _ in range(3):
        steps = g.cast("yargle", "Alex")
        notes.append(steps[find(steps, "903.8")].notes[0])
        g.resolve("yargle")
        g.move("yargle", "hand")
    assert casts(g.world.games[0], "Alex") == {"yargle": 3}
    assert "for the first time in the main game: no additional cost" in notes[0]
    assert "once before in the main game: it costs an additional {2}" in notes[1]
    assert "twice before in the main game: it costs an additional {4}" in notes[2]


def test_903_8_a_commander_cast_from_the_hand_pays_no_tax_and_is_not_counted():
    """CR 903.8 taxes casts from the command zone: Bianca's Isamaru, kept in her hand when it
    is returned there (CR 903.9b, the other choice), is cast from the hand: the step says no
    tax, and her count stays at one (the shipped scenario)."""
    result = run("903_8_commander_tax.yaml")
    g = result.game
    assert casts(g.world.games[0], "Bianca") == {"isamaru": 1}
    assert casts(g.world.games[0], "Alex") == {"yargle": 3}
    last = [s for s in list(result.trace) if s.rule == "903.8"][-1]
    assert "from their hand, not from the command zone: it costs no additional {2}" \
        in last.notes[0]
    assert not [c for c in last.changes if isinstance(c, GameFact)]


# -- CR 726.1a: a subgame counts anew -----------------------------------------------------------

def test_726_1a_a_subgame_counts_damage_and_tax_anew_and_the_main_game_keeps_its_own():
    """CR 726.1a, 903.8, 903.10a: in the subgame Yargle's first cast pays no tax and Bianca's
    commander damage starts at 0; 27 there makes her lose the subgame only (CR 704.6c, she is
    still in the main game); the main game's counts are the same objects before and after
    (9 damage, one cast), so Alex's next cast from the command zone costs {2}."""
    scenario = load_scenario(SCENARIOS + "726_1a_commander_counts_per_game.yaml")
    result = scenario.run()
    assert result.failures == []
    g = result.game
    main = g.world.games[0]
    sub = g.world.games[1]
    assert dealt(g, "Bianca", 1) == {"yargle": 27} and sub.seat("Bianca").result == "lost"
    assert dealt(g, "Bianca") == {"yargle": 9} and g.in_game("Bianca")
    assert casts(sub, "Alex") == {"yargle": 1} and casts(main, "Alex") == {"yargle": 2}
    subgame_steps = [s for s in list(result.trace) if s.rule == "903.8"]
    assert "for the first time in subgame 1: no additional cost" in subgame_steps[1].notes[0]
    assert "once before in the main game: it costs an additional {2}" \
        in subgame_steps[2].notes[0]
    before_subgame = [s for s in list(result.trace) if s.rule == "726.2"][0].snapshot.games[0]
    after_subgame = [s for s in list(result.trace) if s.rule == "726.5c"][-1].snapshot.games[0]
    assert before_subgame.commander_damage == after_subgame.commander_damage \
        == (("Bianca", "yargle", 9),)


# -- what a reader sees, and bad input --------------------------------------------------------

def test_the_board_shows_a_players_commander_damage_by_commander():
    """The text view and the HTML board show the commander damage a player has taken, by
    commander (only when there is some)."""
    result = run("903_10a_same_commander_four_players.yaml")
    text = "\n".join(world_lines(result.game.world))
    assert (f"Cho: life 9, commander damage from {YARGLE} 27, commander damage from "
            f"{ISAMARU} 4, lost") in text
    assert "Alex: life 40, won" in text
    assert f"commander damage from {YARGLE} 27" in world_html(result.game.world)
    assert "commander damage" not in world_html(list(result.trace)[0].snapshot)


def test_a_malformed_commander_damage_expectation_names_file_and_line(tmp_path):
    """A scenario's ``commander_damage`` must map commander ids to whole numbers: a string is
    refused with the file and line, before anything runs."""
    path = tmp_path / "bad.yaml"
    path.write_text("title: bad\nplayers: [Alex, Bianca]\nvariant: commander\nexpect:\n"
                    "  - {player: Bianca, commander_damage: {yargle: lots}}\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"bad\.yaml.*5"):
        load_scenario(path)


def test_casting_a_commander_refused_changes_nothing():
    """A refused cast (in the untap step no one has priority, CR 117.1) records no cast and no
    903.8 step: the game is unchanged."""
    g = table(yargle=(YARGLE, "Alex", "command", True))
    g.advance("next_turn")
    before = frozen(g)
    with pytest.raises(RulesError, match="117.1"):
        g.cast("yargle", "Alex")
    assert_unchanged(g, before)
