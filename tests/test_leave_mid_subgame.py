"""Leaving one game while a subgame is in progress (issue 11): ``leave``/``lose``/``concede`` with
``game:``. CR 104.3a (a player can concede "at any time"), 104.2a, 726.1a–b (the games are
separate), 726.5 (the end of a subgame), 726.6 (nesting) and 800.4a (leaving a multiplayer game).
Where the rules are silent the engine takes the literal reading and says so in the trace."""

from __future__ import annotations

import pytest
from tracetools import P3, P4, assert_unchanged, find, frozen, run

from magicsub import Game, RulesError, load_scenario
from magicsub.engine.trace import Loc, Move, MoveAll

SCENARIOS = "magicsub/scenarios"


def _notes(steps) -> str:
    return "\n".join(n for s in steps for n in s.notes)


def three_player_subgame(libraries=None) -> Game:
    """Alex, Bianca, Cho; Alex's Shahrazad has made subgame 1, in its upkeep."""
    g = Game(P3, seed=4, libraries=libraries or {"Alex": 10, "Bianca": 10, "Cho": 10})
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    g.add_object("bears", "Grizzly Bears", owner="Cho", zone="battlefield")
    g.add_object("angel", "Serra Angel", owner="Alex", zone="battlefield")
    g.add_effect("angel", "Cho", source="Control Magic", until="forever")
    run(g, {"cast": {"card": "shahrazad", "by": "Alex"}}, {"resolve": "shahrazad"},
        {"advance": "upkeep"})
    assert g.subgames == 1 and g.priority == "Bianca"
    return g


# -- CR 104.3a + 800.4a: conceding the discontinued main game -------------------------------------

def test_104_3a_800_4a_concede_main_mid_subgame_leaves_the_main_game_only():
    """CR 104.3a: Cho concedes the main game "at any time", here while subgame 1 runs. CR 800.4a
    happens in the main game: his bears leave it, Alex's Angel returns to Alex; literal reading
    (726.1a-b): Cho is still in subgame 1, which goes on exactly as before."""
    g = three_player_subgame()
    sub_before = g.world.games[1]
    steps = run(g, {"concede": {"player": "Cho", "game": "main"}})
    assert [s.rule for s in steps][:2] == ["104.3a", "800.4a"]
    assert g.in_game("Cho", "main") is False
    assert g.world.games[0].seat("Cho").result == "conceded"
    assert g.in_game("Cho", 1) is True
    assert g.where("bears") == ("outside", "outside")
    assert g.obj("angel").controller == "Alex" and g.where("angel") == ("main", "battlefield")
    assert g.current.gid == 1 and g.world.games[1] == sub_before
    assert g.priority == "Bianca" and g.active == "Bianca"
    assert g.world.games[0].priority is None
    i = find(steps, "726.1a", "completely separate")
    assert "Literal reading" in _notes(steps[i:i + 1])
    assert "still in subgame 1" in _notes(steps[i:i + 1])


def test_726_5_cards_of_a_player_who_left_the_main_game_go_outside_and_they_lose_no_life():
    """CR 726.5 puts each player's subgame cards into "their main-game library"; Cho left the main
    game (800.4a): literal reading, his cards go outside every game. Shahrazad's life loss reaches
    only the players still in the main game: Alex loses half, Cho's main-game life is untouched."""
    g = three_player_subgame()
    run(g, {"concede": {"player": "Cho", "game": "main"}})
    cho_cards = sorted(o.id for o in g.world.objects.values()
                       if o.game == 1 and o.owner == "Cho")
    assert len(cho_cards) == 10
    steps = run(g, {"win": "Bianca"})
    assert g.subgames == 0 and g.current.gid == 0
    assert g.world.games[1].winner == "Bianca"
    assert all(g.where(c) == ("outside", "outside") for c in cho_cards)
    assert g.zone("library", "Cho") == []
    assert len(g.zone("library", "Alex")) == 10 and len(g.zone("library", "Bianca")) == 10
    assert (g.life("Alex"), g.life("Bianca"), g.life("Cho")) == (10, 20, 20)
    assert g.in_game("Cho") is False
    assert g.priority == "Alex" and g.active == "Alex"
    i = find(steps, "726.5", "main-game library")
    (moved,) = [c for c in steps[i].changes if isinstance(c, MoveAll)]  # one change: all of them
    assert sorted(moved.ids) == cho_cards and moved.dst == Loc(None, "outside")
    assert not [c for c in steps[i].changes if isinstance(c, Move)]
    assert "Literal reading: Cho has left the main game" in _notes(steps[i:i + 1])
    assert "Cho loses no life" in _notes(steps)
    assert "Cho left the subgame" not in _notes(steps)  # he lost it as Bianca won, in it


