"""Starting a game (CR 103) inside a subgame (CR 726.2: "following all other rules in rule 103"):
the pregame (starting life 103.4, opening hands 103.5, mulligans), the first turn (103.8) and its
skipped draw step (103.8a), and the variant starts: Commander 903.7, Archenemy 904.5, Vanguard
902.4/902.5 and Planechase 901.5/901.6."""

from __future__ import annotations

import pytest
from tracetools import P3, assert_unchanged, find, frozen, of, rules, run

from magicsub import Game, RulesError
from magicsub.engine.trace import Control, Life, Move, Turn
from magicsub.scenario import load_scenario


def new_game(players=("Alex", "Bianca"), *, seed=1, lib=12, **kw) -> Game:
    """A main game in Alex's main phase with Shahrazad in his hand."""
    players = list(players)
    g = Game(players, seed=seed, libraries={p: lib for p in players}, **kw)
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    return g


def start(g: Game) -> list:
    """Cast and resolve Shahrazad; return the steps of the resolution."""
    g.cast("shahrazad", "Alex")
    return g.resolve("shahrazad")


def state(g: Game) -> tuple:
    c = g.current
    return c.turn, c.step, c.active, c.priority


def hands(g: Game, game=1) -> dict:
    return {p: len(g.zone("hand", p, game)) for p in g.current.seats}


def lives(g: Game, game=1) -> dict:
    return {p: g.life(p, game) for p in g.world.games[game].seats}


# -- CR 103.4, 103.5, 103.8: the pregame ----------------------------------------------------------

def test_103_5_opening_hands_come_before_the_first_turn():
    """CR 726.2 then 103.4, 103.5: the starting player is chosen, starting life set and opening
    hands drawn while the subgame is before its first turn (turn 0, step "pregame"): nobody is
    active and nobody has priority, and no turn or step has begun (no Turn change)."""
    g = new_game()
    steps = start(g)
    i_first = find(steps, "726.2", "Randomly determine")
    i_life = find(steps, "103.4", "starting life total of 20")
    i_hand = find(steps, "103.5", "starting hand size")
    assert i_first < i_life < i_hand
    assert [m.dst.zone for m in of(steps[i_hand], Move)] == ["hand"] * 14
    assert state(g) == (0, "pregame", None, None)
    assert g.current.first in ("Alex", "Bianca")
    assert hands(g) == {"Alex": 7, "Bianca": 7}
    assert lives(g) == {"Alex": 20, "Bianca": 20}
    assert not any(of(s, Turn) for s in steps)
    assert g.world.games[0].status == "discontinued"


def test_103_8_the_first_advance_begins_turn_1_for_the_starting_player():
    """CR 103.8: "The starting player takes their first turn." The first advance from the
    pregame begins turn 1 (untap step) for the starting player, then goes on as usual."""
    g = new_game()
    start(g)
    first = g.current.first
    steps = g.advance("upkeep")
    i = find(steps, "103.8", "takes their first turn")
    assert of(steps[i], Turn) == [Turn(1, 1, first, "untap")]
    assert rules(steps)[i + 1] == "500.3"  # the untap step has no priority
    assert of(steps[i + 1], Turn) == [Turn(1, 1, first, "upkeep")]
    assert state(g) == (1, "upkeep", first, first)
    assert g.current.turn_of == first


def test_103_8_advance_next_turn_from_the_pregame_stops_at_turn_1():
    """CR 103.8: from the pregame the next turn is the first one: it begins in its untap step."""
    g = new_game()
    start(g)
    first = g.current.first
    g.advance("next_turn")
    assert state(g) == (1, "untap", first, None)


@pytest.mark.parametrize("request_of", [
    lambda g: {"cast": {"card": g.zone("hand", g.current.first, 1)[0], "by": g.current.first}},
    lambda g: {"pass_priority": g.current.first},
    lambda g: {"cycle": {"card": g.zone("hand", g.current.first, 1)[0],
                         "by": g.current.first}},
])
def test_103_8_nothing_that_needs_a_turn_happens_in_the_pregame(request_of):
    """CR 103.8: before the starting player takes the first turn, casting, cycling and passing
    priority are refused (rule 103.8, naming the player); the game is unchanged."""
    g = new_game()
    start(g)
    before = frozen(g)
    with pytest.raises(RulesError) as e:
        g.apply(request_of(g))
    assert e.value.rule == "103.8"
    assert g.current.first in str(e.value) and "first turn" in str(e.value)
    assert_unchanged(g, before)


