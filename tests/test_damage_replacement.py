"""Damage dealt to a player, in one place (``magicsub.engine.damage``), and the damage replacement
effect "if a source would deal damage to [a player], it deals double that damage to that player
instead" (The Countdown Is at One's, for the rest of the main game).

CR 614.1a ("instead": a replacement effect), CR 120.3a (damage dealt to a player causes that
player to lose that much life: the damage dealt, after the replacement), CR 702.15b (lifelink
gains "that much life": the doubled damage), CR 616.1 and 614.5 (two such effects: the affected
player chooses the order; each doubles once, so the damage is quadrupled either way), CR 726.1b
(an effect of the main game means nothing in its subgame, one created in a subgame ends with
it), CR 800.4a (a player who has left is dealt no damage). Each class of source is checked with
more than one card: combat damage (Serra Angel, Grizzly Bears, lifelink from Sorin, Solemn
Visitor), a spell (Grapeshot), a triggered ability (Syr Konrad, the Grim).
"""

from __future__ import annotations

import pytest
from tracetools import P3, assert_unchanged, find, frozen, of, rules

from magicsub import Game, RulesError, ScenarioError
from magicsub.engine import damage
from magicsub.engine.trace import Life, Note, ReplacementChange
from magicsub.engine.transaction import Tx

COUNTDOWN = "The Countdown Is at One"
P2 = ["Alex", "Bianca"]


def game(players=P2, **objects) -> Game:
    """A game in Alex's precombat main phase; ``objects``: id -> (name, owner, zone)."""
    g = Game(players, seed=1, libraries={p: 10 for p in players})
    for oid, (name, owner, zone) in objects.items():
        g.add_object(oid, name, owner=owner, zone=zone)
    return g


def lives(g: Game, game_key: object = "main") -> dict[str, int]:
    return {p: g.life(p, game_key) for p in g.players if g.in_game(p, game_key)}


def losses(steps, game_id: int = 0) -> dict[str, int]:
    """Life lost (negative: gained) per player in game ``game_id`` over ``steps``."""
    out: dict[str, int] = {}
    for s in steps:
        for c in of(s, Life):
            if c.game == game_id:
                out[c.player] = out.get(c.player, 0) + c.old - c.new
    return out


def grapeshot(g: Game, target: str, oid: str = "shot") -> list:
    """Alex casts Grapeshot ``oid`` at ``target``; its storm trigger and then it resolve."""
    steps = g.cast(oid, "Alex", target=target)
    while g.stack:
        steps += g.resolve()
    return steps


def konrad_kills(g: Game, victim: str) -> list:
    """The creature ``victim`` dies; Syr Konrad's ability triggers and resolves."""
    steps = g.move(victim, "graveyard")
    while g.stack:
        steps += g.resolve()
    return steps


# -- the effect begins ---------------------------------------------------------------------------

def test_614_1a_the_effect_begins_in_the_trace_and_shows_on_the_board_and_in_the_api():
    """CR 614.1a: the effect begins as a step citing it, an effect change naming the players and
    the card; the game state holds it (``damage_factor``; the board lists it)."""
    g = game(P3)
    steps = g.double_damage(["Cho", "Bianca"], COUNTDOWN)
    assert rules(steps) == ["614.1a"]
    (began,) = of(steps[0], ReplacementChange)
    assert (began.kind, began.status, began.game) == ("effect", "begins", 0)
    assert began.words() == (f"damage dealt to Bianca and Cho is doubled ({COUNTDOWN}), for the "
                             "rest of the main game: begins")
    (effect,) = g.world.main.damage_replacements
    assert (effect.players, effect.source, effect.factor) == (("Bianca", "Cho"), COUNTDOWN, 2)
    assert [g.damage_factor(p) for p in P3] == [1, 2, 2]
    html = g._repr_html_()
    assert f"damage dealt to Bianca and Cho is doubled ({COUNTDOWN})" in html
    assert 'data-replacements="1"' in html


def test_614_1a_a_bad_request_is_refused_and_changes_nothing():
    """An unknown player (CR 102.1) or a value of the wrong type is refused; the game is as
    before. An empty set of players starts no effect and records nothing."""
    g = game()
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.double_damage(["Bianca", "Zed"], COUNTDOWN)
    assert err.value.rule == "102.1" and "Zed" in str(err.value)
    with pytest.raises(ScenarioError, match="double_damage: players"):
        g.double_damage("Bianca", COUNTDOWN)
    with pytest.raises(ScenarioError, match="double_damage: source"):
        g.double_damage(["Bianca"], "")
    assert_unchanged(g, before)
    assert g.double_damage([], COUNTDOWN) == [] and g.world.main.damage_replacements == ()


