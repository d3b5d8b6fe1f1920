"""What refuses a player who has left the game (CR 800.4b, 800.4d): the one owner of those refusals.

CR 800.4b: "If an object would change to the control of a player who has left the game, the
control change doesn't happen. If a token would be created under the control of a player who has
left the game, no token is created. If an object would be put onto the battlefield or onto the
stack under the control of a player who has left the game, that object remains in its current
zone." CR 800.4d: an object that would be created in a zone owned by (or under the control of) a
player who has left "isn't created".

Every place that would give such a player an object asks here: each function returns True when
the player has left (after opening the step that cites the rule and writing the note), and the
caller then does nothing more. It changes nothing when the player is still in the game.
"""

from __future__ import annotations

from collections.abc import Callable

from .transaction import Tx


def has_left(tx: Tx, gid: int, player: str | None) -> bool:
    """True when ``player`` is a player of game ``gid`` who has left it (CR 800.4a)."""
    game = tx.game(gid)
    return player is not None and player in game.seats and not game.seat(player).in_game


def control_refused(tx: Tx, gid: int, player: str, obj_label: str,
                    record: Callable[[], None] | None = None) -> bool:
    """CR 800.4b: an object (``obj_label``) would change to the control of ``player``; when they
    have left, the control change doesn't happen. ``record`` records the refused effect between
    the step and its note."""
    if not has_left(tx, gid, player):
        return False
    tx.step("800.4b", "If an object would change to the control of a player who has left")
    if record is not None:
        record()
    tx.note(f"{player} has left the game, so {obj_label} does not change control (CR 800.4b).")
    return True


def token_refused(tx: Tx, gid: int, player: str, note: str) -> bool:
    """CR 800.4b: a token would be created under the control of ``player``; when they have left,
    no token is created (``note`` says which)."""
    if not has_left(tx, gid, player):
        return False
    tx.step("800.4b", "no token is created")
    tx.note(note)
    return True


def zone_refused(tx: Tx, gid: int, player: str, note: str | None = None) -> bool:
    """CR 800.4b: an object would be put onto the battlefield or the stack under the control of
    ``player``; when they have left (or are no player of game ``gid``), it remains in its current
    zone."""
    game = tx.game(gid)
    if player in game.seats and game.seat(player).in_game:
        return False
    tx.step("800.4b", "that object remains in its current zone")
    if note is not None:
        tx.note(note)
    return True


def creation_refused(tx: Tx, gid: int, owner: str, note: str) -> bool:
    """CR 800.4d: an object that changes zones becomes a new object (CR 400.7); in a zone owned
    by ``owner`` who has left, it isn't created, so the card stays where it is."""
    if not has_left(tx, gid, owner):
        return False
    tx.step("800.4d", "it isn’t created")
    tx.note(note)
    return True


def player_control_refused(tx: Tx, gid: int, controller: str, note: str) -> bool:
    """CR 800.4b: a player would be controlled by ``controller``; when ``controller`` has left
    the game (or is no player of game ``gid``), the effect does nothing (``note`` says which)."""
    game = tx.game(gid)
    if controller in game.seats and game.seat(controller).in_game:
        return False
    tx.step("800.4b", "If a player would be controlled by a player who has left the game")
    tx.note(note)
    return True
