"""Subgames meet multiplayer (CR 726 with CR 800): who plays the subgame (726.4), leaving a
subgame only (800.4a inside 726.1b), how a multiplayer subgame ends (104.2a, win, draw), what
becomes of a departed player's cards at its end (726.5 with the official rulings), and what
"multiplayer" means for a subgame (800.1, 800.6, 800.7, 103.8a)."""

from __future__ import annotations

import pytest
from tracetools import P3, find, of, rules, run

from magicsub import Game, RulesError
from magicsub.engine.trace import GameChange, Life, Loc, Move, MoveAll, PlayerChange, singles

RULINGS = ("“After the subgame ends, all players shuffle their cards from the subgame to reform "
           "their main-game libraries” (The Countdown Is at One, Gatherer ruling of 2018-01-19); "
           "“After the subgame ends, each player shuffles their cards from the subgame to re-form "
           "their main-game library (and Attraction deck, if applicable)” (Tug of War, Gatherer "
           "ruling of 2022-10-07)")


def main_objects(g: Game) -> dict:
    return {o.id: o for o in g.world.objects.values() if o.game == 0}


def subgame(players=P3, *, life=None, before=(), upkeep=True, seed=4, lib=10,
            setup=None) -> Game:
    """A main game with Alex's Shahrazad resolved: subgame 1 is running (in its upkeep unless
    ``upkeep`` is False)."""
    g = Game(players, seed=seed, libraries={p: lib for p in players}, life=life)
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    if setup:
        setup(g)
    run(g, *before, {"cast": {"card": "shahrazad", "by": "Alex"}}, {"resolve": "shahrazad"})
    assert g.current.gid == 1 and g.subgames == 1
    if upkeep:
        g.advance("upkeep")
    return g


# -- CR 726.4: who is in the subgame ---------------------------------------------------------

def test_726_4_player_who_left_main_game_is_not_in_subgame():
    """CR 726.4: "All players not currently in the subgame are considered outside" -- Cho left
    the main game, so the subgame is Alex's and Bianca's; when it ends Cho loses no life from
    Shahrazad (he is in neither game)."""
    g = Game(P3, seed=4, libraries={p: 10 for p in P3})
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    g.leave("Cho")
    steps = run(g, {"cast": {"card": "shahrazad", "by": "Alex"}}, {"resolve": "shahrazad"})
    i = find(steps, "726.4", "All players not currently in the subgame")
    assert steps[i].notes == ["Cho left the main game and is outside the subgame."]
    sub = g.current
    assert sub.seats == ("Alex", "Bianca") and not sub.multiplayer
    assert not g.in_game("Cho", 1) and g.in_game("Alex", 1) and g.in_game("Bianca", 1)
    assert not [o for o in g.world.objects.values() if o.game == 1 and o.owner == "Cho"]
    assert all(g.obj(f"Cho#{i}").game is None for i in range(1, 11))
    steps = g.win("Alex")
    life = [c for s in steps for c in of(s, Life)]
    assert life == [Life(0, "Bianca", 20, 10)]
    assert (g.life("Alex"), g.life("Bianca"), g.life("Cho")) == (20, 10, 20)
    assert not g.in_game("Cho") and g.subgames == 0
    assert len(g.zone("library", "Alex")) == 10 and len(g.zone("library", "Bianca")) == 10


# -- leaving a subgame only (CR 800.4a inside CR 726.1b) -------------------------------------

def _with_main_game_things(g: Game) -> None:
    g.add_object("cho_bears", "Grizzly Bears", owner="Cho")
    g.add_object("cho_hand", "Serra Angel", owner="Cho", zone="hand")
    g.add_object("griffin", "Assault Griffin", owner="Alex")
    g.add_effect("griffin", "Cho", source="Control Magic")