def test_726_5_a_player_who_left_the_main_game_can_still_win_the_subgame():
    """Four players: Alex (active, Shahrazad's caster) concedes the main game, then wins the
    subgame. Shahrazad finishes resolving though its card left with Alex (CR 726.5: "even if ...
    no longer on the stack"); every player in the main game lost the subgame and loses half their
    life; the turn goes on without an active player (CR 800.4j)."""
    result = load_scenario(f"{SCENARIOS}/mp_concede_main_mid_subgame_win.yaml").run()
    assert result.ok, result.failures
    g = result.game
    assert g.world.games[1].winner == "Alex"
    assert [g.life(p) for p in P4[1:3]] == [10, 3]
    assert g.life("Dev") == 10 and g.life("Alex") == 20
    assert g.in_game("Alex") is False and g.active is None and g.priority == "Bianca"
    assert g.where("shahrazad") == ("outside", "outside")
    assert not [o for o in g.world.objects.values() if o.owner == "Alex" and o.game is not None]
    assert "Alex won subgame 1 but has left the main game" in _notes(g.trace)
    i = find(g.trace, "726.1a", "It resumes")
    assert ("Literal reading: Shahrazad [shahrazad], the spell that created subgame 1, left the "
            "main game with Alex, its owner (CR 800.4a)") in _notes(g.trace[i:i + 1])
    assert "No official ruling speaks to it." in _notes(g.trace[i:i + 1])
    assert find(g.trace, "726.5", "finishes resolving") > i


def test_726_5_a_player_who_left_both_games_keeps_no_cards_literal_reading():
    """The rulings that return every player's cards at the end of a subgame (The Countdown Is at
    One, 2018-01-19; Tug of War, 2022-10-07) speak of players who return to the main game. Cho
    concedes the main game, then loses the subgame: his cards left the subgame with him and he
    has no main-game library; literal reading, they stay outside every game, and the trace says
    that no ruling speaks to it. Bianca's and Alex's cards go home."""
    g = three_player_subgame()
    run(g, {"concede": {"player": "Cho", "game": "main"}}, {"lose": "Cho"})
    cho_cards = [o.id for o in g.world.objects.values() if o.owner == "Cho"
                 and o.left_from == 1]
    assert len(cho_cards) == 10
    steps = run(g, {"win": "Bianca"})
    assert all(g.where(c) == ("outside", "outside") for c in cho_cards)
    i = [k for k, s in enumerate(steps) if s.rule == "726.5"
         and "Cho left the subgame and has left the main game too" in _notes([s])]
    assert len(i) == 1 and steps[i[0]].notes[0].startswith("Literal reading")
    assert "none speaks of a player who has left it" in steps[i[0]].notes[0]
    assert not [c for c in steps[i[0]].changes if isinstance(c, (Move, MoveAll))]
    assert len(g.zone("library", "Alex")) == 10 and len(g.zone("library", "Bianca")) == 10


