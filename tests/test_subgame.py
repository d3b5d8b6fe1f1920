"""CR 726 (subgames), paragraph by paragraph, built in Python through ``Game.apply``.

Each test names the paragraph it checks in its docstring and asserts where the cards are (game
and zone), life totals and counters per game, priority and the active player, and that the trace
cites the paragraph, in the order the rule text gives when a paragraph does several things.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from magicsub import Game, RulesError, load_scenario
from magicsub.engine.changes import replay
from magicsub.engine.objects import id_key
from magicsub.engine.trace import (
    Cease,
    Counters,
    GameChange,
    Life,
    Loc,
    Move,
    MoveAll,
    Note,
    Shuffle,
    Trigger,
)
from magicsub.engine.zones import Zone

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "magicsub" / "scenarios"


# -- helpers -------------------------------------------------------------------------------------

def new_game(players=("Alex", "Bianca"), *, seed=1, libraries=None, **kw) -> Game:
    """A game in the first player's main phase with Shahrazad in their hand."""
    players = list(players)
    g = Game(players, seed=seed, libraries=libraries or {p: 10 for p in players}, **kw)
    g.add_object("shahrazad", "Shahrazad", owner=players[0], zone="hand")
    return g


def start(g: Game, *, upkeep: bool = True) -> Game:
    """Cast and resolve Shahrazad; optionally go on to the subgame's first upkeep."""
    g.cast("shahrazad", g.players[0])
    g.resolve("shahrazad")
    if upkeep:
        g.advance("upkeep")
    return g


def batch(step) -> MoveAll:
    """The one ``MoveAll`` of a step where a rule moves a whole zone: the step has no single
    move and no separate shuffle."""
    found = changes(step, MoveAll)
    assert len(found) == 1 and not changes(step, Move) and not changes(step, Shuffle), (
        step.describe())
    return found[0]


def by_source(change: MoveAll):
    """Sort key: the order ``MoveAll.singles`` lists the cards in (by place, then id)."""
    rank = [src for src, _ in change.sources()]
    where = {oid: src for oid, _, src in change.cards}
    return lambda oid: (rank.index(where[oid]), id_key(oid))


def in_order(steps, wanted) -> list[int]:
    """Indexes of steps matching each ``(rule, fragment of its text)`` in ``wanted``, in order."""
    found, i = [], 0
    for rule, fragment in wanted:
        while i < len(steps) and not (steps[i].rule == rule
                                      and fragment.lower() in steps[i].text.lower()):
            i += 1
        assert i < len(steps), (f"no step {rule} ({fragment!r}) after step "
                                f"{found[-1] if found else 'start'}; rules in order: "
                                f"{[s.rule for s in steps]}")
        found.append(i)
        i += 1
    return found


def step_of(steps, rule: str, fragment: str = ""):
    """The first step citing ``rule`` whose text contains ``fragment``."""
    return steps[in_order(steps, [(rule, fragment)])[0]]


def changes(step, kind):
    return [c for c in step.changes if isinstance(c, kind)]


# -- 726.1 ---------------------------------------------------------------------------------------

def test_726_1_shahrazad_starts_a_subgame():
    """CR 726.1: Shahrazad lets players play a Magic subgame; it waits on the main game's stack."""
    g = new_game(seed=3, libraries={"Alex": 12, "Bianca": 12})
    g.add_object("bears", "Grizzly Bears", owner="Bianca", zone="battlefield")
    g.cast("shahrazad", "Alex")
    assert g.stack == ["shahrazad"] and g.priority == "Alex" and g.subgames == 0
    steps = g.resolve("shahrazad")
    s = step_of(steps, "726.1")
    assert s.text == "One card (Shahrazad) allows players to play a Magic subgame."
    assert [c.status for c in changes(s, GameChange)] == ["is created"]
    assert g.subgames == 1 and g.current.gid == 1 and g.current.creator == "shahrazad"
    assert g.where("shahrazad") == ("main", "stack")
    assert g.where("bears") == ("main", "battlefield")
    assert g.in_game("Alex", 1) and g.in_game("Bianca", 1)
    assert g.life("Alex", 1) == 20 and g.life("Bianca", 1) == 20
    g.advance("upkeep")
    g.win("Bianca")
    assert g.subgames == 0 and g.current.gid == 0
    assert g.where("shahrazad") == ("main", "graveyard")
    assert (g.life("Alex"), g.life("Bianca")) == (10, 20)
    assert g.priority == "Alex" and g.active == "Alex" and g.stack == []
    assert g.trace.cites("726.1")


# -- 726.1a --------------------------------------------------------------------------------------

def test_726_1a_main_game_discontinued_then_resumes():
    """CR 726.1a: the main game is temporarily discontinued while the subgame is in progress and
    resumes when it ends: nothing can happen in it meanwhile."""
    g = new_game()
    g.add_object("angel", "Serra Angel", owner="Alex", zone="battlefield")
    steps = g.cast("shahrazad", "Alex") + g.resolve("shahrazad")
    s = step_of(steps, "726.1a", "temporarily discontinued")
    assert s.snapshot.games[0].status == "discontinued"
    assert s.snapshot.games[1].status == "in progress"
    main = g.world.games[0]
    assert (main.status, main.priority, main.step, main.turn) == ("discontinued", None, "main", 1)
    assert [o.id for o in g.world.stack(0)] == ["shahrazad"]
    g.advance("main")
    assert g.current.gid == 1 and g.current.step == "main"
    assert g.priority == g.active == "Bianca"  # seed 1: Bianca goes first (CR 726.2)
    before = len(g.trace)
    with pytest.raises(RulesError) as err:
        g.apply({"move": {"object": "angel", "to": "graveyard"}})
    assert err.value.rule == "726.1a"
    assert len(g.trace) == before and g.where("angel") == ("main", "battlefield")
    with pytest.raises(RulesError):
        g.apply({"counters": {"player": "Alex", "kind": "poison", "add": 1, "game": "main"}})
    steps = g.win("Alex")
    s = step_of(steps, "726.1a", "It resumes when the subgame ends")
    assert s.snapshot.games[0].status == "in progress" and s.snapshot.current == 0
    assert g.world.games[1].status == "ended" and g.world.games[0].status == "in progress"
    assert (g.priority, g.active, g.current.step, g.current.turn) == ("Alex", "Alex", "main", 1)
    assert g.where("angel") == ("main", "battlefield")
    assert g.life("Bianca") == 10


# -- 726.1b --------------------------------------------------------------------------------------

