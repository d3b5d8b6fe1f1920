"""Karn Liberated (New Phyrexia): the one card that restarts the game (CR 724.1).

Oracle text as Scryfall shows it (scryfall.com/card/2xm/1/karn-liberated). Its three loyalty
abilities (CR 606) are linked (CR 607.2a; Gatherer ruling of 2020-08-07: "Karn's first and third
abilities are linked. Similarly, Karn's second and third abilities are linked."): the cards the
+4 and the −3 exile are "cards exiled with Karn Liberated" (``until.link_exiled``), and the −14
leaves the non-Aura permanent cards among them in exile as it restarts the game (CR 724.5),
then puts them onto the battlefield under its controller's control (CR 724.4,
``magicsub.rules.restart``). Targets are chosen as an ability is activated (``target``); the
card the +4's target player exiles from their hand is that player's choice as it resolves
(``choose`` of the ``resolve`` step; without one, the engine takes the card on top of the hand's
order and says so).
"""

from __future__ import annotations

from ..engine.errors import RulesError
from ..engine.objects import Kind, Obj
from ..engine.registry import CardDef, register
from ..engine.resolution import PERMANENT_TYPES, fizzle
from ..engine.transaction import Tx
from ..engine.zones import Zone
from ..rules import modifiers, restart, until

NAME = "Karn Liberated"
TEXT = ("+4: Target player exiles a card from their hand.\n"
        "\u22123: Exile target permanent.\n"
        "\u221214: Restart the game, leaving in exile all non-Aura permanent cards exiled with "
        "Karn Liberated. Then put those cards onto the battlefield under your control.")
LOYALTY = 6
FOLLOWS = "follows its instructions in the order written"


def _resolve(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """CR 608.3a: the spell becomes a permanent; CR 306.5b: it enters with loyalty counters
    equal to its printed loyalty (6)."""
    tx.step("608.3a", "becomes a permanent")
    tx.move(top.id, gid, Zone.BATTLEFIELD, controller=top.controller)
    tx.step("306.5b", "enters with a number of loyalty counters")
    modifiers.add_counters(tx, top.id, "loyalty", LOYALTY)


def _source_order(top: Obj) -> int:
    """Karn's timestamp as its ability was activated (CR 400.7: which Karn the ability is of)."""
    return (dict(top.extra).get("data") or (0,))[0]


def _link(tx: Tx, gid: int, top: Obj, card: Obj) -> None:
    if card.kind is Kind.CARD:
        until.link_exiled(tx, gid, top.source, _source_order(top), card,
                          f"{card.label()} is exiled with {NAME} (CR 607.2a)")


def _player_target(tx: Tx, gid: int, by: str, target: str) -> str | None:
    game = tx.game(gid)
    if target not in game.seats or not game.seat(target).in_game:
        return f"{target} is not a player in the game"
    return None


def _permanent_target(tx: Tx, gid: int, by: str, target: str) -> str | None:
    obj = tx.world.objects.get(target)
    if obj is None or obj.game != gid or obj.zone is not Zone.BATTLEFIELD or obj.phased_out:
        return "it is not a permanent on the battlefield"
    return None


def _plus_four(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """+4: "Target player exiles a card from their hand." The player chooses the card
    (``choose``); a player with an empty hand exiles nothing."""
    player = top.targets[0]
    if _player_target(tx, gid, top.controller, player) is not None:
        fizzle(tx, gid, top, f"{player}, its target, is no longer in the game")
        return
    hand = tx.world.in_zone(gid, Zone.HAND, player)
    tx.step("608.2c", FOLLOWS)
    if not hand:
        tx.note(f"{player}'s hand is empty: they exile nothing.")
        return
    if choose is not None:
        card = tx.obj(choose)
        if card.game != gid or card.zone is not Zone.HAND or card.owner != player:
            raise RulesError("608.2d", f"{card.label()} is not a card in {player}'s hand",
                             subject=choose)
        tx.note(f"{player} chooses {card.label()} and exiles it.")
    else:
        card = hand[-1]
        tx.note(f"{player} exiles {card.label()} (no choice was given: the engine takes the "
                "last card of the hand's order).")
    moved = tx.move(card.id, gid, Zone.EXILE)
    _link(tx, gid, top, moved)


def _minus_three(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """−3: "Exile target permanent." An illegal target: it doesn't resolve (CR 608.2b)."""
    oid = top.targets[0]
    if _permanent_target(tx, gid, top.controller, oid) is not None:
        fizzle(tx, gid, top, f"{oid}, its target, is no longer on the battlefield")
        return
    tx.step("608.2c", FOLLOWS)
    obj = tx.obj(oid)
    moved = tx.move(oid, gid, Zone.EXILE)
    if obj.kind is not Kind.CARD:
        tx.step("400.7")
        tx.note(f"{obj.label()} is not a card: it ceases to exist in exile.")
        tx.cease(oid)
        return
    _link(tx, gid, top, moved)


def exempt(tx: Tx, gid: int, top: Obj) -> list[str]:
    """The cards the −14 leaves in exile: the non-Aura permanent cards exiled with this Karn
    (Gatherer ruling of 2020-08-07: "Only non-Aura permanent cards exiled by either of Karn's
    first two abilities will remain in exile when the game restarts.")."""
    cards = until.exiled_with(tx.world, gid, top.source, _source_order(top))
    return [o.id for o in cards if any(t in PERMANENT_TYPES for t in o.types)
            and "aura" not in o.types]


def _minus_fourteen(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """−14 restarts the game (CR 724), leaving the linked non-Aura permanent cards in exile
    (``exempt``) to put onto the battlefield under its controller's control."""
    cards = until.exiled_with(tx.world, gid, top.source, _source_order(top))
    kept = exempt(tx, gid, top)
    out = [o for o in cards if o.id not in kept]
    if out:
        tx.step("607.2a", "these abilities are linked")
        tx.note(f"{', '.join(o.label() for o in out)}: exiled with {NAME}, but not a non-Aura "
                "permanent card: it goes into its owner's deck with the other cards.")
    restart.restart(tx, gid, top, kept, label=f"{NAME}'s \u221214 ability")


register(CardDef(NAME, ("legendary", "planeswalker"), TEXT, subtypes=("karn",),
                 resolve=_resolve,
                 abilities={"karn_plus_four": _plus_four, "karn_minus_three": _minus_three,
                            "karn_minus_fourteen": _minus_fourteen}))
modifiers.loyalty(NAME, "+4", 4, "karn_plus_four",
                  "Target player exiles a card from their hand.", target=_player_target)
modifiers.loyalty(NAME, "-3", -3, "karn_minus_three", "Exile target permanent.",
                  target=_permanent_target)
modifiers.loyalty(NAME, "-14", -14, "karn_minus_fourteen",
                  "Restart the game, leaving in exile all non-Aura permanent cards exiled with "
                  "Karn Liberated. Then put those cards onto the battlefield under your control.")
