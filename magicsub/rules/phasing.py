"""Phasing (CR 702.26) and face-down permanents (CR 708, manifest CR 701.34), in any game.

Phasing changes a permanent's status, never its zone or its controller (CR 702.26d): each change
is a ``changes.Status`` recorded in place, so no zone-change trigger sees it and the object keeps
its id, its controller and its counters. A phased-out permanent is treated as though it does not
exist (CR 702.26b): it cannot attack (``combat``), be targeted, watch moves (``triggers``) or be
included in a control effect created while it is phased out (CR 702.26e, ``effects``).

It phases in during the untap step of the player under whose control it phased out (CR 702.26a,
hook ``turn_begins``); if that player has left the game, during the next untap step after their
next turn would have begun (CR 702.26n, hooks ``turn_skipped`` then ``turn_begins``). At the end
of a subgame, cards representing phased-out permanents go to the main-game library like the rest
(CR 726.5; under CR 723 they are not taken, CR 702.26b) and face-down permanents are revealed
(CR 708.9: ``subgame_ends``).
"""

from __future__ import annotations

from ..engine import effects, hooks
from ..engine.changes import Status
from ..engine.errors import RulesError
from ..engine.objects import Obj
from ..engine.registry import lookup
from ..engine.state import game_name
from ..engine.transaction import Tx
from ..engine.zones import Zone

NEXT_UNTAP = "@next-untap-step"
"""``Obj.phased_until`` of a permanent that phased out under the control of a player who has
left: it phases in during the next untap step (CR 702.26n). Never an object id."""
NEVER = "@never"
"""``Obj.phased_until`` of a permanent whose duration "until [source] leaves the battlefield"
can no longer end: the source left while phased out (CR 702.26b). Never an object id: a later
object with the source's id (CR 400.7) does not end it."""


def _set(tx: Tx, obj: Obj, status: str, **fields) -> Obj:
    after = obj.moved(**fields)
    tx.record(Status(obj.id, obj.name, status, after))
    return after


def _permanent_here(tx: Tx, oid: str, rule: str, doing: str) -> Obj:
    """The permanent ``oid`` on the battlefield of the game in progress, or a RulesError."""
    obj = tx.obj(oid)
    gid = tx.world.current
    if obj.game != gid or obj.zone is not Zone.BATTLEFIELD:
        where = "outside every game" if obj.game is None else \
            f"in the {obj.place} of {game_name(obj.game)}"
        raise RulesError(rule, f"cannot {doing} {obj.label()}: it is not a permanent on the "
                         f"battlefield of {game_name(gid)}, the game in progress (it is {where})",
                         subject=oid)
    return obj


def _attached(tx: Tx, obj: Obj) -> list[Obj]:
    """The permanents attached to ``obj`` in its game, in timestamp order."""
    return [o for o in tx.world.in_zone(obj.game, Zone.BATTLEFIELD) if o.attached_to == obj.id]


def phase_out(tx: Tx, oid: str, *, until: str | None = None,
              cite: tuple[str, str] = ("702.26b", "its status changes to “phased out.”")) -> None:
    """CR 702.26b: a permanent of the game in progress phases out; what is attached to it phases
    out indirectly at the same time (CR 702.26g). ``until``: the object whose leaving the
    battlefield phases it in (Oubliette)."""
    obj = _permanent_here(tx, oid, "702.26b", "phase out")
    if obj.phased_out:
        raise RulesError("702.26b", f"{obj.label()} is already phased out: it is treated as "
                         "though it does not exist, so nothing can phase it out", subject=oid)
    gid = obj.game
    tx.step(*cite)
    _set(tx, obj, "phases out", phased_out=True, phased_under=obj.controller,
         phased_indirectly=False, phased_until=until)
    tx.note(f"CR 702.26d: {obj.label()} stays on the battlefield of {game_name(gid)} under "
            f"{obj.controller}'s control; phasing is not a zone change.")
    attacks = tx.game(gid).attacks
    if any(c == oid for c, _ in attacks):
        tx.fact(gid, "attacks", tuple(a for a in attacks if a[0] != oid),
                f"{obj.label()} is removed from combat (CR 702.26b)")
    _effects_follow(tx, [oid, *_phase_out_indirectly(tx, obj)])


