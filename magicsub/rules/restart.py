"""Restarting the game (CR 724; Karn Liberated): the game in progress ends and a new game
begins with the same players and cards, in the same place of the game tree.

It is told apart from a subgame (CR 726) step by step: a subgame discontinues its main game and
moves only the libraries (CR 726.1a, 726.2); a restart ends the game (CR 104.1, 724.1: no player
wins, loses or draws it) and every card involved in it goes into its owner's deck for the new
game, wherever it was (CR 724.2: phased-out permanents, nontraditional cards and cards brought
in from outside too), except the cards an effect exempts (CR 724.5). Only the players still in
the game take part (CR 104.6); the starting player is the controller of the effect that
restarted it (CR 724.1a); the new game starts as CR 103 says (life totals, opening hands; a
Commander game puts its commanders into the command zone, CR 903.6, but an exempt commander
stays out and is still the commander, CR 724.5a). Nothing else carries over: effects, delayed
and waiting triggered abilities, counters, tokens and abilities on the stack go with the old
game. The effect finishes resolving just before the first untap step (CR 724.4,
``_finish_restart``): its further instructions (Karn's: put the exempt cards onto the
battlefield) are followed then, and what they trigger waits for a player to receive priority.

A restarted subgame stays the subgame of its main game, which is unaffected (CR 724.6): the
game keeps its id, parent and creator, so that when it ends, the spell that created it finishes
resolving with the winner of the restarted subgame. A game using the limited range of influence
option restarts with all its players (CR 724.7).
"""

from __future__ import annotations

from immutables import Map

from ..engine import hooks
from ..engine.objects import SUPPLEMENTARY_DECKS, Kind, Obj
from ..engine.start import STANDARD_LIFE, opening_hands, starting_life
from ..engine.state import PREGAME, Seat, by_zone
from ..engine.state import game_name as _where
from ..engine.transaction import Tx
from ..engine.zones import Zone
from . import modifiers
from .leaving import clear_ended
from .subgame import VARIANT_LIFE

ENDS = "ends (its game was restarted)"
"""How the effects of a restarted game end, in the trace."""


def _labels(objs) -> str:
    return ", ".join(o.label() for o in objs)


def restart(tx: Tx, gid: int, source: Obj, exempt: list[str], label: str | None = None) -> None:
    """CR 724.1–724.7: the effect of ``source`` (a resolving spell or ability, in game ``gid``,
    the game in progress; ``label`` names it in the trace) restarts that game; the cards
    ``exempt`` (ids, in exile) are left out of the new game's decks (CR 724.5) until the effect
    finishes resolving (``_finish_restart``)."""
    label = label or source.label()
    old = tx.game(gid)
    controller = source.controller
    players = old.in_game
    tx.step("724.1", "A game that is restarted immediately ends")
    tx.note(f"{label} restarts {_where(gid)}: it ends now (CR 104.1). No player wins, "
            "loses or draws it.")
    tx.game_event(gid, "ends", "restarted: no player wins, loses or draws it", op="end",
                  result="restarted")
    gone = [p for p in old.seats if not old.seat(p).in_game]
    if gone:
        tx.step("104.6", "All players still in the game when it restarts")
        tx.note(f"{', '.join(gone)} left {_where(gid)} before it was restarted: "
                f"{'they are' if len(gone) > 1 else 'that player is'} not in the new game, and "
                "neither are the cards they own.")
    if old.ranges:
        tx.step("724.7", "all players in the game are involved")
        tx.note(f"{_where(gid).capitalize()} uses the limited range of influence option: "
                f"{', '.join(players)} all start the new game, whatever {controller}'s range "
                "of influence.")
    if old.parent is not None:
        tx.step("724.6", "the main game is unaffected")
        tx.note(f"{_where(gid).capitalize()} is a subgame: {_where(old.parent)} stays as it "
                "is, discontinued, and the new game is its subgame. When it ends, the main "
                "game's effects that refer to the winner or loser of the subgame refer to the "
                "winner or loser of this restarted subgame.")
    if old.exiled_by:
        tx.fact(gid, "exiled_by", (), f"{_where(gid).capitalize()} has ended: nothing its "
                "permanents exiled will be returned")
    kept = [tx.obj(o) for o in exempt]
    if kept:
        tx.step("724.5", "Effects may exempt certain cards")
        tx.note(f"{_labels(kept)}: left in exile by {label}, "
                + ("not in its owner's deck" if len(kept) == 1 else "not in their owners' decks")
                + " as the new game begins.")
        for obj in kept:
            if obj.commander and old.variant == "commander":
                tx.step("724.5a", "won’t begin the new game in the command zone")
                tx.note(f"{obj.label()} is {obj.owner}'s commander: it stays in exile, not in "
                        "the command zone, and it remains that deck's commander.")
    with tx.affecting(gid, None, label):  # CR 724.7: no range of influence limits it
        _cards_to_decks(tx, gid, set(exempt), old.variant)
        _rest_ends(tx, gid, set(exempt))
        _new_game(tx, gid, controller, label, players, exempt)