# -- combat damage (CR 510.2) and lifelink (CR 702.15b) --------------------------------------------

def sorin_attack(players=P2, doubled=("Bianca",), effects=1) -> tuple[Game, list]:
    """Alex's Serra Angel (4/4) gets +1/+0 and lifelink from Sorin's +1 and attacks Bianca; in
    three-player games Grizzly Bears (2/2, also +1/+0 and lifelink) attack Cho."""
    g = game(players, sorin=("Sorin, Solemn Visitor", "Alex", "hand"),
             angel=("Serra Angel", "Alex", "battlefield"))
    if len(players) > 2:
        g.add_object("bears", "Grizzly Bears", owner="Alex", zone="battlefield")
    for _ in range(effects):
        g.double_damage(list(doubled), COUNTDOWN)
    g.cast("sorin", "Alex")
    g.resolve("sorin")
    g.activate("sorin", "Alex", ability="+1")
    g.resolve("sorin")
    g.advance("declare_attackers")
    g.attack("angel", "Bianca")
    if len(players) > 2:
        g.attack("bears", "Cho")
    return g, g.advance("combat_damage")


def test_614_1a_120_3a_702_15b_doubled_combat_damage_and_lifelink_gains_the_doubled_damage():
    """CR 614.1a: the Angel (5 power) would deal 5 damage to Bianca; it deals 10 instead, before
    the damage is dealt (CR 510.2). CR 120.3a: Bianca loses 10. CR 702.15b: lifelink makes Alex
    gain "that much life", the damage dealt: 10, not 5."""
    g, steps = sorin_attack()
    i, j, k = find(steps, "614.1a"), find(steps, "510.2"), find(steps, "702.15b")
    assert i < j < k
    assert [n.text for n in of(steps[i], Note)] == [
        f"damage dealt to Bianca is doubled ({COUNTDOWN}): Serra Angel [angel] would deal 5 "
        "damage to Bianca; it deals 10 damage to Bianca instead."]
    assert [n.text for n in of(steps[j], Note)] == [
        "Serra Angel [angel] (10) deals combat damage to Bianca."]
    assert of(steps[j], Life) == [Life(0, "Bianca", 20, 10)]
    assert of(steps[k], Life) == [Life(0, "Alex", 20, 30)]
    assert lives(g) == {"Alex": 30, "Bianca": 10}


def test_614_1a_combat_damage_to_a_player_outside_the_set_is_not_doubled():
    """Three players, the effect on Bianca only: the Angel's 5 to Bianca is doubled, the Bears'
    3 to Cho is not (one replacement step, for Bianca); lifelink gains 10 + 3."""
    g, steps = sorin_attack(P3)
    replaced = [s for s in steps if s.rule == "614.1a"]
    assert len(replaced) == 1 and "Bianca" in of(replaced[0], Note)[0].text
    assert losses(steps) == {"Bianca": 10, "Cho": 3, "Alex": -13}
    assert lives(g) == {"Alex": 33, "Bianca": 10, "Cho": 17}


def test_616_1_614_5_two_effects_quadruple_combat_damage_and_lifelink():
    """CR 616.1: two effects would change the damage to Bianca; she chooses the order (the step
    says so), and either order gives the same damage. CR 614.5: each applies once: 5 -> 10 ->
    20, not more; lifelink gains 20 (CR 702.15b)."""
    g, steps = sorin_attack(effects=2)
    assert rules(steps)[find(steps, "616.1"):find(steps, "510.2")] == [
        "616.1", "614.1a", "614.1a"]
    notes = [n.text for s in steps if s.rule == "614.1a" for n in of(s, Note)]
    assert [n.split(": ", 1)[1] for n in notes] == [
        "Serra Angel [angel] would deal 5 damage to Bianca; it deals 10 damage to Bianca instead.",
        "Serra Angel [angel] would deal 10 damage to Bianca; it deals 20 damage to Bianca "
        "instead."]
    assert "Bianca, the affected player, chooses the order" in of(
        steps[find(steps, "616.1")], Note)[0].text
    assert (g.life("Alex"), g.life("Bianca"), g.in_game("Bianca")) == (40, 0, False)  # 704.5a
    assert g.damage_factor("Bianca") == 4


