"""The limited range of influence (CR 801) applies to every card, not only to the cards that
name it: targets of spells AND abilities (801.4), trigger events (801.7, 801.7a, with the
look-back of CR 603.10f), the effects of resolving spells and abilities (801.10), the
information they read (801.11), and the ranges determined as each turn begins, the first one
included (801.2c). Each class with two real cards, and with a card registered here that has no
range code of its own."""

from __future__ import annotations

import pytest
from tracetools import assert_unchanged, find, frozen, of, rules

from magicsub import Game, RulesError, Zone
from magicsub.engine.changes import Life
from magicsub.engine.characteristics import power_toughness
from magicsub.engine.registry import CardDef, lookup, register, unregister
from magicsub.engine.resolution import FOLLOWS
from magicsub.engine.triggers import fire
from magicsub.rules.modifiers import add_counters

P5 = ["Alex", "Bianca", "Cho", "Dana", "Erin"]


def game(players=P5, range=1, **kw) -> Game:  # noqa: A002
    """Five players around the table, range 1: Alex's neighbours are Bianca and Erin; Cho and
    Dana are two seats from him."""
    return Game(players, seed=1, libraries={p: 4 for p in players}, range=range, **kw)


def words(steps) -> str:
    return " ".join(c.words() for s in steps for c in s.changes)


def give_priority(g: Game, player: str) -> None:
    while g.priority != player:
        g.apply({"pass_priority": g.priority})


# -- a card registered by this test, with no range code at all ------------------------------------

TOY = "Range Test Totem"
TOY_SPELL = "Range Test Drain"


def _toy_cycled(tx, gid, source, player, card) -> None:
    fire(tx, gid, source, f"{TOY}: {player} cycled a card", "range_toy_hit")


def _toy_watch(tx, gid, source, before, after) -> None:
    if after is not None and after.game == gid and after.zone is Zone.BATTLEFIELD \
            and after.is_type("creature") and (before is None or before.zone is not
                                              Zone.BATTLEFIELD):
        fire(tx, gid, source, f"{TOY}: {after.name} entered", "range_toy_hit")


def _toy_hit(tx, gid, top, choose, target) -> None:
    """Target player loses 1 life (a target chosen as the ability is put on the stack)."""
    tx.step("608.2c", FOLLOWS)
    if target is not None:
        tx.set_life(gid, target, tx.game(gid).seat(target).life - 1)


def _toy_drain(tx, gid, top, choose, target) -> None:
    """Each player loses 2 life, then put a +1/+1 counter on each creature and tap it."""
    tx.step("608.2c", FOLLOWS)
    game = tx.game(gid)
    for player in game.in_game:
        tx.set_life(gid, player, tx.game(gid).seat(player).life - 2)
    for obj in tx.world.in_zone(gid, Zone.BATTLEFIELD):
        if obj.is_type("creature"):
            add_counters(tx, obj.id, "+1/+1", 1)
            tx.tap(obj.id)


@pytest.fixture(scope="module", autouse=True)
def toy_cards():
    """Register the two toy cards for this module's tests, and take them back afterwards (the
    registry is global)."""
    register(CardDef(TOY, ("artifact",), "Whenever a player cycles a card or a creature "
                     "enters, target player loses 1 life.", events={"cycled": _toy_cycled},
                     watch=_toy_watch, abilities={"range_toy_hit": _toy_hit}))
    register(CardDef(TOY_SPELL, ("sorcery",), "Each player loses 2 life, then put a +1/+1 "
                     "counter on each creature and tap it.", resolve=_toy_drain))
    yield
    unregister(TOY)
    unregister(TOY_SPELL)
    assert lookup(TOY) is None


# -- CR 801.4: targets of spells and abilities ---------------------------------------------------

def test_801_4_astral_slide_trigger_cannot_target_a_creature_out_of_range():
    """CR 801.4 ("spells or abilities"): Alex's Astral Slide triggers when Bianca cycles; its
    target can't be Dana's creature (two seats away); the refusal changes nothing; Bianca's
    creature, in range, is exiled."""
    g = game()
    g.add_object("slide", "Astral Slide", owner="Alex", zone="battlefield")
    g.add_object("far", "Grizzly Bears", owner="Dana", zone="battlefield")
    g.add_object("near", "Runeclaw Bears", owner="Bianca", zone="battlefield")
    g.add_object("card", "Street Wraith", owner="Bianca", zone="hand")
    give_priority(g, "Bianca")
    g.cycle("card", "Bianca")
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.apply({"resolve": {"object": "slide-trigger", "target": "far"}})
    assert err.value.rule == "801.4" and "Dana is outside Alex's range" in str(err.value)
    assert_unchanged(g, before)
    g.apply({"resolve": {"object": "slide-trigger", "target": "near"}})
    assert g.where("near") == ("main", "exile") and g.where("far") == ("main", "battlefield")


