"""Attraction cards (CR 717) and opening an Attraction (CR 701.48).

An Attraction deck is a supplementary deck (CR 100.2d) "that exists in the command zone"
(CR 717.2): a player's face-down Attraction cards in a game's command zone, bottom to top. A
subgame takes it like any supplementary deck (CR 726.2a) and gives it back, with every Attraction
opened during the subgame turned face down and put on its bottom (CR 726.5a:
``magicsub.rules.subgame``); an Attraction opened in the main game stays on the main-game
battlefield, outside the subgame (CR 726.4).

Opening is the step ``open_attraction``: the top card of the player's Attraction deck in the game
in progress goes face up onto its battlefield under their control (CR 701.48b). No Attraction's
own abilities are modelled (rolling to visit, CR 717.4 and 701.49; visit abilities, 702.159),
nor the "junkyard" (CR 717.6).
"""

from __future__ import annotations

from ..engine import hooks
from ..engine.errors import RulesError
from ..engine.objects import Kind, Obj
from ..engine.state import game_name
from ..engine.transaction import Tx
from ..engine.zones import Zone

DECK = "attraction"
"""The ``deck`` of an Attraction card (``magicsub.engine.objects.SUPPLEMENTARY_DECKS``)."""


def attraction_deck(tx: Tx, gid: int, player: str) -> list[Obj]:
    """``player``'s Attraction deck in game ``gid`` (CR 717.2), bottom to top: the face-down
    Attraction cards they own in its command zone."""
    return tx.world.deck(gid, player, DECK)


def plays_with_attractions(tx: Tx, gid: int, player: str) -> bool:
    """True when ``player`` plays game ``gid`` with an Attraction deck (CR 701.48a): an
    Attraction card of theirs is in that game (in its deck, or opened from it)."""
    return any(o.owner == player and o.deck == DECK and o.kind is Kind.CARD
               for o in tx.world.objects_in(gid, ordered=False))


def open_attraction(tx: Tx, player: str) -> Obj | None:
    """CR 701.48: ``player`` opens an Attraction in the game in progress: the top card of their
    Attraction deck there is turned face up and put onto the battlefield under their control
    (701.48b). Refused (``RulesError``, 701.48a) when they play that game with no Attraction
    deck; nothing happens when their deck there is empty. Return the opened Attraction."""
    gid = tx.world.current
    game = tx.game(gid)
    if player not in game.seats or not game.seat(player).in_game:
        raise RulesError("800.4a", f"{player} is not in {game_name(gid)}: they cannot open an "
                         "Attraction there", subject=player)
    if not plays_with_attractions(tx, gid, player):
        raise RulesError("701.48a", f"{player} is playing {game_name(gid)} with no Attraction "
                         "deck (no Attraction card of theirs is in that game), so they cannot "
                         "open an Attraction", subject=player)
    deck = attraction_deck(tx, gid, player)
    tx.step("701.48b", "To open an Attraction")
    if not deck:
        tx.note(f"{player}'s Attraction deck in {game_name(gid)} is empty: nothing is opened.")
        return None
    top = deck[-1]
    after = tx.move(top.id, gid, Zone.BATTLEFIELD, controller=player, face_up=True)
    tx.note(f"{player} opens an Attraction: {top.label()}, the top card of their Attraction deck "
            f"in {game_name(gid)}, is turned face up and put onto the battlefield under their "
            f"control. Its abilities (its visit ability, CR 702.159) are not modelled.")
    return after


@hooks.action("open_attraction")
def _open_attraction_action(tx: Tx, args: dict) -> None:
    open_attraction(tx, args["player"])
