"""Starting a game (CR 103): where the players sit (CR 800.5) and the turn order it gives
(CR 103.1); starting life totals, opening hands and mulligans happen before the first turn;
then the starting player takes the first turn (CR 103.8), skipping its draw step in a
two-player game (CR 103.8a). The variants change the start: Commander (CR 903.7), Archenemy
(CR 904.5), Vanguard (CR 902.4, 902.5) and Planechase (CR 901.5, the starting plane).

A new subgame is created in the pregame state (``GameState.pregame``): turn 0, no active
player, nobody has priority. Its first ``advance`` begins turn 1.
"""

from __future__ import annotations

from collections.abc import Iterable

from . import hooks
from .errors import RulesError
from .limits import listed, shown
from .objects import Obj
from .priority import draw, set_planar_controller
from .state import game_name as _where
from .transaction import Tx
from .zones import Zone

STANDARD_LIFE = 20
"""CR 103.4: the starting life total of a game without a variant rule that changes it."""
STANDARD_HAND = 7
"""CR 103.5: the starting hand size, "normally seven"."""


def one_variant(variants: list | tuple) -> str:
    """The message that refuses a list of variants: a game here plays at most one variant, a
    casual one (CR 901–904) or Two-Headed Giant (CR 810). CR 800.2's "only one variant" is about
    the multiplayer variants (CR 806–811), of which magicsub models Two-Headed Giant only; an
    option (``range``) may be added to any game (CR 800.2: "A single game may use multiple
    options")."""
    listed = ", ".join(shown(v) if not isinstance(v, str) else v for v in variants)
    return (f"variant: expected one variant, got a list ({listed or 'empty'}): magicsub plays "
            "at most one variant per game, a casual one (CR 901–904) or two_headed_giant (CR "
            "810), and does not combine them. CR 800.2 (“A single game may use multiple options "
            "but only one variant”) is about the multiplayer variants, CR 806–811; an option "
            "such as range: can be added to any game")


def _names(players: Iterable[str]) -> str:
    return ", ".join(players)


def _players(players: Iterable[str]) -> str:
    """The players for an error message, cut to length (``limits.listed``)."""
    return listed(players, "players")


def from_seat(seating: tuple[str, ...], player: str) -> tuple[str, ...]:
    """The players of ``seating`` clockwise from ``player``'s seat (CR 103.1: the turn order
    that begins with ``player``)."""
    i = seating.index(player)
    return seating[i:] + seating[:i]


def check_seating(players: tuple[str, ...], seating: tuple[str, ...]) -> tuple[str, ...]:
    """CR 800.5 and 103.1: ``seating``, the players clockwise from the first seat, checked
    against ``players``, the turn order with the starting player first.

    Every player has one seat. The turn order "begins with the starting player and proceeds
    clockwise" (CR 103.1), and no variant or option magicsub models prescribes otherwise
    (CR 800.5), so ``players`` must be the seating read clockwise from the starting player's
    seat: the two lists may differ only in where they begin.

    :raises RulesError: a two-player game (CR 800.1: seating order is a multiplayer rule), an
        unknown, repeated or missing player (CR 800.5), or a turn order that does not go round
        the table clockwise from the starting player (CR 103.1); the message says what would.
    """
    if len(players) <= 2:
        raise RulesError("800.1", "seating: seating order (CR 800.5) is a rule of multiplayer "
                         "games, which begin with more than two players (CR 800.1); this game "
                         f"has {len(players)}", subject="seating")
    for player in seating:
        if player not in players:
            raise RulesError("800.5", f"seating: unknown player {shown(player)}; the players "
                             f"are {_players(players)}", subject=str(player))
    twice = [p for i, p in enumerate(seating) if p in seating[:i]]
    if twice:
        raise RulesError("800.5", f"seating: {twice[0]} has two seats; each player has one",
                         subject=twice[0])
    missing = [p for p in players if p not in seating]
    if missing:
        raise RulesError("800.5", f"seating: every player has a seat; missing: "
                         f"{_players(missing)}", subject=missing[0])
    expected = from_seat(seating, players[0])
    if tuple(players) != expected:
        raise RulesError("103.1", f"seating: the players sit {_players(seating)} (clockwise), "
                         f"so the turn order from {players[0]}, the starting player, is "
                         f"{_players(expected)}, not {_players(players)}: the default turn "
                         "order begins with the starting player and proceeds clockwise (CR 103.1), "
                         "and no variant or option here prescribes otherwise (CR 800.5; "
                         "the shared team turns option, CR 805, and Grand Melee's turn markers, "
                         "CR 807, are not modelled). List the players in that order, or seat "
                         "them so", subject="seating")
    return tuple(seating)


def record_seating(tx: Tx, gid: int) -> None:
    """The game starts with the players seated as it records (CR 800.5) and the turn order
    that gives (CR 103.1): two steps, the seating a fact of the game."""
    game = tx.game(gid)
    seating = game.clockwise
    first = game.first or game.seats[0]
    tx.step("800.5", "seating order is determined by any mutually agreeable method")
    tx.fact(gid, "seating", seating, f"the players of {_where(gid)} sit clockwise from the "
            f"first seat: {_names(seating)}")
    tx.step("103.1", "default turn order begins with the starting player and proceeds clockwise")
    tx.note(f"{first} is the starting player: the turn order goes clockwise from {first}'s "
            f"seat, {_names(from_seat(seating, first))}.")



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
    tx.step("901.5", "the starting player moves the top card of their planar deck")
    cards = tx.world.deck(gid, player, "planar")
    if not cards:
        tx.note(f"{player} has no planar deck in {_where(gid)}: no plane is turned face up.")
        return
    plane = None
    for _ in range(len(cards)):
        top = tx.world.deck(gid, player, "planar")[-1]
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