def test_801_4_curse_of_surveillance_trigger_cannot_target_a_player_out_of_range():
    """CR 801.4 with another card: Bianca's Curse of Surveillance enchants Alex; at Alex's upkeep
    its target players are chosen from Bianca's range (Alex, Bianca, Cho): Dana is refused."""
    g = game(players=["Bianca", "Cho", "Dana", "Erin", "Alex"])
    g.add_object("curse", "Curse of Surveillance", owner="Bianca", zone="hand")
    g.cast("curse", "Bianca", target="Alex")
    g.resolve("curse")
    for _ in range(4):
        g.advance("next_turn")
    g.advance("upkeep")
    assert g.active == "Alex" and g.stack == ["curse"]
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.apply({"resolve": {"object": "curse-trigger", "target": "Dana"}})
    assert err.value.rule == "801.4" and "Dana" in str(err.value)
    assert_unchanged(g, before)
    hand = len(g.world.in_zone(0, Zone.HAND, "Cho"))
    g.apply({"resolve": {"object": "curse-trigger", "target": "Cho"}})
    assert len(g.world.in_zone(0, Zone.HAND, "Cho")) == hand + 1


def test_801_4_a_new_cards_trigger_gets_the_target_check_for_free():
    """CR 801.4 for a card registered in this test with no range code: its trigger can target
    Erin (a neighbour of Alex) but not Cho."""
    g = game()
    g.add_object("totem", TOY, owner="Alex", zone="battlefield")
    g.add_object("card", "Street Wraith", owner="Alex", zone="hand")
    g.cycle("card", "Alex")
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.apply({"resolve": {"object": "totem-trigger", "target": "Cho"}})
    assert err.value.rule == "801.4"
    assert_unchanged(g, before)
    g.apply({"resolve": {"object": "totem-trigger", "target": "Erin"}})
    assert [g.life(p) for p in P5] == [20, 20, 20, 20, 19]


def test_801_4_without_the_option_any_player_may_be_targeted():
    g = Game(P5, seed=1, libraries={p: 4 for p in P5})
    g.add_object("totem", TOY, owner="Alex", zone="battlefield")
    g.add_object("card", "Street Wraith", owner="Alex", zone="hand")
    g.cycle("card", "Alex")
    g.apply({"resolve": {"object": "totem-trigger", "target": "Cho"}})
    assert g.life("Cho") == 19


# -- CR 801.7, 801.7a: trigger events ------------------------------------------------------------

def test_801_7_blood_tyrant_does_not_trigger_on_a_loser_out_of_range():
    """CR 801.7 with 603.10f and 801.7a: Alex's Blood Tyrant looks back at the moment before the
    loss; Cho (two seats away) conceding is an event outside Alex's range: no trigger. Bianca,
    his neighbour, conceding triggers it."""
    g = game()
    g.add_object("tyrant", "Blood Tyrant", owner="Alex", zone="battlefield")
    steps = g.concede("Cho")
    i = find(steps, "801.7")
    assert "involves Cho, outside Alex's range" in steps[i].changes[0].words()
    assert "603.9" not in rules(steps) and g.stack == []
    g.concede("Bianca")
    assert g.stack == ["tyrant"]


def test_801_7a_a_loser_is_judged_in_range_as_the_game_was_before_the_loss():
    """CR 801.7a, 603.10f: after the loss the loser is in nobody's range (they have left); the
    look-back judges the range as it was before, so Erin's Tyrant triggers on Alex's loss and
    Alex's own Tyrant triggers for Alex (then 800.4d)."""
    g = game()
    g.add_object("mine", "Blood Tyrant", owner="Alex", zone="battlefield")
    g.add_object("erins", "Blood Tyrant", owner="Erin", zone="battlefield")
    steps = g.concede("Alex")
    assert "801.7" not in rules(steps)
    assert rules(steps).count("800.4d") == 1
    assert [(o.source, o.controller) for o in g.world.stack()] == [("erins", "Erin")]


