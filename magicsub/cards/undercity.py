"""Undercity (Commander Legends: Battle for Baldur's Gate): the dungeon the initiative ventures
into (CR 723.2, 701.49d; ``magicsub.rules.dungeons``). Oracle text as on Scryfall; the arrows
between its rooms are its ``leads_to`` data.

Its first room, Secret Entrance, is modelled; Archives draws a card; the effects of the other
rooms are not modelled: their room abilities resolve with a note that says so.
"""

from __future__ import annotations

from ..engine.priority import draw
from ..engine.registry import CardDef, register
from ..engine.resolution import FOLLOWS
from ..engine.zones import Zone
from ..rules.dungeons import Dungeon, Room
from ..rules.dungeons import register as register_dungeon

NAME = "Undercity"
SECRET_ENTRANCE = "undercity_secret_entrance"
"""The behaviour of Secret Entrance's room ability."""
ARCHIVES = "undercity_archives"
"""The behaviour of Archives' room ability."""
ROOMS = (
    Room("Secret Entrance", "Search your library for a basic land card, reveal it, put it into "
         "your hand, then shuffle.", ("Forge", "Lost Well"), SECRET_ENTRANCE),
    Room("Forge", "Put two +1/+1 counters on target creature.", ("Trap!", "Arena")),
    Room("Lost Well", "Scry 2.", ("Arena", "Stash")),
    Room("Trap!", "Target player loses 5 life.", ("Archives",)),
    Room("Arena", "Goad target creature.", ("Archives", "Catacombs")),
    Room("Stash", "Create a Treasure token.", ("Catacombs",)),
    Room("Archives", "Draw a card.", ("Throne of the Dead Three",), ARCHIVES),
    Room("Catacombs", "Create a 4/1 black Skeleton creature token with menace.",
         ("Throne of the Dead Three",)),
    Room("Throne of the Dead Three", "Reveal the top ten cards of your library. Put a creature "
         "card from among them onto the battlefield with three +1/+1 counters on it. It gains "
         "hexproof until your next turn. Then shuffle."),
)
"""Its rooms, the topmost first, with the rooms each one's arrows lead to."""
TEXT = "You can’t enter this dungeon unless you “venture into Undercity.”\n" + "\n".join(
    f"{room.name} — {room.effect}" for room in ROOMS)


def _secret_entrance(tx, gid, top, choose, target) -> None:
    """"Search your library for a basic land card, reveal it, put it into your hand, then
    shuffle." (the player's choice among several: the topmost, a recorded default)."""
    you = top.controller
    tx.step("608.2c", FOLLOWS)
    tx.step("701.23a", "To search for a card in a zone")
    lands = [o for o in reversed(tx.world.in_zone(gid, Zone.LIBRARY, you))
             if o.is_type("basic") and o.is_type("land")]
    if lands:
        land = lands[0]
        if len(lands) > 1:
            tx.note(f"{you} finds {len(lands)} basic land cards and chooses {land.label()} (the "
                    "engine's recorded default: the one nearest the top).")
        tx.note(f"{you} reveals {land.label()} and puts it into their hand.")
        tx.move(land.id, gid, Zone.HAND)
    else:
        tx.note(f"{you} finds no basic land card in their library.")
    tx.shuffle(gid, you)


def _archives(tx, gid, top, choose, target) -> None:
    """Archives: "Draw a card."."""
    tx.step("608.2c", FOLLOWS)
    draw(tx, gid, top.controller)


register_dungeon(Dungeon(NAME, ROOMS))
register(CardDef(NAME, ("dungeon",), TEXT,
                 abilities={SECRET_ENTRANCE: _secret_entrance, ARCHIVES: _archives}))
