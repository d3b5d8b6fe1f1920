"""Attraction decks (CR 717) and opening an Attraction (CR 701.48), in the main game and in a
subgame: the deck goes into the subgame (CR 726.2a) and comes back with every Attraction opened
there (CR 726.5a); one opened in the main game stays there (CR 726.4). And the board: every
supplementary deck a face-down pile with its count, in its game's command zone."""

from __future__ import annotations

import pytest
from htmltree import ElementTree

from magicsub import Game, RulesError, load_scenario
from magicsub.engine.objects import SUPPLEMENTARY_DECKS
from magicsub.engine.trace import Move
from magicsub.engine.zones import Zone
from magicsub.views import render
from magicsub.views.textview import world_lines

ATTRACTION = {"traditional": False, "deck": "attraction", "types": ["artifact", "attraction"]}
DECKS = {"Alex": ["bumper", "drop"], "Bianca": ["balloon", "trash", "ferris"]}
NAMES = {"bumper": "Bumper Cars", "drop": "Drop Tower", "balloon": "Balloon Stand",
         "trash": "Trash Bin", "ferris": "Ferris Wheel"}


def attraction_game(players=("Alex", "Bianca"), decks=None, *, seed=3) -> Game:
    """Shahrazad in the first player's hand; each player's Attraction deck (bottom to top) in
    the main-game command zone."""
    g = Game(list(players), seed=seed, libraries={p: 10 for p in players})
    g.add_object("shahrazad", "Shahrazad", owner=players[0], zone="hand")
    for owner, ids in (decks or DECKS).items():
        for oid in ids:
            g.add_object(oid, NAMES.get(oid, oid.title()), owner=owner, zone="command",
                         plain=True, **ATTRACTION)
    return g


def deck(g, gid: int, player: str) -> list[str]:
    """``player``'s Attraction deck in game ``gid`` of a ``Game`` (or a snapshot's ``World``),
    bottom to top."""
    world = getattr(g, "world", g)
    return [o.id for o in world.in_zone(gid, Zone.COMMAND)
            if o.owner == player and o.deck == "attraction" and not o.face_up]


def subgame(g: Game) -> Game:
    g.cast("shahrazad", g.players[0])
    g.resolve("shahrazad")
    g.advance("main")
    return g


# -- 701.48: opening an Attraction -------------------------------------------------------------

@pytest.mark.parametrize("player", ["Alex", "Bianca"])
def test_701_48b_open_an_attraction_puts_the_top_card_face_up_onto_the_battlefield(player):
    """CR 701.48b: "move the top card of your Attraction deck off the Attraction deck, turn it
    face up, and put it onto the battlefield under your control" (each player in turn)."""
    g = attraction_game()
    top = deck(g, 0, player)[-1]
    steps = g.open_attraction(player)
    assert [s.rule for s in steps] == ["701.48b"]
    obj = g.obj(top)
    assert g.where(top) == ("main", "battlefield")
    assert obj.face_up and obj.controller == player and obj.owner == player
    assert deck(g, 0, player) == DECKS[player][:-1]
    moves = [c for c in steps[0].changes if isinstance(c, Move)]
    assert [m.obj for m in moves] == [top]
    other = "Bianca" if player == "Alex" else "Alex"
    assert deck(g, 0, other) == DECKS[other]


def test_701_48a_a_player_without_an_attraction_deck_cannot_open_one_and_nothing_changes():
    """CR 701.48a: "A player may open an Attraction only during a game in which that player is
    playing with an Attraction deck": refused with the rule, the game unchanged."""
    g = attraction_game(decks={"Bianca": DECKS["Bianca"]})
    world, steps = g.world, len(g.trace)
    with pytest.raises(RulesError) as err:
        g.open_attraction("Alex")
    assert err.value.rule == "701.48a" and "Alex" in str(err.value)
    assert g.world is world and len(g.trace) == steps


def test_701_48a_an_empty_attraction_deck_opens_nothing():
    """CR 701.48a-b: a player who plays with an Attraction deck whose cards are all opened
    opens nothing; no card moves."""
    g = attraction_game(decks={"Alex": ["bumper"]})
    g.open_attraction("Alex")
    steps = g.open_attraction("Alex")
    assert [s.rule for s in steps] == ["701.48b"]
    assert not [c for c in steps[0].changes if isinstance(c, Move)]
    assert any("empty" in n for n in steps[0].notes)
    assert g.where("bumper") == ("main", "battlefield")


# -- 717.2, 726.2a, 726.4: the deck goes into the subgame, opened Attractions stay --------------

def test_717_2_the_attraction_deck_is_a_supplementary_deck_726_2a_moves_it_into_the_subgame():
    """CR 100.2d names rule 717 among the supplementary decks; CR 717.2 keeps the Attraction
    deck in the command zone; CR 726.2a moves each player's into the subgame command zone,
    shuffled, face down. The Attraction Bianca opened in the main game is a main-game object,
    outside the subgame (CR 726.4): it stays on the main-game battlefield, face up."""
    assert "attraction" in SUPPLEMENTARY_DECKS
    g = attraction_game()
    g.open_attraction("Bianca")
    subgame(g)
    assert sorted(deck(g, 1, "Alex")) == ["bumper", "drop"]
    assert sorted(deck(g, 1, "Bianca")) == ["balloon", "trash"]
    assert deck(g, 0, "Alex") == deck(g, 0, "Bianca") == []
    assert g.where("ferris") == ("main", "battlefield")
    assert g.obj("ferris").face_up and g.obj("ferris").controller == "Bianca"
    assert {s.rule for s in g.trace} >= {"726.2a", "726.4", "701.48b"}


