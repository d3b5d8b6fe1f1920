"""Enter the Dungeon (Unhinged): a subgame at 5 life whose winner searches for two cards.

Oracle text: "Players play a Magic subgame under the table, starting at 5 life and using their
libraries as their decks. The winner searches their library for two cards, puts those cards into
their hand, then shuffles."

The subgame is CR 726's; its text defines the starting life (CR 726.1b) and what happens in the
main game to the winner once it has ended (CR 726.5: the spell finishes resolving), by
``subgame.winner_searches``. Gatherer ruling (2020-02-29): "If Enter the Dungeon is cast during a
subgame, a sub-subgame begins, preferably under a new, smaller table, but do what you can. The
winner of the sub-sub game would search their subgame library for two cards." The search asks for
cards with no stated quality, so the winner finds two if their library holds two (CR 701.23b).
"""

from __future__ import annotations

from ..engine.registry import CardDef, Subgame, register
from ..rules.subgame import winner_searches

ENTER_THE_DUNGEON = register(CardDef(
    "Enter the Dungeon", ("sorcery",),
    "Players play a Magic subgame under the table, starting at 5 life and using their libraries "
    "as their decks. The winner searches their library for two cards, puts those cards into "
    "their hand, then shuffles.",
    behaviour="enter_the_dungeon", subgame=Subgame(life=5, finds=2, after=winner_searches)))
"""Enter the Dungeon's registered definition."""
