"""Casting, copying and resolving spells and abilities of the built-in cards (CR 601, 608,
707.10), bringing cards in from outside the game (CR 726.4a), and cycling (CR 702.29a)."""

from __future__ import annotations

from . import departed, effects, hooks, priority
from .cards import ability, lookup
from .errors import RulesError
from .objects import Kind, Obj
from .start import require_begun
from .state import MAIN_PHASES, Delayed
from .state import game_name as _where
from .transaction import Tx
from .zones import Zone

PERMANENT_TYPES = ("creature", "artifact", "enchantment", "planeswalker", "land", "battle")



def behaviour_of(obj: Obj) -> str | None:
    """The behaviour a spell or ability has: its card's (a copy has its original's)."""
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
    if tx.game(gid).pending:  # "whenever ... casts a spell" triggers go on the stack first
        priority.priority_point(tx, gid, by, cite="117.3c")
        return
    tx.step("117.3c")
    tx.set_priority(gid, by)


def _check_targets(tx: Tx, gid: int, obj: Obj, by: str, targets: tuple[str, ...]) -> None:
    kind = behaviour_of(obj)
    known = lookup(obj.name)
    need = {"mind_control": "creature", "act_of_treason": "creature", "bribery": "opponent",
            "fork": "spell"}.get(kind or "") or (known.target if known else None)
    if need is None:
        if targets and lookup(obj.name) is not None:
            raise RulesError("601.2c", f"{obj.label()} has no targets: it cannot target "
                             f"{targets[0]}", subject=obj.id)
        return
    if len(targets) != 1:
        raise RulesError("601.2c", f"{obj.label()} needs one target ({need})", subject=obj.id)
    target = targets[0]
    game = tx.game(gid)
    if need in ("opponent", "player"):
        if (need == "opponent" and target == by) or target not in game.seats \
                or not game.seat(target).in_game:
            what = f"an opponent of {by}" if need == "opponent" else "a player"
            raise RulesError("601.2c", f"{target} is not {what} in {_where(gid)}",
                             subject=target)
        return
    t = tx.world.objects.get(target)
    if t is None:
        raise RulesError("601.2c", f"there is no object {target!r} to target", subject=target)
    if t.phased_out:
        raise RulesError("702.26b", f"{t.label()} is phased out: it is treated as though it "
                         "does not exist and can't be targeted", subject=target)
    if need == "creature" and not (t.game == gid and t.zone is Zone.BATTLEFIELD
                                   and t.is_type("creature")):
        raise RulesError("601.2c", f"{t.label()} is not a creature on the battlefield of "
                         f"{_where(gid)}", subject=target)
    if need == "spell" and not (t.game == gid and t.zone is Zone.STACK
                                and ({"instant", "sorcery"} & set(t.types))):
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
        raise RulesError("707.10", f"the id {new_id!r} is taken", subject=new_id)
    tx.step("707.10", "A copy of a spell is owned by the player under whose control")
    copy = Obj(new_id, orig.name, by, Kind.COPY, orig.types, power=orig.power,
               toughness=orig.toughness, game=gid, zone=Zone.STACK, base=by, controller=by,
               source=spell, targets=orig.targets)
    return tx.create(copy, f"copy of {orig.label()}")


def resolve_top(tx: Tx, expected: str | None = None, *, choose: str | None = None,
                target: str | None = None) -> None:
    """CR 117.4: all players pass; the top object of the stack resolves (CR 608)."""
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
    tx.step("117.4", "the spell or ability on top of the stack resolves")
    tx.note(f"All players in {_where(gid)} pass in succession: {top.label()} resolves.")
    tx.set_priority(gid, None)
    tx.fact(gid, "resolving", top.id, f"{top.label()} is resolving")
    kind = behaviour_of(top)
    if kind == "shahrazad" and hooks.emit("play_subgame", tx, top.id):
        return
    _resolver(top, kind)(tx, gid, top, choose, target)
    _finish(tx, gid, top)
    if tx.game(gid).resolving is not None:
        done = "is no longer resolving" if tx.rule in ("608.2b", "608.3b") else \
            "has finished resolving"
        tx.fact(gid, "resolving", None, f"{top.label()} {done}")
    priority.priority_point(tx, gid, None, cite="117.3b")


