"""Starting a game (CR 103): starting life totals, opening hands and mulligans happen before the
first turn; then the starting player takes the first turn (CR 103.8), skipping its draw step in
a two-player game (CR 103.8a). The variants change the start: Commander (CR 903.7), Archenemy
(CR 904.5), Vanguard (CR 902.4, 902.5) and Planechase (CR 901.5, the starting plane).

A new subgame is created in the pregame state (``GameState.pregame``): turn 0, no active
player, nobody has priority. Its first ``advance`` begins turn 1.
"""

from __future__ import annotations

from . import hooks
from .errors import RulesError
from .objects import Obj
from .priority import draw, set_planar_controller
from .state import game_name as _where
from .transaction import Tx
from .zones import Zone

STANDARD_LIFE = 20
"""CR 103.4: the starting life total of a game without a variant rule that changes it."""
STANDARD_HAND = 7
"""CR 103.5: the starting hand size, "normally seven"."""



def require_begun(tx: Tx, gid: int, what: str, subject: str | None = None) -> None:
    """CR 103.8: nothing that needs a turn happens before the starting player takes the first
    turn. Raise when game ``gid`` is still before its first turn (``what`` says what is refused,
    e.g. "Alex cannot cast Fork")."""
    game = tx.game(gid)
    if game.pregame:
        raise RulesError("103.8", f"{_where(gid)} has not begun its first turn, so {what}: "
                         f"{game.first}, the starting player, takes the first turn when the game "
                         "advances", subject=subject)


def archenemies(tx: Tx, gid: int) -> tuple[str, ...]:
    """The archenemy of an Archenemy game: the player the game names, or else each player whose
    scheme deck is in the game's command zone."""
    game = tx.game(gid)
    if game.variant != "archenemy":
        return ()
    if game.archenemy:
        return game.archenemy
    schemes = {o.owner for o in tx.world.in_zone(gid, Zone.COMMAND) if o.deck == "scheme"}
    return tuple(p for p in game.seats if p in schemes)


def vanguard_of(tx: Tx, gid: int, player: str) -> Obj | None:
    """The vanguard card ``player`` plays in a Vanguard game (in its command zone), or None."""
    if tx.game(gid).variant != "vanguard":
        return None
    return next((o for o in tx.world.in_zone(gid, Zone.COMMAND)
                 if o.owner == player and o.deck == "vanguard"), None)


def hand_size(tx: Tx, gid: int, player: str) -> int:
    """CR 103.5: the player's starting hand size; a vanguard's hand modifier changes it."""
    card = vanguard_of(tx, gid, player)
    return max(0, STANDARD_HAND + ((card.hand_modifier or 0) if card else 0))


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def starting_life(tx: Tx, gid: int) -> None:
    """CR 103.4 and the variant rules: each player's starting life total in game ``gid``."""
    game = tx.game(gid)
    tx.step("103.4", "Each player begins the game with a starting life total of 20")
    tx.note(f"Each player of {_where(gid)} begins with {STANDARD_LIFE} life unless the variant "
            "says otherwise.")
    if game.variant == "commander":
        tx.step("903.7", "each player sets their life total to 40")
        for player in game.seats:
            tx.set_life(gid, player, 40, starting=True)
    elif game.variant == "archenemy":
        _archenemy_life(tx, gid)
    elif game.variant == "vanguard":
        _vanguard_life(tx, gid)


def _archenemy_life(tx: Tx, gid: int) -> None:
    game = tx.game(gid)
    chosen = archenemies(tx, gid)
    tx.step("904.5", "The archenemy’s starting life total is 40")
    if not game.archenemy:
        tx.note("The rules do not say who is the archenemy of a subgame. Literal reading: the "
                "player whose scheme deck the game has in its command zone"
                + (f" ({', '.join(chosen)})." if chosen else "; no player has one here, so "
                   "there is no archenemy and every player starts at 20."))
    for player in chosen:
        tx.set_life(gid, player, 40, starting=True)
    others = [p for p in game.seats if p not in chosen]
    if others and chosen:
        tx.note(f"{', '.join(others)} start{'s' if len(others) == 1 else ''} at 20.")


