"""Can't lose and can't win (CR 101.2, 104.2a, 104.2b, 104.3a, 104.3e, 514.2, 514.3a, 704.5a-c,
726.1b, 800.4a, 801.14; ``magicsub.rules.outcomes``). Each class is checked with two cards:
Platinum Angel ("You can't lose the game and your opponents can't win the game") and the same
class with the roles swapped, Abyssal Persecutor ("You can't win the game and your opponents
can't lose the game"), or Angel's Grace, the same words for one turn."""

from __future__ import annotations

import pytest
from tracetools import P3, P4, find, rules, run

from magicsub import Game
from magicsub.engine import hooks

P5 = ["Alex", "Bianca", "Cho", "Dana", "Erin"]


def game(players=P3, lib=5, **kw) -> Game:
    return Game(players, seed=1, libraries={p: lib for p in players}, **kw)


def seat(g: Game, player: str, gid: int = 0):
    return g.world.games[gid].seat(player)


def grace(g: Game, by: str, oid: str = "grace") -> list:
    """``by`` casts Angel's Grace and it resolves."""
    g.add_object(oid, "Angel's Grace", owner=by, zone="hand")
    return run(g, {"cast": {"card": oid, "by": by}}, {"resolve": oid})


@pytest.mark.parametrize("card, holder", [("Platinum Angel", "Alex"),
                                          ("Abyssal Persecutor", "Bianca")])
def test_704_5a_cant_lose_at_0_life_then_loses_when_the_source_leaves(card, holder):
    """CR 704.5a with 101.2: Alex at 0 life doesn't lose while Platinum Angel (his) or Abyssal
    Persecutor (his opponent Bianca's) is on the battlefield; priority is unchanged. When it
    leaves, the next check of state-based actions makes him lose and leave (CR 800.4a)."""
    g = game()
    g.add_object("src", card, owner=holder, zone="battlefield")
    steps = g.apply({"life": {"player": "Alex", "set": 0}})
    i = find(steps, "101.2")
    assert "704.5a" in steps[i].notes[0] and card in steps[i].notes[0]
    assert "704.5a" not in rules(steps)
    assert seat(g, "Alex").in_game and seat(g, "Alex").life == 0 and g.priority == "Alex"
    steps = g.apply({"move": {"object": "src", "to": "graveyard"}})
    assert find(steps, "704.5a") < find(steps, "800.4a")
    assert not seat(g, "Alex").in_game and seat(g, "Alex").result == "lost"
    assert g.where("src") == (("outside", "outside") if holder == "Alex"
                              else ("main", "graveyard"))
    assert seat(g, "Bianca").in_game and g.priority == "Bianca"


def test_704_5a_platinum_angel_spares_only_you():
    """CR 109.5, 101.2: Platinum Angel spares "you", its controller Alex, not his opponent
    Bianca: at 0 life she loses (CR 704.5a) and Alex, at 0 life too, stays."""
    g = game()
    g.add_object("src", "Platinum Angel", owner="Alex", zone="battlefield")
    run(g, {"life": {"player": "Alex", "set": 0}}, {"life": {"player": "Bianca", "set": 0}})
    assert seat(g, "Alex").in_game and seat(g, "Alex").life == 0
    assert not seat(g, "Bianca").in_game and seat(g, "Bianca").result == "lost"


def test_704_5a_abyssal_persecutor_spares_only_opponents_then_leaves_with_you():
    """CR 109.5, 101.2: Abyssal Persecutor spares "your opponents", not its controller Alex.
    Bianca at 0 life stays; Alex at 0 life loses (CR 704.5a) and leaves with his Persecutor
    (CR 800.4a); the check is repeated (CR 704.3) and now Bianca loses: Cho, the last player,
    wins (CR 104.2a)."""
    g = game()
    g.add_object("src", "Abyssal Persecutor", owner="Alex", zone="battlefield")
    g.apply({"life": {"player": "Bianca", "set": 0}})
    assert seat(g, "Bianca").in_game
    steps = g.apply({"life": {"player": "Alex", "set": 0}})
    first = find(steps, "704.5a")
    assert "Alex" in steps[first].changes[0].words()
    second = find(steps[first + 1:], "704.5a") + first + 1
    assert find(steps, "800.4a") < second and "Bianca" in steps[second].changes[0].words()
    assert g.world.main.winner == "Cho"