def test_103_8_no_attack_and_no_resolving_in_the_pregame():
    """CR 103.8: a creature brought into the pregame cannot attack, and a card brought onto the
    stack does not resolve, before the first turn."""
    g = new_game()
    g.add_object("bears", "Grizzly Bears", owner="Alex", zone="outside")
    g.add_object("fork", "Fork", owner="Alex", zone="outside")
    start(g)
    run(g, {"bring_in": {"object": "bears", "to": "battlefield"}},
        {"bring_in": {"object": "fork", "to": "stack"}})
    for request, subject in (({"attack": {"creature": "bears", "defender": "Bianca"}}, "bears"),
                             ({"resolve": "fork"}, "fork")):
        before = frozen(g)
        with pytest.raises(RulesError) as e:
            g.apply(request)
        assert e.value.rule == "103.8" and e.value.subject == subject
        assert_unchanged(g, before)


# -- CR 103.5, 800.6: mulligans -------------------------------------------------------------------

def test_103_5_mulligan_only_in_the_pregame():
    """CR 103.5: a mulligan is taken before the first turn; once turn 1 has begun it is refused
    (rule 103.5) and nothing changes."""
    g = new_game()
    start(g)
    steps = g.apply({"mulligan": "Bianca"})
    assert rules(steps) == ["103.5"]
    assert len(g.zone("hand", "Bianca", 1)) == 6
    assert state(g) == (0, "pregame", None, None)
    g.advance("next_turn")
    before = frozen(g)
    with pytest.raises(RulesError) as e:
        g.apply({"mulligan": "Alex"})
    assert e.value.rule == "103.5" and "Alex" in str(e.value)
    assert_unchanged(g, before)


def test_800_6_free_mulligan_in_a_multiplayer_pregame():
    """CR 800.6: in a three-player subgame the first mulligan is free, taken in the pregame."""
    g = new_game(P3)
    start(g)
    steps = g.apply({"mulligan": "Cho"})
    assert rules(steps) == ["103.5", "800.6"]
    assert len(g.zone("hand", "Cho", 1)) == 7 and g.current.pregame


# -- CR 103.8a, 800.7 -----------------------------------------------------------------------------

def test_103_8a_two_player_first_turn_goes_from_upkeep_to_main():
    """CR 103.8a: "In a two-player game, the player who plays first skips the draw step ... of
    their first turn." The trace never enters a draw step: a step citing 103.8a ("skips the draw
    step") moves turn 1 from the upkeep to the main phase; the hand keeps seven cards."""
    g = new_game()
    start(g)
    first = g.current.first
    steps = g.advance("main")
    i = find(steps, "103.8a", "skips the draw step")
    assert of(steps[i], Turn) == [Turn(1, 1, first, "main")]
    assert of(steps[i], Move) == []
    assert [t.step for s in steps for t in of(s, Turn)] == ["untap", "upkeep", "main"]
    assert "504.1" not in rules(steps) and "800.7" not in rules(steps)
    assert state(g) == (1, "main", first, first)
    assert len(g.zone("hand", first, 1)) == 7


def test_103_8a_advance_to_the_skipped_draw_step_is_refused():
    """CR 103.8a: there is no draw step in the starting player's first two-player turn, so
    ``advance: draw`` is refused (rule 103.8a) and nothing changes."""
    g = new_game()
    start(g)
    g.advance("upkeep")
    before = frozen(g)
    with pytest.raises(RulesError) as e:
        g.advance("draw")
    assert e.value.rule == "103.8a" and g.current.first in str(e.value)
    assert_unchanged(g, before)


def test_103_8a_passing_in_the_first_upkeep_goes_to_the_main_phase():
    """CR 103.8a with CR 117.4: both players pass in the first upkeep: the step ends and the
    main phase follows, without a draw step."""
    g = new_game()
    start(g)
    g.advance("upkeep")
    first = g.current.first
    other = g.current.next_in_order(first)
    steps = run(g, {"pass_priority": first}, {"pass_priority": other})
    assert "103.8a" in rules(steps)
    assert "draw" not in [t.step for s in steps for t in of(s, Turn)]
    assert state(g) == (1, "main", first, first)