def test_loser_of_multiplayer_subgame_leaves_only_the_subgame():
    """CR 800.4a in a subgame (CR 726.1b): Cho loses the three-player subgame; he leaves it and
    his subgame cards leave with him, but he is still in the main game and nothing of the main
    game moves or changes control."""
    g = subgame(life={"Cho": 9}, setup=_with_main_game_things)
    main_before = main_objects(g)
    main_state = g.world.games[0]
    effects = g.world.effects
    steps = g.apply({"lose": "Cho"})
    i = find(steps, "800.4a", "owned by that player")
    assert of(steps[i], PlayerChange) == [PlayerChange(1, "Cho", "loses and leaves")]
    (together,) = of(steps[i], MoveAll)  # Cho's library and hand leave in one change
    moves = [m for s in steps for m in singles(s.changes) if isinstance(m, Move)]
    assert len(moves) == 10 and set(together.ids) == {m.obj for m in moves}
    assert all(m.src.game == 1 and m.dst == Loc(None, "outside") for m in moves)
    assert not g.in_game("Cho", 1) and g.in_game("Cho")
    assert g.world.games[1].seat("Cho").result == "lost"
    assert g.subgames == 1 and g.current.gid == 1 and g.current.status == "in progress"
    assert main_objects(g) == main_before
    assert g.world.games[0] == main_state
    assert g.world.effects == effects and g.obj("griffin").controller == "Cho"
    assert g.life("Cho") == 9


def test_multiplayer_subgame_continues_until_one_player_is_left():
    """CR 104.2a in a multiplayer subgame: Cho loses, the subgame goes on; Bianca concedes
    (CR 104.3a), Alex is the last player and wins it; the main game resumes and each player who
    didn't win the subgame loses half their life, Cho included (still in the main game)."""
    g = subgame(life={"Cho": 9})
    g.apply({"lose": "Cho"})
    assert g.subgames == 1
    steps = g.apply({"concede": "Bianca"})
    i_concede = find(steps, "104.3a")
    i_leave = find(steps, "800.4a", "owned by that player")
    i_win = find(steps, "104.2a", "opponents have all left")
    i_resume = find(steps, "726.1a", "resumes")
    i_life = find(steps, "726.5", "finishes resolving")
    assert i_concede < i_leave < i_win < i_resume < i_life
    assert PlayerChange(1, "Alex", "wins") in steps[i_win].changes
    assert of(steps[i_life], Life) == [Life(0, "Bianca", 20, 10), Life(0, "Cho", 9, 4)]
    sub = g.world.games[1]
    assert sub.winner == "Alex" and sub.status == "ended"
    assert {p: sub.seat(p).result for p in P3} == {
        "Alex": "won", "Bianca": "conceded", "Cho": "lost"}
    assert g.subgames == 0 and g.current.gid == 0
    assert all(g.in_game(p) for p in P3)
    assert (g.life("Alex"), g.life("Bianca"), g.life("Cho")) == (20, 10, 4)
    assert g.where("shahrazad") == ("main", "graveyard")
    assert g.priority == "Alex"


def test_multiplayer_subgame_ended_by_win_after_a_loser():
    """CR 104.2b/726.5: after Cho has lost, Bianca wins the subgame outright; Alex and Cho lose
    half their life in the main game."""
    g = subgame(life={"Cho": 9})
    g.apply({"lose": "Cho"})
    g.win("Bianca")
    assert g.world.games[1].winner == "Bianca"
    assert (g.life("Alex"), g.life("Bianca"), g.life("Cho")) == (10, 20, 4)
    assert g.subgames == 0


def test_multiplayer_subgame_drawn_after_a_loser():
    """CR 104.4a/726.5: a drawn subgame has no winner, so every player of the main game loses
    half their life -- the subgame's loser too."""
    g = subgame(life={"Cho": 9})
    g.apply({"lose": "Cho"})
    steps = g.apply({"draw_game": True})
    assert g.world.games[1].winner is None and g.world.games[1].result == "a draw"
    life = [c for s in steps for c in of(s, Life)]
    assert life == [Life(0, "Alex", 20, 10), Life(0, "Bianca", 20, 10), Life(0, "Cho", 9, 4)]