def test_801_7_astral_slide_does_not_trigger_on_cycling_out_of_range():
    """CR 801.7 with another card: Cho cycles two seats from Alex: Alex's Astral Slide does not
    trigger; Erin cycling does."""
    g = game()
    g.add_object("slide", "Astral Slide", owner="Alex", zone="battlefield")
    g.add_object("c1", "Street Wraith", owner="Cho", zone="hand")
    g.add_object("c2", "Street Wraith", owner="Erin", zone="hand")
    give_priority(g, "Cho")
    steps = g.cycle("c1", "Cho")
    assert "801.7" in rules(steps) and "slide-trigger" not in g.stack
    assert [o.source for o in g.world.stack()] == ["c1"]
    give_priority(g, "Erin")
    g.cycle("c2", "Erin")
    assert [o.source for o in g.world.stack()] == ["c1", "c2", "slide"]


def test_801_7_a_new_cards_trigger_is_judged_for_free():
    """CR 801.7 for the toy card (no range code): a creature entering under Dana's control does
    not trigger it; one entering under Bianca's does."""
    g = game()
    g.add_object("totem", TOY, owner="Alex", zone="battlefield")
    g.add_object("far", "Grizzly Bears", owner="Dana", zone="hand")
    g.add_object("near", "Grizzly Bears", owner="Bianca", zone="hand")
    steps = g.move("far", "battlefield")
    assert "801.7" in rules(steps) and g.stack == []
    steps = g.move("near", "battlefield")
    assert "801.7" not in rules(steps)
    assert [o.source for o in g.world.stack()] == ["totem"]


# -- CR 801.10: effects ------------------------------------------------------------------------

def test_801_10_blood_tyrant_drain_reaches_only_players_in_range():
    """CR 801.10 and 801.11: "each player loses 1 life" reaches Alex, Bianca and Erin only; Cho
    and Dana are spared (a step names them), and the Tyrant gets one counter for each 1 life lost
    this way: 3."""
    g = game()
    g.add_object("tyrant", "Blood Tyrant", owner="Alex", zone="battlefield")
    g.advance("next_turn")
    for _ in range(4):
        g.advance("next_turn")
    g.advance("upkeep")
    assert g.active == "Alex" and g.stack == ["tyrant"]
    steps = g.resolve("tyrant")
    spared = [s for s in steps if s.rule == "801.10"]
    tyrant = "Blood Tyrant: your upkeep began; each player loses 1 life [tyrant-trigger]"
    assert [c.words() for s in spared for c in s.changes] == [
        f"Cho is outside Alex's range of influence: this part of the effect of {tyrant} does "
        "nothing (Cho would lose 1 life).",
        f"Dana is outside Alex's range of influence: this part of the effect of {tyrant} does "
        "nothing (Dana would lose 1 life)."]
    assert [g.life(p) for p in P5] == [19, 19, 20, 20, 19]
    assert dict(g.obj("tyrant").counters) == {"+1/+1": 3}
    assert power_toughness(g.world, g.obj("tyrant")) == (8, 8)


def test_801_10_shahrazad_half_life_spares_main_game_players_out_of_range():
    """CR 801.10 with Shahrazad's "Each player who doesn't win the subgame loses half their
    life, rounded up" (CR 726.5: the spell finishes resolving after the subgame): Bianca wins
    the subgame; of the others, Alex and Erin (in Alex's range) lose half; Cho and Dana,
    outside it, keep their life."""
    g = Game(P5, seed=1, libraries={p: 10 for p in P5}, range=1)
    g.add_object("shahrazad", "Shahrazad", owner="Alex", zone="hand")
    g.cast("shahrazad", "Alex")
    g.resolve("shahrazad")
    steps = g.win("Bianca")
    assert g.subgames == 0
    i = find(steps, "801.10")
    assert "Cho is outside Alex's range" in words(steps[i:i + 1])
    assert [g.life(p) for p in P5] == [10, 20, 20, 20, 10]
    assert [c.player for s in steps for c in of(s, Life) if s.rule != "103.4"][-2:] == [
        "Alex", "Erin"]


