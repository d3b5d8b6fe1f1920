"""Blood Tithe ({3}{B} sorcery, Portal Second Age): "each opponent" under the limited range of
influence option reaches only the opponents within its controller's range (CR 801.10, 801.11).

Oracle text as printed by Scryfall and used by XMage's ``BloodTitheEffect``.
"""

from __future__ import annotations

from ..engine.registry import CardDef, register
from ..rules.ranges import affected

LOSS = 3
""""Each opponent loses 3 life"."""


def resolve(tx, gid: int, top, choose, target) -> None:
    """Each opponent (within range, CR 801.10) loses 3 life; the controller gains the life lost
    this way (CR 801.11: only the information from within range counts)."""
    me = top.controller
    opponents = list(tx.game(gid).opponents(me))  # CR 102.3: not a teammate
    hit = affected(tx, gid, me, opponents, "“Each opponent loses 3 life”")
    tx.step("608.2c", "follows its instructions in the order written")
    if not hit:
        tx.note(f"{top.label()}: no opponent of {me} is affected; {me} gains no life.")
        return
    tx.note(f"{top.label()}: {', '.join(hit)} {'loses' if len(hit) == 1 else 'each lose'} "
            f"{LOSS} life; {me} gains the {LOSS * len(hit)} life lost this way.")
    for p in hit:
        tx.set_life(gid, p, tx.game(gid).seat(p).life - LOSS)
    tx.set_life(gid, me, tx.game(gid).seat(me).life + LOSS * len(hit))


register(CardDef("Blood Tithe", ("sorcery",),
                 "Each opponent loses 3 life. You gain life equal to the life lost this way.",
                 resolve=resolve))
