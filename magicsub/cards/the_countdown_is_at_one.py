"""The Countdown Is at One (Unstable): a subgame at 1 life; its losers take double damage.

Oracle text: "Players play a Magic subgame, starting at 1 life and using their libraries as their
decks. For the rest of the main game, if a source would deal damage to a player who didn't win
the subgame, it deals double that damage to that player instead."

Its text defines the starting life (CR 726.1b) and, once the subgame has ended and the spell
finishes resolving (CR 726.5), a replacement effect of the main game (CR 614.1a) lasting for the
rest of that game: damage from every source to each player who didn't win is doubled
(``engine.damage``). Gatherer ruling (2018-01-19): "If the subgame is a draw, no player won the
subgame, so damage dealt to any player in the main game will be doubled." The effect is the main
game's: it has no meaning in a later subgame (CR 726.1b); played inside a subgame, its "main
game" is that subgame (CR 726.6), and the effect ends with it.
"""

from __future__ import annotations

from ..engine import damage
from ..engine.limits import joined
from ..engine.objects import Obj
from ..engine.registry import CardDef, Subgame, register
from ..engine.resolution import FOLLOWS
from ..engine.transaction import Tx

NAME = "The Countdown Is at One"
DRAW = ("“If the subgame is a draw, no player won the subgame, so damage dealt to any player in "
        "the main game will be doubled.” (The Countdown Is at One, Gatherer ruling of "
        "2018-01-19)")
"""The official ruling on a drawn subgame, quoted in the trace."""


def _after(tx: Tx, gid: int, source: Obj | None, sub) -> None:
    """For the rest of the main game ``gid``, damage to each player of it who didn't win the
    subgame ``sub`` is doubled (every player after a draw)."""
    losers = [p for p in tx.game(gid).in_game if p != sub.winner]
    tx.step("608.2c", FOLLOWS)
    if sub.winner is None:
        tx.note(f"Nobody won subgame {sub.gid}: every player didn't win it. {DRAW}.")
    else:
        tx.note(f"{sub.winner} won subgame {sub.gid}; "
                + (f"{joined(losers)} didn't." if losers else "every other player has left."))
    if losers:
        damage.double_for(tx, gid, losers, source.label() if source is not None else NAME)


THE_COUNTDOWN_IS_AT_ONE = register(CardDef(
    NAME, ("sorcery",),
    "Players play a Magic subgame, starting at 1 life and using their libraries as their decks. "
    "For the rest of the main game, if a source would deal damage to a player who didn't win the "
    "subgame, it deals double that damage to that player instead.",
    behaviour="the_countdown_is_at_one", subgame=Subgame(life=1, after=_after)))
"""The Countdown Is at One's registered definition."""
