"""Power and toughness (CR 613.4c, layer 7c), counters on permanents (CR 122.1), loyalty
abilities (CR 606.3), and triggers on a player losing the game (CR 603.9, 603.10f).

Two kinds of continuous effect change power and toughness here, and they end differently:

* an effect of a **static ability** (Glorious Anthem) is not recorded anywhere: it is computed
  from the permanents on the battlefield each time power and toughness are asked for, so it
  applies "at any given moment to whatever its text indicates" (CR 611.3a) and only while its
  source is on the battlefield (CR 611.3b), and "you" is whoever controls the source now;
* an effect of a **resolved** spell or ability (Sorin, Solemn Visitor's +1) is a ``Modifier``
  record with a duration (CR 611.2a) and a locked-in set of objects (CR 611.2c); "until your next
  turn" ends when that turn begins, or, if its player has left, when that turn would have begun
  (CR 800.4m).

A card registers a static ability with ``characteristics.static(name, fn)`` (the views read
power and toughness there, never here), a loyalty ability with
``loyalty(name, label, cost, behaviour, text)`` and a "whenever a player loses the game" trigger
with ``on_player_loses(name, fn)``. Such a trigger looks back in time (CR 603.10f): the game
looks at the permanents and their controllers as they were immediately before the loss (every
player who lost or left in the same event at once), so a permanent that left the game with the
loser still triggers, controlled by whoever controlled it then (CR 603.3a); one controlled by a
player who has left is never put on the stack (CR 800.4d).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine import hooks, triggers
from ..engine.changes import Activated, ModifierChange, ObjCounters
from ..engine.characteristics import counters
from ..engine.errors import RulesError
from ..engine.limits import shown
from ..engine.objects import Kind, Obj
from ..engine.priority import priority_point
from ..engine.resolution import require_priority
from ..engine.state import MAIN_PHASES, Modifier, World, timestamp
from ..engine.state import game_name as _where
from ..engine.transaction import Tx
from ..engine.zones import Zone


@dataclass(frozen=True)
class LossAbility:
    """A "when a player loses the game" ability that has triggered: its text on the stack, its
    behaviour (the resolver its card registers), the data the resolver needs, and a sentence for
    the trace (may be empty)."""

    text: str
    kind: str
    data: tuple = ()
    note: str = ""


LossTrigger = Callable[[Tx, int, Obj, str], "LossAbility | None"]
"""``fn(tx, gid, source, player)``: does the ability of ``source`` trigger when ``player`` loses
(or leaves) game ``gid``? ``source`` is the permanent as it was immediately before the loss
(CR 603.10f). Return the triggered ability, or None; it reads the world, never writes it."""

_LOSS: dict[str, LossTrigger] = {}


@dataclass(frozen=True)
class Loyalty:
    """A loyalty ability (CR 606): its label (``"+1"``), loyalty cost, behaviour, text;
    ``target``, for an ability with a target, why a target is illegal (None: it is legal),
    asked as the ability is activated (CR 601.2c with 602.2b)."""

    label: str
    cost: int
    behaviour: str
    text: str
    target: Callable[[Tx, int, str, str], str | None] | None = None


_LOYALTY: dict[str, dict[str, Loyalty]] = {}


def on_player_loses(name: str, fn: LossTrigger) -> None:
    """Register the "when a player loses the game" ability of the card ``name`` (CR 603.9)."""
    _LOSS[name] = fn


def loyalty(name: str, label: str, cost: int, behaviour: str, text: str,
            target: Callable[[Tx, int, str, str], str | None] | None = None) -> None:
    """Register a loyalty ability of the planeswalker card ``name`` (``target``: see
    ``Loyalty``)."""
    _LOYALTY.setdefault(name, {})[label] = Loyalty(label, cost, behaviour, text, target)


# -- writing ------------------------------------------------------------------------------------

def add_counters(tx: Tx, oid: str, counter: str, amount: int) -> None:
    """Put ``amount`` counters of a kind on a permanent (negative: remove them) (CR 122.1)."""
    obj = tx.obj(oid)
    old = counters(obj).get(counter, 0)
    new = max(0, old + amount)
    if new != old:
        tx.record(ObjCounters(oid, obj.label(), counter, old, new))


def _until_words(until: str) -> str:
    if until == "end_of_turn":
        return "until end of turn"
    return f"until {until.split(':', 1)[1]}'s next turn"


def begin(tx: Tx, gid: int, objs: list[Obj], dp: int, dt: int, *, source: str | None,
          controller: str, until: str, text: str, keywords: tuple[str, ...] = ()) -> None:
    """A resolved spell or ability's effect begins: ``objs`` get +dp/+dt (and ``keywords``)
    ``until`` ``end_of_turn`` or ``next_turn:PLAYER``. The set is locked in (CR 611.2c)."""
    mid = f"modifier-{tx.world.seq + 1}"
    locked = tuple((o.id, o.order) for o in sorted(objs, key=timestamp))
    mod = Modifier(mid, gid, locked, dp, dt, source, controller, until, tx.next_order(), text,
                   keywords)
    names = ", ".join(o.label() for o in sorted(objs, key=timestamp)) or "no creature"
    tx.record(ModifierChange(mid, f"{text} ({names}) {_until_words(until)}", "begins", "begin",
                             mod))


def end(tx: Tx, which: Callable[[Modifier], bool], reason: str) -> None:
    """End every resolved power/toughness effect ``which`` selects."""
    for m in sorted((m for m in tx.world.modifiers.values() if which(m)),
                    key=lambda m: (m.order, m.id)):
        tx.record(ModifierChange(m.id, f"{m.text} {_until_words(m.until)}", f"ends ({reason})",
                                 "end", m))


@hooks.on("turn_begins")
def _turn_begins(tx: Tx, gid: int, player: str) -> None:
    """CR 611.2a: "until your next turn" effects end as that player's turn begins."""
    key = f"next_turn:{player}"
    if any(m.game == gid and m.until == key for m in tx.world.modifiers.values()):
        tx.step("611.2a", "lasts as long as stated by the spell or ability creating it")
        end(tx, lambda m: m.game == gid and m.until == key, f"{player}'s turn began")


