"""A player leaves a multiplayer game (CR 800.4a–800.4p; CR 104.3a for conceding).

CR 800.4a happens in four stages, each a step of the trace in the text's order: the player's
objects leave the game and effects giving them control end; their stack objects not represented by
cards cease to exist; what they still control is exiled; priority passes. Inside a subgame, the
player leaves the subgame only (CR 726.1b): the main game does not know.

A player may also leave a game that is discontinued while a subgame runs (CR 104.3a: "at any
time"): the main game, or a middle subgame of a nested tree (CR 726.6). Literal readings where
the rules are silent, each said in the trace: they stay in the subgame (a completely separate
game, CR 726.1a–b); when the subgame ends, their cards in it go outside every game, not into a
main-game library of a game they have left (CR 800.4a); Shahrazad's life loss reaches only the
players still in the main game; and when a discontinued game ends, the subgames inside it are
over with it (``games_over_with``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING

from ..engine import damage, effects, hooks
from ..engine.errors import RulesError
from ..engine.objects import Kind
from ..engine.priority import check_one_left, end_game, priority_point, set_planar_controller
from ..engine.state import PRIORITY_STEPS, by_zone, game_name, timestamp
from ..engine.transaction import Tx
from ..engine.zones import PER_PLAYER, Zone

if TYPE_CHECKING:
    from ..engine.objects import Obj

HOW = {"leave": "leaves", "lose": "loses", "concede": "concedes"}
_WINS = ("104.2a", "wins the game if that player’s opponents have all left the game")
_DRAW = ("104.4a", "the game is a draw")


def check_can_leave(tx: Tx, player: str, gid: int | None = None) -> int:
    """Raise unless ``player`` is in game ``gid`` (default: the game in progress), which is the
    game in progress or one of the games it is discontinued under (CR 104.3a: a player can
    concede "at any time"); return ``gid``."""
    cur = tx.world.current
    gid = cur if gid is None else gid
    if gid not in tx.world.games:
        made = len(tx.world.games) - 1
        raise RulesError("726.1", f"{player} cannot leave {game_name(gid)}: it does not exist "
                         f"(subgames so far: {made})", subject=player)
    game = tx.game(gid)
    where = game_name(gid)
    if game.ended:
        raise RulesError("104.1", f"{where} has ended", subject=player)
    if player not in game.seats:
        raise RulesError("800.4", f"{player} is not a player of {where}", subject=player)
    if not game.seat(player).in_game:
        raise RulesError("800.4", f"{player} has already left {where}", subject=player)
    return gid


def _leave_step(how: str):
    """The step ``how`` (``leave``, ``lose`` or ``concede``; CR 800.4a, 104.3, 104.3a): the
    player leaves a game; then the game in progress, still going, gives priority to its holder
    again, the passes made so far kept."""

    def step(tx: Tx, a: dict) -> None:
        gid = tx.world.current
        request(tx, a["player"], how, a.get("game"))
        game = tx.game(gid)
        if not game.ended and tx.world.current == gid and game.step in PRIORITY_STEPS:
            priority_point(tx, gid, game.priority, keep_passes=True)

    return step


for _how in ("leave", "lose", "concede"):
    hooks.action(_how)(_leave_step(_how))


def request(tx: Tx, player: str, how: str, gid: int | None = None) -> None:
    """A ``leave``, ``lose`` or ``concede`` request for game ``gid`` (default: the game in
    progress; else a game it is discontinued under)."""
    gid = check_can_leave(tx, player, gid)
    cur = tx.world.current
    if how == "lose" and hooks.emit_any("loss_prevented", tx, gid, player, "104.3e"):
        return
    if how == "concede":
        tx.step("104.3a", "A player can concede the game at any time" if gid != cur
                else "A player who concedes leaves the game immediately")
        if gid != cur:
            tx.note(f"{player} concedes {game_name(gid)}, which is discontinued while subgame "
                    f"{cur} is in progress.")
        tx.player_event(gid, player, "concedes",
                        result="conceded" if tx.game(gid).multiplayer else "lost")
    lose_all(tx, gid, [player], how=HOW[how])
    if gid != cur and not tx.game(gid).ended:
        _still_in_subgames(tx, gid, cur, player)


def _still_in_subgames(tx: Tx, gid: int, cur: int, player: str) -> None:
    chain = tx.world.ancestors(cur)
    inside = [g for g in reversed(chain[:chain.index(gid)])
              if player in tx.game(g).seats and tx.game(g).seat(player).in_game]
    if not inside:
        return
    names = " and ".join(game_name(g) for g in inside)
    tx.step("726.1a", "A “subgame” is a completely separate Magic game")
    tx.note(f"Literal reading: {player} left {game_name(gid)}, the game they "
            f"{'conceded' if tx.game(gid).seat(player).result == 'conceded' else 'left'}; "
            f"{names} {'is a' if len(inside) == 1 else 'are'} separate game"
            f"{'' if len(inside) == 1 else 's'} (CR {tx.edition.cite('726.1b').rule}), so "
            f"{player} is still in "
            f"{names} and plays on there.")


@hooks.on("players_lose")
def lose_all(tx: Tx, gid: int, players: list[str], *, how: str = "loses") -> None:
    """Players lose (or leave) a game at the same time: in a two-player game the game ends
    (CR 104.2a, 104.4a); in a multiplayer game each leaves it (CR 800.4a), then the abilities that
    trigger on their loss look back at the world as it was before (``players_left``, CR 603.10f).
    A rule that makes them lose otherwise (CR 810.8: a team) handles ``players_losing``."""
    if hooks.emit_any("players_losing", tx, gid, list(players), how):
        return
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
        games_over_with(tx, gid)
        return
    before = tx.world  # CR 603.10f: loss triggers look back at the world before the event
    gone = tuple(p for p in players if tx.game(gid).seat(p).in_game)
    for p in gone:
        if tx.game(gid).seat(p).in_game:
            leave(tx, gid, p, how, tuple(players))
    hooks.emit("players_left", tx, gid, gone, how, before)
    check_one_left(tx, gid)
    games_over_with(tx, gid)


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
    attached = tuple((o.id, o.name) for o in sorted(tx.world.objects_in(gid), key=timestamp)
                     if o.zone is Zone.BATTLEFIELD and o.attached_to == player)
    lki = (seat.life, tuple(sorted(seat.counters.items())), game.active == player, attached)
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
    phased = [o for o in owned if o.phased_out]
    if phased:
        tx.step("702.26k", "also leave the game")
        owned = phased + [o for o in owned if not o.phased_out]
    run: list[str] = []  # their cards in their own library, hand, graveyard: moved together

    def flush() -> None:
        if run:
            tx.move_all(player, run, None, None)
            run.clear()

    with tx.holding_orphans() as held:
        with tx.at_once():  # one event, listed object by object (Obj.moment)
            for i, obj in enumerate(owned):
                if obj.id not in tx.world.objects:
                    continue
                if phased and i == len(phased):
                    flush()
                    tx.step("800.4a", "all objects (see rule 109) owned by that player leave the "
                            "game")
                if obj.kind is Kind.CARD and obj.zone in PER_PLAYER and not obj.phased_out:
                    run.append(obj.id)
                    continue
                flush()
                if obj.kind is Kind.CARD:
                    tx.move(obj.id, None, None)
                else:
                    tx.cease(obj.id)
            flush()
        ante = [o for o in _objects(tx, gid) if o.owner == player and o.zone is Zone.ANTE]
        touched = held + effects.end(
            tx, lambda e: e.game == gid and e.to == player and not e.follows,
            f"{player} left the game")

    stack_objs = [o for o in tx.world.stack(gid) if o.controller == player and not o.is_card]
    if stack_objs:
        tx.step("800.4a", "those objects cease to exist")
        for obj in stack_objs:
            tx.cease(obj.id)

    still = [o for o in _objects(tx, gid) if o.controller == player and o.zone is not Zone.EXILE]
    if still:
        tx.step("800.4a", "those objects are exiled")
        with tx.at_once():
            for obj in still:
                tx.move(obj.id, gid, Zone.EXILE)
    effects.exile_orphans(tx, touched)

    if had_priority:
        nxt = tx.game(gid).next_in_order(player)
        tx.step("800.4a", "priority passes to the next player in turn order")
        tx.set_priority(gid, nxt, keep_passes=True)
    tx.forget_passes(gid, player)
    waiting = sorted((e for e in tx.world.effects.values()
                      if e.game == gid and e.until == f"next_turn:{player}"),
                     key=lambda e: e.order)
    if waiting:
        tx.step("800.4m", "They neither expire immediately nor last indefinitely")
        for effect in waiting:
            tx.note(f"{effects.describe(effect, tx)}: it lasts until {player}'s turn would "
                    "have begun, not beyond and not less.")
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
    held = [t for t in game.held if t.controller == player]
    if held:
        tx.step("800.4d", "it isn’t put on the stack")
        for t in held:
            tx.note(f"{t.text} is held until {game_name(gid)} resumes (CR "
                    f"{tx.edition.cite('726.4a.held').rule}); it would "
                    f"then be put onto the stack, but {player}, its controller, has left.")
            tx.trigger_event(gid, t.id, t.text, f"removed: {player} has left the game",
                             "remove")
    hooks.emit("player_left", tx, gid, player, how)


def games_over_with(tx: Tx, gid: int) -> None:
    """Game ``gid`` has ended while subgames inside it are in progress (a player left it while
    it was discontinued): those subgames are over too, innermost first. Literal reading (the
    rules are silent): a subgame is "a game within a game" (CR 726.1a); with that game over,
    the subgame ends with no result of its own, CR 726.5's "the main game continues" cannot
    happen (so the spell that created it never finishes resolving), its cards go outside every
    game and its other objects cease to exist."""
    chain = tx.world.ancestors(tx.world.current)
    if gid not in chain or chain[0] == gid or not tx.game(gid).ended:
        return
    for sid in chain[:chain.index(gid)]:
        _over(tx, sid, gid)


def _over(tx: Tx, sid: int, ended: int) -> None:
    sub = tx.game(sid)
    parent = sub.parent
    creator = tx.world.objects.get(sub.creator or "")
    name = creator.label() if creator else (sub.creator or "the spell")
    tx.step("726.1a", "Essentially, it’s a game within a game")
    why = (f"{game_name(parent)} has ended" if parent == ended else
           f"{game_name(parent)} is over with {game_name(ended)}, which has ended")
    rule = tx.edition.cite("726.5").rule
    tx.note(f"Literal reading: {why}, so subgame {sid}, a game within it, is over too. It ends "
            f"with no winner and no result of its own. CR {rule}'s “The main game continues from "
            f"the point at which it was discontinued” cannot happen: {name} never finishes "
            f"resolving, and no card of subgame {sid} goes into a library of a game that has "
            "ended: they go outside every game; its other objects cease to exist. (Another reading "
            "has the subgame played out, its result no longer mattering.)")
    tx.set_priority(sid, None)
    clear_ended(tx, sid, ends="ends (its game is over)")
    tx.game_event(sid, "ends", f"with no result: {game_name(ended)} has ended", op="end",
                  winner=None, result="over with its main game", current=parent)
    if tx.game(parent).resolving is not None:
        tx.fact(parent, "resolving", None, f"{name} never finishes resolving")


def clear_ended(tx: Tx, gid: int, *, ends: str,
                say: Callable[[Obj], None] | None = None, keep: Collection[str] = ()) -> None:
    """What is left of game ``gid`` as it ends goes with it, the one way every ended game is
    cleared (CR 726.5 "all other objects in the subgame cease to exist" for a subgame that
    ends; ``games_over_with`` for one over with the game it is in): its objects in the order of
    their zones (a card cannot cease to exist: it goes outside every game; any other object
    ceases to exist), then its control effects and damage replacement effects end (``ends``: the
    words of their ending; CR 726.1b), and its delayed triggered abilities and the triggered
    abilities waiting or held in it cease to exist.

    ``say(obj)``: what to note before each object goes, one at a time; without it, the cards
    go outside together (one event), then the other objects cease to exist. ``keep``: the ids
    of cards that stay where they are (the cards a restart exempts, CR 724.5)."""
    rest = sorted((o for o in tx.world.objects_in(gid) if o.id not in keep), key=by_zone)
    if say is None:
        tx.move_all(None, [o.id for o in rest if o.kind is Kind.CARD], None, None)
    for obj in rest:
        if say is not None:
            say(obj)
            tx.cease(obj.id)
        elif obj.kind is not Kind.CARD and obj.id in tx.world.objects:
            tx.cease(obj.id)
    for effect in sorted((e for e in tx.world.effects.values() if e.game == gid),
                         key=lambda e: e.order):
        tx.effect_event(effect, effects.describe(effect, tx), ends, "end")
    damage.end_with_game(tx, gid, ends)
    for d in sorted((d for d in tx.world.delayed.values() if d.game == gid),
                    key=lambda d: d.id):
        tx.delayed_event(d.id, d.text, "ceases to exist with its game")
    for trig in tx.game(gid).pending + tx.game(gid).held:
        tx.trigger_event(gid, trig.id, trig.text, "ceases to exist with its game", "remove")


def before_subgame_ends(tx: Tx, gid: int) -> None:
    """Called as subgame ``gid`` ends (CR 726.5), before its cards go back: subgames still in
    progress inside it are over with it (``games_over_with``); then the cards of players who
    have left its main game go outside every game (literal reading of CR 726.5 with 800.4a)."""
    games_over_with(tx, gid)
    main_id = tx.game(gid).parent
    main = tx.game(main_id)
    owners = [p for p in main.seats if not main.seat(p).in_game
              and any(o.kind is Kind.CARD for o in tx.world.objects_of(gid, p))]
    for player in owners:
        cards = sorted((o for o in tx.world.objects_of(gid, player, ordered=False)
                        if o.kind is Kind.CARD),
                       key=by_zone)
        tx.step("726.5", "puts them into their main-game library")
        tx.note(f"Literal reading: {player} has left {game_name(main_id)} (CR 800.4a: the "
                "objects a player owns leave the game with them), so there is no main-game "
                f"library of theirs to put their {len(cards)} card(s) of subgame {gid} into: "
                "they go outside every game. (Another reading puts them into that library "
                "anyway.)")
        tx.move_all(player, [o.id for o in cards], None, None)


def note_departed(tx: Tx, main_id: int, sub) -> None:
    """As the main game resumes after subgame ``sub`` (CR 726.5): say what Shahrazad's life
    loss does to the players of the subgame who have left the main game meanwhile (literal
    reading: nothing; it reaches only the players still in the main game), and whether the
    spell still finishes resolving when its card left the main game with its owner (literal
    reading of CR 726.5: it does; no official ruling speaks to it)."""
    main = tx.game(main_id)
    creator = tx.world.objects.get(sub.creator or "")
    if creator is not None and creator.game is None and creator.left_from == main_id:
        rule = tx.edition.cite("726.5").rule
        tx.note(f"Literal reading: {creator.label()}, the spell that created subgame {sub.gid}, "
                f"left {game_name(main_id)} with {creator.owner}, its owner (CR 800.4a). CR "
                f"{rule} has the spell finish resolving “even if it was created by a spell card "
                "that’s no longer on the stack”, so it does. (The other reading: it left the "
                "game with the player who cast it, and nothing of it is left to finish "
                "resolving. No official ruling speaks to it.)")
    gone = [p for p in sub.seats if p in main.seats and not main.seat(p).in_game]
    for player in gone:
        if player == sub.winner:
            others = ", ".join(main.in_game) or "nobody"
            tx.note(f"Literal reading: {player} won subgame {sub.gid} but has left "
                    f"{game_name(main_id)}: every player still in it ({others}) did not win the "
                    f"subgame and loses half their life; {player} gets nothing there.")
        else:
            tx.note(f"Literal reading: {player} did not win subgame {sub.gid}, but has left "
                    f"{game_name(main_id)}: “each player who doesn’t win the subgame loses half "
                    f"their life” reaches only the players still in it, so {player} loses no "
                    "life (they have no life total in a game they have left).")


def _objects(tx: Tx, gid: int):
    return sorted(tx.world.objects_in(gid), key=by_zone)
