"""The monarch (CR 722): a designation a player has in one game, with its two inherent triggered
abilities, its passing on when the monarch leaves the game, and the cards exiled "until an
opponent becomes the monarch" (Palace Jailer).

The monarch is a fact of one game (``GameState.monarch``): there is none until an effect makes
a player the monarch (CR 722.1), and only one at a time (CR 722.3). A subgame is a separate game
that begins without one (CR 726.1b: the main game's designation has no meaning there; the main
game keeps its own, unchanged, while the subgame runs and after it ends).

The two inherent triggered abilities of CR 722.2 have no source and are controlled by the player
who was the monarch when they triggered; the stack lists them by the name ``MONARCH``:

* at the beginning of the monarch's end step, that player draws a card (they draw it even if
  someone else has become the monarch before it resolves: the official ruling, quoted in the
  trace);
* whenever a creature deals combat damage to the monarch, its controller becomes the monarch
  (one trigger per creature; "its controller" is the creature's controller as the ability
  resolves, or its last known controller if it has left the battlefield, CR 608.2h).

CR 722.4: if the monarch leaves the game, the active player becomes the monarch at the same
time; if the active player is leaving too, or there is no active player (CR 800.4j), the next
player in turn order still in the game does; if nobody can, the game goes on with no monarch.

"Exile ... until an opponent becomes the monarch" (``exile_until_monarch``) is a CR 610.3
duration: the card returns (under its owner's control, CR 610.3c) immediately after a player
who is an opponent of the ability's controller becomes the monarch, whichever way they become it
(an effect, combat damage, or CR 722.4 when the monarch leaves), and whether or not the exiling
permanent is still on the battlefield (the Palace Jailer rulings of 2016-08-23, ``JAILER``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import hooks
from ..engine.errors import RulesError
from ..engine.objects import Obj
from ..engine.priority import draw
from ..engine.registry import register_ability
from ..engine.resolution import FOLLOWS, target_allowed
from ..engine.state import GameState, PendingTrigger, World, game_name
from ..engine.transaction import Tx
from ..engine.zones import Zone
from . import until
from .quoted import JAILER_LEAVES, MONARCH_DRAWS_ANYWAY, MONARCH_LEFT, MONARCH_LOSER

MONARCH = "monarch"
"""The name the stack gives the monarch's inherent triggered abilities (they have no source)."""
DRAW = "monarch_draw"
"""The behaviour of "At the beginning of the monarch's end step, that player draws a card"."""
TAKE = "monarch_combat_damage"
"""The behaviour of "Whenever a creature deals combat damage to the monarch, its controller
becomes the monarch"."""


@dataclass(frozen=True, slots=True)
class Held:
    """A card exiled until an opponent of ``you`` becomes the monarch: its id and timestamp
    (CR 400.7: once it leaves exile it is a new object, no longer held), ``you`` (the controller
    of the ability that exiled it) and a sentence naming what exiled it."""

    card: str
    card_order: int
    you: str
    text: str


def monarch(world: World, gid: int) -> str | None:
    """The monarch of game ``gid`` (None: there is none, CR 722.1)."""
    return world.games[gid].monarch


def become(tx: Tx, gid: int, player: str, why: str, *, cite: bool = True) -> None:
    """``player`` becomes the monarch of game ``gid`` (``why``: how, for the trace); the current
    monarch ceases to be it (CR 722.3). Then the cards held until an opponent of their exiler
    becomes the monarch return (CR 610.3). ``cite``: open a step citing CR 722.1 or 722.3 (False
    when the caller's step cites the rule that makes ``player`` the monarch, CR 722.4)."""
    game = tx.game(gid)
    old = game.monarch
    if old == player:
        if cite:
            tx.step("722.3", "Only one player can be the monarch at a time")
        tx.note(f"{player} is the monarch of {game_name(gid)} already ({why}): the designation "
                "does not change, and nobody “becomes” the monarch.")
        return
    if cite:
        if old is None:
            tx.step("722.1", "There is no monarch in a game until an effect instructs a player "
                             "to become the monarch")
        else:
            tx.step("722.3", "As a player becomes the monarch, the current monarch ceases to be "
                             "the monarch")
    ceases = f"; {old} ceases to be the monarch" if old is not None else ""
    tx.fact(gid, "monarch", player,
            f"{player} becomes the monarch of {game_name(gid)} ({why}){ceases}")
    _release(tx, gid, player)