def test_726_1b_effects_belong_to_their_own_game():
    """CR 726.1b: effects created in the main game or the subgame mean nothing in the other: a
    main-game "until end of turn" effect outlives a subgame turn, and a subgame effect ends with
    the subgame. Shahrazad's own text is the one bridge (half life)."""
    g = new_game()
    g.add_object("angel", "Serra Angel", owner="Bianca", zone="battlefield")
    g.add_object("bears", "Grizzly Bears", owner="Alex", zone="battlefield")
    g.add_effect("angel", "Alex", source="treason", until="end_of_turn")
    g.add_effect("bears", "Bianca", source="threaten", until={"next_turn": "Alex"})
    start(g)
    s = step_of(g.trace, "726.1b", "No effects or definitions")
    assert any("Serra Angel" in n and "no meaning in subgame 1" in n for n in s.notes)
    g.apply({"create": {"id": "soldier", "name": "Soldier", "controller": g.active,
                        "zone": "battlefield"}})
    other = "Bianca" if g.active == "Alex" else "Alex"
    g.apply({"effect": {"control": "soldier", "to": other, "until": "forever"}})
    assert g.obj("soldier").controller == other
    assert {e.game for e in g.world.effects.values()} == {0, 1}
    g.advance("next_turn")
    g.advance("next_turn")
    assert g.current.turn == 3 and g.current.gid == 1
    assert g.obj("angel").controller == "Alex" and g.obj("bears").controller == "Bianca"
    g.advance("upkeep")
    g.win("Bianca")
    assert {e.game for e in g.world.effects.values()} == {0}
    assert g.obj("soldier") is None
    assert g.where("angel") == ("main", "battlefield") and g.obj("angel").controller == "Alex"
    assert (g.life("Alex"), g.life("Bianca")) == (10, 20)
    g.advance("next_turn")
    assert g.obj("angel").controller == "Bianca" and g.active == "Bianca"
    assert g.obj("bears").controller == "Bianca"
    g.advance("next_turn")
    assert g.active == "Alex" and g.obj("bears").controller == "Alex"


# -- 726.2 ---------------------------------------------------------------------------------------

def test_726_2_new_zones_only_libraries_move():
    """CR 726.2: a new set of zones; each player moves their whole library to the subgame
    library and shuffles it; no other main-game card moves; then who goes first is random and
    the subgame starts like a normal game (seven-card hands)."""
    g = new_game(libraries={"Alex": 15, "Bianca": 12}, seed=4)
    g.add_object("bears", "Grizzly Bears", owner="Alex", zone="battlefield")
    g.add_object("griffin", "Assault Griffin", owner="Bianca", zone="hand")
    g.add_object("specter", "Hypnotic Specter", owner="Bianca", zone="graveyard")
    g.add_object("plains", "Plains", owner="Alex", zone="outside", types=["land"])
    start(g, upkeep=False)
    steps = list(g.trace)
    idx = in_order(steps, [("726.2", "new set of game zones is created"),
                           ("726.2", "moves them to their subgame library"),
                           ("726.2", "moves them to their subgame library"),
                           ("726.2", "Randomly determine which player goes first"),
                           ("726.2", "proceeds like a normal game")])
    assert [c.status for c in changes(steps[idx[0]], GameChange)] == ["zones are created"]
    for i, player, n in ((idx[1], "Alex", 15), (idx[2], "Bianca", 12)):
        # one change moves the whole library and shuffles it (not n moves and a shuffle)
        moved = batch(steps[i])
        assert (moved.player, moved.dst, moved.shuffled, moved.what) == (
            player, Loc(1, "library", player), True, "library")
        assert sorted(moved.ids, key=id_key) == [f"{player}#{k}" for k in range(1, n + 1)]
        assert {src for _, _, src in moved.cards} == {Loc(0, "library", player)}
        # the ids in their order after the shuffle, bottom first: the subgame library's order
        assert list(moved.ids) == [o.id for o in steps[i].snapshot.in_zone(1, Zone.LIBRARY,
                                                                             player)]
        assert replay(steps[i - 1].snapshot, steps[i].changes) == steps[i].snapshot
    # the seeded shuffles give the orders they gave when each card moved on its own
    assert batch(steps[idx[1]]).ids == tuple(f"Alex#{k}" for k in (
        7, 13, 9, 15, 14, 3, 11, 10, 4, 1, 6, 12, 8, 2, 5))
    assert batch(steps[idx[2]]).ids == tuple(f"Bianca#{k}" for k in (
        6, 4, 8, 2, 9, 10, 7, 5, 12, 3, 1, 11))
    assert g.zone("library", "Alex") == [] and g.zone("library", "Bianca") == []
    assert len(g.zone("library", "Alex", 1)) == 8 and len(g.zone("hand", "Alex", 1)) == 7
    assert len(g.zone("library", "Bianca", 1)) == 5 and len(g.zone("hand", "Bianca", 1)) == 7
    assert {g.where(f"Alex#{i}")[0] for i in range(1, 16)} == {"1"}
    assert g.where("bears") == ("main", "battlefield")
    assert g.where("griffin") == ("main", "hand")
    assert g.where("specter") == ("main", "graveyard")
    assert g.where("plains") == ("outside", "outside")
    assert g.zone("battlefield", game=1) == [] and g.zone("graveyard", "Bianca", 1) == []
    assert g.current.first in ("Alex", "Bianca") and g.active is None
    assert (g.current.turn, g.current.step, g.priority) == (0, "pregame", None)


class RecordingRandom(random.Random):
    """A seeded generator that records what the engine asks of it."""

    def __init__(self, seed):
        self.calls = []
        super().__init__(seed)

    def shuffle(self, x):
        self.calls.append(("shuffle", len(x)))
        super().shuffle(x)

    def choice(self, seq):
        result = super().choice(seq)
        self.calls.append(("choice", tuple(seq), result))
        return result


def test_726_2_shuffles_and_first_player_use_the_seeded_generator(monkeypatch):
    """CR 726.2: the libraries are shuffled and the first player determined at random, with the
    game's one seeded generator (never the global ``random`` module)."""
    def boom(*a, **k):
        raise AssertionError("the global random generator was used")

    for name in ("shuffle", "choice", "random", "randrange", "randint", "sample"):
        monkeypatch.setattr(random, name, boom)
    g = new_game(libraries={"Alex": 10, "Bianca": 12}, seed=5)
    g.rng = RecordingRandom(5)
    start(g, upkeep=False)
    assert g.rng.calls == [("shuffle", 10), ("shuffle", 12),
                           ("choice", ("Alex", "Bianca"), g.current.first)]
    assert g.active is None
    g.advance("upkeep")
    assert g.active == g.current.first


