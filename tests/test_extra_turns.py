"""Turns a player doesn't take: extra turns (CR 500.7), skipped turns (CR 614.10, 614.10a), a
player who has left (CR 800.4k, 800.4m, 800.4j), a controlled player (CR 720.1, 720.1b, 720.3)
and a subgame (CR 726.1b). Each class is checked with two cards (Time Warp and Temporal
Manipulation; Final Fortune and Last Chance)."""

from __future__ import annotations

import pytest

from magicsub import Game, RulesError
from magicsub.rules.control import decider


def _game(players=("Alex", "Bianca", "Cho"), cards=()) -> Game:
    g = Game(list(players), seed=1, libraries={p: 12 for p in players})
    for oid, name, owner in cards:
        g.add_object(oid, name, owner=owner, zone="hand")
    return g


def _cast(g: Game, card: str, by: str, target: str | None = None) -> None:
    g.cast(card, by, target)
    g.resolve(card)


def _turns(g: Game, n: int) -> list[tuple[str, int]]:
    """The next ``n`` turns: (active player, turn number) as each begins."""
    seen = []
    for _ in range(n):
        g.advance("next_turn")
        seen.append((g.active, g.current.turn))
    return seen


def _rules(steps) -> list[str]:
    return [s.rule for s in steps]


def test_500_7_the_most_recently_created_extra_turn_is_taken_first():
    g = _game(cards=[("warp", "Time Warp", "Alex"), ("tm", "Temporal Manipulation", "Alex")])
    _cast(g, "warp", "Alex", "Bianca")
    _cast(g, "tm", "Alex")
    assert [e.player for e in g.current.extra_turns] == ["Bianca", "Alex"]
    assert _turns(g, 4) == [("Alex", 2), ("Bianca", 3), ("Bianca", 4), ("Cho", 5)]
    assert g.current.extra_turns == () and g.current.order_from is None


def test_500_7_the_other_way_round_with_the_cards_swapped():
    g = _game(cards=[("warp", "Time Warp", "Alex"), ("tm", "Temporal Manipulation", "Alex")])
    _cast(g, "tm", "Alex")
    _cast(g, "warp", "Alex", "Bianca")
    assert _turns(g, 4) == [("Bianca", 2), ("Alex", 3), ("Bianca", 4), ("Cho", 5)]


def test_500_7_turn_order_goes_on_after_the_turn_the_extra_turn_followed():
    g = _game(("Alex", "Bianca", "Cho", "Dana"), cards=[("warp", "Time Warp", "Alex")])
    _cast(g, "warp", "Alex", "Cho")
    g.advance("next_turn")
    assert g.active == "Cho" and g.current.order_from == "Alex"
    assert g.current.apnap[0] == "Cho"  # CR 101.4: the player whose turn it is
    assert g.current.extra_turn is not None and g.current.extra_turn.source == "Time Warp"
    assert _turns(g, 3) == [("Bianca", 3), ("Cho", 4), ("Dana", 5)]
    assert g.current.extra_turn is None


def test_800_4k_an_extra_turn_of_a_player_who_left_does_not_begin_and_is_used_up():
    g = _game(("Alex", "Bianca", "Cho", "Dana"), cards=[("warp", "Time Warp", "Alex")])
    _cast(g, "warp", "Alex", "Cho")
    g.concede("Cho")
    steps = g.advance("next_turn")
    assert "800.4k" in _rules(steps) and "500.7" in _rules(steps)
    assert (g.active, g.current.turn) == ("Bianca", 2)
    assert g.current.extra_turns == ()
    assert _turns(g, 2) == [("Dana", 3), ("Alex", 4)]


def test_800_4k_own_extra_turn_after_conceding_in_own_turn_temporal_manipulation():
    g = _game(cards=[("tm", "Temporal Manipulation", "Alex")])
    _cast(g, "tm", "Alex")
    g.concede("Alex")
    assert g.active is None and g.priority == "Bianca"  # CR 800.4j
    steps = g.advance("next_turn")
    assert _rules(steps).count("800.4k") == 1
    assert (g.active, g.current.turn) == ("Bianca", 2)


