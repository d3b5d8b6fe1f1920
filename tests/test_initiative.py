"""The initiative (CR 723.1-723.5) in a main game and in a subgame (CR 726.1b), venturing into
Undercity (CR 701.49a-d, 309.4a, 309.4c, 309.5a) and completing it (CR 309.6, 309.7), with
Aarakocra Sneak, Goliath Paladin and the dungeon Undercity, and the Aarakocra Sneak rulings of
2022-06-10."""

from __future__ import annotations

import pytest

from magicsub import Game, RulesError
from magicsub.engine.zones import Zone
from magicsub.rules import dungeons
from magicsub.rules.initiative import INITIATIVE

P4 = ["Alex", "Bianca", "Cho", "Dana"]
CARDS = ["Aarakocra Sneak", "Goliath Paladin"]


def table(players=P4, *objects, seed: int = 1) -> Game:
    g = Game(list(players), seed=seed, libraries={p: 10 for p in players})
    for oid, name, owner, zone in objects:
        g.add_object(oid, name, owner=owner, zone=zone)
    return g


def stack(g: Game) -> list[tuple[str | None, str]]:
    return [(o.source, o.controller) for o in g.world.stack()]


def enters(g: Game, oid: str) -> list:
    """An effect puts ``oid`` onto the battlefield; its "you take the initiative" resolves (the
    venture it triggers waits on the stack)."""
    g.apply({"move": {"object": oid, "to": "battlefield"}})
    return g.apply({"resolve": oid})


def settle(g: Game) -> list:
    """Resolve everything on the stack, top first."""
    steps = []
    while g.world.stack():
        steps += g.apply({"resolve": {}})
    return steps


def holder(g: Game, game: int = 0):
    return g.world.games[game].initiative


def room(g: Game, player: str, game: int = 0):
    at = dungeons.marker(g.world, game, player)
    return None if at is None else at[1]


def rules(steps) -> list[str]:
    return [s.rule for s in steps]


def texts(steps) -> str:
    return " ".join(c.text for s in steps for c in s.changes if hasattr(c, "text"))


def in_zone(g: Game, player: str, zone: Zone, game: int = 0) -> list[str]:
    return [o.id for o in g.world.in_zone(game, zone, player)]


# -- CR 723.1, 723.3, 723.5 ----------------------------------------------------------------------

@pytest.mark.parametrize("card", CARDS)
def test_723_1_no_initiative_until_an_effect_instructs_a_player_to_take_it(card):
    """CR 723.1: a game starts with no initiative; "you take the initiative" (Aarakocra Sneak,
    Goliath Paladin) gives it to the ability's controller, and "whenever a player takes the
    initiative" (CR 723.2) triggers with no source, controlled by that player."""
    g = table(P4, ("it", card, "Bianca", "hand"))
    assert holder(g) is None
    g.apply({"move": {"object": "it", "to": "battlefield"}})
    assert holder(g) is None and stack(g) == [("it", "Bianca")]
    steps = g.apply({"resolve": "it"})
    assert holder(g) == "Bianca"
    assert rules(steps).index("723.1") < rules(steps).index("723.2")
    assert stack(g) == [(INITIATIVE, "Bianca")]


def test_723_3_one_player_at_a_time():
    """CR 723.3: as Bianca takes the initiative, Alex ceases to have it (cited as 723.3, not
    723.1)."""
    g = table(P4, ("s", "Aarakocra Sneak", "Alex", "hand"),
              ("p", "Goliath Paladin", "Bianca", "hand"))
    enters(g, "s")
    settle(g)
    steps = enters(g, "p")
    assert holder(g) == "Bianca"
    assert "723.3" in rules(steps) and "723.1" not in rules(steps)
    facts = [c for s in steps for c in s.changes if getattr(c, "what", None) == "initiative"]
    assert len(facts) == 1 and "Alex ceases to have it" in facts[0].text


def test_723_5_taking_it_again_ventures_again_without_a_second_designation():
    """CR 723.5 and the Aarakocra Sneak ruling (2022-06-10): the player who has the initiative
    takes it again: the designation does not change, and the venture triggers again, moving the
    marker from Secret Entrance along an arrow (CR 701.49b, 309.5a: the first room listed,
    Forge, the engine's recorded default)."""
    g = table(P4, ("s", "Aarakocra Sneak", "Alex", "hand"),
              ("p", "Goliath Paladin", "Alex", "hand"))
    enters(g, "s")
    settle(g)
    assert room(g, "Alex") == "Secret Entrance"
    steps = enters(g, "p")
    assert holder(g) == "Alex" and "723.5" in rules(steps)
    assert not [c for s in steps for c in s.changes if getattr(c, "what", None) == "initiative"]
    assert stack(g) == [(INITIATIVE, "Alex")]
    steps = g.apply({"resolve": {}})
    assert room(g, "Alex") == "Forge"
    assert "701.49b" in rules(steps) and "recorded default" in texts(steps)
    assert len([o for o in g.world.in_zone(0, Zone.COMMAND) if o.name == "Undercity"]) == 1