def test_800_4d_a_held_trigger_of_a_player_who_left_the_main_game_is_removed():
    """CR 726.4a holds Cho's Syr Konrad trigger until the main game resumes; Cho concedes the main
    game, so it would be put onto the stack under a player who has left: CR 800.4d, it isn't."""
    result = load_scenario(f"{SCENARIOS}/mp_concede_main_mid_subgame_lose.yaml").run()
    assert result.ok, result.failures
    g = result.game
    assert g.world.games[0].held == () and g.stack == []
    i = find(g.trace, "800.4d")
    assert "held until the main game resumes" in _notes(g.trace[i:i + 1])
    assert g.where("runeclaw") == ("outside", "outside")


# -- CR 104.3a + 104.2a: a two-player main game ends; the subgame is over with it -----------------

def test_104_2a_conceding_a_two_player_main_game_mid_subgame_ends_the_whole_tree():
    """Bianca concedes the two-player main game: Alex wins it at once (CR 104.3a, 104.2a).
    Literal reading (726.1a, "a game within a game"): the subgame is over too, with no result;
    Shahrazad never finishes resolving (nobody loses half their life); the subgame's cards go
    outside every game; the main game is the current game, and it has ended."""
    g = Game(["Alex", "Bianca"], seed=4, libraries={"Alex": 10, "Bianca": 10})
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    run(g, {"cast": {"card": "shahrazad", "by": "Alex"}}, {"resolve": "shahrazad"},
        {"advance": "upkeep"})
    sub_cards = sorted(o.id for o in g.world.objects.values() if o.game == 1)
    steps = run(g, {"concede": {"player": "Bianca", "game": "main"}})
    main, sub = g.world.games[0], g.world.games[1]
    assert main.ended and main.winner == "Alex" and main.seat("Bianca").result == "lost"
    assert sub.ended and sub.winner is None and sub.result == "over with its main game"
    assert g.current.gid == 0 and g.subgames == 0 and g.priority is None
    assert all(g.where(c) == ("outside", "outside") for c in sub_cards)
    assert (g.life("Alex"), g.life("Bianca")) == (20, 20)
    assert g.stack == ["shahrazad"] and main.resolving is None
    i = find(steps, "726.1a", "game within a game")
    assert "never finishes resolving" in _notes(steps[i:i + 1])
    with pytest.raises(RulesError, match="has ended"):
        g.apply({"advance": "upkeep"})


# -- CR 726.6: leaving a discontinued middle subgame ----------------------------------------------

def _nested(players, libraries, seed=5) -> Game:
    g = Game(players, seed=seed, libraries=libraries)
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    g.add_object("shahrazad-2", "Shahrazad", owner="Alex", zone="library")
    run(g, {"cast": {"card": "shahrazad", "by": "Alex"}}, {"resolve": "shahrazad"})
    return g


def test_726_6_conceding_a_two_player_middle_subgame_ends_it_and_the_subgame_inside():
    """CR 726.6: subgame 1 is the main game of subgame 2. Bianca concedes subgame 1: Alex wins it
    (104.2a); subgame 2 is over with it (literal reading); subgame 1 ends by CR 726.5 and the main
    game resumes: Bianca lost subgame 1, so she loses half her main-game life."""
    result = load_scenario(f"{SCENARIOS}/concede_middle_subgame.yaml").run()
    assert result.ok, result.failures
    g = result.game
    games = g.world.games
    assert games[1].winner == "Alex" and games[2].result == "over with its main game"
    assert g.current.gid == 0 and g.subgames == 0
    assert (g.life("Alex"), g.life("Bianca")) == (20, 10)
    assert g.priority == "Alex" and g.active == "Alex"
    rules_ = [s.rule for s in g.trace]
    assert rules_.index("104.2a") < find(g.trace, "726.1a", "game within a game") \
        < rules_.index("726.5")


