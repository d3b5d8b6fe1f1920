"""Dungeons (CR 309) and venturing into them (CR 701.49): a dungeon card a player owns, put into
the command zone of one game from outside the game, a venture marker on one of its rooms, and
the room abilities that trigger as the marker moves into a room.

A dungeon card registers its rooms with ``register(Dungeon(...))`` (its card module does, beside
its Oracle text); this module never names one, except Undercity where the rule it follows does
(CR 701.49d: "venture into [quality]"; the initiative ventures into Undercity, CR 723.2).

Where each player's venture marker is, per game, is ``GameState.venture_markers``: (player,
dungeon id, room). A dungeon belongs to one game: a main-game dungeon is outside a subgame
(CR 726.4), and a player who ventures in the subgame puts another dungeon card they own into
the subgame's command zone (the engine's recorded default: a fresh card, not the one the main
game uses; say it in the trace). A dungeon card leaves the game with its owner (CR 800.4a), and
their marker with it.

Choices the rules leave to the player are recorded defaults, said in the trace: the dungeon
card chosen from outside the game (a card they own outside every game with the right name, by
id, else a new one) and the room the marker moves to where several arrows point away (the first
room the Oracle text lists after "Leads to").
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import hooks
from ..engine.errors import RulesError
from ..engine.objects import Kind, Obj
from ..engine.registry import register_ability
from ..engine.resolution import FOLLOWS
from ..engine.state import World, game_name
from ..engine.transaction import Tx
from ..engine.triggers import fire
from ..engine.zones import Zone

NOT_MODELLED = "room_not_modelled"
"""The behaviour of a room ability whose effect the engine does not model: it resolves with a
note saying so."""


@dataclass(frozen=True, slots=True)
class Room:
    """One room of a dungeon: its name (flavour, CR 309.4b), the effect of its room ability
    (CR 309.4c), the rooms its arrows lead to (none: the bottommost room) and the behaviour of
    its room ability (``NOT_MODELLED`` when the engine does not model its effect)."""

    name: str
    effect: str
    leads_to: tuple[str, ...] = ()
    behaviour: str = NOT_MODELLED


@dataclass(frozen=True, slots=True)
class Dungeon:
    """A dungeon card's rooms, the topmost first (CR 309.4a)."""

    name: str
    rooms: tuple[Room, ...]

    def room(self, name: str) -> Room:
        """The room called ``name``."""
        return next(r for r in self.rooms if r.name == name)


_DUNGEONS: dict[str, Dungeon] = {}


def register(dungeon: Dungeon) -> Dungeon:
    """Add a dungeon's rooms (its card module calls this once). A second dungeon of one name,
    or an arrow to a room it lacks, is a programming error (ValueError)."""
    if dungeon.name in _DUNGEONS:
        raise ValueError(f"the dungeon {dungeon.name!r} is registered already")
    names = {r.name for r in dungeon.rooms}
    for room in dungeon.rooms:
        missing = [n for n in room.leads_to if n not in names]
        if missing:
            raise ValueError(f"{dungeon.name}: {room.name} leads to unknown rooms {missing}")
    _DUNGEONS[dungeon.name] = dungeon
    return dungeon


def dungeon_of(name: str) -> Dungeon | None:
    """The registered dungeon called ``name``."""
    return _DUNGEONS.get(name)


def marker(world: World, gid: int, player: str) -> tuple[Obj, str] | None:
    """The dungeon card ``player`` owns in the command zone of game ``gid`` and the room their
    venture marker is on (None: they have none there)."""
    for who, did, room in world.games[gid].venture_markers:
        obj = world.objects.get(did)
        if who == player and obj is not None and obj.game == gid \
                and obj.zone is Zone.COMMAND:
            return obj, room
    return None


def _set_marker(tx: Tx, gid: int, player: str, entry: tuple[str, str] | None,
                text: str) -> None:
    kept = tuple(m for m in tx.game(gid).venture_markers if m[0] != player)
    tx.fact(gid, "venture_markers", kept + (((player,) + entry,) if entry else ()), text)


def _from_outside(tx: Tx, gid: int, player: str, name: str) -> Obj:
    """CR 309.2a: ``player`` chooses a dungeon card called ``name`` they own from outside the
    game and puts it into the command zone (recorded default: one outside every game, by id;
    else a new card of theirs)."""
    found = sorted((o for o in tx.world.objects.values() if o.outside and o.owner == player
                    and o.name == name and o.kind is Kind.CARD), key=lambda o: o.id)
    if found:
        card = found[0]
        tx.note(f"{player} chooses {card.label()}, a dungeon card they own outside the game.")
    else:
        a = "an" if name[0] in "AEIOU" else "a"
        card = tx.create(Obj(tx.fresh_id(f"{player}-{name.lower()}"), name, player, Kind.CARD,
                             types=("dungeon",), traditional=False),
                         f"{a} {name} dungeon card {player} owns, outside the game")
        tx.note(f"{player} chooses {a} {name} dungeon card they own from outside the game (the "
                "engine's recorded default: a dungeon card is no part of a deck, CR 309.2, and "
                "the player takes one from their collection).")
    return tx.move(card.id, gid, Zone.COMMAND)