def test_726_2_same_seed_same_start_other_seeds_differ():
    """CR 726.2: "Randomly determine which player goes first": the same seed always gives the
    same first player and library order; over several seeds both players go first."""
    def run(seed):
        g = start(new_game(seed=seed, libraries={"Alex": 12, "Bianca": 12}), upkeep=False)
        return g.current.first, g.zone("library", "Alex", 1), g.zone("hand", "Alex", 1)

    assert run(3) == run(3)
    results = [run(seed) for seed in range(12)]
    assert {first for first, _, _ in results} == {"Alex", "Bianca"}
    assert len({tuple(hand) for _, _, hand in results}) > 1


# -- 726.2a --------------------------------------------------------------------------------------

def planar_game(**kw) -> Game:
    g = new_game(variant="planechase", **kw)
    g.add_object("tazeem", "Tazeem", owner="Alex", zone="command", traditional=False,
                 deck="planar", face_up=True, types=["plane"])
    for oid, name in (("naya", "Naya"), ("otaria", "Otaria")):
        g.add_object(oid, name, owner="Alex", zone="command", traditional=False, deck="planar",
                     types=["plane"])
    for oid, name in (("carousel", "Carnival Carousel"), ("ferris", "Ferris Wheel")):
        g.add_object(oid, name, owner="Bianca", zone="command", traditional=False,
                     deck="attraction", types=["artifact", "attraction"])
    return g


def test_726_2a_supplementary_decks_move_face_up_cards_stay():
    """CR 726.2a: each player moves each supplementary deck to the subgame command zone and
    shuffles it; face-up nontraditional cards remain in the main-game command zone."""
    g = start(planar_game(), upkeep=False)
    assert g.where("tazeem") == ("main", "command") and g.obj("tazeem").face_up
    for oid, deck in (("naya", "planar"), ("otaria", "planar"), ("carousel", "attraction"),
                      ("ferris", "attraction")):
        assert g.where(oid) == ("1", "command")
        assert not g.obj(oid).face_up and g.obj(oid).began_in_deck == deck
    steps = [s for s in g.trace if s.rule == "726.2a"]
    moving = [s for s in steps if not s.text.startswith("(Face-up")]
    assert len(moving) == 2
    decks = [batch(s) for s in moving]  # each deck moves and is shuffled in one change
    assert {(c.player, c.what, c.dst, c.shuffled) for c in decks} == {
        ("Alex", "planar deck", Loc(1, "command"), True),
        ("Bianca", "Attraction deck", Loc(1, "command"), True)}
    assert {oid for c in decks for oid in c.ids} == {"naya", "otaria", "carousel", "ferris"}
    remain = [s for s in steps if s.text.startswith("(Face-up")]
    assert len(remain) == 1 and any("Tazeem" in n and "remains in the main-game command zone"
                                    in n for n in remain[0].notes)
    in_order(list(g.trace), [("726.2", "moves them to their subgame library"),
                             ("726.2a", "supplementary decks")])


def conspiracy_game(edition: str = "726") -> Game:
    """Alex's Brago's Favor (hidden agenda, face down), Bianca's Advantageous Proclamation (face
    up) and Bianca's Attraction deck, all in the main-game command zone."""
    g = new_game(edition=edition, seed=2)
    g.add_object("favor", "Brago's Favor", owner="Alex", zone="command", traditional=False,
                 deck="conspiracy", types=["conspiracy"])
    g.add_object("proclamation", "Advantageous Proclamation", owner="Bianca", zone="command",
                 traditional=False, deck="conspiracy", face_up=True, types=["conspiracy"])
    g.add_object("carousel", "Carnival Carousel", owner="Bianca", zone="command",
                 traditional=False, deck="attraction", types=["artifact", "attraction"])
    return g


def test_726_2a_conspiracies_are_no_supplementary_deck_and_stay_in_the_main_game():
    """CR 726.2a moves supplementary decks only; conspiracy cards are not a deck, and CR 726.2:
    "No other cards in a main-game zone are moved". Brago's Favor (face down) and Advantageous
    Proclamation (face up) stay in the main-game command zone through the subgame; the Attraction
    deck goes and comes back (726.5a)."""
    g = start(conspiracy_game(), upkeep=False)
    assert g.where("favor") == ("main", "command") and not g.obj("favor").face_up
    assert g.where("proclamation") == ("main", "command") and g.obj("proclamation").face_up
    assert g.where("carousel") == ("1", "command")
    moved = {oid for s in g.trace if s.rule == "726.2a" for oid in batch(s).ids}
    assert moved == {"carousel"}
    stay = step_of(list(g.trace), "726.2", "No other cards in a main-game zone are moved")
    assert stay.changes == () or not changes(stay, Move)
    assert [n for n in stay.notes if "conspiracy card" in n] == [
        "Brago's Favor [favor] (face down) is a conspiracy card, not part of a supplementary "
        "deck (CR 726.2a moves only supplementary decks): it stays in the main-game command zone.",
        "Advantageous Proclamation [proclamation] (face up) is a conspiracy card, not part of a "
        "supplementary deck (CR 726.2a moves only supplementary decks): it stays in the "
        "main-game command zone."]
    in_order(list(g.trace), [("726.2a", "supplementary decks"), ("726.2", "No other cards")])
    steps = g.win("Alex")
    assert not any(m.obj in ("favor", "proclamation") for s in steps for m in changes(s, Move))
    assert g.where("favor") == ("main", "command") and not g.obj("favor").face_up
    assert g.where("proclamation") == ("main", "command") and g.obj("proclamation").face_up
    assert g.where("carousel") == ("main", "command")
    assert (g.life("Alex"), g.life("Bianca")) == (20, 10)


@pytest.mark.parametrize("number, rule, text", [
    ("723", "723.2", "No other cards in a main-game zone are moved to their corresponding "
                     "subgame zone, except as specified in rules 723.2a–d."),
    ("506", "506.5", "All objects in the main game and all cards outside the main game are "
                     "considered outside the subgame (except those specifically brought into "
                     "the subgame).")])
def test_726_2a_conspiracies_stay_under_the_older_editions(number, rule, text):
    """CR 723.2 ("No other cards ... are moved") and CR 506.5 (main-game objects are outside the
    subgame): the conspiracies stay in the main-game command zone under those editions too."""
    g = start(conspiracy_game(number), upkeep=False)
    assert g.where("favor") == ("main", "command") and g.where("proclamation") == (
        "main", "command")
    stay = [s for s in g.trace if any("conspiracy card" in n for n in s.notes)]
    assert len(stay) == 1 and (stay[0].rule, stay[0].text) == (rule, text)