def test_800_4m_until_next_turn_of_a_departed_player_ends_when_the_extra_turn_would_begin():
    g = _game(("Alex", "Bianca", "Cho", "Dana"), cards=[("warp", "Time Warp", "Alex")])
    g.add_object("angel", "Serra Angel", owner="Dana", zone="battlefield")
    g.add_effect("angel", "Alex", source="a spell", until={"next_turn": "Cho"})
    _cast(g, "warp", "Alex", "Cho")
    g.concede("Cho")
    assert g.obj("angel").controller == "Alex"
    steps = g.advance("next_turn")
    rules = _rules(steps)
    assert rules.index("800.4k") < rules.index("800.4m") < rules.index("500.3")
    assert g.obj("angel").controller == "Dana" and g.where("angel") == ("main", "battlefield")
    assert g.active == "Bianca"


def test_800_4m_until_next_turn_ends_at_an_extra_turn_that_begins():
    """"Until your next turn" ends as the player's next turn begins, an extra turn too."""
    g = _game(cards=[("warp", "Time Warp", "Alex")])
    g.add_object("angel", "Serra Angel", owner="Cho", zone="battlefield")
    g.add_effect("angel", "Bianca", source="a spell", until={"next_turn": "Cho"})
    _cast(g, "warp", "Alex", "Cho")
    g.advance("next_turn")
    assert g.active == "Cho" and g.obj("angel").controller == "Cho"


def test_614_10_a_skip_replaces_the_next_turn_even_an_extra_one():
    g = _game(cards=[("tm", "Temporal Manipulation", "Alex"), ("med", "Meditate", "Alex")])
    _cast(g, "tm", "Alex")
    _cast(g, "med", "Alex")
    assert len(g.zone("hand", "Alex")) == 4 and [s.player for s in g.current.skips] == ["Alex"]
    steps = g.advance("next_turn")
    assert "614.10" in _rules(steps)
    assert (g.active, g.current.turn) == ("Bianca", 2)
    assert g.current.skips == () and g.current.extra_turns == ()
    assert _turns(g, 2) == [("Cho", 3), ("Alex", 4)]


def test_614_10a_two_skips_skip_the_next_two_turns():
    g = _game(("Alex", "Bianca"), cards=[("m1", "Meditate", "Alex"), ("m2", "Meditate", "Alex")])
    _cast(g, "m1", "Alex")
    _cast(g, "m2", "Alex")
    assert _turns(g, 4) == [("Bianca", 2), ("Bianca", 3), ("Bianca", 4), ("Alex", 5)]


def test_614_10a_until_your_next_turn_waits_past_a_skipped_turn():
    g = _game(cards=[("med", "Meditate", "Alex")])
    g.add_object("angel", "Serra Angel", owner="Cho", zone="battlefield")
    g.add_effect("angel", "Bianca", source="a spell", until={"next_turn": "Alex"})
    _cast(g, "med", "Alex")
    assert _turns(g, 2) == [("Bianca", 2), ("Cho", 3)]
    steps = g.advance("next_turn")
    assert _rules(steps).index("614.10") < _rules(steps).index("614.10a")
    assert (g.active, g.current.turn) == ("Bianca", 4) and g.obj("angel").controller == "Bianca"
    assert _turns(g, 1) == [("Cho", 5)] and g.obj("angel").controller == "Bianca"
    assert _turns(g, 1) == [("Alex", 6)] and g.obj("angel").controller == "Cho"


def test_800_4m_a_player_who_would_skip_leaves_the_effect_ends_at_their_place():
    g = _game(cards=[("med", "Meditate", "Alex")])
    g.add_object("angel", "Serra Angel", owner="Cho", zone="battlefield")
    g.add_effect("angel", "Bianca", source="a spell", until={"next_turn": "Alex"})
    _cast(g, "med", "Alex")
    g.advance("next_turn")
    g.leave("Alex")
    g.advance("next_turn")
    assert g.active == "Cho" and g.obj("angel").controller == "Bianca"
    steps = g.advance("next_turn")
    assert "800.4m" in _rules(steps) and "614.10" not in _rules(steps)
    assert g.active == "Bianca" and g.obj("angel").controller == "Cho"