def test_801_10_a_new_spell_does_nothing_out_of_range_for_free():
    """CR 801.10 for a spell registered here with no range code: "each player loses 2 life, then
    put a +1/+1 counter on each creature and tap it" changes nothing for Cho and Dana, and
    neither puts a counter on Dana's creature nor taps it; the rest works."""
    g = game()
    g.add_object("drain", TOY_SPELL, owner="Alex", zone="hand")
    g.add_object("far", "Grizzly Bears", owner="Dana", zone="battlefield")
    g.add_object("near", "Runeclaw Bears", owner="Bianca", zone="battlefield")
    g.cast("drain", "Alex")
    steps = g.resolve("drain")
    assert rules(steps).count("801.10") == 4
    assert [g.life(p) for p in P5] == [18, 18, 20, 20, 18]
    assert dict(g.obj("near").counters) == {"+1/+1": 1} and g.obj("far").counters == ()
    assert g.obj("near").tapped and not g.obj("far").tapped


def test_801_10_without_the_option_nothing_is_spared():
    g = Game(P5, seed=1, libraries={p: 4 for p in P5})
    g.add_object("drain", TOY_SPELL, owner="Alex", zone="hand")
    g.cast("drain", "Alex")
    steps = g.resolve("drain")
    assert "801.10" not in rules(steps) and [g.life(p) for p in P5] == [18] * 5


def test_801_10_rules_acting_during_a_resolution_are_not_its_effect():
    """CR 801.10 stops the resolving ability's own instructions only. Bianca's Banisher Priest
    exiled Cho's Bears "until Banisher Priest leaves the battlefield". Alex's Astral Slide exiles
    the Priest (in his range); the Bears return at once (CR 610.3: a one-shot effect of the
    Priest's ability, not of Astral Slide's), though Cho is two seats from Alex."""
    g = game(players=["Bianca", "Cho", "Dana", "Erin", "Alex"])
    g.add_object("priest", "Banisher Priest", owner="Bianca", zone="hand")
    g.add_object("bears", "Grizzly Bears", owner="Cho", zone="battlefield")
    g.add_object("slide", "Astral Slide", owner="Alex", zone="battlefield")
    g.add_object("card", "Street Wraith", owner="Bianca", zone="hand")
    g.cast("priest", "Bianca")
    g.resolve("priest")
    g.apply({"choose_target": {"ability": "priest-trigger", "target": "bears"}})
    g.resolve("priest-trigger")
    assert g.where("bears") == ("main", "exile")
    g.cycle("card", "Bianca")
    steps = g.apply({"resolve": {"object": "slide-trigger", "target": "priest"}})
    assert "801.10" not in rules(steps)
    assert g.where("priest") == ("main", "exile")
    assert g.where("bears") == ("main", "battlefield") and g.obj("bears").controller == "Cho"


# -- CR 801.11: information ----------------------------------------------------------------------

def test_801_11_storm_counts_only_spells_cast_within_range():
    """CR 801.11 with storm (CR 702.40a): Cho (out of Alex's range) and Erin (in range) each cast
    a spell this turn before Alex's Grapeshot: storm sees Erin's only, one copy."""
    g = game()
    g.add_object("shock", "Shock", owner="Cho", zone="hand", types=["instant"])
    g.add_object("bolt", "Lightning Bolt", owner="Erin", zone="hand", types=["instant"])
    g.add_object("grapeshot", "Grapeshot", owner="Alex", zone="hand")
    give_priority(g, "Cho")
    g.apply({"cast": {"card": "shock", "by": "Cho"}})
    g.resolve("shock")
    give_priority(g, "Erin")
    g.apply({"cast": {"card": "bolt", "by": "Erin"}})
    g.resolve("bolt")
    g.cast("grapeshot", "Alex", target="Bianca")
    steps = g.resolve("grapeshot")
    i = find(steps, "801.11")
    assert "Shock (Cho), cast outside it, does not count" in words(steps[i:i + 1])
    assert g.stack == ["grapeshot", "grapeshot-storm1"]


def test_801_11_blood_tithe_gains_only_the_life_lost_in_range():
    """CR 801.11 with another card: Blood Tithe's "life lost this way" is the 6 lost by Bianca
    and Erin."""
    g = game()
    g.add_object("tithe", "Blood Tithe", owner="Alex", zone="hand")
    g.cast("tithe", "Alex")
    g.resolve("tithe")
    assert [g.life(p) for p in P5] == [26, 17, 20, 20, 17]


# -- CR 801.2c: the first turn --------------------------------------------------------------------

