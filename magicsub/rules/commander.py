"""The Commander variant's replacement effect on a commander's moves (CR 903.9b).

"If a commander would be put into its owner's hand or library from anywhere, its owner may put
it into the command zone instead." Every move of a commander card into a hand or a library of a
Commander game (a main game of the variant, or one of its subgames, which are Commander games
too: CR 726.2c) goes through ``instead`` before it happens, whatever moves it: an effect, a draw,
a mulligan, the start of a subgame (CR 726.2) or its end (CR 726.5). The owner's choice is a
step citing 903.9b. The engine's default is the command zone, as the Tug of War rulings
(2022-10-07) have it for the end of a subgame; a commander set up with
``command_zone_instead: false`` records the other choice, and goes where it was going.

The command zone is the one of the game whose hand or library it would be put into: at the end
of a subgame, its main game's.

Two counts belong to each game (``GameState.commander_damage`` and ``commander_casts``):

- commander damage (CR 903.10a): the combat damage a commander deals to a player, as
  ``damage.deal_at_once`` dealt it (after replacement effects: doubled damage counts doubled),
  whoever controls the commander (CR 903.3: being a commander is an attribute of the card, kept
  across zones and control changes). A player dealt 21 or more by the same commander over the
  course of the game loses it as a state-based action (CR 704.6c), in the same check as the
  other state-based actions (the core asks ``loses_when``);
- the commander tax (CR 903.8): a commander cast from the command zone costs {2} more for each
  previous time the player casting it has cast it from the command zone that game. A cast from
  the hand is not counted.

A subgame is "a completely separate Magic game" (CR 726.1a): its counts start at none, and the
main game's stay as they were while it runs and after it ends (they are the main game's).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import hooks
from ..engine.objects import Kind, Obj
from ..engine.state import GameState, game_name
from ..engine.transaction import Tx
from ..engine.zones import Zone
from .quoted import COMMANDERS_BACK

THRESHOLD = 21
"""The combat damage by the same commander at which a player loses (CR 903.10a, 704.6c)."""
TAX = 2
"""The commander tax: the generic mana added for each previous cast from the command zone
(CR 903.8)."""

REPLACED = frozenset({Zone.HAND, Zone.LIBRARY})
"""The zones CR 903.9b replaces a commander's move into (its owner's)."""


def instead(tx: Tx, objs: Sequence[Obj], game: int | None, zone: Zone | None) -> frozenset[str]:
    """CR 903.9b, before ``objs`` are put into ``zone`` of game ``game``: for each commander card
    among them in a Commander game, its owner's choice, recorded in a step citing 903.9b: the
    command zone of that game instead (the default; then it is moved there), or not
    (``command_zone_instead`` false). Return the ids put into the command zone."""
    if zone not in REPLACED or game is None:
        return frozenset()
    commanders = [o for o in objs if o.commander and o.kind is Kind.CARD]
    if not commanders or tx.game(game).variant != "commander":
        return frozenset()
    taken = []
    for obj in commanders:
        where = f"{obj.owner}'s {zone.value}"
        if obj.game != game:
            where = f"{where} in {game_name(game)}"
        tx.note(f"{obj.label()}, a commander, would be put into {where}.")
        with tx.aside("903.9b", "its owner may put it into the command zone instead"):
            came = obj.game if obj.game is not None else obj.left_from
            ending = came is not None and tx.game(came).parent == game
            if obj.command_zone_instead:
                tx.note(f"{obj.owner} may put {obj.label()} into the command zone of "
                        f"{game_name(game)} instead; the engine takes the default, the command "
                        "zone" + (f", as the official ruling says for the end of a subgame: "
                                  f"{COMMANDERS_BACK}" if ending else "")
                        + f". (A scenario records the other choice with command_zone_instead: "
                          f"false on {obj.id}.)")
                tx.move(obj.id, game, Zone.COMMAND)
                taken.append(obj.id)
            else:
                tx.note(f"{obj.owner} may put {obj.label()} into the command zone of "
                        f"{game_name(game)} instead, and chooses not to (command_zone_instead: "
                        f"false): it is put into {where}.")
    return frozenset(taken)


def commander_damage(game: GameState, player: str) -> dict[str, int]:
    """The combat damage each commander (by id) has dealt to ``player`` over the course of
    ``game`` (CR 903.10a), in the order first dealt."""
    return {cid: n for p, cid, n in game.commander_damage if p == player}


def casts(game: GameState, player: str) -> dict[str, int]:
    """How many times ``player`` has cast each commander (by id) from the command zone in
    ``game`` (CR 903.8)."""
    return {cid: n for p, cid, n in game.commander_casts if p == player}


def _counted(rows: tuple[tuple[str, str, int], ...], player: str, cid: str,
             n: int) -> tuple[tuple[str, str, int], ...]:
    """``rows`` with the count of (``player``, ``cid``) set to ``n`` (a new one last)."""
    if any(p == player and c == cid for p, c, _ in rows):
        return tuple((p, c, n if (p, c) == (player, cid) else k) for p, c, k in rows)
    return (*rows, (player, cid, n))


def _times(n: int) -> str:
    return "once" if n == 1 else "twice" if n == 2 else f"{n} times"


@hooks.on("casting")
def _commander_tax(tx: Tx, gid: int, card: str, player: str, zone: Zone | None) -> None:
    """CR 903.8: a commander cast from the command zone of a Commander game costs {2} more for
    each previous time ``player`` cast it from the command zone in that game; the cast is
    counted. A commander cast from anywhere else pays no tax and is not counted."""
    game = tx.game(gid)
    obj = tx.obj(card)
    if not obj.commander or obj.kind is not Kind.CARD or game.variant != "commander":
        return
    before = casts(game, player).get(card, 0)
    where = game_name(gid)
    tx.step("903.8", "costs an additional")
    if zone is not Zone.COMMAND:
        tx.note(f"{player} casts {obj.label()}, a commander, from their "
                f"{zone.value if zone else 'hand'}, not from the command zone: it costs no "
                f"additional {{{TAX}}}, and its casts from the command zone in {where} stay at "
                f"{before}.")
        return
    if before:
        tx.note(f"{player} has cast {obj.label()} from the command zone {_times(before)} "
                f"before in {where}: it costs an additional {{{TAX * before}}} (the commander "
                "tax).")
    else:
        tx.note(f"{player} casts {obj.label()} from the command zone for the first time in "
                f"{where}: no additional cost.")
    tx.fact(gid, "commander_casts", _counted(game.commander_casts, player, card, before + 1),
            f"{player} has cast {obj.label()} from the command zone {_times(before + 1)} in "
            f"{where}")


@hooks.on("combat_damage_dealt")
def _count_commander_damage(tx: Tx, gid: int, dealt: tuple[tuple[Obj, str, int], ...]) -> None:
    """CR 903.10a: combat damage a commander dealt to a player in a Commander game adds to that
    player's commander damage from it in this game, whoever controls it (CR 903.3)."""
    game = tx.game(gid)
    if game.variant != "commander":
        return
    for obj, player, n in dealt:
        if not obj.commander or obj.kind is not Kind.CARD:
            continue
        source = obj.id
        game = tx.game(gid)
        total = commander_damage(game, player).get(source, 0) + n
        tx.step("903.10a", "by the same commander")
        if obj.controller != obj.owner:
            tx.note(f"{obj.label()} is {obj.owner}'s commander, controlled by {obj.controller}: "
                    "it is still a commander (being a commander is an attribute of the card, "
                    "CR 903.3), so the combat damage it deals counts as commander damage.")
        tx.fact(gid, "commander_damage", _counted(game.commander_damage, player, source, total),
                f"{player} has been dealt {total} combat damage by {obj.label()} over the "
                f"course of {game_name(gid)}")


@hooks.on("loses_when")
def _twenty_one(tx: Tx, gid: int, player: str) -> tuple[str, str] | None:
    """CR 704.6c: in a Commander game, a player dealt 21 or more combat damage by the same
    commander over the course of the game loses it (the most, when several commanders did)."""
    game = tx.game(gid)
    if game.variant != "commander":
        return None
    dealt = commander_damage(game, player)
    most = max(dealt, key=lambda cid: (dealt[cid], cid), default=None)
    if most is None or dealt[most] < THRESHOLD:
        return None
    obj = tx.world.objects.get(most)
    label = obj.label() if obj is not None else most
    return ("704.6c", f"{player} has been dealt {dealt[most]} combat damage by {label} over "
            f"the course of {game_name(gid)} (CR 903.10a): {THRESHOLD} or more by the same "
            "commander.")
