"""Glorious Anthem (Urza's Saga): a static ability (CR 604.1) whose effect applies only while the
enchantment is on the battlefield (CR 611.3b) and, because it is not locked in, to whatever its
text indicates at each moment (CR 611.3a): the creatures its controller controls now."""

from __future__ import annotations

from ..engine import characteristics
from ..engine.objects import Obj
from ..engine.registry import CardDef, register
from ..engine.state import World

NAME = "Glorious Anthem"


def _anthem(world: World, source: Obj, creature: Obj) -> tuple[int, int] | None:
    """"Creatures you control get +1/+1." ("you": the Anthem's controller now, CR 109.5)."""
    if creature.controller is not None and creature.controller == source.controller:
        return (1, 1)
    return None


register(CardDef(NAME, ("enchantment",), "Creatures you control get +1/+1."))
characteristics.static(NAME, _anthem)