def test_801_2c_a_game_that_begins_in_turn_1_says_who_is_within_range():
    """CR 801.2c: a game that begins with its first turn under way shows, as its first step, the
    players within each player's range for that turn."""
    g = game()
    (first,) = [s for s in g.trace if s.rule == "801.2c"]
    assert first.index == 0
    assert "Players within Alex's range of influence (1 seat): Alex, Bianca, Erin." in [
        c.words() for c in first.changes]


def test_801_2c_the_pregame_determines_ranges_as_the_first_turn_begins():
    """CR 801.2c from the pregame: Cho concedes before the first turn; the first advance begins
    turn 1 and determines the ranges then (Bianca and Dana are now neighbours)."""
    g = game(pregame=True)
    assert [s.rule for s in g.trace] == []
    g.concede("Cho")
    steps = g.advance("upkeep")
    i, j = find(steps, "801.2c"), find(steps, "103.8")
    assert i < j
    assert dict(g.world.main.in_range)["Bianca"] == ("Alex", "Bianca", "Dana")
    assert "Players within Dana's range of influence (1 seat): Bianca, Dana, Erin." in [
        c.words() for c in steps[i].changes]


def test_801_2c_pregame_ranges_decide_the_first_turns_targets():
    """The same determination, checked by a target (CR 801.4): Bianca concedes before the first
    turn; in turn 1 Cho is Alex's neighbour, so his Bribery can target her."""
    g = game(pregame=True)
    g.add_object("bribery", "Bribery", owner="Alex", zone="hand")
    g.concede("Bianca")
    g.advance("main")
    assert within_alex(g) == ("Alex", "Cho", "Erin")
    g.cast("bribery", "Alex", target="Cho")
    assert g.stack == ["bribery"]


def within_alex(g: Game) -> tuple[str, ...]:
    return dict(g.world.main.in_range)["Alex"]


@pytest.mark.parametrize("card", ["Banisher Priest", "Oblivion Ring"])
def test_801_4_with_603_3d_an_ability_whose_only_targets_are_out_of_range_is_removed(card):
    """CR 801.4 with 603.3d: Alex's enters trigger (Banisher Priest; Oblivion Ring) finds only
    Cho's Bears to target, two seats away: no legal target, the ability is removed from the stack
    and the Bears stay; naming them as its target is refused (801.4)."""
    g = game()
    g.add_object("source", card, owner="Alex", zone="hand")
    g.add_object("bears", "Grizzly Bears", owner="Cho", zone="battlefield")
    g.cast("source", "Alex")
    g.resolve("source")
    before = frozen(g)
    with pytest.raises(RulesError) as err:
        g.apply({"resolve": {"object": "source-trigger", "target": "bears"}})
    assert err.value.rule == "801.4"
    assert_unchanged(g, before)
    steps = g.resolve("source-trigger")
    i = find(steps, "603.3d")
    assert "outside Alex's range of influence (CR 801.4)" in words(steps[i:i + 1])
    assert g.stack == [] and g.where("bears") == ("main", "battlefield")


def test_801_10_a_card_nobody_controls_counts_as_its_owners_literal_reading():
    """CR 801.10 with 801.2d (literal reading, said in the trace): Alex's Astral Slide exiles
    Dana's Bears, which Bianca (in range) controls; at the end step its return would put the
    card, which nobody controls in exile, onto the battlefield under Dana's control. Dana is two
    seats from Alex: that part of the effect does nothing, and the card stays in exile."""
    g = game()
    g.add_object("slide", "Astral Slide", owner="Alex", zone="battlefield")
    g.add_object("bears", "Grizzly Bears", owner="Dana", zone="battlefield")
    g.add_object("card", "Street Wraith", owner="Bianca", zone="hand")
    g.apply({"effect": {"control": "bears", "to": "Bianca", "source": "Threaten",
                        "until": "forever"}})
    give_priority(g, "Bianca")
    g.cycle("card", "Bianca")
    g.apply({"resolve": {"object": "slide-trigger", "target": "bears"}})
    assert g.where("bears") == ("main", "exile")
    g.resolve("card")
    g.advance("end")
    steps = g.resolve()
    i = find(steps, "801.10")
    assert "Dana is outside Alex's range" in words(steps[i:i + 1])
    assert "Literal reading" in words(steps[i:i + 1])
    assert g.where("bears") == ("main", "exile")
