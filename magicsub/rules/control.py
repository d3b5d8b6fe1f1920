"""Controlling another player (CR 720) and what leaving does to it (CR 800.4a, 800.4b).

A player-controlling effect (Mindslaver, Worst Fears) is a ``PlayerControl`` record kept in
``GameState.controls`` of the game it was created in (CR 726.1b: it means nothing in a subgame
or a main game). It waits (``active`` false) until the affected player's next turn actually
begins (CR 720.1, 720.1b); it then works for that whole turn and ends at the beginning of the
next turn (CR 720.1). ``decider`` says who makes a player's choices and decisions (CR 720.5);
every step of the vocabulary that a player decides records it (the ``decision`` hook).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..engine import departed, hooks
from ..engine.errors import RulesError
from ..engine.objects import Kind, Obj
from ..engine.priority import priority_point
from ..engine.registry import ability, lookup
from ..engine.resolution import require_priority
from ..engine.state import World
from ..engine.state import game_name as _where
from ..engine.transaction import Tx
from ..engine.zones import Zone

DECIDES = {"cast": "by", "cycle": "by", "activate": "by", "pass_priority": "player",
           "mulligan": "player", "concede": "player"}
"""The steps a player decides, and the field naming that player (``attack``: the attacking
creature's controller decides)."""


@dataclass(frozen=True, slots=True)
class PlayerControl:
    """``controller`` controls ``player`` during ``player``'s next turn (CR 720.1).

    ``active`` is true once that turn has begun (the effect works until the next turn begins);
    ``order`` is the creation order (CR 720.1a: the last one created is the one that works).
    """

    id: str
    controller: str
    player: str
    source: str
    order: int
    active: bool = False

    def words(self) -> str:
        """The effect in words."""
        when = "this turn" if self.active else f"during {self.player}'s next turn"
        return f"{self.controller} controls {self.player} {when} ({self.source})"


_MINDSLAVER = ("Mindslaver, Gatherer ruling of 2004-12-01: “If you make another player cast "
               "Shahrazad, you don’t control that player in the subgame, but you continue to "
               "control them once the subgame is completed.”")
"""The official ruling that a player-controlling effect has no meaning in a subgame (CR 726.1b)."""


def controls_of(world: World, gid: int) -> tuple[PlayerControl, ...]:
    """The player-controlling effects of one game, oldest first."""
    return world.games[gid].controls


def decider(world: World, gid: int, player: str) -> str:
    """Who makes ``player``'s choices and decisions in game ``gid`` now (CR 720.5): the
    controller of the working player-controlling effect on them, else ``player`` (CR 720.9: a
    player who controls themself decides as normal). Effects of another game of the tree have no
    meaning here (CR 726.1b)."""
    working = [c for c in world.games[gid].controls if c.active and c.player == player]
    return working[-1].controller if working else player


def controlled_elsewhere(world: World, gid: int, player: str) -> list[tuple[int, PlayerControl]]:
    """The player-controlling effects on ``player`` in the games above ``gid`` (they have no
    meaning in ``gid``, CR 726.1b)."""
    return [(g, c) for g in world.ancestors(gid)[1:] for c in world.games[g].controls
            if c.player == player]


def _set(tx: Tx, gid: int, controls: tuple[PlayerControl, ...], text: str) -> None:
    tx.fact(gid, "controls", controls, text)


def _end(tx: Tx, gid: int, ending: list[PlayerControl], why: str) -> None:
    for c in ending:
        keep = tuple(x for x in controls_of(tx.world, gid) if x.id != c.id)
        _set(tx, gid, keep, f"ends: {c.words()} ({why})")


def give(tx: Tx, gid: int, controller: str, player: str, source: str) -> None:
    """``controller`` will control ``player`` during ``player``'s next turn (CR 720.1). The
    caller has opened the step that creates the effect. CR 800.4b: a player is not controlled by
    a player who has left the game."""
    game = tx.game(gid)
    if departed.player_control_refused(tx, gid, controller, f"{controller} has left the game: "
                                       f"{player} is not controlled ({source} does nothing)."):
        return
    if player not in game.seats or not game.seat(player).in_game:
        raise RulesError("720.1", f"{player} is not in {_where(gid)} to be controlled",
                         subject=player)
    effect = PlayerControl(f"pc-{tx.world.seq + 1}-{len(game.controls) + 1}", controller,
                           player, source, tx.world.seq + 1)
    _set(tx, gid, game.controls + (effect,), f"begins: {effect.words()}")
    if controller == player:
        tx.note(f"CR 720.9: {player} gains control of themself and will make their own decisions "
                "as normal (it overwrites any earlier player-controlling effect on them, 720.1a).")
    else:
        tx.note(f"CR 720.1: the effect applies to the next turn {player} actually takes, and "
                f"{controller} will make all of {player}'s choices and decisions during it.")


@hooks.on("turn_begins")
def _turn_begins(tx: Tx, gid: int, player: str) -> None:
    """CR 720.1: a working effect ends at the beginning of the next turn; a waiting one on the
    player whose turn begins starts to work (the last created, CR 720.1a)."""
    ending = [c for c in controls_of(tx.world, gid) if c.active]
    if ending:
        tx.step("720.1", "the effect doesn’t end until the beginning of the next turn")
        _end(tx, gid, ending, f"{player}'s turn began")
    waiting = [c for c in controls_of(tx.world, gid) if c.player == player and not c.active]
    if not waiting:
        for g, c in controlled_elsewhere(tx.world, gid, player):
            tx.step("726.1b", "No effects or definitions created in either the main game")
            tx.note(f"{c.words()} belongs to {_where(g)}; this turn of {player}'s in "
                    f"{_where(gid)} is not the turn it waits for, and nobody controls {player} "
                    f"here ({_MINDSLAVER})")
        return
    *overwritten, works = waiting
    if overwritten:
        tx.step("720.1a", "The last one to be created is the one that works")
        _end(tx, gid, overwritten, f"overwritten by {works.source}")
    if departed.player_control_refused(tx, gid, works.controller, f"{works.controller} has left "
                                       f"the game: {player} is not controlled."):
        _end(tx, gid, [works], f"{works.controller} has left the game")
        return
    tx.step("720.1", "The affected player is controlled during the entire turn")
    keep = tuple(replace(c, active=True) if c.id == works.id else c
                 for c in controls_of(tx.world, gid))
    _set(tx, gid, keep, f"works now: {replace(works, active=True).words()}")
    if works.controller == player:
        tx.note(f"CR 720.9: {player} controls themself and makes their own decisions.")
    else:
        tx.note(f"CR 720.3: only control of the player changes: {player} is still the active "
                f"player and controls their objects; {works.controller} makes {player}'s "
                "decisions this turn (CR 720.5).")


@hooks.on("turn_skipped")
def _turn_skipped(tx: Tx, gid: int, player: str) -> None:
    """CR 720.1b: a waiting effect waits for the next turn the player actually takes."""
    waiting = [c for c in controls_of(tx.world, gid) if c.player == player and not c.active]
    if waiting:
        tx.step("720.1b", "any pending player-controlling effects wait")
        tx.note(f"{player}'s turn does not begin: {waiting[-1].words()} keeps waiting.")


@hooks.on("player_left")
def _player_left(tx: Tx, gid: int, player: str, how: str) -> None:
    """CR 800.4a: effects that give the departed player control of a player end. An effect on a
    departed player has nobody left to control: it ends too (literal reading, noted)."""
    mine = [c for c in controls_of(tx.world, gid) if c.controller == player]
    if mine:
        tx.step("800.4a", "any effects which give that player control of any objects or "
                "players end")
        _end(tx, gid, mine, f"{player} left the game")
        for c in mine:
            if c.active and c.player != player:
                tx.note(f"{c.player} makes their own decisions again (CR 720.5 no longer "
                        "applies).")
    theirs = [c for c in controls_of(tx.world, gid) if c.player == player]
    if theirs:
        tx.step("800.4a", "all objects (see rule 109) owned by that player leave the game")
        tx.note(f"Literal reading: {player}, the controlled player, has left the game; the "
                "rules do not end a player-controlling effect for this, but it has no player "
                "left to apply to, so the engine ends it.")
        _end(tx, gid, theirs, f"{player} left the game")


@hooks.on("decision")
def _decision(tx: Tx, name: str, args: dict) -> None:
    """Record who makes the decision a step takes (CR 720.5, 720.6, 726.1b)."""
    gid = tx.world.current
    if name == "attack":
        creature = tx.world.objects.get(args.get("creature", ""))
        player = creature.controller if creature is not None else None
    elif name == "choose_target":  # the ability's controller chooses its targets (CR 603.3d)
        ability = tx.world.objects.get(args.get("ability", ""))
        player = ability.controller if ability is not None else None
    else:
        player = args.get(DECIDES.get(name, ""))
    game = tx.game(gid)
    if player is None or player not in game.seats:
        return
    who = decider(tx.world, gid, player)
    if name == "concede":
        if who != player:
            tx.step("720.6", "A player may concede the game at any time, even if they are "
                    "controlled")
            tx.note(f"{player} concedes: that is {player}'s own decision, though {who} controls "
                    f"{player} (CR 720.6: {who} can't make {player} concede).")
        return
    if who != player:
        tx.step("720.5", "a player makes all choices and decisions the controlled player")
        tx.note(f"{who} controls {player} (CR 720.5): {who} decides this for {player} "
                f"({name.replace('_', ' ')}), using only {player}'s resources (CR 720.5a).")
        if name in ("cast", "activate", "cycle"):
            tx.step("720.3", "All objects are controlled by their normal controllers")
            tx.note(f"Only control of {player} changes: {player} still {name}s it and "
                    f"controls what {player} {name}s, not {who}.")
        return
    elsewhere = controlled_elsewhere(tx.world, gid, player)
    if elsewhere and any(c.active for _, c in elsewhere):
        g, c = next((g, c) for g, c in elsewhere if c.active)
        tx.step("726.1b", "No effects or definitions created in either the main game")
        tx.note(f"{c.controller} controls {player} in {_where(g)} only; in {_where(gid)} that "
                f"effect has no meaning, so {player} makes this decision "
                f"({name.replace('_', ' ')}) themself ({_MINDSLAVER})")


# -- activating an activated ability of a permanent (CR 602.2) --------------------------------

def activate(tx: Tx, card: str, by: str, target: str | None) -> None:
    """CR 602.2: ``by`` activates ``card``'s activated ability: costs are paid (the card's
    ``<behaviour>:activate`` does), the ability goes on the stack, ``by`` gets priority."""
    gid = require_priority(tx, by, f"activate {card}")
    obj = tx.obj(card)
    known = lookup(obj.name)
    pay = ability(f"{known.behaviour}:activate") if known and known.behaviour else None
    if pay is None:
        raise RulesError("602.2", f"{obj.label()} has no activated ability the engine knows",
                         subject=card)
    if not (obj.game == gid and obj.zone is Zone.BATTLEFIELD):
        raise RulesError("602.2", f"{obj.label()} is not on the battlefield of {_where(gid)}",
                         subject=card)
    if obj.phased_out:
        raise RulesError("702.26b", f"{obj.label()} is phased out: it is treated as though it "
                         "does not exist, so its ability can't be activated", subject=card)
    if obj.controller != by:
        raise RulesError("602.2", f"only {obj.label()}'s controller, {obj.controller}, can "
                         f"activate its ability, not {by}", subject=by)
    game = tx.game(gid)
    if target is not None and known.target == "player" and not (
            target in game.seats and game.seat(target).in_game):
        raise RulesError("601.2c", f"{target} is not a player in {_where(gid)}", subject=target)
    if known.target == "player" and target is None:
        raise RulesError("601.2c", f"{obj.label()}'s ability needs a target player",
                         subject=card)
    if target is not None:
        hooks.emit("targets_chosen", tx, gid, card, by, (target,))
    tx.step("602.2a", "That ability is created on the stack as an object that’s not a card")
    tx.create(Obj(tx.fresh_id(f"{card}-ability"), f"{obj.name}'s activated ability", by,
                  Kind.ABILITY, game=gid, zone=Zone.STACK, base=by, controller=by,
                  source=card, targets=(target,) if target else (),
                  extra=(("behaviour", known.behaviour), ("data", ()))), "activated ability")
    pay(tx, gid, obj, by, target)
    tx.step("117.3c")
    priority_point(tx, gid, by)


def target_player_gone(tx: Tx, gid: int, top: Obj) -> str | None:
    """The target player of ``top`` if they are no longer in the game (CR 608.2b)."""
    target = top.targets[0] if top.targets else None
    game = tx.game(gid)
    if target is None or (target in game.seats and game.seat(target).in_game):
        return None
    return target
