"""Priority and what happens whenever a player would receive it: state-based actions, triggered
abilities going on the stack, and the end of a game (CR 104, 117, 603.3, 704), with the
multiplayer exceptions of CR 800.4d and 800.4j.

This is the bottom of the turn/priority/stack core: resolution and turns build on it, and it
knows nothing of subgames or leaving. Players who lose (CR 704.5) are handed to whatever rule
hooks ``players_lose``; a game that ends announces ``game_ended`` (``magicsub.engine.hooks``).
"""

from __future__ import annotations

from . import hooks
from .errors import RulesError
from .objects import Kind, Obj
from .state import PRIORITY_STEPS, game_name
from .transaction import Tx
from .zones import Zone


def draw(tx: Tx, gid: int, player: str, count: int = 1) -> int:
    """A player draws cards; drawing from an empty library is remembered for CR 704.5b."""
    library = tx.world.top(gid, Zone.LIBRARY, player, count)
    drawn = 0
    for _ in range(count):
        if not library:
            game = tx.game(gid)
            tx.fact(gid, "drew_empty", game.drew_empty | {player},
                    f"{player} attempts to draw from an empty library")
            break
        tx.move(library.pop().id, gid, Zone.HAND)
        drawn += 1
    return drawn


def priority_point(tx: Tx, gid: int, player: str | None, *, keep_passes: bool = False,
                   cite: str | None = None) -> None:
    """A player would receive priority: check state-based actions, put triggered abilities on
    the stack, then give priority (CR 117.5, 603.3). Stops if the game ends. ``cite``: the rule
    that gives priority, cited in its own step when priority changes hands."""
    for _ in range(50):
        if not check_sba(tx, gid):
            break
    game = tx.game(gid)
    if game.ended or gid != tx.world.current:
        return
    put_triggers(tx, gid)
    game = tx.game(gid)
    if declaring(game) and not tx.world.stack(gid):
        return
    if player is None or not game.seat(player).in_game:
        player = receiver(tx, gid)
        if game.active is None and game.turn_of is not None and player is not None:
            tx.step("800.4j", "instead the next player in turn order receives priority")
            tx.note(f"The turn has no active player: {player}, next in turn order after "
                    f"{game.turn_of}, receives priority.")
        elif cite is not None and game.priority != player:
            tx.step(cite)
    tx.set_priority(gid, player, keep_passes=keep_passes)


def declaring(game) -> bool:
    """True while the active player declares attackers at the start of the declare attackers
    step (CR 508.1): nobody has priority yet (CR 117.3a: after the turn-based action)."""
    return (game.step == "declare_attackers" and game.priority is None and not game.passed
            and game.active is not None and game.status == "in progress"
            and game.declared != game.turn)


def end_declarations(tx: Tx, gid: int) -> None:
    """The active player is done declaring attackers: they receive priority (CR 117.3a)."""
    game = tx.game(gid)
    if not declaring(game) or tx.world.stack(gid):
        return
    tx.step("117.3a", "The active player receives priority at the beginning of most steps")
    attackers = [c for c, _ in game.attacks]
    tx.fact(gid, "declared", game.turn, f"{game.active} has declared {len(attackers) or 'no'} "
            f"attacker{'' if len(attackers) == 1 else 's'}")
    tx.set_priority(gid, game.active)


def active_acts(tx: Tx, player: str) -> None:
    """``player`` casts a spell, cycles a card or passes priority in the game in progress: when
    they are the active player declaring attackers, their declarations end (CR 117.3a)."""
    gid = tx.world.current
    if player == tx.game(gid).active:
        end_declarations(tx, gid)


def settle(tx: Tx, gid: int) -> None:
    """After an action in a step with priority: state-based actions, triggers, priority back to
    its holder (nobody receives priority in an untap step)."""
    game = tx.game(gid)
    if tx.world.current == gid and not game.ended and game.step in PRIORITY_STEPS:
        priority_point(tx, gid, game.priority)


def player_in_game(tx: Tx, player: str, rule: str) -> int:
    """The game in progress, whose player ``player`` still is; refused (``rule``) otherwise."""
    gid = tx.world.current
    game = tx.game(gid)
    if player not in game.seats or not game.seat(player).in_game:
        raise RulesError(rule, f"{player} is not in {game_name(gid)}", subject=player)
    return gid


def set_planar_controller(tx: Tx, gid: int, player: str | None) -> None:
    """CR 311.5: designate the planar controller, who controls the face-up planes and phenomena."""
    old = tx.game(gid).planar_controller
    if old != player:
        tx.fact(gid, "planar_controller", player,
                f"{player or 'no player'} becomes the planar controller of the "
                f"{game_name(gid, 'bare')}")
    for obj in tx.world.objects_in(gid):
        if obj.zone is Zone.COMMAND and not obj.traditional and obj.face_up \
                and obj.deck == "planar":
            tx.set_controller(obj.id, player)


