"""Turns, priority and combat when players have left a multiplayer game: CR 800.4e (combat
damage), 800.4j (a turn without an active player), 800.4k (a departed player's turn doesn't
begin), 117.3d/117.4 (passing priority around the table), 800.7 and 103.8a (the first draw)."""

from __future__ import annotations

import pytest
from tracetools import P3, P4, assert_unchanged, find, frozen, of, rules, run

from magicsub import Game, RulesError
from magicsub.engine.trace import Life, Move, Priority, Turn


def game(players=P3, lib=5, **kw) -> Game:
    """A game in the first player's main phase (turn 1), that player holding priority."""
    return Game(players, seed=1, libraries={p: lib for p in players}, **kw)


def where_turn(g: Game) -> tuple:
    c = g.current
    return c.turn, c.active, c.step, c.priority


# -- CR 800.4e ---------------------------------------------------------------------------------

def test_800_4e_damage_to_departed_player_not_assigned():
    """CR 800.4e: "If combat damage would be assigned to a player who has left the game, that
    damage isn't assigned." The other attacker's damage to Cho is."""
    g = game()
    g.add_object("bears", "Grizzly Bears", owner="Alex")
    g.add_object("angel", "Serra Angel", owner="Alex")
    run(g, {"advance": "declare_attackers"},
        {"attack": {"creature": "bears", "defender": "Bianca"}},
        {"attack": {"creature": "angel", "defender": "Cho"}}, {"leave": "Bianca"})
    steps = g.advance("combat_damage")
    i_no = find(steps, "800.4e", "isn’t assigned")
    i_yes = find(steps, "510.2")
    assert i_no < i_yes  # attackers in declaration order
    assert of(steps[i_no], Life) == []
    assert any("Grizzly Bears [bears] attacked Bianca" in n for n in steps[i_no].notes)
    assert of(steps[i_yes], Life) == [Life(0, "Cho", 20, 16)]
    assert (g.life("Alex"), g.life("Bianca"), g.life("Cho")) == (20, 20, 16)
    assert not g.in_game("Bianca")
    assert g.current.step == "combat_damage" and g.priority == "Alex"


def test_800_4e_both_defenders_present_all_damage_assigned():
    """CR 510.1 as the control case for CR 800.4e: with nobody gone, both attackers deal
    damage and 800.4e is never cited."""
    g = game()
    g.add_object("bears", "Grizzly Bears", owner="Alex")
    g.add_object("angel", "Serra Angel", owner="Alex")
    run(g, {"advance": "declare_attackers"},
        {"attack": {"creature": "bears", "defender": "Bianca"}},
        {"attack": {"creature": "angel", "defender": "Cho"}})
    steps = g.advance("combat_damage")
    assert "800.4e" not in rules(steps)
    assert (g.life("Bianca"), g.life("Cho")) == (18, 16)


# -- CR 117.3d, 117.4: passing priority -------------------------------------------------------

def _instant(g: Game, owner="Alex", oid="growth") -> None:
    g.add_object(oid, "Giant Growth", owner=owner, zone="hand", types=["instant"])


def test_117_4_all_pass_in_succession_top_of_stack_resolves():
    """CR 117.3d: a player who passes gives priority to the next player in turn order; CR
    117.4: after all players pass in succession the top of the stack resolves."""
    g = game()
    _instant(g)
    g.apply({"cast": {"card": "growth", "by": "Alex"}})
    s1 = g.apply({"pass_priority": "Alex"})
    assert rules(s1) == ["117.3d"] and of(s1[0], Priority) == [Priority(0, "Alex", "Bianca")]
    s2 = g.apply({"pass_priority": "Bianca"})
    assert of(s2[0], Priority) == [Priority(0, "Bianca", "Cho")]
    assert g.stack == ["growth"] and g.current.passed == ("Alex", "Bianca")
    s3 = g.apply({"pass_priority": "Cho"})
    assert rules(s3) == ["117.3d", "117.4", "608.2c", "608.2n", "117.3b"]
    assert g.stack == [] and g.zone("graveyard", "Alex") == ["growth"]
    assert g.priority == "Alex" and g.current.passed == ()


