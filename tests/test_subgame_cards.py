"""The three cards that create a subgame beside Shahrazad (issue 30): Enter the Dungeon, The
Countdown Is at One, Tug of War, through the Python API.

CR 726.1b ("except as defined by the effect that created the subgame"): each card's starting
life; Tug of War's set-aside cards (the Gatherer rulings of 2022-10-07: set aside "as players are
shuffling their main-game libraries", put onto the battlefield "after subgame mulligans are
complete, the starting player [first]. Each other player in turn order does the same"), its
winner's kept card (onto the main-game battlefield, not CR 726.5's library) and its refusals;
Enter the Dungeon's search (CR 701.23a-b); The Countdown Is at One's doubling (CR 614.1a) of
every source's damage to each player who didn't win, every player after a draw (Gatherer ruling,
2018-01-19). Each class of case is checked with two cards or with the roles swapped.
"""

from __future__ import annotations

import pytest
import yaml
from tracetools import assert_unchanged, frozen, rules

from magicsub import Game, RulesError
from magicsub.cli import main

P2 = ["Alex", "Bianca"]
P4 = ["Alex", "Bianca", "Cho", "Dee"]
COUNTDOWN = "The Countdown Is at One"


def game(players=P2, size=10, seed=1, **objects) -> Game:
    """A game in Alex's precombat main phase; ``objects``: id -> (name, owner, zone)."""
    g = Game(players, seed=seed, libraries={p: size for p in players})
    for oid, (name, owner, zone) in objects.items():
        g.add_object(oid, name, owner=owner, zone=zone)
    return g


def play(card: str, players=P2, caster="Alex", seed=1, **objects) -> Game:
    """``caster`` has cast ``card`` (id ``spell``); it is on the stack, not yet resolved."""
    g = game(players, seed=seed, spell=(card, caster, "hand"), **objects)
    if caster != players[0]:
        raise ValueError("the first player casts the sorcery")
    g.cast("spell", caster)
    return g


def lives(g: Game, gid) -> dict[str, int]:
    return {p: g.life(p, gid) for p in g.players}


# -- starting life (CR 726.1b, 103.4) ----------------------------------------------------------

@pytest.mark.parametrize(("card", "life"), [("Enter the Dungeon", 5), (COUNTDOWN, 1),
                                            ("Tug of War", 5), ("Shahrazad", 20)])
def test_726_1b_each_card_defines_the_starting_life_of_its_subgame(card, life):
    """CR 726.1b: the card's text sets every player's starting life in the subgame (Shahrazad
    defines none: CR 103.4's 20); the main game's life totals are untouched, four players."""
    g = play(card, P4)
    g.resolve("spell")
    assert lives(g, 1) == {p: life for p in P4}
    assert lives(g, "main") == {p: 20 for p in P4}
    assert g.zone("stack", game="main") == ["spell"] and g.subgames == 1


def test_726_1b_a_commander_subgame_starts_at_the_cards_life_not_40():
    """CR 903.7 gives a Commander game 40 life; a Tug of War or Countdown subgame of a Commander
    game starts at the card's life (CR 726.1b), Shahrazad's at 40 (CR 726.2c: it is a Commander
    game)."""
    for card, life in (("Tug of War", 5), (COUNTDOWN, 1), ("Shahrazad", 40)):
        g = Game(P2, seed=1, variant="commander", libraries={"Alex": 10, "Bianca": 10})
        g.add_object("spell", card, owner="Alex", zone="hand")
        g.cast("spell", "Alex")
        g.resolve("spell")
        assert lives(g, 1) == {"Alex": life, "Bianca": life}, card


# -- Tug of War: set aside, enter after the mulligans, the winner keeps one (726.1b) -----------

def tug(players=P2, seed=1, aside=(), keep=None, **objects) -> Game:
    g = play("Tug of War", players, seed=seed, **objects)
    g.resolve("spell", set_aside=list(aside), keep=keep)
    return g


TUG_CARDS = dict(angel=("Serra Angel", "Alex", "library"),
                 anthem=("Glorious Anthem", "Alex", "library"),
                 konrad=("Syr Konrad, the Grim", "Bianca", "library"),
                 bears=("Grizzly Bears", "Bianca", "library"))