@hooks.on("turn_skipped")
def _turn_skipped(tx: Tx, gid: int, player: str) -> None:
    """CR 800.4m: the effects of a player who left last until that turn would have begun."""
    key = f"next_turn:{player}"
    if any(m.game == gid and m.until == key for m in tx.world.modifiers.values()):
        tx.step("800.4m", "will last until that turn would have begun")
        end(tx, lambda m: m.game == gid and m.until == key,
            f"{player}'s turn would have begun")


@hooks.on("cleanup")
def _cleanup(tx: Tx, gid: int) -> None:
    """CR 514.2: "until end of turn" effects end in the cleanup step."""
    if any(m.game == gid and m.until == "end_of_turn" for m in tx.world.modifiers.values()):
        tx.step("514.2", "“until end of turn” and “this turn” effects end")
        end(tx, lambda m: m.game == gid and m.until == "end_of_turn", "end of turn")


@hooks.on("players_left")
def _players_left(tx: Tx, gid: int, players: tuple[str, ...], how: str, before: World) -> None:
    """CR 603.9: abilities that trigger when a player loses the game trigger when a player loses
    or leaves it, whatever the reason. CR 603.10f: they look back in time: the permanents, their
    controllers and what they enchanted are those of ``before``, the world immediately before
    the event in which ``players`` lost or left (all of them at once). Each source triggers once
    for each of them: sources in timestamp order, players in APNAP order (the default order,
    CR 603.3b). CR 801.7 and 801.7a: under the limited range of influence option, judged in
    that world too."""
    if not _LOSS or gid not in before.games:
        return
    old = before.games[gid]
    sources = [o for o in before.named(gid, _LOSS)
               if not o.phased_out and o.face_up]  # CR 702.26b, 708.2a
    losers = [p for p in old.apnap if p in players]
    for source in sources:
        for player in losers:
            found = _LOSS[source.name](tx, gid, source, player)
            if found is None:
                continue
            with triggers.event(tx, (player,), before):
                if not triggers.stopped(tx, gid, source, found.text):
                    _loss_triggers(tx, gid, source, player, how, found)


_PAST = {"loses": "lost", "leaves": "left", "concedes": "conceded"}


def _loss_triggers(tx: Tx, gid: int, source: Obj, player: str, how: str,
                   found: LossAbility) -> None:
    """The ability of ``source`` (as it was before the event) triggers for ``player``'s loss."""
    ctrl = source.controller or source.owner
    did = _PAST.get(how, how)
    tx.step("603.9", "trigger when a player loses or leaves the game, regardless of the reason")
    tx.note(f"{player} {how} the game: the ability of {source.label()} triggers."
            + (f" {found.note}" if found.note else ""))
    now = tx.world.objects.get(source.id)
    if now != source:
        tx.step("603.10f", "Abilities that trigger when a player loses the game look back")
        gone = now is None or now.game != gid or now.zone is not Zone.BATTLEFIELD \
            or now.order != source.order
        if gone:
            where = "left the game" if now is None or now.game is None else "left the battlefield"
            tx.note(f"{source.label()} has {where}, but the game looks back in time: immediately "
                    f"before {player} {did} the game it was on the battlefield under {ctrl}'s "
                    f"control, so its ability triggers, controlled by {ctrl} (CR 603.3a).")
        else:
            tx.note(f"{source.label()} is {now.controller}'s now, but the game looks back in "
                    f"time: immediately before {player} {did} the game {ctrl} controlled it, so "
                    f"its ability triggers under {ctrl}'s control (CR 603.3a).")
    trig = triggers.fire(tx, gid, source, found.text, found.kind, found.data, involves=())
    game = tx.game(gid)
    if trig is not None and ctrl in game.seats and not game.seat(ctrl).in_game:
        tx.step("800.4d", "it isn’t put on the stack")
        tx.trigger_event(gid, trig.id, trig.text, f"not put on the stack: {ctrl}, its "
                         "controller, has left the game", "remove")