def _effects_follow(tx: Tx, ids: list[str]) -> None:
    """The permanents ``ids`` have phased out or in: the effects of their static abilities, and
    those lasting "for as long as" they remain, follow (``effects.phased``)."""
    for oid in ids:
        effects.phased(tx, tx.obj(oid))


def _phase_out_indirectly(tx: Tx, host: Obj) -> list[str]:
    riders = [o for o in _attached(tx, host) if not o.phased_out]
    if not riders:
        return []
    tx.step("702.26g", "phase out at the same time")
    for rider in riders:
        _set(tx, rider, f"phases out indirectly with {host.name}", phased_out=True,
             phased_under=rider.controller, phased_indirectly=True, phased_until=None)
    ids = [r.id for r in riders]
    for rider in riders:
        ids += _phase_out_indirectly(tx, tx.obj(rider.id))
    return ids


def phase_in(tx: Tx, oid: str, *, why: str = "",
             cite: tuple[str, str] = ("702.26c", "its status changes to “phased in.”")) -> Obj:
    """CR 702.26c: a phased-out permanent phases in, and what phased out indirectly with it
    phases in with it (CR 702.26g). Returns the permanent as it is now."""
    obj = tx.obj(oid)
    if not (obj.zone is Zone.BATTLEFIELD and obj.phased_out):
        raise RulesError("702.26c", f"{obj.label()} is not a phased-out permanent (it is in "
                         f"{obj.place}{', phased in' if obj.zone is Zone.BATTLEFIELD else ''})",
                         subject=oid)
    if obj.phased_indirectly:
        raise RulesError("702.26g", f"{obj.label()} phased out indirectly: it won’t phase in by "
                         "itself, but instead phases in along with the permanent it’s attached "
                         "to", subject=oid)
    tx.step(*cite)
    if why:
        tx.note(why)
    after = _set(tx, obj, "phases in", phased_out=False, phased_under=None,
                 phased_until=None)
    host = tx.world.objects.get(obj.attached_to) if obj.attached_to else None
    if obj.attached_to and (host is None or host.game != obj.game
                            or host.zone is not Zone.BATTLEFIELD):
        tx.step("702.26i", "phases in unattached")
        after = _set(tx, after, "phases in unattached", attached_to=None)
        tx.note("State-based actions apply as appropriate (CR 704.5m).")
    _effects_follow(tx, [oid, *_phase_in_indirectly(tx, after)])
    return tx.obj(oid)


def _phase_in_indirectly(tx: Tx, host: Obj) -> list[str]:
    riders = [o for o in _attached(tx, host) if o.phased_out and o.phased_indirectly]
    if not riders:
        return []
    tx.step("702.26g", "phases in along with the permanent it’s attached to")
    for rider in riders:
        _set(tx, rider, f"phases in with {host.name}", phased_out=False, phased_under=None,
             phased_indirectly=False, phased_until=None)
    ids = [r.id for r in riders]
    for rider in riders:
        ids += _phase_in_indirectly(tx, tx.obj(rider.id))
    return ids


def _phased_out(tx: Tx, gid: int) -> list[Obj]:
    return [o for o in tx.world.in_zone(gid, Zone.BATTLEFIELD)
            if o.phased_out and not o.phased_indirectly]


