"""Triggered and delayed triggered abilities of the built-in cards (CR 603), held while a
subgame runs (CR 726.4a) and refused for a player who has left (CR 800.4d)."""

from __future__ import annotations

from .cards import lookup, watching
from .objects import Kind, Obj
from .state import PendingTrigger
from .state import game_name as _game
from .transaction import Tx
from .zones import Zone


def behaviour(obj: Obj) -> str | None:
    """The built-in behaviour of an object's card, if any."""
    d = lookup(obj.name)
    return d.behaviour if d else None


def fire(tx: Tx, gid: int, source: Obj, text: str, kind: str, data: tuple = ()) -> None:
    """A triggered ability of ``source`` triggers in game ``gid`` (held while ``gid`` is
    discontinued, CR 726.4a). ``kind`` is the ability's behaviour (its resolver, registered by
    its card); ``data`` is what the resolver needs to know."""
    taken = {t.id for g in tx.world.games.values() for t in g.held + g.pending}
    tid, n = f"{source.id}-trigger", 1
    while tid in taken or tid in tx.world.objects:
        n += 1
        tid = f"{source.id}-trigger-{n}"
    trig = PendingTrigger(tid, source.id, source.controller or source.owner, text, kind, data)
    if gid != tx.world.current:
        tx.trigger_event(gid, tid, text, "triggers in the discontinued game and is held "
                         f"until it resumes (CR {tx.edition.cite('726.4a.held').rule})", "held",
                         trig)
    else:
        tx.trigger_event(gid, tid, text, "triggers", "pending", trig)


def on_move(tx: Tx, before: Obj | None, after: Obj | None) -> None:
    """Observer: check the built-in triggers that watch objects move. Abilities that trigger on
    the same event trigger in their sources' timestamp order (``state.timestamp``), the default
    order in which their controller puts them on the stack (CR 603.3b)."""
    to_gy = after is not None and after.zone is Zone.GRAVEYARD
    from_gy = before is not None and before.zone is Zone.GRAVEYARD
    enters = (after is not None and after.zone is Zone.BATTLEFIELD
              and not (before is not None and before.zone is Zone.BATTLEFIELD))
    if not (to_gy or from_gy or enters):
        watch_all(tx, before, after)
        return
    games = sorted({g for g in ((before.game if before else None),
                                (after.game if after else None)) if g is not None})
    for gid in games:
        watchers = [o for o in tx.world.objects_in(gid) if o.zone is Zone.BATTLEFIELD
                    and behaviour(o) in ("syr_konrad", "genesis_chamber")]
        for w in watchers:
            if behaviour(w) == "syr_konrad":
                _konrad(tx, gid, w, before, after)
            else:
                _chamber(tx, gid, w, before, after)
    watch_all(tx, before, after)


def watch_all(tx: Tx, before: Obj | None, after: Obj | None) -> None:
    """Give every registered card's ``watch`` a look at one move, in each game it touched: each
    watcher on that game's battlefield, in timestamp order, and the moving object itself when it
    was on the battlefield before the move (CR 603.10a: leaves-the-battlefield abilities look
    back in time)."""
    if not watching():
        return
    games = sorted({g for g in ((before.game if before else None),
                                (after.game if after else None)) if g is not None})
    for gid in games:
        sources = [o for o in tx.world.objects_in(gid) if o.zone is Zone.BATTLEFIELD
                   and o.name in watching() and not o.phased_out and o.face_up]
        if before is not None and before.game == gid and before.zone is Zone.BATTLEFIELD \
                and all(o.id != before.id for o in sources):
            sources.append(before)
        for source in sources:
            card = lookup(source.name)
            if card is not None and card.watch is not None:
                card.watch(tx, gid, source, before, after)


def _konrad(tx: Tx, gid: int, konrad: Obj, before: Obj | None, after: Obj | None) -> None:
    """Syr Konrad on game ``gid``'s battlefield: "Whenever another creature dies, or a creature
    card is put into a graveyard from anywhere other than the battlefield, or a creature card
    leaves your graveyard". Each condition looks at ``gid`` only: dying is battlefield to graveyard
    of ``gid``; a card arriving in a graveyard of ``gid`` from anywhere other than its battlefield
    (another of its zones, another game, outside every game) is the second; a card leaving the
    controller's graveyard of ``gid`` for anywhere (another game included) is the third."""
    if before is None or not before.is_type("creature"):
        return
    from_here = before.game == gid
    into_gy = after is not None and after.game == gid and after.zone is Zone.GRAVEYARD
    if from_here and before.zone is Zone.BATTLEFIELD:
        if into_gy and before.id != konrad.id:
            fire(tx, gid, konrad, f"{konrad.name}: another creature died ({before.name})",
                   "konrad_damage")
    elif into_gy and before.is_card and not (from_here and before.zone is Zone.GRAVEYARD):
        origin = "" if from_here else (" from outside every game" if before.game is None
                                       else f" from {_game(before.game)}")
        fire(tx, gid, konrad, f"{konrad.name}: {before.name} was put into a graveyard{origin}",
               "konrad_damage")
    elif (from_here and before.zone is Zone.GRAVEYARD and before.owner == konrad.controller
          and before.is_card and not into_gy):
        fire(tx, gid, konrad, f"{konrad.name}: {before.name} left your graveyard",
               "konrad_damage")


def _chamber(tx: Tx, gid: int, chamber: Obj, before: Obj | None, after: Obj | None) -> None:
    if after is None or after.game != gid or after.zone is not Zone.BATTLEFIELD:
        return
    if before is not None and before.game == gid and before.zone is Zone.BATTLEFIELD:
        return
    if after.kind is Kind.TOKEN or not after.is_type("creature") or chamber.tapped:
        return
    fire(tx, gid, chamber, f"{chamber.name}: {after.name} entered; its controller creates a Myr",
           "genesis_myr", (after.id, after.controller))


def on_cycle(tx: Tx, gid: int, cycler: str) -> None:
    """A player cycled a card: Astral Slides in that game trigger."""
    for slide in (o for o in tx.world.objects_in(gid)
                  if o.zone is Zone.BATTLEFIELD and behaviour(o) == "astral_slide"):
        fire(tx, gid, slide, f"{slide.name}: {cycler} cycled a card", "astral_slide_exile")
