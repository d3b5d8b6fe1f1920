"""The initiative (CR 723): a designation a player has in one game, with its three inherent
triggered abilities, and its passing on when the player who has it leaves the game.

The initiative is a fact of one game (``GameState.initiative``): there is none until an effect
instructs a player to take it (CR 723.1), and only one player has it at a time (CR 723.3). A
subgame is a separate game that begins without it (CR 726.1b); the main game keeps its own,
unchanged, while the subgame runs and after it ends.

The three inherent triggered abilities of CR 723.2 have no source and are controlled by the
player who had the initiative when they triggered; the stack lists them by the name
``INITIATIVE``:

* at the beginning of the upkeep of the player who has the initiative, that player ventures
  into Undercity;
* whenever one or more creatures a player controls deal combat damage to the player who has the
  initiative, the controller of those creatures takes the initiative (one trigger per such
  player, however many of their creatures dealt damage);
* whenever a player takes the initiative, that player ventures into Undercity (also when the
  player who has it takes it again, CR 723.5, and when it passes to a player as its holder leaves,
  CR 723.4).

Venturing into Undercity is CR 701.49d (``magicsub.rules.dungeons``).

CR 723.4: if the player who has the initiative leaves the game, the active player takes it at the
same time; if the active player is leaving too, or there is no active player (CR 800.4j), the
next player in turn order does. The CR does not say what happens when nobody is left to take it;
the game then has no initiative (literal reading, said in the trace; in practice the game has
ended).
"""

from __future__ import annotations

from ..engine import hooks
from ..engine.objects import Obj
from ..engine.registry import register_ability
from ..engine.resolution import FOLLOWS
from ..engine.state import World, game_name
from ..engine.transaction import Tx
from . import dungeons
from .designations import heir_of, inherent
from .quoted import INITIATIVE_AGAIN, INITIATIVE_LEFT

INITIATIVE = "initiative"
"""The name the stack gives the initiative's inherent triggered abilities (they have no
source)."""
UNDERCITY = "Undercity"
"""The dungeon the initiative ventures into (CR 723.2, 701.49d)."""
UPKEEP = "initiative_upkeep"
"""The behaviour of "At the beginning of the upkeep of the player who has the initiative, that
player ventures into Undercity"."""
TAKE = "initiative_combat_damage"
"""The behaviour of "Whenever one or more creatures a player controls deal combat damage to the
player who has the initiative, the controller of those creatures takes the initiative"."""
VENTURE = "initiative_taken"
"""The behaviour of "Whenever a player takes the initiative, that player ventures into
Undercity"."""


def initiative(world: World, gid: int) -> str | None:
    """The player who has the initiative in game ``gid`` (None: nobody, CR 723.1)."""
    return world.games[gid].initiative


def take(tx: Tx, gid: int, player: str, why: str, *, cite: bool = True) -> None:
    """``player`` takes the initiative in game ``gid`` (``why``: how, for the trace): the player
    who had it ceases to have it (CR 723.3), and "whenever a player takes the initiative"
    triggers (CR 723.2), even when ``player`` had it already (CR 723.5). ``cite``: open a step
    citing CR 723.1, 723.3 or 723.5 (False when the caller's step cites the rule that makes
    ``player`` take it, CR 723.4)."""
    game = tx.game(gid)
    old = game.initiative
    if old == player:
        if cite:
            tx.step("723.5", "does not create a second initiative designation")
        tx.note(f"{player} has the initiative of {game_name(gid)} already ({why}): they take it "
                f"again, which triggers the venture but makes no second designation. "
                f"{INITIATIVE_AGAIN}")
    else:
        if cite:
            if old is None:
                tx.step("723.1", "There is no initiative in a game until an effect instructs a "
                                 "player to take the initiative")
            else:
                tx.step("723.3", "As a player takes the initiative, the player who currently has "
                                 "the initiative ceases to have it")
        ceases = f"; {old} ceases to have it" if old is not None else ""
        tx.fact(gid, "initiative", player,
                f"{player} takes the initiative of {game_name(gid)} ({why}){ceases}")
    tx.step("723.2", "Whenever a player takes the initiative, that player ventures into "
                     "Undercity")
    inherent(tx, gid, INITIATIVE, player,
             f"The initiative ({player}): {player} took the initiative; that "
             "player ventures into Undercity", VENTURE, (player,))


# -- the inherent triggered abilities (CR 723.2) ------------------------------------------------

