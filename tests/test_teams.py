"""CR 810, Two-Headed Giant, as far as leaving the game needs it: two teams (810.1, 810.11), each
with a shared life total that starts at 30 (810.4) and takes every player's gain and loss
(810.9, 810.9c); a team wins and loses as a whole (810.8a), a player who concedes takes the team
out (810.8b), a team at 0 life loses (810.8c); a player's opponents are the other team (102.3);
the team who plays first skips its first draw (103.8b). Each case is checked with the roles
swapped (the other team) and against a four-player free-for-all game with the same events, where
the departed player leaves alone (800.4a) and the game goes on."""

from __future__ import annotations

import pytest
from tracetools import P4, assert_unchanged, find, frozen, rules, run

from magicsub import Game, RulesError, ScenarioError, load_scenario
from magicsub.engine.transaction import Tx
from magicsub.rules.leaving import lose_all

TEAMS = [["Alex", "Bianca"], ["Cho", "Dana"]]
SCENARIOS = "magicsub/scenarios/"


def giant(*, teams=TEAMS, players=P4, life=None, **kw) -> Game:
    """A Two-Headed Giant game of Alex and Bianca against Cho and Dana."""
    return Game(players, variant="two_headed_giant", teams=teams, seed=1, life=life, **kw)


def results(g: Game, game: int = 0) -> dict[str, tuple[str | None, bool]]:
    """Each player's (result, still in the game)."""
    seats = g.world.games[game].players
    return {p: (seats[p].result, seats[p].in_game) for p in P4}


def run_file(name: str):
    result = load_scenario(SCENARIOS + name).run()
    assert result.failures == []
    return result


# -- the teams and their shared life total (810.1, 810.4, 810.11) ------------------------------

@pytest.mark.parametrize(("teams", "message"), [
    (None, "needs teams"),
    ([["Alex", "Bianca", "Cho", "Dana"]], "two teams, got 1"),
    ([["Alex"], ["Bianca"], ["Cho", "Dana"]], "two teams, got 3"),
    ([["Alex", "Bianca", "Cho"], ["Dana"]], "equal size"),
    ([["Alex", "Bianca"], ["Cho", "Eve"]], "unknown player 'Eve'"),
    ([["Alex", "Bianca"], ["Bianca", "Dana"]], "Bianca is on two teams"),
    ([["Alex", "Bianca"], ["Cho", "Cho"]], "Cho is on two teams"),
    ("Alex", "expected a list of two teams"),
])
def test_810_1_two_teams_of_equal_size_else_a_clear_error(teams, message):
    """CR 810.1: "Two-Headed Giant games are played with two teams of two players each" (810.11:
    or equally sized teams of more): anything else is refused, citing 810.1."""
    with pytest.raises(RulesError) as err:
        giant(teams=teams)
    assert err.value.rule == "810.1"
    assert message in str(err.value)


def test_810_1_teams_only_with_the_variant_and_every_player_on_one():
    """CR 810.1: teams belong to the Two-Headed Giant variant; a player on no team is refused."""
    with pytest.raises(RulesError, match="only with variant: two_headed_giant"):
        Game(P4, teams=TEAMS)
    with pytest.raises(RulesError, match="Dana and Finn on no team"):
        Game(P4 + ["Eve", "Finn"], variant="two_headed_giant",
             teams=[["Alex", "Bianca"], ["Cho", "Eve"]])


def test_810_1_a_scenario_file_names_the_teams_line(tmp_path):
    """A bad ``teams:`` in a file is a ScenarioError with the file's line (DESIGN.md 5)."""
    text = ("title: t\nplayers: [Alex, Bianca, Cho, Dana, Eve]\nvariant: two_headed_giant\n"
            "teams: [[Alex, Bianca, Eve], [Cho, Dana]]\n")
    with pytest.raises(ScenarioError) as err:
        load_scenario(text=text)
    assert err.value.line == 4
    assert "equal size" in str(err.value)
    with pytest.raises(ScenarioError) as err:
        load_scenario(text=text.replace(", Eve]", "]").replace(", Eve]", "]")
                      + "life: {Cho: 5}\n")
    assert err.value.line == 5
    assert "share one life total (CR 810.4)" in str(err.value)