def test_800_7_multiplayer_starting_player_still_draws():
    """CR 800.7 (not 103.8a): in a three-player subgame the starting player draws on turn 1."""
    g = new_game(P3)
    start(g)
    first = g.current.first
    steps = g.advance("draw")
    i = find(steps, "800.7", "doesn’t skip the draw step")
    assert [m.dst.player for m in of(steps[i], Move)] == [first]
    assert "103.8a" not in rules(steps)
    assert len(g.zone("hand", first, 1)) == 8 and state(g) == (1, "draw", first, first)


def test_800_4k_starting_player_left_in_the_pregame():
    """CR 800.4k: the starting player left the three-player subgame before the first turn; their
    turn doesn't begin, so the next player in turn order takes turn 1 (literal reading)."""
    g = new_game(P3)
    start(g)
    first = g.current.first
    nxt = g.current.next_in_order(first)
    g.apply({"leave": first})
    steps = g.advance("upkeep")
    i = find(steps, "800.4k", "that turn doesn’t begin")
    assert any("literal reading" in n for n in steps[i].notes)
    assert of(steps[find(steps, "103.8")], Turn) == [Turn(1, 1, nxt, "untap")]
    assert state(g) == (1, "upkeep", nxt, nxt)


# -- CR 726.3 -------------------------------------------------------------------------------------

def test_726_3_short_library_still_loses_in_the_first_upkeep():
    """CR 726.3 after the pregame: Bianca, with five cards, draws them all in the pregame and
    loses when state-based actions are checked in the first upkeep."""
    g = Game(["Alex", "Bianca"], seed=1, libraries={"Alex": 10, "Bianca": 5})
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    steps = start(g)
    assert "726.3" in rules(steps) and g.current.pregame and g.in_game("Bianca", 1)
    steps = g.advance("upkeep")
    assert "704.5b" in rules(steps)
    assert g.world.games[1].winner == "Alex" and g.subgames == 0
    assert g.life("Bianca") == 10


# -- CR 903.7 -------------------------------------------------------------------------------------

def test_903_7_commander_subgame_players_set_life_to_40():
    """CR 903.7: "Once the starting player has been determined, each player sets their life
    total to 40": the step after 103.4 sets both subgame life totals to 40; the main game's
    totals are untouched."""
    g = new_game(variant="commander", life={"Alex": 31})
    steps = start(g)
    i = find(steps, "903.7", "sets their life total to 40")
    assert find(steps, "726.2", "Randomly determine") < find(steps, "103.4") < i
    assert of(steps[i], Life) == [Life(1, "Alex", 20, 40, starting=True),
                                  Life(1, "Bianca", 20, 40, starting=True)]
    assert lives(g) == {"Alex": 40, "Bianca": 40}
    assert lives(g, 0) == {"Alex": 31, "Bianca": 40}


# -- CR 904.5 -------------------------------------------------------------------------------------

def archenemy_game(owners=("Alex",), **kw) -> Game:
    g = new_game(P3, variant="archenemy", **kw)
    names = ("All in Good Time", "Feed the Machine", "Realms Befitting My Majesty")
    for owner in owners:
        for n, name in enumerate(names):
            g.add_object(f"{owner}-scheme{n}", name, owner=owner, zone="command",
                         traditional=False, deck="scheme", types=["scheme"])
    return g


def test_904_5_the_archenemy_of_a_subgame_starts_at_40():
    """CR 904.5: "The archenemy's starting life total is 40. Each other player's starting life
    total is 20." The archenemy of the subgame is the player whose scheme deck it has (literal
    reading, noted); the schemes are in the subgame's command zone, face down."""
    g = archenemy_game()
    assert lives(g, 0) == {"Alex": 40, "Bianca": 20, "Cho": 20}
    steps = start(g)
    i = find(steps, "904.5", "The archenemy’s starting life total is 40")
    assert of(steps[i], Life) == [Life(1, "Alex", 20, 40, starting=True)]
    assert any("Literal reading" in n and "(Alex)" in n for n in steps[i].notes)
    assert lives(g) == {"Alex": 40, "Bianca": 20, "Cho": 20}
    for n in range(3):
        assert g.where(f"Alex-scheme{n}") == ("1", "command")
        assert not g.obj(f"Alex-scheme{n}").face_up
    assert any("904.6" in n for s in steps for n in s.notes)