# -- 726.2b --------------------------------------------------------------------------------------

def vanguard_game(**kw) -> Game:
    g = new_game(variant="vanguard", **kw)
    g.add_object("v-alex", "Maraxus", owner="Alex", zone="command", deck="vanguard",
                 traditional=False, types=["vanguard"])
    g.add_object("v-bianca", "Sisay", owner="Bianca", zone="command", deck="vanguard",
                 traditional=False, types=["vanguard"])
    return g


def test_726_2b_vanguards_move_to_the_subgame():
    """CR 726.2b: as a subgame of a Vanguard game starts, each player moves their vanguard from
    the main-game command zone to the subgame command zone."""
    g = start(vanguard_game(), upkeep=False)
    assert g.where("v-alex") == ("1", "command") and g.where("v-bianca") == ("1", "command")
    assert g.zone("command") == []
    moved = [m.obj for s in g.trace if s.rule == "726.2b" for m in changes(s, Move)]
    assert sorted(moved) == ["v-alex", "v-bianca"]


# -- 726.2c --------------------------------------------------------------------------------------

def commander_game(**kw) -> Game:
    g = new_game(variant="commander", **kw)
    g.add_object("kaalia", "Kaalia of the Vast", owner="Alex", zone="battlefield",
                 commander=True, types=["legendary", "creature"])
    g.add_object("atraxa", "Atraxa", owner="Bianca", zone="command", commander=True,
                 types=["legendary", "creature"])
    return g


def test_726_2c_commander_moves_only_from_the_command_zone():
    """CR 726.2c: each player moves their commander from the main-game command zone (if it's
    there) to the subgame command zone; a commander on the battlefield stays."""
    g = start(commander_game(life={"Alex": 31}), upkeep=False)
    assert g.where("atraxa") == ("1", "command")
    assert g.where("kaalia") == ("main", "battlefield") and g.obj("kaalia").controller == "Alex"
    steps = [s for s in g.trace if s.rule == "726.2c"]
    assert [m.obj for s in steps for m in changes(s, Move)] == ["atraxa"]
    assert any("Kaalia" in n and "stays in the main game" in n for s in steps for n in s.notes)
    assert g.life("Alex", 1) == 40 and g.life("Bianca", 1) == 40 and g.life("Alex") == 31


# -- 726.3 ---------------------------------------------------------------------------------------

def test_726_3_fewer_than_seven_cards_loses_in_the_first_upkeep():
    """CR 726.3: a player with fewer than seven cards loses the subgame when state-based actions
    are checked in the upkeep of the first turn."""
    g = start(new_game(libraries={"Alex": 10, "Bianca": 6}), upkeep=False)
    assert g.in_game("Bianca", 1) and len(g.zone("hand", "Bianca", 1)) == 6
    s = step_of(g.trace, "726.3")
    assert any("Bianca had only 6 cards" in n for n in s.notes)
    steps = g.advance("upkeep")
    loss = step_of(steps, "704.5b")
    assert loss.snapshot.games[1].step == "upkeep" and loss.snapshot.games[1].turn == 1
    assert g.world.games[1].winner == "Alex"
    assert g.world.games[1].seat("Bianca").result == "lost"
    assert (g.life("Alex"), g.life("Bianca")) == (20, 10)
    assert len(g.zone("library", "Bianca")) == 6 and g.subgames == 0


def test_726_3_both_short_the_subgame_is_a_draw():
    """CR 726.3 for both players: both lose at the same state-based check, so the subgame is a
    draw (CR 104.4a) and both lose half their main-game life."""
    g = start(new_game(libraries={"Alex": 4, "Bianca": 6}, life={"Alex": 9}), upkeep=False)
    assert len([s for s in g.trace if s.rule == "726.3"]) == 2
    g.advance("upkeep")
    assert g.world.games[1].ended and g.world.games[1].winner is None
    assert (g.life("Alex"), g.life("Bianca")) == (4, 10)
    assert len(g.zone("library", "Alex")) == 4 and len(g.zone("library", "Bianca")) == 6


def test_726_3_exactly_seven_cards_is_enough_for_the_first_player():
    """CR 726.3: seven cards are enough to start (the first player of a two-player subgame skips
    the first draw), so nobody loses in the first upkeep."""
    for seed in range(40):
        g = start(new_game(seed=seed, libraries={"Alex": 7, "Bianca": 7}), upkeep=False)
        if g.current.first == "Alex":
            break
    assert g.current.first == "Alex"
    g.advance("main")
    assert g.in_game("Alex", 1) and g.in_game("Bianca", 1) and g.subgames == 1
    assert len(g.zone("hand", "Alex", 1)) == 7 and not g.trace.cites("726.3")


# -- 726.4 ---------------------------------------------------------------------------------------

def test_726_4_main_game_objects_and_absent_players_are_outside():
    """CR 726.4: main-game objects and cards outside the main game are outside the subgame unless
    brought in; players not in the subgame (Cho conceded the main game) are outside it."""
    g = new_game(("Alex", "Bianca", "Cho"), seed=7)
    g.add_object("angel", "Serra Angel", owner="Alex", zone="battlefield")
    g.add_object("griffin", "Assault Griffin", owner="Alex", zone="graveyard")
    g.apply({"concede": "Cho"})
    start(g)
    assert g.current.seats == ("Alex", "Bianca") and not g.in_game("Cho", 1)
    s = step_of(g.trace, "726.4", "All players not currently in the subgame")
    assert any("Cho" in n for n in s.notes)
    step_of(g.trace, "726.4", "All objects in the main game")
    assert g.zone("battlefield", game=1) == [] and g.where("angel") == ("main", "battlefield")
    g.apply({"bring_in": {"object": "griffin", "to": "hand"}})
    assert g.where("griffin") == ("1", "hand")
    g.win("Bianca")
    assert g.where("griffin") == ("main", "library")
    assert (g.life("Alex"), g.life("Bianca")) == (10, 20)
    assert not g.in_game("Cho")


# -- 726.4a --------------------------------------------------------------------------------------