def test_720_1_mindslaver_controls_the_extra_turn_when_it_is_the_next_turn():
    g = _game(("Alex", "Bianca", "Cho", "Dana"), cards=[("warp", "Time Warp", "Alex")])
    g.add_object("ms", "Mindslaver", owner="Alex", zone="battlefield")
    _cast(g, "warp", "Alex", "Bianca")
    g.apply({"activate": {"object": "ms", "by": "Alex", "target": "Bianca"}})
    g.resolve("ms")
    g.advance("next_turn")
    assert g.active == "Bianca" and g.current.extra_turn is not None
    assert decider(g.world, 0, "Bianca") == "Alex"
    g.advance("next_turn")
    assert (g.active, g.current.turn) == ("Bianca", 3) and g.current.extra_turn is None
    assert decider(g.world, 0, "Bianca") == "Bianca"


def test_720_3_a_controlled_players_extra_turn_spell_gives_them_the_turn():
    g = _game(("Alex", "Bianca", "Cho", "Dana"),
              cards=[("warp", "Time Warp", "Alex"), ("tm", "Temporal Manipulation", "Bianca")])
    g.add_object("ms", "Mindslaver", owner="Alex", zone="battlefield")
    _cast(g, "warp", "Alex", "Bianca")
    g.apply({"activate": {"object": "ms", "by": "Alex", "target": "Bianca"}})
    g.resolve("ms")
    g.advance("next_turn")
    g.advance("main")
    steps = g.cast("tm", "Bianca")
    assert "720.5" in _rules(steps) and "720.3" in _rules(steps)
    g.resolve("tm")
    assert [e.player for e in g.current.extra_turns] == ["Bianca"]
    assert g.where("tm") == ("main", "graveyard") and g.obj("tm").owner == "Bianca"
    assert _turns(g, 3) == [("Bianca", 3), ("Bianca", 4), ("Cho", 5)]


def test_720_1b_mindslaver_waits_past_a_skipped_turn():
    g = _game(cards=[("med", "Meditate", "Bianca")])
    g.add_object("ms", "Mindslaver", owner="Alex", zone="battlefield")
    g.apply({"activate": {"object": "ms", "by": "Alex", "target": "Bianca"}})
    g.resolve("ms")
    g.pass_priority("Alex")
    _cast(g, "med", "Bianca")
    steps = g.advance("next_turn")
    assert "614.10" in _rules(steps) and "720.1b" in _rules(steps)
    assert g.active == "Cho" and decider(g.world, 0, "Bianca") == "Bianca"
    g.advance("next_turn")
    g.advance("next_turn")
    assert g.active == "Bianca" and decider(g.world, 0, "Bianca") == "Alex"


@pytest.mark.parametrize("card", ["Final Fortune", "Last Chance"])
def test_800_4j_lose_at_the_end_step_of_that_extra_turn_only(card):
    g = _game(cards=[("ff", card, "Alex")])
    _cast(g, "ff", "Alex")
    g.advance("end")
    assert g.stack == [] and g.in_game("Alex")  # not this turn's end step
    g.advance("next_turn")
    assert g.active == "Alex" and g.current.turn == 2
    steps = g.advance("end")
    assert "603.2b" in _rules(steps) and g.stack == ["ff"]
    g.resolve("ff")
    assert not g.in_game("Alex") and g.active is None and g.priority == "Bianca"
    g.advance("next_turn")
    assert (g.active, g.current.turn) == ("Bianca", 3)