@hooks.on("turn_begins")
def _untap_step(tx: Tx, gid: int, player: str) -> None:
    """CR 702.26a: during ``player``'s untap step, their phased-in permanents with phasing phase
    out and, simultaneously, what phased out under their control phases in; what phased out under
    a departed player's control phases in now if that player's turn was skipped (CR 702.26n)."""
    coming = [o for o in _phased_out(tx, gid)
              if (o.phased_under == player and o.phased_until is None)
              or o.phased_until == NEXT_UNTAP]
    going = [o for o in tx.world.in_zone(gid, Zone.BATTLEFIELD)
             if not o.phased_out and o.controller == player and _has_phasing(o)]
    if not coming and not going:
        return
    for obj in going:
        phase_out(tx, obj.id, cite=("702.26a", "all phased-in permanents with phasing that "
                                    "player controls “phase out.”"))
        tx.note(f"{obj.label()} has phasing; it phases out during {player}'s untap step.")
    for obj in coming:
        if obj.phased_until == NEXT_UNTAP:
            why = (f"{obj.label()} phased out under the control of {obj.phased_under}, who has "
                   "left the game; it phases in during the next untap step after "
                   f"{obj.phased_under}'s next turn would have begun ({player}'s untap step).")
            cite = ("702.26n", "that permanent phases in during the next untap step")
        else:
            why = (f"{obj.label()} phased out under {player}'s control; it phases in during "
                   f"{player}'s untap step.")
            cite = ("702.26a", "had phased out under that player’s control “phase in.”")
        phase_in(tx, obj.id, why=why, cite=cite)


def _has_phasing(obj: Obj) -> bool:
    card = lookup(obj.name)
    return obj.face_up and card is not None and "phasing" in card.keywords


@hooks.on("turn_skipped")
def _departed_turn(tx: Tx, gid: int, player: str) -> None:
    """CR 702.26n: ``player`` has left and their turn would have begun: what phased out under
    their control phases in during the next untap step."""
    waiting = [o for o in _phased_out(tx, gid)
               if o.phased_under == player and o.phased_until is None]
    if not waiting:
        return
    tx.step("702.26n", "that permanent phases in during the next untap step")
    for obj in waiting:
        _set(tx, obj, f"will phase in during the next untap step ({player}'s turn would have "
             "begun)", phased_until=NEXT_UNTAP)


def source_left(tx: Tx, source: Obj) -> None:
    """``source`` has left the battlefield: what phased out until it left phases in (Oubliette's
    duration). Recorded in the step that moved it (no step of its own: the move is still going
    on), then the Oubliette-style "Tap that creature as it phases in this way". Nothing when
    its game has ended: CR 726.5 takes the cards as they are as the subgame ends."""
    if tx.game(source.game).ended:
        return
    waiting = [o for o in tx.world.in_zone(source.game, Zone.BATTLEFIELD)
               if o.phased_out and o.phased_until == source.id]
    if waiting and source.phased_out:
        names = ", ".join(o.label() for o in waiting)
        tx.note(f"CR 702.26b: {source.label()} was phased out as it left, treated as though it "
                "does not exist: it does not leave the battlefield in the eyes of the game, so "
                f"the duration “until {source.name} leaves the battlefield” never ends and "
                f"{names} stay{'s' if len(waiting) == 1 else ''} phased out. No official ruling "
                "speaks of this case; it is the reading judges give a phased-out Banisher "
                "Priest's exile.")
        for obj in waiting:
            _set(tx, obj, f"stays phased out: {source.label()}, which it waited for, is gone "
                 "(a new object with its id, CR 400.7, would not end the wait)",
                 phased_until=NEVER)
        return
    for obj in waiting:
        tx.note(f"CR 702.26c: {source.label()} has left the battlefield: {obj.label()} phases "
                "in, and is tapped as it phases in this way.")
        after = _set(tx, obj, "phases in", phased_out=False, phased_under=None,
                     phased_until=None)
        riders = [o for o in _attached(tx, after) if o.phased_out and o.phased_indirectly]
        for rider in riders:
            tx.note(f"CR 702.26g: {rider.label()} phases in along with {obj.label()}.")
            _set(tx, rider, f"phases in with {obj.name}", phased_out=False, phased_under=None,
                 phased_indirectly=False)
        tx.tap(obj.id)
        _effects_follow(tx, [obj.id, *(r.id for r in riders)])