def _vanguard_life(tx: Tx, gid: int) -> None:
    game = tx.game(gid)
    for player in game.seats:
        card = vanguard_of(tx, gid, player)
        if card is None or not card.life_modifier:
            continue
        tx.step("902.4", "starting life total")
        life = STANDARD_LIFE + card.life_modifier
        tx.note(f"{card.label()} has life {_signed(card.life_modifier)}: {player}'s starting "
                f"life total is {STANDARD_LIFE} {_signed(card.life_modifier)[0]} "
                f"{abs(card.life_modifier)} = {life}.")
        tx.set_life(gid, player, life, starting=True)


def opening_hands(tx: Tx, gid: int) -> None:
    """CR 103.5: each player draws their starting hand; CR 726.3: in a subgame a player whose
    library is too small will lose in the first upkeep."""
    game = tx.game(gid)
    sizes = {p: hand_size(tx, gid, p) for p in game.seats}
    changed = [p for p in game.seats if sizes[p] != STANDARD_HAND]
    if changed:
        tx.step("902.5", "starting hand size")
        for p in changed:
            card = vanguard_of(tx, gid, p)
            tx.note(f"{card.label()} has hand {_signed(card.hand_modifier)}: {p}'s starting hand "
                    f"size is {sizes[p]}.")
    tx.step("103.5", "Each player draws a number of cards equal to their starting hand size")
    tx.note(f"{_where(gid).capitalize()} has not begun its first turn: players may take "
            "mulligans now; nobody has priority until the starting player takes the first turn "
            "(CR 103.8).")
    short = []
    for player in game.seats:
        drawn = draw(tx, gid, player, sizes[player])
        if drawn < sizes[player]:
            short.append((player, drawn))
    if game.parent is None:
        return
    when = ("as soon as it starts (as its first turn would begin)"
            if tx.edition.behaviour("short_deck_loses") == "at_start" else
            "when state-based actions are checked in the upkeep of the first turn")
    for player, drawn in short:
        tx.step("726.3", "will lose the subgame when state-based actions are checked")
        had = "no cards" if drawn == 0 else ("only 1 card" if drawn == 1 else f"only {drawn} cards")
        tx.note(f"{player} had {had}: they will lose the subgame {when}, mulligans or not.")


def first_turn(tx: Tx, gid: int) -> None:
    """CR 103.7–103.8: the mulligans are over; the starting plane is set (Planechase); the
    starting player takes the first turn."""
    hooks.emit("game_starts", tx, gid)
    game = tx.game(gid)
    if game.ended or tx.world.current != gid:
        return
    player = game.first if game.seat(game.first).in_game else game.next_in_order(game.first)
    if player != game.first:
        tx.step("800.4k", "that turn doesn’t begin")
        tx.note(f"{game.first}, the starting player, has left the game: the first turn is "
                f"{player}'s, next in turn order (literal reading).")
    if game.variant == "planechase":
        starting_plane(tx, gid, player)
    tx.step("103.8", "The starting player takes their first turn")
    tx.set_turn(gid, turn=1, active=player, turn_of=player, step="untap")


def starting_plane(tx: Tx, gid: int, player: str) -> None:
    """CR 901.5: the starting player turns the top card of their planar deck face up (a
    phenomenon goes to the bottom and they try again); it is the starting plane, controlled by
    the planar controller (CR 901.6)."""
    def deck() -> list[Obj]:
        return [o for o in tx.world.in_zone(gid, Zone.COMMAND)
                if o.owner == player and o.deck == "planar" and not o.face_up]

    tx.step("901.5", "the starting player moves the top card of their planar deck")
    cards = deck()
    if not cards:
        tx.note(f"{player} has no planar deck in {_where(gid)}: no plane is turned face up.")
        return
    plane = None
    for _ in range(len(cards)):
        top = deck()[-1]
        tx.move(top.id, gid, Zone.COMMAND, face_up=True)
        if "phenomenon" not in top.types:
            plane = top
            break
        tx.step("901.5", "If it’s a phenomenon card")
        tx.move(top.id, gid, Zone.COMMAND, top=False, face_up=False)
    if plane is None:
        tx.note(f"{player}'s planar deck has only phenomenon cards: no plane is turned face up.")
        return
    tx.step("901.5", "becomes the starting plane")
    tx.note(f"{plane.label()} is the starting plane of {_where(gid)}.")
    tx.step("901.6", "The controller of a face-up plane or phenomenon card is the player "
            "designated as the planar controller")
    tx.note(f"Nobody is the active player before the first turn; {player}, the starting "
            "player, turned the plane face up and is about to take the first turn, so "
            f"{player} is the planar controller (literal reading).")
    set_planar_controller(tx, gid, player)