def test_904_5_no_scheme_deck_in_the_subgame_no_archenemy():
    """CR 904.5, literal reading: an Archenemy subgame with no scheme deck has no archenemy, so
    every player starts at 20 (the trace says why)."""
    g = archenemy_game(owners=())
    steps = start(g)
    i = find(steps, "904.5")
    assert of(steps[i], Life) == []
    assert any("no player has one" in n for n in steps[i].notes)
    assert lives(g) == {"Alex": 20, "Bianca": 20, "Cho": 20}


def test_904_5_main_game_archenemy_named_or_found_by_scheme_deck():
    """CR 904.5 in the main game: the archenemy named by the game starts at 40; otherwise the
    owner of the scheme deck does; an explicit life total wins."""
    assert lives(Game(P3, variant="archenemy", archenemy="Cho"), 0) == {
        "Alex": 20, "Bianca": 20, "Cho": 40}
    assert lives(archenemy_game(owners=("Bianca",)), 0) == {"Alex": 20, "Bianca": 40, "Cho": 20}
    assert lives(archenemy_game(life={"Alex": 33}), 0)["Alex"] == 33
    with pytest.raises(RulesError) as e:
        Game(P3, archenemy="Cho")
    assert e.value.rule == "904.2a"


# -- CR 902.4, 902.5 ------------------------------------------------------------------------------

def vanguard_game(lib=12, **kw) -> Game:
    g = new_game(variant="vanguard", lib=lib, **kw)
    g.add_object("maraxus", "Maraxus", owner="Alex", zone="command", deck="vanguard",
                 traditional=False, types=["vanguard"], hand_modifier=1, life_modifier=2)
    g.add_object("sisay", "Sisay", owner="Bianca", zone="command", deck="vanguard",
                 traditional=False, types=["vanguard"], hand_modifier=-2, life_modifier=-3)
    return g


def test_902_4_902_5_vanguard_modifiers_set_subgame_life_and_hand():
    """CR 902.4: starting life is 20 plus or minus the vanguard's life modifier; CR 902.5:
    starting hand size is seven as modified by its hand modifier. Maraxus (hand +1, life +2):
    22 life, 8 cards; Sisay (hand -2, life -3): 17 life, 5 cards."""
    g = vanguard_game()
    assert lives(g, 0) == {"Alex": 22, "Bianca": 17}
    steps = start(g)
    life_steps = [s for s in steps if s.rule == "902.4"]
    assert [c for s in life_steps for c in of(s, Life)] == [
        Life(1, "Alex", 20, 22, starting=True), Life(1, "Bianca", 20, 17, starting=True)]
    i_hand = find(steps, "902.5", "hand modifier")
    assert i_hand < find(steps, "103.5", "starting hand size")
    assert lives(g) == {"Alex": 22, "Bianca": 17}
    assert hands(g) == {"Alex": 8, "Bianca": 5}
    assert g.where("maraxus") == ("1", "command") and g.where("sisay") == ("1", "command")


def test_902_5_a_mulligan_draws_the_modified_hand_size():
    """CR 103.5 with CR 902.5: a mulligan draws a new hand of the starting hand size (Alex: 8)
    and, in a two-player game, puts one card on the bottom."""
    g = vanguard_game()
    start(g)
    g.apply({"mulligan": "Alex"})
    assert len(g.zone("hand", "Alex", 1)) == 7 and len(g.zone("library", "Alex", 1)) == 5


def test_902_5_seven_cards_are_too_few_for_a_hand_of_eight():
    """CR 902.5 with CR 726.3: Alex's hand size is eight; with seven cards he draws them all,
    is noted by 726.3 and loses the subgame in the first upkeep."""
    g = vanguard_game(lib=7)
    steps = start(g)
    assert any("Alex had only 7 cards" in n for n in steps[find(steps, "726.3")].notes)
    g.advance("upkeep")
    assert g.world.games[1].winner == "Bianca"


# -- CR 901.5, 901.6 ------------------------------------------------------------------------------

def planar_game(**kw) -> Game:
    g = new_game(variant="planechase", **kw)
    g.add_object("tazeem", "Tazeem", owner="Alex", zone="command", traditional=False,
                 deck="planar", face_up=True, types=["plane"])
    for owner, cards in (("Alex", (("naya", "Naya", "plane"), ("otaria", "Otaria", "plane"))),
                         ("Bianca", (("agyrem", "Agyrem", "plane"),
                                     ("sokenzan", "Sokenzan", "plane"),
                                     ("aether", "Chaotic Aether", "phenomenon")))):
        for oid, name, kind in cards:
            g.add_object(oid, name, owner=owner, zone="command", traditional=False,
                         deck="planar", types=[kind])
    return g