def test_117_4_all_pass_on_empty_stack_step_ends():
    """CR 117.4: "if the stack is empty, the phase or step ends"."""
    g = game()
    run(g, {"pass_priority": "Alex"}, {"pass_priority": "Bianca"})
    assert g.current.step == "main"
    steps = g.apply({"pass_priority": "Cho"})
    i_end = find(steps, "117.4")
    i_next = find(steps, "500.2")
    assert i_end < i_next
    assert of(steps[i_next], Turn) == [Turn(0, 1, "Alex", "beginning_of_combat")]
    assert where_turn(g) == (1, "Alex", "beginning_of_combat", "Alex")


def test_117_3d_departed_player_is_skipped():
    """CR 117.3d with CR 800.4: the next player in turn order is the next one still in the game;
    once the players left have all passed, the spell resolves (CR 117.4)."""
    g = game()
    _instant(g)
    run(g, {"leave": "Bianca"}, {"cast": {"card": "growth", "by": "Alex"}})
    steps = g.apply({"pass_priority": "Alex"})
    assert of(steps[0], Priority) == [Priority(0, "Alex", "Cho")]
    steps = g.apply({"pass_priority": "Cho"})
    assert rules(steps) == ["117.3d", "117.4", "608.2c", "608.2n", "117.3b"]
    assert g.stack == [] and g.priority == "Alex"


def test_117_4_leaver_without_priority_keeps_others_passes():
    """CR 117.4 with CR 800.4a: Alex passed, Cho (who did not hold priority) leaves; when Bianca
    passes, every player still in the game has passed in succession, so the spell resolves."""
    g = game()
    _instant(g)
    run(g, {"cast": {"card": "growth", "by": "Alex"}}, {"pass_priority": "Alex"},
        {"leave": "Cho"})
    assert g.priority == "Bianca" and g.current.passed == ("Alex",)
    steps = g.apply({"pass_priority": "Bianca"})
    assert "117.4" in rules(steps)
    assert g.stack == []


@pytest.mark.parametrize("who", ["Bianca", "Cho"])
def test_117_3d_only_the_priority_holder_can_pass(who):
    """CR 117.3d: only the player who has priority passes it; the request is refused and the
    game is unchanged."""
    g = game()
    if who == "Cho":
        g.leave("Cho")
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.apply({"pass_priority": who})
    assert err.value.rule == "117.3d" and err.value.subject == who
    assert "Alex holds priority" in str(err.value)
    assert_unchanged(g, before)


# -- CR 800.4j ---------------------------------------------------------------------------------

def test_800_4j_turn_continues_without_active_player():
    """CR 800.4j: Alex leaves during his turn; the turn continues without an active player, and
    whenever the active player would receive priority the next player in turn order (Bianca)
    does instead. `advance` goes through the rest of the turn; the next turn is Bianca's."""
    g = game()
    steps = g.leave("Alex")
    i_j = find(steps, "800.4j", "without an active player")
    assert of(steps[0], Turn) == [Turn(0, 1, None, "main")]  # as Alex leaves (CR 800.4a)
    assert i_j == len(steps) - 1 and of(steps[i_j], Turn) == []
    assert where_turn(g) == (1, None, "main", "Bianca")
    assert g.current.turn_of == "Alex"
    for step in ("end_of_combat", "end"):
        g.advance(step)
        assert where_turn(g) == (1, None, step, "Bianca")
    g.advance("cleanup")
    assert where_turn(g) == (1, None, "cleanup", None)
    steps = g.advance("next_turn")
    assert of(steps[-1], Turn) == [Turn(0, 2, "Bianca", "untap")]
    assert where_turn(g) == (2, "Bianca", "untap", None)