def test_810_4_each_team_starts_at_30_and_the_trace_says_so():
    """CR 810.4: "Each team has a shared life total, which starts at 30 life": every seat shows
    its team's 30; the trace begins with the teams (810.1) and their totals (810.4)."""
    g = giant(life={"Cho": 12, "Dana": 12})
    assert [g.life(p) for p in P4] == [30, 30, 12, 12]
    assert rules(g.trace)[:2] == ["810.1", "810.4"]
    assert g.trace[0].notes == ["Alex and Bianca against Cho and Dana."]
    assert "Alex and Bianca, 30; Cho and Dana, 12" in g.trace[1].notes[0]


def test_810_11_three_headed_giant_starts_at_45():
    """CR 810.11: 15 more life for each player a team has beyond the second."""
    six = ["Alex", "Bianca", "Cho", "Dana", "Eve", "Finn"]
    g = Game(six, variant="two_headed_giant", teams=[six[:3], six[3:]])
    assert {g.life(p) for p in six} == {45}


def test_810_4_teammates_given_different_life_totals_are_refused():
    """CR 810.4: one total per team, so a teammate cannot be given another."""
    with pytest.raises(RulesError) as err:
        giant(life={"Cho": 5})
    assert err.value.rule == "810.4"
    assert "Cho: 5, Dana: 30" in str(err.value)


# -- life happens to a player, the result to the team (810.9, 810.9c) ---------------------------

@pytest.mark.parametrize(("player", "mate", "others"), [
    ("Cho", "Dana", ("Alex", "Bianca")), ("Bianca", "Alex", ("Cho", "Dana"))])
def test_810_9_a_players_life_loss_and_gain_is_the_teams(player, mate, others):
    """CR 810.9: "Damage, loss of life, and gaining life happen to each player individually. The
    result is applied to the team's shared life total": both seats of the team move together,
    the other team's do not; 810.9c: a player's life total becoming 10 adjusts the team by the
    life gained or lost."""
    g = giant()
    steps = run(g, {"life": {"player": player, "add": -7}})
    assert (g.life(player), g.life(mate)) == (23, 23)
    assert [g.life(p) for p in others] == [30, 30]
    words = [c.words() for c in steps[-1].changes]
    assert words == [f"{player} loses 7 life in the main game (30 → 23)",
                     f"{mate}'s team's shared life total in the main game is 23 (30 → 23)"]
    run(g, {"life": {"player": mate, "add": 4}})
    assert (g.life(player), g.life(mate)) == (27, 27)
    run(g, {"life": {"player": mate, "set": 10}})
    assert (g.life(player), g.life(mate)) == (10, 10)


def test_102_3_each_opponent_is_the_other_team_blood_tithe():
    """CR 102.3: a player's opponents are the players not on their team. Blood Tithe ("Each
    opponent loses 3 life") takes 3 from Cho and 3 from Dana, none from Bianca: their team goes
    from 5 to -1 and loses (810.9, 810.8c); Alex gains 6, and his team is at 36."""
    result = run_file("810_8c_shared_life_total.yaml")
    g = result.game
    assert [g.life(p) for p in P4] == [36, 36, -1, -1]
    assert results(g) == {"Alex": ("won", True), "Bianca": ("won", True),
                          "Cho": ("lost", False), "Dana": ("lost", False)}
    tithe = result.trace[find(result.trace, "608.2c")]
    assert tithe.notes == ["Blood Tithe [tithe]: Cho, Dana each lose 3 life; Alex gains the 6 "
                           "life lost this way."]
    i = find(result.trace, "810.8c")
    assert result.trace[i].notes[0] == ("The shared life total of Cho and Dana is -1: the team "
                                        "loses the game.")
    assert rules(result.trace)[i - 2:i + 3] == ["704.5a", "704.5a", "810.8c", "104.2a", "810.8a"]


def test_102_3_free_for_all_every_other_player_is_an_opponent():
    """The same Blood Tithe in a free-for-all game: Bianca is an opponent too, each life total
    is a player's own, and nobody loses."""
    g = run_file("810_8c_free_for_all_life.yaml").game
    assert [g.life(p) for p in P4] == [29, 17, 2, 2]
    assert all(in_game for _, in_game in results(g).values())


@pytest.mark.parametrize(("owner", "hit", "spared"), [
    ("Alex", ("Cho", "Dana"), ("Alex", "Bianca")), ("Dana", ("Alex", "Bianca"), ("Cho", "Dana"))])