# -- a spell (Grapeshot) and a triggered ability (Syr Konrad) --------------------------------------

def test_614_1a_120_3a_grapeshot_deals_double_damage_to_a_player_in_the_set_only():
    """Grapeshot's 1 damage to Bianca (in the set) becomes 2, and she loses 2 (CR 120.3a: the
    step says 2, the life change is 2); to Cho (not in the set) it stays 1."""
    g = game(P3, shot=("Grapeshot", "Alex", "hand"), shot2=("Grapeshot", "Alex", "hand"))
    g.double_damage(["Bianca"], COUNTDOWN)
    steps = grapeshot(g, "Bianca")
    i, j = find(steps, "614.1a"), find(steps, "120.3a")
    assert i < j
    assert [n.text for n in of(steps[j], Note)] == [
        "Grapeshot [shot] deals 2 damage to Bianca, who loses 2 life."]
    assert of(steps[j], Life) == [Life(0, "Bianca", 20, 18)]
    steps = grapeshot(g, "Cho", "shot2")  # storm: a copy (one spell was cast before it)
    assert "614.1a" not in rules(steps) and losses(steps) == {"Cho": 2}
    assert [n.text for s in steps if s.rule == "120.3a" for n in of(s, Note)] == [
        "Grapeshot [shot2-storm1] deals 1 damage to Cho, who loses 1 life.",
        "Grapeshot [shot2] deals 1 damage to Cho, who loses 1 life."]
    assert lives(g) == {"Alex": 20, "Bianca": 18, "Cho": 18}


def test_616_1_two_effects_quadruple_grapeshot():
    """Two effects on Bianca: Grapeshot's 1 damage becomes 4 (CR 616.1, 614.5)."""
    g = game(shot=("Grapeshot", "Alex", "hand"))
    g.double_damage(["Bianca"], COUNTDOWN)
    g.double_damage(["Bianca", "Alex"], COUNTDOWN)
    steps = grapeshot(g, "Bianca")
    assert losses(steps) == {"Bianca": 4}
    assert rules(steps).count("616.1") == 1 and rules(steps).count("614.1a") == 2


def test_614_1a_syr_konrad_doubles_only_for_the_players_in_the_set():
    """Syr Konrad's 1 damage to each opponent, dealt at once: Bianca (in the set) is dealt 2,
    Cho 1; the ability's note says so (not "each loses 1 life")."""
    g = game(P3, konrad=("Syr Konrad, the Grim", "Alex", "battlefield"),
             bears=("Grizzly Bears", "Bianca", "battlefield"))
    g.double_damage(["Bianca"], COUNTDOWN)
    steps = konrad_kills(g, "bears")
    assert losses(steps) == {"Bianca": 2, "Cho": 1}
    said = [n.text for s in steps if s.rule == "608.2c" for n in of(s, Note)]
    assert said[-1].endswith("1 damage to each opponent of Alex; Bianca is dealt 2 and loses 2 "
                             "life; Cho is dealt 1 and loses 1 life.")
    assert find(steps, "614.1a") < len(steps) - 1


def test_syr_konrad_without_an_effect_is_as_before():
    """No effect: Konrad's step is unchanged (one note, a loss of 1 each, no 614.1a step)."""
    g = game(P3, konrad=("Syr Konrad, the Grim", "Alex", "battlefield"),
             bears=("Grizzly Bears", "Bianca", "battlefield"))
    steps = konrad_kills(g, "bears")
    assert "614.1a" not in rules(steps) and losses(steps) == {"Bianca": 1, "Cho": 1}
    s = steps[find(steps, "608.2c")]
    assert [n.text for n in of(s, Note)] == [
        "Syr Konrad, the Grim: another creature died (Grizzly Bears) [konrad-trigger]: 1 damage "
        "to each opponent of Alex; each loses 1 life."]


# -- one game only (CR 726.1b) -------------------------------------------------------------------

def konrad_in_subgame(doubled_in_main: bool) -> Game:
    """Three players; Alex's Syr Konrad in his library goes to the subgame's battlefield once
    Shahrazad's subgame has begun; Runeclaw Bears in his main-game hand."""
    g = game(P3, shahrazad=("Shahrazad", "Alex", "hand"),
             konrad=("Syr Konrad, the Grim", "Alex", "library"),
             bears=("Runeclaw Bears", "Alex", "hand"))
    if doubled_in_main:
        g.double_damage(["Bianca", "Cho"], COUNTDOWN)
    g.cast("shahrazad", "Alex")
    g.resolve("shahrazad")
    g.advance("main")
    g.move("konrad", "battlefield")
    return g