def test_726_4a_trigger_on_a_card_brought_in_is_held():
    """CR 726.4a: a card brought into the subgame from the main game makes main-game abilities
    trigger, but they go on the stack only when the main game resumes (CR 726.5: after the
    spell finishes resolving)."""
    g = new_game()
    g.add_object("konrad", "Syr Konrad, the Grim", owner="Alex", zone="battlefield")
    g.add_object("runeclaw", "Runeclaw Bears", owner="Alex", zone="graveyard")
    start(g)
    steps = g.apply({"bring_in": {"object": "runeclaw", "to": "hand"}})
    s = step_of(steps, "726.4a", "Some effects can bring cards into a game")
    assert changes(s, Move)[0].src.game == 0 and changes(s, Move)[0].dst.game == 1
    assert changes(s, Trigger) == []
    s = step_of(steps, "726.4a", "won’t be put onto the stack until the main game resumes")
    held = changes(s, Trigger)
    assert len(held) == 1 and held[0].game == 0 and "held" in held[0].status
    assert g.where("runeclaw") == ("1", "hand")
    assert [t.source for t in g.world.games[0].held] == ["konrad"]
    assert [o.id for o in g.world.stack(0)] == ["shahrazad"] and g.life("Bianca") == 20
    steps = g.win("Alex")
    idx = in_order(steps, [("726.5", "finishes resolving"), ("608.2n", ""),
                           ("726.5", "those abilities are put onto the stack"), ("603.3", "")])
    assert steps[idx[0]].snapshot.games[0].held != ()
    assert steps[idx[2]].snapshot.games[0].held == ()
    assert g.stack == ["konrad"] and g.world.games[0].held == ()
    assert g.life("Bianca") == 10 and g.priority == "Alex"
    g.resolve("konrad")
    assert g.life("Bianca") == 9 and g.life("Alex") == 20 and g.stack == []
    assert g.where("runeclaw") == ("main", "library")


def konrad_subgame(seed: int = 3) -> Game:
    """Three players in a subgame; Alex's Syr Konrad on the subgame's battlefield, Bianca's on the
    discontinued main game's; Runeclaw Bears in Alex's main-game hand, Serra Angel outside."""
    g = new_game(("Alex", "Bianca", "Cho"), seed=seed)
    g.add_object("konrad", "Syr Konrad, the Grim", owner="Alex", zone="library")
    g.add_object("bianca-konrad", "Syr Konrad, the Grim", owner="Bianca", zone="battlefield")
    g.add_object("bears", "Runeclaw Bears", owner="Alex", zone="hand")
    g.add_object("angel", "Serra Angel", owner="Alex", zone="outside")
    start(g, upkeep=False)
    g.advance("main")
    g.apply({"move": {"object": "konrad", "to": "battlefield"}})
    return g


def test_726_4a_konrad_triggers_on_a_creature_card_put_into_a_subgame_graveyard_from_outside():
    """CR 726.4a with Syr Konrad ("a creature card is put into a graveyard from anywhere other
    than the battlefield"): a card brought into the subgame's graveyard from the main game's hand,
    or from outside every game, triggers the subgame's Konrad; it deals 1 damage to each opponent
    in the subgame. Nothing triggers in the discontinued main game (Bianca's Konrad there saw no
    card leave her graveyard)."""
    g = konrad_subgame()
    assert g.where("konrad") == ("1", "battlefield")
    for card, origin, life in (("bears", "from the main game", 19),
                               ("angel", "from outside every game", 18)):
        steps = g.apply({"bring_in": {"object": card, "to": "graveyard"}})
        s = step_of(steps, "726.4a", "Some effects can bring cards into a game")
        assert [(m.obj, m.dst.game, m.dst.zone) for m in changes(s, Move)] == [
            (card, 1, "graveyard")]
        assert [(t.game, t.status) for t in changes(s, Trigger)] == [(1, "triggers")]
        assert origin in changes(s, Trigger)[0].text
        assert g.stack == ["konrad"]
        assert g.world.games[0].held == () and g.world.games[0].pending == ()
        resolved = g.resolve("konrad")
        damage = step_of(resolved, "608.2c", "follows its instructions in the order written")
        assert changes(damage, Life) == [Life(1, "Bianca", life + 1, life),
                                         Life(1, "Cho", life + 1, life)]
        assert (g.life("Alex", 1), g.life("Bianca", 1), g.life("Cho", 1)) == (20, life, life)
    assert (g.life("Bianca"), g.life("Cho")) == (20, 20)
    assert [o.id for o in g.world.stack(0)] == ["shahrazad"]
    assert not any(t.game == 0 for s in g.trace for t in changes(s, Trigger))


def test_726_4a_card_from_a_main_game_graveyard_triggers_both_konrads():
    """Syr Konrad, one condition per game: a creature card taken from Alex's main-game graveyard
    into his subgame graveyard "leaves your graveyard" for the main-game Konrad (held, CR 726.4a)
    and is "put into a graveyard from anywhere other than the battlefield" for the subgame's."""
    g = new_game(seed=3)
    g.add_object("konrad", "Syr Konrad, the Grim", owner="Alex", zone="battlefield")
    g.add_object("konrad-2", "Syr Konrad, the Grim", owner="Alex", zone="library")
    g.add_object("runeclaw", "Runeclaw Bears", owner="Alex", zone="graveyard")
    start(g, upkeep=False)
    g.advance("main")
    g.apply({"move": {"object": "konrad-2", "to": "battlefield"}})
    steps = g.apply({"bring_in": {"object": "runeclaw", "to": "graveyard"}})
    triggered = [(t.game, t.status.split(" ")[0], s.text.startswith("If a card is brought"))
                 for s in steps if s.rule == "726.4a" for t in changes(s, Trigger)]
    assert sorted(triggered) == [(0, "triggers", True), (1, "triggers", False)]
    assert [t.source for t in g.world.games[0].held] == ["konrad"]
    assert g.stack == ["konrad-2"]
    g.resolve("konrad-2")
    assert g.life("Bianca", 1) == 19 and g.life("Bianca") == 20


# -- 726.4b --------------------------------------------------------------------------------------

def test_726_4b_counters_are_per_game():
    """CR 726.4b: main-game counters aren't part of the subgame but are there when the main game
    resumes; counters gotten in the subgame cease to exist when it ends."""
    g = new_game()
    g.apply({"counters": {"player": "Bianca", "kind": "poison", "add": 8}})
    start(g)
    s = step_of(g.trace, "726.4b", "aren’t considered part of the subgame")
    assert any("Bianca keeps 8 poison" in n for n in s.notes)
    assert g.counters("Bianca", 1) == {} and g.counters("Bianca") == {"poison": 8}
    g.apply({"counters": {"player": "Bianca", "kind": "poison", "add": 3}})
    g.advance("main")
    assert g.counters("Bianca", 1) == {"poison": 3} and g.in_game("Bianca", 1)
    steps = g.win("Bianca")
    end = step_of(steps, "726.4b", "cease to exist")
    assert changes(end, Counters) == [Counters(1, "Bianca", "poison", 3, 0)]
    assert g.counters("Bianca") == {"poison": 8} and g.counters("Bianca", 1) == {}
    assert g.in_game("Bianca") and (g.life("Alex"), g.life("Bianca")) == (10, 20)


