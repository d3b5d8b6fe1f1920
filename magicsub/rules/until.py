"""Exile "until" a permanent leaves the battlefield (CR 610.3), and exile that a permanent's own
leaves-the-battlefield trigger undoes (linked abilities, CR 607.2a: Oblivion Ring).

The two look alike and are not. Banisher Priest's one ability makes two one-shot effects: the
exile, and a return "created immediately after" the Priest leaves the battlefield (CR 610.3). The
return uses no stack and has no controller, so it happens even when the Priest left because its
owner left the game (CR 800.4a). Oblivion Ring has two abilities: its return is a triggered
ability, controlled by the player who controlled Oblivion Ring when it left (CR 603.3a), and a
triggered ability controlled by a player who has left the game isn't put on the stack (CR 800.4d).

The link between a source and the cards it exiled is ``Exiled`` records in the source's game
(``GameState.exiled_by``, written with ``tx.fact``). Each record names both objects by id and
timestamp: an object that changes zones is a new object (CR 400.7), so a card that left exile, or
a source that left the battlefield and came back, is no longer linked. A link ends as the card
leaves exile whatever its source can see then (``on_move``, an observer of every move), and links
are always added to the list as it is after a move (a 610.3 return made while a move is watched
may have ended some).

Targets of the triggered abilities are chosen as they are put on the stack (CR 603.3d): the
``choose_target`` step (one target a step; Grasp of Fate takes up to one per opponent) or, for a
single target, the ``target`` of the ``resolve`` step (the idiom of Astral Slide). They are
forgotten when the ability leaves the stack, resolved or not (``on_move``).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass

from ..engine import departed, hooks
from ..engine.errors import RulesError
from ..engine.limits import joined
from ..engine.objects import Kind, Obj
from ..engine.registry import lookup
from ..engine.resolution import target_allowed, target_object
from ..engine.state import game_name
from ..engine.transaction import Tx
from ..engine.zones import Zone

FOLLOWS = "follows its instructions in the order written"


@dataclass(frozen=True, slots=True)
class Exiled:
    """One card exiled by a permanent's ability, and what brings it back.

    ``until``: True for CR 610.3 ("exile ... until [source] leaves the battlefield": a one-shot
    effect returns it), False for an ability linked to the source's leaves-the-battlefield trigger
    (CR 607.2a). ``source_order`` and ``card_order`` are the objects' timestamps: identity.
    """

    source: str
    source_order: int
    card: str
    card_order: int
    owner: str
    until: bool
    text: str


Check = Callable[[Tx, int, Obj, Obj], "str | None"]
"""``check(tx, gid, ability, target)``: why ``target`` is not a legal target, or None."""


@dataclass(frozen=True)
class Targeting:
    """What a triggered ability may target: ``check`` each target; ``per_opponent``: up to one
    target for each opponent (Grasp of Fate), else exactly one target."""

    what: str
    check: Check
    per_opponent: bool = False


_TARGETING: dict[str, Targeting] = {}


def targeting(behaviour: str, rule: Targeting) -> None:
    """Register what the triggered ability ``behaviour`` targets (called by its card's module)."""
    _TARGETING[behaviour] = rule


# -- questions ---------------------------------------------------------------------------------

def links(world, gid: int) -> tuple[Exiled, ...]:
    """The cards exiled by permanents of game ``gid`` that something will bring back."""
    return world.games[gid].exiled_by


def _entered(before: Obj | None, after: Obj | None) -> bool:
    return (after is not None and after.zone is Zone.BATTLEFIELD
            and not (before is not None and before.zone is Zone.BATTLEFIELD
                     and before.game == after.game))


def _left(before: Obj | None, after: Obj | None) -> bool:
    return (before is not None and before.zone is Zone.BATTLEFIELD
            and not (after is not None and after.zone is Zone.BATTLEFIELD
                     and after.game == before.game))


def _same(world, oid: str, gid: int, zone: Zone, order: int) -> Obj | None:
    """The object ``oid`` if it is still the object it was: in ``zone`` of game ``gid`` with the
    same timestamp (CR 400.7), else None."""
    obj = world.objects.get(oid)
    if obj is None or obj.game != gid or obj.zone is not zone or obj.order != order:
        return None
    return obj


def link_exiled(tx: Tx, gid: int, source: str, source_order: int, card: Obj, text: str) -> None:
    """Link ``card``, just exiled in game ``gid``, to the permanent ``source`` (its timestamp
    ``source_order``) whose ability exiled it, for another ability of that permanent linked to
    this one ("the cards exiled with ...", CR 607.2a). Nothing returns it; the link ends as the
    card leaves exile (``on_move``)."""
    _link(tx, gid, [Exiled(source, source_order, card.id, card.order, card.owner, False, text)],
          text)


def exiled_with(world, gid: int, source: str, source_order: int) -> list[Obj]:
    """The cards in game ``gid``'s exile linked to the permanent ``source`` with the timestamp
    ``source_order`` (``link_exiled``; CR 607.2a), in the order they were exiled."""
    return [world.objects[x.card] for x in links(world, gid)
            if x.source == source and x.source_order == source_order
            and _same(world, x.card, gid, Zone.EXILE, x.card_order) is not None]


def _link(tx: Tx, gid: int, added: list[Exiled], text: str) -> None:
    """Add links to game ``gid``'s as they are now (never a list read before a move: the move's
    watches may have ended some, and a stale list would bring them back)."""
    tx.fact(gid, "exiled_by", links(tx.world, gid) + tuple(added), text)


def _unlink(tx: Tx, gid: int, gone: tuple[Exiled, ...], text: str) -> None:
    """End the links ``gone`` of game ``gid``."""
    tx.fact(gid, "exiled_by", tuple(x for x in links(tx.world, gid) if x not in gone), text)


# -- the watch each card registers ---------------------------------------------------------------

def watcher(enter: str, text: Callable[[Obj], str], leave: str | None = None):
    """The ``watch`` of a card with an "exile" enters-the-battlefield trigger (behaviour
    ``enter``): it triggers when the card enters (``text`` words it); when the card leaves the
    battlefield, its 610.3 returns happen, or (``leave`` given) its leaves-the-battlefield
    trigger triggers, looking back in time (CR 603.10a: not when it was face down). A linked
    card that leaves exile stops being linked whatever this watch sees (``on_move``)."""

    def watch(tx: Tx, gid: int, source: Obj, before: Obj | None, after: Obj | None) -> None:
        if after is not None and after.id == source.id and after.game == gid \
                and _entered(before, after):
            from ..engine.triggers import fire

            fire(tx, gid, after, text(after), enter, (after.order,))
        elif before is not None and before.id == source.id and before.game == gid \
                and _left(before, after):
            source_left(tx, gid, before, leave)

    return watch


def on_move(tx: Tx, moves: tuple[tuple[Obj | None, Obj | None], ...]) -> None:
    """Observer of every move (see ``transaction.Observer``): a record that names an object ends
    when that object leaves the place the record was made for, whoever can see the move (CR
    400.7: it becomes a new object). A linked card leaves exile: its link ends, also while the
    permanent that exiled it is phased out or face down and watches nothing. A triggered
    ability leaves the stack without resolving (its controller leaves the game, CR 800.4a): the
    targets chosen for it are forgotten, so that a later ability given the same id starts with
    none (CR 603.3d)."""
    games = tx.world.games
    if not any(g.exiled_by or g.chosen_targets for g in games.values()):
        return
    for before, after in moves:
        if before is None or before.game is None:
            continue
        if before.zone is Zone.EXILE and games[before.game].exiled_by:
            _card_left_exile(tx, before.game, before, after)
        elif before.zone is Zone.STACK and (after is None or after.zone is not Zone.STACK):
            _forget_targets(tx, before.game, before)
        games = tx.world.games


def _card_left_exile(tx: Tx, gid: int, before: Obj, after: Obj | None) -> None:
    mine = tuple(x for x in links(tx.world, gid) if x.card == before.id
                 and x.card_order == before.order)
    where = "left the game" if after is None or after.game is None else (
        f"went to the {after.place} of {game_name(after.game)}")
    for x in mine:
        source = _label(tx, x.source)
        _unlink(tx, gid, (x,), f"{before.label()} is no longer exiled with {source}")
        tx.note(f"{before.label()} {where}: it is a new object (CR 400.7), no longer the card "
                f"{source} exiled, and nothing will return it.")


def _forget_targets(tx: Tx, gid: int, ability: Obj) -> None:
    chosen = tx.game(gid).chosen_targets
    if any(k == ability.id for k, _ in chosen):
        tx.fact(gid, "chosen_targets", tuple((k, v) for k, v in chosen if k != ability.id),
                f"{ability.label()} has left the stack: the targets chosen for it are "
                "forgotten")


def source_left(tx: Tx, gid: int, before: Obj, leave: str | None) -> None:
    """``before`` (as it last existed on the battlefield) has left it: undo its exile links."""
    mine = tuple(x for x in links(tx.world, gid) if x.source == before.id
                 and x.source_order == before.order)
    game = tx.game(gid)
    if game.ended:
        if mine:
            _unlink(tx, gid, mine, f"{before.label()}'s exile links end with {game_name(gid)}")
            tx.note(f"Literal reading: {game_name(gid)} has ended (CR "
                    f"{tx.edition.cite('726.5').rule}). "
                    f"{before.label()} leaves its battlefield only because every card of the "
                    "subgame goes to its owner's main-game library; the cards it exiled go there "
                    "too, from the subgame's exile. No return is made into a game whose zones "
                    "are ceasing to exist, and a leaves-the-battlefield ability would never be "
                    "put on the stack of a game that has ended.")
        return
    if leave is not None:
        if before.phased_out:
            tx.note(f"CR 603.6c: {before.label()} was phased out; a leaves-the-battlefield "
                    "ability triggers when a phased-in permanent leaves the game with its "
                    "owner, so it does not trigger.")
            if mine:
                _unlink(tx, gid, mine, f"{before.label()} is gone; nothing will return what it "
                        "exiled")
            return
        if not before.face_up:
            tx.note(f"CR 603.10a: a leaves-the-battlefield ability looks back in time, at the "
                    f"permanent as it was just before it left. {before.label()} was face down: "
                    "a face-down permanent has no text (CR 708.2a), so it had no "
                    "leaves-the-battlefield ability to trigger, and nothing returns what it "
                    "exiled.")
            if mine:
                _unlink(tx, gid, mine, f"{before.label()} left the battlefield face down; "
                        "nothing will return what it exiled")
            return
        from ..engine.triggers import fire

        if mine:
            _unlink(tx, gid, mine, f"{before.label()} has left the battlefield: its "
                    "leaves-the-battlefield ability refers to the card it exiled (CR 607.2a)")
        fire(tx, gid, before, f"{before.name}: return the exiled card to the battlefield under "
             "its owner's control", leave, tuple((x.card, x.card_order) for x in mine))
        tx.note(f"CR 603.3a: {before.controller}, who controlled {before.label()} when it left "
                "the battlefield, controls this ability.")
        return
    until = tuple(x for x in mine if x.until)
    if until and before.phased_out:
        _never_left(tx, gid, before, until)
    elif until:
        _return(tx, gid, before, until)


PHASED_OUT_RULING = (
    "Gatherer ruling of 2020-06-23 (Teferi, Master of Time; Teferi, Timeless Voyager): “Any "
    "one-shot effects that are waiting ‘until [this] leaves the battlefield,’ such as that of "
    "Kitesail Freebooter, won’t happen when a permanent phases out.”")
"""The nearest official word on an "until" source that is phased out: it speaks of phasing out,
not of leaving the game while phased out. No Gatherer ruling or other official document speaks
of the second case; CR 702.26b itself decides it."""


def _never_left(tx: Tx, gid: int, source: Obj, mine: tuple[Exiled, ...]) -> None:
    """``source`` was phased out as it left the game (with its owner, CR 702.26k, or exiled by
    CR 800.4a when its controller left): a phased-out permanent is treated as though it does not
    exist (CR 702.26b), so the event "``source`` leaves the battlefield" that its 610.3 exile
    lasts until never happens, and no return is made. The cards stay in exile."""
    leaving = tx.orphans_held
    more = leaving and any(o.owner == source.owner and o.zone is not Zone.ANTE
                           and o.kind is not Kind.ABILITY for o in tx.world.objects_in(gid))
    game = tx.game(gid)
    gone = source.owner in game.seats and not game.seat(source.owner).in_game
    how = (f"leaves the game with its owner, {source.owner} (CR 702.26k: “This doesn’t trigger "
           "zone-change triggers”)" if gone else
           f"is exiled because {source.controller}, who controlled it, left the game "
           "(CR 800.4a, 702.26n)")
    cards = _and_labels(tx, mine)
    with tx.aside("702.26b", "treated as though it does not exist", resume=more):
        _unlink(tx, gid, mine, f"{source.label()} is gone; nothing will return what it exiled")
        tx.note(f"{source.label()} is phased out as it {how}. A phased-out permanent is treated "
                "as though it does not exist (CR 702.26b): it does not leave the battlefield in "
                "the eyes of the game.")
        tx.step("610.3", "A second one-shot effect is created immediately after the specified "
                "event")
        tx.note(f"The specified event, {source.label()} leaving the battlefield, never happens: "
                f"no second one-shot effect is created, and {cards} "
                f"{'stays' if len(mine) == 1 else 'stay'} in exile for the rest of the game. "
                "CR 702.26b decides it; compare CR 603.6c, by which a "
                "leaves-the-battlefield ability triggers only when a phased-in permanent leaves "
                "the game with its owner. No Gatherer ruling or other official document speaks "
                "of a phased-out source leaving the game; the nearest is the "
                f"{PHASED_OUT_RULING} The other reading (leaving the game still takes the "
                "permanent from the battlefield, and CR 603.6c's exception is for abilities, "
                "not for this one-shot effect) would return the cards.")


def _and_labels(tx: Tx, mine: tuple[Exiled, ...]) -> str:
    names = [tx.world.objects[x.card].label() if x.card in tx.world.objects else x.card
             for x in mine]
    return joined(names)


def _return(tx: Tx, gid: int, source: Obj, mine: tuple[Exiled, ...]) -> None:
    """CR 610.3: the second one-shot effect, immediately after ``source`` left the battlefield.
    Inside CR 800.4a's first stage (its owner's objects leaving one by one) the step that was
    open goes on afterwards."""
    leaving = tx.orphans_held
    more = leaving and any(o.owner == source.owner and o.zone is not Zone.ANTE
                           and o.kind is not Kind.ABILITY for o in tx.world.objects_in(gid))
    with tx.aside("610.3", "A second one-shot effect is created immediately after the "
                  "specified event", resume=more):
        _returns(tx, gid, source, mine, leaving=leaving, more=more)


def _returns(tx: Tx, gid: int, source: Obj, mine: tuple[Exiled, ...], *, leaving: bool,
             more: bool) -> None:
    """The 610.3 return's own steps: the links end, then the exiled cards come back."""
    _unlink(tx, gid, mine, f"{source.label()} has left the battlefield: its exile ends")
    why = f" with its owner, {source.owner}, who left the game (CR 800.4a)" if leaving else ""
    tx.note(f"{source.label()} left the battlefield{why}: the one-shot effect that returns what "
            "it exiled is made now. It is no ability: it does not use the stack and has no "
            "controller" + (", so it happens though that player has left." if leaving else "."))
    if more:
        tx.note(f"CR 800.4a takes all of {source.owner}'s objects out of the game at once; the "
                "trace lists them one by one, and the return is recorded right after "
                f"{source.label()}'s own departure. The outcome is the same: a card "
                f"{source.owner} owns is not returned (CR 800.4b) and leaves with them.")
    with tx.at_once() as moment:
        _bring_back(tx, gid, source, mine, moment)


_EVENTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
"""Per request (``Tx``): the event (``Tx.moment``) of the latest 610.3 returns and the sources
whose returns were made in it."""


def _bring_back(tx: Tx, gid: int, source: Obj, mine: tuple[Exiled, ...], moment: int) -> None:
    """The cards ``source`` exiled come back, at the moment ``moment`` (CR 610.3d: every return
    created after one event, e.g. a player's objects leaving the game at once, is simultaneous
    with the others)."""
    seen = _EVENTS.get(tx)
    earlier = seen[1] if seen is not None and seen[0] == moment else []
    _EVENTS[tx] = (moment, [*earlier, source.label()])
    if len(mine) > 1 or earlier:
        tx.step("610.3d", "those one-shot effects are also simultaneous")
    if earlier:
        tx.note(f"{source.label()} left the battlefield in the same event as "
                f"{', '.join(earlier)}: the one-shot effects that return what they exiled are "
                "simultaneous, and every card they return enters the battlefield at the same "
                "moment.")
    back: list[Obj] = []
    for x in mine:
        card = _same(tx.world, x.card, gid, Zone.EXILE, x.card_order)
        if card is None:
            tx.note(f"{x.card} is no longer the card exiled with {source.label()}: nothing "
                    "returns (CR 400.7).")
        elif departed.zone_refused(tx, gid, card.owner, f"{card.owner}, who owns "
                                   f"{card.label()}, has left the game: it can't return under "
                                   "their control, and it leaves the game with them (CR 800.4a)."):
            pass
        else:
            back.append(card)
    places = {card.id: _enchants(tx, gid, card, back) for card in back}
    staying = [card for card in back if places[card.id] is False]
    if staying:
        tx.step("303.4f", "The player must choose a legal object or player")
        for card in staying:
            tx.note(f"{card.label()} is an Aura, and there is nothing its enchant ability "
                    f"allows it to enchant: it stays in exile. {AURA_RULING}")
    back = [card for card in back if places[card.id] is not False]
    chosen = [card for card in back if places[card.id]]
    if chosen:
        tx.step("303.4f", "that player chooses what it will enchant as the Aura enters")
        for card in chosen:
            tx.note(f"{card.owner}, under whose control {card.label()} returns, chooses what it "
                    f"enchants; the engine takes the default choice, the first in timestamp "
                    f"(or turn) order: {_label(tx, places[card.id])}. {AURA_RULING}")
    if back:
        tx.step("610.3c", "returns under its owner’s control")
        for card in back:
            where = places[card.id]
            tx.move(card.id, gid, Zone.BATTLEFIELD, controller=card.owner,
                    **({"attached_to": where} if where else {}))


AURA_RULING = (
    "The Gatherer ruling of 2020-01-24 on Calix, Destiny's Hand: “If an Aura is put onto the "
    "battlefield without being cast, the Aura’s controller-to-be chooses what it will enchant as "
    "it comes back onto the battlefield. An Aura put onto the battlefield this way doesn’t target "
    "anything (so it could be attached to an opponent’s permanent with hexproof, for example), "
    "but the Aura’s enchant ability restricts what it can be attached to. If the Aura can’t "
    "legally be attached to anything, it remains in its current zone.”")
"""The official word on an Aura that an "until" exile returns (CR 303.4f)."""


def _label(tx: Tx, oid: str) -> str:
    obj = tx.world.objects.get(oid)
    return oid if obj is None else obj.label()


def _enchants(tx: Tx, gid: int, card: Obj, returning: list[Obj]) -> str | bool | None:
    """What the returning ``card`` will enchant: None when it is no Aura the engine knows, False
    when nothing is legal (it stays where it is), else the default choice among the legal objects
    or players (CR 303.4f): the first creature in timestamp order (not one returning at the same
    time), or the first player in turn order."""
    known = lookup(card.name)
    if known is None or known.enchant is None:
        return None
    game = tx.game(gid)
    if known.enchant == "player":
        legal = list(game.in_game)
    else:
        coming = {o.id for o in returning}
        legal = [o.id for o in tx.world.in_zone(gid, Zone.BATTLEFIELD)
                 if o.is_type("creature") and not o.phased_out and o.id not in coming]
    return legal[0] if legal else False


# -- choosing targets ----------------------------------------------------------------------------

def _ability(tx: Tx, oid: str) -> tuple[Obj, Targeting]:
    obj = tx.obj(oid)
    behaviour = dict(obj.extra).get("behaviour") if obj.kind is Kind.ABILITY else None
    rule = _TARGETING.get(behaviour or "")
    if rule is None or obj.zone is not Zone.STACK:
        raise RulesError("603.3d", f"{obj.label()} is not a triggered ability on the stack that "
                         "takes a target here", subject=oid)
    return obj, rule


def _chosen(tx: Tx, gid: int, oid: str) -> tuple[tuple[str, int], ...]:
    return dict(tx.game(gid).chosen_targets).get(oid, ())


def check_target(tx: Tx, gid: int, ability: Obj, rule: Targeting, target: str,
                 chosen: tuple[tuple[str, int], ...]) -> Obj:
    """CR 601.2c (by way of 603.3d): refuse an illegal target for ``ability``."""
    t = target_object(tx, target)
    why = rule.check(tx, gid, ability, t)
    if why is not None:
        raise RulesError("601.2c", f"{t.label()} is not {rule.what} for {ability.label()}: {why}",
                         subject=target)
    if any(c == target for c, _ in chosen):
        raise RulesError("601.2c", f"{ability.label()} already targets {t.label()}",
                         subject=target)
    if not rule.per_opponent and chosen:
        raise RulesError("601.2c", f"{ability.label()} has one target, and it is chosen "
                         f"already ({chosen[0][0]})", subject=target)
    if rule.per_opponent:
        for c, _ in chosen:
            other = tx.world.objects.get(c)
            if other is not None and other.controller == t.controller:
                raise RulesError("601.2c", f"{ability.label()} targets up to one permanent for "
                                 f"each opponent: it targets {other.label()}, which "
                                 f"{t.controller} controls, already", subject=target)
    hooks.emit("targets_chosen", tx, gid, ability.id, ability.controller, (t.id,))
    return t


@hooks.action("choose_target")
def choose_target(tx: Tx, a: dict) -> None:
    """The ``choose_target`` step: a triggered ability on the stack takes one more target, as its
    controller chose it when putting it on the stack (CR 603.3d, 601.2c)."""
    gid = tx.world.current
    ability, rule = _ability(tx, a["ability"])
    if ability.game != gid:
        raise RulesError("726.1b", f"{ability.label()} is in {game_name(ability.game)}, not in "
                         "the game in progress", subject=ability.id)
    chosen = _chosen(tx, gid, ability.id)
    t = check_target(tx, gid, ability, rule, a["target"], chosen)
    tx.step("603.3d", "identical to the process for casting a spell")
    new = dict(tx.game(gid).chosen_targets)
    new[ability.id] = chosen + ((t.id, t.order),)
    tx.fact(gid, "chosen_targets", tuple(sorted(new.items())),
            f"{ability.label()} targets {t.label()}")
    tx.note(f"{ability.controller} chose {t.label()} as a target of {ability.label()} as they "
            "put it on the stack (CR 601.2c).")


# -- resolving -----------------------------------------------------------------------------------

def _targets(tx: Tx, gid: int, top: Obj, target: str | None) -> list[tuple[str, int]]:
    rule = _TARGETING[dict(top.extra)["behaviour"]]
    chosen = _chosen(tx, gid, top.id)
    if target is not None:
        t = check_target(tx, gid, top, rule, target, chosen)
        chosen = chosen + ((t.id, t.order),)
    if _chosen(tx, gid, top.id):
        rest = tuple((k, v) for k, v in tx.game(gid).chosen_targets if k != top.id)
        tx.fact(gid, "chosen_targets", rest, f"{top.label()} resolves with its targets")
    return list(chosen)


def _no_target(tx: Tx, gid: int, top: Obj, rule: Targeting) -> bool:
    """A single-target ability with no target: refused when a legal target exists (the
    request forgot it), else removed from the stack (CR 603.3d). True when removed."""
    fits = [o for o in tx.world.objects_in(gid) if o.zone is Zone.BATTLEFIELD
            and rule.check(tx, gid, top, o) is None]
    legal = [o for o in fits if target_allowed(tx, gid, top.controller, top.id, o.id)]
    if legal:
        raise RulesError("603.3d", f"{top.label()} needs a target ({rule.what}), e.g. "
                         f"{legal[0].id}: give it with choose_target or resolve's target",
                         subject=top.id)
    tx.step("603.3d", "the ability is simply removed from the stack")
    tx.note(f"There was no {rule.what} to target." if not fits else
            f"No legal target: {', '.join(o.label() for o in fits)} "
            f"{'is' if len(fits) == 1 else 'are'} outside {top.controller}'s range of influence "
            "(CR 801.4).")
    tx.cease(top.id)
    return True

def exile(tx: Tx, gid: int, oid: str) -> Obj | None:
    """Exile ``oid`` in game ``gid`` and return it there; an object that is not a card (a token)
    ceases to exist in exile (CR 400.7, said in the trace) and None is returned: nothing can
    bring it back."""
    moved = tx.move(oid, gid, Zone.EXILE)
    if moved.kind is Kind.CARD:
        return moved
    tx.step("400.7")
    tx.note(f"{moved.label()} is not a card: it ceases to exist in exile and nothing can return "
            "it.")
    tx.cease(oid)
    return None



def exile_targets(tx: Tx, gid: int, top: Obj, target: str | None, *, until: bool) -> None:
    """Resolve an "exile target ..." triggered ability of a permanent: the targets still legal
    (CR 608.2b) are exiled and linked to the ability's source. ``until``: the exile lasts until
    the source leaves the battlefield (CR 610.3; CR 610.3b when it has left already)."""
    behaviour = dict(top.extra)["behaviour"]
    rule = _TARGETING[behaviour]
    chosen = _targets(tx, gid, top, target)
    if not chosen:
        if not rule.per_opponent and _no_target(tx, gid, top, rule):
            return
        tx.step("608.2c", FOLLOWS)
        tx.note(f"{top.label()} has no targets (“up to one” for each opponent): nothing is "
                "exiled.")
        return
    legal = [t for t, order in chosen
             if _same(tx.world, t, gid, Zone.BATTLEFIELD, order) is not None
             and rule.check(tx, gid, top, tx.obj(t)) is None]
    if not legal:
        tx.step("608.2b", "the spell or ability doesn’t resolve")
        tx.note(f"Every target of {top.label()} is illegal now: it doesn't resolve.")
        tx.cease(top.id)
        return
    if len(legal) < len(chosen):
        tx.step("608.2b", "Illegal targets, if any, won’t be affected")
        gone = [t for t, _ in chosen if t not in legal]
        tx.note(f"{', '.join(gone)} is no longer a legal target: it is not exiled.")
    data = dict(top.extra).get("data") or ()
    source_order = data[0] if data else None
    source = tx.world.objects.get(top.source or "")
    here = source is not None and source_order is not None and _same(
        tx.world, source.id, gid, Zone.BATTLEFIELD, source_order) is not None
    if until and not here:
        tx.step("610.3b", "the object doesn’t move")
        tx.note(f"{source.label() if source else top.source} left the battlefield after its "
                "ability triggered: the event the exile lasts “until” has already happened.")
        return
    added: list[Exiled] = []
    for t in legal:
        if tx.rule != "608.2c":
            tx.step("608.2c", FOLLOWS)
        moved = exile(tx, gid, t)
        if moved is None:
            continue
        if here:
            added.append(Exiled(source.id, source_order, t, moved.order, moved.owner, until,
                                f"{moved.label()} exiled by {source.label()}"))
    if not here:
        tx.note(f"Literal reading of the two abilities: {top.source} left the battlefield "
                "before this one resolved; its leaves-the-battlefield ability found no exiled "
                "card, so what this exiles stays in exile for good (it is not a CR 610.3 "
                "“until”).")
        return
    if not added:
        return
    words = "until it leaves the battlefield (CR 610.3)" if until else \
        "for its leaves-the-battlefield ability (CR 607.2a)"
    _link(tx, gid, added, f"{source.label()} keeps the cards it exiled {words}")
    if until and _same(tx.world, source.id, gid, Zone.BATTLEFIELD, source_order) is None:
        _exiled_itself(tx, gid, source, tuple(added))


def _exiled_itself(tx: Tx, gid: int, source: Obj, mine: tuple[Exiled, ...]) -> None:
    """``source`` was among what its own "until" ability exiled (a Grasp of Fate that an
    opponent of the ability's controller controls by then): it left the battlefield as the
    exile was made (CR 610.3)."""
    with tx.aside("610.3", "A second one-shot effect is created immediately after the "
                  "specified event", resume=False):
        tx.note(f"Literal reading: {source.label()} left the battlefield in the event that "
                "exiled what its ability exiled, so the specified event happened at the same "
                "time as the exile, not before it (CR 610.3b does not apply), and the second "
                "one-shot effect is created immediately after it. No Gatherer ruling speaks of a "
                "permanent that its own “until” ability exiles. The other reading (the exile "
                "never ends) leaves the cards in exile.")
        _returns(tx, gid, source, mine, leaving=tx.orphans_held, more=False)


def return_linked(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """Resolve Oblivion Ring's "return the exiled card to the battlefield under its owner's
    control" (CR 607.2a: only the card its first ability exiled)."""
    cards = dict(top.extra).get("data") or ()
    tx.step("608.2c", FOLLOWS)
    if not cards:
        tx.note(f"No card was exiled with {top.source}: nothing returns.")
        return
    for oid, order in cards:
        card = _same(tx.world, oid, gid, Zone.EXILE, order)
        if card is None:
            tx.note(f"{oid} is no longer the card exiled with {top.source} (CR 400.7): it does "
                    "not return.")
        elif departed.zone_refused(tx, gid, card.owner):
            pass
        else:
            tx.move(card.id, gid, Zone.BATTLEFIELD, controller=card.owner)


# -- target rules of the cards --------------------------------------------------------------------

def _on_battlefield(gid: int, t: Obj) -> str | None:
    if t.game != gid or t.zone is not Zone.BATTLEFIELD:
        return f"it is not on the battlefield of {game_name(gid)}"
    if t.phased_out:
        return "it is phased out (CR 702.26b: treated as though it does not exist)"
    return None


def nonland_other(tx: Tx, gid: int, ability: Obj, t: Obj) -> str | None:
    """"another target nonland permanent" (Oblivion Ring)."""
    why = _on_battlefield(gid, t)
    if why is None and t.is_type("land"):
        why = "it is a land"
    if why is None and t.id == ability.source:
        why = "it is the ability's source (“another”)"
    return why


def opponents_creature(tx: Tx, gid: int, ability: Obj, t: Obj) -> str | None:
    """"target creature an opponent controls" (Banisher Priest)."""
    why = _on_battlefield(gid, t)
    if why is None and not t.is_type("creature"):
        why = "it is not a creature"
    if why is None and t.controller == ability.controller:
        why = f"{ability.controller}, who controls the ability, controls it"
    return why


def opponents_nonland(tx: Tx, gid: int, ability: Obj, t: Obj) -> str | None:
    """"up to one target nonland permanent that [an opponent] controls" (Grasp of Fate)."""
    why = _on_battlefield(gid, t)
    if why is None and t.is_type("land"):
        why = "it is a land"
    if why is None and t.controller == ability.controller:
        why = f"{ability.controller}, who controls the ability, controls it"
    return why