def test_101_2_said_once_not_at_every_check():
    """The trace says once why Alex stays (not at every check of state-based actions), and again
    when what stops his loss changes (a second source)."""
    g = game()
    g.add_object("angel", "Platinum Angel", owner="Alex", zone="battlefield")
    steps = run(g, {"life": {"player": "Alex", "set": 0}}, {"advance": "end"})
    assert rules(steps).count("101.2") == 1
    g.apply({"create": {"id": "p2", "name": "Abyssal Persecutor", "controller": "Bianca",
                        "zone": "battlefield", "token": True}})
    steps = run(g, {"move": {"object": "angel", "to": "graveyard"}})
    assert rules(steps).count("101.2") == 1
    assert "Abyssal Persecutor" in steps[find(steps, "101.2")].notes[0]
    assert seat(g, "Alex").in_game


def test_704_5b_a_spared_draw_from_an_empty_library_is_not_held_for_later():
    """CR 704.5b: a player loses for an attempt to draw from an empty library "since the last
    time state-based actions were checked". Alex, with Platinum Angel, draws from an empty
    library and stays (CR 101.2); that check is done, so when the Angel leaves later he does
    not lose for that draw."""
    g = Game(P3, seed=1, libraries={"Alex": 0, "Bianca": 5, "Cho": 5})
    g.add_object("angel", "Platinum Angel", owner="Alex", zone="battlefield")
    steps = run(g, {"advance": "next_turn"}, {"advance": "next_turn"}, {"advance": "next_turn"},
                {"advance": "draw"})
    assert "704.5b" in steps[find(steps, "101.2")].notes[0]
    assert g.world.main.drew_empty == frozenset()
    steps = g.apply({"move": {"object": "angel", "to": "graveyard"}})
    assert "704.5b" not in rules(steps) and seat(g, "Alex").in_game


@pytest.mark.parametrize("card, holder", [("Platinum Angel", "Cho"),
                                          ("Abyssal Persecutor", "Alex")])
def test_704_5c_ten_poison_counters(card, holder):
    """CR 704.5c: Cho has ten poison counters and doesn't lose while she can't lose (her own
    Platinum Angel, or her opponent Alex's Abyssal Persecutor); she loses once it leaves."""
    g = game()
    g.add_object("src", card, owner=holder, zone="battlefield")
    steps = g.apply({"counters": {"player": "Cho", "kind": "poison", "add": 10}})
    assert "704.5c" in steps[find(steps, "101.2")].notes[0] and seat(g, "Cho").in_game
    steps = g.apply({"move": {"object": "src", "to": "exile"}})
    assert find(steps, "704.5c") and not seat(g, "Cho").in_game


def test_109_5_a_stolen_angel_protects_its_new_controller():
    """CR 109.5: "you" is the Angel's controller now. Alex controls Cho's Platinum Angel and is
    at 0 life; Bianca gains control of it: at the next check Alex loses (CR 704.5a), and
    Bianca, at 0 life, stays. The Angel stays on the battlefield under Bianca (Cho owns it)."""
    g = game()
    g.add_object("angel", "Platinum Angel", owner="Cho", zone="battlefield")
    run(g, {"effect": {"control": "angel", "to": "Alex", "source": "Threaten",
                       "until": "forever"}},
        {"life": {"player": "Alex", "set": 0}},
        {"effect": {"control": "angel", "to": "Bianca", "source": "Threaten",
                    "until": "end_of_turn"}})
    assert seat(g, "Alex").in_game
    steps = g.apply({"life": {"player": "Bianca", "set": 0}})
    assert find(steps, "704.5a") and not seat(g, "Alex").in_game
    assert seat(g, "Bianca").in_game and seat(g, "Bianca").life == 0
    assert g.where("angel") == ("main", "battlefield")
    assert g.world.objects["angel"].controller == "Bianca"


@pytest.mark.parametrize("card, holder", [("Platinum Angel", "Cho"),
                                          ("Abyssal Persecutor", "Alex")])
def test_104_3e_an_effect_that_says_cho_loses_does_nothing(card, holder):
    """CR 104.3e with 101.2: an effect states that Cho loses the game; she can't lose, so she
    stays, and nothing of hers moves."""
    g = game()
    g.add_object("src", card, owner=holder, zone="battlefield")
    g.add_object("bears", "Grizzly Bears", owner="Cho", zone="battlefield")
    steps = g.apply({"lose": "Cho"})
    assert "104.3e" in steps[find(steps, "101.2")].notes[0]
    assert "800.4a" not in rules(steps)
    assert seat(g, "Cho").in_game and g.where("bears") == ("main", "battlefield")


