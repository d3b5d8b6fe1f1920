"""The official rulings the rules modules quote in the trace, verbatim, with card, source and date.

They speak where the Comprehensive Rules are silent (DESIGN.md section 3: official guidance
first); the full list of each card's rulings, for the book, is ``rules/rulings.yaml``. The rules
core names no card (``tests/test_cards.py``): it quotes these by what they rule on.
"""

from __future__ import annotations

CARDS_BACK = (
    "“After the subgame ends, all players shuffle their cards from the subgame to reform their "
    "main-game libraries” (The Countdown Is at One, Gatherer ruling of 2018-01-19)",
    "“After the subgame ends, each player shuffles their cards from the subgame to re-form their "
    "main-game library (and Attraction deck, if applicable)” (Tug of War, Gatherer ruling of "
    "2022-10-07)",
)
"""The rulings that every player's cards from a subgame go back to the main game at its end."""
COMMANDERS_BACK = (
    "“After the subgame, each player may put any commanders they own in the subgame into the "
    "command zone of the main game.” (Tug of War, Gatherer ruling of 2022-10-07)")
"""The official ruling on a commander at the end of a subgame, quoted where it applies."""
DRAW_NO_WINNER = (
    "“If the subgame is a draw, no player won the subgame, so nobody gets to put a permanent onto "
    "the battlefield in the main game.” (Tug of War, Gatherer ruling of 2022-10-07)")
"""The ruling that a drawn subgame has no winner to reward."""
NESTED_SEARCH = (
    "“The winner of the sub-sub game would search their subgame library for two cards.” (Enter "
    "the Dungeon, Gatherer ruling of 2020-02-29)")
"""The ruling that a nested subgame's winner acts in the subgame that is its main game."""