def test_726_6_leaving_a_three_player_middle_subgame_keeps_the_player_in_the_inner_one():
    """Three players, nested: Cho leaves subgame 1 (discontinued) while subgame 2 runs. CR 800.4a
    in subgame 1; literal reading: still in subgame 2. When subgame 2 ends, Cho's cards there go
    outside (he left its main game, subgame 1), and he loses no life in subgame 1."""
    g = Game(P3, seed=2, libraries={"Alex": 12, "Bianca": 12, "Cho": 12})
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    g.add_object("shahrazad-2", "Shahrazad", owner="Alex", zone="hand")
    run(g, {"cast": {"card": "shahrazad", "by": "Alex"}}, {"resolve": "shahrazad"})
    g.apply({"bring_in": {"object": "shahrazad-2", "to": "hand"}})
    while g.current.priority != "Alex" or g.current.step != "main":
        g.apply({"advance": "next_turn" if g.active != "Alex" else "main"})
    run(g, {"cast": {"card": "shahrazad-2", "by": "Alex"}}, {"resolve": "shahrazad-2"})
    assert g.subgames == 2
    steps = run(g, {"leave": {"player": "Cho", "game": 1}})
    assert g.in_game("Cho", 1) is False and g.in_game("Cho", 2) is True
    assert g.in_game("Cho", "main") is True and g.current.gid == 2
    assert "still in subgame 2" in _notes(steps)
    cho_in_2 = sorted(o.id for o in g.world.objects.values() if o.game == 2 and o.owner == "Cho")
    life_1 = g.life("Cho", 1)
    run(g, {"win": "Bianca"})
    assert g.current.gid == 1 and g.subgames == 1
    assert all(g.where(c) == ("outside", "outside") for c in cho_in_2)
    assert g.life("Cho", 1) == life_1 and g.life("Alex", 1) == 10
    assert g.life("Cho", "main") == 20


# -- refusals: nothing changes ------------------------------------------------------------------

@pytest.mark.parametrize("request_, rule, words", [
    ({"concede": {"player": "Cho", "game": 5}}, "726.1", "does not exist"),
    ({"lose": {"player": "Dana", "game": "main"}}, "102.1", "unknown player"),
])
def test_refused_leaving_of_a_game_that_does_not_exist_changes_nothing(request_, rule, words):
    g = three_player_subgame()
    before = frozen(g)
    with pytest.raises(RulesError, match=words) as err:
        g.apply(request_)
    assert err.value.rule == rule
    assert_unchanged(g, before)


def test_800_4_refused_leaving_a_game_the_player_already_left_or_never_joined():
    g = three_player_subgame()
    run(g, {"concede": {"player": "Cho", "game": "main"}})
    before = frozen(g)
    with pytest.raises(RulesError, match="Cho has already left the main game") as err:
        g.apply({"leave": {"player": "Cho", "game": "main"}})
    assert err.value.rule == "800.4"
    assert_unchanged(g, before)
    g2 = Game(P3, seed=4, libraries={"Alex": 10, "Bianca": 10, "Cho": 10})
    g2.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    run(g2, {"leave": "Cho"}, {"cast": {"card": "shahrazad", "by": "Alex"}},
        {"resolve": "shahrazad"})
    before = frozen(g2)
    with pytest.raises(RulesError, match="Cho is not a player of subgame 1"):
        g2.apply({"concede": {"player": "Cho", "game": 1}})
    assert_unchanged(g2, before)


def test_104_1_refused_leaving_a_game_that_has_ended():
    g = three_player_subgame()
    run(g, {"win": "Bianca"})
    before = frozen(g)
    with pytest.raises(RulesError, match="subgame 1 has ended") as err:
        g.apply({"concede": {"player": "Alex", "game": 1}})
    assert err.value.rule == "104.1"
    assert_unchanged(g, before)


def test_default_game_is_the_game_in_progress():
    """Without ``game:``, leaving acts on the game in progress (the subgame), as before."""
    g = three_player_subgame()
    g.leave("Cho")
    assert g.in_game("Cho", 1) is False and g.in_game("Cho", "main") is True
    g.leave("Bianca", "main")
    assert g.in_game("Bianca", "main") is False and g.in_game("Bianca", 1) is True