def test_726_5_departed_players_cards_go_home_by_the_official_rulings():
    """CR 726.5 with CR 800.4a and the official rulings: Cho's cards left the subgame with him,
    so they are not "in the subgame" when it ends; CR 726.5 says nothing more of them, and the
    Countdown (2018-01-19) and Tug of War (2022-10-07) rulings have every player shuffle their
    cards from the subgame into their main-game library. The engine does, in a 726.5 step that
    quotes both rulings, after the cards still in the subgame and before the rest ceases."""
    g = subgame(life={"Cho": 9})
    g.apply({"lose": "Cho"})
    assert all(g.obj(f"Cho#{i}").game is None for i in range(1, 11))
    steps = g.win("Bianca")
    home = [i for i, s in enumerate(steps) if s.rule == "726.5" and any(
        "Cho left the subgame" in n for n in s.notes)]
    assert len(home) == 1
    step = steps[home[0]]
    assert "puts them into their main-game library" in step.text
    assert RULINGS in step.notes[0] and "is still in the main game" in step.notes[0]
    assert "(The literal reading, which no ruling supports" in step.notes[0]
    moved = of(step, MoveAll)
    assert len(moved) == 1 and moved[0].dst == Loc(0, "library", "Cho") and moved[0].shuffled
    assert sorted(moved[0].ids) == sorted(f"Cho#{i}" for i in range(1, 11))
    assert find(steps, "726.5", "puts them into their main-game library") < home[0] \
        < find(steps, "726.5", "all other objects in the subgame cease")
    for i in range(1, 11):
        assert g.where(f"Cho#{i}") == ("main", "library")
    assert len(g.zone("library", "Cho")) == 10
    assert len(g.zone("library", "Alex")) == 10 and len(g.zone("library", "Bianca")) == 10
    assert (g.life("Alex"), g.life("Bianca"), g.life("Cho")) == (10, 20, 4)


def test_726_5_conceded_players_cards_from_every_zone_go_home_too():
    """The same class with other cards and another way out: in a four-player subgame Dana's
    Serra Angel is on the subgame battlefield and a card of hers is in its exile when she
    concedes (CR 104.3a, 800.4a): they leave with her. When Alex wins, all her cards, the Angel
    and the exiled card included, are shuffled into her main-game library."""
    def setup(g):
        g.add_object("angel", "Serra Angel", owner="Dana", zone="outside")

    g = subgame(["Alex", "Bianca", "Cho", "Dana"], setup=setup)
    g.apply({"bring_in": {"object": "angel", "to": "battlefield"}})
    g.apply({"move": {"object": g.zone("library", "Dana", game=1)[0], "to": "exile"}})
    g.apply({"concede": "Dana"})
    assert g.where("angel") is None or g.obj("angel").game is None
    g.win("Alex")
    assert g.where("angel") == ("main", "library")
    assert len(g.zone("library", "Dana")) == 11
    assert g.in_game("Dana") and g.life("Dana") == 10


def test_800_4i_information_is_per_game():
    """CR 800.4i with CR 726.4b: in the subgame Cho has left, an effect uses his last known
    subgame information; back in the main game, where he never left, it uses his current
    information there."""
    g = subgame(life={"Cho": 9})
    run(g, {"life": {"player": "Cho", "add": -3}}, {"lose": "Cho"})
    steps = g.apply({"info": {"player": "Cho", "what": "life"}})
    assert steps[0].notes == ["Cho has left the game: the effect uses their last known life "
                              "from before they left: 17."]
    g.win("Alex")
    steps = g.apply({"info": {"player": "Cho", "what": "life"}})
    assert steps[0].notes == ["Cho is in the game: the effect uses their current life: 4."]


def test_leaving_twice_in_subgame_refused():
    """CR 800.4: a player who has left the subgame cannot leave it again; nothing changes."""
    g = subgame()
    g.apply({"lose": "Cho"})
    before = (g.world, len(g.trace), g.rng.getstate())
    with pytest.raises(RulesError) as err:
        g.apply({"concede": "Cho"})
    assert err.value.rule == "800.4" and "subgame 1" in str(err.value)
    assert (g.world, len(g.trace), g.rng.getstate()) == before


# -- CR 800.1: a subgame of two players is not multiplayer -----------------------------------

