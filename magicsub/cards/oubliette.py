"""Oubliette: its enters trigger phases a creature out until Oubliette leaves the battlefield
(CR 702.26b); when Oubliette leaves, the creature phases in tapped (CR 702.26c)."""

from __future__ import annotations

from ..engine import hooks
from ..engine.errors import RulesError
from ..engine.registry import CardDef, register
from ..engine.resolution import FOLLOWS
from ..engine.triggers import fire
from ..engine.zones import Zone
from ..rules.phasing import phase_out as phase
from ..rules.phasing import source_left

TEXT = ("When Oubliette enters, target creature phases out until Oubliette leaves the "
        "battlefield. Tap that creature as it phases in this way. (Auras and Equipment phase out "
        "with it. While permanents are phased out, they’re treated as though they don’t exist.)")


def _on_battlefield(obj, gid: int) -> bool:
    return obj is not None and obj.game == gid and obj.zone is Zone.BATTLEFIELD


def watch(tx, gid: int, source, before, after) -> None:
    """Oubliette enters (its trigger triggers; not while face down, CR 708.3) or leaves the
    battlefield (what it phased out phases in: the duration "until Oubliette leaves the
    battlefield" ends)."""
    if before is not None and before.id == source.id and _on_battlefield(before, gid) \
            and not _on_battlefield(after, gid):
        source_left(tx, before)
    elif after is not None and after.id == source.id and _on_battlefield(after, gid) \
            and after.face_up and not _on_battlefield(before, gid):
        fire(tx, gid, after, "Oubliette: target creature phases out until Oubliette leaves "
             "the battlefield", "oubliette_phase_out", (after.id, after.order))


def phase_out(tx, gid: int, top, choose, target) -> None:
    """The enters trigger resolves: ``target`` phases out until Oubliette leaves."""
    if target is None:
        raise RulesError("601.2c", f"{top.label()} needs one target creature", subject=top.id)
    creature = tx.obj(target)
    if not (_on_battlefield(creature, gid) and creature.is_type("creature")):
        raise RulesError("601.2c", f"{creature.label()} is not a creature on the battlefield of "
                         "this game", subject=target)
    if creature.phased_out:
        raise RulesError("702.26b", f"{creature.label()} is phased out: it can't be targeted",
                         subject=target)
    hooks.emit("targets_chosen", tx, gid, top.id, top.controller, (target,))
    data = tuple(dict(top.extra).get("data") or ())
    source_id = data[0] if data else top.source
    entered = data[1] if len(data) > 1 else None
    tx.step("608.2c", FOLLOWS)
    source = tx.world.objects.get(source_id)
    if not _on_battlefield(source, gid) or (entered is not None and source.order != entered):
        tx.note(f"The Oubliette whose ability this is has already left the battlefield (one "
                "that came back is a new object, CR 400.7): the duration “until Oubliette "
                f"leaves the battlefield” is over, so {creature.label()} does not phase out "
                "(CR 610.3b).")
        return
    tx.note(f"{creature.label()} phases out until {source.label()} leaves the battlefield.")
    phase(tx, target, until=source_id)


register(CardDef("Oubliette", ("enchantment",), TEXT, watch=watch,
                 abilities={"oubliette_phase_out": phase_out}))
