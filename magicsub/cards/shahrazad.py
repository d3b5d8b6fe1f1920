"""Shahrazad: the card that creates a subgame (CR 726).

Oracle text: "Players play a Magic subgame, using their libraries as their decks. Each player
who doesn't win the subgame loses half their life, rounded up."

Resolving, it starts the subgame (CR 726.1: the ``play_subgame`` moment, which
``subgame.start_subgame`` answers); the main game is discontinued, and the rest of its
instructions wait until the subgame ends (CR 726.5: "the spell or ability that created the
subgame finishes resolving"): ``after``. Its subgame defines nothing else (CR 726.1b): the
players start at the usual life total, with nothing set aside.
"""

from __future__ import annotations

from ..engine.objects import Obj
from ..engine.registry import CardDef, Subgame, register
from ..engine.transaction import Tx


def _after(tx: Tx, gid: int, source: Obj | None, sub) -> None:
    """Each player of the main game ``gid`` who doesn't win the subgame ``sub`` loses half their
    life, rounded up (a drawn subgame has no winner: every player loses half)."""
    name = source.label() if source is not None else sub.creator
    if sub.winner is None:
        tx.note(f"The subgame was a draw: no player won it, so every player loses half their "
                f"life ({name}).")
    main = tx.game(gid)
    for player in main.in_game:
        if player == sub.winner:
            continue
        life = main.seat(player).life
        loss = max(0, -(-life // 2))
        tx.set_life(gid, player, life - loss)


SHAHRAZAD = register(CardDef(
    "Shahrazad", ("sorcery",),
    "Players play a Magic subgame, using their libraries as their decks. Each player who "
    "doesn't win the subgame loses half their life, rounded up.",
    behaviour="shahrazad", subgame=Subgame(after=_after)))
"""Shahrazad's registered definition."""
