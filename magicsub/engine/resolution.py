"""Casting, copying and resolving spells and abilities (CR 601, 608, 707.10), bringing cards in
from outside the game (CR 726.4a), and cycling (CR 702.29a): the steps ``cast``, ``copy``,
``resolve``, ``bring_in`` and ``cycle``.

This module names no card: what a card does lives in its own module of ``magicsub.cards``, which
registers it (``CardDef``); here the registry is consulted (its target kind, its resolver, its
abilities' resolvers, what it does when the subgame it created has ended). The helpers card
modules use are public: ``FOLLOWS``, ``fizzle``, ``final_part``, ``bring_in``, ``copy_spell``,
``check_target``, ``target_kind``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from . import departed, hooks, priority
from .errors import RulesError
from .limits import MAX_SUBGAME_DEPTH, shown
from .objects import Kind, Obj
from .registry import ability, lookup, register_ability, subgame_of
from .start import require_begun
from .state import MAIN_PHASES
from .state import game_name as _where
from .transaction import Tx
from .triggers import announce
from .zones import Zone, parse_zone

PERMANENT_TYPES = ("creature", "artifact", "enchantment", "planeswalker", "land", "battle")



def behaviour_of(obj: Obj) -> str | None:
    """The behaviour a spell or ability has: an ability's own, else its card's label (a copy has
    its original's)."""
    if obj.kind is Kind.ABILITY:
        return dict(obj.extra).get("behaviour")
    d = lookup(obj.name)
    return d.behaviour if d else None


def require_priority(tx: Tx, player: str, action: str) -> int:
    """Raise unless ``player`` is in the game in progress and holds priority there."""
    gid = tx.world.current
    game = tx.game(gid)
    if game.ended:
        raise RulesError("104.1", f"{_where(gid)} has ended", subject=player)
    if player not in game.seats or not game.seat(player).in_game:
        raise RulesError("800.4", f"{player} is not in {_where(gid)}", subject=player)
    require_begun(tx, gid, f"{player} cannot {action}", player)
    if game.priority != player:
        holder = game.priority or "no player"
        raise RulesError("117.1", f"{player} cannot {action}: {holder} holds priority in "
                         f"{_where(gid)}", subject=player)
    return gid


def cast(tx: Tx, card: str, by: str, targets: tuple[str, ...] = ()) -> None:
    """CR 601.2a: ``by`` casts ``card`` from their hand (or, for a commander, the command zone)."""
    gid = require_priority(tx, by, f"cast {card}")
    obj = tx.obj(card)
    game = tx.game(gid)
    in_hand = obj.game == gid and obj.zone is Zone.HAND and obj.owner == by
    from_command = obj.game == gid and obj.zone is Zone.COMMAND and obj.commander \
        and obj.owner == by
    if not (in_hand or from_command) or obj.kind is not Kind.CARD:
        raise RulesError("601.2a", f"{obj.label()} is not in {by}'s hand in {_where(gid)} "
                         f"(it is in {obj.place})", subject=card)
    if obj.is_type("land"):
        raise RulesError("305.9", f"{by} cannot cast {obj.label()}: it is a land, and a land is "
                         "played, not cast (CR 305.1); it can't be cast as a spell", subject=card)
    if "instant" not in obj.types:
        if not (game.active == by and game.step in MAIN_PHASES and not tx.world.stack(gid)):
            raise RulesError("307.1", f"{by} cannot cast {obj.label()} now: a sorcery-speed "
                             "spell needs their own main phase and an empty stack", subject=card)
    _check_targets(tx, gid, obj, by, targets)
    hooks.emit("targets_chosen", tx, gid, card, by, tuple(targets))
    tx.step("601.2a", "moves that card")
    tx.move(card, gid, Zone.STACK, controller=by, targets=tuple(targets))
    hooks.emit("casting", tx, gid, card, by, obj.zone)
    hooks.emit("spell_cast", tx, gid, card, by)
    if tx.game(gid).pending:  # "whenever ... casts a spell" triggers go on the stack first
        priority.priority_point(tx, gid, by, cite="117.3c")
        return
    tx.step("117.3c")
    tx.set_priority(gid, by)


def _check_targets(tx: Tx, gid: int, obj: Obj, by: str, targets: tuple[str, ...]) -> None:
    """CR 601.2c: the targets announced for ``obj`` are what its card's ``target`` kind asks."""
    known = lookup(obj.name)
    need = known.target if known else None
    if need is None:
        if targets and known is not None:
            raise RulesError("601.2c", f"{obj.label()} has no targets: it cannot target "
                             f"{targets[0]}", subject=obj.id)
        return
    if len(targets) != 1:
        raise RulesError("601.2c", f"{obj.label()} needs one target ({need})", subject=obj.id)
    check_target(tx, gid, need, by, targets[0])


TargetCheck = Callable[[Tx, int, str, str], None]
"""``check(tx, gid, by, target)``: raise RulesError (CR 601.2c) unless ``target`` is legal."""

_TARGET_KINDS: dict[str, TargetCheck] = {}


def target_kind(kind: str) -> Callable[[TargetCheck], TargetCheck]:
    """Register the decorated function as the check of the target kind ``kind`` (a card's
    ``CardDef.target``); a second check for one kind is a programming error."""
    def register(check: TargetCheck) -> TargetCheck:
        if _TARGET_KINDS.get(kind, check) is not check:
            raise ValueError(f"target kind {kind!r} is registered twice")
        _TARGET_KINDS[kind] = check
        return check
    return register


def target_kinds() -> tuple[str, ...]:
    """The target kinds a card may name, sorted."""
    return tuple(sorted(_TARGET_KINDS))


def check_target(tx: Tx, gid: int, kind: str, by: str, target: str) -> None:
    """CR 601.2c: raise unless ``target`` is a legal target of kind ``kind`` for a spell ``by``
    casts in game ``gid``. An unknown kind is a programming error (ValueError)."""
    check = _TARGET_KINDS.get(kind)
    if check is None:
        raise ValueError(f"unknown target kind {kind!r}; the kinds are "
                         f"{', '.join(target_kinds())} (resolution.target_kind adds one)")
    check(tx, gid, by, target)


@target_kind("opponent")
def _opponent(tx: Tx, gid: int, by: str, target: str) -> None:
    game = tx.game(gid)
    if target == by or target not in game.seats or not game.seat(target).in_game:
        raise RulesError("601.2c", f"{target} is not an opponent of {by} in {_where(gid)}",
                         subject=target)


@target_kind("player")
def _player(tx: Tx, gid: int, by: str, target: str) -> None:
    game = tx.game(gid)
    if target not in game.seats or not game.seat(target).in_game:
        raise RulesError("601.2c", f"{target} is not a player in {_where(gid)}", subject=target)


def target_allowed(tx: Tx, gid: int, by: str, source: str, target: str) -> bool:
    """Whether ``target`` may be a target of the spell or ability ``source`` that ``by``
    controls, as far as the rules that hook ``targets_chosen`` say (CR 801.4: the range of
    influence); the legality of the target itself is its kind's check."""
    try:
        hooks.emit("targets_chosen", tx, gid, source, by, (target,))
    except RulesError:
        return False
    return True


def target_object(tx: Tx, target: str) -> Obj:
    """The object ``target`` names, refused when there is none (CR 601.2c) or it is phased out
    (CR 702.26b: treated as though it does not exist)."""
    t = tx.world.objects.get(target)
    if t is None:
        raise RulesError("601.2c", f"there is no object {shown(target)} to target", subject=target)
    if t.phased_out:
        raise RulesError("702.26b", f"{t.label()} is phased out: it is treated as though it "
                         "does not exist and can't be targeted", subject=target)
    return t


@target_kind("creature")
def _creature(tx: Tx, gid: int, by: str, target: str) -> None:
    t = target_object(tx, target)
    if not (t.game == gid and t.zone is Zone.BATTLEFIELD and t.is_type("creature")):
        raise RulesError("601.2c", f"{t.label()} is not a creature on the battlefield of "
                         f"{_where(gid)}", subject=target)


@target_kind("spell")
def _spell(tx: Tx, gid: int, by: str, target: str) -> None:
    t = target_object(tx, target)
    if not (t.game == gid and t.zone is Zone.STACK and ({"instant", "sorcery"} & set(t.types))):
        raise RulesError("601.2c", f"{t.label()} is not an instant or sorcery spell on the stack "
                         f"of {_where(gid)}", subject=target)


def copy_spell(tx: Tx, spell: str, by: str, new_id: str | None = None) -> Obj:
    """CR 707.10: put a copy of ``spell`` onto the stack under ``by``'s control."""
    gid = tx.world.current
    orig = tx.obj(spell)
    if not (orig.game == gid and orig.zone is Zone.STACK and orig.kind is not Kind.ABILITY):
        raise RulesError("707.10", f"{orig.label()} is not a spell on the stack of {_where(gid)}",
                         subject=spell)
    game = tx.game(gid)
    if by not in game.seats or not game.seat(by).in_game:
        raise RulesError("800.4b", f"{by} is not in {_where(gid)}: the copy is not put onto the "
                         "stack", subject=by)
    new_id = new_id or tx.fresh_id(f"{spell}-copy")
    if new_id in tx.world.objects:
        raise RulesError("707.10", f"the id {shown(new_id)} is taken", subject=new_id)
    tx.step("707.10", "means to put a copy of it onto the stack")
    copy = Obj(new_id, orig.name, by, Kind.COPY, orig.types, power=orig.power,
               toughness=orig.toughness, game=gid, zone=Zone.STACK, base=by, controller=by,
               source=spell, targets=orig.targets)
    return tx.create(copy, f"copy of {orig.label()}")


def resolve_top(tx: Tx, expected: str | None = None, *, choose: str | None = None,
                target: str | None = None, asked: Mapping | None = None) -> None:
    """CR 117.4: all players pass; the top object of the stack resolves (CR 608). A spell whose
    card creates a subgame (``CardDef.subgame``) starts it (the ``play_subgame`` moment) with
    the choices its text asks for (``asked``: ``set_aside``, ``find``, ``keep``)."""
    gid = tx.world.current
    game = tx.game(gid)
    if game.ended:
        raise RulesError("104.1", f"{_where(gid)} has ended", subject=expected)
    stack = tx.world.stack(gid)
    if not stack:
        raise RulesError("117.4", f"the stack of {_where(gid)} is empty; nothing can resolve"
                         + (f" (expected {expected})" if expected else ""), subject=expected)
    require_begun(tx, gid, f"{stack[-1].label()} cannot resolve", stack[-1].id)
    top = stack[-1]
    if expected is not None and expected not in (top.id, top.name, top.source):
        raise RulesError("117.4", f"the top of the stack of {_where(gid)} is {top.label()}, "
                         f"not {expected}", subject=expected)
    if target is not None:  # chosen as the ability was put on the stack (CR 603.3d, 601.2c)
        hooks.emit("targets_chosen", tx, gid, top.id, top.controller, (target,))
    tx.step("117.4", "the spell or ability on top of the stack resolves")
    tx.note(f"All players in {_where(gid)} pass in succession: {top.label()} resolves.")
    tx.set_priority(gid, None)
    tx.fact(gid, "resolving", top.id, f"{top.label()} is resolving")
    if _targetless(top):
        fizzle(tx, gid, top, "It has no target (it was put onto the stack without being cast, "
               "so no target was ever chosen, CR 601.2c)")
    else:
        with tx.affecting(gid, top.controller, top.label()):
            if subgame_of(top) is not None:
                hooks.emit("play_subgame", tx, top.id, dict(asked or {}))
            else:
                _refuse_asked(top, asked)
                _resolver(top)(tx, gid, top, choose, target)
    if tx.world.current != gid or tx.game(gid).pregame:
        # CR 726.1a: it created a subgame; its game is discontinued, and the spell finishes
        # resolving when the subgame ends (CR 726.5, ``finish_resolving``). CR 724.4: it
        # restarted its game, and finishes resolving just before the new game's first untap step.
        return
    _finish(tx, gid, top)
    if tx.game(gid).resolving is not None:
        done = "is no longer resolving" if tx.rule in ("608.2b", "608.3b") else \
            "has finished resolving"
        tx.fact(gid, "resolving", None, f"{top.label()} {done}")
    priority.priority_point(tx, gid, None, cite="117.3b")


def _refuse_asked(top: Obj, asked: Mapping | None) -> None:
    """A choice only a subgame's card asks for, given to another object, is refused."""
    for name, value in (asked or {}).items():
        if value is not None:
            raise RulesError("726.1b", f"{top.label()} creates no subgame: it asks for no "
                             f"{name} choice", subject=top.id)


def _targetless(top: Obj) -> bool:
    """True for an instant or sorcery spell whose card needs a target but that has none (an
    effect moved the card onto the stack: nothing was cast, CR 601.2c)."""
    card = lookup(top.name) if top.kind is not Kind.ABILITY else None
    return (card is not None and card.target is not None and not top.targets
            and bool({"instant", "sorcery"} & set(top.types)))


def _resolver(top: Obj):
    """What resolving ``top`` does: its ability's registered resolver (an unknown behaviour is a
    programming error), or its card's, else the default (a permanent spell becomes a permanent,
    CR 608.3a)."""
    if top.kind is Kind.ABILITY:
        kind = behaviour_of(top) or ""
        found = ability(kind)
        if found is None:
            raise ValueError(f"{top.label()}: no resolver is registered for the ability "
                             f"behaviour {kind!r}")
        return found
    card = lookup(top.name)
    return (card.resolve if card is not None else None) or _default


FOLLOWS = "follows its instructions in the order written"
"""The sentence of CR 608.2c a step cites when a spell or ability does what it says."""


def _finish(tx: Tx, gid: int, top: Obj) -> None:
    obj = tx.world.objects.get(top.id)
    if obj is None or obj.game != gid or obj.zone is not Zone.STACK:
        return
    final_part(tx, gid, obj)


def final_part(tx: Tx, gid: int, obj: Obj) -> None:
    """CR 608.2n: an instant or sorcery spell goes to its owner's graveyard (a copy of one goes
    there too, and ceases to exist as state-based actions are checked, CR 704.5e); an ability
    is removed from the stack and ceases to exist."""
    if obj.kind is Kind.ABILITY:
        tx.step("608.2n", "the ability is removed from the stack and ceases to exist")
        tx.cease(obj.id)
    elif obj.kind is Kind.COPY or {"instant", "sorcery"} & set(obj.types):
        tx.step("608.2n", "the spell is put into its owner’s graveyard")
        tx.move(obj.id, gid, Zone.GRAVEYARD)


def fizzle(tx: Tx, gid: int, top: Obj, why: str) -> None:
    """CR 608.2b: every target is illegal, so the spell or ability doesn't resolve: "It’s removed
    from the stack and, if it’s a spell, put into its owner’s graveyard"."""
    tx.step("608.2b", "It’s removed from the stack")
    tx.note(f"{why}: {top.label()} doesn't resolve.")
    if top.kind is Kind.ABILITY:
        tx.cease(top.id)
    else:
        tx.move(top.id, gid, Zone.GRAVEYARD)


def enchant_player(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """An Aura spell with "Enchant player" resolves (CR 303.4b, 608.3c): it becomes a permanent
    attached to the player it targets; if that player has left the game, the target is illegal
    and the spell doesn't resolve (CR 608.3b)."""
    player = top.targets[0] if top.targets else None
    game = tx.game(gid)
    if player not in game.seats or not game.seat(player).in_game:
        tx.step("608.3b", "Otherwise, the spell doesn’t resolve")
        tx.note(f"{player} has left the game: {top.label()} doesn't resolve.")
        tx.move(top.id, gid, Zone.GRAVEYARD)
        return
    tx.step("608.3c", "becomes a permanent")
    types = top.types + (() if "aura" in top.types else ("aura",))
    tx.move(top.id, gid, Zone.BATTLEFIELD, controller=top.controller, attached_to=player,
            types=types)


def finish_resolving(tx: Tx, main_id: int, sub) -> None:
    """CR 726.5: the spell or ability that created the subgame ``sub`` finishes resolving in the
    main game ``main_id``, even if its card is no longer on the stack: the rest of its
    instructions (its card's ``finish``), then its final part (CR 608.2n)."""
    creator = sub.creator
    obj = tx.world.objects.get(creator)
    tx.step("726.5.finish", "finishes resolving")
    if tx.edition.number == "506":
        tx.note("CR 506 does not say how the spell ends: the main game resumes (506.1) and the "
                "rest of its instructions are followed.")
    name = obj.label() if obj else creator
    effect = subgame_of(obj)
    after = effect.after if effect is not None else None
    if after is not None:
        with tx.affecting(main_id, obj.controller, obj.label()):
            after(tx, main_id, obj, sub)
    elif obj is None:
        tx.note(f"{creator} no longer exists: no instruction of it is left to follow.")
    if obj is not None and obj.game == main_id and obj.zone is Zone.STACK:
        final_part(tx, main_id, obj)
    elif obj is not None:
        tx.note(f"{obj.label()} is no longer on the stack (it is in {obj.place}"
                f"{'' if obj.game is None else ' of ' + _where(obj.game)}): the spell finished "
                "resolving anyway, and its card stays where it is (CR "
                f"{tx.edition.cite('726.5').rule}).")
    if tx.game(main_id).resolving is not None:
        tx.fact(main_id, "resolving", None, f"{name} has finished resolving")


def bring_in(tx: Tx, oid: str, zone: Zone, *, rule: str = "726.4a") -> None:
    """CR 726.4a: a card is brought into the game in progress from outside it. From a main game,
    that game's leaves-the-zone triggers trigger but are held until it resumes."""
    gid = tx.world.current
    obj = tx.obj(oid)
    if obj.kind is not Kind.CARD:
        raise RulesError("726.4a", f"only cards can be brought into a game; {obj.label()} is a "
                         f"{obj.kind.value}", subject=oid)
    if obj.game == gid:
        raise RulesError("726.4a", f"{obj.label()} is already in {_where(gid)} ({obj.place}), "
                         "not outside it", subject=oid)
    if obj.game is not None and obj.game not in tx.world.ancestors(gid):
        raise RulesError("726.4a", f"{obj.label()} is in {_where(obj.game)}, which has ended",
                         subject=oid)
    tx.step(rule, "Some effects can bring cards into a game from outside of it")
    origin = "outside every game" if obj.game is None else f"{_where(obj.game)}'s {obj.place}"
    tx.note(f"{obj.label()} comes from {origin}.")
    if obj.game is not None and obj.zone is Zone.STACK:
        tx.note(f"{obj.label()} was a spell on the stack of {_where(obj.game)}: that spell has "
                "no card now, but it still finishes resolving there (CR "
                f"{tx.edition.cite('726.5').rule}).")
    game = tx.game(gid)
    if obj.owner not in game.seats:
        raise RulesError("726.4", f"{obj.owner}, who owns {obj.label()}, is not a player of "
                         f"{_where(gid)}", subject=oid)
    controller = obj.owner if zone in (Zone.BATTLEFIELD, Zone.STACK) else None
    note = (f"{obj.owner}, who owns {obj.label()}, has left {_where(gid)}: the card does not "
            "come into the game and stays where it is.")
    if controller is not None and departed.zone_refused(tx, gid, obj.owner, note) \
            or controller is None and departed.creation_refused(tx, gid, obj.owner, note):
        return
    tx.move(oid, gid, zone, controller=controller)


def cycle(tx: Tx, card: str, by: str) -> None:
    """CR 702.29a: ``by`` cycles ``card``: an activated ability ("[Cost], Discard this card: Draw a
    card"). Discarding is its cost; the ability goes on the stack and draws when it resolves.
    Abilities that trigger on cycling (``CardDef.events["cycled"]``) go on the stack above it."""
    gid = require_priority(tx, by, f"cycle {card}")
    obj = tx.obj(card)
    if not (obj.game == gid and obj.zone is Zone.HAND and obj.owner == by):
        raise RulesError("702.29a", f"{obj.label()} is not in {by}'s hand in {_where(gid)}",
                         subject=card)
    known = lookup(obj.name)
    if known is not None and "cycling" not in known.keywords:
        raise RulesError("702.29a", f"{by} cannot cycle {obj.label()}: it has no cycling",
                         subject=card)
    tx.step("702.29a", "Discard this card: Draw a card")
    tx.note(f"{by} activates {obj.label()}'s cycling ability: discarding it is the cost; the "
            "card is drawn when the ability resolves.")
    tx.move(card, gid, Zone.GRAVEYARD)
    tx.create(Obj(tx.fresh_id(f"{card}-cycling"), f"{obj.name}'s cycling ability: draw a card",
                  by, Kind.ABILITY, game=gid, zone=Zone.STACK, base=by, controller=by,
                  source=card, extra=(("behaviour", "cycling_draw"), ("data", ()))),
              "activated ability")
    announce(tx, gid, "cycled", by, card)
    priority.priority_point(tx, gid, by)


# -- the default resolution, and the abilities the core itself creates --------------------------

def _default(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    if top.kind is Kind.CARD and any(t in PERMANENT_TYPES for t in top.types):
        tx.step("608.3a", "becomes a permanent")
        tx.move(top.id, gid, Zone.BATTLEFIELD, controller=top.controller)
        return
    tx.step("608.2c", FOLLOWS)
    tx.note(f"The engine knows no instruction of {top.label()}: following them changes nothing "
            "it records.")


def _cycling_draw(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    tx.step("608.2c", FOLLOWS)
    priority.draw(tx, gid, top.controller)


register_ability("cycling_draw", _cycling_draw)


# -- the steps -----------------------------------------------------------------------------------

def check_depth(world, gid: int, creator: str) -> None:
    """Refuse ``creator`` (a card that starts a subgame, ``CardDef.starts_subgame``) when the
    subgame it would start in game ``gid`` would be nested deeper than ``MAX_SUBGAME_DEPTH`` (a
    limit of magicsub, not of the rules)."""
    depth = len(world.ancestors(gid))
    if depth > MAX_SUBGAME_DEPTH:
        raise RulesError("726.1", f"{shown(creator)} would start a subgame {depth} levels deep; "
                         f"magicsub plays at most {MAX_SUBGAME_DEPTH} levels of nested subgames "
                         "(MAX_SUBGAME_DEPTH)", subject=creator)


def _starts_subgame(tx: Tx, oid: str) -> None:
    """Refuse a spell put on the stack whose card starts a subgame when that subgame would be
    nested too deep."""
    obj = tx.obj(oid)
    if subgame_of(obj) is not None:
        check_depth(tx.world, obj.game, oid)


@hooks.action("cast")
def _cast_step(tx: Tx, a: dict) -> None:
    priority.active_acts(tx, a["by"])
    target = a.get("target")
    cast(tx, a["card"], a["by"], (target,) if target else ())
    _starts_subgame(tx, a["card"])


@hooks.action("copy")
def _copy_step(tx: Tx, a: dict) -> None:
    _starts_subgame(tx, copy_spell(tx, a["spell"], a["by"], a.get("id")).id)


@hooks.action("resolve")
def _resolve_step(tx: Tx, a: dict) -> None:
    resolve_top(tx, a.get("object"), choose=a.get("choose"), target=a.get("target"),
                asked={k: a[k] for k in ("set_aside", "find", "keep") if k in a})


@hooks.action("bring_in")
def _bring_in_step(tx: Tx, a: dict) -> None:
    gid = tx.world.current
    bring_in(tx, a["object"], parse_zone(a["to"]))
    priority.settle(tx, gid)


@hooks.action("cycle")
def _cycle_step(tx: Tx, a: dict) -> None:
    priority.active_acts(tx, a["by"])
    cycle(tx, a["card"], a["by"])