def _resolver(top: Obj, kind: str | None):
    """What resolving ``top`` does: its ability's or card's registered resolver, else the
    built-in table, else the default (a permanent spell becomes a permanent)."""
    if top.kind is Kind.ABILITY:
        found = ability(kind or "")
    else:
        card = lookup(top.name)
        found = card.resolve if card is not None else None
    return found or _RESOLVERS.get(kind or "", _default)


FOLLOWS = "follows its instructions in the order written"
"""The sentence of CR 608.2c a step cites when a spell or ability does what it says."""


def _finish(tx: Tx, gid: int, top: Obj) -> None:
    obj = tx.world.objects.get(top.id)
    if obj is None or obj.game != gid or obj.zone is not Zone.STACK:
        return
    _final_part(tx, gid, obj)


def _final_part(tx: Tx, gid: int, obj: Obj) -> None:
    """CR 608.2n: an instant or sorcery spell goes to its owner's graveyard (a copy of one goes
    there too, and ceases to exist as state-based actions are checked, CR 704.5e); an ability
    is removed from the stack and ceases to exist."""
    if obj.kind is Kind.ABILITY:
        tx.step("608.2n", "the ability is removed from the stack and ceases to exist")
        tx.cease(obj.id)
    elif obj.kind is Kind.COPY or {"instant", "sorcery"} & set(obj.types):
        tx.step("608.2n", "the spell is put into its owner’s graveyard")
        tx.move(obj.id, gid, Zone.GRAVEYARD)


def _fizzle(tx: Tx, gid: int, top: Obj, why: str) -> None:
    """CR 608.2b: every target is illegal, so the spell or ability doesn't resolve: "It’s removed
    from the stack and, if it’s a spell, put into its owner’s graveyard"."""
    tx.step("608.2b", "It’s removed from the stack")
    tx.note(f"{why}: {top.label()} doesn't resolve.")
    if top.kind is Kind.ABILITY:
        tx.cease(top.id)
    else:
        tx.move(top.id, gid, Zone.GRAVEYARD)


