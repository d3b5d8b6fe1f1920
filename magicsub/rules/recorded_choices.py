"""Choices a player makes that the engine otherwise defaults, recorded ahead of the moment a
rule asks them: the order of a player's simultaneous triggered abilities (CR 603.3b) and the
cards the active player discards down to their maximum hand size in the cleanup step (CR 514.1,
402.2). Under a player-controlling effect the controller makes both (CR 720.5).

A scenario records the choice with a step (``order_triggers``, ``cleanup_discard``) before the
event; the choice is checked when it is made (the player is in the game, the chooser is the
one who decides for them) and again when it is used (every waiting ability named once; exactly
as many cards of the hand as the excess), and a refused choice changes nothing. Without a
recorded choice the trace states the default the engine takes.
"""

from __future__ import annotations

from ..engine import hooks
from ..engine.actions import step
from ..engine.errors import RulesError
from ..engine.state import game_name as _where
from ..engine.transaction import Tx
from ..engine.zones import Zone
from .control import decider

MAX_HAND = 7
"""The maximum hand size (CR 402.2: "normally seven cards")."""


def _chooser(tx: Tx, gid: int, player: str, by: str | None, rule: str) -> str:
    """Who makes ``player``'s choice now (CR 720.5), checked against ``by`` when given."""
    game = tx.game(gid)
    if player not in game.seats or not game.seat(player).in_game:
        raise RulesError(rule, f"{player} is not in {_where(gid)}", subject=player)
    who = decider(tx.world, gid, player)
    if by not in (None, who):
        if who != player:
            raise RulesError("720.5", f"{who} controls {player} and makes this choice for "
                             f"them, not {by}", subject=by)
        raise RulesError(rule, f"{player} makes this choice themself, not {by}", subject=by)
    return who


def _record(tx: Tx, gid: int, cite: tuple[str, str], player: str, who: str,
            ids: tuple[str, ...], said: str, text: str) -> None:
    """Record ``who``'s choice ``ids`` for ``player`` under the rule ``cite`` names (a step
    citing it, then CR 720.5 when ``who`` controls ``player``; ``said`` in the trace); refused
    while one is recorded and not yet used."""
    rule = cite[0]
    game = tx.game(gid)
    if any(r[0] == rule and r[1] == player for r in game.recorded):
        raise RulesError(rule, f"a choice for {player} under rule {rule} is already recorded "
                         "and not yet used", subject=player)
    tx.step(*cite)
    if who != player:
        tx.step("720.5", "a player makes all choices and decisions the controlled player")
    tx.note(said)
    tx.fact(gid, "recorded", game.recorded + ((rule, player, who, ids),), text)


@step("order_triggers", "player:player order:abilities by?:player",
      doc="choose the order of the player's triggered abilities that go on the stack at the "
          "next priority, bottom first (603.3b)",
      example="order_triggers: {player: Alex, order: [konrad_a-trigger, specter-trigger]}",
      player="the player who controls the triggered abilities",
      order="every one of that player's abilities put on the stack next, bottom first (the "
            "last resolves first)",
      by="the player who chooses (720.5: the controller of a controlled player)")
def _order_triggers_step(tx: Tx, a: dict) -> None:
    """CR 603.3b: ``player`` (or, CR 720.5, their controller) chooses the order in which their
    triggered abilities go on the stack the next time they put abilities there."""
    gid = tx.world.current
    player, ids = a["player"], tuple(a["order"])
    who = _chooser(tx, gid, player, a.get("by"), "603.3b")
    if not ids:
        raise RulesError("603.3b", f"an order for {player}'s triggered abilities names them "
                         "(at least one)", subject=player)
    if len(set(ids)) != len(ids):
        twice = next(i for i in ids if ids.count(i) > 1)
        raise RulesError("603.3b", f"the order for {player}'s triggered abilities names {twice} "
                         "twice: each ability goes on the stack once", subject=twice)
    on_stack = [i for i in ids if i in tx.world.objects]
    if on_stack:
        raise RulesError("603.3b", f"{on_stack[0]} is already an object, not a triggered "
                         f"ability waiting for {player} to put it on the stack",
                         subject=on_stack[0])
    _record(tx, gid, ("603.3b", "each player, in APNAP order, puts each triggered ability they "
                      "control"), player, who, ids,
            f"{who} chooses the order of {player}'s triggered abilities for the next time they "
            f"go on the stack: {', then '.join(ids)} (the last on top).",
            f"{who} records an order for {player}'s triggered abilities")