# -- 726.5 ---------------------------------------------------------------------------------------

def test_726_5_subgame_cards_go_to_main_libraries_and_other_objects_cease():
    """CR 726.5: traditional cards in the subgame (exile and phased-out permanents included, and
    cards brought in from outside) go to their owner's main-game library, shuffled; all other
    objects cease to exist; then the spell that created the subgame finishes resolving."""
    g = new_game(libraries={"Alex": 12, "Bianca": 12})
    g.add_object("plains", "Plains", owner="Alex", zone="outside", types=["land"])
    start(g)
    g.apply({"bring_in": {"object": "plains", "to": "hand"}})
    g.apply({"move": {"object": "Alex#1", "to": "exile"}})
    g.apply({"move": {"object": "Bianca#2", "to": "graveyard"}})
    g.apply({"move": {"object": "Bianca#3", "to": "battlefield"}})
    g.apply({"create": {"id": "soldier", "name": "Soldier", "controller": "Bianca",
                        "zone": "battlefield"}})
    g.apply({"life": {"player": "Alex", "add": -7}})
    card = g.obj("Bianca#3")
    g.world = replace(g.world, objects=g.world.objects.set(card.id,
                                                           replace(card, phased_out=True)))
    assert g.life("Alex", 1) == 13
    steps = g.win("Bianca")
    idx = in_order(steps, [("726.5", "puts them into their main-game library"),
                           ("726.5", "puts them into their main-game library"),
                           ("726.5", "all other objects in the subgame cease to exist"),
                           ("726.1a", "It resumes"),
                           ("726.5", "finishes resolving"),
                           ("608.2n", "")])
    alex, bianca = steps[idx[0]], steps[idx[1]]
    # one change per player: every card of theirs, from every zone of the subgame, into the
    # main-game library, which is then shuffled
    home, bianca_home = batch(alex), batch(bianca)
    assert set(home.ids) == {f"Alex#{i}" for i in range(1, 13)} | {"plains"}
    assert (home.player, home.dst, home.shuffled) == ("Alex", Loc(0, "library", "Alex"), True)
    assert (bianca_home.player, bianca_home.dst, bianca_home.shuffled) == (
        "Bianca", Loc(0, "library", "Bianca"), True)
    assert {oid: src for oid, _, src in home.cards}["Alex#1"] == Loc(1, "exile")
    assert {oid: src for oid, _, src in home.cards}["plains"] == Loc(1, "hand", "Alex")
    assert {oid: src for oid, _, src in bianca_home.cards}["Bianca#3"] == Loc(1, "battlefield")
    assert list(home.ids) == [o.id for o in alex.snapshot.in_zone(0, Zone.LIBRARY, "Alex")]
    assert [m.obj for m in home.singles() if isinstance(m, Move)] == sorted(home.ids,
                                                                           key=by_source(home))
    assert home.singles()[-1] == Shuffle(0, "Alex", "library")
    phased = steps[idx[1] - 1]  # CR 726.5's own words name the phased-out card first
    assert phased.rule == "726.5" and "phased-out permanents" in phased.text
    assert any("Bianca#3" in n and "phased out" in n for n in phased.notes)
    assert [c.obj for c in changes(steps[idx[2]], Cease)] == ["soldier"]
    finish = steps[idx[4]]
    assert [o.id for o in finish.snapshot.stack(0)] == ["shahrazad"]
    assert changes(finish, Life) == [Life(0, "Alex", 20, 10)]
    assert g.where("shahrazad") == ("main", "graveyard")
    for oid in ("Alex#1", "Bianca#2", "Bianca#3", "plains"):
        assert g.where(oid) == ("main", "library")
    assert not g.obj("Bianca#3").phased_out
    assert g.obj("soldier") is None
    assert [o for o in g.world.objects.values() if o.game == 1] == []
    assert len(g.zone("library", "Alex")) == 13 and len(g.zone("library", "Bianca")) == 12
    assert (g.life("Alex"), g.life("Bianca")) == (10, 20)
    assert (g.priority, g.active, g.stack, g.subgames) == ("Alex", "Alex", [], 0)


def test_726_5_whole_end_sequence_in_text_order():
    """CR 726.5 with 726.5a-c and 726.4b: cards to the library, then 5a (face down, decks home)
    and 5c, subgame counters and objects cease to exist, the main game resumes, the spell
    finishes resolving, and only then do the held main-game triggers go on the stack."""
    g = commander_game()
    g.add_object("carousel", "Carnival Carousel", owner="Bianca", zone="command",
                 traditional=False, deck="attraction", types=["artifact", "attraction"])
    g.add_object("konrad", "Syr Konrad, the Grim", owner="Alex", zone="battlefield")
    g.add_object("runeclaw", "Runeclaw Bears", owner="Alex", zone="graveyard")
    start(g)
    g.apply({"bring_in": {"object": "runeclaw", "to": "hand"}})
    g.apply({"move": {"object": "carousel", "to": "battlefield"}})
    g.apply({"counters": {"player": "Bianca", "kind": "poison", "add": 1}})
    steps = g.win("Bianca")
    idx = in_order(steps, [("726.5", "puts them into their main-game library"),
                           ("726.5a", "turned face down and put on the bottom"),
                           ("726.5a", "moves each of their supplementary decks"),
                           ("726.5c", ""),
                           ("726.4b", "cease to exist"),
                           ("726.5", "all other objects in the subgame cease to exist"),
                           ("726.1a", "It resumes"),
                           ("726.5", "finishes resolving"),
                           ("608.2n", ""),
                           ("726.5", "those abilities are put onto the stack"),
                           ("603.3", "")])
    assert changes(steps[idx[3]], Move)[0].obj == "atraxa"
    assert g.where("atraxa") == ("main", "command") and g.where("carousel") == ("main", "command")
    assert not g.obj("carousel").face_up
    assert g.where("kaalia") == ("main", "battlefield")
    assert g.stack == ["konrad"] and g.life("Alex") == 20 and g.life("Bianca") == 40