@pytest.mark.parametrize("card", ["Platinum Angel", "Angel's Grace"])
def test_104_3a_a_player_who_cant_lose_still_concedes_and_603_9_triggers(card):
    """CR 104.3a: "A player can concede the game at any time": Alex, who can't lose (Platinum
    Angel; Angel's Grace this turn), concedes, loses and leaves (CR 800.4a); Bianca's Blood
    Tyrant triggers on his loss (CR 603.9) and gets five +1/+1 counters."""
    g = game(P4)
    if card == "Platinum Angel":
        g.add_object("src", card, owner="Alex", zone="battlefield")
    g.add_object("tyrant", "Blood Tyrant", owner="Bianca", zone="battlefield")
    if card == "Angel's Grace":
        grace(g, "Alex")
    steps = g.apply({"concede": "Alex"})
    assert find(steps, "104.3a") < find(steps, "800.4a") < find(steps, "603.9")
    assert "101.2" not in rules(steps)
    assert not seat(g, "Alex").in_game and seat(g, "Alex").result == "conceded"
    assert g.stack == ["tyrant"]
    g.apply({"resolve": "tyrant"})
    assert dict(g.world.objects["tyrant"].counters) == {"+1/+1": 5}


@pytest.mark.parametrize("card, holder", [("Platinum Angel", "Alex"),
                                          ("Abyssal Persecutor", "Bianca")])
def test_104_2b_a_player_who_cant_win_does_not_win_by_an_effect(card, holder):
    """CR 104.2b with 101.2: an effect states that Bianca wins; she can't win (her opponent
    Alex's Platinum Angel; her own Abyssal Persecutor): nothing happens, the game goes on,
    priority stays with Alex."""
    g = game()
    g.add_object("src", card, owner=holder, zone="battlefield")
    steps = g.apply({"win": "Bianca"})
    assert rules(steps) == ["104.2b", "101.2"]
    assert card in steps[1].notes[0]
    main = g.world.main
    assert main.status == "in progress" and main.winner is None
    assert all(seat(g, p).in_game for p in P3) and g.priority == "Alex"


def test_800_4a_the_angel_leaves_with_its_controller_and_its_effect_ends():
    """CR 800.4a: Alex leaves; his Platinum Angel leaves the game with him, so its "your
    opponents can't win the game" ends for Bianca and Cho: an effect now makes Bianca win."""
    g = game()
    g.add_object("angel", "Platinum Angel", owner="Alex", zone="battlefield")
    g.apply({"win": "Bianca"})
    assert g.world.main.winner is None
    run(g, {"leave": "Alex"})
    assert g.where("angel") == ("outside", "outside")
    steps = g.apply({"win": "Bianca"})
    assert "101.2" not in rules(steps)
    assert g.world.main.winner == "Bianca" and seat(g, "Cho").result == "lost"


def test_104_2a_overrides_abyssal_persecutor():
    """CR 104.2a "overrides all effects that would preclude that player from winning the game":
    Bianca controls Abyssal Persecutor (she can't win); Alex and Cho concede; she wins, and the
    trace says why."""
    g = game()
    g.add_object("src", "Abyssal Persecutor", owner="Bianca", zone="battlefield")
    run(g, {"concede": "Alex"})
    steps = g.apply({"concede": "Cho"})
    i = find(steps, "104.2a", "overrides")
    assert "Abyssal Persecutor" in steps[i].notes[0]
    assert g.world.main.winner == "Bianca" and g.world.main.status == "ended"


def test_104_2a_overrides_angels_grace_of_a_player_who_conceded():
    """CR 104.2a with Angel's Grace: Alex casts it (his opponents can't win this turn), then
    Alex and Cho concede. Bianca, the last player, wins anyway; the trace names Angel's Grace."""
    g = game()
    grace(g, "Alex")
    run(g, {"concede": "Alex"})
    steps = g.apply({"concede": "Cho"})
    i = find(steps, "104.2a", "overrides")
    assert "Angel's Grace" in steps[i].notes[0]
    assert g.world.main.winner == "Bianca"