def _enter(tx: Tx, gid: int, player: str, dungeon: Obj, room: Room) -> None:
    """The venture marker moves into ``room``: its room ability triggers (CR 309.4c),
    controlled by the dungeon's owner."""
    _set_marker(tx, gid, player, (dungeon.id, room.name),
                f"{player}'s venture marker is on {room.name} of {dungeon.label()}")
    tx.step("309.4c", "When you move your venture marker into this room")
    fire(tx, gid, dungeon, f"{dungeon.name}, {room.name}: {room.effect}", room.behaviour,
         (room.name,), involves=())


def venture(tx: Tx, gid: int, player: str, into: str | None = None) -> None:
    """``player`` ventures into the dungeon in game ``gid`` (CR 701.49), or "into ``into``"
    (CR 701.49d: a dungeon of that name when they have none in the command zone)."""
    at = marker(tx.world, gid, player)
    if at is None:
        name = into
        if name is None or dungeon_of(name) is None:
            raise RulesError("701.49a", f"{player} ventures into the dungeon but the engine "
                             f"knows no dungeon called {name!r} to choose", subject=player)
        if into is not None:
            tx.step("701.49d", "they choose a dungeon card they own from outside the game with "
                               "the indicated quality")
        else:
            tx.step("701.49a")
        card = _from_outside(tx, gid, player, name)
        tx.step("309.4a", "As a player puts a dungeon they own into the command zone, they put "
                          "their venture marker on the topmost room")
        _enter(tx, gid, player, card, dungeon_of(name).rooms[0])
        return
    card, where = at
    dungeon = dungeon_of(card.name)
    room = dungeon.room(where)
    if into is not None:
        tx.step("701.49d", "If they already own a dungeon card in the command zone, they follow "
                           "the normal procedure")
    if not room.leads_to:
        tx.step("701.49c", "they remove that dungeon card from the game")
        _complete(tx, gid, player, card)
        venture(tx, gid, player, into or card.name)
        return
    tx.step("701.49b", "they choose an adjacent room, following the direction of an arrow")
    nxt = dungeon.room(room.leads_to[0])
    if len(room.leads_to) > 1:
        tx.note(f"Arrows from {room.name} lead to {' and '.join(room.leads_to)}; {player} "
                f"chooses {nxt.name} (the engine's recorded default: the first room listed).")
    _enter(tx, gid, player, card, nxt)


def _complete(tx: Tx, gid: int, player: str, card: Obj) -> None:
    """``card`` is removed from the game: ``player`` completes that dungeon (CR 309.7)."""
    tx.move(card.id, None, None)
    _set_marker(tx, gid, player, None, f"{player}'s venture marker leaves with {card.label()}")
    tx.step("309.7", "A player completes a dungeon as that dungeon card is removed from the game")
    tx.note(f"{player} completes {card.name}.")


@hooks.on("state_based_actions")
def _bottommost(tx: Tx, gid: int) -> bool:
    """CR 309.6: a dungeon whose venture marker is on its bottommost room, and which is the
    source of no room ability waiting to leave the stack, is removed from the game by its
    owner."""
    game = tx.game(gid)
    waiting = {o.source for o in tx.world.stack(gid)} | {t.source for t in game.pending}
    done = False
    for player, did, room in game.venture_markers:
        card = tx.world.objects.get(did)
        dungeon = dungeon_of(card.name) if card is not None else None
        if dungeon is None or card.game != gid or card.zone is not Zone.COMMAND \
                or dungeon.room(room).leads_to or did in waiting:
            continue
        tx.step("309.6", "the dungeon card’s owner removes it from the game")
        _complete(tx, gid, player, card)
        done = True
    return done


def _not_modelled(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """A room ability whose effect the engine does not model: it resolves, and the trace says
    that its effect is not modelled."""
    room = (dict(top.extra).get("data") or ("?",))[0]
    tx.step("608.2c", FOLLOWS)
    tx.note(f"{top.label()} resolves: the effect of {room} is not modelled by magicsub (nothing "
            "changes here).")


register_ability(NOT_MODELLED, _not_modelled)


@hooks.on("game_starts")
def _subgame_starts(tx: Tx, gid: int) -> None:
    """CR 726.4: the main game's dungeon cards are outside a subgame; they stay in its command
    zone with their venture markers, and a player who ventures in the subgame uses another."""
    parent = tx.game(gid).parent
    if parent is None:
        return
    held = [marker(tx.world, parent, p) for p, *_ in tx.game(parent).venture_markers]
    held = [m for m in held if m is not None]
    if not held:
        return
    tx.step("726.4", "All objects in the main game and all cards outside the main game are "
                     "considered outside the subgame")
    tx.note("; ".join(f"{card.label()} (owned by {card.owner}, venture marker on {room})"
                      for card, room in held)
            + f": in the command zone of {game_name(parent)}, outside {game_name(gid)}, "
            "unchanged while it runs.")


@hooks.on("players_left")
def _owner_left(tx: Tx, gid: int, players: tuple[str, ...], how: str, before: World) -> None:
    """CR 800.4a: a player's dungeon card left the game with them; so did their marker."""
    for player in players:
        if any(m[0] == player for m in tx.game(gid).venture_markers):
            _set_marker(tx, gid, player, None,
                        f"{player}'s venture marker leaves the game with them")