def test_614_10a_final_fortune_extra_turn_skipped_no_loss():
    """Skipping the extra turn: "that turn" never exists, so its end step never begins."""
    g = _game(cards=[("ff", "Final Fortune", "Alex"), ("med", "Meditate", "Alex")])
    _cast(g, "ff", "Alex")
    _cast(g, "med", "Alex")
    for _ in range(3):
        g.advance("next_turn")
        g.advance("end")
        assert g.stack == []
    assert g.active == "Alex" and g.in_game("Alex")


def test_726_1b_extra_turns_belong_to_their_game():
    g = Game(["Alex", "Bianca"], seed=3, libraries={"Alex": 12, "Bianca": 12})
    for oid, name in (("warp", "Time Warp"), ("shah", "Shahrazad"), ("w2", "Time Warp"),
                      ("tm", "Temporal Manipulation")):
        g.add_object(oid, name, owner="Alex", zone="hand")
    _cast(g, "warp", "Alex", "Alex")
    g.cast("shah", "Alex")
    g.resolve("shah")
    g.advance("main")
    assert g.active == "Alex"
    g.bring_in("w2", "hand")
    _cast(g, "w2", "Alex", "Alex")
    assert [e.source for e in g.world.games[0].extra_turns] == ["Time Warp"]
    assert [e.player for e in g.world.games[1].extra_turns] == ["Alex"]
    steps = g.advance("next_turn")
    assert "726.1b" in _rules(steps)
    assert g.active == "Alex" and g.world.games[0].extra_turns != ()
    g.advance("next_turn")
    assert g.active == "Bianca"
    g.advance("next_turn")
    g.advance("main")
    g.bring_in("tm", "hand")
    _cast(g, "tm", "Alex")
    g.win("Bianca")
    assert g.subgames == 0 and g.world.games[1].extra_turns == ()
    assert len(g.world.games[0].extra_turns) == 1
    assert _turns(g, 2) == [("Alex", 2), ("Bianca", 3)]


def test_time_warp_target_must_be_in_the_game():
    g = _game(cards=[("warp", "Time Warp", "Alex")])
    g.concede("Cho")
    before = g.world
    with pytest.raises(RulesError) as err:
        g.cast("warp", "Alex", "Cho")
    assert err.value.rule == "601.2c" and g.world is before
    assert g.where("warp") == ("main", "hand")


def test_608_2b_time_warp_target_left_before_it_resolves():
    g = _game(cards=[("warp", "Time Warp", "Alex")])
    g.cast("warp", "Alex", "Cho")
    g.concede("Cho")
    steps = g.resolve("warp")
    assert "608.2b" in _rules(steps) and g.current.extra_turns == ()
    assert g.where("warp") == ("main", "graveyard")


def test_614_10a_eater_of_days_two_skip_effects_skip_the_next_two_turns():
    """The second card of the skip class: one trigger, two skip effects."""
    g = Game(["Alex", "Bianca"], seed=1, libraries={"Alex": 8, "Bianca": 12})
    g.add_object("eater", "Eater of Days", owner="Alex", zone="hand")
    g.cast("eater", "Alex")
    g.resolve("eater")
    assert g.where("eater") == ("main", "battlefield") and g.stack == ["eater"]
    g.resolve("eater")
    assert [s.source for s in g.current.skips] == ["Eater of Days", "Eater of Days"]
    assert _turns(g, 4) == [("Bianca", 2), ("Bianca", 3), ("Bianca", 4), ("Alex", 5)]
    assert g.current.skips == ()


def test_614_10a_eater_of_days_skips_final_fortunes_extra_turn_no_loss():
    g = _game(cards=[("eater", "Eater of Days", "Alex"), ("ff", "Final Fortune", "Alex")])
    g.cast("eater", "Alex")
    g.resolve("eater")
    g.resolve("eater")
    _cast(g, "ff", "Alex")
    seen = []
    for _ in range(5):
        g.advance("next_turn")
        seen.append((g.active, g.current.turn))
        g.advance("end")
        assert g.stack == []
    assert seen == [("Bianca", 2), ("Cho", 3), ("Bianca", 4), ("Cho", 5), ("Alex", 6)]
    assert g.in_game("Alex") and g.current.extra_turns == ()