def receiver(tx: Tx, gid: int) -> str | None:
    """Who receives priority now: the active player, or (CR 800.4j) the next player in turn
    order after the player whose turn it is."""
    game = tx.game(gid)
    if game.active is not None and game.seat(game.active).in_game:
        return game.active
    if game.turn_of is None:
        return game.in_game[0] if game.in_game else None
    return game.next_in_order(game.turn_of)


def put_triggers(tx: Tx, gid: int, *, only: frozenset[str] | None = None) -> None:
    """CR 603.3b: triggered abilities go on the stack in APNAP order, each player's in the order
    they choose (the engine's default, recorded in the trace: the order they triggered in, and
    for abilities that triggered together, their sources' timestamp order); CR 800.4d: one
    controlled by a player who has left the game is not put on the stack. ``only``: the ids of
    the waiting abilities a rule puts onto the stack now (CR 726.5); the others keep waiting."""
    game = tx.game(gid)
    pending = tuple(t for t in game.pending if only is None or t.id in only)
    if not pending:
        return
    placing = [t for t in pending if t.controller in game.seats
               and game.seat(t.controller).in_game]
    ordered = _trigger_order(tx, game, placing)
    for player in game.apnap:
        for trig in ordered.get(player) or [t for t in pending if t.controller == player]:
            if not game.seat(player).in_game:
                tx.step("800.4d", "it isn’t put on the stack")
                tx.trigger_event(gid, trig.id, trig.text,
                                 f"not put on the stack: {player} has left the game", "remove")
                continue
            tx.step("603.3", "puts it on the stack")
            tx.trigger_event(gid, trig.id, trig.text, "put on the stack", "remove")
            tx.create(Obj(trig.id, trig.text, player, Kind.ABILITY, game=gid, zone=Zone.STACK,
                          base=player, controller=player, source=trig.source,
                          extra=(("behaviour", trig.behaviour), ("data", trig.data))),
                      "triggered ability")


def _trigger_order(tx: Tx, game, placing: list) -> dict[str, list]:
    """CR 603.3b: say in which order several waiting triggered abilities go on the stack; return
    the abilities of each player who chose an order ahead (``GameState.recorded``), in it."""
    chosen = {p: (who, ids) for rule, p, who, ids in game.recorded if rule == "603.3b"
              and any(t.controller == p for t in placing)}
    if len(placing) < 2 and not chosen:
        return {}
    tx.step("603.3b", "each player, in APNAP order, puts each triggered ability they control")
    players = [p for p in game.apnap if any(t.controller == p for t in placing)]
    if len(players) > 1:
        tx.note(f"{len(placing)} triggered abilities wait to be put on the stack. APNAP order "
                f"(CR 101.4): {', then '.join(players)}; the first player's go on the stack "
                "first, so they resolve last.")
    ordered: dict[str, list] = {}
    for player in players:
        mine = [t for t in placing if t.controller == player]
        if player in chosen:
            ordered[player] = _chosen_order(tx, game, player, mine, *chosen[player])
            continue
        if len(mine) < 2:
            continue
        listed = ", then ".join(_source_label(tx, t) for t in mine)
        if hooks.emit_any("trigger_order", tx, game.gid, player, listed):
            continue
        tx.note(f"{player} may put their {len(mine)} triggered abilities on the stack in any "
                "order; the engine takes the default: the order they triggered in, and for "
                "abilities that triggered together, their sources' timestamp order (CR 613.7d): "
                f"{listed} (the last on top).")
    return ordered


def _chosen_order(tx: Tx, game, player: str, mine: list, who: str, ids: tuple) -> list:
    """The order ``who`` chose ahead for ``player``'s abilities ``mine`` (CR 603.3b: all of
    them, each once; refused otherwise, and the request changes nothing), said and used up."""
    waiting = [t.id for t in mine]
    if sorted(ids) != sorted(waiting) or len(set(ids)) != len(ids):
        raise RulesError("603.3b", f"the order chosen for {player}'s triggered abilities names "
                         f"{', '.join(ids)}; the abilities {player} puts on the stack now are "
                         f"{', '.join(waiting)} (all of them, each once)", subject=player)
    by_id = {t.id: t for t in mine}
    listed = ", then ".join(_source_label(tx, by_id[i]) for i in ids)
    if who != player:
        tx.step("720.5", "a player makes all choices and decisions the controlled player")
    whose = "their" if who == player else f"{player}'s"
    tx.note(f"{who} chooses the order in which {whose} {len(ids)} triggered "
            f"abilit{'y goes' if len(ids) == 1 else 'ies go'} on the stack (a recorded choice): "
            f"{listed} (the last on top).")
    rest = tuple(r for r in game.recorded if not (r[0] == "603.3b" and r[1] == player))
    tx.fact(game.gid, "recorded", rest, f"{who}'s chosen order for {player}'s triggered "
            "abilities is used")
    return [by_id[i] for i in ids]


def _source_label(tx: Tx, trig) -> str:
    source = tx.world.objects.get(trig.source)
    return f"{trig.id} ({source.label() if source else trig.source})"


