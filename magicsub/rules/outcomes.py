"""Effects that say a player can't lose or can't win the game (CR 101.2, 104.2, 104.3, 104.4).

Where a rule or effect says a player loses or wins and another effect says that player can't,
the "can't" effect takes precedence (CR 101.2). Two kinds of source:

- a permanent's static ability (Platinum Angel, Abyssal Persecutor: ``static``), which applies
  while the permanent is on the battlefield, phased in and face up, and whose "you" is its
  controller now (CR 109.5, 611.3a-b): when it leaves the battlefield or changes controller, the
  effect leaves or follows it at once, and the next state-based action check sees the change;
- a resolved spell's effect (Angel's Grace: ``begin``), kept with its game (``Outcome``,
  ``GameState.outcomes``) until the cleanup step ends its "this turn" effects (CR 514.2), with
  the spell's "until end of turn" damage replacement of the same source (``damage.floor_for``);
  the game then checks state-based actions again (CR 514.3a).

Both belong to one game (CR 726.1b): a main-game Platinum Angel is no object of its subgame and
does nothing there, and the other way round. What they stop: the state-based actions that make a
player lose (CR 704.5a-c), an effect that states that a player loses (CR 104.3e) or wins
(CR 104.2b), and the losses that CR 801.14 puts in place of a win. What they don't: a
concession (CR 104.3a), a player leaving, a draw (CR 104.4), and CR 104.2a, which "overrides all
effects that would preclude that player from winning the game" (said in the trace where it
does). The trace says once why a player who would lose does not (``Outcome.said``), and again
when the effects that stop the loss change (``GameState.spared``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine import damage, hooks
from ..engine.limits import joined
from ..engine.objects import Obj
from ..engine.priority import check_sba
from ..engine.state import GameState, World, game_name
from ..engine.transaction import Tx
from ..engine.zones import Zone

LOSE, WIN = "lose", "win"
"""What an effect can stop a player from doing."""

Restrictions = tuple[tuple[str, str], ...]
"""What a source stops: ``(player, LOSE or WIN)`` pairs."""

_STATIC: dict[str, Callable[[GameState, Obj], Restrictions]] = {}

_WHY = {
    "704.5a": "has 0 or less life (CR 704.5a)",
    "704.5b": "attempted to draw from an empty library (CR 704.5b)",
    "704.5c": "has ten or more poison counters (CR 704.5c)",
    "104.3e": "is told by an effect that they lose the game (CR 104.3e)",
    "801.14": "is within the range of influence of a player an effect says wins (CR 801.14)",
}


@dataclass(frozen=True, slots=True)
class Outcome:
    """A resolved spell's effect in game ``game``: ``player`` can't ``what`` (``LOSE`` or
    ``WIN``) the game, from ``source`` (a card's name), until the end of the turn (CR 514.2)."""

    id: str
    game: int
    player: str
    what: str
    source: str


def static(name: str, fn: Callable[[GameState, Obj], Restrictions]) -> None:
    """Register the static ability of the card ``name``: ``fn(game, permanent)`` says which
    players can't lose or can't win while that permanent is on the battlefield."""
    _STATIC[name] = fn


def you_and_opponents(you: str, opponents: str) -> Callable[[GameState, Obj], Restrictions]:
    """A static ability "You can't ``you`` the game and your opponents can't ``opponents`` the
    game" ("you": the permanent's controller now, CR 109.5; opponents: every other player still
    in the game, CR 102.2-102.3)."""

    def fn(game: GameState, source: Obj) -> Restrictions:
        me = source.controller
        if me is None or me not in game.seats or not game.seat(me).in_game:
            return ()
        return ((me, you),) + tuple((p, opponents) for p in game.in_game if p != me)

    return fn


def stopping(world: World, gid: int, player: str, what: str) -> list[str]:
    """The sources that stop ``player`` from doing ``what`` (``LOSE`` or ``WIN``) in game
    ``gid`` now, as labels: permanents by their label and controller, then resolved effects."""
    game = world.games[gid]
    found = []
    for obj in sorted(world.in_zone(gid, Zone.BATTLEFIELD), key=lambda o: o.order):
        fn = _STATIC.get(obj.name)
        if fn is None or obj.phased_out or not obj.face_up:
            continue
        if (player, what) in fn(game, obj):
            found.append(f"{obj.label()}, controlled by {obj.controller}")
    for effect in game.outcomes:
        if effect.player == player and effect.what == what:
            found.append(f"{effect.source}, this turn")
    return found


def begin(tx: Tx, gid: int, source: str, restrictions: Restrictions) -> None:
    """A resolved spell's effect begins in game ``gid`` and lasts until the turn ends
    (CR 611.2a, 514.2): each ``(player, what)`` of ``restrictions`` can't do ``what``."""
    game = tx.game(gid)
    order = tx.next_order()
    new = tuple(Outcome(f"outcome-{order}-{i}", gid, p, w, source)
                for i, (p, w) in enumerate(restrictions))
    words = "; ".join(f"{p} can't {w} the game this turn" for p, w in restrictions)
    tx.fact(gid, "outcomes", game.outcomes + new, f"{source}: {words}")


@hooks.on("loss_prevented")
def _spared(tx: Tx, gid: int, player: str, rule: str) -> bool:
    """CR 101.2: a player who would lose by ``rule`` and can't lose doesn't; the trace says so
    the first time, and again when what stops the loss has changed."""
    who = stopping(tx.world, gid, player, LOSE)
    if not who:
        _elsewhere(tx, gid, player)
        return False
    game = tx.game(gid)
    known = next((s for p, r, s in game.spared if p == player and r == rule), None)
    if known != tuple(who):
        tx.step("101.2", "the “can’t” effect takes precedence")
        tx.note(f"{player} {_WHY.get(rule, f'would lose the game (CR {rule})')}, but can't lose "
                f"the game ({'; '.join(who)}): {player} stays in {game_name(gid)}.")
        kept = tuple(x for x in game.spared if x[:2] != (player, rule))
        tx.fact(gid, "spared", kept + ((player, rule, tuple(who)),),
                f"{player} can't lose {game_name(gid)}")
    return True


def _elsewhere(tx: Tx, gid: int, player: str) -> None:
    """CR 726.1b: what keeps ``player`` from losing a game this subgame is played in has no
    meaning here; the trace says so as they lose."""
    outer = [g for g in tx.world.ancestors(gid) if g != gid]
    found = [(g, w) for g in outer for w in stopping(tx.world, g, player, LOSE)]
    if not found:
        return
    tx.step("726.1b", "No effects or definitions created in either the main game")
    tx.note(f"{player} can't lose {game_name(found[0][0])} ({found[0][1]}), but that has no "
            f"meaning in {game_name(gid)}: {player} loses it.")


@hooks.on("player_wins")
def _cant_win(tx: Tx, gid: int, player: str) -> bool:
    """CR 104.2b with 101.2: an effect states that ``player`` wins, but ``player`` can't win:
    the effect does nothing and the game goes on. With the limited range of influence option
    the win is replaced by losses (CR 801.14); the trace says which reading it takes."""
    who = stopping(tx.world, gid, player, WIN)
    if not who:
        return False
    game = tx.game(gid)
    tx.step("101.2", "the “can’t” effect takes precedence")
    if game.ranges:
        tx.note(f"{player} can't win the game ({'; '.join(who)}). Literal reading: CR 801.14 "
                f"replaces the win with the losses of {player}'s opponents within range, so "
                "there is no win for the “can't” effect to stop, and those opponents lose unless "
                "they can't lose. The other reading: the effect does nothing at all. No official "
                "ruling speaks to it.")
        return False
    tx.note(f"An effect states that {player} wins the game, but {player} can't win the game "
            f"({'; '.join(who)}): nothing happens, and {game_name(gid)} goes on.")
    return True


@hooks.on("game_ended")
def _overrides(tx: Tx, gid: int) -> None:
    """CR 104.2a: the last player in the game wins even if an effect says they can't."""
    game = tx.game(gid)
    winner = game.winner
    if winner is None:
        return
    who = stopping(tx.world, gid, winner, WIN)
    if who:
        tx.step("104.2a", "overrides all effects that would preclude that player from winning")
        tx.note(f"{winner} can't win the game ({'; '.join(who)}), but all of {winner}'s "
                "opponents have left the game: CR 104.2a makes them win anyway.")


@hooks.on("cleanup")
def _this_turn_ends(tx: Tx, gid: int) -> None:
    """CR 514.2: the "this turn" effects end; CR 514.3a: state-based actions are checked again
    (a player at 0 or less life who could not lose now loses)."""
    game = tx.game(gid)
    if not game.outcomes:
        return
    sources = {e.source for e in game.outcomes}
    gone = joined(sorted(sources))
    tx.fact(gid, "outcomes", (), f"{gone}'s effect ends: no player is kept from losing or "
            "winning by it any more")
    for floor in damage.floors_of(game, sources):
        damage.end(tx, floor, "ends (end of turn)")
    tx.step("514.3a", "the game checks to see if any state-based actions would be performed")
    for _ in range(50):
        if not check_sba(tx, gid) or tx.game(gid).ended:
            break

