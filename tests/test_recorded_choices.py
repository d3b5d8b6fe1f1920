"""Choices the engine used to take only by default, now recorded: the order of a player's
simultaneous triggered abilities (CR 603.3b) and the cards discarded to hand size in the cleanup
step (CR 514.1, 402.2), each made by the controller of a controlled player (CR 720.5)."""

from __future__ import annotations

import pytest

from magicsub import Game, RulesError


def _stack(g: Game) -> list[str]:
    """The ids of the objects on the stack of the game in progress, bottom first."""
    return [o.id for o in g.world.stack()]


def _texts(steps) -> str:
    return "\n".join(f"{s.rule} {s.notes}" for s in steps)


def _chambers(order: list[str] | None = None, by: str | None = None) -> Game:
    """Alex controls two Genesis Chambers, Bianca one; Bianca's Assault Griffin is cast and on
    the stack in Bianca's main phase."""
    g = Game(["Alex", "Bianca", "Cho"], seed=1, libraries={"Alex": 5, "Bianca": 5, "Cho": 5})
    g.add_object("chamber_y", "Genesis Chamber", owner="Alex")
    g.add_object("chamber_x", "Genesis Chamber", owner="Alex")
    g.add_object("chamber_b", "Genesis Chamber", owner="Bianca")
    g.add_object("griffin", "Assault Griffin", owner="Bianca", zone="hand")
    g.advance("next_turn")
    g.advance("main")
    g.cast("griffin", "Bianca")
    if order is not None:
        g.act("order_triggers", player="Alex", order=order, by=by)
    return g


def test_603_3b_default_order_is_timestamp_and_said_so():
    """CR 603.3b: without a recorded choice Alex's two abilities go on the stack in timestamp
    order (the engine's stated default); APNAP puts Bianca's first."""
    g = _chambers()
    steps = g.resolve("griffin")
    assert _stack(g) == ["chamber_b-trigger", "chamber_y-trigger", "chamber_x-trigger"]
    assert "the engine takes the default" in _texts(steps)


def test_603_3b_recorded_order_puts_them_in_that_order():
    """CR 603.3b: Alex chooses the reverse of the default; the stack follows his choice, the
    trace calls it his (recorded) choice, and the recorded choice is used up."""
    g = _chambers(["chamber_x-trigger", "chamber_y-trigger"])
    assert g.world.games[0].recorded == (("603.3b", "Alex", "Alex",
                                          ("chamber_x-trigger", "chamber_y-trigger")),)
    steps = g.resolve("griffin")
    assert _stack(g) == ["chamber_b-trigger", "chamber_x-trigger", "chamber_y-trigger"]
    text = _texts(steps)
    assert "Alex chooses the order in which their 2 triggered abilities" in text
    assert "engine takes the default" not in text
    assert g.world.games[0].recorded == ()
    g.resolve("chamber_y-trigger")
    assert _stack(g) == ["chamber_b-trigger", "chamber_x-trigger"]


@pytest.mark.parametrize("order, why", [
    (["chamber_x-trigger"], "all of them"),                               # one left out
    (["chamber_x-trigger", "chamber_y-trigger", "chamber_b-trigger"],     # Bianca's named
     "all of them"),
    (["chamber_x-trigger", "nothing-trigger"], "all of them"),            # not waiting
])
def test_603_3b_order_must_name_every_waiting_ability_of_that_player(order, why):
    """CR 603.3b: the order names each of Alex's waiting abilities, all of them, and no other;
    otherwise the request that puts them on the stack is refused and nothing changes."""
    g = _chambers(order)
    before = g.world
    with pytest.raises(RulesError) as err:
        g.resolve("griffin")
    assert err.value.rule == "603.3b" and why in str(err.value)
    assert g.world is before and _stack(g) == ["griffin"]