def test_726_5_card_of_the_creating_spell_brought_in():
    """CR 726.5: the spell finishes resolving "even if it was created by a spell card that's no
    longer on the stack": the Shahrazad card brought into the subgame ends in the library."""
    g = start(new_game())
    g.apply({"bring_in": {"object": "shahrazad", "to": "hand"}})
    assert g.where("shahrazad") == ("1", "hand") and g.world.stack(0) == []
    steps = g.win("Alex")
    finish = step_of(steps, "726.5", "finishes resolving")
    assert changes(finish, Life) == [Life(0, "Bianca", 20, 10)]
    assert g.where("shahrazad") == ("main", "library") and g.zone("graveyard", "Alex") == []
    assert len(g.zone("library", "Alex")) == 11 and not any(s.rule == "608.2n" for s in steps)


@pytest.mark.parametrize("life, after", [(1, 0), (2, 1), (3, 1), (7, 3), (13, 6), (20, 10),
                                         (40, 20)])
def test_726_5_half_life_rounded_up(life, after):
    """Shahrazad, finishing resolving (CR 726.5): each player who doesn't win loses half their
    life, rounded up; with a drawn subgame that is everyone."""
    g = start(new_game(life={"Alex": life, "Bianca": life}))
    g.apply({"draw_game": True})
    assert g.world.games[1].winner is None
    assert g.life("Alex") == after and g.life("Bianca") == after
    if after == 0:
        assert g.world.games[0].ended and g.world.games[0].winner is None
    else:
        assert g.in_game("Alex") and g.in_game("Bianca")


# -- 726.5a --------------------------------------------------------------------------------------

def test_726_5a_nontraditional_cards_back_face_down_then_decks_home():
    """CR 726.5a: a nontraditional card not in its supplementary deck (an opened Attraction) is
    turned face down and put on the bottom of that deck; then each deck moves back to the
    main-game command zone and is shuffled. The starting plane (CR 901.5) is off its planar deck
    too, so it is turned face down and put on the bottom as well."""
    g = start(planar_game())
    g.apply({"move": {"object": "ferris", "to": "battlefield"}})
    assert g.where("ferris") == ("1", "battlefield")
    plane = [o for o in ("naya", "otaria") if g.obj(o).face_up]
    assert g.current.first != "Alex" or len(plane) == 1
    steps = g.win("Alex")
    idx = in_order(steps, [("726.5a", "turned face down"),
                           ("726.5a", "moves each of their supplementary decks"),
                           ("726.5a", "moves each of their supplementary decks")])
    flip = changes(steps[idx[0]], Move)
    assert sorted((m.obj, m.src.zone, m.dst.game, m.dst.zone) for m in flip) == sorted(
        [("ferris", "battlefield", 1, "command")] + [(p, "command", 1, "command") for p in plane])
    assert steps[idx[0]].snapshot.objects["ferris"].face_up is False
    home = [batch(steps[i]) for i in idx[1:]]
    assert {(c.player, c.what, c.dst, c.shuffled) for c in home} == {
        ("Alex", "planar deck", Loc(0, "command"), True),
        ("Bianca", "Attraction deck", Loc(0, "command"), True)}
    for oid in ("naya", "otaria", "carousel", "ferris"):
        assert g.where(oid) == ("main", "command") and not g.obj(oid).face_up
        assert g.obj(oid).began_in_deck is None
    assert g.where("tazeem") == ("main", "command") and g.obj("tazeem").face_up
    assert g.life("Bianca") == 10


# -- 726.5b --------------------------------------------------------------------------------------

def test_726_5b_vanguards_return():
    """CR 726.5b: at the end of a subgame of a Vanguard game, each vanguard moves from the
    subgame command zone to the main-game command zone."""
    g = start(vanguard_game())
    steps = g.apply({"draw_game": True})
    moved = [(m.obj, m.src.game, m.dst.game, m.dst.zone) for s in steps if s.rule == "726.5b"
             for m in changes(s, Move)]
    assert sorted(moved) == [("v-alex", 1, 0, "command"), ("v-bianca", 1, 0, "command")]
    assert g.zone("command") == ["v-alex", "v-bianca"]  # bottom first: moved in turn order
    assert (g.life("Alex"), g.life("Bianca")) == (10, 10)


# -- 726.5c --------------------------------------------------------------------------------------

def test_726_5c_commanders_return_if_in_the_command_zone():
    """CR 726.5c: commanders in the subgame command zone move to the main-game command zone;
    Kaalia never left the main battlefield."""
    g = start(commander_game(life={"Bianca": 27}))
    g.apply({"life": {"player": "Bianca", "add": -15}})
    g.apply({"concede": "Bianca"})
    s = step_of(g.trace, "726.5c")
    assert [(m.obj, m.dst.game, m.dst.zone) for m in changes(s, Move)] == [
        ("atraxa", 0, "command")]
    assert g.where("atraxa") == ("main", "command")
    assert g.where("kaalia") == ("main", "battlefield")
    assert (g.life("Alex"), g.life("Bianca")) == (40, 13)


def test_726_5c_903_9b_commander_outside_the_command_zone_goes_to_the_command_zone():
    """CR 726.5 vs 726.5c, with CR 903.9b: a commander that ends the subgame on the battlefield
    is not "there", so 726.5c does not move it and 726.5 would put it into its owner's main-game
    library; CR 903.9b replaces that: its owner puts it into the main-game command zone instead
    (the engine's default; the Tug of War ruling of 2022-10-07). The 726.5c step says where it
    is."""
    for seed in range(40):
        g = start(commander_game(seed=seed), upkeep=False)
        if g.current.first == "Bianca":
            break
    assert g.current.first == "Bianca"
    g.advance("main")
    g.cast("atraxa", "Bianca")
    g.resolve("atraxa")
    assert g.where("atraxa") == ("1", "battlefield")
    g.win("Bianca")
    assert g.where("atraxa") == ("main", "command") and g.zone("command") == ["atraxa"]
    assert "atraxa" not in g.zone("library", "Bianca")
    s = step_of(g.trace, "726.5c")
    assert changes(s, Move) == [] and any(
        "not in its command zone" in n and "now in the main-game command zone (CR 903.9b)" in n
        for n in s.notes)
    s = step_of(g.trace, "903.9b")
    assert [(m.obj, m.src.game, m.dst.game, m.dst.zone) for m in changes(s, Move)] == [
        ("atraxa", 1, 0, "command")]


# -- 726.6 ---------------------------------------------------------------------------------------