# -- face-down permanents ------------------------------------------------------------------------

FACE_DOWN = {"types": ("creature",), "power": 2, "toughness": 2}
"""CR 708.2a: a face-down permanent is a 2/2 creature with no text, name, subtypes or cost."""


def turn_face_down(tx: Tx, oid: str) -> None:
    """CR 708.2a: a face-up permanent of the game in progress is turned face down (a 2/2
    creature); CR 708.2b: a face-down one can't be, and nothing happens."""
    obj = _permanent_here(tx, oid, "708.2a", "turn face down")
    if obj.phased_out:
        raise RulesError("702.26b", f"{obj.label()} is phased out: it can’t be affected by "
                         "anything else in the game", subject=oid)
    if not obj.face_up:
        tx.step("708.2b", "A face-down permanent can’t be turned face-down")
        tx.note(f"{obj.label()} is already face down: nothing happens and its characteristics "
                "do not change.")
        return
    tx.step("708.2a", "it becomes a 2/2 face-down creature")
    _set(tx, obj, "is turned face down (a 2/2 creature with no name, text, subtypes or mana "
         "cost)", face_up=False, face_down_by="effect",
         printed=(obj.types, obj.power, obj.toughness), **FACE_DOWN)
    _effects_follow(tx, [oid])


def manifest(tx: Tx, player: str) -> Obj | None:
    """CR 701.34a: ``player`` manifests the top card of their library in the game in progress:
    it is turned face down and put onto the battlefield as a 2/2 creature under their control."""
    gid = tx.world.current
    game = tx.game(gid)
    if player not in game.seats or not game.seat(player).in_game:
        raise RulesError("800.4", f"{player} is not in {game_name(gid)}", subject=player)
    library = tx.world.in_zone(gid, Zone.LIBRARY, player)
    tx.step("701.34a", "Put that card onto the battlefield face down")
    if not library:
        tx.note(f"{player}'s library in {game_name(gid)} is empty: nothing is manifested.")
        return None
    top = library[-1]
    after = tx.move(top.id, gid, Zone.BATTLEFIELD, controller=player, face_up=False,
                    face_down_by="manifest", printed=(top.types, top.power, top.toughness),
                    **FACE_DOWN)
    tx.note(f"{player} manifests the top card of their library ({top.id}): a face-down 2/2 "
            "creature. Its identity is hidden from the other players (CR 708.5).")
    return after


def turn_face_up(tx: Tx, oid: str, by: str) -> None:
    """CR 116.2b, 701.34b: ``by``, holding priority, turns a manifested permanent they control
    face up -- only if its card is a creature card (paying its mana cost)."""
    from ..engine.resolution import require_priority

    gid = require_priority(tx, by, f"turn {oid} face up")
    obj = _permanent_here(tx, oid, "708.7", "turn face up")
    if obj.face_up:
        raise RulesError("708.7", f"{obj.label()} is face up already", subject=oid)
    if obj.phased_out:
        raise RulesError("702.26b", f"{obj.label()} is phased out: it is treated as though it "
                         "does not exist", subject=oid)
    if obj.controller != by:
        raise RulesError("701.34b", f"{by} does not control {obj.label()} (its controller is "
                         f"{obj.controller}): only its controller may turn it face up",
                         subject=oid)
    if obj.face_down_by != "manifest":
        raise RulesError("708.7", f"nothing allows {by} to turn {obj.label()} face up: the "
                         "engine knows only manifest's way (CR 701.34b); an effect that turned "
                         "it face down (Ixidron) gives none", subject=oid)
    types = obj.printed[0] if obj.printed else ()
    if "creature" not in types:
        raise RulesError("701.34b", f"{obj.label()} is manifested from a "
                         f"{'/'.join(types) or 'typeless'} card, not a creature card: it can’t "
                         "be turned face up this way", subject=oid)
    tx.step("116.2b", "Turning a face-down creature face up is a special action")
    tx.step("701.34b", "show all players that the card representing that permanent is a "
            "creature card")
    power, toughness = obj.printed[1], obj.printed[2]
    _set(tx, obj, "is turned face up", face_up=True, face_down_by=None, printed=None,
         types=types, power=power, toughness=toughness)
    tx.note(f"{by} shows that {obj.label()} is a creature card, pays its mana cost (the engine "
            "does not model mana) and turns it face up; it regains its normal characteristics.")
    tx.step("117.3c", "that player receives priority afterward")
    tx.set_priority(gid, by)


