"""The limited range of influence option of multiplayer games (CR 800.2, 801).

A game that uses the option keeps each player's range (``GameState.ranges``, chosen before the
game and never changed) and the players within each player's range as they were determined when
the current turn began (``GameState.in_range``, CR 801.2c). This module owns the rule:

- the ranges are determined when the game begins and again as each turn begins (801.2, 801.2c),
  counting seats around the table (the seating order, CR 800.5) among the players still in the
  game, so a player's leaving closes the seats up
  only at the next turn's determination;
- an effect that states a player wins makes that player's opponents within range lose instead
  (801.14, 104.3h);
- creatures attack only opponents within their controller's range (801.3);
- a spell or ability can't target a player, or an object controlled by a player, outside its
  controller's range (801.4, 801.2d): the ``targets_chosen`` hook, which the core calls for the
  targets of spells cast, abilities activated and triggered abilities put on the stack;
- a triggered ability triggers only if its trigger event happens within its controller's range
  (801.7, 801.7a): ``triggers.fire`` finds the players the event involves for every ability,
  and the ``stops_trigger`` hook judges them (in the world before the event for a trigger that
  looks back in time, such as one on a player losing the game, CR 603.10f);
- a resolving spell or ability does nothing to players and objects outside its controller's
  range (801.10): the transaction offers each change of its effect to the ``affects`` hook;
  ``affected`` is a convenience for a card that words "each opponent" and wants one step naming
  them all;
- a spell or ability sees only the events within range (801.11: ``saw_this_turn``, storm);
- the players within each player's range are determined as each turn begins, the first turn
  included, also when the game starts from its pregame (801.2c);
- the world rule applies to a world permanent only if another is within its controller's range
  (801.12 with 704.5k).

A subgame (CR 726) is a new game: nobody chose the option for it, so it does not use the option
(literal reading; see the book's page on rule 801).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from ..engine import arguments, hooks
from ..engine.changes import Change, Counters, Damage, Life, Move, ObjCounters, Tap
from ..engine.errors import RulesError
from ..engine.limits import MAX_NUMBER, joined, listed, shown
from ..engine.objects import Obj
from ..engine.priority import priority_point
from ..engine.state import PRIORITY_STEPS, GameState, World, game_name
from ..engine.transaction import Tx
from ..engine.zones import Zone
from .leaving import lose_all


def with_option(game: GameState, option: int | Mapping[str, int] | None) -> GameState:
    """``game`` (before its first step) using the option: ``option`` is one range for every
    player or a mapping of every player to their range (CR 801.2a: "Different players may have
    different ranges of influence"); None: the game does not use it. The players within each
    player's range are determined at once: the game begins with its first turn under way.

    :raises RulesError: a two-player game (CR 800.1, 800.2: the options are for multiplayer
        games), an unknown or missing player, or a range that is not a whole number of seats.
    """
    if option is None:
        return game
    if not game.multiplayer:
        raise RulesError("801.1", "limited range of influence is an option of multiplayer games "
                         f"(CR 800.1: a game that begins with more than two players; CR 800.2); "
                         f"this game has {len(game.seats)} players", subject="range")
    if isinstance(option, Mapping):
        for player in option:
            if player not in game.seats:
                raise RulesError("801.2a", f"range: unknown player {shown(player)}; the players "
                                 f"are {shown(list(game.seats))}", subject=str(player))
        missing = [p for p in game.seats if p not in option]
        if missing:
            raise RulesError("801.2a", f"range: every player needs a range of influence; "
                             f"missing: {listed(missing, 'players')}", subject=missing[0])
        values = {p: option[p] for p in game.seats}
    else:
        values = {p: option for p in game.seats}
    ranges = tuple((p, arguments.integer(values[p], f"range[{p!r}]", minimum=0,
                                         maximum=MAX_NUMBER, limit="MAX_NUMBER"))
                   for p in game.seats)
    game = replace(game, ranges=ranges)
    return replace(game, in_range=determine(game))


def uses_option(game: GameState) -> bool:
    """True when the game uses the limited range of influence option."""
    return bool(game.ranges)


def range_of(game: GameState, player: str) -> int | None:
    """A player's range of influence in seats (None: the game does not use the option)."""
    return dict(game.ranges).get(player)


def determine(game: GameState) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """CR 801.2: for each player still in the game, the players within that many seats of them
    around the table (the seating order, CR 800.5: ``GameState.clockwise``), counting only the
    seats of players still in the game (CR 801.2c's example: when the player between two others
    leaves, the seats close up); players and their lists in turn order. CR 801.2b: a player is
    always within their own range."""
    seated = [p for p in game.clockwise if game.players[p].in_game]
    seat = {p: i for i, p in enumerate(seated)}
    n = len(seated)
    ranges = dict(game.ranges)
    out = []
    for player in game.in_game:
        i, reach = seat[player], ranges[player]
        near = tuple(q for q in game.in_game
                     if min((seat[q] - i) % n, (i - seat[q]) % n) <= reach)
        out.append((player, near))
    return tuple(out)


def within(game: GameState, player: str) -> tuple[str, ...]:
    """The players within ``player``'s range of influence as determined when this turn began
    (CR 801.2c), still in the game, in turn order; every player still in the game when the game
    does not use the option."""
    if not uses_option(game):
        return game.in_game
    near = dict(game.in_range).get(player, (player,))
    return tuple(p for p in near if game.seat(p).in_game)


def saw_this_turn(game: GameState, player: str, other: str) -> bool:
    """CR 801.11 with 801.2c: whether an event ``other`` took part in this turn happened within
    ``player``'s range: ``other`` was among the players within it as determined when this turn
    began (a player who has left since still counts, CR 800.4i). Always True without the
    option."""
    if not uses_option(game):
        return True
    return other in dict(game.in_range).get(player, (player,))


def in_range(game: GameState, player: str, other: str) -> bool:
    """Whether player ``other`` is within ``player``'s range of influence (CR 801.2)."""
    return other in within(game, player)


def object_in_range(game: GameState, player: str, obj: Obj) -> bool:
    """CR 801.2d: an object is within a player's range if that player or another player within
    range controls it. An object nobody controls (in a library, hand, graveyard) counts as its
    owner's."""
    return in_range(game, player, obj.controller or obj.owner)


def affected(tx: Tx, gid: int, controller: str, players: Iterable[str],
             what: str) -> list[str]:
    """CR 801.10: of ``players`` (e.g. each opponent), those a spell or ability controlled by
    ``controller`` affects: the ones within range. The others are named in a step citing 801.10
    ("will do nothing"); ``what`` says what the effect would have done to them."""
    game = tx.game(gid)
    players = list(players)
    if not uses_option(game):
        return players
    near = [p for p in players if in_range(game, controller, p)]
    far = [p for p in players if p not in near]
    if far:
        tx.step("801.10", "attempt to affect an out-of-range object or player will do nothing")
        tx.note(f"{joined(far)} {'is' if len(far) == 1 else 'are'} outside {controller}'s "
                f"range of influence: {what} does nothing to "
                f"{'them' if len(far) > 1 else 'that player'}.")
    return near


@hooks.on("affects")
def _affects(tx: Tx, gid: int, controller: str, source: str, change: Change) -> bool:
    """CR 801.10: a resolving spell or ability (``source``, controlled by ``controller``) can't
    affect players, or objects (CR 801.2d: by their controller; a card nobody controls by its
    owner), outside its controller's range: the part of its effect that would make ``change``
    does nothing, and a step citing 801.10 names who was spared; the rest works."""
    game = tx.game(gid)
    if not uses_option(game) or controller not in game.seats \
            or not game.seat(controller).in_game:
        return False
    who, what = _what_it_does(tx, change)
    if who is None or who not in game.seats or not game.seat(who).in_game \
            or in_range(game, controller, who):
        return False
    with tx.aside("801.10", "attempt to affect an out-of-range object or player will do nothing"):
        tx.note(f"{who} is outside {controller}'s range of influence: this part of the effect "
                f"of {source} does nothing ({what}).")
        obj = tx.world.objects.get(getattr(change, "obj", ""))
        if obj is not None and obj.controller is None:
            tx.note(f"Literal reading: {obj.label()} has no controller (CR 801.2d speaks of "
                    f"objects controlled by players within range); it counts as its owner's, "
                    f"{obj.owner}'s.")
    return True


def _what_it_does(tx: Tx, change: Change) -> tuple[str | None, str]:
    """Whom ``change`` would affect (a player, or an object's controller, else its owner), and
    what it would do, in words."""
    if isinstance(change, Life):
        n = change.new - change.old
        return change.player, (f"{change.player} would {'gain' if n > 0 else 'lose'} {abs(n)} "
                               f"life")
    if isinstance(change, Counters):
        n = change.new - change.old
        return change.player, (f"{change.player} would {'get' if n > 0 else 'lose'} {abs(n)} "
                               f"{change.counter} counter{'s' if abs(n) != 1 else ''}")
    obj = tx.world.objects.get(change.obj) if isinstance(change, ObjCounters | Move | Damage
                                                           | Tap) else None
    if obj is None:
        return None, ""
    who = obj.controller or obj.owner
    if isinstance(change, Damage):
        return who, f"{obj.label()} would be dealt {change.new - change.old} damage"
    if isinstance(change, Tap):
        return who, f"{obj.label()} would become {'tapped' if change.tapped else 'untapped'}"
    if isinstance(change, ObjCounters):
        n = change.new - change.old
        return obj.controller or obj.owner, (f"{obj.label()} would {'get' if n > 0 else 'lose'} "
                                             f"{abs(n)} {change.counter} counter"
                                             f"{'s' if abs(n) != 1 else ''}")
    return obj.controller or obj.owner, (f"{obj.label()} would move from {change.src} "
                                         f"to {change.dst}")


def _describe(game: GameState) -> list[str]:
    notes = []
    for player, near in game.in_range:
        reach = range_of(game, player)
        notes.append(f"Players within {player}'s range of influence ({reach} "
                     f"seat{'' if reach == 1 else 's'}): {', '.join(near)}.")
    return notes


@hooks.on("turn_begins")
def _turn_begins(tx: Tx, gid: int, player: str) -> None:
    """CR 801.2c: the players within each player's range are determined as the turn begins."""
    game = tx.game(gid)
    if not uses_option(game):
        return
    tx.step("801.2c", "determined as each turn begins")
    tx.fact(gid, "in_range", determine(game),
            f"the players within each player's range of influence are determined as "
            f"{player}'s turn begins")
    for note in _describe(tx.game(gid)):
        tx.note(note)


@hooks.on("game_starts")
def _game_starts(tx: Tx, gid: int) -> None:
    """CR 801.2c: a game that starts from its pregame (mulligans, set-up) determines the players
    within each player's range as its first turn begins."""
    game = tx.game(gid)
    if not uses_option(game) or game.ended:
        return
    tx.step("801.2c", "determined as each turn begins")
    tx.fact(gid, "in_range", determine(game), "the players within each player's range of "
            "influence are determined as the first turn begins")
    for note in _describe(tx.game(gid)):
        tx.note(note)


def record_ranges(tx: Tx, gid: int) -> None:
    """The first step of a game that begins with its first turn under way and uses the option
    (``with_option`` determined the ranges with the game): a step citing 801.2c saying who is
    within each player's range for this first turn. It changes nothing."""
    game = tx.game(gid)
    if not uses_option(game):
        return
    tx.step("801.2c", "determined as each turn begins")
    tx.note("The game begins with its first turn under way: the players within each player's "
            "range of influence were determined as that turn began.")
    for note in _describe(game):
        tx.note(note)


@hooks.on("player_left")
def _player_left(tx: Tx, gid: int, player: str, how: str) -> None:
    """A player who leaves is no longer within anyone's range at once (they are out of the
    game), but the seats close up only when the next turn begins (CR 801.2c)."""
    game = tx.game(gid)
    if not uses_option(game) or game.ended or len(game.in_game) < 2:
        return
    after = dict(determine(game))
    gains = []
    for p in game.in_game:
        new = [q for q in after[p] if q not in within(game, p)]
        if new:
            gains.append(f"{joined(new)} will enter {p}'s range")
    tx.step("801.2c", "determined as each turn begins")
    text = (f"{player} has left the game. The players within each player's range of influence "
            "were determined as this turn began and are not determined again until the next "
            "turn begins (CR 801.2c)")
    tx.note(text + (f": {'; '.join(gains)} at the start of the next turn." if gains
                    else "; the seats closing up brings nobody new into range."))


@hooks.on("player_wins")
def _wins(tx: Tx, gid: int, player: str) -> bool:
    """CR 801.14 (and 104.3h): under the option, an effect that states that a player wins makes
    that player's opponents within range lose instead; the game may go on for the others."""
    game = tx.game(gid)
    if not uses_option(game):
        return False
    near = [p for p in within(game, player) if p != player]
    tx.step("801.14", "lose the game instead")
    losers = [p for p in near if not hooks.emit_any("loss_prevented", tx, gid, p, "801.14")]
    spared = [p for p in near if p not in losers]
    if spared:
        tx.step("801.14", "lose the game instead")
    if not losers:
        tx.note(f"No opponent of {player} is within {player}'s range of influence: nobody "
                "loses, and the game goes on." if not near else
                f"{player} does not win, and {joined(spared)}, within {player}'s range of "
                f"influence, can't lose the game: nobody loses, and the game goes on.")
        return True
    others = [p for p in game.in_game if p != player and p not in near]
    reach = range_of(game, player)
    one = len(losers) == 1
    tx.note(f"{player} does not win; instead {joined(losers)}, the "
            f"{'opponent' if one else 'opponents'} within {player}'s range of influence "
            f"({reach} seat{'' if reach == 1 else 's'}), {'loses' if one else 'lose'} the game"
            + (f"; {joined(spared)} can't lose the game and "
               f"{'stays' if len(spared) == 1 else 'stay'} in it" if spared else "")
            + (f". {joined(others)} {'is' if len(others) == 1 else 'are'} out of range and "
               f"{'plays' if len(others) == 1 else 'play'} on." if others else "."))
    for p in losers:
        tx.player_event(gid, p, "loses", result="lost")
    lose_all(tx, gid, losers)
    game = tx.game(gid)
    if not game.ended:
        tx.step("104.3h", "This may not cause the game to end")
        tx.note(f"The game goes on for {joined(game.in_game)}.")
        if tx.world.current == gid and game.step in PRIORITY_STEPS:
            priority_point(tx, gid, game.priority)
    return True


@hooks.on("targets_chosen")
def _targets(tx: Tx, gid: int, spell: str, player: str, targets: tuple[str, ...]) -> None:
    """CR 801.4: objects and players outside a player's range can't be the targets of spells
    that player controls (an object's range is its controller's, CR 801.2d)."""
    game = tx.game(gid)
    if not uses_option(game):
        return
    for target in targets:
        obj = tx.world.objects.get(target)
        who = obj.controller or obj.owner if obj is not None else target
        if who in game.seats and not in_range(game, player, who):
            label = obj.label() if obj is not None else target
            whose = f" (controlled by {who})" if obj is not None else ""
            raise RulesError("801.4", f"{player} cannot target {label}{whose} with "
                             f"{tx.obj(spell).label()}: {who} is outside {player}'s range of "
                             f"influence in {game_name(gid)} (within range: "
                             f"{listed(within(game, player), 'players')})", subject=target)


@hooks.on("attack_declared")
def _attack(tx: Tx, gid: int, creature: str, defender: str) -> None:
    """CR 801.3: creatures can attack only opponents within their controller's range; with no
    opponent within range, that player's creatures can't attack."""
    game = tx.game(gid)
    if not uses_option(game):
        return
    obj = tx.obj(creature)
    player = obj.controller
    if in_range(game, player, defender):
        return
    near = [p for p in within(game, player) if p != player]
    reach = range_of(game, player)
    seats = f"{reach} seat{'' if reach == 1 else 's'}"
    if not near:
        raise RulesError("801.3", f"{obj.label()} cannot attack: no opponent is within "
                         f"{player}'s range of influence ({seats}) in {game_name(gid)}, so "
                         f"creatures {player} controls can't attack", subject=creature)
    raise RulesError("801.3", f"{obj.label()} cannot attack {defender}: {defender} is outside "
                     f"{player}'s range of influence ({seats}) in {game_name(gid)}; creatures "
                     f"can attack only opponents within it: {listed(near, 'players')}",
                     subject=defender)


@hooks.on("stops_trigger")
def _trigger(tx: Tx, gid: int, source: Obj, text: str, involves: tuple[str, ...],
             before: World) -> bool:
    """CR 801.7: a triggered ability doesn't trigger unless its trigger event happens entirely
    within the range of influence of its source's controller (``involves``: the players the
    event involves, found by ``triggers.fire``). CR 801.7a: the ranges are judged in ``before``,
    the state the trigger looks at (the world now, or immediately before the event for a trigger
    that looks back in time, CR 603.10). A step citing 801.7 says so; the step that was open
    goes on afterwards."""
    game = before.games.get(gid)
    if game is None or not uses_option(game):
        return False
    me = source.controller or source.owner
    far = [p for p in dict.fromkeys(involves) if not in_range(game, me, p)]
    if not far:
        return False
    with tx.aside("801.7", "doesn’t trigger unless its trigger event happens entirely within"):
        tx.note(f"{text}: the event involves {joined(far)}, outside {me}'s range of influence, "
                f"so the ability of {source.label()} does not trigger.")
    return True


def _worlds(tx: Tx, gid: int) -> list[Obj]:
    """The world permanents on game ``gid``'s battlefield, oldest first: by the moment each
    entered it (``Obj.moment``), then by timestamp. A phased-out one is treated as though it
    does not exist (CR 702.26b)."""
    return sorted((o for o in tx.world.marked(gid, "type", "world") if not o.phased_out),
                  key=lambda o: (o.moment, o.order, o.id))


def _together(worlds: list[Obj]) -> str:
    """How the world permanents ``worlds``, which share a moment, got the supertype together."""
    names = joined(o.label() for o in worlds)
    if worlds[0].moment == 0:
        return (f"{names} were set up on the battlefield together, before play began: they "
                "entered it at the same moment")
    return f"{names} entered the battlefield at the same moment, in one event"


@hooks.on("state_based_actions")
def _world_rule(tx: Tx, gid: int) -> bool:
    """CR 704.5k, the world rule: of two or more world permanents, all except the one that has
    had the world supertype for the shortest time go to their owners' graveyards; a tie for the
    shortest time puts all of them there. A permanent has had the supertype since it entered
    the battlefield (phasing is no zone change, CR 702.26d); permanents that entered in one
    event (``Obj.moment``: a 610.3d return of several cards, a player's objects leaving at
    once, the set-up) tie, whatever order of timestamps the players give them (CR 613.7m).

    With CR 801.12: under the option it applies to a world permanent only if other world
    permanents are within its controller's range; such a permanent stays only if no world
    permanent within that range has had the supertype for a shorter or the same time."""
    worlds = _worlds(tx, gid)
    if len(worlds) < 2:
        return False
    game = tx.game(gid)
    ranged = uses_option(game)

    def seen_by(w: Obj) -> list[Obj]:
        return [o for o in worlds if o.id != w.id
                and (not ranged or object_in_range(game, w.controller, o))]

    going: list[Obj] = []
    exempt: list[Obj] = []
    for w in worlds:
        others = seen_by(w)
        if not others:
            exempt.append(w)
        elif any(o.moment >= w.moment for o in others):
            going.append(w)
    seen = (tuple((w.id, w.moment) for w in worlds), game.in_range)
    if exempt and ranged and game.worlds_seen != seen:
        tx.step("801.12", "applies to a permanent only if other world permanents are within")
        tx.fact(gid, "worlds_seen", seen, "the world rule looks at "
                + ", ".join(w.label() for w in worlds))
        for w in exempt:
            tx.note(f"No other world permanent is within {w.controller}'s range of influence: "
                    f"the world rule does not apply to {w.label()}, which stays.")
    if not going:
        return False
    older = [w for w in going if any(o.moment > w.moment for o in seen_by(w))]
    tied = [w for w in going if w not in older]
    with tx.at_once():
        if older:
            tx.step("704.5k", "all except the one that has had the world supertype for the "
                    "shortest")
            if ranged:
                tx.note("Literal reading of CR 801.12: each world permanent is compared with the "
                        "world permanents within its controller's range; it stays only if it "
                        "has had the world supertype for the shortest time among them.")
            for w in older:
                newest = [o for o in seen_by(w) if o.moment > w.moment][-1]
                tx.note(f"{newest.label()} has had the world supertype for a shorter time than "
                        f"{w.label()}: {w.label()} is put into {w.owner}'s graveyard.")
            for w in older:
                tx.move(w.id, gid, Zone.GRAVEYARD)
        if tied:
            _tie(tx, gid, tied, ranged and not older)
    return True


def _tie(tx: Tx, gid: int, tied: list[Obj], ranged: bool) -> None:
    """CR 704.5k's last sentence: the world permanents ``tied`` have had the world supertype for
    the shortest time, each together with another one it is compared with."""
    tx.step("704.5k", "In the event of a tie for the shortest amount of time")
    if ranged:
        tx.note("Literal reading of CR 801.12: each world permanent is compared with the world "
                "permanents within its controller's range; it stays only if it has had the world "
                "supertype for the shortest time among them, alone.")
    groups: dict[int, list[Obj]] = {}
    for w in tied:
        groups.setdefault(w.moment, []).append(w)
    for group in groups.values():
        mates = [o for o in _worlds(tx, gid) if o.moment == group[0].moment]
        tx.note(f"{_together(mates)}: they have had the world supertype for the same, shortest "
                "amount of time. A tie: "
                + "; ".join(f"{w.label()} is put into {w.owner}'s graveyard" for w in group)
                + ".")
        orders = sorted(mates, key=lambda o: (o.order, o.id))
        if len(orders) > 1:
            tx.note("The order of their timestamps, which a player chooses for objects that "
                    "enter at the same time (CR 613.7m; here "
                    f"{', then '.join(o.label() for o in orders)}), does not break the tie: the "
                    "world rule asks how long each has had the world supertype, not which "
                    "timestamp is later.")
    for w in tied:
        tx.move(w.id, gid, Zone.GRAVEYARD)