def _cards_to_decks(tx: Tx, gid: int, exempt: set[str], variant: str | None) -> None:
    """CR 724.2: every card of the ended game, wherever it is, goes into its owner's deck for
    the new game: traditional cards into the library, a commander into the command zone (CR
    903.6), a card of a supplementary deck into that deck (face down in the command zone);
    then each library is shuffled (CR 103.3)."""
    cards = sorted((o for o in tx.world.objects_in(gid) if o.kind is Kind.CARD
                    and o.id not in exempt), key=by_zone)
    tx.step("724.2", "All Magic cards involved in the game that was restarted")
    tx.note("Every card of the ended game, in any zone, is involved in the new game, including "
            "cards brought in from outside it (the rule's example: a creature card brought in "
            "by Living Wish will be part of its owner's library).")
    odd = [o for o in cards if o.phased_out]
    if odd:
        tx.note(f"{_labels(odd)}: phased out, and involved in the new game all the same.")
    owners = sorted({o.owner for o in cards}, key=lambda p: (p not in tx.game(gid).seats,
                                                             tx.game(gid).seats.index(p)
                                                             if p in tx.game(gid).seats else 0, p))
    for player in owners:
        mine = [o for o in cards if o.owner == player]
        commanders = [o for o in mine if o.commander and variant == "commander"]
        for obj in commanders:
            tx.step("903.6", "each player puts their commander from their deck face up into the "
                    "command zone")
            tx.move(obj.id, gid, Zone.COMMAND, face_up=True)
        decks: dict[str, list[Obj]] = {}
        other = []
        for obj in mine:
            if obj in commanders or obj.traditional:
                continue
            deck = obj.deck or obj.began_in_deck
            if deck in SUPPLEMENTARY_DECKS:
                decks.setdefault(deck, []).append(obj)
            else:
                other.append(obj)
        library = [o.id for o in mine if o.traditional and o not in commanders
                   and o.zone is not Zone.LIBRARY]
        if library or any(o.zone is Zone.LIBRARY for o in mine):
            tx.step("724.2", "Ownership of cards in the new game doesn’t change")
            tx.note(f"{player}'s cards, wherever they were, are {player}'s deck for the new "
                    "game; it is shuffled (CR 103.3).")
        tx.move_all(player, library, gid, Zone.LIBRARY, shuffle=True)
        for deck in sorted(decks):
            tx.note(f"{_labels(decks[deck])}: nontraditional, {player}'s {deck} deck in the new "
                    "game.")
            tx.move_all(player, [o.id for o in decks[deck]], gid, Zone.COMMAND, shuffle=True,
                        deck=deck, face_up=False, began_in_deck=None)
        for obj in other:
            if obj.zone is not Zone.COMMAND:
                tx.note(f"{obj.label()}: nontraditional, it begins the new game in the command "
                        "zone.")
                tx.move(obj.id, gid, Zone.COMMAND)


