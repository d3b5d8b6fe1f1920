"""Extra turns (CR 500.7) and skipped turns (CR 614.10), with a player who has left (CR 800.4k,
800.4m), a controlled player (CR 720) and a subgame (CR 726.1b).

An extra turn is an ``ExtraTurn`` record in ``GameState.extra_turns`` of the game it was created
in, oldest first: the core (``engine.turns.begin_turn``) takes the last one next (CR 500.7: "The
most recently created turn will be taken first"), before the next turn in turn order, and after
it the turn order goes on from where it was. A player who has left doesn't begin it (CR 800.4k):
the record is used up and never taken later. A subgame's extra turns are its own: an extra turn
of the main game waits for the main game's next turn, and one created in a subgame goes with it
when the subgame ends (CR 726.1b).

"Skip your next turn" is a ``Skip`` record in ``GameState.skips``: a replacement effect
(CR 614.10) that replaces the next turn the player would begin, extra or not, with nothing
(``turn_replaced``). What waits for that player's "next" turn waits past it (CR 614.10a): a
player-controlling effect (CR 720.1b) and an effect that lasts "until your next turn". A player
who has left begins no turn, so a skip waiting on them is never used; an effect that lasts until
their next turn ends when that turn would have begun (CR 800.4m), skipped or not.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import hooks
from ..engine.objects import Obj
from ..engine.state import PendingTrigger, game_name
from ..engine.transaction import Tx


@dataclass(frozen=True, slots=True)
class ExtraTurn:
    """``player`` takes an extra turn after this one (CR 500.7), created by ``source`` (the
    card ``card``) in the game's ``order`` (creation order); ``at_end``: a delayed triggered
    ability that triggers at the beginning of that turn's end step, as (behaviour, text) (Final
    Fortune's "you lose the game", CR 603.7)."""

    id: str
    player: str
    source: str
    card: str
    order: int
    at_end: tuple[str, str] | None = None

    def words(self) -> str:
        """The extra turn in words."""
        return f"{self.player}'s extra turn ({self.source})"


@dataclass(frozen=True, slots=True)
class Skip:
    """``player`` skips their next turn (CR 614.10), an effect of ``source``."""

    player: str
    source: str
    order: int

    def words(self) -> str:
        """The skip effect in words."""
        return f"{self.player} skips their next turn ({self.source})"


def give(tx: Tx, gid: int, player: str, card: Obj, *,
         at_end: tuple[str, str] | None = None) -> ExtraTurn:
    """``player`` takes an extra turn after this one in game ``gid``, created by the resolving
    ``card`` (CR 500.7). The caller has opened the step that creates it."""
    game = tx.game(gid)
    extra = ExtraTurn(f"extra-{tx.world.seq + 1}-{len(game.extra_turns) + 1}", player,
                      card.name, card.id, tx.world.seq + 1, at_end)
    tx.fact(gid, "extra_turns", game.extra_turns + (extra,), f"created: {extra.words()}")
    waiting = game.extra_turns
    if waiting:
        tx.note(f"CR 500.7: {extra.words()} is the most recently created, so it is taken first, "
                f"before {', '.join(e.words() for e in reversed(waiting))}.")
    else:
        tx.note(f"CR 500.7: {player} takes an extra turn directly after this one; then the "
                "turn order goes on as before.")
    return extra


def skip_next(tx: Tx, gid: int, player: str, card: Obj) -> Skip:
    """``player`` skips their next turn in game ``gid``, an effect of the resolving ``card``
    (CR 614.10). The caller has opened the step that creates the effect."""
    game = tx.game(gid)
    skip = Skip(player, card.name, tx.world.seq + 1)
    waiting = sum(1 for s in game.skips if s.player == player)
    tx.fact(gid, "skips", game.skips + (skip,), f"begins: {skip.words()}")
    if waiting:
        tx.note(f"CR 614.10a: {waiting + 1} skip effects wait on {player}, who must skip the "
                f"next {waiting + 1} turns they would begin, one effect used up on each.")
    else:
        tx.note(f"CR 614.10: “Skip [something]” is the same as “Instead of doing [something], "
                f"do nothing”: the next turn {player} would begin, extra or not, is replaced "
                "with nothing.")
    return skip


@hooks.on("turn_replaced")
def _skip(tx: Tx, gid: int, player: str) -> bool:
    """CR 614.10, 614.10a: the oldest skip effect on ``player`` replaces the turn with nothing
    and is used up; what waits for their "next" turn waits on."""
    game = tx.game(gid)
    mine = [s for s in game.skips if s.player == player]
    if not mine:
        return False
    skip = mine[0]
    tx.step("614.10", "is a replacement effect")
    tx.fact(gid, "skips", tuple(s for s in game.skips if s is not skip),
            f"used up: {skip.words()}")
    tx.note(f"{player}'s turn would begin: {skip.source} replaces it with nothing; the next turn "
            "begins instead." + (f" {len(mine) - 1} more skip effect(s) on {player} wait "
                                 "(CR 614.10a)." if len(mine) > 1 else ""))
    if any(e.game == gid and e.until == f"next_turn:{player}"
           for e in tx.world.effects.values()):
        tx.step("614.10a", "waits for the first occurrence that isn’t skipped")
        tx.note(f"Effects that last until {player}'s next turn go on: the skipped turn never "
                "began, so they wait for the first turn of theirs that does.")
    return True


@hooks.on("turn_begins")
def _subgame_waits(tx: Tx, gid: int, player: str) -> None:
    """CR 726.1b: an extra turn of a main game is not a turn of its subgame; said as a turn of
    its player begins in the subgame."""
    for g in tx.world.ancestors(gid)[1:]:
        waiting = [e for e in tx.game(g).extra_turns if e.player == player]
        if waiting:
            tx.step("726.1b", "No effects or definitions created in either the main game")
            tx.note(f"{', '.join(e.words() for e in reversed(waiting))} belongs to "
                    f"{game_name(g)}: this turn of {game_name(gid)} is not it; it waits for "
                    f"{game_name(g)} to go on.")


@hooks.on("game_ended")
def _gone_with_the_game(tx: Tx, gid: int) -> None:
    """CR 726.1b: an extra turn created in a subgame is never taken once the subgame ends."""
    game = tx.game(gid)
    if game.parent is None or not game.extra_turns:
        return
    tx.step("726.1b", "No effects or definitions created in either the main game")
    tx.note(f"{', '.join(e.words() for e in reversed(game.extra_turns))} belonged to "
            f"{game_name(gid)}, which has ended: it is never taken, in {game_name(gid)} or in "
            f"{game_name(game.parent)}.")
    tx.fact(gid, "extra_turns", (), "the game has ended")


@hooks.on("step_begins")
def _at_end(tx: Tx, gid: int, step: str) -> None:
    """Final Fortune, Last Chance: "At the beginning of that turn's end step, you lose the
    game." The delayed triggered ability of the extra turn being taken triggers (CR 603.2b) and
    is put on the stack the next time a player would receive priority (CR 603.3)."""
    extra = tx.game(gid).extra_turn
    if step != "end" or extra is None or extra.at_end is None:
        return
    behaviour, text = extra.at_end
    tx.step("603.2b", "When a phase or step begins")
    tid = tx.fresh_id(f"{extra.card}-end")
    name = f"{extra.source}'s delayed triggered ability (“{text}”)"
    tx.trigger_event(gid, tid, name, "triggers", "pending", PendingTrigger(
        tid, extra.card, extra.player, name, behaviour, (extra.id,)))
