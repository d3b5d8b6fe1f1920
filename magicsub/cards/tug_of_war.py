"""Tug of War (Unfinity): a subgame at 5 life with up to three permanents from each library.

Oracle text: "Players play a subgame starting at 5 life and with up to three permanent cards
with different names from their main-game library on the battlefield. As the subgame ends, the
winner chooses one of the cards they put onto the battlefield as the subgame began and puts it
onto the battlefield rather than shuffling it into their library."

Its text defines the subgame (CR 726.1b): the starting life, the cards each player sets aside as
the libraries are shuffled and puts onto the subgame battlefield after the mulligans (Gatherer
rulings, 2022-10-07: "As players are shuffling their main-game libraries to form their subgame
libraries, they should set aside the cards they wish to have on the subgame battlefield as the
subgame begins." "After subgame mulligans are complete, the starting player puts the cards they
set aside onto the battlefield. Each other player in turn order does the same."), and, as the
subgame ends, the winner's one card that goes onto the main-game battlefield instead of into
their library (CR 726.5 takes the rest; a draw has no winner: "If the subgame is a draw, no
player won the subgame, so nobody gets to put a permanent onto the battlefield in the main
game."). The rules are ``rules.subgame``'s; the card gives the numbers.
"""

from __future__ import annotations

from ..engine.registry import CardDef, Subgame, register

TUG_OF_WAR = register(CardDef(
    "Tug of War", ("sorcery",),
    "Players play a subgame starting at 5 life and with up to three permanent cards with "
    "different names from their main-game library on the battlefield. As the subgame ends, the "
    "winner chooses one of the cards they put onto the battlefield as the subgame began and puts "
    "it onto the battlefield rather than shuffling it into their library.",
    behaviour="tug_of_war", subgame=Subgame(life=5, set_aside=3, keeps=1)))
"""Tug of War's registered definition."""