def test_726_6_subgame_within_a_subgame():
    """CR 726.6: a subgame created within a subgame; the existing subgame becomes the main game of
    the new one: its libraries feed subgame 2, and subgame 2's end (cards, half life) happens in
    subgame 1, which ends later."""
    g = new_game(libraries={"Alex": 14, "Bianca": 16})
    g.add_object("shah-a", "Shahrazad", owner="Alex", zone="outside")
    g.add_object("shah-b", "Shahrazad", owner="Bianca", zone="outside")
    start(g, upkeep=False)
    g.advance("main")
    caster = g.active
    other = "Bianca" if caster == "Alex" else "Alex"
    inner = "shah-a" if caster == "Alex" else "shah-b"
    g.apply({"bring_in": {"object": inner, "to": "hand"}})
    g.cast(inner, caster)
    steps = g.resolve(inner)
    idx = in_order(steps, [("726.1", ""), ("726.6", "becomes the main game"),
                           ("726.1a", "temporarily discontinued")])
    assert any("Subgame 1 is now the main game of subgame 2" in n for n in steps[idx[1]].notes)
    assert g.current.gid == 2 and g.current.parent == 1 and g.subgames == 2
    assert g.world.games[1].status == "discontinued" and g.world.games[0].status == "discontinued"
    assert [o.id for o in g.world.stack(1)] == [inner] and g.world.stack(0)[0].id == "shahrazad"
    assert g.zone("library", caster, 1) == [] and g.zone("library", other, 1) == []
    sub1_hand = set(g.zone("hand", caster, 1))
    g.advance("upkeep")
    assert g.subgames == 2 and g.current.gid == 2  # seven cards or more each: nobody lost
    g.win(other)
    assert g.subgames == 1 and g.current.gid == 1
    assert g.world.games[2].winner == other
    assert g.life(caster, 1) == 10 and g.life(other, 1) == 20
    assert g.life(caster) == 20 and g.life(other) == 20
    assert g.where(inner) == ("1", "graveyard")
    assert set(g.zone("hand", caster, 1)) == sub1_hand
    assert {g.where(c)[0] for c in g.zone("library", other, 1)} == {"1"}
    assert g.zone("library", other) == [] and g.world.stack(0)[0].id == "shahrazad"
    assert g.priority == g.active == caster
    g.win(caster)
    assert g.subgames == 0 and g.where(inner) == ("main", "library")
    assert g.life(other) == 10 and g.life(caster) == 20
    assert len(g.zone("library", "Alex")) + len(g.zone("library", "Bianca")) == 31


# -- corners -------------------------------------------------------------------------------------

def test_fork_copy_subgame_first_then_original():
    """A copy of Shahrazad (Fork) is on top of the stack: its subgame (game 1) is played and
    ends first, then the original's (game 2); life halves twice."""
    g = new_game(libraries={"Alex": 12, "Bianca": 12})
    g.add_object("fork", "Fork", owner="Bianca", zone="hand")
    g.cast("shahrazad", "Alex")
    g.apply({"pass_priority": "Alex"})
    g.cast("fork", "Bianca", target="shahrazad")
    g.resolve("fork")
    copy = g.stack[-1]
    assert g.stack == ["shahrazad", copy] and g.obj(copy).controller == "Bianca"
    g.resolve(copy)
    assert g.current.creator == copy
    g.advance("upkeep")
    g.win("Bianca")
    assert g.obj(copy) is None and g.stack == ["shahrazad"] and g.life("Alex") == 10
    g.resolve("shahrazad")
    assert g.current.gid == 2 and g.current.creator == "shahrazad"
    g.advance("upkeep")
    g.win("Bianca")
    assert (g.life("Alex"), g.life("Bianca")) == (5, 20)
    assert g.where("shahrazad") == ("main", "graveyard")


# -- determinism ---------------------------------------------------------------------------------

DETERMINISM = ["corner_nested_subgame.yaml", "corner_living_wish_konrad.yaml",
               "726_5a_supplementary_decks_back.yaml"]


def dump(result) -> str:
    return json.dumps([s.to_dict() for s in result.trace], ensure_ascii=False, sort_keys=True)


@pytest.mark.parametrize("name", DETERMINISM)
def test_same_scenario_and_seed_give_the_same_trace(name):
    """The same scenario and seed give the same trace, byte for byte (DESIGN.md 3)."""
    a, b = load_scenario(SCENARIOS / name).run(), load_scenario(SCENARIOS / name).run()
    assert a.trace.text() == b.trace.text()
    assert dump(a) == dump(b)
    assert [s.to_dict() for s in a.trace] == [s.to_dict() for s in b.trace]


def test_same_trace_across_processes_and_hash_seeds():
    """Byte for byte also across interpreter runs with different string-hash seeds."""
    code = ("import json, sys, magicsub\n"
            "r = magicsub.load_scenario(sys.argv[1]).run()\n"
            "sys.stdout.write(r.trace.text() + '\\n' + json.dumps([s.to_dict() for s in r.trace],"
            " ensure_ascii=False, sort_keys=True))\n")
    path = str(SCENARIOS / DETERMINISM[0])
    local = load_scenario(path).run()
    expected = local.trace.text() + "\n" + dump(local)
    for hash_seed in ("0", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=str(ROOT),
                   PYTHONIOENCODING="utf-8")
        out = subprocess.run([sys.executable, "-c", code, path], env=env, cwd=ROOT,
                             capture_output=True, check=True).stdout.decode("utf-8")
        assert out == expected


def test_the_seed_alone_decides_who_goes_first_in_the_subgame():
    """CR 726.2 with the seed: over ten seeds both players go first and the traces differ; the
    same seed twice gives the same trace."""
    def first(seed):
        data = load_scenario(SCENARIOS / "726_1a_main_game_discontinued.yaml").data
        g = Game(data["players"], seed=seed, libraries=data["libraries"])
        g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
        return start(g, upkeep=False)

    games = [first(seed) for seed in range(10)]
    assert len({g.current.first for g in games}) == 2
    assert len({g.trace.text() for g in games}) > 1
    assert first(1).trace.text() == first(1).trace.text()
    assert {type(c) for g in games for s in g.trace for c in s.changes} >= {Move, MoveAll, Note}


# -- engine bugs found while writing these tests (reported) ---------------------------------------

def test_living_wish_exiling_itself_does_not_quote_the_graveyard_sentence():
    g = Game(["Alex", "Bianca"], seed=1, libraries={"Alex": 8, "Bianca": 8})
    g.add_object("wish", "Living Wish", owner="Alex", zone="hand")
    g.add_object("plains", "Plains", owner="Alex", zone="outside", types=["land"])
    g.cast("wish", "Alex")
    steps = g.resolve("wish", choose="plains")
    assert g.where("wish") == ("main", "exile") and g.where("plains") == ("main", "hand")
    exiling = [s for s in steps for m in changes(s, Move)
               if m.obj == "wish" and m.dst.zone == "exile"]
    assert len(exiling) == 1
    assert "graveyard" not in exiling[0].text