@hooks.on("trigger_order")
def _controlled_order(tx: Tx, gid: int, player: str, listed: str) -> bool:
    """CR 720.5: a controlled player's triggered abilities are ordered by their controller; the
    engine takes the default order (the trace says whose choice it is)."""
    who = decider(tx.world, gid, player)
    if who == player:
        return False
    tx.step("720.5", "a player makes all choices and decisions the controlled player")
    tx.note(f"{who} controls {player}: {who} puts {player}'s triggered abilities on the stack "
            "in any order; the engine takes the default: the order they triggered in, and for "
            "abilities that triggered together, their sources' timestamp order (CR 613.7d): "
            f"{listed} (the last on top).")
    return True


@step("cleanup_discard", "player:player cards:objects by?:player",
      doc="choose the cards the active player discards down to their maximum hand size in "
          "the next cleanup step (514.1)",
      example="cleanup_discard: {player: Alex, cards: [\"Alex#8\"]}",
      player="the active player of that cleanup step",
      cards="the cards of their hand they discard (exactly as many as they have over seven)",
      by="the player who chooses (720.5: the controller of a controlled player)")
def _cleanup_discard_step(tx: Tx, a: dict) -> None:
    """CR 514.1: the cards ``player`` will discard in their next cleanup step, chosen by them
    (or, CR 720.5, their controller)."""
    gid = tx.world.current
    player, ids = a["player"], tuple(a["cards"])
    who = _chooser(tx, gid, player, a.get("by"), "514.1")
    for oid in ids:
        obj = tx.obj(oid)
        if obj.game != gid or obj.zone is not Zone.HAND or obj.owner != player:
            raise RulesError("514.1", f"{obj.label()} is not in {player}'s hand in "
                             f"{_where(gid)}: {player} cannot discard it", subject=oid)
    _record(tx, gid, ("514.1", "they discard enough cards to reduce their hand size to that "
                      "number"), player, who, ids,
            f"{who} chooses the cards {player} will discard in the cleanup step: "
            f"{', '.join(ids)}.",
            f"{who} records the cards {player} discards in cleanup")


@hooks.on("step_begins")
def _cleanup(tx: Tx, gid: int, step_name: str) -> None:
    """CR 514.1 and 402.2: at the start of the cleanup step, the active player discards down to
    seven: the cards chosen ahead (checked now), else the engine's default, the cards put into
    the hand last. A hand of seven or fewer discards nothing (no step)."""
    game = tx.game(gid)
    player = game.active
    if step_name != "cleanup" or player is None:
        return
    hand = tx.world.in_zone(gid, Zone.HAND, player)
    excess = len(hand) - MAX_HAND
    chosen = next((r for r in game.recorded if r[0] == "514.1" and r[1] == player), None)
    if excess <= 0:
        if chosen is not None:
            raise RulesError("514.1", f"{player} has {len(hand)} cards in hand, no more than "
                             f"their maximum hand size of {MAX_HAND}: they discard nothing, "
                             f"not {', '.join(chosen[3])}", subject=player)
        return
    tx.step("514.1", "they discard enough cards to reduce their hand size to that number")
    in_hand = {o.id for o in hand}
    if chosen is not None:
        _, _, who, ids = chosen
        wrong = [i for i in ids if i not in in_hand]
        if wrong or len(ids) != excess:
            raise RulesError("514.1", f"{player} has {len(hand)} cards in hand and discards "
                             f"exactly {excess} (maximum hand size {MAX_HAND}, CR 402.2); the "
                             f"cards chosen were {', '.join(ids)}"
                             + (f" ({', '.join(wrong)} not in their hand)" if wrong else ""),
                             subject=player)
        if who != player:
            tx.step("720.5", "a player makes all choices and decisions the controlled player")
        tx.note(f"{player} has {len(hand)} cards in hand, {excess} over their maximum hand size "
                f"of {MAX_HAND} (CR 402.2): {who} chooses the cards to discard (a recorded "
                f"choice): {', '.join(ids)}.")
        tx.fact(gid, "recorded", tuple(r for r in game.recorded if r is not chosen),
                f"{who}'s choice of {player}'s discards is used")
    else:
        who = decider(tx.world, gid, player)
        if who != player:
            tx.step("720.5", "a player makes all choices and decisions the controlled player")
        ids = tuple(o.id for o in hand[-excess:])
        tx.note(f"{player} has {len(hand)} cards in hand, {excess} over their maximum hand size "
                f"of {MAX_HAND} (CR 402.2): {who} chooses which to discard; the engine takes "
                f"the default, the cards put into the hand last: {', '.join(ids)}.")
    with tx.at_once():
        for oid in ids:
            tx.move(oid, gid, Zone.GRAVEYARD)
