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
MONARCH_LEFT = (
    "“If the monarch leaves the game during another player’s turn, that player becomes the "
    "monarch. If the monarch leaves the game during their turn, the next player in turn order "
    "becomes the monarch.” (Palace Sentinels, Gatherer ruling of 2020-11-10)")
"""The ruling on who becomes the monarch when the monarch leaves the game (CR 722.4)."""
MONARCH_DRAWS_ANYWAY = (
    "“If the triggered ability that causes the monarch to draw a card goes on the stack and a "
    "different player becomes the monarch before that ability resolves, the first player will "
    "still draw the card.” (Palace Sentinels, Gatherer ruling of 2020-11-10)")
"""The ruling that the monarch's end-step draw is the triggering monarch's (CR 722.2)."""
MONARCH_LOSER = (
    "“If combat damage dealt to the monarch causes that player to lose the game, the triggered "
    "ability that causes the controller of the attacking creature to become the monarch doesn’t "
    "resolve. In most cases, the controller of the attacking creature will still become the "
    "monarch as it is likely their turn.” (Palace Sentinels, Gatherer ruling of 2020-11-10)")
"""The ruling on the monarch's combat-damage trigger when the damage makes the monarch lose."""
JAILER_LEAVES = (
    "“Palace Jailer leaving the battlefield won’t cause the exiled creature to return. The game "
    "will continue to watch for the next time an opponent becomes the monarch.” and “The "
    "opponent that controlled the exiled card doesn’t have to be the same opponent that becomes "
    "the monarch in order to cause that card to return to the battlefield. Any opponent becoming "
    "the monarch will cause the card to return.” (Palace Jailer, Gatherer rulings of 2016-08-23)")
"""The rulings that a card exiled until an opponent becomes the monarch returns whatever became
of the permanent that exiled it, when any opponent becomes the monarch."""
INITIATIVE_AGAIN = (
    "“A player who currently has the initiative may take the initiative again. This causes that "
    "player to venture into Undercity again, but does not cause them to have multiple initiative "
    "designations.” (Aarakocra Sneak, Gatherer ruling of 2022-06-10)")
"""The ruling that taking the initiative again ventures again (CR 723.5)."""
INITIATIVE_LEFT = (
    "“If the player with the initiative leaves the game, the active player takes the initiative "
    "at the same time that player leaves the game. If the active player is leaving the game or "
    "if there is no active player, the next player in turn order takes the initiative.” "
    "(Aarakocra Sneak, Gatherer ruling of 2022-06-10)")
"""The ruling on who takes the initiative when the player who has it leaves the game (CR
723.4)."""