@pytest.mark.parametrize("opener", ["Alex", "Bianca"])
def test_726_5a_an_attraction_opened_in_the_subgame_goes_face_down_to_the_bottom_of_its_deck(
        opener):
    """CR 726.5a: an Attraction opened in the subgame (it began the subgame in an Attraction
    deck) "is turned face down and put on the bottom of that deck"; then the deck goes back to
    the main-game command zone and is shuffled. Neither stays on the subgame battlefield nor goes
    outside the game. The one opened in the main game before stays on the main battlefield."""
    g = attraction_game()
    g.open_attraction("Bianca")
    subgame(g)
    opened = deck(g, 1, opener)[-1]
    g.open_attraction(opener)
    assert g.where(opened) == ("1", "battlefield") and g.obj(opened).face_up
    g.win(g.players[0])
    bottom = [s for s in g.trace if s.rule == "726.5a" and "put on the bottom" in s.text]
    assert len(bottom) == 1
    assert [c.obj for c in bottom[0].changes if isinstance(c, Move)] == [opened]
    assert deck(bottom[0].snapshot, 1, opener)[0] == opened, "put on the bottom of that deck"
    assert g.where(opened) == ("main", "command") and not g.obj(opened).face_up
    expected = DECKS[opener] if opener == "Alex" else ["balloon", "trash"]
    assert sorted(deck(g, 0, opener)) == sorted(expected)
    assert [o.id for o in g.world.in_zone(0, Zone.BATTLEFIELD)] == ["ferris"]
    assert g.obj("ferris").face_up and g.obj("ferris").controller == "Bianca"
    assert not g.world.outside()


def test_726_5a_four_players_each_deck_comes_home_and_one_left_with_its_conceding_owner():
    """CR 726.2a and 726.5a with four players (the scenario file): each Attraction deck goes
    into the subgame and back; Dana's cards left the subgame with her (CR 800.4a) and come back
    as her Attraction deck, as Tug of War's ruling (2022-10-07) has it; Cho's Attraction opened
    in the main game stays on the main battlefield (CR 726.4)."""
    result = load_scenario(
        "magicsub/scenarios/726_5a_attraction_decks_four_players.yaml").run()
    assert result.failures == []
    world = result.trace[-1].snapshot
    home = {o.id: o for o in world.in_zone(0, Zone.COMMAND)}
    assert sorted(home) == ["balloon", "coaster", "flume", "mirrors", "trash", "tunnel"]
    assert not any(o.face_up for o in home.values())
    assert [o.id for o in world.in_zone(0, Zone.BATTLEFIELD)] == ["haunted"]
    assert not world.outside()


# -- the board ---------------------------------------------------------------------------------

class Piles(ElementTree):
    """Each ``ms-deck`` pile: its attributes, its text, and the game panel it is in."""

    def __init__(self, html: str):
        self.piles: list[dict] = []
        super().__init__(html)

    def record(self, tag, attrs):
        if "data-game-panel" in attrs:
            return {"panel": attrs["data-game-panel"], "text": ""}
        if "ms-deck" in (attrs.get("class") or "").split():
            panel = next(r["panel"] for _, r in reversed(self.open) if r and "panel" in r)
            pile = {**attrs, "panel": panel, "text": ""}
            self.piles.append(pile)
            return pile
        return None


def test_717_2_the_board_shows_each_attraction_deck_as_a_face_down_pile_in_its_game():
    """CR 717.2 (the deck "exists in the command zone"), 726.2a: in the subgame, each player's
    Attraction deck is a pile labelled "Attraction deck" with its count, face down, in the
    subgame's command zone; the main game's command zone has none. The planar deck is drawn the
    same way (CR 901.4)."""
    g = attraction_game()
    g.add_object("naya", "Naya", owner="Alex", zone="command", traditional=False,
                 deck="planar", types=["plane"], plain=True)
    g.open_attraction("Bianca")
    subgame(g)
    piles = Piles(render.world_html(g.world)).piles
    found = {(p["data-owner"], p["data-deck"], p["panel"]) for p in piles}
    assert found == {("Alex", "attraction", "1"), ("Bianca", "attraction", "1"),
                     ("Alex", "planar", "1")}
    texts = {(p["data-owner"], p["data-deck"]): p["text"] for p in piles}
    assert "Alex's Attraction deck: 2 cards, face down" in texts["Alex", "attraction"]
    assert "Bianca's Attraction deck: 2 cards, face down" in texts["Bianca", "attraction"]
    assert "Alex's planar deck: 1 card, face down" in texts["Alex", "planar"]
    lines = world_lines(g.world)
    assert "  command (5): Alex's planar deck, 1 card face down: naya; Alex's Attraction deck, " \
           "2 cards face down: " in "\n".join(lines)
    assert not any(line.startswith("  command") and "Attraction deck" in line
                   for line in lines[:lines.index(next(x for x in lines
                                                       if x.startswith("subgame 1")))])


def test_the_attraction_deck_pile_escapes_its_owner_s_name():
    """The pile's label and attributes are escaped like every name on the board."""
    g = attraction_game(players=("A<b>x", "Bianca"), decks={"A<b>x": ["bumper"]})
    html = render.world_html(g.world)
    assert "A&lt;b&gt;x&#x27;s Attraction deck" in html or "A&lt;b&gt;x's Attraction deck" in html
    assert "<b>x" not in html