def test_514_2_angels_grace_ends_in_cleanup_and_514_3a_checks_again():
    """CR 514.2, 514.3a: Alex's Angel's Grace keeps him in the game at 0 life this turn; in the
    cleanup step the effect ends and the game checks state-based actions: he loses (CR 704.5a)
    and leaves; Bianca and Cho play on. The Gatherer ruling of 2006-09-25: "After the effect
    wears off during the cleanup step, you'll lose the game if your total is 0 or less"."""
    g = game()
    grace(g, "Alex")
    g.apply({"life": {"player": "Alex", "set": 0}})
    run(g, {"advance": "end"})
    assert seat(g, "Alex").in_game
    steps = g.apply({"advance": "cleanup"})
    assert find(steps, "514.2") < find(steps, "514.3a") < find(steps, "704.5a") \
        < find(steps, "800.4a")
    assert not seat(g, "Alex").in_game and g.world.main.outcomes == ()
    assert seat(g, "Bianca").in_game and seat(g, "Cho").in_game


def test_angels_grace_lasts_the_turn_in_which_it_resolved_only():
    """Angel's Grace: "this turn": Bianca (Alex's opponent) can't win this turn, and can the
    next turn."""
    g = game()
    grace(g, "Alex")
    assert g.apply({"win": "Bianca"})[-1].rule == "101.2"
    run(g, {"advance": "next_turn"})
    g.apply({"win": "Bianca"})
    assert g.world.main.winner == "Bianca"


def test_726_1b_a_main_game_angel_does_nothing_in_the_subgame():
    """CR 726.1b: Alex's main-game Platinum Angel is no object of the Shahrazad subgame: at 0
    life there he loses the subgame. Back in the main game, where he is at 0 life too, the
    Angel still keeps him in the game."""
    g = Game(["Alex", "Bianca"], seed=3, libraries={"Alex": 12, "Bianca": 12})
    g.add_object("angel", "Platinum Angel", owner="Alex", zone="battlefield")
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    run(g, {"life": {"player": "Alex", "set": 0}}, {"cast": {"card": "shahrazad", "by": "Alex"}},
        {"resolve": "shahrazad"}, {"advance": "upkeep"})
    steps = g.apply({"life": {"player": "Alex", "set": 0}})
    sub = g.world.games[1]
    assert sub.winner == "Bianca" and sub.seat("Alex").result == "lost"
    i = find(steps, "726.1b")
    assert "no meaning in subgame 1" in steps[i].notes[0]
    assert i < find(steps, "704.5a") < find(steps, "726.5")
    assert seat(g, "Alex").in_game and seat(g, "Alex").life == 0
    assert g.where("angel") == ("main", "battlefield")


def test_726_1b_a_subgame_angel_does_nothing_in_the_main_game():
    """CR 726.1b the other way: in the subgame Alex controls a Platinum Angel, so Bianca can't
    win the subgame by an effect; Alex concedes the subgame and Bianca wins it (CR 104.2a). The
    Angel is gone with the subgame: Shahrazad's half-life loss takes Alex from 1 to 0 in the main
    game and he loses it (CR 704.5a)."""
    g = Game(["Alex", "Bianca"], seed=3, libraries={"Alex": 12, "Bianca": 12}, life={"Alex": 1})
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    run(g, {"cast": {"card": "shahrazad", "by": "Alex"}}, {"resolve": "shahrazad"},
        {"advance": "upkeep"},
        {"create": {"id": "sub-angel", "name": "Platinum Angel", "controller": "Alex",
                    "zone": "battlefield", "token": True}})
    assert g.apply({"win": "Bianca"})[-1].rule == "101.2"
    steps = g.apply({"concede": "Alex"})
    assert g.world.games[1].winner == "Bianca"
    assert find(steps, "726.5") < find(steps, "704.5a")
    assert g.world.main.winner == "Bianca" and seat(g, "Alex").life == 0


@pytest.mark.parametrize("card, holder", [("Abyssal Persecutor", "Erin"),
                                          ("Platinum Angel", "Bianca")])
def test_801_14_an_opponent_in_range_who_cant_lose_stays(card, holder):
    """CR 801.14 with 101.2: range of influence 1; an effect states that Alex wins: his
    opponents within range (Bianca, Erin) lose instead, but Bianca can't lose (Erin's Abyssal
    Persecutor; her own Platinum Angel) and stays; Erin loses. Cho and Dana play on. With the
    Angel, Alex can't win either: the trace gives the literal reading and the other one."""
    g = Game(P5, seed=1, libraries={p: 5 for p in P5}, range=1)
    g.add_object("src", card, owner=holder, zone="battlefield")
    steps = g.apply({"win": "Alex"})
    assert find(steps, "801.14") < find(steps, "800.4a")
    assert [p for p in P5 if seat(g, p).in_game] == ["Alex", "Bianca", "Cho", "Dana"]
    assert seat(g, "Erin").result == "lost" and g.world.main.status == "in progress"
    literal = [n for s in steps for n in s.notes if n.startswith("Alex can't win")]
    assert bool(literal) == (card == "Platinum Angel")
    if literal:
        assert "Literal reading" in literal[0] and "other reading" in literal[0]


