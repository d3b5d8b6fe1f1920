"""What an effect's instruction does to a player or an object, as a step of the vocabulary: a
player's counters (CR 122.1, ``counters``), their life total (CR 119.3, ``life``), a token
created (CR 111.2, ``create``) and an object moved to another zone (CR 400.7, ``move``).

None happens for a player who has left the game (CR 800.4a, 800.4b: ``departed``).
"""

from __future__ import annotations

from . import departed, hooks
from .changes import ObjCounters
from .errors import RulesError
from .limits import shown
from .objects import Kind, Obj
from .priority import player_in_game, settle
from .registry import lookup
from .state import game_name as _where
from .transaction import Tx
from .zones import Zone, parse_zone


@hooks.action("counters")
def counters(tx: Tx, a: dict) -> None:
    """CR 122.1: a player in the game in progress, or a permanent on its battlefield
    (``object``), gets (or loses) counters."""
    gid = a.get("game", tx.world.current)
    if gid != tx.world.current:
        raise RulesError("726.1a", f"{_where(gid)} is not in progress", subject=str(gid))
    if ("player" in a) == ("object" in a):
        raise RulesError("122.1", "counters takes exactly one of player or object")
    if "object" in a:
        obj = tx.obj(a["object"])
        if obj.game != gid or obj.zone is not Zone.BATTLEFIELD:
            raise RulesError("122.1", f"{obj.label()} is not a permanent on the battlefield of "
                             f"{_where(gid)} ({obj.place})", subject=obj.id)
        old = dict(obj.counters).get(a["kind"], 0)
        tx.step("122.1")
        tx.record(ObjCounters(obj.id, obj.label(), a["kind"], old, max(0, old + a["add"])))
        settle(tx, gid)
        return
    player_in_game(tx, a["player"], "122.1")
    tx.step("122.1")
    tx.add_counters(gid, a["player"], a["kind"], a["add"])
    settle(tx, gid)


@hooks.action("life")
def life(tx: Tx, a: dict) -> None:
    """CR 119.3: a player gains or loses life (``add``), or their life total becomes ``set``."""
    gid = player_in_game(tx, a["player"], "119.3")
    if ("add" in a) == ("set" in a):
        raise RulesError("119.3", "life takes exactly one of add or set")
    old = tx.game(gid).seat(a["player"]).life
    tx.step("119.3")
    tx.set_life(gid, a["player"], a["set"] if "set" in a else old + a["add"])
    settle(tx, gid)


@hooks.action("create")
def create(tx: Tx, a: dict) -> None:
    """CR 111.2: a player creates a token on the battlefield (none for a player who has left the
    game, 800.4b)."""
    gid = tx.world.current
    if a["id"] in tx.world.objects:
        raise RulesError("111.1", f"the id {shown(a['id'])} is taken", subject=a["id"])
    if not a.get("token", True):
        raise RulesError("111.1", "create makes tokens (token: true)", subject=a["id"])
    zone = parse_zone(a["zone"])
    if zone is not Zone.BATTLEFIELD:
        raise RulesError("111.1", f"a token is created on the battlefield, not {zone.value}",
                         subject=a["id"])
    player = a["controller"]
    if departed.token_refused(tx, gid, player, f"{player} has left the game: {a['name']} is "
                              "not created."):
        return
    player_in_game(tx, player, "111.2")
    known = lookup(a["name"])
    tx.step("111.2")
    tx.create(Obj(a["id"], a["name"], player, Kind.TOKEN,
                  tuple(a.get("types") or (known.types if known else ("creature",))),
                  power=a.get("power", known.power if known else None),
                  toughness=a.get("toughness", known.toughness if known else None),
                  game=gid, zone=zone, base=player, controller=player,
                  entered_under=player), "token")
    settle(tx, gid)


@hooks.action("move")
def move(tx: Tx, a: dict) -> None:
    """CR 400.7: an effect moves an object to another zone of its game, where it becomes a new
    object (a token leaving the battlefield ceases to exist, 111.7); nothing moves onto the
    battlefield or the stack under, or is made new for, a player who has left (800.4b, 800.4d).
    """
    obj = tx.obj(a["object"])
    gid = a.get("game", obj.game if obj.game is not None else tx.world.current)
    if gid not in tx.world.games or tx.game(gid).status != "in progress":
        raise RulesError("726.1a", f"{_where(gid)} is not in progress: {obj.label()} cannot "
                         "move there", subject=a["object"])
    if obj.game is not None and obj.game != gid:
        raise RulesError("726.1b", f"{obj.label()} is in {_where(obj.game)}; an effect of "
                         f"{_where(gid)} cannot move it (use bring_in)", subject=obj.id)
    if obj.game is None:
        raise RulesError("400.11", f"{obj.label()} is outside the game; use bring_in",
                         subject=obj.id)
    zone = parse_zone(a["to"])
    if obj.kind is Kind.ABILITY or (obj.kind is Kind.COPY and zone is not Zone.STACK):
        raise RulesError("704.5e", f"{obj.label()} cannot move to {zone.value}",
                         subject=obj.id)
    if obj.zone is zone:
        raise RulesError("400.7", f"{obj.label()} is already in the {zone.value}",
                         subject=obj.id)
    ctrl = obj.controller if zone is Zone.BATTLEFIELD and obj.zone is Zone.STACK else None
    would = ctrl or obj.owner
    if zone in (Zone.BATTLEFIELD, Zone.STACK) and departed.zone_refused(
            tx, gid, would, f"{obj.label()} would be put onto the {zone.value} under "
            f"{would}'s control, but {would} has left the game: it stays where it is."):
        return
    if departed.creation_refused(tx, gid, obj.owner, f"{obj.owner}, who owns {obj.label()}, "
                                 "has left the game: it would become a new object in the "
                                 f"{zone.value}, so it stays where it is."):
        return
    tx.step("400.7")
    tx.move(obj.id, gid, zone, top=not a.get("bottom", False), controller=ctrl)
    if obj.kind is Kind.TOKEN and zone is not Zone.BATTLEFIELD:
        tx.step("111.7" if tx.edition.knows("111.7") else "400.7")
        tx.cease(obj.id)
    settle(tx, tx.world.current)