def test_603_3b_order_naming_an_ability_twice_is_refused():
    """CR 603.3b: each ability goes on the stack once: an order naming one twice is refused as
    it is made, and nothing is recorded."""
    g = _chambers()
    before = g.world
    with pytest.raises(RulesError) as err:
        g.act("order_triggers", player="Alex", order=["chamber_x-trigger", "chamber_x-trigger"])
    assert err.value.rule == "603.3b" and "twice" in str(err.value)
    assert g.world is before and g.world.games[0].recorded == ()


def test_603_3b_another_player_cannot_choose_an_uncontrolled_players_order():
    """CR 603.3b: Alex, not controlled, orders his own abilities; Bianca cannot."""
    g = _chambers()
    with pytest.raises(RulesError) as err:
        g.act("order_triggers", player="Alex", by="Bianca",
              order=["chamber_x-trigger", "chamber_y-trigger"])
    assert err.value.rule == "603.3b" and "themself" in str(err.value)


def _hand(g: Game, player: str, n: int, name: str = "Forest") -> list[str]:
    """``n`` cards in ``player``'s hand, ids: the player's initial and a number."""
    ids = [f"{player[0].lower()}{i}" for i in range(n)]
    for oid in ids:
        g.add_object(oid, name, owner=player, zone="hand",
                     types=["land"] if name == "Forest" else ["creature"])
    return ids


def _controlled(controller: str = "Alex", player: str = "Bianca", hand: int = 0) -> Game:
    """``controller``'s Mindslaver gives them control of ``player`` during ``player``'s turn;
    ``player`` has Genesis Chamber and Syr Konrad and Runeclaw Bears in their graveyard, and
    ``hand`` cards in hand (ids: the player's initial and a number)."""
    g = Game(["Alex", "Bianca", "Cho"], seed=1,
             libraries={"Alex": 8, "Bianca": 8, "Cho": 8})
    g.add_object("mindslaver", "Mindslaver", owner=controller)
    g.add_object("chamber", "Genesis Chamber", owner=player)
    g.add_object("konrad", "Syr Konrad, the Grim", owner=player)
    g.add_object("bears", "Runeclaw Bears", owner=player, zone="graveyard")
    _hand(g, player, hand)
    if g.active != controller:
        while g.active != controller:
            g.advance("next_turn")
        g.advance("main")
    g.act("activate", object="mindslaver", by=controller, target=player)
    g.resolve("mindslaver")
    while g.active != player:
        g.advance("next_turn")
    g.advance("main")
    return g


@pytest.mark.parametrize("controller, player", [("Alex", "Bianca"), ("Cho", "Alex")])
def test_603_3b_720_5_controller_orders_controlled_players_triggers(controller, player):
    """CR 603.3b with 720.5: the controller of a controlled player chooses the order of that
    player's triggered abilities (they stay that player's, CR 720.3); the player cannot, nor a
    third player. Returning the Bears triggers the Chamber and Konrad; the chosen order puts
    the Chamber's on top, the reverse of the default."""
    g = _controlled(controller, player)
    third = next(p for p in ("Alex", "Bianca", "Cho") if p not in (controller, player))
    for wrong in (player, third):
        with pytest.raises(RulesError) as err:
            g.act("order_triggers", player=player, by=wrong,
                  order=["konrad-trigger", "chamber-trigger"])
        assert err.value.rule == "720.5"
    steps = g.act("order_triggers", player=player, order=["konrad-trigger", "chamber-trigger"])
    assert [s.rule for s in steps][:2] == ["603.3b", "720.5"]
    assert g.world.games[0].recorded[0][2] == controller
    steps = g.act("move", object="bears", to="battlefield")
    assert _stack(g) == ["konrad-trigger", "chamber-trigger"]
    assert all(g.obj(t).controller == player for t in _stack(g))
    assert f"{controller} chooses the order in which {player}'s 2" in _texts(steps)
    g.resolve("chamber-trigger")
    assert g.life(third) == 20 and g.life(controller) == 20
    g.resolve("konrad-trigger")
    assert g.life(third) == 19 and g.life(controller) == 19 and g.life(player) == 20