@hooks.on("step_begins")
def _step_begins(tx: Tx, gid: int, step: str) -> None:
    """CR 603.2b: "at the beginning of your upkeep" abilities of the registered cards."""
    if step != "upkeep":
        return
    active = tx.game(gid).active
    for source in tx.world.named(gid, _UPKEEP):
        if not source.phased_out and source.face_up \
                and source.controller == active:  # CR 702.26b, 708.2a
            _UPKEEP[source.name](tx, gid, source)


_UPKEEP: dict[str, Callable[[Tx, int, Obj], None]] = {}


def at_your_upkeep(name: str, fn: Callable[[Tx, int, Obj], None]) -> None:
    """Register the "at the beginning of your upkeep" ability of the card ``name``."""
    _UPKEEP[name] = fn


# -- loyalty abilities (CR 606) -------------------------------------------------------------------

@hooks.on("state_based_actions")
def _no_loyalty(tx: Tx, gid: int) -> bool:
    """CR 704.5i: a planeswalker with loyalty 0 is put into its owner's graveyard (all of them
    at once, in timestamp order)."""
    gone = [o for o in tx.world.marked(gid, "type", "planeswalker")
            if not o.phased_out and counters(o).get("loyalty", 0) <= 0]
    if not gone:
        return False
    tx.step("704.5i", "If a planeswalker has loyalty 0, it’s put into its owner’s graveyard")
    with tx.at_once():
        for obj in sorted(gone, key=timestamp):
            tx.move(obj.id, gid, Zone.GRAVEYARD)
    return True


def activate(tx: Tx, args: dict) -> None:
    """CR 606.3: ``by`` activates a loyalty ability of a planeswalker they control: at sorcery
    speed, once per turn; its loyalty cost is paid by putting or removing loyalty counters
    (CR 606.4); the ability goes on the stack, holding its source's timestamp (``data``: the
    permanent it came from, as CR 400.7 tells objects apart, for abilities linked to it, CR
    607.2a)."""
    oid, by, label = args["object"], args["by"], str(args["ability"])
    gid = require_priority(tx, by, f"activate a loyalty ability of {oid}")
    obj = tx.obj(oid)
    if not (obj.game == gid and obj.zone is Zone.BATTLEFIELD and obj.controller == by):
        raise RulesError("606.3", f"{obj.label()} is not a permanent {by} controls on the "
                         f"battlefield of {_where(gid)}", subject=oid)
    if obj.phased_out:
        raise RulesError("702.26b", f"{obj.label()} is phased out: it is treated as though it "
                         "does not exist, so its ability can't be activated", subject=oid)
    abilities = _LOYALTY.get(obj.name, {})
    ab = abilities.get(label)
    if ab is None:
        known = ", ".join(abilities) or "none the engine models"
        raise RulesError("606.1", f"{obj.label()} has no loyalty ability {shown(label)} the engine "
                         f"models (modelled: {known})", subject=oid)
    game = tx.game(gid)
    if game.active != by or game.step not in MAIN_PHASES or tx.world.stack(gid):
        raise RulesError("606.3", f"{by} cannot activate {obj.label()}'s loyalty ability now: "
                         "only in their own main phase with an empty stack", subject=oid)
    if obj.activated == (gid, game.turn):
        raise RulesError("606.3", f"a loyalty ability of {obj.label()} has already been "
                         "activated this turn", subject=oid)
    target = args.get("target")
    if (ab.target is None) != (target is None):
        raise RulesError("601.2c", f"{obj.label()}'s {ab.label} ability "
                         + ("has no target" if ab.target is None else "needs a target (target:)"),
                         subject=oid)
    why = ab.target(tx, gid, by, target) if ab.target is not None else None
    if why is not None:
        raise RulesError("601.2c", f"{obj.label()}'s {ab.label} ability can't target "
                         f"{shown(target)}: {why}", subject=str(target))
    loyalty_now = counters(obj).get("loyalty", 0)
    if loyalty_now + ab.cost < 0:
        raise RulesError("606.6", f"{obj.label()} has {loyalty_now} loyalty counters: the cost "
                         f"{ab.label} can't be paid", subject=oid)
    tx.step("606.3", "any time they have priority and the stack is empty")
    tx.record(Activated(oid, obj.label(), gid, game.turn))
    tx.step("606.4", "The cost to activate a loyalty ability of a permanent")
    add_counters(tx, oid, "loyalty", ab.cost)
    tx.step("602.2a", "That ability is created on the stack")
    tx.create(Obj(tx.fresh_id(f"{oid}-{ab.behaviour}"), f"{obj.name}'s {ab.label}: {ab.text}",
                  by, Kind.ABILITY, game=gid, zone=Zone.STACK, base=by, controller=by,
                  source=oid, targets=() if target is None else (target,),
                  extra=(("behaviour", ab.behaviour), ("data", (obj.order,)))),
              "activated ability")
    priority_point(tx, gid, by)