@hooks.on("step_begins")
def _upkeep(tx: Tx, gid: int, step: str) -> None:
    """CR 723.2: "At the beginning of the upkeep of the player who has the initiative, that
    player ventures into Undercity"."""
    game = tx.game(gid)
    if step != "upkeep" or game.initiative is None or game.initiative != game.active:
        return
    tx.step("723.2", "At the beginning of the upkeep of the player who has the initiative, that "
                     "player ventures into Undercity")
    inherent(tx, gid, INITIATIVE, game.initiative,
             f"The initiative ({game.initiative}): at the beginning "
             "of the upkeep of the player who has the initiative, that player ventures into "
             "Undercity", UPKEEP, (game.initiative,))


@hooks.on("combat_damage_dealt")
def _combat_damage(tx: Tx, gid: int, dealt: tuple[tuple[Obj, str, int], ...]) -> None:
    """CR 723.2: "Whenever one or more creatures a player controls deal combat damage to the
    player who has the initiative, the controller of those creatures takes the initiative": one
    trigger for each player whose creatures dealt combat damage to the player who has it (in the
    order their first such creature was declared as an attacker), controlled by that player."""
    holder = tx.game(gid).initiative
    by: dict[str, list[Obj]] = {}
    for creature, player, amount in dealt:
        if player == holder and amount > 0 and creature.controller is not None:
            by.setdefault(creature.controller, []).append(creature)
    for controller, creatures in by.items():
        tx.step("723.2", "Whenever one or more creatures a player controls deal combat damage to "
                         "the player who has the initiative")
        names = ", ".join(c.label() for c in creatures)
        inherent(tx, gid, INITIATIVE, holder,
                 f"The initiative ({holder}): {controller}'s {names} dealt "
                 f"combat damage to the player who has the initiative; {controller} takes the "
                 "initiative", TAKE, (controller,))


def _venture(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """That player (the one the ability names) ventures into Undercity (CR 701.49d)."""
    player = (dict(top.extra).get("data") or (top.controller,))[0]
    tx.step("608.2c", FOLLOWS)
    game = tx.game(gid)
    if player not in game.seats or not game.seat(player).in_game:
        tx.note(f"{player} has left the game and can't venture.")
        return
    dungeons.venture(tx, gid, player, UNDERCITY)


def _take(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """The controller of those creatures (the player the trigger names) takes the initiative."""
    player = (dict(top.extra).get("data") or (None,))[0]
    tx.step("608.2c", FOLLOWS)
    game = tx.game(gid)
    if player is None or player not in game.seats or not game.seat(player).in_game:
        tx.note(f"{player} has left the game and can't take the initiative.")
        return
    take(tx, gid, player, "their creatures dealt combat damage to the player who had it, "
         "CR 723.2")


register_ability(UPKEEP, _venture)
register_ability(VENTURE, _venture)
register_ability(TAKE, _take)


@hooks.on("game_starts")
def _subgame_starts(tx: Tx, gid: int) -> None:
    """CR 726.1b: a subgame begins with no initiative, whoever has it in its main game; the main
    game's designation stays there, unchanged, and means nothing in the subgame."""
    parent = tx.game(gid).parent
    holder = tx.game(parent).initiative if parent is not None else None
    if holder is None:
        return
    tx.step("726.1b", "No effects or definitions created in either the main game")
    tx.note(f"{holder} has the initiative of {game_name(parent)}; that designation has no "
            f"meaning in {game_name(gid)}, which begins with no initiative (CR 723.1: there is "
            f"none until an effect instructs a player to take it). {holder} keeps the initiative "
            f"of {game_name(parent)}.")


# -- leaving the game (CR 723.4) -----------------------------------------------------------------

@hooks.on("players_left")
def _holder_left(tx: Tx, gid: int, players: tuple[str, ...], how: str, before: World) -> None:
    """CR 723.4: the player who had the initiative has left game ``gid`` (with ``players``, who
    left at the same time): the active player takes it; if the active player left too, or there
    is none, the next player in turn order still in the game; else nobody (literal reading)."""
    game = tx.game(gid)
    holder = game.initiative
    if holder is None or holder not in players:
        return
    active = game.active
    heir, why = heir_of(game, players)
    if heir is None:
        tx.step("723.4")
        tx.note("Literal reading: no player is left to take the initiative; the CR does not say "
                "more, and the game has no initiative.")
        tx.fact(gid, "initiative", None, f"{game_name(gid, 'title')} has no initiative")
        return
    rule = "the active player takes the initiative" if heir == active else \
        "the next player in turn order takes the initiative"
    tx.step("723.4", rule)
    tx.note(f"{holder}, who had the initiative, has left the game; {why}. {INITIATIVE_LEFT}")
    take(tx, gid, heir, f"{holder}, who had it, left the game", cite=False)