def test_901_5_starting_plane_turned_face_up_as_the_first_turn_begins():
    """CR 901.5: once the opening hands are kept, the starting player moves the top card of their
    planar deck off it and turns it face up; CR 901.6: the planar controller controls it. In the
    pregame every plane of the subgame is face down; Tazeem stays face up in the main game."""
    for seed in range(40):
        g = planar_game(seed=seed)
        start(g)
        if g.current.first == "Alex":
            break
    assert g.current.first == "Alex"
    assert not any(g.obj(o).face_up for o in ("naya", "otaria", "agyrem", "sokenzan"))
    top = g.zone("command", game=1)
    top = [o for o in top if g.obj(o).owner == "Alex"][-1]
    steps = g.advance("upkeep")
    i = find(steps, "901.5", "moves the top card of their planar deck")
    assert [(m.obj, m.src.zone, m.dst.zone) for m in of(steps[i], Move)] == [
        (top, "command", "command")]
    assert steps[i].snapshot.objects[top].face_up
    i6 = find(steps, "901.6", "planar controller")
    assert of(steps[i6], Control) == [Control(top, g.obj(top).name, None, "Alex")]
    assert i6 < find(steps, "103.8")
    assert g.obj(top).face_up and g.obj(top).controller == "Alex" and g.where(top) == (
        "1", "command")
    assert g.current.planar_controller == "Alex"
    assert g.where("tazeem") == ("main", "command") and g.obj("tazeem").face_up
    assert state(g) == (1, "upkeep", "Alex", "Alex")


def test_901_5_a_phenomenon_goes_to_the_bottom_and_the_next_card_is_turned_up():
    """CR 901.5: "If it's a phenomenon card, the player puts that card on the bottom of their
    planar deck and repeats this process until a plane card is turned face up." Bianca's top
    card is Chaotic Aether: it goes to the bottom face down and the next card is the plane."""
    for seed in range(80):
        g = planar_game(seed=seed)
        start(g)
        deck = [o for o in g.zone("command", game=1) if g.obj(o).owner == "Bianca"]
        if g.current.first == "Bianca" and deck[-1] == "aether":
            break
    else:
        raise AssertionError("no seed puts Chaotic Aether on top for Bianca")
    plane = deck[-2]
    steps = g.advance("upkeep")
    i = find(steps, "901.5", "If it’s a phenomenon card")
    assert [(m.obj, m.dst.zone) for m in of(steps[i], Move)] == [("aether", "command"),
                                                                 (plane, "command")]
    bianca = [o for o in g.zone("command", game=1) if g.obj(o).owner == "Bianca"]
    assert bianca[0] == "aether" and not g.obj("aether").face_up
    assert g.obj(plane).face_up and g.obj(plane).controller == "Bianca"
    assert g.obj("aether").controller is None


def test_901_5_no_planar_deck_no_plane():
    """CR 901.5: a starting player without a planar deck in the subgame turns nothing face up
    (the trace says so); the first turn begins all the same."""
    g = new_game(variant="planechase")
    start(g)
    steps = g.advance("upkeep")
    i = find(steps, "901.5")
    assert of(steps[i], Move) == [] and any("no planar deck" in n for n in steps[i].notes)
    assert g.current.turn == 1


# -- scenario keys --------------------------------------------------------------------------------

def test_scenario_keys_for_vanguard_modifiers_and_archenemy():
    """The scenario format takes ``hand_modifier``/``life_modifier`` on a vanguard card and a
    top-level ``archenemy``; modifiers on any other card are refused."""
    text = """
title: t
players: [Alex, Bianca]
variant: archenemy
archenemy: Bianca
objects:
  - {id: v, name: Maraxus, owner: Alex, zone: command, hand_modifier: 1}
"""
    from magicsub.engine.errors import ScenarioError

    with pytest.raises(ScenarioError) as e:
        load_scenario(text=text)
    assert "only a vanguard card" in str(e.value)
    game = load_scenario(text=text.replace(
        "  - {id: v, name: Maraxus, owner: Alex, zone: command, hand_modifier: 1}\n",
        "  - {id: s, name: Feed the Machine, owner: Bianca, zone: command, deck: scheme}\n"
    )).build()
    assert lives(game, 0) == {"Alex": 20, "Bianca": 40}