# -- venturing into Undercity (CR 701.49, 309) ---------------------------------------------------

@pytest.mark.parametrize(("card", "player"), [("Aarakocra Sneak", "Alex"),
                                              ("Goliath Paladin", "Cho")])
def test_701_49d_309_4a_taking_it_puts_undercity_into_the_command_zone(card, player):
    """CR 723.2, 701.49d, 309.4a, 309.4c: the player who took the initiative puts an Undercity
    they own into the command zone, marker on its topmost room; Secret Entrance's room ability,
    controlled by the dungeon's owner, finds a basic land card (not the other cards) and puts it
    into their hand, then they shuffle."""
    g = table(P4, ("it", card, player, "hand"), ("forest", "Forest", player, "library"),
              ("bears", "Grizzly Bears", player, "library"))
    enters(g, "it")
    steps = g.apply({"resolve": {}})
    assert "701.49d" in rules(steps) and "309.4a" in rules(steps) and "309.4c" in rules(steps)
    (dungeon,) = g.world.in_zone(0, Zone.COMMAND)
    assert (dungeon.name, dungeon.owner, dungeon.is_type("dungeon")) == (
        "Undercity", player, True)
    assert room(g, player) == "Secret Entrance"
    assert stack(g) == [(dungeon.id, player)]
    steps = g.apply({"resolve": {}})
    assert in_zone(g, player, Zone.HAND) == ["forest"]
    assert "bears" in in_zone(g, player, Zone.LIBRARY)
    assert any(type(c).__name__ == "Shuffle" for s in steps for c in s.changes)


def test_309_2a_a_dungeon_card_the_player_owns_outside_the_game_is_chosen():
    """CR 309.2a: the Undercity a player owns outside the game is the one put into the command
    zone; another player's is not."""
    g = table(P4, ("s", "Aarakocra Sneak", "Bianca", "hand"))
    g.add_object("hers", "Undercity", owner="Bianca", zone="outside", traditional=False)
    g.add_object("his", "Undercity", owner="Alex", zone="outside", traditional=False)
    enters(g, "s")
    g.apply({"resolve": {}})
    assert g.obj("hers").zone is Zone.COMMAND and g.obj("his").outside
    assert room(g, "Bianca") == "Secret Entrance" and room(g, "Alex") is None


def test_309_6_309_7_the_bottommost_room_completes_the_dungeon():
    """CR 309.6, 309.7: once the room ability of the bottommost room (Throne of the Dead Three,
    not modelled: it resolves with a note) has left the stack, the dungeon's owner removes it
    from the game and completes it; the next venture starts a new Undercity (CR 701.49d).
    Archives, on the way, draws a card."""
    g = table(P4, *[(f"s{i}", "Aarakocra Sneak", "Alex", "hand") for i in range(6)])
    path = []
    for i in range(5):
        enters(g, f"s{i}")
        g.apply({"resolve": {}})
        path.append(room(g, "Alex"))
        if i < 4:
            hand = len(in_zone(g, "Alex", Zone.HAND))
            steps = g.apply({"resolve": {}})
            if path[-1] == "Archives":
                assert len(in_zone(g, "Alex", Zone.HAND)) == hand + 1
            elif i > 0:
                assert "not modelled" in texts(steps)
    assert path == ["Secret Entrance", "Forge", "Trap!", "Archives", "Throne of the Dead Three"]
    (dungeon,) = [o for o in g.world.in_zone(0, Zone.COMMAND)]
    steps = g.apply({"resolve": {}})
    assert "not modelled" in texts(steps)
    assert rules(steps).index("309.6") < rules(steps).index("309.7")
    assert g.obj(dungeon.id).outside and room(g, "Alex") is None
    enters(g, "s5")
    g.apply({"resolve": {}})
    assert room(g, "Alex") == "Secret Entrance"
    assert g.obj(dungeon.id).zone is Zone.COMMAND