def test_726_1b_tug_of_war_sets_cards_aside_as_the_libraries_are_shuffled_ruling_2022_10_07():
    """Gatherer ruling 2022-10-07: "As players are shuffling their main-game libraries to form
    their subgame libraries, they should set aside the cards they wish to have on the subgame
    battlefield": while the hands are drawn and mulligans taken they are outside every game, in
    no subgame library (which holds the cards not set aside, less the seven drawn)."""
    g = tug(aside=["angel", "anthem", "konrad"], **TUG_CARDS)
    for oid in ("angel", "anthem", "konrad"):
        assert g.where(oid) == ("outside", "outside")
    assert g.where("bears")[0] == "1"
    assert len(g.zone("library", "Alex", 1)) == 10 - 7
    assert len(g.zone("library", "Bianca", 1)) == 11 - 7
    assert g.zone("battlefield", game=1) == []
    g.mulligan("Bianca")
    assert g.where("konrad") == ("outside", "outside")
    assert g.priority is None


@pytest.mark.parametrize(("seed", "first"), [(5, "Alex"), (1, "Bianca"), (2, "Cho"), (8, "Dee")])
def test_726_1b_set_aside_cards_enter_after_mulligans_starting_player_first_ruling_2022_10_07(
        seed, first):
    """Gatherer ruling 2022-10-07: "After subgame mulligans are complete, the starting player
    puts the cards they set aside onto the battlefield. Each other player in turn order does the
    same." Four players, each a card; whichever player starts (four seeds), the entering order is
    the turn order from the starting player, and each enters under its owner's control."""
    cards = {"c" + p: (name, p, "library") for p, name in
             zip(P4, ["Serra Angel", "Grizzly Bears", "Runeclaw Bears", "Pillarfield Ox"],
                 strict=True)}
    g = tug(P4, seed=seed, aside=list(cards), **cards)
    steps = g.advance("upkeep")
    assert g.world.games[1].first == first
    order = P4[P4.index(first):] + P4[:P4.index(first)]
    entered = [s.notes[0].split(" puts ")[0].removeprefix("The mulligans are done: ")
               for s in steps if s.rule == "726.1b" and s.notes
               and s.notes[0].startswith("The mulligans are done")]
    assert entered == order
    assert g.zone("battlefield", game=1) != []
    for p in P4:
        assert g.obj("c" + p).controller == p and g.where("c" + p) == ("1", "battlefield")
    assert g.active == first


def test_603_3_triggers_of_set_aside_cards_go_on_the_stack_at_the_next_priority_ruling_2022_10_07():
    """Gatherer ruling 2022-10-07: "If any abilities trigger during this process, they'll be put
    on the stack the next time a player gets priority, usually during the subgame's first
    upkeep." Genesis Chamber triggers for each creature entering with or after it; nobody has
    priority until the upkeep, where both abilities are on the stack (CR 603.3); swapped owners
    give the same count."""
    for chamber_owner, other in (("Alex", "Bianca"), ("Bianca", "Alex")):
        g = tug(seed=3, aside=["chamber", "angel", "konrad"],
                chamber=("Genesis Chamber", chamber_owner, "library"),
                angel=("Serra Angel", chamber_owner, "library"),
                konrad=("Syr Konrad, the Grim", other, "library"))
        first = g.world.games[1].first
        steps = g.advance("upkeep")
        assert g.stack == (["chamber", "chamber"] if first == chamber_owner else ["chamber"])
        assert g.current.step == "upkeep" and g.priority == first
        i = rules(steps).index("603.3")
        assert all(s.rule != "103.8" for s in steps[i:])