def test_801_14_nobody_in_range_can_lose():
    """CR 801.14: both opponents within Alex's range can't lose (Abyssal Persecutor controlled
    by Cho, out of range): nobody loses and the game goes on."""
    g = Game(P5, seed=1, libraries={p: 5 for p in P5}, range=1)
    g.add_object("src", "Abyssal Persecutor", owner="Cho", zone="battlefield")
    steps = g.apply({"win": "Alex"})
    assert "nobody loses" in steps[-1].notes[-1]
    assert all(seat(g, p).in_game for p in P5)


def test_the_rules_module_hooks_the_events_it_names():
    """``magicsub.rules.outcomes`` handles the moments it documents."""
    for event in ("loss_prevented", "player_wins", "game_ended", "cleanup"):
        assert any(fn.__module__ == "magicsub.rules.outcomes" for fn in hooks.handlers(event))


def attacked_under_grace(life: int) -> Game:
    """Alex at ``life``; on Bianca's turn her 5/5 attacks him and he casts Angel's Grace."""
    g = Game(["Alex", "Bianca"], seed=1, libraries={"Alex": 10, "Bianca": 10},
             life={"Alex": life})
    g.add_object("grace", "Angel's Grace", owner="Alex", zone="hand")
    g.add_object("giant", "Hill Giant", owner="Bianca", zone="battlefield", types=["creature"],
                 power=5, toughness=5, plain=True)
    run(g, {"advance": "next_turn"}, {"advance": "declare_attackers"},
        {"attack": {"creature": "giant", "defender": "Alex"}}, {"pass_priority": "Bianca"},
        {"cast": {"card": "grace", "by": "Alex"}}, {"resolve": "grace"})
    return g


def test_614_1a_angels_grace_damage_reduces_life_to_1_instead():
    """CR 614.1a: "damage that would reduce your life total to less than 1 reduces it to 1
    instead": 5 combat damage takes Alex from 3 to 1, in a step of its own before the life
    change; the damage is dealt (the Gatherer ruling of 2021-03-19)."""
    g = attacked_under_grace(3)
    steps = g.apply({"advance": "combat_damage"})
    i = find(steps, "614.1a")
    assert "from 3 to -2; it reduces it to 1 instead" in steps[i].notes[0]
    assert seat(g, "Alex").life == 1 and seat(g, "Alex").in_game
    assert i < max(j for j, s in enumerate(steps) if s.rule == "510.2")


def test_614_1a_angels_grace_below_1_damage_reduces_further():
    """Gatherer ruling of 2021-03-19: "If you have less than 1 life, damage dealt to you
    reduces your life total further below 0 (as normal)." Alex at 0 (he can't lose this turn)
    is dealt 5: -5. At cleanup the effect ends and he loses (CR 514.3a, 704.5a)."""
    g = attacked_under_grace(3)
    g.apply({"life": {"player": "Alex", "set": 0}})
    steps = g.apply({"advance": "combat_damage"})
    assert "614.1a" not in rules(steps) and seat(g, "Alex").life == -5
    assert seat(g, "Alex").in_game
    g.apply({"advance": "cleanup"})
    assert g.world.main.winner == "Bianca"


def test_119_3_angels_grace_life_loss_is_not_damage():
    """Gatherer ruling of 2021-03-19: "Angel's Grace doesn't stop loss of life from effects that
    say that you lose life." Alex at 3 loses 5 life: -2 (and stays: he can't lose)."""
    g = attacked_under_grace(3)
    g.apply({"life": {"player": "Alex", "add": -5}})
    assert seat(g, "Alex").life == -2 and seat(g, "Alex").in_game
    assert g.world.main.damage_replacements[0].floor == 1


def test_514_2_the_damage_floor_ends_with_the_turn():
    """CR 514.2: "until end of turn": the floor ends in the cleanup step with the rest of
    Angel's Grace; the game's replacement effects are empty again."""
    g = attacked_under_grace(3)
    steps = g.apply({"advance": "cleanup"})
    assert "ends (end of turn)" in " ".join(c.words() for c in steps[find(steps, "514.2")].changes)
    assert g.world.main.damage_replacements == () and g.world.main.outcomes == ()