def _rest_ends(tx: Tx, gid: int, exempt: set[str]) -> None:
    """What is not a card ceases to exist with the ended game (tokens, spells' copies, abilities
    on the stack, emblems); its effects, delayed and waiting triggered abilities end."""
    tx.step("724.1", "start a new game following the procedures")
    tx.note("Nothing else of the ended game carries over: tokens and abilities cease to exist, "
            "and its effects end.")
    cards = {o.id for o in tx.world.objects_in(gid, ordered=False) if o.kind is Kind.CARD}
    clear_ended(tx, gid, ends=ENDS, keep=cards | exempt)
    modifiers.end(tx, lambda m: m.game == gid, "its game was restarted")


def _new_game(tx: Tx, gid: int, controller: str, label: str, players: tuple[str, ...],
              exempt: list[str]) -> None:
    """The new game, before its first turn (CR 103): the same place in the tree, the players
    still in the game, the starting player the effect's controller (CR 724.1a), starting life
    totals and opening hands (CR 103.4, 103.5)."""
    old = tx.game(gid)
    life = VARIANT_LIFE.get(old.variant or "", STANDARD_LIFE)
    new = old.__class__(
        gid, old.parent, players, Map({p: Seat(life=STANDARD_LIFE) for p in players}),
        variant=old.variant, creator=old.creator, status="in progress", turn=0, step=PREGAME,
        first=controller, starting_life=life, ranges=old.ranges,
        seating=tuple(p for p in old.seating if p in players),
        archenemy=tuple(p for p in old.archenemy if p in players), teams=old.teams,
        restarted=(controller, tuple(exempt), label))
    tx.game_event(gid, "begins again", f"a new game for {', '.join(players)}", op="create",
                  state=new)
    if old.starting_life != life:
        tx.note(f"Literal reading: the new game follows CR 103, so its players begin at {life} "
                f"life, not the {old.starting_life} the effect that created the subgame gave "
                "its players.")
    tx.step("724.1a", "The starting player in the new game is the player who controlled")
    tx.fact(gid, "first", controller, f"{controller} is the starting player of the new game")
    starting_life(tx, gid)
    opening_hands(tx, gid)
    game = tx.game(gid)
    short = [p for p in players if p in game.drew_empty]
    if short and old.parent is None:
        tx.step("724.3", "will lose the game when state-based actions are checked")
        verb = "they lose" if len(short) > 1 else "that player loses"
        tx.note(f"{', '.join(short)} could not draw seven cards: {verb} the new game in the "
                "upkeep of its first turn, mulligans or not.")
    tx.step("724.4", "No player has priority")
    tx.note(f"{label} has not finished resolving: it finishes just before the first "
            "turn's untap step. Nobody is the active player and nobody has priority.")


@hooks.on("game_starts")
def _finish_restart(tx: Tx, gid: int) -> None:
    """CR 724.4: just before the first untap step, the effect that restarted the game finishes
    resolving: the cards it exempted and still in exile are put onto the battlefield under its
    controller's control (Karn Liberated's "Then put those cards onto the battlefield under
    your control"); what that triggers waits until a player would receive priority (CR 603.3),
    usually in the first upkeep."""
    game = tx.game(gid)
    if not game.restarted:
        return
    controller, exempt, label = game.restarted
    tx.step("724.4", "finishes resolving just before the first turn’s untap step")
    cards = [tx.obj(o) for o in exempt]
    here = [o for o in cards if o.game == gid and o.zone is Zone.EXILE]
    if not game.seat(controller).in_game:
        tx.note(f"{controller} has left the new game before its first turn: {label} finishes "
                "resolving with nobody to put the exempt cards onto the battlefield; they stay "
                "in exile (literal reading).")
    elif here:
        tx.note(f"{label} finishes resolving: {controller} puts {_labels(here)} onto the "
                "battlefield under their control. Any ability this triggers goes on the stack "
                "the next time a player receives priority.")
        with tx.at_once():
            for obj in here:
                tx.move(obj.id, gid, Zone.BATTLEFIELD, controller=controller)
    else:
        tx.note(f"{label} finishes resolving: no card was exempted, so nothing is put onto the "
                "battlefield.")
    tx.fact(gid, "restarted", (), f"{label} has finished resolving")