def test_102_3_syr_konrad_damages_only_the_other_team(owner, hit, spared):
    """Another "each opponent" card: Syr Konrad, the Grim deals 1 damage to each opponent when a
    creature card is put into a graveyard from anywhere other than the battlefield. Only the
    other team is dealt damage, each player 1, so that team's shared total goes down by 2."""
    g = giant(libraries={p: 3 for p in P4})
    g.add_object("konrad", "Syr Konrad, the Grim", owner=owner, zone="battlefield")
    g.add_object("bears", "Grizzly Bears", owner=owner, zone="hand", types=["creature"])
    run(g, {"move": {"object": "bears", "to": "graveyard"}}, {"resolve": "konrad"})
    assert [g.life(p) for p in hit] == [28, 28]
    assert [g.life(p) for p in spared] == [30, 30]


# -- a team wins and loses as a whole (810.8a, 810.8b, 810.8c) ---------------------------------

@pytest.mark.parametrize(("name", "losers", "winners"), [
    ("810_8a_team_draws_from_empty_library.yaml", ("Alex", "Bianca"), ("Cho", "Dana")),
    ("810_8a_other_team_draws_from_empty_library.yaml", ("Cho", "Dana"), ("Alex", "Bianca"))])
def test_810_8a_a_player_who_draws_from_an_empty_library_takes_the_team_out(name, losers,
                                                                             winners):
    """CR 810.8a: "If either player on a team loses the game, the team loses the game" (its
    example: drawing from an empty library). The player who drew loses by 704.5b; the teammate
    loses with them; the other team wins (104.2a; 810.8a: "the entire team wins"); the game is
    over, so no object leaves (800.4a acts only in a game that goes on) and nobody has
    priority."""
    result = run_file(name)
    g = result.game
    assert results(g) == {**{p: ("lost", False) for p in losers},
                          **{p: ("won", True) for p in winners}}
    assert g.world.main.ended and g.world.main.winner == winners[0]
    assert g.world.main.priority is None
    assert "800.4a" not in rules(result.trace)
    i = find(result.trace, "704.5b")
    assert rules(result.trace)[i:] == ["704.5b", "810.8a", "104.2a", "810.8a"]
    for _, spec in load_scenario(SCENARIOS + name).objects:
        assert g.where(spec["id"]) == ("main", "battlefield")


def test_800_4a_free_for_all_the_player_who_draws_leaves_alone():
    """The same events in a free-for-all game: Bianca loses (704.5b) and leaves alone; her
    Grizzly Bears leave the game with her (800.4a); Alex, Cho and Dana play on, and Alex, the
    active player, has priority."""
    result = run_file("810_8a_free_for_all_draws_from_empty_library.yaml")
    g = result.game
    assert results(g) == {"Alex": (None, True), "Bianca": ("lost", False),
                          "Cho": (None, True), "Dana": (None, True)}
    assert g.where("bears") == ("outside", "outside")
    assert g.where("angel") == ("main", "battlefield")
    assert not g.world.main.ended and g.world.main.priority == "Alex"
    assert "810.8a" not in rules(result.trace)


@pytest.mark.parametrize(("loser", "mate", "winners"), [
    ("Bianca", "Alex", ("Cho", "Dana")), ("Cho", "Dana", ("Alex", "Bianca"))])
def test_810_8a_a_player_an_effect_makes_lose_takes_the_team_out(loser, mate, winners):
    """CR 810.8a with a player an effect makes lose (the ``lose`` step): the teammate loses too,
    the other team wins, nothing moves."""
    g = giant()
    g.add_object("angel", "Serra Angel", owner=mate, zone="battlefield")
    steps = run(g, {"lose": loser})
    assert rules(steps) == ["810.8a", "104.2a", "810.8a"]
    team = " and ".join(sorted((loser, mate), key=P4.index))
    assert steps[0].notes == [f"{loser} loses the game, so {team}'s whole team loses it: "
                              f"{mate} too."]
    assert results(g)[mate] == ("lost", False) and results(g)[loser] == ("lost", False)
    assert all(results(g)[p] == ("won", True) for p in winners)
    assert g.where("angel") == ("main", "battlefield")


@pytest.mark.parametrize(("winner", "mate"), [("Dana", "Cho"), ("Alex", "Bianca")])
def test_810_8a_if_either_player_wins_the_entire_team_wins(winner, mate):
    """CR 810.8a: "If either player on a team wins the game, the entire team wins the game"
    (an effect states that one player wins, 104.2b): both win, both opponents lose."""
    g = giant()
    steps = run(g, {"win": winner})
    assert rules(steps) == ["104.2b", "810.8a"]
    assert results(g)[winner] == results(g)[mate] == ("won", True)
    assert sum(r == ("lost", True) for r in results(g).values()) == 2
    assert g.world.main.winner == winner