def test_726_1b_an_effect_of_the_main_game_has_no_meaning_in_its_subgame():
    """CR 726.1b: the main game's doubling is not applied to damage dealt in the subgame (Syr
    Konrad's 1 damage there stays 1); it still applies in the main game (factor 2 there)."""
    g = konrad_in_subgame(doubled_in_main=True)
    assert g.subgames == 1 and g.where("konrad") == ("1", "battlefield")
    steps = g.bring_in("bears", "graveyard")
    steps += g.resolve("konrad")
    assert "614.1a" not in rules(steps)
    assert losses(steps, 1) == {"Bianca": 1, "Cho": 1}
    assert lives(g, 1) == {"Alex": 20, "Bianca": 19, "Cho": 19}
    assert [g.damage_factor(p, 1) for p in P3] == [1, 1, 1]
    assert [g.damage_factor(p) for p in P3] == [1, 2, 2]


def test_726_1b_an_effect_created_in_a_subgame_applies_there_and_ends_with_it():
    """CR 726.1b, the other way round: an effect created in the subgame doubles the subgame's
    damage (Konrad: 2 to Bianca there); it ends with the subgame (an effect change "ends"), and
    Grapeshot's damage to Bianca in the resumed main game is not doubled."""
    g = konrad_in_subgame(doubled_in_main=False)
    steps = g.double_damage(["Bianca"], COUNTDOWN)
    assert of(steps[0], ReplacementChange)[0].game == 1
    assert g.world.games[1].damage_replacements and not g.world.main.damage_replacements
    steps = g.bring_in("bears", "graveyard") + g.resolve("konrad")
    assert losses(steps, 1) == {"Bianca": 2, "Cho": 1}
    steps = g.win("Alex")
    ended = [c for s in steps for c in of(s, ReplacementChange)]
    assert [(c.game, c.status, c.op) for c in ended] == [(1, "ends (its game ended)", "end")]
    assert g.subgames == 0 and g.world.games[1].damage_replacements == ()
    assert lives(g) == {"Alex": 20, "Bianca": 10, "Cho": 10}  # Shahrazad: half, rounded up
    assert g.damage_factor("Bianca") == 1 and g.damage_factor("Bianca", 1) == 1


def test_726_1b_grapeshot_in_the_resumed_main_game_is_not_doubled_by_the_subgames_effect():
    """The subgame's effect does not follow the players back (CR 726.1b): Grapeshot, cast in
    the main game after the subgame, and its storm copy (Shahrazad was cast this turn) deal 1
    each to Bianca."""
    g = game(P2, shahrazad=("Shahrazad", "Alex", "hand"), shot=("Grapeshot", "Alex", "hand"))
    g.cast("shahrazad", "Alex")
    g.resolve("shahrazad")
    g.double_damage(["Bianca"], COUNTDOWN)
    assert g.damage_factor("Bianca", 1) == 2
    g.win("Alex")
    assert g.subgames == 0 and lives(g) == {"Alex": 20, "Bianca": 10}
    steps = grapeshot(g, "Bianca")
    assert "614.1a" not in rules(steps) and losses(steps) == {"Bianca": 2}
    assert [of(s, Life) for s in steps if s.rule == "120.3a"] == [
        [Life(0, "Bianca", 10, 9)], [Life(0, "Bianca", 9, 8)]]


# -- a player who has left (CR 800.4a) -------------------------------------------------------------

def test_800_4a_a_player_who_has_left_is_dealt_no_damage():
    """CR 800.4a: Cho has left; damage ``deal`` is asked to deal to Cho is none, and nothing is
    recorded (no replacement step, no life change), even with the effect on Cho."""
    g = game(P3)
    g.double_damage(["Bianca", "Cho"], COUNTDOWN)
    g.leave("Cho")
    tx = Tx(g.world, g.edition, g.rng, len(g.trace))
    tx.step("120.3a")
    assert damage.deal(tx, 0, "a source", "Cho", 3) == 0
    assert damage.deal_at_once(tx, 0, [("a source", "Cho", 2), ("a source", "Bianca", 2)]) == [
        0, 4]
    tx.close()
    assert [s.rule for s in tx.steps] == ["120.3a", "614.1a", "120.3a"]
    assert [(c.player, c.old - c.new) for s in tx.steps for c in of(s, Life)] == [("Bianca", 4)]
