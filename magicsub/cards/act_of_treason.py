"""Act of Treason: a sorcery that steals a creature until end of turn (CR 611.2a).

Oracle text: "Gain control of target creature until end of turn. Untap that creature. It gains
haste until end of turn." (CR 611.2a: the effect lasts as stated; ``grants`` gives combat the
haste, CR 508.1a.)"""

from __future__ import annotations

from ..engine import effects
from ..engine.objects import Obj
from ..engine.registry import CardDef, register
from ..engine.resolution import FOLLOWS, fizzle
from ..engine.transaction import Tx
from ..engine.zones import Zone


def _resolve(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    creature = tx.world.objects.get(top.targets[0]) if top.targets else None
    if creature is None or creature.game != gid or creature.zone is not Zone.BATTLEFIELD:
        fizzle(tx, gid, top, "Its target is no longer a creature on the battlefield")
        return
    tx.step("608.2c", FOLLOWS)
    tx.note(f"{top.controller} gains control of {creature.label()} until end of turn (the "
            "effect lasts as stated, CR 611.2a), untaps it, and it gains haste until end of "
            "turn.")
    effects.add(tx, creature.id, top.controller, source=top.id, until="end_of_turn",
                text="Act of Treason")
    tx.tap(creature.id, False)


ACT_OF_TREASON = register(CardDef(
    "Act of Treason", ("sorcery",),
    "Gain control of target creature until end of turn. Untap that creature. It gains haste "
    "until end of turn.",
    behaviour="act_of_treason", target="creature", resolve=_resolve, grants=("haste",)))
"""Act of Treason's registered definition."""
