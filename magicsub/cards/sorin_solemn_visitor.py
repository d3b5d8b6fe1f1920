"""Sorin, Solemn Visitor (Khans of Tarkir): a planeswalker (CR 306) whose +1 loyalty ability
(CR 606) makes an effect that lasts "until your next turn" (CR 611.2a), or, if Sorin's controller
leaves the game, until that turn would have begun (CR 800.4m); its −6 gives its controller an
emblem (CR 114) whose ability triggers at the beginning of each opponent's upkeep. The engine
models its +1 and its −6 (not its −2)."""

from __future__ import annotations

from ..engine.objects import Obj
from ..engine.registry import CardDef, register
from ..engine.transaction import Tx
from ..engine.triggers import fire
from ..engine.zones import Zone
from ..rules import emblems, modifiers

NAME = "Sorin, Solemn Visitor"
TEXT = ("+1: Until your next turn, creatures you control get +1/+0 and gain lifelink.\n"
        "\u22122: Create a 2/2 black Vampire creature token with flying.\n"
        "\u22126: You get an emblem with \"At the beginning of each opponent's upkeep, that "
        "player sacrifices a creature of their choice.\"")
LOYALTY = 4
EMBLEM = f"{NAME} emblem"
"""The name the engine gives its emblem (CR 114.3: an emblem has no name of its own)."""
EMBLEM_TEXT = ("At the beginning of each opponent's upkeep, that player sacrifices a creature "
               "of their choice.")


def _resolve(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """CR 608.3a: the spell becomes a permanent; CR 306.5b: it enters with loyalty counters
    equal to its printed loyalty (4)."""
    tx.step("608.3a", "becomes a permanent")
    tx.move(top.id, gid, Zone.BATTLEFIELD, controller=top.controller)
    tx.step("306.5b", "enters with a number of loyalty counters")
    modifiers.add_counters(tx, top.id, "loyalty", LOYALTY)


def _plus_one(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """"Until your next turn, creatures you control get +1/+0 and gain lifelink." The creatures
    are those its controller controls as it resolves (CR 611.2c)."""
    you = top.controller
    creatures = [o for o in tx.world.marked(gid, "type", "creature")
                 if o.controller == you and not o.phased_out]
    tx.step("611.2c", "the set of objects it affects is determined when that continuous effect")
    modifiers.begin(tx, gid, creatures, 1, 0, source=top.source, controller=you,
                    until=f"next_turn:{you}", text=f"{NAME} +1: +1/+0 and lifelink",
                    keywords=("lifelink",))


def _minus_six(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """"You get an emblem with ..." (CR 114.2): in the command zone of the game it resolves in."""
    emblems.get(tx, gid, top.controller, EMBLEM, EMBLEM_TEXT)


def _opponents_upkeep(tx: Tx, gid: int, emblem: Obj, player: str) -> None:
    """The emblem's ability triggers at the beginning of ``player``'s upkeep (an opponent of
    its owner); "that player" is ``player``."""
    fire(tx, gid, emblem, f"{EMBLEM}: {player} sacrifices a creature of their choice",
         "sorin_emblem_sacrifice", (player,))


def _sacrifice(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """That player sacrifices a creature of their choice: the engine's recorded default is the
    creature they control with the oldest timestamp (CR 613.7d); ``choose`` names another."""
    player = (dict(top.extra).get("data") or (None,))[0]
    game = tx.game(gid)
    tx.step("608.2c", "follows its instructions in the order written")
    if player not in game.seats or not game.seat(player).in_game:
        tx.note(f"{player} has left the game: nobody sacrifices anything.")
        return
    creatures = [o for o in tx.world.marked(gid, "type", "creature")
                 if o.controller == player and not o.phased_out]
    creatures.sort(key=lambda o: (o.order, o.id))
    if not creatures:
        tx.note(f"{player} controls no creature: nothing is sacrificed.")
        return
    picked = next((o for o in creatures if o.id == choose), None)
    if picked is None:
        picked = creatures[0]
        tx.note(f"{player} chooses a creature they control to sacrifice; the engine's recorded "
                f"default: the oldest, {picked.label()} (a scenario names another with "
                "resolve's choose).")
    else:
        tx.note(f"{player} chooses {picked.label()} to sacrifice.")
    tx.move(picked.id, gid, Zone.GRAVEYARD)


register(CardDef(NAME, ("legendary", "planeswalker"), TEXT, subtypes=("sorin",),
                 resolve=_resolve, abilities={"sorin_plus_one": _plus_one,
                                              "sorin_minus_six": _minus_six,
                                              "sorin_emblem_sacrifice": _sacrifice}))
modifiers.loyalty(NAME, "+1", 1, "sorin_plus_one",
                  "Until your next turn, creatures you control get +1/+0 and gain lifelink.")
modifiers.loyalty(NAME, "-6", -6, "sorin_minus_six",
                  f"You get an emblem with \u201c{EMBLEM_TEXT}\u201d")
emblems.at_opponents_upkeep(EMBLEM, _opponents_upkeep)
