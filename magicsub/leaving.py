"""A player leaves a multiplayer game (CR 800.4a–800.4p; CR 104.3a for conceding).

CR 800.4a happens in four stages, each a step of the trace in the text's order: the player's
objects leave the game and effects giving them control end; their stack objects not represented by
cards cease to exist; what they still control is exiled; priority passes. Inside a subgame, the
player leaves the subgame only (CR 726.1b): the main game does not know.
"""

from __future__ import annotations

from . import effects, hooks
from .errors import RulesError
from .objects import Kind
from .state import game_name
from .transaction import Tx
from .turns import check_one_left, end_game, set_planar_controller
from .zones import Zone

HOW = {"leave": "leaves", "lose": "loses", "concede": "concedes"}
_WINS = ("104.2a", "wins the game if that player’s opponents have all left the game")
_DRAW = ("104.4a", "the game is a draw")


def check_can_leave(tx: Tx, player: str) -> None:
    """Raise unless ``player`` is in the game in progress."""
    gid = tx.world.current
    game = tx.game(gid)
    where = game_name(gid)
    if game.ended:
        raise RulesError("104.1", f"{where} has ended", subject=player)
    if player not in game.seats:
        raise RulesError("800.4", f"{player} is not a player of {where}", subject=player)
    if not game.seat(player).in_game:
        raise RulesError("800.4", f"{player} has already left {where}", subject=player)


def request(tx: Tx, player: str, how: str) -> None:
    """A ``leave``, ``lose`` or ``concede`` request for the game in progress."""
    check_can_leave(tx, player)
    gid = tx.world.current
    if how == "concede":
        tx.step("104.3a", "A player who concedes leaves the game immediately")
        tx.player_event(gid, player, "concedes",
                        result="conceded" if tx.game(gid).multiplayer else "lost")
    lose_all(tx, gid, [player], how=HOW[how])


@hooks.on("players_lose")
def lose_all(tx: Tx, gid: int, players: list[str], *, how: str = "loses") -> None:
    """Players lose (or leave) a game at the same time: in a two-player game the game ends
    (CR 104.2a, 104.4a); in a multiplayer game each leaves it (CR 800.4a)."""
    game = tx.game(gid)
    if not game.multiplayer:
        remaining = [p for p in game.in_game if p not in players]
        win = len(remaining) == 1
        rule, match = _WINS if win else _DRAW
        if tx.rule != rule:
            tx.step(rule, match)
        for p in players:
            if game.seat(p).result is None:
                tx.player_event(gid, p, how, in_game=False, result="lost")
            else:
                tx.player_event(gid, p, "leaves", in_game=False)
        end_game(tx, gid, remaining[0] if win else None,
                 f"{', '.join(players)} {how}" if win else "all remaining players lost")
        return
    for p in players:
        if tx.game(gid).seat(p).in_game:
            leave(tx, gid, p, how, tuple(players))
    check_one_left(tx, gid)


def leave(tx: Tx, gid: int, player: str, how: str = "leaves",
          together: tuple[str, ...] = ()) -> None:
    """CR 800.4a–800.4p: ``player`` leaves game ``gid`` (with ``together``, who leave at the
    same time)."""
    game = tx.game(gid)
    if game.planar_controller == player:
        staying = [p for p in game.in_game if p != player and p not in together]
        order = list(game.seats)
        i = order.index(player)
        nxt = next((p for p in order[i + 1:] + order[:i] if p in staying), None)
        tx.step("800.4p", "becomes the planar controller")
        tx.note(f"{player} would leave the game as planar controller: {nxt} becomes the planar "
                "controller first.")
        set_planar_controller(tx, gid, nxt)
    seat = game.seat(player)
    lki = (seat.life, tuple(sorted(seat.counters.items())), game.active == player)
    had_priority = game.priority == player

    tx.step("800.4a", "all objects (see rule 109) owned by that player leave the game")
    if seat.result is not None:
        tx.player_event(gid, player, "leaves", lki=lki, in_game=False)
    else:
        tx.player_event(gid, player, "leaves" if how == "leaves" else f"{how} and leaves",
                        lki=lki, in_game=False,
                        result={"leaves": "left", "loses": "lost"}.get(how, "left"))
    if had_priority:
        tx.set_priority(gid, None, keep_passes=True)
    was_active = game.active == player
    if was_active:
        tx.set_turn(gid, active=None)
    owned = [o for o in _objects(tx, gid) if o.owner == player and o.zone is not Zone.ANTE
             and o.kind is not Kind.ABILITY]
    tx.held_orphans = []
    phased = [o for o in owned if o.phased_out]
    if phased:
        tx.step("702.26k", "also leave the game")
        owned = phased + [o for o in owned if not o.phased_out]
    for i, obj in enumerate(owned):
        if obj.id not in tx.world.objects:
            continue
        if phased and i == len(phased):
            tx.step("800.4a", "all objects (see rule 109) owned by that player leave the game")
        if obj.kind is Kind.CARD:
            tx.move(obj.id, None, None)
        else:
            tx.cease(obj.id)
    ante = [o for o in _objects(tx, gid) if o.owner == player and o.zone is Zone.ANTE]
    touched = tx.held_orphans + effects.end(
        tx, lambda e: e.game == gid and e.to == player and not e.follows,
        f"{player} left the game")
    tx.held_orphans = None

    stack_objs = [o for o in tx.world.stack(gid) if o.controller == player and not o.is_card]
    if stack_objs:
        tx.step("800.4a", "those objects cease to exist")
        for obj in stack_objs:
            tx.cease(obj.id)

    still = [o for o in _objects(tx, gid) if o.controller == player and o.zone is not Zone.EXILE]
    if still:
        tx.step("800.4a", "those objects are exiled")
        for obj in still:
            tx.move(obj.id, gid, Zone.EXILE)
    effects.exile_orphans(tx, touched)

    if had_priority:
        nxt = tx.game(gid).next_in_order(player)
        tx.step("800.4a", "priority passes to the next player in turn order")
        tx.set_priority(gid, nxt, keep_passes=True)
    tx.forget_passes(gid, player)
    if ante:
        tx.step("800.4n", "do not leave the game")
        names = ", ".join(o.label() for o in ante)
        verb = "stays" if len(ante) == 1 else "stay"
        tx.note(f"{names} {verb} in the ante zone though {player} left.")
    if was_active:
        tx.step("800.4j", "that turn continues to its completion without an active player")
        tx.note(f"{player} was the active player: the turn goes on with no active player.")
    game = tx.game(gid)
    if any(t.controller == player for t in game.pending):
        tx.step("800.4d", "it isn’t put on the stack")
        for t in game.pending:
            if t.controller == player:
                tx.trigger_event(gid, t.id, t.text, f"removed: {player} has left the game",
                                 "remove")
    hooks.emit("player_left", tx, gid, player, how)


def _objects(tx: Tx, gid: int):
    return sorted((o for o in tx.world.objects.values() if o.game == gid),
                  key=lambda o: (o.zone.value if o.zone else "", o.order))