def test_800_1_subgame_of_a_reduced_main_game_is_two_player():
    """CR 800.1: multiplayer means a game that *began* with more than two players. The main game
    began with three, but Cho left before Shahrazad: the subgame begins with two, so it is not
    multiplayer -- its starting player skips the first draw (CR 103.8a), a mulligan counts,
    and a loss ends it (CR 104.2a) with the loser's cards returned to the main game (726.5)."""
    g = subgame(before=({"leave": "Cho"},), upkeep=False)
    assert g.world.games[0].multiplayer and not g.current.multiplayer
    first = g.current.first
    other = "Bianca" if first == "Alex" else "Alex"
    steps = g.apply({"mulligan": other})
    assert "800.6" not in rules(steps)
    assert len(g.zone("hand", other, 1)) == 6
    steps = g.advance("main")
    assert "103.8a" in rules(steps) and "800.7" not in rules(steps)
    assert len(g.zone("hand", first, 1)) == 7
    steps = g.apply({"lose": other})
    assert "800.4a" not in rules(steps)
    assert g.world.games[1].winner == first and g.subgames == 0
    assert len(g.zone("library", other)) == 10  # returned by 726.5, not left outside
    assert not any(n.startswith("Literal") for s in steps for n in s.notes)


def test_800_7_multiplayer_subgame_starting_player_draws():
    """CR 800.7: a three-player subgame is multiplayer: its starting player draws on turn 1."""
    g = subgame(upkeep=False)
    first = g.current.first
    steps = g.advance("draw")
    i = find(steps, "800.7")
    assert [m.dst for m in of(steps[i], Move)] == [Loc(1, "hand", first)]
    assert len(g.zone("hand", first, 1)) == 8


def test_two_player_subgame_concede_ends_it_and_loser_keeps_main_game_place():
    """CR 104.3a in a two-player subgame: Bianca concedes, Alex wins the subgame, her cards go
    back to her main-game library (CR 726.5) and she is still in the main game."""
    g = subgame(["Alex", "Bianca"])
    steps = g.apply({"concede": "Bianca"})
    assert rules(steps)[:2] == ["104.3a", "104.2a"]
    assert "800.4a" not in rules(steps)
    assert g.subgames == 0 and g.world.games[1].winner == "Alex"
    assert g.in_game("Bianca") and g.life("Bianca") == 10
    assert len(g.zone("library", "Bianca")) == 10
    assert any(isinstance(c, GameChange) and c.status == "resumes"
               for s in steps for c in s.changes)


# -- engine bugs -------------------------------------------------------------------------------

def test_leaving_in_subgame_pregame_gives_no_priority_and_checks_no_sba():
    """CR 800.4a: priority passes only if the leaver had it; before the subgame's first turn
    nobody has priority, and state-based actions wait for the first upkeep (CR 726.3, 704.3):
    Alex, with a 5-card library, must not lose before the first turn because Cho left."""
    g = Game(P3, seed=4, libraries={"Alex": 5, "Bianca": 10, "Cho": 10})
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    run(g, {"cast": {"card": "shahrazad", "by": "Alex"}}, {"resolve": "shahrazad"})
    assert g.current.step == "pregame" and g.priority is None
    g.apply({"lose": "Cho"})
    assert g.subgames == 1
    assert g.in_game("Alex", 1)
    assert g.current.step == "pregame" and g.priority is None


def test_800_4b_card_brought_in_for_departed_player_stays_where_it_is():
    """CR 800.4b: "If an object would be put onto the battlefield ... under the control of a
    player who has left the game, that object remains in its current zone." Cho left the
    subgame; a card of his from the main game would be brought onto the subgame battlefield
    under his control: it stays in his main-game hand."""
    g = subgame(setup=_with_main_game_things)
    g.apply({"lose": "Cho"})
    steps = g.apply({"bring_in": {"object": "cho_hand", "to": "battlefield"}})
    assert rules(steps) == ["726.4a", "800.4b"]
    assert steps[1].text.endswith("that object remains in its current zone.")
    assert [m for s in steps for m in of(s, Move)] == []
    assert g.where("cho_hand") == ("main", "hand")
    assert g.zone("battlefield", game=1) == [] and g.world.games[0].held == ()