def test_701_49c_venturing_from_the_bottommost_room_completes_it_and_starts_again():
    """CR 701.49c: the marker is on the bottommost room and its room ability is still on the
    stack (so CR 309.6 has not removed the dungeon); a venture now removes the dungeon (the
    player completes it, CR 309.7) and starts Undercity again at its topmost room."""
    g = table(P4, *[(f"s{i}", "Aarakocra Sneak", "Alex", "hand") for i in range(6)])
    for i in range(5):
        enters(g, f"s{i}")
        g.apply({"resolve": {}})
        if i < 4:
            g.apply({"resolve": {}})
    assert room(g, "Alex") == "Throne of the Dead Three"
    enters(g, "s5")
    steps = g.apply({"resolve": {}})
    assert rules(steps).index("701.49c") < rules(steps).index("309.7") \
        < rules(steps).index("309.4a")
    assert room(g, "Alex") == "Secret Entrance"


def test_701_49a_an_unknown_dungeon_is_a_rules_error_and_the_game_is_unchanged():
    """CR 701.49a: venturing into a dungeon the engine does not know is refused, naming the
    rule, and leaves the game as it was."""
    g = table(P4)
    before = g.world
    with pytest.raises(RulesError) as err:
        g._run("venture", lambda tx: dungeons.venture(tx, 0, "Alex", "Tomb of Annihilation"))
    assert err.value.rule == "701.49a" and "Tomb of Annihilation" in str(err.value)
    assert g.world is before


# -- CR 723.2: the upkeep and combat damage --------------------------------------------------------

@pytest.mark.parametrize(("who", "other"), [("Alex", "Bianca"), ("Bianca", "Alex")])
def test_723_2_the_upkeep_of_the_player_who_has_it_only(who, other):
    """CR 723.2: "At the beginning of the upkeep of the player who has the initiative, that
    player ventures into Undercity": two players, each in turn the one who has it; the other's
    upkeep triggers nothing."""
    g = table(["Alex", "Bianca"], ("s", "Aarakocra Sneak", who, "hand"))
    enters(g, "s")
    settle(g)
    seen = {}
    for _ in range(2):
        g.apply({"advance": "next_turn"})
        g.apply({"advance": "upkeep"})
        seen[g.world.main.active] = stack(g)
        settle(g)
    assert seen[other] == []
    assert seen[who] == [(INITIATIVE, who)]
    assert room(g, who) == "Forge"


@pytest.mark.parametrize("attacker", ["Alex", "Cho"])
def test_723_2_combat_damage_one_trigger_for_each_player_not_each_creature(attacker):
    """CR 723.2: "Whenever one or more creatures a player controls deal combat damage to the
    player who has the initiative, the controller of those creatures takes the initiative": two
    creatures of the attacking player (one of them another player's, under their control) deal
    combat damage to Bianca, who has it: one trigger, controlled by Bianca; damage to another
    player triggers nothing. The attacker takes the initiative and ventures."""
    others = [p for p in P4 if p not in (attacker, "Bianca")]
    g = Game(P4 if attacker == "Alex" else ["Cho", "Dana", "Alex", "Bianca"], seed=1,
             libraries={p: 10 for p in P4})
    g.add_object("p", "Goliath Paladin", owner="Bianca", zone="hand")
    g.add_object("bears", "Grizzly Bears", owner=attacker, zone="battlefield")
    g.add_object("angel", "Serra Angel", owner=others[0], zone="battlefield",
                 controller=attacker)
    g.add_object("ox", "Pillarfield Ox", owner=attacker, zone="battlefield")
    enters(g, "p")
    settle(g)
    g.apply({"advance": "declare_attackers"})
    for creature, defender in (("bears", "Bianca"), ("angel", "Bianca"), ("ox", others[1])):
        g.apply({"attack": {"creature": creature, "defender": defender}})
    steps = g.apply({"advance": "combat_damage"})
    assert rules(steps).count("723.2") == 1
    assert stack(g) == [(INITIATIVE, "Bianca")]
    assert holder(g) == "Bianca"
    g.apply({"resolve": {}})
    assert holder(g) == attacker
    assert stack(g) == [(INITIATIVE, attacker)]
    settle(g)
    assert room(g, attacker) == "Secret Entrance" and room(g, "Bianca") == "Secret Entrance"


# -- CR 723.4 ------------------------------------------------------------------------------------