def test_603_3b_720_5_default_order_of_a_controlled_player_is_the_controllers_choice():
    """CR 720.5: with no recorded order the engine takes the default, and the trace says the
    controller (not the controlled player) makes that choice."""
    g = _controlled()
    steps = g.act("move", object="bears", to="battlefield")
    assert _stack(g) == ["chamber-trigger", "konrad-trigger"]
    assert "720.5" in [s.rule for s in steps]
    assert "Alex controls Bianca: Alex puts Bianca's triggered abilities" in _texts(steps)


# -- CR 514.1: discarding to hand size in the cleanup step -------------------------------------

def test_514_1_recorded_discard():
    """CR 514.1, 402.2: Alex holds nine cards at his cleanup and discards the two he chose."""
    g = Game(["Alex", "Bianca", "Cho"], seed=1, libraries={"Alex": 5, "Bianca": 5, "Cho": 5})
    ids = _hand(g, "Alex", 9)
    g.act("cleanup_discard", player="Alex", cards=[ids[0], ids[4]])
    steps = g.advance("cleanup")
    assert g.where(ids[0]) == ("main", "graveyard") and g.where(ids[4]) == ("main", "graveyard")
    assert sorted(g.zone("hand", "Alex")) == sorted(set(ids) - {ids[0], ids[4]})
    assert "514.1" in [s.rule for s in steps]
    assert [s.rule for s in steps].index("514.1") < [s.rule for s in steps].index("514.2")
    assert g.world.games[0].recorded == ()


def test_514_1_default_discards_the_cards_put_into_the_hand_last():
    """CR 514.1: with no recorded choice the engine discards the cards put into the hand last
    and says so; the other players, not active, discard nothing."""
    g = Game(["Alex", "Bianca", "Cho"], seed=1, libraries={"Alex": 5, "Bianca": 5, "Cho": 5})
    ids = _hand(g, "Alex", 10)
    bianca = _hand(g, "Bianca", 9)
    steps = g.advance("cleanup")
    assert [g.where(i)[1] for i in ids] == ["hand"] * 7 + ["graveyard"] * 3
    assert all(g.where(i) == ("main", "hand") for i in bianca)
    assert "the engine takes the default, the cards put into the hand last" in _texts(steps)


@pytest.mark.parametrize("n", [0, 6, 7])
def test_514_1_hand_of_seven_or_fewer_discards_nothing(n):
    """CR 514.1: a hand of seven or fewer is not more than the maximum hand size: no discard,
    no 514.1 step; a discard chosen for it is refused and the game is unchanged."""
    g = Game(["Alex", "Bianca"], seed=1, libraries={"Alex": 5, "Bianca": 5})
    ids = _hand(g, "Alex", n)
    steps = g.advance("cleanup")
    assert "514.1" not in [s.rule for s in steps] and sorted(g.zone("hand", "Alex")) == \
        sorted(ids)
    if n:
        g.advance("next_turn")
        g.advance("next_turn")
        g.advance("main")
        assert len(g.zone("hand", "Alex")) == n + 1
        if n + 1 <= 7:
            g.act("cleanup_discard", player="Alex", cards=[ids[0]])
            before = g.world
            with pytest.raises(RulesError) as err:
                g.advance("cleanup")
            assert err.value.rule == "514.1" and "discard nothing" in str(err.value)
            assert g.world is before


@pytest.mark.parametrize("cards, why", [(["a0"], "exactly 2"), (["a0", "a1", "a2"], "exactly 2"),
                                        (["a0", "b0"], "not in Bianca"), ])
def test_514_1_wrong_discards_are_refused(cards, why):
    """CR 514.1: exactly the excess, from that player's hand: too few, too many, or another
    player's card are refused, and nothing changes."""
    g = Game(["Alex", "Bianca"], seed=1, libraries={"Alex": 5, "Bianca": 5})
    _hand(g, "Alex", 9)
    _hand(g, "Bianca", 1)
    if "b0" in cards:
        with pytest.raises(RulesError) as err:
            g.act("cleanup_discard", player="Alex", cards=cards)
        assert err.value.rule == "514.1" and "not in Alex's hand" in str(err.value)
        return
    g.act("cleanup_discard", player="Alex", cards=cards)
    before = g.world
    with pytest.raises(RulesError) as err:
        g.advance("cleanup")
    assert err.value.rule == "514.1" and why in str(err.value)
    assert g.world is before