def test_726_1b_tug_of_war_winner_keeps_the_chosen_card_on_the_main_battlefield():
    """Tug of War: "the winner chooses one of the cards they put onto the battlefield as the
    subgame began and puts it onto the battlefield rather than shuffling it into their
    library." The winner's chosen card is on the main-game battlefield under the winner's
    control; the loser's and the winner's other set-aside cards are in their owners' main-game
    libraries (CR 726.5). Both roles: Alex wins keeping Glorious Anthem, Bianca wins keeping
    Grizzly Bears."""
    for winner, keep, others in (("Alex", "anthem", ["angel", "konrad", "bears"]),
                                 ("Bianca", "bears", ["angel", "anthem", "konrad"])):
        g = tug(aside=["angel", "anthem", "konrad", "bears"], keep=keep, **TUG_CARDS)
        g.advance("upkeep")
        g.win(winner)
        assert g.where(keep) == ("main", "battlefield")
        assert g.obj(keep).controller == winner
        assert g.zone("battlefield") == [keep]
        for oid in others:
            assert g.where(oid) == ("main", "library")
        assert g.where("spell") == ("main", "graveyard")
        assert len(g.zone("library", "Alex")) + len(g.zone("library", "Bianca")) == 23


def test_726_1b_tug_of_war_without_a_keep_the_winner_keeps_their_first_set_aside_card():
    """No ``keep`` given: the engine's recorded default, the first card the winner set aside
    (the trace says so), for either winner."""
    for winner, first in (("Alex", "angel"), ("Bianca", "konrad")):
        g = tug(aside=["angel", "anthem", "konrad", "bears"], **TUG_CARDS)
        g.advance("upkeep")
        steps = g.win(winner)
        assert g.zone("battlefield") == [first] and g.obj(first).controller == winner
        assert any("no choice was given" in n for s in steps for n in s.notes)


def test_726_1b_drawn_tug_of_war_nobody_keeps_ruling_2022_10_07():
    """Gatherer ruling 2022-10-07: "If the subgame is a draw, no player won the subgame, so
    nobody gets to put a permanent onto the battlefield in the main game." A keep was given;
    every set-aside card goes back to its owner's library."""
    g = tug(aside=["angel", "anthem", "konrad", "bears"], keep="angel", **TUG_CARDS)
    g.advance("upkeep")
    g.draw_game()
    assert g.zone("battlefield") == []
    for oid in ("angel", "anthem", "konrad", "bears"):
        assert g.where(oid) == ("main", "library")


@pytest.mark.parametrize(("request_", "names", "cite"), [
    ({"set_aside": ["shot"]}, "Grapeshot", "not a permanent card"),
    ({"set_aside": ["fork"]}, "Fork", "not a permanent card"),
    ({"set_aside": ["bears", "bears2"]}, "Grizzly Bears", "two cards named"),
    ({"set_aside": ["angel", "angel2"]}, "Serra Angel", "two cards named"),
    ({"set_aside": ["hand_ox"]}, "Pillarfield Ox", "not a card in the main-game library"),
    ({"set_aside": ["field"]}, "Runeclaw Bears", "not a card in the main-game library"),
    ({"set_aside": ["angel", "bears", "ox", "anthem"]}, "4 cards", "up to 3"),
    ({"set_aside": ["angel"], "keep": "ox"}, "Pillarfield Ox", "not one of the cards set aside"),
    ({"set_aside": ["angel"], "keep": "bears"}, "Grizzly Bears", "not one of the cards set aside"),
])
def test_726_1b_tug_of_war_refuses_an_illegal_choice_and_the_game_is_unchanged(
        request_, names, cite):
    """CR 726.1b: Tug of War's set-aside cards are "up to three permanent cards with different
    names from their main-game library"; the kept card is one of them. An illegal choice (a
    nonpermanent card, two cards with one name, a card in a hand or on the battlefield, four
    cards, a keep not set aside) is a RulesError naming Tug of War, the card and 726.1b, and the
    game is as before."""
    g = play("Tug of War",
             shot=("Grapeshot", "Alex", "library"), fork=("Fork", "Alex", "library"),
             bears=("Grizzly Bears", "Alex", "library"),
             bears2=("Grizzly Bears", "Alex", "library"),
             angel=("Serra Angel", "Alex", "library"), angel2=("Serra Angel", "Alex", "library"),
             ox=("Pillarfield Ox", "Alex", "library"),
             anthem=("Glorious Anthem", "Alex", "library"),
             hand_ox=("Pillarfield Ox", "Bianca", "hand"),
             field=("Runeclaw Bears", "Bianca", "battlefield"))
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.resolve("spell", **request_)
    assert err.value.rule == "726.1b"
    message = str(err.value)
    assert "Tug of War" in message and names in message and cite in message, message
    assert_unchanged(g, before)
    assert g.stack == ["spell"] and g.subgames == 0