def _release(tx: Tx, gid: int, player: str) -> None:
    """CR 610.3: the cards held until an opponent of their exiler becomes the monarch return now
    that ``player`` has, when ``player`` is such an opponent (every other player is, in a
    free-for-all game: CR 102.3); cards no longer in exile are no longer held."""
    game = tx.game(gid)
    staying, back = [], []
    for held in game.until_monarch:
        card = tx.world.objects.get(held.card)
        if card is None or card.game != gid or card.zone is not Zone.EXILE \
                or card.order != held.card_order:
            continue
        (back if held.you != player else staying).append(held)
    if tuple(staying) == game.until_monarch:
        return
    tx.fact(gid, "until_monarch", tuple(staying),
            "; ".join(f"{h.text}: no longer held" for h in back) or "no card is held any more")
    for held in back:
        card = tx.obj(held.card)
        tx.step("610.3", "A second one-shot effect is created immediately after the specified "
                         "event")
        tx.note(f"{player}, an opponent of {held.you}, has become the monarch: {held.text} "
                f"returns to the battlefield. {JAILER_LEAVES}")
        tx.step("610.3c", "returns under its owner’s control")
        tx.move(card.id, gid, Zone.BATTLEFIELD, controller=card.owner)


# -- the inherent triggered abilities (CR 722.2) ------------------------------------------------

def inherent(tx: Tx, gid: int, designation: str, controller: str, text: str, behaviour: str,
             data: tuple) -> None:
    """An inherent triggered ability of a designation (``designation``: the name it is listed by
    on the stack, the monarch's, CR 722.2, or the initiative's, CR 723.2) triggers in game
    ``gid``: it has no source and is controlled by ``controller``, the player who had the
    designation as it triggered."""
    game = tx.game(gid)
    taken = {t.id for g in tx.world.games.values() for t in g.held + g.pending}
    base = f"{designation}-{behaviour.rsplit('_', 1)[-1]}"
    tid, n = base, 1
    while tid in taken or tid in tx.world.objects:
        n += 1
        tid = f"{base}-{n}"
    trig = PendingTrigger(tid, designation, controller, text, behaviour, data)
    if gid == tx.world.current and not game.ended:
        tx.trigger_event(gid, tid, text, "triggers", "pending", trig)


@hooks.on("step_begins")
def _end_step(tx: Tx, gid: int, step: str) -> None:
    """CR 722.2: "At the beginning of the monarch's end step, that player draws a card"."""
    game = tx.game(gid)
    if step != "end" or game.monarch is None or game.monarch != game.active:
        return
    tx.step("722.2", "At the beginning of the monarch’s end step, that player draws a card")
    inherent(tx, gid, MONARCH, game.monarch,
             f"The monarch ({game.monarch}): at the beginning of the "
             "monarch's end step, that player draws a card", DRAW, (game.monarch,))


@hooks.on("combat_damage_dealt")
def _combat_damage(tx: Tx, gid: int, dealt: tuple[tuple[Obj, str, int], ...]) -> None:
    """CR 722.2: "Whenever a creature deals combat damage to the monarch, its controller
    becomes the monarch": it triggers once for each creature that dealt combat damage to the
    player who is the monarch, controlled by that player."""
    ruler = tx.game(gid).monarch
    for creature, player, amount in dealt:
        if player != ruler or amount <= 0:
            continue
        tx.step("722.2", "Whenever a creature deals combat damage to the monarch, its "
                         "controller becomes the monarch")
        inherent(tx, gid, MONARCH, ruler,
                 f"The monarch ({ruler}): {creature.label()} dealt combat "
                 "damage to the monarch; its controller becomes the monarch", TAKE,
                 (creature.id, creature.order, creature.controller))