@pytest.mark.parametrize(("name", "conceder", "mate", "controller"), [
    ("810_8b_teammate_concedes.yaml", "Bianca", "Alex", "Cho"),
    ("810_8b_other_team_concedes.yaml", "Dana", "Cho", "Alex")])
def test_810_8b_a_player_who_concedes_takes_the_team_out(name, conceder, mate, controller):
    """CR 810.8b: "If a player concedes, their team leaves the game immediately. That team loses
    the game." The teammate, who did not concede, leaves and loses too; the conceder's Serra
    Angel stays under the Mind Control of the winner's team (the game has ended, 800.4a does
    not act)."""
    result = run_file(name)
    g = result.game
    assert results(g)[conceder] == results(g)[mate] == ("lost", False)
    assert g.where("angel") == ("main", "battlefield")
    assert g.world.objects["angel"].controller == controller
    assert rules(result.trace)[-4:] == ["104.3a", "810.8b", "104.2a", "810.8a"]
    team = " and ".join(sorted((conceder, mate), key=P4.index))
    assert result.trace[-3].notes[0] == (f"{conceder} concedes: {team} leave the game and lose "
                                         "it as a team.")


def test_104_3a_free_for_all_a_player_who_concedes_leaves_alone():
    """The same concession in a free-for-all game: Bianca leaves alone (104.3a); her Angel
    leaves the game with her (800.4a), Mind Control goes to Cho's graveyard (704.5m), and Alex
    keeps playing with his Assault Griffin."""
    result = run_file("810_8b_free_for_all_concedes.yaml")
    g = result.game
    assert results(g)["Bianca"] == ("conceded", False)
    assert results(g)["Alex"] == (None, True)
    assert g.where("angel") == ("outside", "outside") and g.where("mc") == ("main", "graveyard")
    assert g.where("griffin") == ("main", "battlefield")


def test_104_4a_both_teams_lose_at_once_the_game_is_a_draw():
    """CR 104.4a: players of both teams lose at the same time (one state-based action check,
    704.3): every player has lost, and the game is a draw."""
    g = giant()
    g.trace  # noqa: B018  (the set-up steps)
    tx = Tx(g.world, g.edition, g.rng, 0)
    lose_all(tx, 0, ["Bianca", "Dana"])
    world = tx.world
    assert world.main.ended and world.main.winner is None
    assert {p: world.main.players[p].result for p in P4} == dict.fromkeys(P4, "lost")


# -- what a Two-Headed Giant game here refuses -------------------------------------------------

def test_810_8b_a_player_of_a_team_cannot_simply_leave():
    """A player of a team leaves only by losing or conceding, with their team (810.8a, 810.8b):
    a plain ``leave`` is refused and the game is unchanged."""
    g = giant()
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.apply({"leave": "Cho"})
    assert err.value.rule == "810.8b"
    assert_unchanged(g, before)


def test_810_2_no_second_turn_shared_team_turns_not_modelled():
    """CR 810.2: the variant uses the shared team turns option (805), which magicsub does not
    model: a turn after the first is refused and the game is unchanged."""
    g = giant()
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.apply({"advance": "next_turn"})
    assert err.value.rule == "810.2"
    assert_unchanged(g, before)


def test_103_8b_the_team_who_plays_first_skips_its_first_draw():
    """CR 103.8b: "In a Two-Headed Giant game, the team who plays first skips the draw step of
    their first turn" (not 103.8c, the other multiplayer games): advancing to that draw step is
    refused, and the upkeep goes on to the main phase with a step citing 103.8b."""
    g = giant(pregame=True, libraries={p: 3 for p in P4})
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.apply({"advance": "draw"})
    assert err.value.rule == "103.8b"
    assert_unchanged(g, before)
    steps = run(g, {"advance": "upkeep"}, {"advance": "main"})
    assert "103.8b" in rules(steps) and "800.7" not in rules(steps)
    assert g.zone("hand", "Alex") == []


def test_726_no_subgame_in_a_two_headed_giant_game():
    """CR 726 says nothing of teams or shared life totals in a subgame: Shahrazad in a
    Two-Headed Giant game is refused and the game is unchanged."""
    g = giant(libraries={p: 10 for p in P4})
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    run(g, {"cast": {"card": "shahrazad", "by": "Alex"}})
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.apply({"resolve": "shahrazad"})
    assert err.value.rule == "726.2"
    assert_unchanged(g, before)