@pytest.mark.parametrize("how", ["concede", "leave", "lose"])
def test_723_4_the_holder_leaves_on_another_players_turn(how):
    """CR 723.4 and the Aarakocra Sneak ruling (2022-06-10): Cho, who has the initiative, leaves
    on Alex's turn: Alex, the active player, takes it at the same time, and so ventures
    (CR 723.2); Cho's Undercity leaves the game with Cho (CR 800.4a), marker and all."""
    g = table(P4, ("s", "Aarakocra Sneak", "Cho", "hand"))
    enters(g, "s")
    settle(g)
    (undercity,) = g.world.in_zone(0, Zone.COMMAND)
    steps = g.apply({how: "Cho"})
    assert holder(g) == "Alex"
    step = next(s for s in steps if s.rule == "723.4")
    assert "the active player takes the initiative" in step.text
    assert "2022-06-10" in texts(steps)
    assert g.obj(undercity.id).outside and room(g, "Cho") is None
    assert [m for m in g.world.main.venture_markers if m[0] == "Cho"] == []
    assert stack(g) == [(INITIATIVE, "Alex")]
    g.apply({"resolve": {}})
    assert room(g, "Alex") == "Secret Entrance"


@pytest.mark.parametrize(("order", "leaver", "heir"), [
    (P4, "Alex", "Bianca"), (["Cho", "Dana", "Alex", "Bianca"], "Cho", "Dana")])
def test_723_4_the_holder_is_the_active_player_and_leaves(order, leaver, heir):
    """CR 723.4: "If the active player is leaving the game ... the next player in turn order
    takes the initiative" (two seatings): the turn goes on with no active player (CR 800.4j)."""
    g = Game(order, seed=1, libraries={p: 10 for p in order})
    g.add_object("p", "Goliath Paladin", owner=leaver, zone="hand")
    enters(g, "p")
    settle(g)
    steps = g.apply({"concede": leaver})
    assert holder(g) == heir and g.world.main.active is None
    assert "the next player in turn order takes the initiative" in next(
        s for s in steps if s.rule == "723.4").text
    assert stack(g) == [(INITIATIVE, heir)]


def test_723_4_no_active_player_the_next_player_in_turn_order():
    """CR 723.4: "if there is no active player": Alex, the active player, left earlier this turn
    (CR 800.4j); then Cho, who has the initiative, leaves: the next player in turn order,
    counted on from the turn's player (Alex), is Bianca, not Dana."""
    g = table(P4, ("s", "Aarakocra Sneak", "Cho", "hand"))
    enters(g, "s")
    settle(g)
    g.apply({"concede": "Alex"})
    assert g.world.main.active is None and holder(g) == "Cho"
    steps = g.apply({"concede": "Cho"})
    assert holder(g) == "Bianca"
    assert "no active player" in texts(steps)


# -- CR 726.1b, 726.4: a subgame ------------------------------------------------------------------

def test_726_1b_a_subgame_begins_with_no_initiative_and_the_main_game_keeps_its_own():
    """CR 726.1b: Alex, who has the main game's initiative, casts Shahrazad: the subgame begins
    with no initiative, Alex's Undercity stays in the main game's command zone (CR 726.4), his
    upkeep in the subgame ventures nothing; Bianca takes the subgame's initiative there. After the
    subgame the main game's initiative and marker are as they were."""
    g = Game(["Alex", "Bianca"], seed=1, libraries={"Alex": 10, "Bianca": 10})
    g.add_object("s", "Aarakocra Sneak", owner="Alex", zone="hand")
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    g.add_object("p", "Goliath Paladin", owner="Bianca", zone="library")
    enters(g, "s")
    settle(g)
    (undercity,) = g.world.in_zone(0, Zone.COMMAND)
    g.apply({"cast": {"card": "shahrazad", "by": "Alex"}})
    steps = g.apply({"resolve": "shahrazad"})
    while g.world.games[1].active != "Alex" or g.world.games[1].step != "upkeep":
        steps += g.apply({"advance": "upkeep" if g.world.games[1].active == "Alex"
                          else "next_turn"})
    assert "726.1b" in rules(steps) and "726.4" in rules(steps)
    assert holder(g, 1) is None and holder(g, 0) == "Alex"
    assert g.world.in_zone(1, Zone.COMMAND) == [] and g.obj(undercity.id).game == 0
    assert stack(g) == [] and "723.2" not in rules(steps)
    g.apply({"advance": "main"})
    g.apply({"advance": "next_turn"})
    g.apply({"advance": "main"})
    g.apply({"move": {"object": "p", "to": "battlefield"}})
    g.apply({"resolve": "p"})
    g.apply({"resolve": {}})
    assert holder(g, 1) == "Bianca" and room(g, "Bianca", 1) == "Secret Entrance"
    assert holder(g, 0) == "Alex" and room(g, "Alex", 0) == "Secret Entrance"
    g.apply({"win": "Alex"})
    assert holder(g) == "Alex" and room(g, "Alex") == "Secret Entrance"
    assert room(g, "Bianca") is None
    assert g.world.in_zone(0, Zone.COMMAND) == [g.obj(undercity.id)]