def test_726_1b_set_aside_and_keep_are_refused_for_a_card_that_sets_nothing_aside():
    """Shahrazad and Enter the Dungeon set nothing aside, The Countdown Is at One keeps nothing:
    ``set_aside``/``keep`` are refused naming the card and 726.1b, the game unchanged."""
    for card, request_ in (("Shahrazad", {"set_aside": ["angel"]}),
                           ("Enter the Dungeon", {"set_aside": ["angel"]}),
                           (COUNTDOWN, {"keep": "angel"})):
        g = play(card, angel=("Serra Angel", "Alex", "library"))
        before = frozen(g)
        with pytest.raises(RulesError) as err:
            g.resolve("spell", **request_)
        assert err.value.rule == "726.1b" and card in str(err.value)
        assert_unchanged(g, before)


# -- Enter the Dungeon: the winner searches (701.23a-b) ------------------------------------------

DUNGEON_CARDS = dict(angel=("Serra Angel", "Bianca", "library"),
                     bears=("Grizzly Bears", "Bianca", "library"),
                     ox=("Pillarfield Ox", "Alex", "library"),
                     runeclaw=("Runeclaw Bears", "Alex", "library"))


def dungeon(winner, find=None, size=10, **objects) -> Game:
    g = game(size=size, spell=("Enter the Dungeon", "Alex", "hand"), **objects)
    g.cast("spell", "Alex")
    g.resolve("spell", find=find)
    g.advance("upkeep")
    g.win(winner)
    return g


def test_701_23a_enter_the_dungeon_winner_finds_the_cards_given():
    """CR 701.23a with Enter the Dungeon: the winner (either player) finds the two cards named,
    puts them into their main-game hand and shuffles; the other player finds nothing."""
    for winner, loser, find in (("Bianca", "Alex", ["angel", "bears"]),
                                ("Alex", "Bianca", ["runeclaw", "ox"])):
        g = dungeon(winner, find, **DUNGEON_CARDS)
        assert g.zone("hand", winner) == find
        assert g.zone("hand", loser) == []
        assert len(g.zone("library", winner)) == 10
        assert g.where("spell") == ("main", "graveyard")


def test_701_23a_enter_the_dungeon_default_is_the_top_two_cards():
    """No ``find`` given: the engine's recorded default takes the top two cards of the winner's
    library (the trace says so), for either winner."""
    for winner in P2:
        g = game(spell=("Enter the Dungeon", "Alex", "hand"))
        g.cast("spell", "Alex")
        g.resolve("spell")
        g.advance("upkeep")
        steps = g.win(winner)
        assert len(g.zone("hand", winner)) == 2
        assert any("engine takes the top cards" in n for s in steps for n in s.notes)


def test_701_23b_enter_the_dungeon_winner_with_one_card_finds_one():
    """CR 701.23b: the winner's library holds fewer cards than the search asks for: they find
    what is there. Bianca owns one card (Serra Angel) and wins before the first turn; Alex, with
    one card too and the roles swapped, likewise."""
    for winner, mine in (("Bianca", "angel"), ("Alex", "ox")):
        g = Game(P2, seed=1, libraries={"Alex": 0, "Bianca": 0})
        g.add_object("spell", "Enter the Dungeon", owner="Alex", zone="hand")
        g.add_object("angel", "Serra Angel", owner="Bianca", zone="library")
        g.add_object("ox", "Pillarfield Ox", owner="Alex", zone="library")
        g.cast("spell", "Alex")
        g.resolve("spell")
        g.win(winner)
        assert g.zone("hand", winner) == [mine] and g.zone("library", winner) == []


def test_701_23a_a_find_naming_a_card_not_in_the_winners_library_is_refused():
    """CR 701.23a: a card given to ``find`` that is not in the winner's library when the spell
    finishes resolving (the other player's card; a card of the winner's hand) is a RulesError
    naming 701.23a and the card."""
    for winner, find, named in (("Bianca", ["angel", "ox"], "Pillarfield Ox"),
                                ("Alex", ["runeclaw", "angel"], "Serra Angel")):
        with pytest.raises(RulesError) as err:
            dungeon(winner, find, **DUNGEON_CARDS)
        assert err.value.rule == "701.23a" and named in str(err.value)