def check_sba(tx: Tx, gid: int) -> bool:
    """Perform state-based actions once (CR 704.5a, b, c, e, m, and a variant's losses asked
    of ``loses_when``, CR 704.6c), all at once as one event (CR 704.3). True when any was
    performed."""
    game = tx.game(gid)
    if game.ended:
        return False
    losers: list[tuple] = []
    for player in game.in_game:
        seat = game.seat(player)
        if seat.life <= 0:
            losers.append((player, "704.5a"))
        elif player in game.drew_empty:
            losers.append((player, "704.5b"))
        elif seat.counters.get("poison", 0) >= 10:
            losers.append((player, "704.5c"))
        else:
            losers += [(player, rule, note) for rule, note in
                       hooks.ask("loses_when", tx, gid, player)[:1]]
    spared = [p for p, rule, *_ in losers if hooks.emit_any("loss_prevented", tx, gid, p, rule)]
    losers = [entry for entry in losers if entry[0] not in spared]
    world = tx.world
    copies = [o for o in world.marked(gid, "kind", Kind.COPY) if o.zone is not Zone.STACK]
    auras = [o for o in world.marked(gid, "type", "aura") if not _attached(tx, o)]
    for obj in copies:
        tx.step("704.5e", "a copy of a spell is in a zone other than the stack")
        tx.cease(obj.id)
    _to_graveyards(tx, game, auras)
    others = hooks.emit_any("state_based_actions", tx, gid)
    if losers:
        for player, rule, *note in losers:
            tx.step(rule, "loses the game")
            if note:
                tx.note(note[0])
            if rule == "704.5b" and tx.game(gid).turn == 1 and tx.game(gid).parent is not None:
                short = tx.edition.cite("726.3").rule
                tx.note(f"CR {short}: {player} began the subgame with fewer than seven cards in "
                        "their library; the state-based action is checked in the first upkeep.")
            tx.player_event(gid, player, "loses", result="lost")
        if tx.game(gid).drew_empty:
            tx.fact(gid, "drew_empty", frozenset(), "the draws from an empty library have been "
                    "checked")
        hooks.emit("players_lose", tx, gid, [p for p, *_ in losers])
    elif spared and tx.game(gid).drew_empty:
        tx.fact(gid, "drew_empty", frozenset(), "the draws from an empty library have been "
                "checked")
    return bool(copies or auras or losers or others)


def _to_graveyards(tx: Tx, game, auras: list[Obj]) -> None:
    """CR 704.5m: Auras attached to nothing go to their owners' graveyards at the same time.
    CR 404.3: each owner arranges the cards going to their graveyard; owners choose in APNAP
    order (CR 101.4) and the engine takes the default, timestamp order (the earliest at the
    bottom), saying so in the trace."""
    owners = list(game.apnap) + sorted({o.owner for o in auras} - set(game.seats))
    for owner in owners:
        mine = [o for o in auras if o.owner == owner]
        if len(mine) > 1:
            tx.step("404.3", "the owner of those cards may arrange them in any order")
            listed = ", then ".join(o.label() for o in mine)
            tx.note(f"{len(mine)} Auras go to {owner}'s graveyard at the same time (CR 704.3). "
                    f"{owner} may arrange them in any order; the engine takes the default, "
                    f"timestamp order (CR 613.7d): {listed} (the last on top).")
        for obj in mine:
            tx.step("704.5m", "put into its owner’s graveyard")
            tx.move(obj.id, game.gid, Zone.GRAVEYARD)


def _attached(tx: Tx, aura: Obj) -> bool:
    if aura.attached_to in tx.game(aura.game).seats:  # CR 303.4c: an Aura enchanting a player
        return tx.game(aura.game).seat(aura.attached_to).in_game
    target = tx.world.objects.get(aura.attached_to) if aura.attached_to else None
    return target is not None and target.game == aura.game and target.zone is Zone.BATTLEFIELD


def end_game(tx: Tx, gid: int, winner: str | None, how: str) -> None:
    """The game ends with a winner or as a draw (``winner`` None); then ``game_ended`` is emitted
    (a subgame's end runs CR 726.5 there)."""
    game = tx.game(gid)
    result = f"won by {winner}" if winner else "a draw"
    for player in game.in_game:
        if player == winner:
            tx.player_event(gid, player, "wins", result="won")
        elif winner is None:
            tx.player_event(gid, player, "draws", result="drew")
        else:
            tx.player_event(gid, player, "loses", result="lost")
    tx.set_priority(gid, None)
    tx.game_event(gid, "ends", f"{result} ({how})", op="end", winner=winner, result=result)
    hooks.emit("game_ended", tx, gid)


def check_one_left(tx: Tx, gid: int) -> bool:
    """CR 104.2a / 104.4a: a game with one player left is won by that player; with none, drawn."""
    game = tx.game(gid)
    if game.ended:
        return True
    remaining = game.in_game
    if len(remaining) == 1:
        tx.step("104.2a", "wins the game if that player’s opponents have all left the game")
        end_game(tx, gid, remaining[0], "all opponents left")
        return True
    if not remaining:
        tx.step("104.4a", "the game is a draw")
        end_game(tx, gid, None, "no player left")
        return True
    return False
