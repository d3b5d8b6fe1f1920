"""The characteristics the engine computes rather than stores: power and toughness through
layer 7c (CR 613.4c), the counters on a permanent (CR 122.1) and the keywords a resolved effect
gives (Sorin's lifelink). Pure functions of a ``World``: they read, never write, so the views
and the rules alike may ask them.

An effect of a **static ability** (Glorious Anthem) is not recorded anywhere: it is computed
from the permanents on the battlefield each time power and toughness are asked for (CR 611.3a,
611.3b); a card registers it with ``static(name, fn)``. The effects of resolved spells and
abilities are ``Modifier`` records, written by ``magicsub.rules.modifiers``.
"""

from __future__ import annotations

from collections.abc import Callable

from .objects import Obj
from .state import Modifier, World
from .zones import Zone

StaticPT = Callable[[World, Obj, Obj], tuple[int, int] | None]
"""``fn(world, source, creature)``: what a static ability of ``source`` adds to ``creature``'s
power and toughness, or None when it does not apply to it."""


_STATIC: dict[str, StaticPT] = {}


def static(name: str, fn: StaticPT) -> None:
    """Register the static power/toughness ability of the card ``name``."""
    _STATIC[name] = fn


def counters(obj: Obj) -> dict[str, int]:
    """The counters on an object, by kind."""
    return dict(obj.counters)


def _applies(m: Modifier, obj: Obj) -> bool:
    return m.game == obj.game and (obj.id, obj.order) in m.objs


def layer_7c(world: World, obj: Obj) -> list[tuple[str, int, int]]:
    """CR 613.4c: the effects and counters that modify ``obj``'s power and toughness, as
    ``(what, power, toughness)``, in the order they apply (counters, then effects by timestamp;
    additions commute, so the order changes no result)."""
    if obj.game is None or obj.zone is not Zone.BATTLEFIELD or not obj.is_type("creature") \
            or obj.phased_out:
        return []
    out: list[tuple[str, int, int]] = []
    c = counters(obj)
    plus, minus = c.get("+1/+1", 0), c.get("-1/-1", 0)
    if plus or minus:
        out.append((f"counters ({plus} +1/+1, {minus} -1/-1)", plus - minus, plus - minus))
    if _STATIC:
        for source in world.named(obj.game, _STATIC):
            fn = _STATIC[source.name]
            if source.phased_out or not source.face_up:
                continue  # CR 702.26b; 708.2a: a face-down one has no text
            got = fn(world, source, obj)
            if got is not None:
                out.append((source.label(), got[0], got[1]))
    for m in sorted(world.modifiers.values(), key=lambda m: (m.order, m.id)):
        if _applies(m, obj):
            out.append((m.text or m.id, m.power, m.toughness))
    return out


def power_toughness(world: World, obj: Obj) -> tuple[int | None, int | None]:
    """An object's power and toughness now: its printed values (layer 1) plus layer 7c."""
    if obj.power is None and obj.toughness is None:
        return obj.power, obj.toughness
    p, t = obj.power or 0, obj.toughness or 0
    for _, dp, dt in layer_7c(world, obj):
        p, t = p + dp, t + dt
    return (p if obj.power is not None else None, t if obj.toughness is not None else None)


def power(world: World, obj: Obj) -> int:
    """An object's power now (0 when it has none): what it deals as combat damage (CR 510.1a)."""
    return power_toughness(world, obj)[0] or 0


def keywords(world: World, obj: Obj) -> frozenset[str]:
    """The keywords resolved effects give an object (Sorin's lifelink)."""
    return frozenset(k for m in world.modifiers.values() if _applies(m, obj)
                     for k in m.keywords)


def describe(world: World, obj: Obj) -> str:
    """``"3/3 (printed 2/2)"`` when layer 7c changes anything, else ``""``."""
    if not (isinstance(obj.power, int) and isinstance(obj.toughness, int)) \
            or not layer_7c(world, obj):
        return ""
    p, t = power_toughness(world, obj)
    if (p, t) == (obj.power, obj.toughness):
        return ""
    return f"{p}/{t} (printed {obj.power}/{obj.toughness})"