def test_726_1b_drawn_enter_the_dungeon_nobody_searches():
    """A drawn subgame has no winner: nobody searches (no 701.23a step), every hand empty."""
    g = game(spell=("Enter the Dungeon", "Alex", "hand"), **DUNGEON_CARDS)
    g.cast("spell", "Alex")
    g.resolve("spell", find=["angel", "bears"])
    g.advance("upkeep")
    steps = g.draw_game()
    assert "701.23a" not in rules(steps)
    assert g.zone("hand", "Alex") == [] and g.zone("hand", "Bianca") == []


# -- The Countdown Is at One: doubling for each player who didn't win (614.1a) -------------------

def countdown(winner, players=P2, **objects) -> Game:
    g = game(players, spell=(COUNTDOWN, "Alex", "hand"), **objects)
    g.cast("spell", "Alex")
    g.resolve("spell")
    g.advance("upkeep")
    if winner is None:
        g.draw_game()
    else:
        g.win(winner)
    return g


def resolve_all(g: Game) -> None:
    while g.stack:
        g.resolve()


@pytest.mark.parametrize("winner", ["Bianca", "Cho"])
def test_614_1a_countdown_doubles_grapeshot_to_losers_not_the_winner(winner):
    """The Countdown Is at One: damage to each player who didn't win is doubled; damage to the
    winner is not. Three players, two winners in turn; Grapeshot (one storm copy) at every
    player: 2 to the winner, 4 to each other."""
    g = countdown(winner, ["Alex", "Bianca", "Cho"], **{f"s{p}": ("Grapeshot", "Alex", "hand")
                                                       for p in ("Alex", "Bianca", "Cho")})
    assert [g.damage_factor(p) for p in ("Alex", "Bianca", "Cho")] == [
        1 if p == winner else 2 for p in ("Alex", "Bianca", "Cho")]
    losses = {}
    for i, p in enumerate(("Bianca", "Cho", "Alex")):
        before = g.life(p)
        g.cast(f"s{p}", "Alex", target=p)
        resolve_all(g)
        losses[p] = (before - g.life(p)) // (i + 2)
    assert losses == {p: 1 if p == winner else 2 for p in ("Alex", "Bianca", "Cho")}


def test_614_1a_countdown_doubles_combat_damage_to_losers_not_the_winner():
    """Combat damage (CR 510.2), four players, Cho wins: the Angel's 4 to Bianca is 8, the
    Bears' 2 to Cho 2, Runeclaw Bears' 2 to Dee 4."""
    g = countdown("Cho", P4, angel=("Serra Angel", "Alex", "battlefield"),
                  bears=("Grizzly Bears", "Alex", "battlefield"),
                  runeclaw=("Runeclaw Bears", "Alex", "battlefield"))
    g.advance("declare_attackers")
    g.attack("angel", "Bianca")
    g.attack("bears", "Cho")
    g.attack("runeclaw", "Dee")
    g.advance("combat_damage")
    assert lives(g, "main") == {"Alex": 20, "Bianca": 12, "Cho": 18, "Dee": 16}


def test_614_1a_countdown_doubles_syr_konrad_to_losers_not_the_winner():
    """A triggered ability (Syr Konrad, the Grim: 1 damage to each opponent when another
    creature dies) after Bianca wins a three-player Countdown subgame: Bianca loses 1, Cho 2;
    Alex, its controller, takes none."""
    g = countdown("Bianca", ["Alex", "Bianca", "Cho"],
                  konrad=("Syr Konrad, the Grim", "Alex", "battlefield"),
                  bears=("Grizzly Bears", "Cho", "battlefield"))
    g.move("bears", "graveyard")
    resolve_all(g)
    assert lives(g, "main") == {"Alex": 20, "Bianca": 19, "Cho": 18}