@pytest.mark.parametrize("controller, player", [("Cho", "Alex"), ("Alex", "Bianca")])
def test_514_1_720_5_controller_chooses_the_discard(controller, player):
    """CR 514.1 with 720.5: during a controlled player's turn their controller chooses the
    discard (recorded) and, without a choice, the default is said to be the controller's; the
    cards go to the owner's graveyard."""
    g = _controlled(controller, player, hand=8)
    ids = [f"{player[0].lower()}{i}" for i in range(8)]
    with pytest.raises(RulesError) as err:
        g.act("cleanup_discard", player=player, by=player, cards=ids[:1])
    assert err.value.rule == "720.5"
    hand = g.zone("hand", player)
    chosen = [i for i in ids if i in hand][:len(hand) - 7]
    assert chosen  # Bianca: 8 and a draw; Alex: 7 after his own first cleanup, and a draw
    g.act("cleanup_discard", player=player, cards=chosen)
    assert g.world.games[0].recorded[0][:3] == ("514.1", player, controller)
    steps = g.advance("cleanup")
    rules = [s.rule for s in steps]
    assert rules.index("514.1") < rules.index("720.5") < rules.index("514.2")
    assert all(g.where(i) == ("main", "graveyard") for i in chosen)
    assert all(g.obj(i).owner == player for i in chosen)
    assert len(g.zone("hand", player)) == 7
    assert f"{controller} chooses the cards to discard (a recorded choice)" in _texts(steps)


def test_514_1_720_5_default_discard_is_said_to_be_the_controllers():
    """CR 720.5: the engine's default discard for a controlled player names the controller as
    the one who chooses."""
    g = _controlled(hand=8)
    steps = g.advance("cleanup")
    assert "Bianca has 9 cards in hand, 2 over" in _texts(steps)
    assert "Alex chooses which to discard; the engine takes the default" in _texts(steps)
    assert len(g.zone("hand", "Bianca")) == 7


def test_514_3a_a_discard_that_triggers_gives_priority_then_another_cleanup():
    """CR 514.3a: Alex discards a creature card in cleanup; Bianca's Syr Konrad triggers ("a
    creature card is put into a graveyard from anywhere other than the battlefield"): it goes
    on the stack and Alex receives priority in the cleanup step; once it has resolved and all
    pass, another cleanup step begins (nothing more to discard) and Bianca's turn begins."""
    g = Game(["Alex", "Bianca", "Cho"], seed=1, libraries={"Alex": 5, "Bianca": 5, "Cho": 5})
    _hand(g, "Alex", 8, "Runeclaw Bears")
    g.add_object("konrad", "Syr Konrad, the Grim", owner="Bianca")
    steps = g.advance("next_turn")
    rules = [s.rule for s in steps]
    assert rules.index("514.1") < rules.index("514.2") < rules.index("514.3a") < \
        rules.index("603.3")
    assert g.world.game.step == "cleanup" and g.active == "Alex" and g.priority == "Alex"
    assert _stack(g) == ["konrad-trigger"] and len(g.zone("hand", "Alex")) == 7
    g.resolve("konrad-trigger")
    assert g.life("Alex") == 19 and g.life("Cho") == 19 and g.life("Bianca") == 20
    assert g.world.game.step == "cleanup" and g.priority == "Alex"
    for player in ("Alex", "Bianca"):
        g.act("pass_priority", player=player)
    steps = g.act("pass_priority", player="Cho")
    rules = [s.rule for s in steps]
    assert "514.3a" in rules and rules.index("514.3a") < rules.index("514.2")
    assert g.active == "Bianca" and g.world.game.turn == 2