def finish_resolving(tx: Tx, main_id: int, sub) -> None:
    """CR 726.5: the spell or ability that created the subgame finishes resolving, even if its
    card is no longer on the stack. Shahrazad: each player who doesn't win loses half their life,
    rounded up (a drawn subgame has no winner)."""
    creator = sub.creator
    obj = tx.world.objects.get(creator)
    tx.step("726.5.finish", "finishes resolving")
    if tx.edition.number == "506":
        tx.note("CR 506 does not say how the spell ends: the main game resumes (506.1) and the "
                "rest of its instructions are followed.")
    name = obj.label() if obj else creator
    if sub.winner is None:
        tx.note(f"The subgame was a draw: no player won it, so every player loses half their "
                f"life ({name}).")
    main = tx.game(main_id)
    for player in main.in_game:
        if player == sub.winner:
            continue
        life = main.seat(player).life
        loss = max(0, -(-life // 2))
        tx.set_life(main_id, player, life - loss)
    if obj is not None and obj.game == main_id and obj.zone is Zone.STACK:
        _final_part(tx, main_id, obj)
    elif obj is not None:
        tx.note(f"{obj.label()} is no longer on the stack (it is in {obj.place}"
                f"{'' if obj.game is None else ' of ' + _where(obj.game)}): the spell finished "
                "resolving anyway, and its card stays where it is (CR 726.5).")
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
                "no card now, but it still finishes resolving there (CR 726.5).")
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
    Astral Slides trigger on the cycling and go on the stack above it."""
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
    from .triggers import on_cycle

    on_cycle(tx, gid, by)
    priority.priority_point(tx, gid, by)


# -- what each built-in card does when it resolves -----------------------------------------------

def _default(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    if top.kind is Kind.CARD and any(t in PERMANENT_TYPES for t in top.types):
        tx.step("608.3a", "becomes a permanent")
        tx.move(top.id, gid, Zone.BATTLEFIELD, controller=top.controller)
        return
    tx.step("608.2c", FOLLOWS)
    tx.note(f"The engine knows no instruction of {top.label()}: following them changes nothing "
            "it records.")


def _fork(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    orig = tx.world.objects.get(top.targets[0]) if top.targets else None
    if orig is None or orig.game != gid or orig.zone is not Zone.STACK:
        _fizzle(tx, gid, top, "Its target spell is no longer on the stack")
        return
    tx.step("608.2c", FOLLOWS)
    tx.note(f"{top.label()}: copy {orig.label()} (CR 707.10).")
    orig = orig.id
    copy_spell(tx, orig, top.controller, tx.fresh_id(f"{orig}-copy"))


def _living_wish(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    tx.step("608.2c", FOLLOWS)
    if choose is None:
        tx.note(f"{top.controller} reveals no card from outside the game.")
    else:
        chosen = tx.obj(choose)
        if chosen.owner != top.controller or not ({"creature", "land"} & set(chosen.types)):
            raise RulesError("400.11", f"{chosen.label()} is not a creature or land card "
                             f"{top.controller} owns", subject=choose)
        if chosen.game == gid:
            raise RulesError("400.11", f"{chosen.label()} is in {_where(gid)}, not outside it",
                             subject=choose)
        tx.note(f"{top.controller} reveals {chosen.label()} and puts it into their hand.")
        bring_in(tx, choose, Zone.HAND)
        tx.step("608.2c", FOLLOWS)
    tx.note(f"{top.label()}'s last instruction: exile {top.name}.")
    tx.move(top.id, gid, Zone.EXILE)


def _mind_control(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    creature = tx.world.objects.get(top.targets[0]) if top.targets else None
    if creature is None or creature.game != gid or creature.zone is not Zone.BATTLEFIELD:
        # CR 608.3b: "Otherwise, the spell doesn’t resolve. It is removed from the stack and put
        # into its owner’s graveyard." -- it never enters the battlefield.
        tx.step("608.3b", "Otherwise, the spell doesn’t resolve")
        tx.note(f"Its target is gone: {top.label()} doesn't resolve.")
        tx.move(top.id, gid, Zone.GRAVEYARD)
        return
    tx.step("608.3c", "becomes a permanent")
    tx.move(top.id, gid, Zone.BATTLEFIELD, controller=top.controller, attached_to=creature.id,
            types=top.types + (() if "aura" in top.types else ("aura",)))
    effects.add(tx, creature.id, top.controller, source=top.id, until="source_leaves",
                text="Mind Control", follows=True)


def _act_of_treason(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    creature = tx.world.objects.get(top.targets[0]) if top.targets else None
    if creature is None or creature.game != gid or creature.zone is not Zone.BATTLEFIELD:
        _fizzle(tx, gid, top, "Its target is no longer a creature on the battlefield")
        return
    tx.step("608.2c", FOLLOWS)
    tx.note(f"{top.controller} gains control of {creature.label()} until end of turn (the "
            "effect lasts as stated, CR 611.2a), untaps it, and it gains haste until end of "
            "turn.")
    effects.add(tx, creature.id, top.controller, source=top.id, until="end_of_turn",
                text="Act of Treason")
    tx.tap(creature.id, False)


def _bribery(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    if not top.targets or top.targets[0] not in tx.game(gid).in_game:
        _fizzle(tx, gid, top, "Its target opponent is no longer in the game")
        return
    opponent = top.targets[0]
    if choose is not None:
        card = tx.obj(choose)
        if not (card.game == gid and card.zone is Zone.LIBRARY and card.owner == opponent
                and card.is_type("creature")):
            raise RulesError("701.23", f"{card.label()} is not a creature card in {opponent}'s "
                             f"library in {_where(gid)}", subject=choose)
        tx.step("608.2c", FOLLOWS)
        tx.note(f"Bribery: {top.controller} searches {opponent}'s library and puts "
                f"{card.label()} onto the battlefield under their control.")
        tx.move(choose, gid, Zone.BATTLEFIELD, controller=top.controller)
    else:
        tx.step("608.2c", FOLLOWS)
        tx.note(f"Bribery: {top.controller} searches {opponent}'s library and finds no "
                "creature card.")
    tx.shuffle(gid, opponent)


def _konrad(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    game = tx.game(gid)
    tx.step("608.2c", FOLLOWS)
    tx.note(f"{top.label()}: 1 damage to each opponent of {top.controller}; each loses 1 life.")
    for player in game.in_game:
        if player != top.controller:
            tx.set_life(gid, player, tx.game(gid).seat(player).life - 1)


def _genesis_myr(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    data = dict(top.extra).get("data") or ()
    creature_id, lki_controller = data
    creature = tx.world.objects.get(creature_id)
    player = creature.controller if creature is not None and creature.zone is Zone.BATTLEFIELD \
        and creature.game == gid else lki_controller
    if departed.token_refused(tx, gid, player, f"{player} has left the game: no Myr token is "
                              "created."):
        return
    tx.step("111.2")
    tid = tx.fresh_id("myr")
    tx.create(Obj(tid, "Myr", player, Kind.TOKEN, ("artifact", "creature"), power=1, toughness=1,
                  game=gid, zone=Zone.BATTLEFIELD, base=player, controller=player,
                  entered_under=player), "token")


def _astral_exile(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    if target is None:
        tx.step("608.2c", FOLLOWS)
        tx.note("Astral Slide's controller chooses not to exile a creature.")
        return
    creature = tx.obj(target)
    if not (creature.game == gid and creature.zone is Zone.BATTLEFIELD
            and creature.is_type("creature")):
        raise RulesError("601.2c", f"{creature.label()} is not a creature on the battlefield of "
                         f"{_where(gid)}", subject=target)
    tx.step("608.2c", FOLLOWS)
    tx.move(target, gid, Zone.EXILE)
    did = f"astral-{tx.world.seq + 1}"
    text = f"Astral Slide: return {creature.name} at the beginning of the next end step"
    tx.delayed_event(did, text, "is created", Delayed(
        did, gid, top.source or top.id, top.controller, "end", target, text, "astral_return"))
    tx.note(f"A delayed triggered ability controlled by {top.controller} will return "
            f"{creature.name} at the beginning of the next end step.")


def _astral_return(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    data = dict(top.extra).get("data") or ()
    card = tx.world.objects.get(data[0]) if data else None
    tx.step("608.2c", FOLLOWS)
    if card is None or card.game != gid or card.zone is not Zone.EXILE:
        tx.note("The exiled card is no longer in exile: it does not return.")
        return
    if departed.zone_refused(tx, gid, card.owner):
        return
    tx.move(card.id, gid, Zone.BATTLEFIELD, controller=card.owner)


def _cycling_draw(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    tx.step("608.2c", FOLLOWS)
    priority.draw(tx, gid, top.controller)


_RESOLVERS = {
    "cycling_draw": _cycling_draw,
    "fork": _fork,
    "living_wish": _living_wish,
    "mind_control": _mind_control,
    "act_of_treason": _act_of_treason,
    "bribery": _bribery,
    "konrad_damage": _konrad,
    "genesis_myr": _genesis_myr,
    "astral_slide_exile": _astral_exile,
    "astral_return": _astral_return,
}