def test_614_1a_drawn_countdown_doubles_damage_to_every_player_ruling_2018_01_19():
    """Gatherer ruling 2018-01-19: "If the subgame is a draw, no player won the subgame, so
    damage dealt to any player in the main game will be doubled." Four players, all doubled;
    Syr Konrad's 1 damage to each opponent is 2 each."""
    g = countdown(None, P4, konrad=("Syr Konrad, the Grim", "Bianca", "battlefield"),
                  bears=("Grizzly Bears", "Dee", "battlefield"))
    assert [g.damage_factor(p) for p in P4] == [2, 2, 2, 2]
    g.move("bears", "graveyard")
    resolve_all(g)
    assert lives(g, "main") == {"Alex": 18, "Bianca": 20, "Cho": 18, "Dee": 18}


def test_614_5_616_1_two_countdowns_quadruple_for_the_player_who_lost_both():
    """A Fork copy's subgame, then the original's (CR 707.10): Alex wins the first, Bianca the
    second; Cho lost both: factor 4 (each effect once, CR 614.5), Alex and Bianca 2."""
    g = game(["Alex", "Bianca", "Cho"], spell=(COUNTDOWN, "Alex", "hand"),
             fork=("Fork", "Bianca", "hand"))
    g.cast("spell", "Alex")
    g.pass_priority("Alex")
    g.cast("fork", "Bianca", target="spell")
    g.resolve("fork")
    for winner in ("Alex", "Bianca"):
        g.resolve()
        g.advance("upkeep")
        g.win(winner)
    assert [g.damage_factor(p) for p in ("Alex", "Bianca", "Cho")] == [2, 2, 4]


def test_726_6_a_countdown_cast_in_a_subgame_doubles_there_and_ends_with_it():
    """CR 726.6, 726.1b, 726.5 (literal reading; no ruling): The Countdown cast in subgame 1 is
    subgame 1's effect: the loser of subgame 2 takes double damage in subgame 1, never in the
    main game, and the effect ceases with subgame 1."""
    g = Game(P2, seed=27, libraries={"Alex": 20, "Bianca": 20})
    g.add_object("shah", "Shahrazad", owner="Alex", zone="hand")
    g.add_object("cd", COUNTDOWN, owner="Alex", zone="library")
    g.add_object("shot", "Grapeshot", owner="Alex", zone="library")
    g.cast("shah", "Alex")
    g.resolve("shah")
    g.advance("main")
    g.cast("cd", "Alex")
    g.resolve("cd")
    g.advance("upkeep")
    g.win("Bianca")
    assert (g.damage_factor("Alex", 1), g.damage_factor("Alex", "main")) == (2, 1)
    assert g.damage_factor("Bianca", 1) == 1
    g.win("Alex")
    assert g.damage_factor("Alex") == 1 and g.world.main.damage_replacements == ()


# -- magicsub new --card (issue 30, item 5) --------------------------------------------------------

@pytest.mark.parametrize("players", [None, "Ana,Ben,Chidi,Dee"])
@pytest.mark.parametrize(("card", "cites"), [
    ("Enter the Dungeon", "701.23a"), (COUNTDOWN, "614.1a"), ("Tug of War", "726.1b"),
    ("Shahrazad", "726.5")])
def test_magicsub_new_card_scaffolds_a_passing_example_of_that_card(tmp_path, card, cites,
                                                                     players):
    """``magicsub new FILE --card NAME`` for a card that creates a subgame writes an example
    that casts THAT card (no Shahrazad beside the other three), cites what its text does, and
    passes ``magicsub check`` (exit 0), with two players and with four."""
    file = tmp_path / "new.yaml"
    args = ["new", str(file), "--card", card] + (["--players", players] if players else [])
    assert main(args) == 0
    data = yaml.safe_load(file.read_text())
    cast = next(step["cast"] for step in data["steps"] if "cast" in step)
    assert [o["name"] for o in data["objects"] if o["id"] == cast["card"]] == [card]
    assert ("Shahrazad" in {o["name"] for o in data["objects"]}) == (card == "Shahrazad")
    assert card.split()[-1] in data["title"]
    assert cites in data["expect"][-1]["trace_cites"]
    assert main(["check", str(file)]) == 0