def test_800_4j_pass_priority_resolves_then_step_ends():
    """CR 800.4j: in a turn without an active player, the top object on the stack resolves, or
    the step ends, when the players still in the game have all passed; priority after the
    resolution goes to the next player in turn order after the departed active player."""
    g = game()
    g.add_object("shock", "Shock", owner="Cho", zone="hand", types=["instant"])
    g.leave("Alex")
    run(g, {"pass_priority": "Bianca"}, {"cast": {"card": "shock", "by": "Cho"}},
        {"pass_priority": "Cho"})
    assert g.priority == "Bianca"
    steps = g.apply({"pass_priority": "Bianca"})
    assert rules(steps)[:2] == ["117.3d", "117.4"]
    assert g.zone("graveyard", "Cho") == ["shock"]
    assert where_turn(g) == (1, None, "main", "Bianca")
    steps = run(g, {"pass_priority": "Bianca"}, {"pass_priority": "Cho"})
    assert find(steps, "117.4") < find(steps, "500.2")
    assert where_turn(g) == (1, None, "beginning_of_combat", "Bianca")


def test_800_4j_draw_step_without_active_player_draws_nothing():
    """CR 800.4j: Bianca leaves in her upkeep; in her draw step nobody draws (there is no active
    player) and Cho receives priority in each remaining step; the next turn is Cho's."""
    g = game()
    run(g, {"advance": "next_turn"}, {"advance": "upkeep"})
    assert where_turn(g) == (2, "Bianca", "upkeep", "Bianca")
    g.leave("Bianca")
    assert where_turn(g) == (2, None, "upkeep", "Cho")
    hands = {p: g.zone("hand", p) for p in ("Alex", "Cho")}
    steps = g.advance("draw")
    assert "504.1" not in rules(steps) and not any(of(s, Move) for s in steps)
    assert {p: g.zone("hand", p) for p in ("Alex", "Cho")} == hands
    assert where_turn(g) == (2, None, "draw", "Cho")
    g.advance("next_turn")
    assert where_turn(g) == (3, "Cho", "untap", None)


def test_800_4j_next_player_skips_another_departed_player():
    """CR 800.4j: "the next player in turn order" receives priority -- the next one still in the
    game (Bianca has left too, so Cho)."""
    g = game(P4)
    run(g, {"leave": "Bianca"}, {"leave": "Alex"})
    assert where_turn(g) == (1, None, "main", "Cho")
    g.advance("end")
    assert g.priority == "Cho"


def test_800_4j_priority_instead_of_active_player_is_cited():
    """CR 800.4j: "If the active player would receive priority, instead the next player in turn
    order receives priority" -- each time that happens the trace says so."""
    g = game()
    g.leave("Alex")
    steps = g.advance("combat_damage")
    i_step = find(steps, "500.2")
    i_j = find(steps, "800.4j", "instead the next player in turn order receives priority")
    assert i_step < i_j
    assert steps[i_j].snapshot.games[0].priority == "Bianca"


# -- CR 800.4k ---------------------------------------------------------------------------------

def test_800_4k_departed_active_players_turns_do_not_begin():
    """CR 800.4k: after Alex leaves on turn 1, his turns don't begin: turn 2 is Bianca's, 3 is
    Cho's, 4 Bianca's, 5 Cho's; each skip is cited before the next turn begins."""
    g = game(lib=8)
    g.leave("Alex")
    seen = []
    for _ in range(4):
        steps = g.advance("next_turn")
        skipped = "800.4k" in rules(steps)
        if skipped:
            i_k = find(steps, "800.4k", "doesn’t begin")
            assert any("Alex has left the game, so Alex's turn does not begin." == n
                       for n in steps[i_k].notes)
            assert i_k < len(steps) - 1
            assert of(steps[-1], Turn)[0].active != "Alex"
        seen.append((g.current.turn, g.active, skipped))
    assert seen == [(2, "Bianca", False), (3, "Cho", False), (4, "Bianca", True),
                    (5, "Cho", False)]