# -- the end of a subgame ------------------------------------------------------------------------

def subgame_ends(tx: Tx, gid: int, cards: list[Obj]) -> list[Obj]:
    """CR 726.5, 702.26b, 708.9: before ``cards`` (one player's cards in subgame ``gid``) go to
    the main-game library: say what the edition does with the phased-out ones (its
    ``phased_out_cards`` behaviour) and reveal the face-down permanents to all players. Returns
    the cards the end-of-subgame rule takes (under "not_seen", all but the phased-out ones)."""
    phased = [o for o in cards if o.zone is Zone.BATTLEFIELD and o.phased_out]
    hidden = [o for o in cards if o.zone is Zone.BATTLEFIELD and not o.face_up]
    reading = tx.edition.behaviour("phased_out_cards")
    if phased and reading == "named":
        tx.step("726.5", "cards that represent phased-out permanents as the subgame ends")
        for obj in phased:
            tx.note(f"{obj.label()} is phased out in {game_name(gid)}; its card goes to "
                    f"{obj.owner}'s main-game library too.")
    elif phased and reading == "with_others":
        tx.step("726.5", "puts them into their main-game library")
        tx.note("Literal reading: this edition does not mention phased-out permanents; their "
                f"cards ({', '.join(o.label() for o in phased)}) are cards in the subgame and "
                "go to the main-game library like the rest.")
    elif phased:
        tx.step("702.26b", "treated as though it does not exist")
        names = ", ".join(o.label() for o in phased)
        rule = tx.edition.cite("726.5").rule
        tx.note(f"Literal reading: CR {rule} does not mention phased-out permanents, and CR "
                "702.26b treats a phased-out permanent as though it does not exist except for "
                f"rules that specifically mention phased-out permanents. So CR {rule} does not "
                f"take {names} to the main-game library; when the subgame's zones cease to exist, "
                f"{'its card is' if len(phased) == 1 else 'their cards are'} left outside every "
                f"game. The other reading: {'it is' if len(phased) == 1 else 'they are'} cards in "
                "the subgame like any other and go to the main-game library (what CR 726.5 later "
                "said in so many words).")
    if hidden:
        tx.step("708.9", "At the end of each game, all face-down permanents")
        for obj in hidden:
            printed = obj.printed[0] if obj.printed else obj.types
            tx.note(f"{obj.owner} reveals the face-down permanent {obj.id} to all players: it "
                    f"is {obj.name} ({'/'.join(printed) or 'no card type given'}).")
    if reading == "not_seen":
        return [o for o in cards if o not in phased]
    return cards


@hooks.action("phase_out")
def _phase_out_action(tx: Tx, args: dict) -> None:
    phase_out(tx, args["object"])


@hooks.action("phase_in")
def _phase_in_action(tx: Tx, args: dict) -> None:
    obj = _permanent_here(tx, args["object"], "702.26c", "phase in")
    phase_in(tx, obj.id)


@hooks.action("turn_face_down")
def _turn_face_down_action(tx: Tx, args: dict) -> None:
    turn_face_down(tx, args["object"])


@hooks.action("turn_face_up")
def _turn_face_up_action(tx: Tx, args: dict) -> None:
    turn_face_up(tx, args["object"], args["by"])


@hooks.action("manifest")
def _manifest_action(tx: Tx, args: dict) -> None:
    manifest(tx, args["player"])
