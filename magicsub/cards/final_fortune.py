"""Final Fortune ({R}{R} instant, Mirage): "Take an extra turn after this one. At the beginning
of that turn's end step, you lose the game." An extra turn (CR 500.7) with a delayed triggered
ability (CR 603.7) of that turn only: a player who loses in it leaves the game during their own
turn (CR 800.4j), and any other extra turn of theirs doesn't begin (CR 800.4k). Last Chance is
the same card (``last_chance``)."""

from __future__ import annotations

from ..engine.objects import Obj
from ..engine.registry import CardDef, register
from ..engine.resolution import FOLLOWS
from ..engine.transaction import Tx
from ..rules import extra_turns, leaving

TEXT = ("Take an extra turn after this one. At the beginning of that turn's end step, you lose "
        "the game.")
AT_END = "At the beginning of that turn's end step, you lose the game."


def extra_turn_then_lose(behaviour: str):
    """The resolver of a card of this class: an extra turn whose end step makes its controller
    lose (the delayed triggered ability resolves with ``behaviour``)."""

    def resolve(tx: Tx, gid: int, top: Obj, choose, target) -> None:
        tx.step("608.2c", FOLLOWS)
        extra_turns.give(tx, gid, top.controller, top, at_end=(behaviour, AT_END))

    return resolve


def lose(tx: Tx, gid: int, top: Obj, choose, target) -> None:
    """The delayed triggered ability resolves: its controller loses the game."""
    tx.step("608.2c", FOLLOWS)
    tx.note(f"{top.controller} loses the game.")
    leaving.request(tx, top.controller, "lose", gid)


FINAL_FORTUNE = register(CardDef(
    "Final Fortune", ("instant",), TEXT, behaviour="final_fortune",
    resolve=extra_turn_then_lose("final_fortune:lose"), abilities={"final_fortune:lose": lose}))
"""Final Fortune's registered definition."""