def test_800_4k_departed_nonactive_players_turn_skipped():
    """CR 800.4k: Bianca leaves during Alex's turn 1: turn 2 is Cho's, turn 3 Alex's."""
    g = game(lib=8)
    g.leave("Bianca")
    steps = g.advance("next_turn")
    i_k = find(steps, "800.4k")
    i_begin = max(i for i, s in enumerate(steps) if of(s, Turn) and
                  of(s, Turn)[0].step == "untap")
    assert i_k < i_begin
    assert of(steps[i_begin], Turn) == [Turn(0, 2, "Cho", "untap")]
    g.advance("next_turn")
    assert (g.current.turn, g.active) == (3, "Alex")


# -- CR 800.7, 103.8a ------------------------------------------------------------------------

def _subgame(players, seed=3) -> Game:
    g = Game(players, seed=seed, libraries={p: 12 for p in players})
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    run(g, {"cast": {"card": "shahrazad", "by": "Alex"}}, {"resolve": "shahrazad"})
    assert g.current.gid == 1 and where_turn(g) == (0, None, "pregame", None)
    return g


def test_800_7_starting_player_draws_in_multiplayer_game():
    """CR 800.7: in a multiplayer game the starting player doesn't skip the draw step of their
    first turn."""
    g = _subgame(P3)
    first = g.current.first
    assert g.active is None and len(g.zone("hand", first, 1)) == 7
    steps = g.advance("draw")
    i = find(steps, "800.7", "doesn’t skip the draw step")
    assert [m.dst.player for m in of(steps[i], Move)] == [first]
    assert "103.8a" not in rules(steps)
    assert len(g.zone("hand", first, 1)) == 8
    assert {p: len(g.zone("hand", p, 1)) for p in P3 if p != first} == {
        p: 7 for p in P3 if p != first}


def test_103_8a_starting_player_skips_draw_in_two_player_game():
    """CR 103.8a (not CR 800.7): "In a two-player game, the player who plays first skips the
    draw step ... of their first turn"."""
    g = _subgame(["Alex", "Bianca"])
    first = g.current.first
    steps = g.advance("main")
    i = find(steps, "103.8a", "skips the draw step")
    assert of(steps[i], Move) == []
    assert of(steps[i], Turn) == [Turn(1, 1, first, "main")]
    assert "draw" not in [t.step for s in steps for t in of(s, Turn)]
    assert "800.7" not in rules(steps)
    assert len(g.zone("hand", first, 1)) == 7
    assert where_turn(g) == (1, first, "main", first)


def test_800_7_later_turn_draws_by_504_1():
    """CR 504.1 (CR 800.7 is only about the first turn): in a multiplayer main game the next
    turn's draw is the ordinary one."""
    g = game()
    steps = g.advance("draw")
    i = find(steps, "504.1")
    assert [m.obj for m in of(steps[i], Move)] == ["Bianca#5"]
    assert "800.7" not in rules(steps) and "103.8a" not in rules(steps)


def test_500_1_a_turn_has_every_step_and_510_2_combat_damage_is_dealt_at_once():
    """CR 500.1 / 506.1: the combat phase's five steps come between the two main phases; CR
    510.2: "all combat damage that's been assigned is dealt simultaneously" -- two attackers on
    Bianca are one life change; CR 511.3: after end of combat nothing is attacking; CR 500.3:
    the untap and cleanup steps end without priority."""
    g = Game(["Alex", "Bianca"], seed=1)
    g.add_object("bears", "Grizzly Bears", owner="Alex")
    g.add_object("angel", "Serra Angel", owner="Alex")
    g.advance("declare_attackers")
    g.apply({"attack": {"creature": "bears", "defender": "Bianca"}})
    g.apply({"attack": {"creature": "angel", "defender": "Bianca"}})
    steps = g.advance("next_turn")
    walked = [c.step for s in steps for c in of(s, Turn)]
    assert walked == ["declare_blockers", "combat_damage", "end_of_combat", "postcombat_main",
                      "end", "cleanup", "untap"]
    damage = steps[find(steps, "510.2")]
    assert of(damage, Life) == [Life(0, "Bianca", 20, 14)]
    removed = steps[find(steps, "511.3")]
    assert removed.snapshot.games[0].attacks == ()
    assert rules(steps)[-1] == "500.3" and g.current.step == "untap" and g.active == "Bianca"
