"""Syr Konrad, the Grim: a creature whose ability triggers on deaths and graveyards (CR 603.2).

Oracle text: "Whenever another creature dies, or a creature card is put into a graveyard from
anywhere other than the battlefield, or a creature card leaves your graveyard, Syr Konrad, the
Grim deals 1 damage to each opponent." (CR 603.2, 603.6c, 603.10a.)

Under the limited range of influence option (CR 801) the ability triggers only on events within
its controller's range (801.7, 801.7a: the core judges every trigger so; a creature that dies and
a card that leaves a graveyard look back in time, CR 603.10a, a card put into a graveyard does
not, and the watch says which condition matched), and its damage reaches only the opponents
within that range (801.10)."""

from __future__ import annotations

from ..engine import damage
from ..engine.objects import Obj
from ..engine.registry import CardDef, register
from ..engine.resolution import FOLLOWS
from ..engine.state import game_name as _game
from ..engine.transaction import Tx
from ..engine.triggers import fire
from ..engine.zones import Zone
from ..rules.ranges import affected


def _watch(tx: Tx, gid: int, konrad: Obj, before: Obj | None, after: Obj | None) -> None:
    """Syr Konrad on game ``gid``'s battlefield looks at one move. Each condition looks at
    ``gid`` only: dying is battlefield to graveyard of ``gid``; a card arriving in a graveyard of
    ``gid`` from anywhere other than its battlefield (another of its zones, another game, outside
    every game) is the second; a card leaving the controller's graveyard of ``gid`` for anywhere
    (another game included) is the third."""
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
             "konrad_damage", looks_back=False)
    elif (from_here and before.zone is Zone.GRAVEYARD and before.owner == konrad.controller
          and before.is_card and not into_gy):
        fire(tx, gid, konrad, f"{konrad.name}: {before.name} left your graveyard",
             "konrad_damage", looks_back=True)


def _damage(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """The triggered ability resolves: 1 damage to each opponent (within its controller's range,
    CR 801.10), dealt at once; each loses the damage dealt (``damage.deal_at_once``: doubled
    where a damage replacement effect of the game says so, CR 614.1a)."""
    me = top.controller
    opponents = list(tx.game(gid).opponents(me))  # CR 102.3: not a teammate
    hit = affected(tx, gid, me, opponents, "Syr Konrad's 1 damage")
    tx.step("608.2c", FOLLOWS)
    within = "" if hit == opponents else f" within range: {', '.join(hit) or 'nobody'}"

    def say(dealt: dict[str, list[tuple[str, int]]]) -> str:
        amounts = {player: sum(n for _, n in done) for player, done in dealt.items()}
        loses = "each loses 1 life" if set(amounts.values()) <= {1} else "; ".join(
            f"{player} is dealt {n} and loses {n} life" for player, n in amounts.items())
        return f"{top.label()}: 1 damage to each opponent of {me}{within}; {loses}."

    damage.deal_at_once(tx, gid, [(top.label(), player, 1) for player in hit], say_all=say)


SYR_KONRAD = register(CardDef(
    "Syr Konrad, the Grim", ("legendary", "creature"),
    "Whenever another creature dies, or a creature card is put into a graveyard from anywhere "
    "other than the battlefield, or a creature card leaves your graveyard, Syr Konrad, the Grim "
    "deals 1 damage to each opponent.", 5, 4,
    behaviour="syr_konrad", watch=_watch, abilities={"konrad_damage": _damage}))
"""Syr Konrad's registered definition."""