def _draw(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """That player (the monarch as it triggered) draws a card."""
    player = (dict(top.extra).get("data") or (top.controller,))[0]
    tx.step("608.2c", FOLLOWS)
    now = tx.game(gid).monarch
    if now != player:
        tx.note(f"{now or 'Nobody'} is the monarch now; {player} still draws: "
                f"{MONARCH_DRAWS_ANYWAY}")
    draw(tx, gid, player)


def _take(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """The creature's controller becomes the monarch: its controller now, or, if it has left the
    battlefield, as it last existed there (CR 608.2h)."""
    oid, order, was = dict(top.extra).get("data") or (None, None, None)
    creature = tx.world.objects.get(oid)
    if creature is not None and creature.game == gid and creature.zone is Zone.BATTLEFIELD \
            and creature.order == order:
        tx.step("608.2h", "the effect uses the current information of that object")
        who = creature.controller
        tx.note(f"{creature.label()} is on the battlefield: its controller now is {who}.")
    else:
        tx.step("608.2h", "the effect uses the object’s last known information")
        who = was
        tx.note(f"{oid} has left the battlefield: its controller as it last existed there was "
                f"{who}.")
    game = tx.game(gid)
    if who is None or who not in game.seats or not game.seat(who).in_game:
        tx.note(f"{who} has left the game and can't become the monarch.")
        return
    become(tx, gid, who, "its creature dealt combat damage to the monarch, CR 722.2")


register_ability(DRAW, _draw)
register_ability(TAKE, _take)


@hooks.on("game_starts")
def _subgame_starts(tx: Tx, gid: int) -> None:
    """CR 726.1b: a subgame begins with no monarch, whoever is the monarch of its main game;
    that designation stays with the main game, unchanged, and means nothing in the subgame."""
    parent = tx.game(gid).parent
    ruler = tx.game(parent).monarch if parent is not None else None
    if ruler is None:
        return
    tx.step("726.1b", "No effects or definitions created in either the main game")
    tx.note(f"{ruler} is the monarch of {game_name(parent)}; that designation has no meaning in "
            f"{game_name(gid)}, which begins with no monarch (CR 722.1: there is none until an "
            f"effect makes one). {ruler} stays the monarch of {game_name(parent)}.")


# -- leaving the game (CR 722.4) -----------------------------------------------------------------

def heir_of(game: GameState, players: tuple[str, ...]) -> tuple[str | None, str]:
    """Who gets a designation whose holder has left ``game`` with ``players`` (CR 722.4, 723.4):
    the active player; if the active player is leaving or there is none, the next player in
    turn order still in the game; None when nobody is left. Also why, in words."""
    active = game.active
    if active is not None and game.seat(active).in_game:
        return active, f"{active} is the active player"
    ref = game.turn_of if game.turn_of in game.seats else None
    heir = game.next_in_order(ref) if ref is not None else next(iter(game.in_game), None)
    gone = active if active in players else ref if ref in players else None
    why = (f"{gone}, the active player, is leaving the game" if gone is not None
           else "there is no active player") + \
        (f": {heir} is the next player in turn order" if heir else "")
    return heir, why


@hooks.on("players_left")
def _monarch_left(tx: Tx, gid: int, players: tuple[str, ...], how: str, before: World) -> None:
    """CR 722.4: the monarch has left game ``gid`` (with ``players``, who left at the same
    time): the active player becomes the monarch; if the active player left too, or there is
    none, the next player in turn order still in the game; else nobody."""
    game = tx.game(gid)
    ruler = game.monarch
    if ruler is None or ruler not in players:
        return
    active = game.active
    heir, why = heir_of(game, players)
    if heir is None:
        tx.step("722.4", "the game continues with no monarch")
        tx.fact(gid, "monarch", None, f"{game_name(gid, 'title')} has no monarch")
        return
    rule = "the active player becomes the monarch" if heir == active else \
        "the next player in turn order becomes the monarch"
    tx.step("722.4", rule)
    tx.note(f"{ruler}, the monarch, has left the game; {why}. {MONARCH_LEFT}")
    if any(t.behaviour == TAKE and t.controller == ruler for t in before.games[gid].pending):
        tx.note(f"The monarch's combat-damage trigger, controlled by {ruler}, was removed as "
                f"{ruler} left (CR 800.4d): {MONARCH_LOSER}")
    become(tx, gid, heir, f"{ruler}, the monarch, left the game", cite=False)


# -- "exile ... until an opponent becomes the monarch" ------------------------------------------

def exile_until_monarch(tx: Tx, gid: int, top: Obj, target: str | None,
                        rule: until.Targeting) -> None:
    """Resolve "exile target creature an opponent controls until an opponent becomes the
    monarch" (its target chosen as it was put on the stack, ``choose_target``, or given as it
    resolves): the target, if still legal (CR 608.2b), is exiled and held until a player who is
    an opponent of the ability's controller becomes the monarch (CR 610.3)."""
    chosen = dict(tx.game(gid).chosen_targets).get(top.id, ())
    if target is not None:
        t = until.check_target(tx, gid, top, rule, target, chosen)
        chosen = chosen + ((t.id, t.order),)
    if not chosen:
        fits = [o for o in tx.world.objects_in(gid) if o.zone is Zone.BATTLEFIELD
                and rule.check(tx, gid, top, o) is None
                and target_allowed(tx, gid, top.controller, top.id, o.id)]
        if fits:
            raise RulesError("603.3d", f"{top.label()} needs a target ({rule.what}), e.g. "
                             f"{fits[0].id}: give it with choose_target or resolve's target",
                             subject=top.id)
        tx.step("603.3d", "the ability is simply removed from the stack")
        tx.note(f"There was no {rule.what} to target.")
        tx.cease(top.id)
        return
    (tid, order), = chosen[:1]
    obj = tx.world.objects.get(tid)
    if obj is None or obj.order != order or rule.check(tx, gid, top, obj) is not None:
        tx.step("608.2b", "the spell or ability doesn’t resolve")
        tx.note(f"{tid}, the target of {top.label()}, is no longer a legal target: it doesn't "
                "resolve.")
        tx.cease(top.id)
        return
    tx.step("608.2c", FOLLOWS)
    moved = until.exile(tx, gid, tid)
    if moved is None:
        return
    you = top.controller
    source = tx.world.objects.get(top.source or "")
    by = source.label() if source is not None else top.source or top.label()
    held = Held(tid, moved.order, you, f"{moved.label()}, exiled by {by}")
    tx.fact(gid, "until_monarch", tx.game(gid).until_monarch + (held,),
            f"{moved.label()} is exiled until an opponent of {you} becomes the monarch")
    ruler = tx.game(gid).monarch
    if ruler is not None and ruler != you:
        tx.note(f"{ruler}, an opponent of {you}, is the monarch already: the card stays in exile "
                "until an opponent of theirs next *becomes* the monarch.")
